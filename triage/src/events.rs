//! What a triage run reports while it runs, through one interface instead of printing: the
//! binary draws progress lines from it, a fuzz campaign can log it, tests ignore it
//! ([`NoEvents`]). Calls may come from several threads at once (minimizations run side by
//! side), hence `Sync`.

/// Everything a triage run reports. Every method has a do-nothing default.
pub trait TriageEvents: Sync {
    /// Every oracle answered the `cases` of the first batch.
    fn asked(&self, _cases: usize, _seconds: f64) {}

    /// Of the cases, `divergent` disagree, `expected` of those are in the ledger, and
    /// `minimizations` minimizations will run.
    fn kept(&self, _divergent: usize, _expected: usize, _minimizations: usize) {}

    /// One more minimization finished: `done` of `total`.
    fn minimized(&self, _done: usize, _total: usize) {}

    /// The run made `groups` groups.
    fn finished(&self, _groups: usize) {}
}

/// Reports nothing.
#[derive(Clone, Copy, Debug, Default)]
pub struct NoEvents;

impl TriageEvents for NoEvents {}
