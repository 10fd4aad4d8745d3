//! urldiff-campaign (`urldiff fuzz`): a time-boxed, resumable libFuzzer campaign over the fuzz
//! workspace's targets, then its triage. No printing: progress goes to [`CampaignEvents`],
//! which the binary draws. Everything lives in one folder (docs/campaign-layout.md):
//!
//! 1. [`libfuzzer`] finds (or builds) the fuzz binaries; the harness only runs them.
//! 2. The targets run one after the other, each for its share of the duration, in fork mode
//!    with `--jobs` workers; a fuzzer that ends early (a crash it could not ignore) is started
//!    again for the rest of its share. `status.json` is rewritten every [`TICK`] and the
//!    progress goes to [`CampaignEvents`].
//! 3. A killed campaign (SIGKILL included) leaves a `running` or `triaging` status whose
//!    process is gone; the next start with the same targets and duration resumes it: orphaned
//!    fuzzers are stopped, each target's fuzzed seconds and the executions counted so far are
//!    kept, corpus and findings are where they were (a campaign killed during triage goes
//!    straight back to triage). One campaign at a time holds the folder's `lock` (an `flock`,
//!    released by the kernel however the process ends), so two started together cannot both
//!    run.
//! 4. [`report`] triages the findings (minimize, every available oracle, classify, group),
//!    writes `report.json`, `report.md`, `report.html` and appends to `history.jsonl`.
//!
//! ```
//! use std::path::Path;
//! use urldiff_campaign::Layout;
//! // A campaign folder: what the dashboard reads, and each target's own folders.
//! let layout = Layout { dir: "runs/nightly".into() };
//! assert_eq!(layout.status(), Path::new("runs/nightly/status.json"));
//! assert_eq!(layout.history(), Path::new("runs/nightly/history.jsonl"));
//! assert_eq!(layout.crashes("differential"), Path::new("runs/nightly/crashes/differential"));
//! ```

pub mod libfuzzer;
pub mod report;
pub mod status;

use anyhow::{bail, Context};
use libfuzzer::{Fuzzers, Run, RunSpec, Stats};
use status::{CampaignState, Resume, Status};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant, SystemTime};

/// How often the status is rewritten and progress reported.
pub const TICK: Duration = Duration::from_secs(2);

/// The targets of the fuzz workspace (the binaries' names), in the order a campaign runs them.
pub const TARGETS: [&str; 6] =
    ["differential", "structured", "roundtrip", "setters", "rfc_split", "validity"];

/// What a campaign reports while it runs.
pub trait CampaignEvents {
    /// A line worth showing (resuming, building, a target starting or restarting).
    fn note(&self, _message: &str) {}
    /// The status just written; `target_execs` are the running target's executions (the
    /// status counts the whole campaign's).
    fn progress(&self, _status: &Status, _target: &str, _target_execs: u64) {}
    /// Fuzzing is over; triage starts on `findings` findings.
    fn triage_started(&self, _findings: usize) {}
}

/// Says nothing.
#[derive(Debug, Default)]
pub struct Quiet;
impl CampaignEvents for Quiet {}

/// A campaign's options.
#[derive(Clone, Debug)]
pub struct Options {
    pub targets: Vec<String>,
    pub duration: Duration,
    pub jobs: u32,
    pub out: PathBuf,
    /// Run `cargo fuzz build` first when in a checkout with cargo-fuzz.
    pub build: bool,
    /// Triage budget: seconds per minimization.
    pub minimize_seconds: f64,
    /// The ledger folder: triage leaves out the divergences it expects.
    pub ledger: PathBuf,
}

/// The campaign folder's paths.
#[derive(Clone, Debug)]
pub struct Layout {
    pub dir: PathBuf,
}

