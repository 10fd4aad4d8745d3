//! The Markdown report: the verdict, the whole matrix, the ledgered divergences by class and
//! severity (each with an example and its differing values), the unexpected divergences field
//! by field, the wrong ledger entries, the oracles, the suites and the adapter rules.
//!
//! Every string from the run goes through [`code`] (a code span, control characters
//! escaped, `|` escaped for tables) or [`text`] (Markdown and HTML characters escaped), so an
//! input such as `<script>` or `|` neither renders as HTML nor breaks a table.

use crate::classes::{classes_of, ledgered_by_class, shown_fields};
use crate::data::{ConformReport, Divergence};
use crate::plain::{self, cell_text, first_line, one_line};
use std::fmt::Write as _;

/// How many unexpected divergences are written out field by field.
const SHOWN_UNEXPECTED: usize = 200;

/// `s` as an inline code span that is safe in a table cell; the empty string as *(empty)*
/// (an empty code span would read as a space).
pub fn code(s: &str) -> String {
    if s.is_empty() {
        return "*(empty)*".to_owned();
    }
    let s = one_line(s).replace('|', "\\|");
    let longest = s.split(|c| c != '`').map(str::len).max().unwrap_or(0);
    let fence = "`".repeat(longest + 1);
    let pad = if s.starts_with('`') || s.ends_with('`') || s.is_empty() { " " } else { "" };
    format!("{fence}{pad}{s}{pad}{fence}")
}

/// `s` as plain Markdown text: one line, with the characters Markdown or HTML would read
/// escaped.
pub fn text(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in one_line(s).chars() {
        match c {
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '&' => out.push_str("&amp;"),
            '\\' | '`' | '*' | '_' | '[' | ']' | '|' | '#' | '~' => {
                out.push('\\');
                out.push(c);
            }
            c => out.push(c),
        }
    }
    out
}

/// Prose with code spans (a class's explanation: "a `\\`, which …"): the spans as [`code`],
/// the rest as [`text`]; an unpaired backtick is text.
pub fn prose(s: &str) -> String {
    let mut out = String::new();
    for (is_code, piece) in plain::code_spans(s) {
        if is_code {
            out.push_str(&code(&piece));
            continue;
        }
        // The prose's own spaces around its code spans are not hostile: kept as spaces.
        let inner = piece.trim_matches(' ');
        let lead = piece.len() - piece.trim_start_matches(' ').len();
        let trail =
            if inner.is_empty() { 0 } else { piece.len() - piece.trim_end_matches(' ').len() };
        out.push_str(&" ".repeat(lead));
        out.push_str(&text(inner));
        out.push_str(&" ".repeat(trail));
    }
    out
}

/// The Markdown report of a run.
pub fn render(report: &ConformReport) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "# urldiff conform: {}\n", report.verdict());
    let _ = writeln!(
        out,
        "{}; {}.\n",
        text(&plain::verdict_counts(report)),
        text(&plain::skipped_text(report))
    );
    let _ = writeln!(
        out,
        "{} {}, wall time {:.2} s. Crashed or timed out: {}.\n",
        text(&report.tool),
        text(&report.version),
        report.wall_seconds,
        text(&plain::lost_text(report))
    );
    matrix(&mut out, report);
    ledgered(&mut out, report);
    unexpected(&mut out, report);
    ledger_problems(&mut out, report);
    oracles(&mut out, report);
    suites(&mut out, report);
    rules(&mut out, report);
    out
}

fn table_head(out: &mut String, columns: &[&str]) {
    let _ = writeln!(out, "| {} |", columns.join(" | "));
    let _ = writeln!(out, "|{}", "---|".repeat(columns.len()));
}

fn matrix(out: &mut String, report: &ConformReport) {
    out.push_str("## Conformance matrix\n\n");
    out.push_str(
        "Cells: passed/failed/ledgered/no-opinion; *failed* diverges and is not in the ledger, \
         *ledgered* diverges as the ledger says; (truth) marks the oracle a suite is judged by.\n\n",
    );
    let mut columns = vec!["oracle".to_owned()];
    columns.extend(report.suites.iter().map(|s| code(&s.name)));
    let columns: Vec<&str> = columns.iter().map(String::as_str).collect();
    table_head(out, &columns);
    for o in &report.oracles {
        let mut row = vec![code(&o.info.name)];
        row.extend(report.suites.iter().map(|s| cell_text(report, &o.info.name, &s.name)));
        let _ = writeln!(out, "| {} |", row.join(" | "));
    }
    out.push('\n');
}

