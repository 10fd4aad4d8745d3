//! The Markdown report: the verdict, the whole matrix, the ledgered divergences by class and
//! severity (each with an example and its differing values), the unexpected divergences field
//! by field, the wrong ledger entries, the oracles, the suites and the adapter rules.
//!
//! Every string from the run goes through [`code`] (a code span, control characters
//! escaped; [`table_code`] in a table cell, with `|` escaped, which only a table reads) or
//! [`text`] (Markdown and HTML characters escaped), so an input such as `<script>` or `|`
//! neither renders as HTML nor breaks a table, and outside tables shows as written.

use crate::plain::{self, one_line};
use crate::tables;
use std::fmt::Write as _;
use urldiff_conform::report::{ConformReport, Divergence};

/// How many unexpected divergences are written out field by field.
const SHOWN_UNEXPECTED: usize = 200;

/// `s` as an inline code span (outside a table: a code span shows a backslash as is, so `|`
/// is not escaped); the empty string as *(empty)* (an empty code span would read as a space).
pub fn code(s: &str) -> String {
    code_span(&one_line(s))
}

/// `s` as an inline code span in a table cell: `|` escaped (a table splits cells on it before
/// it reads code spans, and shows `\|` in a span as `|`).
pub fn table_code(s: &str) -> String {
    code_span(&one_line(s).replace('|', "\\|"))
}

fn code_span(s: &str) -> String {
    if s.is_empty() {
        return "*(empty)*".to_owned();
    }
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
    prose_with(s, code)
}

/// [`prose`] in a table cell (its spans as [`table_code`]).
pub fn table_prose(s: &str) -> String {
    prose_with(s, table_code)
}

fn prose_with(s: &str, code: fn(&str) -> String) -> String {
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

fn matrix(out: &mut String, report: &ConformReport) {
    out.push_str("## Conformance matrix\n\n");
    out.push_str(
        "Cells: passed/failed/ledgered/no-opinion; *failed* diverges and is not in the ledger, \
         *ledgered* diverges as the ledger says; (truth) marks the oracle a suite is judged by.\n\n",
    );
    out.push_str(&tables::matrix(report).markdown());
    out.push('\n');
}

fn ledgered(out: &mut String, report: &ConformReport) {
    let _ = writeln!(
        out,
        "## Ledgered divergences by class and severity ({})\n",
        report.ledgered().count()
    );
    let table = tables::ledgered_classes(report);
    if table.rows.is_empty() {
        out.push_str("None.\n\n");
        return;
    }
    out.push_str(
        "Divergences the ledger expects, which do not fail the gate, by triage's classes (a \
         divergence may be in several; the table of classes follows).\n\n",
    );
    out.push_str(&table.markdown());
    out.push('\n');
}

fn unexpected(out: &mut String, report: &ConformReport) {
    let all: Vec<&Divergence> = report.unexpected().collect();
    let _ = writeln!(out, "## Unexpected divergences ({})\n", all.len());
    if all.is_empty() {
        out.push_str("None: every divergence is in the ledger.\n\n");
        return;
    }
    out.push_str(&tables::divergences(all.iter().copied().take(SHOWN_UNEXPECTED)).markdown());
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
    out.push_str(&tables::oracles(report).markdown());
    out.push('\n');
}

fn suites(out: &mut String, report: &ConformReport) {
    out.push_str("## Suites\n\n");
    out.push_str(&tables::suites(report).markdown());
    out.push('\n');
}

fn rules(out: &mut String, report: &ConformReport) {
    if report.adapter_rules.is_empty() {
        return;
    }
    out.push_str("## Adapter rules\n\nWhat each adapter does to its parser's answers.\n\n");
    out.push_str(&tables::adapter_rules(report).markdown());
    out.push('\n');
}
