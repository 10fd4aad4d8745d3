//! Where a conform run's time went (`urldiff conform --timings`): the run's phases in order
//! (the driver's own work and the oracles' start-up and answering), each oracle's start-up
//! and answering, and each suite's cases and judging. The binary prints it as three tables
//! ([`Timings::terminal`]) and the JSON report carries it (`timings`) when asked for.

use crate::table::{Cell, Table};
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

/// Seconds as the tables show them.
fn seconds(s: f64) -> Cell {
    Cell::text(format!("{s:.3}"))
}

impl Timings {
    /// The phases, the oracles and the suites as three terminal tables (each fitted to `width`),
    /// with the driver's and the oracles' totals under the phases.
    pub fn terminal(&self, width: usize) -> String {
        let mut phases = Table::new(&["phase", "by", "seconds"]).right_aligned(&[2]);
        for p in &self.phases {
            phases.row(vec![Cell::text(&p.phase), Cell::text(&p.by), seconds(p.seconds)]);
        }
        for by in ["driver", "oracles"] {
            let total: f64 = self.phases.iter().filter(|p| p.by == by).map(|p| p.seconds).sum();
            phases.row(vec![Cell::text("total"), Cell::text(by), seconds(total)]);
        }
        let mut oracles = Table::new(&["oracle", "kind", "start-up s", "answers s", "skipped"])
            .right_aligned(&[2, 3]);
        for o in &self.oracles {
            oracles.row(vec![
                Cell::text(&o.oracle),
                Cell::text(&o.kind),
                seconds(o.start_up_seconds),
                seconds(o.answer_seconds),
                Cell::text(o.skipped.as_deref().and_then(|s| s.lines().next()).unwrap_or("")),
            ]);
        }
        let mut suites = Table::new(&["suite", "cases", "evaluate s"]).right_aligned(&[1, 2]);
        for s in &self.suites {
            suites.row(vec![
                Cell::text(&s.suite),
                Cell::number(s.cases),
                seconds(s.evaluate_seconds),
            ]);
        }
        format!(
            "timings: phases\n{}\ntimings: oracles\n{}\ntimings: suites\n{}",
            phases.terminal(width),
            oracles.terminal(width),
            suites.terminal(width)
        )
    }
}
