//! Resuming a killed campaign (`begin`), without fuzz binaries: the status a killed campaign
//! left behind is written by hand.

use super::status::{self, CampaignState, Resume, Status, STATUS_SCHEMA_VERSION};
use super::{begin, lock, Layout, Options, Quiet};
use std::time::Duration;

fn options(dir: &std::path::Path) -> Options {
    Options {
        targets: vec!["differential".into(), "structured".into()],
        duration: Duration::from_secs(60),
        jobs: 1,
        out: dir.to_owned(),
        build: false,
        minimize_seconds: 1.0,
        ledger: dir.join("ledger"),
    }
}

/// What a campaign killed in `state` leaves: 1.9 M executions counted in its last status, of
/// which only 1.2 M were of fuzzers that had ended.
fn killed(state: CampaignState) -> Status {
    Status {
        schema_version: STATUS_SCHEMA_VERSION,
        state,
        pid: None,
        started: Some("2026-11-24T22:00:00Z".into()),
        updated: Some("2026-11-25T05:00:00Z".into()),
        deadline: None,
        targets: vec!["differential".into(), "structured".into()],
        jobs: Some(1),
        execs: 1_900_000,
        execs_per_sec: 0.0,
        corpus_size: 0,
        new_signatures: 0,
        crashes: 0,
        seconds_left: Some(0),
        resume: Resume {
            duration_seconds: 60,
            elapsed_seconds: [("differential".to_owned(), 30), ("structured".to_owned(), 30)]
                .into(),
            execs_done: 1_200_000,
            ..Resume::default()
        },
    }
}

#[test]
fn a_campaign_killed_during_triage_is_resumed_not_started_again() {
    let dir = tempfile::tempdir().unwrap();
    let layout = Layout { dir: dir.path().to_owned() };
    status::write_status(&layout.status(), &killed(CampaignState::Triaging)).unwrap();
    let status = begin(&options(dir.path()), &layout, &Quiet).unwrap();
    assert_eq!(status.started.as_deref(), Some("2026-11-24T22:00:00Z"), "a fresh campaign");
    // Nothing is fuzzed again: it goes straight back to triage.
    assert_eq!(status.seconds_left, Some(0));
}

#[test]
fn a_resumed_campaign_keeps_the_executions_of_the_fuzzer_that_was_killed() {
    let dir = tempfile::tempdir().unwrap();
    let layout = Layout { dir: dir.path().to_owned() };
    let mut mid_fuzz = killed(CampaignState::Running);
    mid_fuzz.resume.elapsed_seconds.insert("structured".into(), 10);
    status::write_status(&layout.status(), &mid_fuzz).unwrap();
    let status = begin(&options(dir.path()), &layout, &Quiet).unwrap();
    assert_eq!(status.started.as_deref(), Some("2026-11-24T22:00:00Z"));
    assert_eq!(status.resume.execs_done, 1_900_000);
    assert_eq!(status.seconds_left, Some(20));
}

#[test]
fn the_folder_lock_is_held_by_one_campaign_at_a_time() {
    let dir = tempfile::tempdir().unwrap();
    let layout = Layout { dir: dir.path().to_owned() };
    let held = lock(&layout).unwrap();
    let refused = lock(&layout).unwrap_err().to_string();
    assert!(refused.contains("a campaign is already running in"), "{refused}");
    drop(held);
    assert!(lock(&layout).is_ok(), "released with its holder");
}
