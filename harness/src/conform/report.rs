//! Reports of a run: the terminal conformance matrix (plain text), the JSON document, and
//! atomic file writing (temporary file, then rename).

use crate::conform::driver::{Divergence, RunResult};
use crate::conform::suite::Suite;
use serde::Serialize;
use std::fmt::Write as _;
use std::path::Path;

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
    if !result.stale.is_empty() {
        let _ = writeln!(
            out,
            "\nStale ledger entries ({}), which no longer diverge:",
            result.stale.len()
        );
        for s in &result.stale {
            let _ = writeln!(out, "  {}:{}: {}", s.file, s.line, s.entry);
        }
    }
    let ledgered = result.divergences.len() - unexpected.len();
    let verdict = if result.exit_code() == 0 { "PASS" } else { "FAIL" };
    let _ = writeln!(
        out,
        "\nconform: {verdict}: {} unexpected divergences, {} stale ledger entries, {ledgered} ledgered",
        unexpected.len(),
        result.stale.len()
    );
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
}

/// Write `contents` to `path` atomically: a temporary file in the same folder, then rename.
pub fn write_atomic(path: &Path, contents: &[u8]) -> anyhow::Result<()> {
    use anyhow::Context;
    let dir = path.parent().filter(|p| !p.as_os_str().is_empty()).unwrap_or(Path::new("."));
    std::fs::create_dir_all(dir).with_context(|| format!("creating {}", dir.display()))?;
    let name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    let tmp = dir.join(format!(".{name}.{}.tmp", std::process::id()));
    std::fs::write(&tmp, contents).with_context(|| format!("writing {}", tmp.display()))?;
    std::fs::rename(&tmp, path)
        .with_context(|| format!("renaming {} to {}", tmp.display(), path.display()))
}

/// The JSON report as text.
pub fn json_text(result: &RunResult, wall_seconds: f64) -> anyhow::Result<String> {
    let report = JsonReport {
        tool: "urldiff",
        version: env!("CARGO_PKG_VERSION"),
        exit_code: result.exit_code(),
        wall_seconds,
        result,
    };
    Ok(serde_json::to_string_pretty(&report)?)
}
