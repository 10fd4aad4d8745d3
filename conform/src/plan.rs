//! What a conform run runs ([`Plan`]): the oracles, the suites and their case names, the
//! ledger, and where progress goes. The driver runs it and `evaluate` judges by it.

use crate::events::Events;
use std::collections::HashSet;
use urldiff_compare::ledger::Ledger;
use urldiff_oracles::suite::Suite;
use urldiff_oracles::Oracle;

/// What to run, and what its answers are judged against.
pub struct Plan<'a> {
    /// Every oracle known to the run: a suite's truth is read with the fields its oracle
    /// declares.
    pub oracles: &'a [Box<dyn Oracle>],
    /// Oracles to run and report on (`--oracle`); empty means all.
    pub selected: Vec<String>,
    /// The suites that run, in the order their cases are answered.
    pub suites: Vec<Suite>,
    /// Every case name of every suite known to the run (selected or not), for finding ledger
    /// entries that name no case; `None` when the known suites are incomplete (no WPT data).
    pub known_cases: Option<HashSet<String>>,
    pub ledger: &'a Ledger,
    pub events: &'a dyn Events,
    /// Each suite's case names ([`Case::name`]), in the order of `suites` and their cases:
    /// written once for every oracle's judging.
    pub case_names: Vec<Vec<String>>,
}

impl<'a> Plan<'a> {
    /// The plan of `suites` (their case names written out once).
    pub fn new(
        oracles: &'a [Box<dyn Oracle>],
        selected: Vec<String>,
        suites: Vec<Suite>,
        known_cases: Option<HashSet<String>>,
        ledger: &'a Ledger,
        events: &'a dyn Events,
    ) -> Self {
        let case_names =
            suites.iter().map(|s| s.cases.iter().map(|c| c.name()).collect()).collect();
        Plan { oracles, selected, suites, known_cases, ledger, events, case_names }
    }
}

impl std::fmt::Debug for Plan<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let oracles: Vec<&str> = self.oracles.iter().map(|o| o.name()).collect();
        let suites: Vec<&str> = self.suites.iter().map(|s| s.name.as_str()).collect();
        f.debug_struct("Plan")
            .field("oracles", &oracles)
            .field("selected", &self.selected)
            .field("suites", &suites)
            .finish_non_exhaustive()
    }
}
