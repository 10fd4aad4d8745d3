//! urldiff-conform: the conformance gate. Every suite against every oracle, each answer
//! compared with its suite's truth, each divergence looked up in the divergence ledger, into
//! the [`ConformReport`] every report renders (`urldiff_reports`). No printing and no report
//! rendering: the binary parses the flags, renders, writes and prints.
//!
//! Data flows: [`sources`] (the suites with their truth, the oracles, the ledger's folder) →
//! [`driver`] (oracles answer in parallel, progress to the [`Events`]) → [`evaluate`] (each
//! answer against the truth with `urldiff_compare`, then the ledger: expected or not, stale,
//! unknown and duplicate entries) → [`classify`] (triage's classes for every divergence) →
//! the [`ConformReport`] ([`report`]); [`bless`] rewrites the ledger to match a run. [`run`]
//! ties it together. [`saved`] reads a saved report back (a conform report or triage's
//! findings), the one reader `urldiff report` and `urldiff serve` share.
//!
//! ```
//! use urldiff_conform::{report::CaseStatus, ConformReport};
//! // A report that says nothing diverges passes the gate.
//! let report = ConformReport::new("0.1.0");
//! assert_eq!((report.gate_code(), report.verdict()), (0, "PASS"));
//! // The JSON report reads back as it was written.
//! let back = ConformReport::from_json(&report.to_json().unwrap()).unwrap();
//! assert_eq!(back, report);
//! assert_eq!(CaseStatus::from_letter('l'), Some(CaseStatus::Ledgered));
//! ```

pub mod bless;
pub mod classify;
pub mod driver;
pub mod evaluate;
pub mod events;
pub mod plan;
pub mod report;
pub mod saved;
pub mod sources;
pub mod table_oracle;
pub mod timings;

pub use report::ConformReport;

use crate::events::Events;
use anyhow::bail;
use std::collections::HashSet;
use std::path::PathBuf;
use std::time::Instant;
use urldiff_oracles::suite::Suite;
use urldiff_oracles::Oracle;

/// urldiff's version, as every report names it.
pub const VERSION: &str = env!("CARGO_PKG_VERSION");

/// The options of one conform run (the CLI flags, minus how oracles and suites are found).
#[derive(Clone, Debug, Default)]
pub struct RunOptions {
    /// `--oracle`: run and report only these oracles. Empty: all.
    pub oracles: Vec<String>,
    /// `--suite`: run only these suites. Empty: all.
    pub suites: Vec<String>,
    /// The ledger folder (`corpus/expected/` unless `--ledger`).
    pub ledger_dir: PathBuf,
    /// The report files the binary renders and writes when the run is judged.
    pub json: Option<PathBuf>,
    pub junit: Option<PathBuf>,
    /// Also write the matrix text here (`make conform` writes out/conform/matrix.txt).
    pub matrix: Option<PathBuf>,
    pub markdown: Option<PathBuf>,
    pub html: Option<PathBuf>,
    pub bless: bool,
    /// Some suites could not be loaded (no WPT data): ledger case entries are then not
    /// checked against the suites' cases (they may name a case of a missing suite).
    pub incomplete_suites: bool,
    /// The terminal summary's width (the terminal's); `None`: the reports' default, 100.
    pub summary_width: Option<usize>,
    /// `--timings`: gather where the time went (the JSON report then carries it).
    pub timings: bool,
    /// The phases before [`run`] (reading the suites, setting up the oracles), for the
    /// timings.
    pub setup_phases: Phases,
}

/// How long each phase of a run took, in seconds, in order: the wall time split up (the
/// oracles' own times are in the report's table).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Phases(pub Vec<(&'static str, f64)>);

impl Phases {
    /// Run `f` as the phase `name`.
    pub fn time<T>(&mut self, name: &'static str, f: impl FnOnce() -> T) -> T {
        let start = Instant::now();
        let value = f();
        self.0.push((name, start.elapsed().as_secs_f64()));
        value
    }
}

