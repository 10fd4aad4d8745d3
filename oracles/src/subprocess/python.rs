//! `python-urllib`: Python's `urllib.parse` (`urlsplit`, `urljoin`, `hostname`, `port`,
//! `username`, `password`) in a persistent worker, `oracles/workers/python_urllib.py`.
//!
//! The interpreter is found by asking each candidate (`$URLDIFF_PYTHON`, then `python3` and
//! `python` on PATH) for its own `sys.executable`, so a version-manager shim (pyenv, asdf)
//! resolves to the real binary, which the worker then runs directly. The answer is remembered
//! in the cache (`interpreter_cache`: a shim costs more than the worker's own start-up) until
//! the launcher or what a version manager chooses by changes. The version is the
//! worker's `platform.python_version()` — patch level included, since urllib's behaviour
//! changed in patch releases (C0/space stripping, tab/newline removal, bracket checks).
//! The script is embedded in the binary and written out to the cache (`runtime::write_out`).

use std::path::{Path, PathBuf};
use std::time::Duration;

use super::interpreter_cache;
use super::launch::LaunchError;
use super::pool::{Declared, WorkerOracle};
use super::runtime::{find_on_path, run_probe, write_out};
use super::worker::WorkerCommand;

/// The worker script, embedded (written out to the cache when used).
const SCRIPT: &str = include_str!("../../workers/python_urllib.py");

/// The `python-urllib` oracle.
pub fn python_urllib() -> WorkerOracle {
    WorkerOracle::new(Declared::rfc_subprocess("python-urllib"), Box::new(launch))
}

fn launch() -> Result<WorkerCommand, LaunchError> {
    let python = find_python()?;
    let script = write_out(&[("python_urllib.py", SCRIPT)])?.join("python_urllib.py");
    // -u: unbuffered stdio; -I: isolated (no user site-packages, no PYTHON* variables, no cwd
    // on sys.path) so the stdlib urllib is what answers; -S: no `site` at all (the worker
    // imports only the standard library), a tenth of the interpreter's start-up.
    let args = ["-u", "-I", "-S", &script.to_string_lossy()];
    Ok(WorkerCommand::new(python, &args).with_unicode_probes())
}

/// The real interpreter binary: the `sys.executable` of the first candidate that runs (as
/// remembered in the cache's `interpreters/` folder, when it is).
pub fn find_python() -> Result<PathBuf, LaunchError> {
    let mut candidates: Vec<PathBuf> = Vec::new();
    if let Some(p) = std::env::var_os("URLDIFF_PYTHON") {
        candidates.push(PathBuf::from(p));
    }
    candidates.extend(["python3", "python"].iter().filter_map(|n| find_on_path(n)));
    if candidates.is_empty() {
        return Err(LaunchError::NoPython);
    }
    first_python(&candidates, &urldiff_corpus::project::cache_dir().join("interpreters"))
}

/// The interpreter of the first of `candidates` that is Python 3, each asked for its
/// `sys.executable` unless `cache` remembers it.
pub fn first_python(candidates: &[PathBuf], cache: &Path) -> Result<PathBuf, LaunchError> {
    let mut tried = Vec::new();
    for candidate in candidates {
        if let Some(interpreter) = interpreter_cache::cached(cache, candidate) {
            return Ok(interpreter);
        }
        let probe = run_probe(
            candidate,
            &["-c", "import sys; print(sys.version_info[0]); print(sys.executable)"],
            None,
            Duration::from_secs(20),
        );
        match probe {
            Ok(out) => {
                let mut lines = out.stdout.lines();
                let major = lines.next().unwrap_or_default().trim().to_owned();
                let exe = lines.next().unwrap_or_default().trim().to_owned();
                if major != "3" {
                    tried.push(format!("{} is Python {major}, not 3", candidate.display()));
                } else if exe.is_empty() {
                    tried.push(format!("{} does not know its sys.executable", candidate.display()));
                } else {
                    interpreter_cache::remember(cache, candidate, Path::new(&exe));
                    return Ok(PathBuf::from(exe));
                }
            }
            Err(e) => tried.push(e.to_string()),
        }
    }
    Err(LaunchError::NoWorkingPython { tried })
}
