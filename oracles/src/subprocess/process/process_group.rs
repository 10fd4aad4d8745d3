//! Every live worker's process group, so that an interrupted urldiff leaves no orphans.
//!
//! Workers (and set-up commands such as `npm ci` and `javac`, see `runtime::run_probe`) are
//! started in process groups of their own and [`register`]ed here until they are reaped. When
//! urldiff is interrupted (SIGINT, SIGTERM), the binary's signal handler calls [`kill_all`],
//! which kills every registered group and refuses new ones, before it exits. (After a SIGKILL nothing here runs:
//! the workers then end by themselves when their stdin closes or their parent goes away; see
//! docs/oracle-protocol.md, section 4.)

use std::collections::BTreeSet;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Mutex;

static LIVE: Mutex<BTreeSet<u32>> = Mutex::new(BTreeSet::new());
static STOPPING: AtomicBool = AtomicBool::new(false);

fn live() -> std::sync::MutexGuard<'static, BTreeSet<u32>> {
    LIVE.lock().unwrap_or_else(|p| p.into_inner())
}

/// Record the process group led by `pid` (a child started with `process_group(0)`). Returns
/// `false` once [`kill_all`] has run: the caller must then kill the child at once.
pub fn register(pid: u32) -> bool {
    let mut live = live();
    if STOPPING.load(Ordering::SeqCst) {
        return false;
    }
    live.insert(pid);
    true
}

/// Forget the group led by `pid`: call it after killing the group and before reaping the
/// leader, so that [`kill_all`] can never signal a recycled process id.
pub fn unregister(pid: u32) {
    live().remove(&pid);
}

/// The groups registered now (for tests and diagnostics).
pub fn registered() -> Vec<u32> {
    live().iter().copied().collect()
}

/// Kill every registered process group and refuse new registrations; returns how many groups
/// were signalled. For the signal handler of an interrupted run.
pub fn kill_all() -> usize {
    let mut live = live();
    STOPPING.store(true, Ordering::SeqCst);
    let groups = std::mem::take(&mut *live);
    for pid in &groups {
        kill_group(*pid);
    }
    groups.len()
}

/// SIGKILL the process group led by `pid` (a shell worker's children too). The leader is our
/// unreaped child, so its group id cannot have been reused.
pub fn kill_group(pid: u32) {
    #[cfg(unix)]
    {
        let Some(pid) = i32::try_from(pid).ok().and_then(rustix::process::Pid::from_raw) else {
            return;
        };
        let _ = rustix::process::kill_process_group(pid, rustix::process::Signal::KILL);
    }
    #[cfg(not(unix))]
    let _ = std::process::Command::new("taskkill")
        .args(["/F", "/T", "/PID", &pid.to_string()])
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .status();
}