impl std::fmt::Display for Phases {
    /// `ledger 0.01, start-up 0.30, …` (seconds).
    ///
    /// ```
    /// let phases = urldiff_conform::Phases(vec![("ledger", 0.012), ("start-up", 0.3)]);
    /// assert_eq!(phases.to_string(), "ledger 0.01, start-up 0.30");
    /// ```
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        for (i, (name, seconds)) in self.0.iter().enumerate() {
            let comma = if i == 0 { "" } else { ", " };
            write!(f, "{comma}{name} {seconds:.2}")?;
        }
        Ok(())
    }
}

/// What a run found, before any report is rendered or written.
#[derive(Debug)]
pub struct Judgement {
    /// 0 nothing unexpected, 1 unexpected divergences or a wrong ledger (0 with `--bless`).
    pub code: u8,
    /// Everything the run found, as every report renders it (with `--timings`, where the time
    /// went until now).
    pub report: ConformReport,
    pub wall_seconds: f64,
    /// Where the wall time went.
    pub phases: Phases,
    /// With `--bless`: what changed in each ledger file.
    pub bless: Option<Vec<bless::BlessChange>>,
}

/// Keep the suites named in `wanted` (all when empty); an unknown name is an error.
pub fn select_suites(all: Vec<Suite>, wanted: &[String]) -> anyhow::Result<Vec<Suite>> {
    if wanted.is_empty() {
        return Ok(all);
    }
    for name in wanted {
        if !all.iter().any(|s| &s.name == name) {
            let names: Vec<_> = all.iter().map(|s| s.name.as_str()).collect();
            bail!("no suite named {name:?} (known: {})", names.join(", "));
        }
    }
    Ok(all.into_iter().filter(|s| wanted.contains(&s.name)).collect())
}

/// Run the gate. Errors are harness failures (exit 2): two oracles with one name, a malformed
/// or missing ledger, an unknown or unavailable `--oracle`, an unknown suite, an oracle
/// answering the wrong number of cases.
pub fn run(
    opts: &RunOptions,
    oracles: &[Box<dyn Oracle>],
    suites: Vec<Suite>,
    events: &dyn Events,
) -> anyhow::Result<Judgement> {
    let start = Instant::now();
    let mut phases = Phases::default();
    urldiff_triage::compared::check_unique_names(oracles)?;
    let (known_cases, suites, ledger) = phases.time("ledger", || {
        let known_cases = (!opts.incomplete_suites).then(|| {
            suites.iter().flat_map(|s| s.cases.iter().map(|c| c.name())).collect::<HashSet<_>>()
        });
        let suites = select_suites(suites, &opts.suites)?;
        anyhow::Ok((known_cases, suites, urldiff_compare::ledger::Ledger::load(&opts.ledger_dir)?))
    })?;
    let plan = plan::Plan::new(oracles, opts.oracles.clone(), suites, known_cases, &ledger, events);
    let mut result = driver::run(&plan, &mut phases)?;
    // Every divergence gets triage's classes (no oracle asked, nothing minimized), so every
    // report summarizes the ledgered ones by class and severity.
    phases.time("classify", || classify::classify(&mut result.report));
    let bless = opts.bless.then(|| bless::bless(&ledger, &result));
    let code = if opts.bless { 0 } else { result.exit_code() };
    let wall_seconds = start.elapsed().as_secs_f64();
    let timings = opts.timings.then(|| timings_of(&opts.setup_phases, &phases, &result));
    let mut report = result.finish(wall_seconds, code);
    report.timings = timings;
    Ok(Judgement { code, report, wall_seconds, phases, bless })
}

/// The timings of a run so far: the `setup` phases (before the run) and the run's `phases`,
/// the oracles and the suites of `result`.
fn timings_of(setup: &Phases, phases: &Phases, result: &evaluate::RunResult) -> timings::Timings {
    let report = &result.report;
    let start_up = |name: &str| {
        result.start_up_seconds.iter().find(|(n, _)| n == name).map_or(0.0, |(_, s)| *s)
    };
    let oracles = report
        .oracles
        .iter()
        .map(|o| timings::OracleTime {
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
        .map(|(s, seconds)| timings::SuiteTime {
            suite: s.name.clone(),
            cases: s.cases,
            evaluate_seconds: *seconds,
        })
        .collect();
    let phases =
        setup.0.iter().chain(&phases.0).map(|(name, s)| timings::phase(name, *s)).collect();
    timings::Timings { phases, oracles, suites }
}
