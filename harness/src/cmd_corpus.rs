//! `urldiff corpus …`: managing urldiff's data. `corpus sync` downloads the WPT URL files at a
//! pinned revision, verifies them against recorded checksums and installs them in the cache
//! that the `wpt` oracle prefers over the packaged copy (see `wpt_sync`). `corpus generate N`
//! prints N generated cases (`urldiff_corpus::urlgen`: mutations of WPT's inputs and
//! grammar-built URLs) as JSON Lines, ready for `urldiff triage`; with `--coverage`, what of
//! the reference parser they reach instead.

use clap::{Args, Subcommand};
use urldiff_corpus::wpt_sync::{self, SyncRequest};

#[derive(Debug, Args)]
pub struct CorpusArgs {
    #[command(subcommand)]
    pub command: CorpusCommand,
}

#[derive(Debug, Subcommand)]
pub enum CorpusCommand {
    /// Download the WPT url/resources files at a pinned revision into the cache, verified.
    Sync(SyncArgs),
    /// Print N generated cases as JSON Lines of {"input", "base"} (deterministic per --seed).
    Generate(GenerateArgs),
}

#[derive(Debug, Args)]
pub struct GenerateArgs {
    /// How many cases (at most 1,000,000).
    #[arg(value_parser = clap::value_parser!(u64).range(0..=1_000_000))]
    pub count: u64,
    /// The generator's seed: the same seed gives the same cases.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Print, instead of the cases, what of the reference parser they reach: its states ×
    /// the kinds of code point each reads, and the named edges (`urldiff_triage::state_coverage`).
    #[arg(long)]
    pub coverage: bool,
}

#[derive(Debug, Args)]
pub struct SyncArgs {
    /// The WPT revision (a commit or tag name) to fetch.
    #[arg(long, default_value = wpt_sync::PINNED_REVISION, value_parser = wpt_sync::revision_name)]
    pub revision: String,
    /// A base URL serving the files by name (default: the upstream WPT repository at REV).
    #[arg(long)]
    pub from: Option<String>,
    /// Record the checksums of what is downloaded when none are recorded for REV yet.
    #[arg(long)]
    pub trust: bool,
    /// The folder of recorded checksums (default: the project's corpus/wpt-checksums/).
    #[arg(long)]
    pub checksums: Option<std::path::PathBuf>,
}

pub fn run(args: CorpusArgs) -> anyhow::Result<u8> {
    match args.command {
        CorpusCommand::Sync(sync) => run_sync(sync),
        CorpusCommand::Generate(generate) => run_generate(generate),
    }
}

fn run_generate(args: GenerateArgs) -> anyhow::Result<u8> {
    let seeds = urldiff_corpus::urlgen::wpt_seeds();
    let mut out = String::new();
    let count = usize::try_from(args.count).expect("at most 1,000,000");
    let cases = urldiff_corpus::urlgen::generate(&seeds, count, args.seed);
    if args.coverage {
        let requests: Vec<urldiff_triage::Request> = cases
            .iter()
            .map(|c| urldiff_triage::Request::new(&c.input, c.base.as_deref()))
            .collect();
        let coverage = urldiff_triage::state_coverage::StateCoverage::of(&requests);
        urldiff::out!("{}", coverage.table());
        return Ok(0);
    }
    for case in cases {
        // One line each, as `urldiff triage` and `compare --jsonl` read it.
        out.push_str(&urldiff_corpus::request_line::write_request(
            &case.input,
            case.base.as_deref(),
        ));
        out.push('\n');
        if out.len() > 1 << 16 {
            urldiff::out!("{out}");
            out.clear();
        }
    }
    urldiff::out!("{out}");
    Ok(0)
}

fn run_sync(args: SyncArgs) -> anyhow::Result<u8> {
    let request = SyncRequest {
        from: args.from.unwrap_or_else(|| wpt_sync::upstream_url(&args.revision)),
        revision: args.revision,
        checksums_dir: match args.checksums {
            Some(dir) => dir,
            None => wpt_sync::default_checksums_dir()?,
        },
        cache_dir: urldiff_corpus::wpt::sync_cache_dir(),
        trust: args.trust,
    };
    let report = wpt_sync::sync(&request)?;
    let how = if report.recorded { "checksums recorded in" } else { "verified against" };
    urldiff::outln!(
        "synced WPT url/resources at {} ({} files, {how} {}) into {}",
        request.revision,
        report.files,
        report.checksum_file.display(),
        request.cache_dir.display()
    );
    Ok(0)
}
