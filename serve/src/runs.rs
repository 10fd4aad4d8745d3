//! The runs folder as the dashboard reads it (`docs/campaign-layout.md`, "Where `urldiff serve
//! --runs DIR` looks"): the latest conform run in `DIR/conform/run.json`, and as campaigns
//! `DIR` itself and every folder below it, two levels deep, that holds a `status.json` or a
//! `history.jsonl`. Symbolic links are not followed while looking (a link cannot bring a
//! folder from elsewhere into the dashboard), a file whose real path lies outside the runs
//! folder (a link out) is refused and shown as such, and every file may be missing (a campaign
//! that has not got that far), partial or malformed: each is shown with what is wrong with it,
//! never an error page.
//!
//! A `running` or `triaging` status whose process is gone, or that has not been rewritten for
//! [`STALE_AFTER_SECONDS`], is shown as `interrupted`, with the reason.
//!
//! Only reads: the dashboard is a view of the files.

use super::files::href_of;
use std::path::{Path, PathBuf};
use std::time::SystemTime;
use urldiff_reports::campaign::{read_history, CampaignState, CampaignStatus, STALE_AFTER_SECONDS};
use urldiff_reports::dashboard::{
    CampaignView, ConformSummary, ConformView, Dashboard, FileLink, RunGroupRow, TargetFiles,
};

/// Where the latest conform run is, relative to the runs folder.
pub const CONFORM_RUN: &str = "conform/run.json";

/// The files of a campaign folder the dashboard links to, with their labels.
pub const CAMPAIGN_FILES: [(&str, &str); 5] = [
    ("report.html", "findings report (HTML)"),
    ("report.md", "findings report (Markdown)"),
    ("report.json", "report.json"),
    ("history.jsonl", "history.jsonl"),
    ("status.json", "status.json"),
];

/// Everything the dashboard shows, read now.
pub fn dashboard(runs: &Path) -> Dashboard {
    let inside = Inside::new(runs);
    Dashboard {
        runs_dir: runs.display().to_string(),
        conform: conform_view(&inside),
        campaigns: live_first(
            campaign_folders(runs).iter().map(|dir| campaign_view(&inside, dir)).collect(),
        ),
    }
}

/// The campaigns at work first (what one opens the dashboard for), each part by path.
fn live_first(mut campaigns: Vec<CampaignView>) -> Vec<CampaignView> {
    campaigns.sort_by_key(|c| !c.state.is_some_and(CampaignState::is_live));
    campaigns
}

/// Reads files of the runs folder, refusing any whose real path (every link resolved) lies
/// outside it: the dashboard shows what the file endpoint would serve, nothing else.
struct Inside {
    runs: PathBuf,
    /// The runs folder, canonical (`None`: it does not exist or cannot be resolved).
    canonical: Option<PathBuf>,
}

impl Inside {
    fn new(runs: &Path) -> Inside {
        Inside { runs: runs.to_owned(), canonical: runs.canonicalize().ok() }
    }

    /// The file's real path when it lies inside the runs folder; a missing file is `NotFound`.
    fn check(&self, path: &Path) -> std::io::Result<PathBuf> {
        let real = path.canonicalize()?;
        match &self.canonical {
            Some(root) if real.starts_with(root) => Ok(real),
            _ => Err(std::io::Error::new(
                std::io::ErrorKind::PermissionDenied,
                "refused: a symbolic link out of the runs folder",
            )),
        }
    }

    fn read(&self, path: &Path) -> std::io::Result<String> {
        super::files::read_regular_text(&self.check(path)?)
    }

    /// Whether `path` is a regular file inside the runs folder.
    fn is_file(&self, path: &Path) -> bool {
        self.check(path).is_ok_and(|real| real.is_file())
    }
}

fn conform_view(inside: &Inside) -> ConformView {
    let path = inside.runs.join(CONFORM_RUN);
    let mut view = ConformView {
        path: CONFORM_RUN.to_owned(),
        modified: modified(&path),
        summary: None,
        problem: None,
        report: None,
    };
    match inside.read(&path) {
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            view.problem = Some("not written yet".to_owned());
        }
        Err(e) => view.problem = Some(format!("cannot be read: {e}")),
        Ok(text) => match urldiff_conform::saved::conform_from_text(&text) {
            Ok(report) => {
                view.summary = Some(ConformSummary::of(&report));
                view.report = Some(Box::new(report));
            }
            Err(e) => view.problem = Some(e.to_string()),
        },
    }
    view
}

/// The campaign folders, sorted by their path: the runs folder and the folders one and two
/// levels below it that hold a `status.json` or a `history.jsonl`.
pub fn campaign_folders(runs: &Path) -> Vec<PathBuf> {
    let mut found = Vec::new();
    let mut level = vec![runs.to_owned()];
    for depth in 0..=2 {
        let mut next = Vec::new();
        for dir in &level {
            if is_campaign(dir) {
                found.push(dir.clone());
            }
            if depth < 2 {
                next.extend(subfolders(dir));
            }
        }
        level = next;
    }
    found.sort();
    found
}

fn is_campaign(dir: &Path) -> bool {
    ["status.json", "history.jsonl"].iter().any(|f| dir.join(f).is_file())
}

/// The folders directly in `dir`, not through symbolic links.
fn subfolders(dir: &Path) -> Vec<PathBuf> {
    let Ok(entries) = std::fs::read_dir(dir) else { return Vec::new() };
    entries
        .flatten()
        .filter(|e| e.file_type().is_ok_and(|t| t.is_dir()))
        .map(|e| e.path())
        .collect()
}

