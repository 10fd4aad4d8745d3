//! The Markdown report: the verdict, the whole matrix, the ledgered divergences by class and
//! severity (each with an example and its differing values), the unexpected divergences field
//! by field, the wrong ledger entries, the oracles, the suites and the adapter rules.
//!
//! Every string from the run goes through [`crate::markdown_text`].

use super::tables;
use crate::markdown_text::text;

use std::fmt::Write as _;
use urldiff_conform::report::{ConformReport, Divergence};

/// How many unexpected divergences are written out field by field.
const SHOWN_UNEXPECTED: usize = 200;

/// The Markdown report of a run.
pub fn render(report: &ConformReport) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "# urldiff conform: {}\n", report.verdict());
    let _ = writeln!(
        out,
        "{}; {}.\n",
        text(&super::text::verdict_counts(report)),
        text(&super::text::skipped_text(report))
    );
    let _ = writeln!(
        out,
        "{} {}, wall time {:.2} s. Crashed or timed out: {}.\n",
        text(&report.tool),
        text(&report.version),
        report.wall_seconds,
        text(&super::text::lost_text(report))
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
    let problems = super::text::ledger_problems(report);
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
