//! `urldiff fuzz [--target NAME]... --duration 8h [--jobs N] --out DIR`: a time-boxed,
//! resumable libFuzzer campaign over the fuzz workspace's targets, then its triage
//! (`urldiff_campaign`). Progress goes to stderr; the summary to stdout.
//!
//! Exit codes: 0 no new group, 1 new groups, 2 harness error (bad arguments, missing fuzz
//! binaries or cargo-fuzz, a campaign already running in DIR, a file that cannot be written).

use clap::Args;
use std::path::PathBuf;
use std::time::Duration;
use urldiff_campaign::{self as fuzz, Options};

#[derive(Debug, Args)]
pub struct FuzzArgs {
    /// A fuzz target (repeatable; default: differential and structured). Known: differential,
    /// structured, roundtrip, setters, rfc_split, validity.
    #[arg(long = "target", value_name = "NAME")]
    pub targets: Vec<String>,
    /// How long to fuzz, over all targets: `8h`, `10m`, `60s`, or seconds.
    #[arg(long, value_parser = parse_duration)]
    pub duration: Duration,
    /// libFuzzer fork-mode workers per target.
    #[arg(long, default_value_t = 1)]
    pub jobs: u32,
    /// The campaign folder (docs/campaign-layout.md); a killed campaign there is resumed.
    #[arg(long, value_name = "DIR")]
    pub out: PathBuf,
    /// Use the fuzz binaries as they are: no `cargo fuzz build` first.
    #[arg(long)]
    pub no_build: bool,
    /// Triage budget: seconds per minimization.
    #[arg(long, default_value_t = 10.0, value_parser = crate::cmd_minimize::budget_seconds)]
    pub minimize_seconds: f64,
}

/// `8h`, `90m`, `60s`, `1h30m` (humantime), or a number of seconds.
fn parse_duration(text: &str) -> Result<Duration, String> {
    if let Ok(seconds) = text.parse::<u64>() {
        return Ok(Duration::from_secs(seconds));
    }
    humantime::parse_duration(text)
        .map_err(|e| format!("`{text}` is not a duration ({e}); write e.g. 8h, 10m, 60s or 90"))
}

pub fn run(args: FuzzArgs) -> anyhow::Result<u8> {
    let targets = if args.targets.is_empty() {
        vec!["differential".to_owned(), "structured".to_owned()]
    } else {
        args.targets
    };
    let options = Options {
        targets,
        duration: args.duration,
        jobs: args.jobs,
        out: args.out,
        build: !args.no_build,
        minimize_seconds: args.minimize_seconds,
        ledger: urldiff_conform::sources::LedgerSource::find(None)?.dir().clone(),
    };
    fuzz::validate(&options)?;
    let events = crate::progress::CampaignProgress::new();
    let code = fuzz::run(&options, &events)?;
    events.finish();
    let report = options.out.join("report.json");
    let status = fuzz::status::read_status(&options.out.join("status.json"));
    let history = fuzz::status::read_history(&options.out.join("history.jsonl"));
    if let (Some(status), Some(line)) = (status, history.last()) {
        urldiff::outln!(
            "fuzz: {} execs in {} s, corpus {}, {} new signatures, {} crash artifacts",
            status.execs,
            line.duration_seconds,
            status.corpus_size,
            status.new_signatures,
            status.crashes
        );
        let classes: Vec<String> =
            line.groups_per_class.iter().map(|(c, n)| format!("{c} {n}")).collect();
        urldiff::outln!(
            "triage: {} groups ({} new): {}",
            line.groups,
            line.new_groups,
            classes.join(", ")
        );
    }
    urldiff::outln!("wrote {}", report.display());
    Ok(code)
}
