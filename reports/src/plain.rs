//! Pieces shared by the plain-text reports (the matrix file and the terminal summary): display
//! width, fitting a line to a width, wrapping lines to a width, control characters made
//! visible, the matrix table, a
//! divergence with its field diffs, the ledger problems and the PASS/FAIL line.

use crate::table::{Cell, Table};
use std::fmt::Write as _;
use unicode_width::UnicodeWidthStr as _;
use urldiff_conform::report::{ConformReport, Divergence, LedgerLine};

/// Columns a string takes on a terminal.
pub fn width(s: &str) -> usize {
    s.width()
}

/// Prose with code spans (a class's explanation: "a `\\`, which …") as pieces, each
/// `(is_code, text)`, read as CommonMark reads them: a run of N backticks opens a span that the
/// next run of exactly N closes (so ``` `` ` `` ``` is a span holding one backtick), and one space
/// at each end is stripped when both are there; a run that is never closed stays text.
/// Markdown and HTML render the pieces each in their own way.
pub fn code_spans(s: &str) -> Vec<(bool, std::borrow::Cow<'_, str>)> {
    let run_at = |i: usize| s[i..].bytes().take_while(|b| *b == b'`').count();
    let mut out: Vec<(bool, std::borrow::Cow<'_, str>)> = Vec::new();
    let (mut text_from, mut i) = (0, 0);
    while let Some(offset) = s[i..].find('`') {
        let open = i + offset;
        let n = run_at(open);
        let mut close = None;
        let mut j = open + n;
        while let Some(off) = s[j..].find('`') {
            let m = run_at(j + off);
            if m == n {
                close = Some(j + off);
                break;
            }
            j += off + m;
        }
        let Some(close) = close else {
            i = open + n;
            continue;
        };
        if text_from < open {
            out.push((false, s[text_from..open].into()));
        }
        let inner = &s[open + n..close];
        let stripped = match inner.strip_prefix(' ').and_then(|t| t.strip_suffix(' ')) {
            Some(t) if !t.trim().is_empty() => t,
            _ => inner,
        };
        out.push((true, stripped.into()));
        text_from = close + n;
        i = text_from;
    }
    if text_from < s.len() {
        out.push((false, s[text_from..].into()));
    }
    out
}

/// `s` as one line of inert text: [`crate::hostile::visible`], under the name the plain
/// reports use.
pub use crate::hostile::visible as one_line;

/// `s` cut to at most `max` columns, ending in `…` when cut.
pub fn fit(s: &str, max: usize) -> String {
    if width(s) <= max {
        return s.to_owned();
    }
    let mut out = String::new();
    let mut used = 0;
    for c in s.chars() {
        let w = unicode_width::UnicodeWidthChar::width(c).unwrap_or(0);
        if used + w + 1 > max {
            break;
        }
        out.push(c);
        used += w;
    }
    out.push('…');
    out
}

/// Every line of `text` wrapped to `max_width`: broken at the last space that fits (else cut
/// mid-word), continuation lines indented by two spaces.
pub fn wrap_lines(text: &str, max_width: usize) -> String {
    let mut out = String::new();
    for line in text.lines() {
        let mut rest = line.trim_end();
        let mut indent = "";
        loop {
            let room = max_width.saturating_sub(indent.len());
            if width(rest) <= room {
                let _ = writeln!(out, "{indent}{rest}");
                break;
            }
            let cut = break_at(rest, room);
            let _ = writeln!(out, "{indent}{}", rest[..cut].trim_end());
            rest = rest[cut..].trim_start();
            indent = "  ";
        }
    }
    out
}

/// Where to break `line` so the first part fits `room` columns: after the last space that
/// fits, or at the last character that fits when no space does (always at least one).
fn break_at(line: &str, room: usize) -> usize {
    let mut used = 0;
    let mut fits = 0;
    let mut space = None;
    for (i, c) in line.char_indices() {
        used += width(c.encode_utf8(&mut [0; 4]));
        if used > room {
            break;
        }
        fits = i + c.len_utf8();
        if c == ' ' && i > 0 {
            space = Some(i + 1);
        }
    }
    space.unwrap_or(fits.max(line.chars().next().map_or(0, char::len_utf8)))
}

/// The matrix cell text of an oracle × suite: `passed/failed/ledgered/no-opinion`,
/// `(truth)`, `skipped` or `-`.
pub fn cell_text(report: &ConformReport, oracle: &str, suite: &str) -> String {
    let status = report.oracles.iter().find(|o| o.info.name == oracle);
    if status.is_some_and(|o| o.skipped.is_some()) {
        return "skipped".into();
    }
    let truth =
        report.suites.iter().find(|s| s.name == suite).and_then(|s| s.truth_oracle.as_deref());
    if truth == Some(oracle) {
        return "(truth)".into();
    }
    match report.cell(oracle, suite) {
        Some(c) => format!("{}/{}/{}/{}", c.passed, c.failed, c.ledgered, c.no_opinion),
        None => "-".into(),
    }
}

/// The whole matrix as an aligned text table: oracles down, suites across.
pub fn matrix_table(report: &ConformReport) -> String {
    crate::tables::matrix(report).terminal(usize::MAX)
}

/// One divergence with its field diffs under it as a table, indented (text reports and JUnit
/// messages).
pub fn divergence_text(d: &Divergence) -> String {
    let mut out = format!(
        "  [{}] {} in {}: {} ({})\n",
        d.severity.name(),
        one_line(&d.oracle),
        one_line(&d.suite),
        d.name,
        d.answer.outcome()
    );
    let mut fields = Table::new(&["field", "grade", "truth", "got"]);
    for f in &d.fields {
        fields.row(vec![
            Cell::text(f.field.name()),
            Cell::text(f.grade.name()),
            Cell::text(f.truth.display()),
            Cell::text(f.got.display()),
        ]);
    }
    if !d.fields.is_empty() {
        for line in fields.terminal(usize::MAX).lines() {
            let _ = writeln!(out, "      {line}");
        }
    }
    out
}

/// The wrong ledger entries of a run, each list under its title (nothing when all are empty).
pub fn ledger_problems(report: &ConformReport) -> String {
    let mut out = String::new();
    let lists: [(&str, &str, &[LedgerLine]); 2] = [
        ("Stale ledger entries", "which no longer diverge", &report.stale),
        ("Unknown ledger entries", "naming no case of any suite", &report.unknown),
    ];
    for (title, what, entries) in lists {
        if entries.is_empty() {
            continue;
        }
        let _ = writeln!(out, "\n{title} ({}), {what}:", entries.len());
        for s in entries {
            let _ = writeln!(out, "  {}:{}: {}", one_line(&s.file), s.line, one_line(&s.entry));
        }
    }
    if !report.duplicates.is_empty() {
        let _ = writeln!(out, "\nDuplicate ledger entries ({}):", report.duplicates.len());
        for d in &report.duplicates {
            let (file, entry) = (one_line(&d.file), one_line(&d.entry));
            let _ = writeln!(out, "  {file}:{}: {entry} (first at line {})", d.line, d.first);
        }
    }
    out
}

/// `conform: PASS: 0 unexpected divergences, 0 stale ledger entries, 12 ledgered`, with the
/// unknown and duplicate counts when there are any.
pub fn verdict_counts(report: &ConformReport) -> String {
    let unexpected = report.unexpected().count();
    let ledgered = report.divergences.len() - unexpected;
    let mut wrong = String::new();
    if !report.unknown.is_empty() {
        let _ = write!(wrong, ", {} unknown", report.unknown.len());
    }
    if !report.duplicates.is_empty() {
        let _ = write!(wrong, ", {} duplicate", report.duplicates.len());
    }
    format!(
        "conform: {}: {unexpected} unexpected divergences, {} stale ledger entries{wrong}, \
         {ledgered} ledgered",
        report.verdict(),
        report.stale.len(),
    )
}

/// `0 oracles skipped`, or how many and why (each reason's first line).
pub fn skipped_text(report: &ConformReport) -> String {
    let skipped: Vec<String> = report
        .skipped()
        .map(|(name, reason)| format!("{}: {}", one_line(name), first_line(reason)))
        .collect();
    match skipped.len() {
        0 => "0 oracles skipped".to_owned(),
        1 => format!("1 oracle skipped ({})", skipped[0]),
        n => format!("{n} oracles skipped ({})", skipped.join("; ")),
    }
}

pub use crate::hostile::first_line;

/// `none`, or each oracle that lost answers: `name N crashed, M timed out`.
pub fn lost_text(report: &ConformReport) -> String {
    let lost: Vec<String> = report
        .oracles
        .iter()
        .filter(|o| o.crashed + o.timed_out > 0)
        .map(|o| {
            format!("{} {} crashed, {} timed out", one_line(&o.info.name), o.crashed, o.timed_out)
        })
        .collect();
    if lost.is_empty() {
        "none".to_owned()
    } else {
        lost.join("; ")
    }
}

#[cfg(test)]
mod tests {
    use super::code_spans;

    fn spans(s: &str) -> Vec<(bool, String)> {
        code_spans(s).into_iter().map(|(c, p)| (c, p.into_owned())).collect()
    }

    #[test]
    fn code_spans_pair_backticks_and_leave_an_unpaired_one_as_text() {
        let t = |s: &str| (false, s.to_owned());
        let c = |s: &str| (true, s.to_owned());
        assert_eq!(spans("a `\\` b"), [t("a "), c("\\"), t(" b")]);
        assert_eq!(spans("x `y` z `w"), [t("x "), c("y"), t(" z `w")]);
        assert_eq!(spans("plain"), [t("plain")]);
    }

    #[test]
    fn a_double_backtick_span_holds_a_backtick_as_commonmark_reads_it() {
        // CommonMark 0.31, section 6.1 (code spans): "`` ` ``" is a code span holding "`".
        let t = |s: &str| (false, s.to_owned());
        let c = |s: &str| (true, s.to_owned());
        assert_eq!(
            spans("`<`, `` ` ``, `{`, `}`"),
            [c("<"), t(", "), c("`"), t(", "), c("{"), t(", "), c("}")]
        );
        assert_eq!(spans("`  `"), [c("  ")]);
    }
}
