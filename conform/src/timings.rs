//! `urldiff conform --timings`: the run's phases, each oracle's start-up and answering and
//! each suite's judging, gathered into `urldiff_reports::timings::Timings` (printed as tables,
//! and in the JSON report).

use crate::conform::Phases;
use urldiff_reports::evaluate::RunResult;
use urldiff_reports::timings::{OracleTime, PhaseTime, SuiteTime, Timings};

/// The phases in which the oracles work (start and answer); every other is the driver's.
const ORACLE_PHASES: [&str; 2] = ["start-up", "answers"];

/// One phase as the timings show it.
pub fn phase(name: &str, seconds: f64) -> PhaseTime {
    let by = if ORACLE_PHASES.contains(&name) { "oracles" } else { "driver" };
    PhaseTime { phase: name.to_owned(), by: by.to_owned(), seconds }
}

/// The timings of a run so far: the `setup` phases (before the run) and the run's `phases`,
/// the oracles and the suites of `result`.
pub fn of(setup: &Phases, phases: &Phases, result: &RunResult) -> Timings {
    let report = &result.report;
    let start_up = |name: &str| {
        result.start_up_seconds.iter().find(|(n, _)| n == name).map_or(0.0, |(_, s)| *s)
    };
    let oracles = report
        .oracles
        .iter()
        .map(|o| OracleTime {
            oracle: o.info.name.clone(),
            kind: o.info.kind.name().to_owned(),
            start_up_seconds: start_up(&o.info.name),
            answer_seconds: o.seconds,
            skipped: o.skipped.clone(),
        })
        .collect();
    let suites = report
        .suites
        .iter()
        .zip(&result.evaluate_seconds)
        .map(|(s, seconds)| SuiteTime {
            suite: s.name.clone(),
            cases: s.cases,
            evaluate_seconds: *seconds,
        })
        .collect();
    let phases = setup.0.iter().chain(&phases.0).map(|(name, s)| phase(name, *s)).collect();
    Timings { phases, oracles, suites }
}
