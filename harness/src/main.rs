//! `urldiff`: the command-line front of the harness.
//!
//! Each subcommand lives in its own `cmd_*` module with its clap arguments and a `run`
//! function returning the process exit code: 0 conforming, 1 divergent, 2 harness error.

use clap::{Parser, Subcommand};
use std::process::ExitCode;
use urldiff::jsonl;

mod cmd_compare;
mod cmd_conform;
mod cmd_corpus;
mod cmd_export_wpt;
mod cmd_minimize;
mod cmd_oracles;
mod cmd_parse;
mod cmd_parse_rfc;
mod cmd_triage;
mod progress;
mod wpt_sync;

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
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Parse(args) => cmd_parse::run(args),
        Command::Conform(args) => cmd_conform::run(args),
        Command::Oracles(args) => cmd_oracles::run(args),
        Command::Compare(args) => cmd_compare::run(args),
        Command::Corpus(args) => cmd_corpus::run(args),
        Command::Minimize(args) => cmd_minimize::run(args),
        Command::Triage(args) => cmd_triage::run(args),
        Command::ExportWpt(args) => cmd_export_wpt::run(args),
    };
    match result {
        Ok(code) => ExitCode::from(code),
        Err(err) => {
            eprintln!("urldiff: error: {err:#}");
            ExitCode::from(2)
        }
    }
}
