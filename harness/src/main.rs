//! `urldiff`: the command-line front of the harness.
//!
//! Each subcommand lives in its own `cmd_*` module with its clap arguments and a `run`
//! function returning the process exit code: 0 conforming, 1 divergent, 2 harness error.
//! Output goes through `urldiff::output` (a closed stdout pipe ends the run quietly with 0);
//! SIGINT and SIGTERM kill every worker's process group and remove the temporary files of a
//! write under way (`urldiff_corpus::atomic::remove_staged`) before exiting with 130 and 143.

#![deny(clippy::print_stdout)]

use clap::{Parser, Subcommand};
use std::io::Write as _;
use std::process::ExitCode;

mod cmd_compare;
mod cmd_conform;
mod cmd_corpus;
mod cmd_export_wpt;
mod cmd_fuzz;
mod cmd_minimize;
mod cmd_oracles;
mod cmd_parse;
mod cmd_report;
mod cmd_serve;
mod cmd_triage;
mod progress;
mod terminal;

/// Differential conformance harness for URL parsers (WHATWG URL Standard, RFC 3986/2396).
#[derive(Debug, Parser)]
#[command(name = "urldiff", version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Parse a URL with the reference parser and print its record and validation errors.
    Parse(cmd_parse::ParseArgs),
    /// Run every suite against every oracle, gate on the divergence ledger, write reports.
    Conform(cmd_conform::ConformArgs),
    /// Render a saved conform report or findings file again; or make the RFC-vs-WHATWG report.
    Report(cmd_report::ReportArgs),
    /// List every oracle with its kind, version and availability.
    Oracles(cmd_oracles::OraclesArgs),
    /// Compare every available oracle's answer to an input (or a JSON Lines stream of them).
    Compare(cmd_compare::CompareArgs),
    /// Manage urldiff's data (`corpus sync`: fetch the WPT URL files).
    Corpus(cmd_corpus::CorpusArgs),
    /// Shrink a divergent input (and base) while its divergence signature stays the same.
    Minimize(cmd_minimize::MinimizeArgs),
    /// Minimize, classify and group the divergences of a conform report or JSON Lines file.
    Triage(cmd_triage::TriageArgs),
    /// Write a findings file's groups as WPT urltestdata.json entries.
    ExportWpt(cmd_export_wpt::ExportWptArgs),
    /// Serve the live viewer, the runs dashboard and the JSON API (loopback by default).
    Serve(cmd_serve::ServeArgs),
    /// Run a time-boxed, resumable libFuzzer campaign, then triage and report its findings.
    Fuzz(cmd_fuzz::FuzzArgs),
}

/// mimalloc returns freed memory to the system (glibc's malloc kept `urldiff serve` at ~700 MB
/// after clients that never read went away: docs/benchmarks.md). Transparent huge pages stay
/// allowed: without them (mimalloc's `no_thp`) a cold `urldiff triage` of 30,000 real URLs
/// took about 1 CPU-s less, but a warm `urldiff conform` 0.06 s more of its 0.3 (40,000 small
/// page faults instead of 800; docs/benchmarks.md).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> ExitCode {
    exit_cleanly_on_signals();
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Parse(args) => cmd_parse::run(args),
        Command::Conform(args) => cmd_conform::run(args),
        Command::Report(args) => cmd_report::run(args),
        Command::Oracles(args) => cmd_oracles::run(args),
        Command::Compare(args) => cmd_compare::run(args),
        Command::Corpus(args) => cmd_corpus::run(args),
        Command::Minimize(args) => cmd_minimize::run(args),
        Command::Triage(args) => cmd_triage::run(args),
        Command::ExportWpt(args) => cmd_export_wpt::run(args),
        Command::Serve(args) => cmd_serve::run(args),
        Command::Fuzz(args) => cmd_fuzz::run(args),
    };
    let result = result.and_then(|code| Ok(urldiff::output::flush().map(|()| code)?));
    match result {
        Ok(code) => ExitCode::from(code),
        Err(err) => match urldiff::output::error_message(&err) {
            // stdout is a closed pipe: the reader has what it wanted.
            None => ExitCode::SUCCESS,
            Some(message) => {
                let _ = writeln!(std::io::stderr(), "{message}");
                ExitCode::from(2)
            }
        },
    }
}

/// On SIGINT or SIGTERM, kill every worker's process group (workers run in groups of their
/// own, so they do not get a terminal's SIGINT themselves) and exit with 128 + the signal.
fn exit_cleanly_on_signals() {
    #[cfg(unix)]
    {
        use signal_hook::consts::{SIGINT, SIGTERM};
        let Ok(mut signals) = signal_hook::iterator::Signals::new([SIGINT, SIGTERM]) else {
            return;
        };
        std::thread::spawn(move || {
            if let Some(signal) = signals.forever().next() {
                urldiff_oracles::subprocess::process::process_group::kill_all();
                urldiff_corpus::atomic::remove_staged();
                std::process::exit(128 + signal);
            }
        });
    }
}
