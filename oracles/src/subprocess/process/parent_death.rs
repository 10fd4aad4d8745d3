//! Workers that die with urldiff. A worker whose command asks for it
//! ([`WorkerCommand::die_with_parent`](crate::subprocess::WorkerCommand)) is started, on Linux with
//! util-linux's `setpriv` on PATH, as `setpriv --pdeathsig KILL -- <command>`: the kernel then
//! kills it when urldiff ends, even when urldiff is killed with SIGKILL while the worker is busy
//! with a case and would never see its stdin close. The worker is told so by
//! [`KILLED_WITH_PARENT_VAR`] and needs no watcher of its own (the Node worker's watcher is a
//! whole second V8 isolate, ~27 ms of CPU per process). Elsewhere the command runs as it is
//! and the worker watches its parent itself (docs/oracle-protocol.md, section 4).
//!
//! The kernel sends the signal when the *thread* that started the child ends, not the
//! process, and urldiff starts workers from short-lived threads (one per oracle in a conform
//! run, request threads in `serve`): so such workers are started by one spawner thread that
//! lives as long as urldiff.

use std::ffi::OsStr;
use std::io;
use std::path::{Path, PathBuf};
use std::process::{Child, Command};
use std::sync::mpsc::{self, Sender};
use std::sync::OnceLock;

/// Set to `1` in a worker's environment when the kernel kills the worker with urldiff.
pub const KILLED_WITH_PARENT_VAR: &str = "URLDIFF_KILLED_WITH_PARENT";

/// `program args` as a `Command`, armed to die with urldiff when `die_with_parent` is asked
/// and this system can (see the module overview); [`spawn`] starts it.
pub fn command(program: &Path, args: &[String], die_with_parent: bool) -> Command {
    match die_with_parent.then(setpriv).flatten() {
        Some(setpriv) => {
            let mut cmd = Command::new(setpriv);
            cmd.args(["--pdeathsig", "KILL", "--"]).arg(program).args(args);
            cmd.env(KILLED_WITH_PARENT_VAR, "1");
            cmd
        }
        None => {
            let mut cmd = Command::new(program);
            cmd.args(args);
            cmd
        }
    }
}

/// Whether `cmd` was armed by [`command`].
fn armed(cmd: &Command) -> bool {
    cmd.get_envs()
        .any(|(name, value)| name == KILLED_WITH_PARENT_VAR && value == Some(OsStr::new("1")))
}

/// `setpriv` on PATH (Linux only) that knows `--pdeathsig`, looked up once.
fn setpriv() -> Option<PathBuf> {
    #[cfg(target_os = "linux")]
    {
        static SETPRIV: OnceLock<Option<PathBuf>> = OnceLock::new();
        let found = || super::runtime::find_on_path("setpriv").filter(|p| knows_pdeathsig(p));
        SETPRIV.get_or_init(found).clone()
    }
    #[cfg(not(target_os = "linux"))]
    None
}

/// Whether `setpriv` runs a command with `--pdeathsig KILL` (util-linux's does since 2.33;
/// BusyBox's has no such option): asked once, of itself.
fn knows_pdeathsig(setpriv: &Path) -> bool {
    Command::new(setpriv)
        .args(["--pdeathsig", "KILL", "--"])
        .arg(setpriv)
        .arg("--version")
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .status()
        .is_ok_and(|status| status.success())
}

/// Start `cmd`: an armed command from the spawner thread, any other from this thread.
pub fn spawn(mut cmd: Command) -> io::Result<Child> {
    if !armed(&cmd) {
        return cmd.spawn();
    }
    let Some(spawner) = SPAWNER.get_or_init(start_spawner) else { return cmd.spawn() };
    let (reply, result) = mpsc::channel();
    let gone = || io::Error::other("the worker spawner thread is gone");
    spawner.send((cmd, reply)).map_err(|_| gone())?;
    result.recv().map_err(|_| gone())?
}

/// A command to start and where to send the result.
type Request = (Command, Sender<io::Result<Child>>);

/// The spawner thread's queue; `None` when the thread could not be started.
static SPAWNER: OnceLock<Option<Sender<Request>>> = OnceLock::new();

/// The thread that starts every armed worker; it never ends, so the signal is only ever sent
/// when urldiff itself ends.
fn start_spawner() -> Option<Sender<Request>> {
    let (queue, requests) = mpsc::channel::<Request>();
    let spawner = std::thread::Builder::new().name("worker-spawner".into()).spawn(move || {
        for (mut cmd, reply) in requests {
            let _ = reply.send(cmd.spawn());
        }
    });
    spawner.ok().map(|_| queue)
}

#[cfg(all(test, target_os = "linux"))]
mod tests {
    use super::*;
    use std::io::Read;
    use std::process::Stdio;

    /// An armed worker outlives the thread that asked for it and is told that it dies with
    /// urldiff. (Kernels that send the signal when the forking thread ends need the spawner
    /// thread for the first part; on those that wait for the whole process it holds anyway.
    /// tests/parent_death.rs kills a real parent.)
    #[test]
    fn an_armed_worker_outlives_the_thread_that_started_it_and_is_told() {
        if setpriv().is_none() {
            eprintln!("skipped: setpriv is not on PATH");
            return;
        }
        let script = format!("echo \"${KILLED_WITH_PARENT_VAR}\"; exec sleep 30");
        let args = ["-c".to_owned(), script];
        let mut child = std::thread::spawn(move || {
            let mut cmd = command(Path::new("/bin/sh"), &args, true);
            cmd.stdout(Stdio::piped());
            spawn(cmd).unwrap()
        })
        .join()
        .unwrap();
        let mut line = [0u8; 2];
        child.stdout.take().unwrap().read_exact(&mut line).unwrap();
        assert_eq!(&line, b"1\n");
        std::thread::sleep(std::time::Duration::from_millis(200));
        assert!(child.try_wait().unwrap().is_none(), "the worker died with the caller's thread");
        child.kill().unwrap();
        child.wait().unwrap();
    }

    /// A `setpriv` without `--pdeathsig` (BusyBox's) is not used: the workers would not start.
    #[test]
    fn a_setpriv_without_pdeathsig_is_not_used() {
        let dir = tempfile::tempdir().unwrap();
        let fake = dir.path().join("setpriv");
        let refuses = "#!/bin/sh\necho \"setpriv: unrecognized option '$1'\" >&2\nexit 1\n";
        super::super::runtime::write_executable(&fake, refuses);
        assert!(!knows_pdeathsig(&fake));
        if let Some(real) = super::super::runtime::find_on_path("setpriv") {
            assert!(knows_pdeathsig(&real), "util-linux's setpriv knows --pdeathsig");
        }
    }

    #[test]
    fn a_command_not_asking_is_left_as_it_is() {
        let cmd = command(Path::new("/bin/sh"), &["-c".to_owned(), "true".to_owned()], false);
        assert_eq!(cmd.get_program(), "/bin/sh");
        assert!(!armed(&cmd));
    }
}