/// The campaign's id: its folder relative to the runs folder, `/`-separated (`.` for the runs
/// folder itself).
pub fn campaign_id(runs: &Path, dir: &Path) -> String {
    let relative = dir.strip_prefix(runs).unwrap_or(dir);
    let parts: Vec<String> =
        relative.components().map(|c| c.as_os_str().to_string_lossy().into_owned()).collect();
    if parts.is_empty() {
        ".".to_owned()
    } else {
        parts.join("/")
    }
}

fn campaign_view(inside: &Inside, dir: &Path) -> CampaignView {
    let id = campaign_id(&inside.runs, dir);
    let now = SystemTime::now();
    let (status, status_problem) = match inside.read(&dir.join("status.json")) {
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => (None, None),
        Err(e) => (None, Some(format!("cannot be read: {e}"))),
        Ok(text) => match CampaignStatus::from_json(&text) {
            Ok(s) => (Some(s), None),
            Err(why) => (None, Some(why.to_string())),
        },
    };
    let updated_seconds_ago =
        status.as_ref().and_then(|s| seconds_since(s.updated.as_deref()?, now));
    let (state, interrupted_because) = match &status {
        Some(s) => judge(s, updated_seconds_ago),
        None => (None, None),
    };
    let (history, history_problems) = match inside.read(&dir.join("history.jsonl")) {
        Ok(text) => read_history(&text),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => (Vec::new(), Vec::new()),
        Err(e) => (Vec::new(), vec![format!("cannot be read: {e}")]),
    };
    let (findings, findings_problem) = findings(inside, &dir.join("report.json"));
    let relative = dir.strip_prefix(&inside.runs).unwrap_or(dir);
    let files = CAMPAIGN_FILES
        .iter()
        .filter(|(name, _)| inside.is_file(&dir.join(name)))
        .map(|(name, label)| FileLink {
            label: (*label).to_owned(),
            href: href_of(&relative.join(name)),
        })
        .collect();
    CampaignView {
        id,
        status,
        status_problem,
        state,
        interrupted_because,
        updated_seconds_ago,
        history,
        history_problems,
        files,
        findings,
        findings_problem,
        signature_files: files_per_target(&dir.join("findings")),
        crash_files: files_per_target(&dir.join("crashes")),
    }
}

/// `findings/<target>/` or `crashes/<target>/`: how many files each target's folder holds,
/// by target name (symbolic links are neither followed nor counted).
fn files_per_target(dir: &Path) -> Vec<TargetFiles> {
    let mut targets: Vec<TargetFiles> = subfolders(dir)
        .iter()
        .map(|folder| TargetFiles {
            target: folder.file_name().map_or(String::new(), |n| n.to_string_lossy().into_owned()),
            files: std::fs::read_dir(folder).map_or(0, |entries| {
                entries.flatten().filter(|e| e.file_type().is_ok_and(|t| t.is_file())).count()
                    as u64
            }),
        })
        .collect();
    targets.sort_by(|a, b| a.target.cmp(&b.target));
    targets
}

/// The state to show, and why a live status is shown as interrupted.
fn judge(status: &CampaignStatus, ago: Option<u64>) -> (Option<CampaignState>, Option<String>) {
    if !status.state.is_live() {
        return (Some(status.state), None);
    }
    let why = match (status.pid, ago) {
        (Some(pid), _) if process_alive(pid) == Some(false) => {
            Some(format!("its process {pid} is gone"))
        }
        (_, Some(ago)) if ago > STALE_AFTER_SECONDS => Some(format!(
            "status.json was last updated {ago} s ago (more than {STALE_AFTER_SECONDS} s)"
        )),
        (None, None) => Some("status.json names no process and no update time".to_owned()),
        _ => None,
    };
    match why {
        Some(why) => (Some(CampaignState::Interrupted), Some(why)),
        None => (Some(status.state), None),
    }
}

/// Whether process `pid` exists (`None` where that cannot be asked).
fn process_alive(pid: u32) -> Option<bool> {
    #[cfg(unix)]
    {
        let pid = rustix::process::Pid::from_raw(i32::try_from(pid).ok()?)?;
        match rustix::process::test_kill_process(pid) {
            Ok(()) => Some(true),
            // It exists, and belongs to someone else.
            Err(e) if e == rustix::io::Errno::PERM => Some(true),
            Err(_) => Some(false),
        }
    }
    #[cfg(not(unix))]
    {
        let _ = pid;
        None
    }
}

/// Whole seconds from an RFC 3339 time to `now` (0 for a time in the future).
fn seconds_since(time: &str, now: SystemTime) -> Option<u64> {
    let then = humantime::parse_rfc3339_weak(time).ok()?;
    Some(now.duration_since(then).map_or(0, |d| d.as_secs()))
}

fn modified(path: &Path) -> Option<String> {
    let time = std::fs::metadata(path).ok()?.modified().ok()?;
    Some(humantime::format_rfc3339_seconds(time).to_string())
}

/// The groups of a campaign's `report.json` (a findings file, `docs/findings-schema.md`).
fn findings(inside: &Inside, path: &Path) -> (Option<Vec<RunGroupRow>>, Option<String>) {
    let text = match inside.read(path) {
        Ok(text) => text,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return (None, None),
        Err(e) => return (None, Some(format!("cannot be read: {e}"))),
    };
    match urldiff_triage::findings::Findings::from_json(&text) {
        Ok(findings) => {
            let rows = findings
                .groups
                .iter()
                .map(|g| RunGroupRow {
                    severity: g.severity,
                    classes: g.classes.clone(),
                    count: g.count as u64,
                    input: g.example.input.clone(),
                    base: g.example.base.clone(),
                })
                .collect();
            (Some(rows), None)
        }
        Err(why) => (None, Some(why.to_string())),
    }
}
