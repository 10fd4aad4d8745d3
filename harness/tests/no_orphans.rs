//! An interrupted urldiff leaves no worker behind: a real `urldiff conform` process with
//! workers running (a fake external worker that hangs on a case, plus the built-in python,
//! node and java workers when their runtimes exist) is stopped with SIGINT, SIGTERM or SIGKILL,
//! and every process of every worker's process group must be gone soon after.
#![cfg(target_os = "linux")]

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// The case time limit the runs use; after a SIGKILL the workers must be gone within it.
const CASE_LIMIT: Duration = Duration::from_secs(20);

fn fake_worker() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../oracles/tests/fixtures/fake_worker.sh")
}

/// (pid, ppid, pgrp, state) of every process, from /proc.
fn processes() -> Vec<(u32, u32, u32, char)> {
    let mut out = Vec::new();
    for entry in std::fs::read_dir("/proc").unwrap().flatten() {
        let Ok(stat) = std::fs::read_to_string(entry.path().join("stat")) else { continue };
        // "pid (comm) state ppid pgrp …"; comm may hold spaces and parentheses.
        let Some((head, rest)) = stat.rsplit_once(')') else { continue };
        let fields: Vec<&str> = rest.split_whitespace().collect();
        let pid = head.split_whitespace().next().and_then(|p| p.parse().ok());
        let (Some(pid), Some(state)) = (pid, fields[0].chars().next()) else { continue };
        out.push((pid, fields[1].parse().unwrap_or(0), fields[2].parse().unwrap_or(0), state));
    }
    out
}

/// The live (not zombie) processes of the given process groups.
fn live_in_groups(groups: &[u32]) -> Vec<u32> {
    processes()
        .into_iter()
        .filter(|&(_, _, pgrp, state)| groups.contains(&pgrp) && state != 'Z')
        .map(|(pid, ..)| pid)
        .collect()
}

/// The worker process groups of `parent`: its children that lead their own group.
fn worker_groups(parent: u32) -> Vec<u32> {
    processes()
        .into_iter()
        .filter(|&(pid, ppid, pgrp, state)| ppid == parent && pgrp == pid && state != 'Z')
        .map(|(pid, ..)| pid)
        .collect()
}

/// The built-in subprocess oracles whose runtimes this machine has.
fn builtin_workers() -> Vec<&'static str> {
    let has = |program: &str| {
        Command::new(program).arg("--version").output().is_ok_and(|o| o.status.success())
    };
    let mut names = Vec::new();
    if has("python3") {
        names.push("python-urllib");
    }
    let node_modules = Path::new(env!("CARGO_MANIFEST_DIR")).join("../oracles/node/node_modules");
    if has("node") && node_modules.is_dir() {
        names.push("node-url");
    }
    if has("javac") && has("java") {
        names.push("java-uri");
    }
    eprintln!("built-in workers in this run: {names:?}");
    names
}

/// Start `urldiff conform` on one suite whose second case hangs the fake worker; returns it
/// once every selected oracle has a worker running.
/// With `patient`, the fake worker hangs until killed, ignoring its parent's end, so that only
/// urldiff can end it.
// The child is returned to the caller, which waits for it.
#[allow(clippy::zombie_processes)]
fn start_conform(dir: &Path, patient: bool) -> (Child, Vec<u32>) {
    let cases = r#"[{"input": "a0", "base": null, "href": "a0"},
                    {"input": "HANG", "base": null, "href": "HANG"}]"#;
    std::fs::create_dir_all(dir.join("cases")).unwrap();
    std::fs::create_dir_all(dir.join("ledger")).unwrap();
    std::fs::write(dir.join("cases/hang.json"), cases).unwrap();
    let env = if patient {
        serde_json::json!({"FAKE_HANG_IGNORES_PARENT": "1"})
    } else {
        serde_json::json!({})
    };
    let config = serde_json::json!({ "oracles": [
        { "name": "fake", "command": ["sh", fake_worker()], "env": env },
    ]});
    std::fs::write(dir.join("oracles.json"), config.to_string()).unwrap();
    let builtin = builtin_workers();
    let mut command = Command::new(env!("CARGO_BIN_EXE_urldiff"));
    // --no-cache: the built-in workers must start (a warm cache would answer for them).
    command.args(["conform", "--no-cache", "--only-cases", "--cases"]).arg(dir.join("cases"));
    command.arg("--ledger").arg(dir.join("ledger")).args(["--oracle", "fake"]);
    for name in &builtin {
        command.args(["--oracle", name]);
    }
    let mut child = command
        .env("URLDIFF_ORACLES", dir.join("oracles.json"))
        .env("URLDIFF_CASE_TIMEOUT_MS", CASE_LIMIT.as_millis().to_string())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let start = Instant::now();
    loop {
        let groups = worker_groups(child.id());
        if groups.len() > builtin.len() {
            // Let the fake worker reach the hanging case.
            std::thread::sleep(Duration::from_millis(500));
            let groups = worker_groups(child.id());
            return (child, groups);
        }
        if start.elapsed() > Duration::from_secs(60) {
            let _ = child.kill();
            let _ = child.wait();
            panic!("workers did not start: {groups:?}");
        }
        std::thread::sleep(Duration::from_millis(50));
    }
}

fn signal(pid: u32, name: &str) {
    let status = Command::new("kill").args([&format!("-{name}"), &pid.to_string()]).status();
    assert!(status.unwrap().success());
}

/// Wait up to `limit` for every process of `groups` to end; the ones left otherwise.
fn wait_gone(groups: &[u32], limit: Duration) -> Vec<u32> {
    let start = Instant::now();
    loop {
        let left = live_in_groups(groups);
        if left.is_empty() || start.elapsed() > limit {
            return left;
        }
        std::thread::sleep(Duration::from_millis(50));
    }
}

#[test]
fn sigint_and_sigterm_kill_every_worker_group_and_exit_128_plus_the_signal() {
    for (name, code) in [("INT", 130), ("TERM", 143)] {
        let dir = tempfile::tempdir().unwrap();
        let (mut child, groups) = start_conform(dir.path(), true);
        assert!(!live_in_groups(&groups).is_empty());
        signal(child.id(), name);
        let status = child.wait().unwrap();
        assert_eq!(status.code(), Some(code), "SIG{name}: {status}");
        // urldiff killed the groups before exiting: nothing is left to wait for.
        let left = wait_gone(&groups, Duration::from_secs(2));
        assert!(left.is_empty(), "SIG{name}: processes left in the worker groups: {left:?}");
    }
}

#[test]
fn after_sigkill_the_workers_end_by_themselves_within_the_case_limit() {
    let dir = tempfile::tempdir().unwrap();
    let (mut child, groups) = start_conform(dir.path(), false);
    signal(child.id(), "KILL");
    child.wait().unwrap();
    let left = wait_gone(&groups, CASE_LIMIT);
    assert!(left.is_empty(), "processes left in the worker groups: {left:?}");
}
