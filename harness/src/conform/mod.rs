//! `urldiff conform`: every suite against every oracle, compared with each suite's truth,
//! checked against the divergence ledger, reported as a matrix, JSON and JUnit.
//!
//! Data flows: [`suite`] (cases and their truth) → [`driver`] (oracles answer in parallel)
//! → [`compare`] (via the [`project`]ion table, graded by [`grade`]) → [`ledger`] (expected or
//! not, stale entries) → [`report`] / [`junit`]; [`bless`] rewrites the ledger. [`execute`]
//! ties it together for the CLI and the end-to-end tests; [`sources`] says which oracles and
//! suites a default run uses.

pub mod bless;
pub mod compare;
pub mod driver;
pub mod grade;
pub mod junit;
pub mod ledger;
pub mod project;
pub mod report;
pub mod sources;
pub mod suite;

use anyhow::bail;
use std::path::PathBuf;
use std::time::Instant;
use urldiff_oracles::Oracle;

/// Options of one conform run (the CLI flags, minus how oracles and suites are found).
#[derive(Clone, Debug, Default)]
pub struct Options {
    /// `--oracle`: report only these oracles (truth oracles still run). Empty: all.
    pub oracles: Vec<String>,
    /// `--suite`: run only these suites. Empty: all.
    pub suites: Vec<String>,
    /// The ledger folder (`corpus/expected/` unless `--ledger`).
    pub ledger_dir: PathBuf,
    pub json: Option<PathBuf>,
    pub junit: Option<PathBuf>,
    /// Also write the matrix text here (`make conform` writes out/conform/matrix.txt).
    pub matrix: Option<PathBuf>,
    pub bless: bool,
    pub progress_bar: bool,
    /// No progress lines and no matrix on stdout (tests).
    pub quiet: bool,
}

/// Keep the suites named in `wanted` (all when empty); an unknown name is an error.
pub fn select_suites(
    all: Vec<suite::Suite>,
    wanted: &[String],
) -> anyhow::Result<Vec<suite::Suite>> {
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

/// Run conform and return the exit code (0 nothing unexpected, 1 unexpected divergences or
/// stale ledger entries). Errors are harness failures (exit 2): a malformed ledger, an
/// unknown oracle or suite, an oracle answering the wrong number of cases, a write failing.
pub fn execute(
    opts: &Options,
    oracles: &[Box<dyn Oracle>],
    suites: Vec<suite::Suite>,
) -> anyhow::Result<u8> {
    let start = Instant::now();
    let suites = select_suites(suites, &opts.suites)?;
    let ledger = ledger::Ledger::load(&opts.ledger_dir)?;
    let plan = driver::Plan {
        oracles,
        selected: opts.oracles.clone(),
        suites,
        ledger: &ledger,
        progress_bar: opts.progress_bar,
        quiet: opts.quiet,
    };
    let result = driver::run(&plan)?;
    let wall = start.elapsed().as_secs_f64();
    let matrix = report::matrix_text(&result, &plan.suites);
    if !opts.quiet {
        crate::out!("{matrix}");
        crate::outln!("wall time: {wall:.2} s");
    }
    if let Some(path) = &opts.matrix {
        report::write_atomic(path, matrix.as_bytes())?;
    }
    if let Some(path) = &opts.json {
        report::write_atomic(path, report::json_text(&result, wall)?.as_bytes())?;
    }
    if let Some(path) = &opts.junit {
        report::write_atomic(path, junit::junit_xml(&result).as_bytes())?;
    }
    if opts.bless {
        write_bless(&ledger, &result, opts.quiet)?;
        return Ok(0);
    }
    Ok(result.exit_code())
}

/// Apply bless and say what changed.
fn write_bless(
    ledger: &ledger::Ledger,
    result: &driver::RunResult,
    quiet: bool,
) -> anyhow::Result<()> {
    let changes = bless::bless(ledger, result);
    for change in &changes {
        report::write_atomic(&change.path, change.contents.as_bytes())?;
        if quiet {
            continue;
        }
        crate::outln!(
            "bless: {} (+{} -{})",
            change.path.display(),
            change.added.len(),
            change.removed.len()
        );
        for line in &change.removed {
            crate::outln!("  - {line}");
        }
        for line in &change.added {
            crate::outln!("  + {line}");
        }
    }
    if changes.is_empty() && !quiet {
        crate::outln!("bless: the ledger already matches this run");
    }
    Ok(())
}
