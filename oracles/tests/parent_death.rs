//! A worker armed to die with urldiff (`subprocess::process::parent_death`) is killed by the kernel
//! when its parent is killed with SIGKILL, though it would run on by itself: this test runs
//! itself again as the parent (`PARENT_DEATH_HELPER` set), which starts an armed `sleep 30`,
//! prints its pid and kills itself.
#![cfg(target_os = "linux")]

use std::io::{Read as _, Write as _};
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};
use urldiff_oracles::subprocess::process::parent_death;
use urldiff_oracles::subprocess::process::runtime::find_on_path;

const HELPER_VAR: &str = "PARENT_DEATH_HELPER";
const TEST: &str = "an_armed_worker_dies_with_its_parent";

/// Whether `pid` is a live (not zombie) process.
fn running(pid: u32) -> bool {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
    let state = stat.rsplit_once(')').and_then(|(_, rest)| rest.split_whitespace().next());
    state.is_some_and(|state| state != "Z" && state != "X")
}

/// The helper's part: start the armed worker, wait until it runs (armed: `setpriv` has
/// set the signal before it runs the command), say its pid, die by SIGKILL.
fn be_the_parent() {
    let args = ["-c".to_owned(), "echo ready; exec sleep 30".to_owned()];
    let mut cmd = parent_death::command(Path::new("/bin/sh"), &args, true);
    cmd.stdin(Stdio::null()).stdout(Stdio::piped());
    let mut worker = parent_death::spawn(cmd).unwrap();
    let mut ready = [0u8; 6];
    worker.stdout.take().unwrap().read_exact(&mut ready).unwrap();
    assert_eq!(&ready, b"ready\n");
    let mut out = std::io::stdout();
    writeln!(out, "worker {} ", worker.id()).unwrap();
    out.flush().unwrap();
    Command::new("kill").args(["-KILL", &std::process::id().to_string()]).status().unwrap();
    // Never reached once the kill lands (the worker would end after its 30 s otherwise).
    let _ = worker.wait();
}

#[test]
fn an_armed_worker_dies_with_its_parent() {
    if std::env::var_os(HELPER_VAR).is_some() {
        return be_the_parent();
    }
    if find_on_path("setpriv").is_none() {
        urldiff_corpus::required::skip("setpriv", TEST, "setpriv is not on PATH");
        return;
    }
    let helper = Command::new(std::env::current_exe().unwrap())
        .args([TEST, "--exact", "--nocapture", "--test-threads=1"])
        .env(HELPER_VAR, "1")
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .output()
        .unwrap();
    assert!(!helper.status.success(), "the parent was killed: {:?}", helper.status);
    let stdout = String::from_utf8_lossy(&helper.stdout);
    // libtest's "test … ... " may precede it on the line.
    let pid: u32 = stdout
        .split_once("worker ")
        .and_then(|(_, rest)| rest.split_whitespace().next())
        .and_then(|pid| pid.parse().ok())
        .unwrap_or_else(|| panic!("the parent said no worker pid: {stdout}"));
    let start = Instant::now();
    while running(pid) && start.elapsed() < Duration::from_secs(5) {
        std::thread::sleep(Duration::from_millis(20));
    }
    let alive = running(pid);
    if alive {
        let _ = Command::new("kill").args(["-KILL", &pid.to_string()]).status();
    }
    assert!(!alive, "the armed worker {pid} outlived its parent");
}
