//! How `urldiff fuzz` starts, without fuzz binaries: it refuses a folder whose lock another
//! campaign holds (two started together cannot both run), and says that it is building the
//! fuzz binaries, and where the build's output goes, before a build that takes minutes.

use std::path::Path;
use std::process::{Command, Stdio};

fn root() -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

#[test]
fn a_folder_locked_by_a_running_campaign_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let empty = tempfile::tempdir().unwrap();
    // flock(1) holds the lock as a running campaign does (flock(2) on DIR/lock).
    let mut holder = Command::new("flock")
        .arg(dir.path().join("lock"))
        .args(["sleep", "60"])
        .spawn()
        .expect("flock (util-linux)");
    // Until the holder has the lock, a second flock would get it: wait for that to fail.
    while Command::new("flock")
        .args(["-n"])
        .arg(dir.path().join("lock"))
        .arg("true")
        .status()
        .unwrap()
        .success()
    {
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    let out = Command::new(env!("CARGO_BIN_EXE_urldiff"))
        .args(["fuzz", "--target", "differential", "--duration", "5", "--no-build", "--out"])
        .arg(dir.path())
        .env("URLDIFF_FUZZ_BIN_DIR", empty.path())
        .stdin(Stdio::null())
        .output()
        .unwrap();
    let _ = holder.kill();
    let _ = holder.wait();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("a campaign is already running in"), "{stderr}");
    assert!(!dir.path().join("status.json").exists(), "the refused campaign wrote a status");
}

#[test]
fn a_build_is_announced_with_where_its_log_goes() {
    let dir = tempfile::tempdir().unwrap();
    let bin = tempfile::tempdir().unwrap();
    // A cargo with cargo-fuzz whose build fails at once.
    let cargo = bin.path().join("cargo");
    std::fs::write(&cargo, "#!/bin/sh\n[ \"$1 $2\" = \"fuzz --version\" ] && exit 0\nexit 1\n")
        .unwrap();
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&cargo, std::fs::Permissions::from_mode(0o755)).unwrap();
    }
    let path = std::env::join_paths(
        std::iter::once(bin.path().to_owned())
            .chain(std::env::split_paths(&std::env::var_os("PATH").unwrap())),
    )
    .unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_urldiff"))
        .args(["fuzz", "--target", "differential", "--duration", "5", "--out"])
        .arg(dir.path())
        .current_dir(root())
        .env("PATH", path)
        .env_remove("URLDIFF_FUZZ_BIN_DIR")
        .stdin(Stdio::null())
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    let log = std::fs::canonicalize(dir.path()).unwrap().join("logs/build.log");
    let said = stderr
        .lines()
        .find(|l| l.contains("building the fuzz binaries"))
        .unwrap_or_else(|| panic!("no word of the build: {stderr}"));
    assert!(said.contains(&log.display().to_string()), "{said}");
}

/// A campaign killed during its triage: the same command triages it (no binaries needed,
/// nothing is fuzzed again) and writes its history line, keeping its start time.
#[test]
fn a_campaign_killed_during_triage_is_triaged_by_the_same_command() {
    let dir = tempfile::tempdir().unwrap();
    let empty = tempfile::tempdir().unwrap();
    let status = serde_json::json!({
        "schema_version": 1, "state": "triaging", "pid": null,
        "started": "2026-11-24T22:00:00Z", "updated": "2026-11-25T06:00:00Z", "deadline": null,
        "targets": ["differential"], "jobs": 1, "execs": 1900000, "execs_per_sec": 0.0,
        "corpus_size": 0, "new_signatures": 0, "crashes": 0, "seconds_left": 0,
        "resume": { "duration_seconds": 5, "elapsed_seconds": { "differential": 5 },
                    "execs_done": 1900000, "findings_before": {}, "fuzzer_groups": [] }
    });
    std::fs::write(dir.path().join("status.json"), status.to_string()).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_urldiff"))
        .args(["fuzz", "--target", "differential", "--duration", "5", "--no-build", "--out"])
        .arg(dir.path())
        .env("URLDIFF_FUZZ_BIN_DIR", empty.path())
        .stdin(Stdio::null())
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    assert!(stderr.contains("resuming the campaign started 2026-11-24T22:00:00Z"), "{stderr}");
    let history = std::fs::read_to_string(dir.path().join("history.jsonl")).unwrap();
    assert_eq!(history.lines().count(), 1, "{history}");
    let line: serde_json::Value = serde_json::from_str(history.trim()).unwrap();
    assert_eq!(line["execs"], 1_900_000, "{line}");
}
