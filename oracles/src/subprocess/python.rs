//! CPython on this machine, and `python-urllib`: Python's `urllib.parse` (`urlsplit`,
//! `urljoin`, `hostname`, `port`, `username`, `password`) in a persistent worker,
//! `oracles/parsers/python-urllib/python_urllib.py`.
//!
//! python-urllib and the Python folder oracles run on the newest CPython 3 found by one fixed
//! search ([`cpython_candidates`]): `$URLDIFF_PYTHON` when set (then it is the one used),
//! else `python3.N` on PATH for N from 20 down to 8, `python3` on PATH, and pyenv's
//! `$PYENV_ROOT/versions/*/bin/python3` (`~/.pyenv` when `PYENV_ROOT` is unset). Each
//! candidate is asked once for its `sys.executable`, implementation and version, so a
//! version-manager shim (pyenv, asdf) resolves to the real binary, which the worker then runs
//! directly; the answer is remembered in the cache (`interpreter_cache`: a shim costs more
//! than the worker's own start-up) until the launcher or what a version manager chooses by
//! changes. [`cpythons`] lists every one found (for "also in 3.11 / fixed in 3.13" answers).
//! The oracle's version is the worker's `platform.python_version()` — patch level included,
//! since urllib's behaviour changed in patch releases (C0/space stripping, tab/newline
//! removal, bracket checks). The script is embedded in the binary and written out to the
//! cache (`runtime::write_out`).

use std::path::{Path, PathBuf};
use std::sync::OnceLock;
use std::time::Duration;

use super::interpreter_cache;
use super::pool::{Declared, WorkerOracle};
use super::process::runtime::{find_on_path, run_probe, write_out};
use super::process::StartError;
use super::worker::WorkerCommand;

/// The worker script, embedded (written out to the cache when used).
pub(super) const SCRIPT: &str = include_str!("../../parsers/python-urllib/python_urllib.py");

/// The `python-urllib` oracle.
pub fn python_urllib() -> WorkerOracle {
    WorkerOracle::new(Declared::rfc_subprocess("python-urllib"), Box::new(launch))
}

fn launch() -> Result<WorkerCommand, StartError> {
    let python = newest_cpython()?.path;
    let script = write_out(&[("python_urllib.py", SCRIPT)])?.join("python_urllib.py");
    // -u: unbuffered stdio; -I: isolated (no user site-packages, no PYTHON* variables, no cwd
    // on sys.path) so the stdlib urllib is what answers; -S: no `site` at all (the worker
    // imports only the standard library), a tenth of the interpreter's start-up.
    let args = ["-u", "-I", "-S", &script.to_string_lossy()];
    Ok(WorkerCommand::new(python, &args).with_unicode_probes())
}

/// One CPython 3 interpreter.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CPython {
    /// `sys.version_info[:3]`.
    pub version: (u32, u32, u32),
    /// Its own version text (`3.13.0`, `3.14.0rc1`).
    pub version_text: String,
    /// Its `sys.executable`.
    pub path: PathBuf,
}

impl CPython {
    /// Newer first: by version, a final release before a pre-release of the same number.
    fn newness(&self) -> ((u32, u32, u32), bool) {
        (self.version, self.version_text.chars().all(|c| c.is_ascii_digit() || c == '.'))
    }
}

/// The variable naming the interpreter to use instead of the search.
pub const PYTHON_VAR: &str = "URLDIFF_PYTHON";

/// The search, in order (see the module overview): the candidates that exist.
pub fn cpython_candidates() -> Vec<PathBuf> {
    if let Some(p) = std::env::var_os(PYTHON_VAR) {
        return vec![PathBuf::from(p)];
    }
    let mut candidates: Vec<PathBuf> =
        (8..=20).rev().filter_map(|n| find_on_path(&format!("python3.{n}"))).collect();
    candidates.extend(find_on_path("python3"));
    let root = std::env::var_os("PYENV_ROOT")
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".pyenv")));
    if let Some(Ok(entries)) = root.map(|r| std::fs::read_dir(r.join("versions"))) {
        let mut pyenv: Vec<PathBuf> = entries
            .filter_map(|e| Some(e.ok()?.path().join("bin").join("python3")))
            .filter(|p| super::process::runtime::is_executable(p))
            .collect();
        pyenv.sort();
        candidates.extend(pyenv);
    }
    candidates
}

