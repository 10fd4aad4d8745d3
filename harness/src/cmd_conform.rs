//! `urldiff conform`: the CLI front of `urldiff::conform` (every suite × every oracle, the
//! ledger gate, the terminal summary and the matrix, JSON, JUnit, Markdown and HTML reports).

use crate::progress;
use clap::Args;
use std::io::Write as _;
use std::path::PathBuf;
use urldiff::conform::{self, Phases};
use urldiff_conform::sources;

#[derive(Debug, Args)]
pub struct ConformArgs {
    /// Run and report only this oracle (repeatable). Unknown or unavailable: an error.
    #[arg(long = "oracle", value_name = "NAME")]
    pub oracles: Vec<String>,
    /// Run only this suite (repeatable), e.g. `wpt/urltestdata` or `cases/ssrf`.
    #[arg(long = "suite", value_name = "NAME")]
    pub suites: Vec<String>,
    /// Read the ledger from this folder instead of the project's corpus/expected/ (found from
    /// the working directory up; outside a project, the ledger embedded in the binary).
    #[arg(long, value_name = "DIR")]
    pub ledger: Option<PathBuf>,
    /// Write the whole run as JSON.
    #[arg(long, value_name = "PATH")]
    pub json: Option<PathBuf>,
    /// Write JUnit XML (a testsuite per oracle × suite, a testcase per case).
    #[arg(long, value_name = "PATH")]
    pub junit: Option<PathBuf>,
    /// Write the whole matrix and the findings as text (the terminal shows a summary).
    #[arg(long, value_name = "PATH")]
    pub matrix: Option<PathBuf>,
    /// Write the Markdown report (the matrix, the divergences by class and severity, …).
    #[arg(long, value_name = "PATH")]
    pub markdown: Option<PathBuf>,
    /// Write the HTML report: one self-contained page with filters and inline diffs.
    #[arg(long, value_name = "PATH")]
    pub html: Option<PathBuf>,
    /// Rewrite the ledger to match this run and print what was added and removed.
    #[arg(long)]
    pub bless: bool,
    /// Print the projection, equivalence and severity tables, and exit.
    #[arg(long)]
    pub explain_projection: bool,
    /// Also print where the time went (each phase, each oracle's start-up and answering, each
    /// suite's judging) as tables, and put it in the JSON report (`timings`).
    #[arg(long)]
    pub timings: bool,
    /// Ask every oracle every case: do not answer subprocess oracles from the answer cache
    /// (`<cache>/answers/`), and do not remember their answers.
    #[arg(long)]
    pub no_cache: bool,
    /// Read our own cases from this folder instead of the embedded corpus/cases/.
    #[arg(long, value_name = "DIR", hide = true)]
    pub cases: Option<PathBuf>,
    /// Use only our own cases (no WPT or RFC suites).
    #[arg(long, hide = true)]
    pub only_cases: bool,
    /// Use only these oracles: NAME=FILE answers from a urltestdata-format table (testing).
    #[arg(long = "table-oracle", value_name = "NAME=FILE", hide = true)]
    pub table_oracles: Vec<String>,
}

pub fn run(args: ConformArgs) -> anyhow::Result<u8> {
    if args.explain_projection {
        urldiff::out!("{}", urldiff_reports::explain_projection::explain());
        return Ok(0);
    }
    let events = progress::for_stderr("conform");
    let wanted = sources::Wanted {
        cases: args.cases,
        only_cases: args.only_cases,
        ledger: args.ledger,
        bless: args.bless,
        table_oracles: args.table_oracles,
        no_cache: args.no_cache,
        oracles: args.oracles.clone(),
    };
    let set_up = sources::set_up(wanted, events.as_ref())?;
    let (oracles, suites, cache_notes) = (set_up.oracles, set_up.suites, set_up.cache_notes);
    let opts = conform::RunOptions {
        oracles: args.oracles,
        suites: args.suites,
        ledger_dir: set_up.ledger.dir().clone(),
        json: args.json,
        junit: args.junit,
        matrix: args.matrix,
        markdown: args.markdown,
        html: args.html,
        bless: args.bless,
        incomplete_suites: set_up.incomplete_suites,
        summary_width: Some(crate::terminal::width()),
        timings: args.timings,
        setup_phases: set_up.phases,
    };
    let finished = conform::execute(&opts, &oracles, suites, events.as_ref())?;
    // The cache is written when its oracles go, before the notes of this run are said.
    drop(oracles);
    for note in cache_notes.take() {
        eprintln!("urldiff: {}", urldiff_reports::hostile::first_line(&note));
    }
    match print_finished(&finished) {
        Err(e) if e.is_closed_pipe() => {}
        other => other?,
    }
    Ok(finished.code)
}

/// The summary, the wall time and what bless changed, on stdout.
fn print_finished(finished: &conform::Finished) -> Result<(), urldiff::output::StdoutError> {
    let mut out = std::io::stdout().lock();
    out.write_all(finished.summary.as_bytes())?;
    // The report holds the wall time, so writing it comes after: its phase is shown apart.
    let (before, reports): (Vec<_>, Vec<_>) =
        finished.phases.0.iter().copied().partition(|(name, _)| *name != "reports");
    let (before, reports) = (Phases(before), Phases(reports));
    writeln!(out, "wall time: {:.2} s ({before} s)", finished.wall_seconds)?;
    writeln!(out, "then {reports} s")?;
    if let Some(timings) = &finished.timings {
        write!(
            out,
            "{}",
            urldiff_reports::conform::timings::terminal(timings, crate::terminal::width())
        )?;
    }
    let Some(changes) = &finished.bless else { return Ok(out.flush()?) };
    for change in changes {
        let (added, removed) = (change.added.len(), change.removed.len());
        writeln!(out, "bless: {} (+{added} -{removed})", change.path.display())?;
        for line in &change.removed {
            writeln!(out, "  - {line}")?;
        }
        for line in &change.added {
            writeln!(out, "  + {line}")?;
        }
    }
    if changes.is_empty() {
        writeln!(out, "bless: the ledger already matches this run")?;
    }
    Ok(out.flush()?)
}
