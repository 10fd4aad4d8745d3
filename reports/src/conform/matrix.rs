//! The matrix text (`urldiff conform --matrix PATH`): the whole conformance matrix, the suites
//! and oracles, the ledgered divergences by class and severity, the unexpected divergences,
//! the wrong ledger entries and the PASS/FAIL line. As wide as the matrix needs.

use super::classes::{ledgered_by_class, values_line};
use crate::plain::{first_line, one_line};
use std::fmt::Write as _;
use urldiff_conform::report::ConformReport;

/// How many unexpected divergences the text spells out in full.
pub const SHOWN_DIVERGENCES: usize = 40;

/// The matrix text of a run.
pub fn render(report: &ConformReport) -> String {
    let mut out = String::from("Conformance matrix (cells: passed/failed/ledgered/no-opinion)\n\n");
    out.push_str(&super::tables::matrix_table(report));
    write_legend(&mut out, report);
    write_ledgered(&mut out, report);
    write_unexpected(&mut out, report, SHOWN_DIVERGENCES);
    out.push_str(&super::text::ledger_problems(report));
    let _ = writeln!(
        out,
        "\n{}; {}",
        super::text::verdict_counts(report),
        super::text::skipped_text(report)
    );
    out
}

fn write_legend(out: &mut String, report: &ConformReport) {
    out.push_str("\nSuites:\n");
    for s in &report.suites {
        let _ = writeln!(
            out,
            "  {}: {} cases, truth: {}, data: {}",
            one_line(&s.name),
            s.cases,
            one_line(&s.truth),
            one_line(&s.revision)
        );
    }
    out.push_str("Oracles:\n");
    for o in &report.oracles {
        let state = match &o.skipped {
            Some(reason) => format!("skipped: {}", first_line(reason)),
            None => format!("{:.2} s", o.seconds),
        };
        let _ = writeln!(
            out,
            "  {} ({}, {}): {state}",
            one_line(&o.info.name),
            o.info.kind.name(),
            one_line(&o.info.version)
        );
    }
    let _ = writeln!(out, "Crashed or timed out: {}", super::text::lost_text(report));
}

/// Every class × severity group of ledgered divergences with its example.
fn write_ledgered(out: &mut String, report: &ConformReport) {
    let groups = ledgered_by_class(report);
    if groups.is_empty() {
        return;
    }
    let total = report.ledgered().count();
    let _ = writeln!(
        out,
        "\nLedgered divergences by class and severity ({total} in {} groups; a divergence may be \
         in several classes: urldiff triage --explain-classes):",
        groups.len()
    );
    for g in &groups {
        let oracles: Vec<&str> = g.oracles.iter().copied().collect();
        let fields: Vec<&str> = g.fields.iter().map(|f| f.name()).collect();
        let _ = writeln!(
            out,
            "  [{}] {} × {} ({}): {}",
            g.severity.name(),
            g.members.len(),
            one_line(&oracles.join(", ")),
            fields.join(","),
            one_line(&g.class.label)
        );
        let e = g.example;
        let _ = writeln!(out, "      e.g. {} {}: {}", one_line(&e.oracle), e.name, values_line(e));
    }
}

/// The unexpected divergences, the first `shown` in full.
pub fn write_unexpected(out: &mut String, report: &ConformReport, shown: usize) {
    let unexpected: Vec<_> = report.unexpected().collect();
    if unexpected.is_empty() {
        return;
    }
    let _ = writeln!(out, "\nUnexpected divergences ({}):", unexpected.len());
    for d in unexpected.iter().take(shown) {
        out.push_str(&super::text::divergence_text(d));
    }
    if unexpected.len() > shown {
        let more = unexpected.len() - shown;
        let _ = writeln!(out, "  … and {more} more (see the JSON, Markdown or HTML report)");
    }
}