/// The values of a divergence, one `field: truth → got (grade)` per field.
fn values(d: &Divergence) -> String {
    let parts: Vec<String> = shown_fields(d)
        .into_iter()
        .map(|f| {
            format!(
                "{}: {} → {} ({})",
                f.field.name(),
                code(&f.truth.display()),
                code(&f.got.display()),
                f.grade.name()
            )
        })
        .collect();
    parts.join("<br>")
}

fn ledgered(out: &mut String, report: &ConformReport) {
    let groups = ledgered_by_class(report);
    let _ = writeln!(
        out,
        "## Ledgered divergences by class and severity ({})\n",
        report.ledgered().count()
    );
    if groups.is_empty() {
        out.push_str("None.\n\n");
        return;
    }
    out.push_str(
        "Divergences the ledger expects, which do not fail the gate, by triage's classes (a \
         divergence may be in several; the table of classes follows).\n\n",
    );
    table_head(out, &["severity", "count", "oracles", "fields", "class", "example"]);
    for g in &groups {
        let oracles: Vec<String> = g.oracles.iter().map(|o| code(o)).collect();
        let fields: Vec<&str> = g.fields.iter().map(|f| f.name()).collect();
        let e = g.example;
        let _ = writeln!(
            out,
            "| {} | {} | {} | {} | {} | {} {} in {}:<br>{} |",
            g.severity.name(),
            g.members.len(),
            oracles.join(", "),
            fields.join(", "),
            text(&g.class.label),
            code(&e.oracle),
            code(&e.name),
            code(&e.suite),
            values(e)
        );
    }
    out.push('\n');
}

fn unexpected(out: &mut String, report: &ConformReport) {
    let all: Vec<&Divergence> = report.unexpected().collect();
    let _ = writeln!(out, "## Unexpected divergences ({})\n", all.len());
    if all.is_empty() {
        out.push_str("None: every divergence is in the ledger.\n\n");
        return;
    }
    table_head(out, &["severity", "oracle", "suite", "case", "class", "fields"]);
    for d in all.iter().take(SHOWN_UNEXPECTED) {
        let classes: Vec<String> = classes_of(d).iter().map(|c| text(&c.label)).collect();
        let _ = writeln!(
            out,
            "| {} | {} | {} | {} | {} | {} |",
            d.severity.name(),
            code(&d.oracle),
            code(&d.suite),
            code(&d.name),
            classes.join(", "),
            values(d)
        );
    }
    if all.len() > SHOWN_UNEXPECTED {
        let _ = writeln!(
            out,
            "\n… and {} more: every one is in the JSON and HTML reports.",
            all.len() - SHOWN_UNEXPECTED
        );
    }
    out.push('\n');
}

fn ledger_problems(out: &mut String, report: &ConformReport) {
    let problems = plain::ledger_problems(report);
    if problems.is_empty() {
        return;
    }
    out.push_str("## Ledger entries to fix\n\n```text");
    // The plain text, fenced: entries are shown exactly as in the ledger files.
    let fence_safe = problems.replace("```", "`\u{200b}``");
    let _ = writeln!(out, "{fence_safe}```\n");
}

fn oracles(out: &mut String, report: &ConformReport) {
    out.push_str("## Oracles\n\n");
    table_head(out, &["oracle", "kind", "version", "status", "crashed", "timed out"]);
    for o in &report.oracles {
        let status = match &o.skipped {
            Some(reason) => format!("skipped: {}", text(&first_line(reason))),
            None => format!("{:.2} s", o.seconds),
        };
        let _ = writeln!(
            out,
            "| {} | {} | {} | {status} | {} | {} |",
            code(&o.info.name),
            o.info.kind.name(),
            text(&o.info.version),
            o.crashed,
            o.timed_out
        );
    }
    out.push('\n');
}

fn suites(out: &mut String, report: &ConformReport) {
    out.push_str("## Suites\n\n");
    out.push_str(&crate::tables::suites(report).markdown());
    out.push('\n');
}

fn rules(out: &mut String, report: &ConformReport) {
    if report.adapter_rules.is_empty() {
        return;
    }
    out.push_str("## Adapter rules\n\nWhat each adapter does to its parser's answers.\n\n");
    out.push_str(&crate::tables::adapter_rules(report).markdown());
    out.push('\n');
}
