//! Reports of a run: the terminal conformance matrix (plain text) and the JSON document.
//! Files are written by [`crate::atomic`].

use crate::conform::evaluate::{Divergence, RunResult, Stale};
use serde::Serialize;
use std::fmt::Write as _;
use urldiff_oracles::suite::Suite;

/// How many unexpected divergences the text report spells out in full.
const SHOWN_DIVERGENCES: usize = 40;

/// The matrix cell text for an oracle × suite.
fn cell_text(result: &RunResult, oracle: &str, suite: &str, truth: Option<&str>) -> String {
    if truth == Some(oracle) {
        return "(truth)".into();
    }
    match result.cells.iter().find(|c| c.oracle == oracle && c.suite == suite) {
        Some(c) => format!("{}/{}/{}/{}", c.passed, c.failed, c.ledgered, c.no_opinion),
        None => "-".into(),
    }
}

/// The conformance matrix and the findings, as plain text.
pub fn matrix_text(result: &RunResult, suites: &[Suite]) -> String {
    let mut out = String::new();
    let width = |s: &str| s.chars().count();
    let oracle_w = result.oracles.iter().map(|o| width(&o.info.name)).chain([6]).max().unwrap_or(6);
    let columns: Vec<(String, usize)> = suites
        .iter()
        .map(|s| {
            let truth = s.truth.oracle_name();
            let cells = result
                .oracles
                .iter()
                .map(|o| width(&cell_text(result, &o.info.name, &s.name, truth)));
            let w = cells.chain([width(&s.name)]).max().unwrap_or(1);
            (s.name.clone(), w)
        })
        .collect();
    out.push_str("Conformance matrix (cells: passed/failed/ledgered/no-opinion)\n\n");
    let _ = write!(out, "{:<oracle_w$}", "oracle");
    for (name, w) in &columns {
        let _ = write!(out, "  {name:>w$}");
    }
    out.push('\n');
    for oracle in &result.oracles {
        let name = &oracle.info.name;
        let _ = write!(out, "{name:<oracle_w$}");
        for (suite, (_, w)) in suites.iter().zip(&columns) {
            let text = match &oracle.skipped {
                Some(_) => "skipped".into(),
                None => cell_text(result, name, &suite.name, suite.truth.oracle_name()),
            };
            let _ = write!(out, "  {text:>w$}");
        }
        out.push('\n');
    }
    write_legend(&mut out, result, suites);
    write_findings(&mut out, result);
    out
}

fn write_legend(out: &mut String, result: &RunResult, suites: &[Suite]) {
    out.push_str("\nSuites:\n");
    for s in suites {
        let _ = writeln!(
            out,
            "  {}: {} cases, truth: {}, data: {}",
            s.name,
            s.cases.len(),
            s.truth.label(),
            s.revision
        );
    }
    out.push_str("Oracles:\n");
    for o in &result.oracles {
        let state = match &o.skipped {
            Some(reason) => format!("skipped: {reason}"),
            None => format!("{:.2} s", o.seconds),
        };
        let _ = writeln!(
            out,
            "  {} ({}, {}): {state}",
            o.info.name,
            o.info.kind.name(),
            o.info.version
        );
    }
    write_lost(out, result);
}

/// How many answers each oracle lost to a crash or a time-out (every case of the run).
fn write_lost(out: &mut String, result: &RunResult) {
    let lost: Vec<String> = result
        .oracles
        .iter()
        .filter(|o| o.crashed + o.timed_out > 0)
        .map(|o| format!("{} {} crashed, {} timed out", o.info.name, o.crashed, o.timed_out))
        .collect();
    let text = if lost.is_empty() { "none".to_owned() } else { lost.join("; ") };
    let _ = writeln!(out, "Crashed or timed out: {text}");
}

fn write_ledger_problems(out: &mut String, (title, what): (&str, &str), entries: &[Stale]) {
    if entries.is_empty() {
        return;
    }
    let _ = writeln!(out, "\n{title} ({}), {what}:", entries.len());
    for s in entries {
        let _ = writeln!(out, "  {}:{}: {}", s.file, s.line, s.entry);
    }
}