impl Layout {
    pub fn status(&self) -> PathBuf {
        self.dir.join("status.json")
    }
    /// Held (`flock`) by the campaign running in the folder.
    pub fn lock(&self) -> PathBuf {
        self.dir.join("lock")
    }
    pub fn history(&self) -> PathBuf {
        self.dir.join("history.jsonl")
    }
    pub fn corpus(&self, target: &str) -> PathBuf {
        self.dir.join("corpus").join(target)
    }
    pub fn findings_root(&self) -> PathBuf {
        self.dir.join("findings")
    }
    pub fn findings(&self, target: &str) -> PathBuf {
        self.findings_root().join(target)
    }
    pub fn crashes(&self, target: &str) -> PathBuf {
        self.dir.join("crashes").join(target)
    }
    pub fn log(&self, target: &str) -> PathBuf {
        self.dir.join("logs").join(format!("{target}.log"))
    }
    /// Seed corpora, written once per target (not one of the layout's dashboard files).
    pub fn seeds(&self) -> PathBuf {
        self.dir.join("seeds")
    }
}

/// Check the options before anything starts: known targets, each once; a duration; jobs.
pub fn validate(options: &Options) -> anyhow::Result<()> {
    if options.targets.is_empty() {
        bail!("no target: name one or more with --target ({})", TARGETS.join(", "));
    }
    for (i, t) in options.targets.iter().enumerate() {
        if !TARGETS.contains(&t.as_str()) {
            bail!("unknown fuzz target `{t}` (known: {})", TARGETS.join(", "));
        }
        if options.targets[..i].contains(t) {
            bail!("the target `{t}` is named twice");
        }
    }
    if options.duration.as_secs() == 0 {
        bail!("--duration must be at least one second");
    }
    if options.jobs == 0 {
        bail!("--jobs must be at least 1");
    }
    Ok(())
}

/// Run the campaign and its triage; the exit code: 0 no new group, 1 new groups.
pub fn run(options: &Options, events: &dyn CampaignEvents) -> anyhow::Result<u8> {
    validate(options)?;
    for sub in ["corpus", "findings", "crashes", "logs"] {
        std::fs::create_dir_all(options.out.join(sub))
            .with_context(|| format!("creating {}", options.out.join(sub).display()))?;
    }
    // Absolute, so that the fuzzers' command lines name the folder the same way from any
    // working directory (a resumed campaign recognizes its orphans by it).
    let dir = std::fs::canonicalize(&options.out)
        .with_context(|| format!("resolving {}", options.out.display()))?;
    let layout = Layout { dir };
    let _lock = lock(&layout)?;
    let mut status = begin(options, &layout, events)?;
    // A campaign killed during its triage has nothing left to fuzz: no binaries needed.
    if status.seconds_left.unwrap_or(0) > 0 {
        let note = |message: &str| events.note(message);
        let log = layout.log("build");
        let fuzzers = Fuzzers::locate(&options.targets, options.build, &log, &note)?;
        status::write_status(&layout.status(), &status)?;
        fuzz(options, &layout, &fuzzers, &mut status, events)?;
    }
    status.state = CampaignState::Triaging;
    status.seconds_left = Some(0);
    status.resume.fuzzer_groups.clear();
    touch(&mut status);
    status::write_status(&layout.status(), &status)?;
    let code = report::triage_and_report(options, &layout, &mut status, events);
    if code.is_err() {
        status.state = CampaignState::Failed;
        touch(&mut status);
        status::write_status(&layout.status(), &status)?;
    }
    code
}

/// Take the folder's lock, held until the returned file is dropped (or the process ends, however
/// it ends): the one check that another campaign is running there, made before anything is read
/// or written, so two campaigns started together cannot both pass it.
fn lock(layout: &Layout) -> anyhow::Result<std::fs::File> {
    let path = layout.lock();
    let file = std::fs::OpenOptions::new()
        .create(true)
        .truncate(false)
        .write(true)
        .open(&path)
        .with_context(|| format!("opening {}", path.display()))?;
    match rustix::fs::flock(&file, rustix::fs::FlockOperation::NonBlockingLockExclusive) {
        Ok(()) => Ok(file),
        Err(rustix::io::Errno::WOULDBLOCK) => {
            let pid = status::read_status(&layout.status())
                .and_then(|s| s.pid)
                .map_or_else(String::new, |pid| format!(" (pid {pid})"));
            bail!(
                "a campaign is already running in {}{pid}: it holds {}; stop it first",
                layout.dir.display(),
                path.display()
            )
        }
        Err(e) => Err(e).with_context(|| format!("locking {}", path.display())),
    }
}