/// Every CPython 3 of the search, newest first, each once (by its real path), asked once per
/// process; and why the other candidates were passed over.
pub fn cpythons() -> &'static (Vec<CPython>, Vec<String>) {
    static FOUND: OnceLock<(Vec<CPython>, Vec<String>)> = OnceLock::new();
    FOUND.get_or_init(|| probe_cpythons(&cpython_candidates(), &interpreters_cache()))
}

/// The newest CPython 3 of the search (`$URLDIFF_PYTHON` when set).
pub fn newest_cpython() -> Result<CPython, StartError> {
    let (found, tried) = cpythons();
    match found.first() {
        Some(python) => Ok(python.clone()),
        None if tried.is_empty() => Err(StartError::NoCPython {
            tried: vec![format!(
                "none of python3.20 … python3.8 or python3 is on PATH and there is no \
                 ~/.pyenv/versions/*/bin/python3 (install Python 3 or set {PYTHON_VAR})"
            )],
        }),
        None => Err(StartError::NoCPython { tried: tried.clone() }),
    }
}

/// Where the probes' answers are remembered.
fn interpreters_cache() -> PathBuf {
    urldiff_corpus::project::cache_dir().join("interpreters")
}

/// Ask each of `candidates` (unless `cache` remembers its answer) which interpreter it runs;
/// the CPython 3 ones, newest first and each once, and why the others were passed over.
pub fn probe_cpythons(candidates: &[PathBuf], cache: &Path) -> (Vec<CPython>, Vec<String>) {
    let mut found: Vec<CPython> = Vec::new();
    let mut seen = Vec::new();
    let mut tried = Vec::new();
    // Probed at once (a shim takes a tenth of a second), kept in the search's order.
    let probed: Vec<Result<CPython, String>> = std::thread::scope(|scope| {
        let handles: Vec<_> =
            candidates.iter().map(|c| scope.spawn(move || probe(c, cache))).collect();
        handles.into_iter().map(|h| h.join().unwrap_or_else(|_| Err("panicked".into()))).collect()
    });
    for probed in probed {
        match probed {
            Ok(python) => {
                let real = std::fs::canonicalize(&python.path).unwrap_or(python.path.clone());
                if !seen.contains(&real) {
                    seen.push(real);
                    found.push(python);
                }
            }
            Err(why) => tried.push(why),
        }
    }
    // Stable: of two equally new, the earlier in the search wins.
    found.sort_by_key(|p| std::cmp::Reverse(p.newness()));
    (found, tried)
}

/// The probe's program: the executable, the implementation, the version text, the numbers.
/// Python 2 runs it too (and is then refused by its version).
const PROBE: &str = "import sys, platform; print(sys.executable); \
                     print(platform.python_implementation().lower()); \
                     print(sys.version.split()[0]); print('%d.%d.%d' % sys.version_info[:3])";

/// The second line of a remembered refusal: the candidate failed the probe (a version
/// manager's shim for a version it does not select fails so, slowly, on every call).
const REFUSED: &str = "refused";

/// The CPython 3 `candidate` runs, or why it is not one (one line).
fn probe(candidate: &Path, cache: &Path) -> Result<CPython, String> {
    let lines = match interpreter_cache::cached(cache, candidate).as_deref() {
        Some([_, refused, why]) if refused == REFUSED => return Err(why.clone()),
        Some(lines) if lines.len() == 4 => lines.to_vec(),
        // Nothing, or an entry of another form (an older urldiff's: the path alone).
        _ => probe_now(candidate, cache)?,
    };
    let shown = candidate.display();
    let [exe, implementation, text, numbers] = &lines[..] else {
        return Err(format!("{shown} gave an unexpected answer: {lines:?}"));
    };
    if implementation != "cpython" {
        return Err(format!("{shown} is {implementation}, not CPython"));
    }
    let version = match numbers.split('.').map(str::parse).collect::<Result<Vec<u32>, _>>() {
        Ok(v) if v.len() == 3 && v[0] == 3 => (v[0], v[1], v[2]),
        _ => return Err(format!("{shown} is Python {text}, not 3")),
    };
    Ok(CPython { version, version_text: text.clone(), path: PathBuf::from(exe) })
}