fn write_findings(out: &mut String, result: &RunResult) {
    let unexpected: Vec<&Divergence> = result.unexpected().collect();
    if !unexpected.is_empty() {
        let _ = writeln!(out, "\nUnexpected divergences ({}):", unexpected.len());
        for d in unexpected.iter().take(SHOWN_DIVERGENCES) {
            out.push_str(&divergence_text(d));
        }
        if unexpected.len() > SHOWN_DIVERGENCES {
            let _ = writeln!(
                out,
                "  … and {} more (see the JSON report)",
                unexpected.len() - SHOWN_DIVERGENCES
            );
        }
    }
    let stale = ("Stale ledger entries", "which no longer diverge");
    write_ledger_problems(out, stale, &result.stale);
    let unknown = ("Unknown ledger entries", "naming no case of any suite");
    write_ledger_problems(out, unknown, &result.unknown);
    if !result.duplicates.is_empty() {
        let _ = writeln!(out, "\nDuplicate ledger entries ({}):", result.duplicates.len());
        for d in &result.duplicates {
            let _ =
                writeln!(out, "  {}:{}: {} (first at line {})", d.file, d.line, d.entry, d.first);
        }
    }
    let ledgered = result.divergences.len() - unexpected.len();
    let verdict = if result.exit_code() == 0 { "PASS" } else { "FAIL" };
    let mut wrong = String::new();
    if !result.unknown.is_empty() {
        let _ = write!(wrong, ", {} unknown", result.unknown.len());
    }
    if !result.duplicates.is_empty() {
        let _ = write!(wrong, ", {} duplicate", result.duplicates.len());
    }
    let _ = writeln!(
        out,
        "\nconform: {verdict}: {} unexpected divergences, {} stale ledger entries{wrong}, \
         {ledgered} ledgered; {}",
        unexpected.len(),
        result.stale.len(),
        skipped_text(result)
    );
}

/// `0 oracles skipped`, or how many and why (each reason's first line).
fn skipped_text(result: &RunResult) -> String {
    let skipped: Vec<String> = result
        .skipped()
        .map(|(name, reason)| format!("{name}: {}", reason.lines().next().unwrap_or("")))
        .collect();
    match skipped.len() {
        0 => "0 oracles skipped".to_owned(),
        1 => format!("1 oracle skipped ({})", skipped[0]),
        n => format!("{n} oracles skipped ({})", skipped.join("; ")),
    }
}

/// One divergence with its field diffs, indented, for text reports and JUnit failures.
pub fn divergence_text(d: &Divergence) -> String {
    let mut out = format!(
        "  [{}] {} in {}: {} ({})\n",
        d.severity.name(),
        d.oracle,
        d.suite,
        d.name,
        d.answer.outcome()
    );
    for f in &d.fields {
        let _ = writeln!(
            out,
            "      {:<9} {:<16} truth {}  got {}",
            f.field.name(),
            f.grade.name(),
            f.truth.display(),
            f.got.display()
        );
    }
    out
}

/// The JSON document of a run.
#[derive(Debug, Serialize)]
pub struct JsonReport<'a> {
    pub tool: &'static str,
    pub version: &'static str,
    pub exit_code: u8,
    pub wall_seconds: f64,
    #[serde(flatten)]
    pub result: &'a RunResult,
    /// The adapter rules of the oracles that ran (what their adapters do to answers).
    pub adapter_rules: Vec<&'static urldiff_compare::rules::AdapterRule>,
}

/// The JSON report as text.
pub fn json_text(result: &RunResult, wall_seconds: f64) -> anyhow::Result<String> {
    let report = JsonReport {
        tool: "urldiff",
        version: env!("CARGO_PKG_VERSION"),
        exit_code: result.exit_code(),
        wall_seconds,
        result,
        adapter_rules: urldiff_compare::rules::rules_of(
            result.oracles.iter().map(|o| o.info.name.as_str()),
        ),
    };
    Ok(serde_json::to_string_pretty(&report)?)
}
