//! `urldiff conform`: every suite against every oracle, compared with each suite's truth,
//! checked against the divergence ledger, reported as a matrix, JSON and JUnit.
//!
//! Data flows: [`suite`] and [`sources`] (cases and their truth) → [`driver`] (oracles answer
//! in parallel, progress to the [`Events`]) → `urldiff_reports::evaluate` (each answer against
//! the truth with `urldiff_compare`, then the [`ledger`]: expected or not, stale, unknown and
//! duplicate entries) → triage's classes for every divergence
//! (`urldiff_reports::classes::classify`) → the `urldiff_reports::ConformReport` every report
//! format renders, written by [`report`]; `urldiff_reports::bless` rewrites the ledger.
//! [`execute`] ties it together for the CLI and the end-to-end tests, writes the report files
//! and returns what to show; it prints nothing.

pub mod driver;
pub mod ledger;
pub mod report;
pub mod sources;
pub mod suite;
pub mod timings;

use crate::events::Events;
use anyhow::bail;
use std::collections::HashSet;
use std::path::PathBuf;
use std::time::Instant;
use urldiff_oracles::suite::Suite;
use urldiff_oracles::Oracle;

/// Options of one conform run (the CLI flags, minus how oracles and suites are found).
#[derive(Clone, Debug, Default)]
pub struct Options {
    /// `--oracle`: run and report only these oracles. Empty: all.
    pub oracles: Vec<String>,
    /// `--suite`: run only these suites. Empty: all.
    pub suites: Vec<String>,
    /// The ledger folder (`corpus/expected/` unless `--ledger`).
    pub ledger_dir: PathBuf,
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
    /// The phases before [`execute`] (reading the suites, setting up the oracles), for the
    /// timings.
    pub setup_phases: Phases,
}

impl Options {
    /// The report files this run writes.
    pub fn outputs(&self) -> report::Outputs {
        report::Outputs {
            json: self.json.clone(),
            junit: self.junit.clone(),
            matrix: self.matrix.clone(),
            markdown: self.markdown.clone(),
            html: self.html.clone(),
        }
    }
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
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        for (i, (name, seconds)) in self.0.iter().enumerate() {
            let comma = if i == 0 { "" } else { ", " };
            write!(f, "{comma}{name} {seconds:.2}")?;
        }
        Ok(())
    }
}

/// What a run has to show; the caller prints it.
#[derive(Debug)]
pub struct Finished {
    /// 0 nothing unexpected, 1 unexpected divergences or a wrong ledger.
    pub code: u8,
    /// Everything the run found, as every report renders it.
    pub report: urldiff_reports::ConformReport,
    /// The terminal summary (at most `Options::summary_width` columns a line).
    pub summary: String,
    /// The matrix and the findings, as written to `--matrix`.
    pub matrix: String,
    pub wall_seconds: f64,
    /// Where the wall time went.
    pub phases: Phases,
    /// With `--bless`: what changed in each ledger file.
    pub bless: Option<Vec<urldiff_reports::bless::BlessChange>>,
    /// With `--timings`: where the time went, the writing of the reports included (the JSON
    /// report's copy, written during that phase, stops before it).
    pub timings: Option<urldiff_reports::timings::Timings>,
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

/// Run conform. Errors are harness failures (exit 2): two oracles with one name, a malformed
/// or missing ledger, an unknown or unavailable `--oracle`, an unknown suite, an oracle
/// answering the wrong number of cases, a report that cannot be written.
pub fn execute(
    opts: &Options,
    oracles: &[Box<dyn Oracle>],
    suites: Vec<Suite>,
    events: &dyn Events,
) -> anyhow::Result<Finished> {
    let start = Instant::now();
    let mut phases = Phases::default();
    urldiff_triage::compared::check_unique_names(oracles)?;
    let (known_cases, suites, ledger) = phases.time("ledger", || {
        let known_cases = (!opts.incomplete_suites).then(|| {
            suites.iter().flat_map(|s| s.cases.iter().map(|c| c.name())).collect::<HashSet<_>>()
        });
        let suites = select_suites(suites, &opts.suites)?;
        anyhow::Ok((known_cases, suites, ledger::Ledger::load(&opts.ledger_dir)?))
    })?;
    let plan = driver::Plan {
        oracles,
        selected: opts.oracles.clone(),
        suites,
        known_cases,
        ledger: &ledger,
        events,
    };
    let mut result = driver::run(&plan, &mut phases)?;
    // Every divergence gets triage's classes (no oracle asked, nothing minimized), so every
    // report summarizes the ledgered ones by class and severity.
    phases.time("classify", || urldiff_reports::classes::classify(&mut result.report));
    let bless = opts.bless.then(|| urldiff_reports::bless::bless(&ledger, &result));
    let code = if opts.bless { 0 } else { result.exit_code() };
    let wall_seconds = start.elapsed().as_secs_f64();
    let timings = opts.timings.then(|| timings::of(&opts.setup_phases, &phases, &result));
    let mut report = result.finish(wall_seconds, code);
    report.timings = timings;
    let (summary, matrix) = phases.time("reports", || {
        let mut files = opts.outputs().render(&report)?;
        for change in bless.iter().flatten() {
            files.push((change.path.clone(), change.contents.clone().into_bytes()));
        }
        urldiff_corpus::atomic::write_all(&files)?;
        let width = opts.summary_width.unwrap_or(urldiff_reports::terminal::WIDTH);
        let summary = urldiff_reports::terminal::render_to_width(&report, width);
        anyhow::Ok((summary, urldiff_reports::matrix::render(&report)))
    })?;
    let timings = report.timings.clone().map(|mut t| {
        t.phases.extend(phases.0.last().map(|(name, s)| timings::phase(name, *s)));
        t
    });
    Ok(Finished { code, report, summary, matrix, wall_seconds, phases, bless, timings })
}