/// A new status, or the one of the interrupted campaign this start resumes (the caller holds
/// the lock, so a `running` or `triaging` status here is a campaign that was killed).
fn begin(
    options: &Options,
    layout: &Layout,
    events: &dyn CampaignEvents,
) -> anyhow::Result<Status> {
    let now = SystemTime::now();
    let previous = status::read_status(&layout.status());
    let resumable = previous.filter(|p| {
        matches!(
            p.state,
            CampaignState::Running | CampaignState::Interrupted | CampaignState::Triaging
        ) && p.targets == options.targets
            && p.resume.duration_seconds == options.duration.as_secs()
    });
    let mut status = match resumable {
        Some(mut p) => {
            stop_orphans(&p.resume.fuzzer_groups, &layout.dir);
            // The executions of the fuzzer that was running are in the last status only.
            p.resume.execs_done = p.resume.execs_done.max(p.execs);
            let done: u64 = p.resume.elapsed_seconds.values().sum();
            events.note(&format!(
                "resuming the campaign started {} ({done} s of {} s fuzzed)",
                p.started.as_deref().unwrap_or("at an unknown time"),
                p.resume.duration_seconds
            ));
            p.resume.fuzzer_groups.clear();
            p
        }
        None => fresh(options, layout, now),
    };
    status.state = CampaignState::Running;
    status.pid = Some(std::process::id());
    status.jobs = Some(options.jobs);
    let left =
        options.duration.as_secs().saturating_sub(status.resume.elapsed_seconds.values().sum());
    status.seconds_left = Some(left);
    status.deadline = Some(status::rfc3339(now + Duration::from_secs(left)));
    touch(&mut status);
    Ok(status)
}

fn fresh(options: &Options, layout: &Layout, now: SystemTime) -> Status {
    // Every target's folder: a target's check can record findings under another (structured
    // records roundtrip findings).
    let findings_before =
        TARGETS.iter().map(|t| ((*t).to_owned(), count_files(&layout.findings(t)))).collect();
    Status {
        schema_version: status::STATUS_SCHEMA_VERSION,
        state: CampaignState::Running,
        pid: None,
        started: Some(status::rfc3339(now)),
        updated: Some(status::rfc3339(now)),
        deadline: None,
        targets: options.targets.clone(),
        jobs: Some(options.jobs),
        execs: 0,
        execs_per_sec: 0.0,
        corpus_size: 0,
        new_signatures: 0,
        crashes: 0,
        seconds_left: Some(options.duration.as_secs()),
        resume: Resume {
            duration_seconds: options.duration.as_secs(),
            findings_before,
            ..Resume::default()
        },
    }
}

/// Kill the process groups an interrupted campaign left running — only those whose leader is
/// still a fuzzer of this campaign folder (its command line names the folder).
fn stop_orphans(groups: &[u32], dir: &Path) {
    let dir = dir.display().to_string();
    for &pgid in groups {
        let cmdline = std::fs::read(format!("/proc/{pgid}/cmdline")).unwrap_or_default();
        if String::from_utf8_lossy(&cmdline).contains(&dir) {
            urldiff_oracles::subprocess::process::process_group::kill_group(pgid);
        }
    }
}

/// Each target for the rest of its share of the duration.
fn fuzz(
    options: &Options,
    layout: &Layout,
    fuzzers: &Fuzzers,
    status: &mut Status,
    events: &dyn CampaignEvents,
) -> anyhow::Result<()> {
    let share = options.duration.as_secs() / options.targets.len() as u64;
    let last = options.targets.len() - 1;
    for (i, target) in options.targets.iter().enumerate() {
        // The last target takes what integer division left over.
        let share =
            if i == last { options.duration.as_secs() - share * last as u64 } else { share };
        for dir in [layout.corpus(target), layout.findings(target), layout.crashes(target)] {
            std::fs::create_dir_all(&dir)?;
        }
        let mut restarts = 0;
        loop {
            let done = status.resume.elapsed_seconds.get(target).copied().unwrap_or(0);
            if done >= share {
                break;
            }
            if restarts > 0 {
                events.note(&format!("{target}: the fuzzer ended early; starting it again"));
            }
            let ended_early =
                fuzz_target(layout, fuzzers, target, share - done, options, status, events)?;
            restarts += 1;
            if !ended_early || restarts > 5 {
                break;
            }
        }
    }
    Ok(())
}

