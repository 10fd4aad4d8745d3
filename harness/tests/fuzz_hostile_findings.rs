//! A campaign folder whose `findings/<target>/` holds what a fuzz target never writes: a FIFO,
//! a link to `/dev/zero`, truncated or wrongly typed JSON. The triage of the campaign (here, a
//! campaign killed during its triage, resumed by the same command: no fuzz binaries needed)
//! must finish, read none of them, and name each one on stderr and in `report.json`.

use std::path::Path;
use std::process::{Command, Stdio};
use std::time::Duration;

/// A campaign folder left in `triaging` (as a kill during triage leaves it).
fn killed_during_triage(dir: &Path) {
    let status = serde_json::json!({
        "schema_version": 1, "state": "triaging", "pid": null,
        "started": "2026-11-24T22:00:00Z", "updated": "2026-11-25T06:00:00Z", "deadline": null,
        "targets": ["differential"], "jobs": 1, "execs": 10, "execs_per_sec": 0.0,
        "corpus_size": 0, "new_signatures": 0, "crashes": 0, "seconds_left": 0,
        "resume": { "duration_seconds": 5, "elapsed_seconds": { "differential": 5 },
                    "execs_done": 10, "findings_before": {}, "fuzzer_groups": [] }
    });
    std::fs::write(dir.join("status.json"), status.to_string()).unwrap();
    std::fs::create_dir_all(dir.join("findings/differential")).unwrap();
}

/// `urldiff fuzz` resuming `dir`: (exit code, stderr). The run must end by itself; the
/// outer limit only keeps a hanging run from hanging the test suite (then the test fails).
fn resume(dir: &Path) -> (Option<i32>, String) {
    let empty = tempfile::tempdir().unwrap();
    let mut child = Command::new(env!("CARGO_BIN_EXE_urldiff"))
        .args(["fuzz", "--target", "differential", "--duration", "5", "--no-build", "--out"])
        .arg(dir)
        .env("URLDIFF_FUZZ_BIN_DIR", empty.path())
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let stderr = child.stderr.take().unwrap();
    let reader = std::thread::spawn(move || std::io::read_to_string(stderr).unwrap_or_default());
    let (sender, receiver) = std::sync::mpsc::channel();
    let pid = child.id();
    std::thread::spawn(move || sender.send(child.wait()).ok());
    match receiver.recv_timeout(Duration::from_secs(120)) {
        Ok(status) => (status.unwrap().code(), reader.join().unwrap()),
        Err(_) => {
            let _ = Command::new("kill").args(["-9", &pid.to_string()]).status();
            panic!("urldiff fuzz never finished the campaign's triage");
        }
    }
}

fn unreadable_in_report(dir: &Path) -> Vec<String> {
    let text = std::fs::read_to_string(dir.join("report.json")).unwrap();
    let report: serde_json::Value = serde_json::from_str(&text).unwrap();
    report["run"]["unreadable_lines"]
        .as_array()
        .unwrap_or_else(|| panic!("no run.unreadable_lines in {text}"))
        .iter()
        .map(|v| v.as_str().unwrap().to_owned())
        .collect()
}

#[test]
fn a_fifo_and_bad_json_in_findings_are_named_not_waited_on() {
    let dir = tempfile::tempdir().unwrap();
    killed_during_triage(dir.path());
    let findings = dir.path().join("findings/differential");
    let fifo = findings.join("fifo.json");
    assert!(Command::new("mkfifo").arg(&fifo).status().expect("mkfifo (coreutils)").success());
    std::fs::write(findings.join("truncated.json"), r#"{"target": "differential", "sig"#).unwrap();
    std::fs::write(findings.join("typed.json"), r#"{"target": 7, "input": ["x"]}"#).unwrap();
    let (code, stderr) = resume(dir.path());
    assert_eq!(code, Some(0), "{stderr}");
    let listed = unreadable_in_report(dir.path());
    for (name, why) in [
        ("fifo.json", "not a regular file"),
        ("truncated.json", "not a findings file"),
        ("typed.json", "not a findings file"),
    ] {
        let path = findings.join(name).display().to_string();
        assert!(stderr.contains(&format!("skipped {path}: {why}")), "{name}: {stderr}");
        assert!(
            listed.iter().any(|l| l.starts_with(&format!("{path}: {why}"))),
            "{name}: {listed:?}"
        );
    }
    assert_eq!(listed.len(), 3, "{listed:?}");
}

#[test]
fn a_link_to_dev_zero_in_findings_is_refused_not_read() {
    let dir = tempfile::tempdir().unwrap();
    killed_during_triage(dir.path());
    let link = dir.path().join("findings/differential/zero.json");
    std::os::unix::fs::symlink("/dev/zero", &link).unwrap();
    let (code, stderr) = resume(dir.path());
    assert_eq!(code, Some(0), "{stderr}");
    let path = link.display().to_string();
    assert!(stderr.contains(&format!("skipped {path}: not a regular file")), "{stderr}");
    assert_eq!(unreadable_in_report(dir.path()), [format!("{path}: not a regular file")]);
}
