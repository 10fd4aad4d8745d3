//! Pieces of a conform run as plain text (the matrix file, the terminal summary, JUnit
//! messages): a matrix cell, a divergence with its field diffs, the ledger
//! problems, the PASS/FAIL line, the skipped and the lost oracles.

use crate::plain::{first_line, one_line};
use crate::table::{Cell, Table};
use std::fmt::Write as _;
use urldiff_conform::report::{ConformReport, Divergence, LedgerLine};

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