/// One fuzzer run of `target` for `seconds`; `Ok(true)` when it ended before its time.
fn fuzz_target(
    layout: &Layout,
    fuzzers: &Fuzzers,
    target: &str,
    seconds: u64,
    options: &Options,
    status: &mut Status,
    events: &dyn CampaignEvents,
) -> anyhow::Result<bool> {
    let mut corpora = vec![layout.corpus(target)];
    if count_files(&layout.corpus(target)) == 0 {
        fuzzers.write_seeds(target, &layout.seeds())?;
        corpora.push(layout.seeds().join(target));
    }
    events.note(&format!("{target}: fuzzing for {seconds} s with {} job(s)", options.jobs));
    let spec = RunSpec {
        target,
        seconds,
        jobs: options.jobs,
        corpora,
        crashes: layout.crashes(target),
        findings: layout.findings_root(),
        log: layout.log(target),
        scratch: layout.dir.join("tmp"),
    };
    let mut run = Run::start(fuzzers, &spec)?;
    status.resume.fuzzer_groups = vec![run.pid()];
    let started = Instant::now();
    let before = status.resume.elapsed_seconds.get(target).copied().unwrap_or(0);
    // libFuzzer stops itself at -max_total_time; a margin covers its start and final merge.
    let limit = Duration::from_secs(seconds + 60);
    let ended = loop {
        let ended = run.finished()?;
        let elapsed = started.elapsed();
        let stats = run.stats();
        status
            .resume
            .elapsed_seconds
            .insert(target.to_owned(), before + elapsed.as_secs().min(seconds));
        account(layout, status, stats);
        status.execs_per_sec = stats.execs_per_sec;
        touch(status);
        status::write_status(&layout.status(), status)?;
        events.progress(status, target, stats.execs);
        if ended.is_some() || elapsed > limit {
            break ended;
        }
        std::thread::sleep(TICK);
    };
    if ended.is_none() {
        run.stop();
    }
    let stats = run.stats();
    let elapsed = started.elapsed().as_secs();
    let ended_early = elapsed + 2 < seconds;
    // An early end keeps only the time it fuzzed; a full run counts its whole share.
    let fuzzed = if ended_early { elapsed } else { seconds };
    status.resume.elapsed_seconds.insert(target.to_owned(), before + fuzzed);
    status.resume.execs_done += stats.execs;
    status.resume.fuzzer_groups.clear();
    account(layout, status, Stats::default());
    touch(status);
    status::write_status(&layout.status(), status)?;
    Ok(ended_early)
}

/// Recount what the folder holds: corpus entries, new findings files, crash artifacts.
fn account(layout: &Layout, status: &mut Status, running: Stats) {
    let targets = status.targets.clone();
    status.execs = status.resume.execs_done + running.execs;
    status.corpus_size = targets.iter().map(|t| count_files(&layout.corpus(t))).sum();
    status.new_signatures = TARGETS
        .iter()
        .map(|t| {
            let before = status.resume.findings_before.get(*t).copied().unwrap_or(0);
            count_files(&layout.findings(t)).saturating_sub(before)
        })
        .sum();
    status.crashes = targets.iter().map(|t| count_files(&layout.crashes(t))).sum();
    let fuzzed: u64 = status.resume.elapsed_seconds.values().sum();
    status.seconds_left = Some(status.resume.duration_seconds.saturating_sub(fuzzed));
}

fn touch(status: &mut Status) {
    status.updated = Some(status::rfc3339(SystemTime::now()));
}

/// Regular files directly in `dir` (0 when it does not exist).
pub fn count_files(dir: &Path) -> u64 {
    std::fs::read_dir(dir)
        .map(|entries| {
            entries
                .filter_map(|e| e.ok())
                .filter(|e| e.file_type().is_ok_and(|t| t.is_file()))
                .count() as u64
        })
        .unwrap_or(0)
}

#[cfg(test)]
mod tests;
