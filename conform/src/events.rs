//! The events of a run: progress and what happened, reported through one interface instead of
//! printed, so that the same run can draw a progress bar on a terminal, print plain lines into
//! a log, or say nothing in a test. The binary's `progress` module
//! holds the printing implementations; [`Silent`] is the silent one.
//!
//! Calls come from several threads at once (oracles answer side by side), hence `Sync`.

/// Everything a run reports while it runs. Every method has a do-nothing default.
pub trait Events: Sync {
    /// Part of the data could not be loaded, e.g. `what` = "the WPT suites".
    fn data_skipped(&self, _what: &str, _reason: &str) {}

    /// The run starts: `oracles` will answer `answers` answers in all.
    fn run_started(&self, _oracles: usize, _answers: u64) {}

    /// An oracle is ready to answer: starting it (its runtime, its first worker) took
    /// `seconds` (nothing for an in-process oracle or one started before).
    fn oracle_started(&self, _oracle: &str, _seconds: f64) {}

    /// An oracle cannot run on this machine and is skipped.
    fn oracle_skipped(&self, _oracle: &str, _reason: &str) {}

    /// `count` more answers arrived from `oracle` (progress).
    fn answered(&self, _oracle: &str, _count: usize) {}

    /// An oracle answered its whole batch.
    fn oracle_finished(&self, _oracle: &str, _cases: usize, _seconds: f64) {}

    /// Every oracle has answered; comparing and reporting follow.
    fn run_finished(&self) {}
}

/// Reports nothing (tests, and runs whose output is the report itself).
#[derive(Clone, Copy, Debug, Default)]
pub struct Silent;

impl Events for Silent {}
