//! Where a conform run's time went (`urldiff conform --timings`): the run's phases in order
//! (the driver's own work and the oracles' start-up and answering), each oracle's start-up
//! and answering, and each suite's cases and judging, gathered into [`Timings`] (by the run, `crate::run`). The JSON
//! report carries it (`timings`) when asked for; `urldiff_reports::timings` renders it as
//! three tables.

use serde::{Deserialize, Serialize};

/// The time of one run, in seconds.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Timings {
    /// The phases in order: the phases before the run proper (`suites`: reading the suites'
    /// data, `oracles`: setting up the registry), then the run's (`ledger`, `start-up`: until
    /// the last oracle was up, `answers`: until the last answer, `evaluate`, `classify`,
    /// `reports`).
    pub phases: Vec<PhaseTime>,
    /// Each oracle, in run order.
    pub oracles: Vec<OracleTime>,
    /// Each suite, in run order.
    pub suites: Vec<SuiteTime>,
}

/// One phase of a run.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PhaseTime {
    pub phase: String,
    /// Whose work it is: `driver` (urldiff's own) or `oracles` (starting and answering).
    pub by: String,
    pub seconds: f64,
}

/// One oracle's share of a run.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct OracleTime {
    pub oracle: String,
    /// `in-process`, `subprocess`, … (`OracleKind`'s name).
    pub kind: String,
    /// Finding and preparing its runtime and starting its first worker (0 in process).
    pub start_up_seconds: f64,
    /// Answering every case of every suite, as one batch (0 when skipped).
    pub answer_seconds: f64,
    /// The reason it was skipped, when it was.
    pub skipped: Option<String>,
}

/// One suite's share of a run: its cases are answered in the one batch of every oracle, so its
/// own time is judging them (every oracle's answers against its truth, and the ledger).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SuiteTime {
    pub suite: String,
    pub cases: usize,
    pub evaluate_seconds: f64,
}

/// The phases in which the oracles work (start and answer); every other is the driver's.
const ORACLE_PHASES: [&str; 2] = ["start-up", "answers"];

/// One phase as the timings show it.
pub fn phase(name: &str, seconds: f64) -> PhaseTime {
    let by = if ORACLE_PHASES.contains(&name) { "oracles" } else { "driver" };
    PhaseTime { phase: name.to_owned(), by: by.to_owned(), seconds }
}
