//! `urldiff triage INPUT --out DIR [--ledger DIR] [--oracle NAME]... [--shard K/N]
//! [--no-cache]`: cut the divergences of a conform JSON report, a JSON Lines file of
//! `{"input", "base"}`, or a folder of such files into conformance, confusion and
//! model-difference parts, group them by root cause, minimize each group's example
//! (`urldiff_triage::pipeline`), and write
//! `DIR/findings.json` with the reports rendered from it, `DIR/findings.md` and
//! `DIR/findings.html`. The subprocess oracles answer from the answer cache conform fills
//! (`urldiff_oracles::answer_cache`) unless `--no-cache`. `--shard K/N` triages one
//! deterministic Nth of the input;
//! `urldiff triage --merge A/findings.json B/findings.json --out DIR` joins findings files by
//! root cause (`urldiff_triage::merge`): N shards merged are one run (shard 1 alone records
//! the input's skipped cases and unreadable lines), a file given twice is merged once, and
//! the triage flags (`--shard`, `--ledger`, `--oracle`, the budgets) are refused with
//! `--merge`. `--explain-classes` and `--explain-severity` print
//! those tables.
//!
//! Exit codes: 0 no group (nothing unexpected diverges), 1 groups found, 2 harness error (an
//! unreadable input, ledger or findings file, an unknown or unavailable `--oracle`, `--ledger`
//! without the reference, a findings file that cannot be written); a merge exits as one run
//! would (2 when a merged run had unreadable lines).

use anyhow::bail;
use clap::Args;
use std::path::PathBuf;
use urldiff_oracles::answer_cache::CacheNotes;
use urldiff_triage::expected::Ledger;
use urldiff_triage::findings::Findings;
use urldiff_triage::input;
use urldiff_triage::pipeline::{triage_stream, Config};
use urldiff_triage::select::{refs, select_cached_oracles, select_oracles};
use urldiff_triage::spill::Members;
use urldiff_triage::Budget;

#[derive(Debug, Args)]
pub struct TriageArgs {
    /// A conform JSON report (out/conform/run.json), a JSON Lines file of {"input", "base"},
    /// or a folder of such files.
    #[arg(required_unless_present_any = ["explain_classes", "explain_severity", "merge"])]
    pub input: Option<PathBuf>,
    /// Write DIR/findings.json here.
    #[arg(long, value_name = "DIR", required_unless_present_any = ["explain_classes", "explain_severity"])]
    pub out: Option<PathBuf>,
    /// Merge these findings files by root cause into DIR instead of triaging an input.
    #[arg(long, value_name = "FINDINGS.json", num_args = 1.., conflicts_with_all = [
        "input", "shard", "ledger", "oracles", "minimize_per_key", "max_calls", "max_seconds",
        "batch_size", "no_cache"
    ])]
    pub merge: Vec<PathBuf>,
    /// Triage only shard K of N (1-based): a deterministic Nth of the cases, by a hash of
    /// input and base, so N shards merged (--merge) are one run.
    #[arg(long, value_name = "K/N", value_parser = parse_shard)]
    pub shard: Option<(usize, usize)>,
    /// Leave out the divergences these ledgers expect (e.g. corpus/expected).
    #[arg(long, value_name = "DIR")]
    pub ledger: Option<PathBuf>,
    /// Ask only these oracles (repeatable; default: every available oracle except the
    /// expectation tables).
    #[arg(long = "oracle", value_name = "NAME")]
    pub oracles: Vec<String>,
    /// Print the class table and exit.
    #[arg(long)]
    pub explain_classes: bool,
    /// Print the severity table (severity from consequence) and exit.
    #[arg(long)]
    pub explain_severity: bool,
    /// Minimize at most this many cases of each group (root cause).
    #[arg(long, default_value_t = Config::DEFAULT_MINIMIZE_PER_KEY)]
    pub minimize_per_key: usize,
    /// Budget of one minimization: distinct candidates.
    #[arg(long, default_value_t = Budget::DEFAULT_MAX_CALLS)]
    pub max_calls: usize,
    /// Budget of one minimization: seconds.
    #[arg(long, default_value_t = Budget::DEFAULT_MAX_SECONDS,
          value_parser = crate::cmd_minimize::budget_seconds)]
    pub max_seconds: f64,
    /// Ask every oracle every case: do not answer subprocess oracles from the answer cache
    /// (`<cache>/answers/`, shared with `urldiff conform`), and do not remember their answers.
    #[arg(long)]
    pub no_cache: bool,
    /// Ask the oracles this many cases at a time: memory holds two batches' answers (one is
    /// asked while the one before is cut; the findings are the same whatever the batch size).
    #[arg(long, value_name = "CASES", default_value_t = DEFAULT_BATCH,
          value_parser = clap::value_parser!(u64).range(1..))]
    pub batch_size: u64,
}

/// Cases per batch: about 11 KB each while asked with every oracle.
const DEFAULT_BATCH: u64 = 10_000;

/// `K/N` with 1 <= K <= N.
fn parse_shard(text: &str) -> Result<(usize, usize), String> {
    let bad = || format!("{text:?} is not K/N with 1 <= K <= N (e.g. 2/8)");
    let (k, n) = text.split_once('/').ok_or_else(bad)?;
    let (k, n): (usize, usize) =
        (k.trim().parse().map_err(|_| bad())?, n.trim().parse().map_err(|_| bad())?);
    if k == 0 || k > n {
        return Err(bad());
    }
    Ok((k, n))
}