/// Run the probe and remember its answer, or its refusal when the candidate ran and failed
/// (not when it could not be run or was too slow: that may pass).
fn probe_now(candidate: &Path, cache: &Path) -> Result<Vec<String>, String> {
    let first_line =
        |e: &dyn std::fmt::Display| e.to_string().lines().next().unwrap_or("").to_owned();
    let out = match run_probe(candidate, &["-c", PROBE], None, Duration::from_secs(20)) {
        Ok(out) => out,
        Err(e @ StartError::Failed { .. }) => {
            let why = first_line(&e);
            interpreter_cache::remember(
                cache,
                candidate,
                candidate,
                &[REFUSED.to_owned(), why.clone()],
            );
            return Err(why);
        }
        Err(e) => return Err(first_line(&e)),
    };
    let lines: Vec<String> = out.stdout.lines().map(|l| l.trim().to_owned()).collect();
    let exe = lines
        .first()
        .filter(|e| Path::new(e).is_absolute())
        .ok_or_else(|| format!("{} does not know its sys.executable", candidate.display()))?;
    interpreter_cache::remember(cache, candidate, Path::new(exe), &lines[1..]);
    Ok(lines)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::subprocess::process::runtime::write_executable;

    /// A fake interpreter answering the probe as `implementation` `version` would, its
    /// `sys.executable` being itself.
    fn fake(dir: &Path, name: &str, implementation: &str, version: &str) -> PathBuf {
        let path = dir.join(name);
        let numbers: String = version.chars().take_while(|c| *c != 'r' && *c != 'a').collect();
        let script = format!(
            "#!/bin/sh\necho '{}'\necho {implementation}\necho {version}\necho {numbers}\n",
            path.display()
        );
        write_executable(&path, &script);
        path
    }

    #[test]
    fn the_newest_cpython_3_wins_and_the_others_say_why_not() {
        let dir = tempfile::tempdir().unwrap();
        let cache = dir.path().join("cache");
        let candidates = [
            fake(dir.path(), "python3.11", "cpython", "3.11.7"),
            fake(dir.path(), "pypy3", "pypy", "3.10.14"),
            fake(dir.path(), "python3.13", "cpython", "3.13.0"),
            fake(dir.path(), "python3.14", "cpython", "3.13.0rc1"),
            fake(dir.path(), "python2", "cpython", "2.7.18"),
        ];
        let (found, tried) = probe_cpythons(&candidates, &cache);
        let versions: Vec<&str> = found.iter().map(|p| p.version_text.as_str()).collect();
        assert_eq!(versions, ["3.13.0", "3.13.0rc1", "3.11.7"], "a final release first");
        assert_eq!(found[0].path, candidates[2]);
        assert_eq!(found[0].version, (3, 13, 0));
        assert_eq!(tried.len(), 2, "{tried:?}");
        assert!(tried[0].contains("is pypy, not CPython"), "{tried:?}");
        assert!(tried[1].contains("is Python 2.7.18, not 3"), "{tried:?}");
    }

    #[test]
    fn a_failing_candidate_is_probed_once_and_remembered_as_refused() {
        let dir = tempfile::tempdir().unwrap();
        let log = dir.path().join("calls");
        let shim = dir.path().join("python3.13");
        let script = format!(
            "#!/bin/sh\necho called >> '{}'\necho 'pyenv: python3.13: command not found' >&2\n\
             echo >&2\necho 'The python3.13 command exists in these Python versions:' >&2\nexit 127\n",
            log.display()
        );
        write_executable(&shim, &script);
        let cache = dir.path().join("cache");
        let calls = || std::fs::read_to_string(&log).unwrap_or_default().lines().count();
        for _ in 0..2 {
            let (found, tried) = probe_cpythons(std::slice::from_ref(&shim), &cache);
            assert!(found.is_empty());
            assert_eq!(tried.len(), 1);
            assert!(
                tried[0].contains("command not found") && !tried[0].contains('\n'),
                "{tried:?}"
            );
        }
        assert_eq!(calls(), 1, "the refusal was remembered");
    }

    #[test]
    fn one_interpreter_behind_two_launchers_is_listed_once() {
        let dir = tempfile::tempdir().unwrap();
        let python = fake(dir.path(), "python3.12", "cpython", "3.12.1");
        let link = dir.path().join("python3");
        std::os::unix::fs::symlink(&python, &link).unwrap();
        let (found, _) = probe_cpythons(&[python, link], &dir.path().join("cache"));
        assert_eq!(found.len(), 1, "{found:?}");
    }
}
