//! Finding runtimes on this machine: PATH look-ups, running a probe command with a time limit,
//! and writing the worker scripts embedded in the binary out to the cache, so that workers
//! run without the checkout urldiff was built from.

use super::launch::StartError;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::thread;
use std::time::{Duration, Instant};

/// The embedded worker files (name, contents) written out to `<cache>/workers/<hash>/`.
pub fn write_out(files: &[(&str, &str)]) -> Result<PathBuf, StartError> {
    urldiff_corpus::project::write_out("workers", files)
        .map_err(|source| StartError::WriteOut { source })
}

/// A new folder inside `cache` (created when missing) to build the entry `key` in: it is
/// renamed into place once complete, so a half-built entry is never found.
pub fn staging_dir(cache: &Path, key: &str) -> Result<tempfile::TempDir, StartError> {
    std::fs::create_dir_all(cache)
        .map_err(|source| StartError::CreateDir { path: cache.to_owned(), source })?;
    tempfile::Builder::new()
        .prefix(&format!(".{key}-"))
        .tempdir_in(cache)
        .map_err(|source| StartError::CreateDir { path: cache.to_owned(), source })
}

/// The first `name` on `PATH` that is an executable file.
pub fn find_on_path(name: &str) -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path).map(|dir| dir.join(name)).find(|p| is_executable(p))
}

/// Whether `p` is a file this user may run.
pub(crate) fn is_executable(p: &Path) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        p.metadata().map(|m| m.is_file() && m.permissions().mode() & 0o111 != 0).unwrap_or(false)
    }
    #[cfg(not(unix))]
    {
        p.is_file()
    }
}

/// Write `text` to `path` as a file this user may run (the unit tests' fake launchers).
#[cfg(test)]
pub(crate) fn write_executable(path: &Path, text: &str) {
    std::fs::write(path, text).unwrap();
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o755)).unwrap();
    }
}

/// What a probe command printed.
#[derive(Debug)]
pub struct Probed {
    pub stdout: String,
    pub stderr: String,
}

/// Run `program args` in `cwd` with no stdin, for at most `limit`; `Err` says what went wrong
/// (not found, non-zero exit with its stderr, too slow).
pub fn run_probe(
    program: &Path,
    args: &[&str],
    cwd: Option<&Path>,
    limit: Duration,
) -> Result<Probed, StartError> {
    let mut cmd = Command::new(program);
    cmd.args(args);
    if let Some(dir) = cwd {
        cmd.current_dir(dir);
    }
    run_probe_with(&mut cmd, limit)
}

/// [`run_probe`] for a command already set up (its environment, its folder).
pub fn run_probe_with(cmd: &mut Command, limit: Duration) -> Result<Probed, StartError> {
    let mut shown = format!("`{}", cmd.get_program().to_string_lossy());
    for arg in cmd.get_args() {
        shown.push(' ');
        shown.push_str(&arg.to_string_lossy());
    }
    shown.push('`');
    cmd.stdin(Stdio::null()).stdout(Stdio::piped()).stderr(Stdio::piped());
    // In a group of its own, registered, so that an interrupted urldiff kills it (`npm ci`
    // runs for minutes) along with the workers.
    #[cfg(unix)]
    std::os::unix::process::CommandExt::process_group(cmd, 0);
    let mut child =
        cmd.spawn().map_err(|source| StartError::CannotRun { command: shown.clone(), source })?;
    if !super::process_group::register(child.id()) {
        super::process_group::kill_group(child.id());
        let _ = child.wait();
        return Err(StartError::ShuttingDown { command: shown });
    }
    let mut out_pipe = child.stdout.take().expect("piped");
    let mut err_pipe = child.stderr.take().expect("piped");
    let out = thread::spawn(move || {
        let mut s = Vec::new();
        let _ = out_pipe.read_to_end(&mut s);
        s
    });
    let err = thread::spawn(move || {
        let mut s = Vec::new();
        let _ = err_pipe.read_to_end(&mut s);
        s
    });
    let start = Instant::now();
    let status = loop {
        match child.try_wait() {
            Ok(Some(status)) => break status,
            Ok(None) if start.elapsed() < limit => thread::sleep(Duration::from_millis(10)),
            _ => {
                super::process_group::kill_group(child.id());
                super::process_group::unregister(child.id());
                let _ = child.wait();
                return Err(StartError::TooSlow { command: shown, limit });
            }
        }
    };
    super::process_group::unregister(child.id());
    let stdout = String::from_utf8_lossy(&out.join().unwrap_or_default()).into_owned();
    let stderr = String::from_utf8_lossy(&err.join().unwrap_or_default()).into_owned();
    if !status.success() {
        return Err(StartError::Failed { command: shown, status, stderr });
    }
    Ok(Probed { stdout, stderr })
}
