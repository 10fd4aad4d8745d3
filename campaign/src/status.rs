//! The campaign folder's status and history files (docs/campaign-layout.md): `status.json`,
//! rewritten every few seconds while a campaign runs, and `history.jsonl`, one line appended
//! per finished campaign. Both are written atomically; a missing file reads as none.
//!
//! `status.json` also carries what a resumed campaign needs (`resume`): the seconds each
//! target has fuzzed, the findings files that existed before the campaign started, and the
//! process groups of the fuzzers it started, so that the next `urldiff fuzz --out DIR` after
//! a SIGKILL can stop orphaned fuzzers and go on where the campaign was.

use anyhow::Context;
use std::path::Path;
use std::time::SystemTime;

pub use urldiff_reports::campaign::{
    CampaignState, CampaignStatus as Status, HistoryLine, Resume, STATUS_SCHEMA_VERSION,
};

/// An RFC 3339 time (UTC, seconds).
pub fn rfc3339(time: SystemTime) -> String {
    humantime::format_rfc3339_seconds(time).to_string()
}

/// Read `status.json`; `None` when there is none (or it is not a status of this version).
pub fn read_status(path: &Path) -> Option<Status> {
    let text = std::fs::read_to_string(path).ok()?;
    Status::from_json(&text).ok()
}

pub fn write_status(path: &Path, status: &Status) -> anyhow::Result<()> {
    let mut text = serde_json::to_string_pretty(status)?;
    text.push('\n');
    Ok(urldiff_corpus::atomic::write(path, text.as_bytes())?)
}

/// The lines of `history.jsonl` (unreadable lines skipped).
pub fn read_history(path: &Path) -> Vec<HistoryLine> {
    let text = std::fs::read_to_string(path).unwrap_or_default();
    urldiff_reports::campaign::read_history(&text).0
}

/// Append one line to `history.jsonl`, in one `write` to a file opened for appending (the
/// layout's "appended, never rewritten"; a line is far below the size a single append keeps
/// whole).
pub fn append_history(path: &Path, line: &HistoryLine) -> anyhow::Result<()> {
    use std::io::Write as _;
    let mut text = serde_json::to_string(line)?;
    text.push('\n');
    let mut file = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(path)
        .with_context(|| format!("opening {}", path.display()))?;
    file.write_all(text.as_bytes()).with_context(|| format!("appending to {}", path.display()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line(groups: u64) -> HistoryLine {
        HistoryLine {
            date: "2026-11-24T06:00:00Z".into(),
            targets: vec!["differential".into()],
            duration_seconds: 60,
            execs: 10,
            corpus_size: 3,
            groups,
            new_groups: groups,
            groups_per_class: [("host-confusion".to_owned(), groups)].into(),
            root_causes: Vec::new(),
        }
    }

    #[test]
    fn history_lines_are_appended_one_per_campaign() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("history.jsonl");
        assert_eq!(read_history(&path), []);
        append_history(&path, &line(1)).unwrap();
        append_history(&path, &line(2)).unwrap();
        let text = std::fs::read_to_string(&path).unwrap();
        assert_eq!(text.lines().count(), 2);
        // The layout's field names, one object per line.
        let first: serde_json::Value = serde_json::from_str(text.lines().next().unwrap()).unwrap();
        assert_eq!(first["groups_per_class"]["host-confusion"], 1);
        assert_eq!(first["duration_seconds"], 60);
        assert_eq!(read_history(&path), [line(1), line(2)]);
    }

    #[test]
    fn a_status_of_another_version_or_no_status_reads_as_none() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("status.json");
        assert_eq!(read_status(&path), None);
        let status = Status {
            schema_version: STATUS_SCHEMA_VERSION,
            state: CampaignState::Running,
            pid: Some(1),
            started: Some("a".into()),
            updated: Some("b".into()),
            deadline: Some("c".into()),
            targets: vec!["differential".into()],
            jobs: Some(2),
            execs: 5,
            execs_per_sec: 1.5,
            corpus_size: 7,
            new_signatures: 1,
            crashes: 0,
            seconds_left: Some(9),
            resume: Resume::default(),
        };
        write_status(&path, &status).unwrap();
        assert_eq!(read_status(&path), Some(status.clone()));
        let text = std::fs::read_to_string(&path)
            .unwrap()
            .replace("\"schema_version\": 1", "\"schema_version\": 2");
        std::fs::write(&path, text).unwrap();
        assert_eq!(read_status(&path), None);
    }
}