pub fn run(args: TriageArgs) -> anyhow::Result<u8> {
    if args.explain_classes {
        urldiff::out!("{}", urldiff_triage::classify::explain::explain());
        return Ok(0);
    }
    if args.explain_severity {
        urldiff::out!("{}", urldiff_triage::rootcause::severity::explain());
        return Ok(0);
    }
    if !args.merge.is_empty() {
        let Some(out_dir) = &args.out else { bail!("--merge needs --out DIR") };
        return run_merge(&args.merge, out_dir);
    }
    let (Some(path), Some(out_dir)) = (&args.input, &args.out) else {
        bail!("triage needs INPUT and --out DIR");
    };
    let mut reader = input::Reader::open(path)?;
    let cache_notes = CacheNotes::default();
    let cache_dir = urldiff_oracles::answer_cache::default_dir();
    let cache = (!args.no_cache).then_some((cache_dir.as_path(), &cache_notes));
    let mut selection = match cache {
        Some((dir, notes)) => select_cached_oracles(&args.oracles, dir, notes)?,
        None => select_oracles(&args.oracles)?,
    };
    urldiff_triage::select::with_other_releases_cached(&mut selection, cache);
    for (name, reason) in &selection.unavailable {
        eprintln!("{name}: unavailable: {}", urldiff_reports::hostile::first_line(reason));
    }
    let oracles = refs(&selection.oracles);
    let (ledger, known) =
        urldiff_conform::sources::triage_ledgers(args.ledger.as_deref(), &oracles)?;
    let config = Config {
        ledger: ledger.as_ref().map(|l| l as &dyn Ledger),
        known: known.as_ref().map(|l| l as &dyn Ledger),
        budget: Budget { max_calls: args.max_calls, max_seconds: args.max_seconds },
        minimize_per_key: args.minimize_per_key.max(1),
        ..Config::new(&oracles, &selection.unavailable)
    };
    let progress = crate::progress::TriageProgress::new();
    // Members spill beside the findings (`.triage-spill.<pid>.<random>.tmp`), removed when
    // done or on SIGTERM.
    let spill = urldiff_corpus::atomic::temp_dir(&out_dir.join("triage-spill"))?;
    let mut members = Members::spill(spill.path());
    let mut read_error = None;
    let batch = usize::try_from(args.batch_size).unwrap_or(usize::MAX);
    let mut skipped = |line: &str| eprintln!("urldiff: skipped {line}");
    let next_batch = || match reader.next_batch_in(batch, args.shard, &mut skipped) {
        Ok(cases) => cases,
        Err(e) => {
            read_error = Some(e);
            None
        }
    };
    let mut findings = triage_stream(next_batch, &config, &mut members, &progress)?;
    if let Some(e) = read_error {
        return Err(e.into());
    }
    let read = reader.finish()?;
    findings.run.sources = read.sources;
    findings.run.skipped_cases = read.skipped;
    findings.run.unreadable_lines = read.unreadable;
    let code = findings.exit_code();
    if let Some(shard) = args.shard {
        urldiff_triage::merge::as_shard(&mut findings.run, shard);
    }
    // The cache is written when its oracles go, before the notes of this run are said.
    drop(config);
    drop(oracles);
    drop(selection);
    for note in cache_notes.take() {
        eprintln!("urldiff: {}", urldiff_reports::hostile::first_line(&note));
    }
    write_findings(out_dir, &findings, &members)?;
    drop(spill);
    urldiff::out!("{}", summary(&findings, out_dir));
    Ok(code)
}

/// `--merge`: read every findings file (all must read), merge by root cause, write DIR. The
/// exit code is one run's: 2 when a merged run had unreadable input lines, else 1 on groups.
fn run_merge(files: &[PathBuf], out_dir: &std::path::Path) -> anyhow::Result<u8> {
    let read = urldiff_triage::merge::read_files(files)?;
    for (again, first) in urldiff_triage::merge::repeated(&read) {
        eprintln!(
            "urldiff: {} holds the same findings as {}: merged once",
            files[again - 1].display(),
            files[first - 1].display()
        );
    }
    let merged = urldiff_triage::merge::merge(read, Config::DEFAULT_ORIGINALS_KEPT)
        .map_err(|e| anyhow::anyhow!(urldiff_triage::merge::naming_the_file(e, files)))?;
    for line in &merged.run.unreadable_lines {
        eprintln!("urldiff: a merged run skipped {line}");
    }
    write_findings(out_dir, &merged, &Members::memory())?;
    urldiff::out!("{}", summary(&merged, out_dir));
    Ok(merged.exit_code())
}

/// Write the findings files of `dir`, all or none (`urldiff_corpus::atomic`): findings.json
/// (each group's members listed from `members` when it holds them, as they are written) and
/// the reports rendered from it, findings.md and findings.html (which show counts and the
/// first members only).
fn write_findings(
    dir: &std::path::Path,
    findings: &Findings,
    members: &Members,
) -> anyhow::Result<()> {
    use urldiff_corpus::atomic::Fill;
    let json: Fill = Box::new(|out| urldiff_triage::findings_json::write(findings, members, out));
    let mut files: Vec<(PathBuf, Fill)> = vec![(dir.join("findings.json"), json)];
    for (path, contents) in urldiff_reports::findings::files(
        findings,
        Some(dir.join("findings.md")),
        Some(dir.join("findings.html")),
    ) {
        files.push((path, Box::new(move |out| out.write_all(&contents))));
    }
    Ok(urldiff_corpus::atomic::write_all_with(files)?)
}

/// What the run found, for stdout: the findings' summary, then the files written.
fn summary(findings: &Findings, dir: &std::path::Path) -> String {
    let mut out = urldiff_reports::findings::terminal::render(findings);
    for name in ["findings.json", "findings.md", "findings.html"] {
        out.push_str(&format!("wrote {}\n", dir.join(name).display()));
    }
    out
}
