//! The virtual environment of a Python folder oracle with a `requirements.txt`: made once in
//! the cache, `<cache>/venvs/<hash>/`, keyed by the hash of the requirements and of the
//! interpreter (its path and version), so a new pin or a new Python makes a new one.
//!
//! It is made in a temporary folder beside it (`python -m venv`, then `pip install
//! --require-hashes --no-deps -r requirements.txt`: every package pinned with its hash, no
//! dependency fetched unpinned) and renamed into place when complete, so a concurrent run never
//! uses half an environment; a venv runs from wherever it is (its `pyvenv.cfg` names the base
//! interpreter, not the venv's folder). The worker runs the venv's `bin/python` with `-I`
//! (isolated: no user site-packages, no `PYTHON*` variables, no working folder on `sys.path`)
//! but not `-S`, so that `site` adds the venv's site-packages.

use std::path::{Path, PathBuf};
use std::time::Duration;

use super::process::runtime::run_probe;
use super::process::StartError;
use urldiff_corpus::project::content_hash;

/// How long making one environment may take (pip downloads the wheels).
const MAKE_LIMIT: Duration = Duration::from_secs(600);

/// The file whose presence says an environment is complete.
const COMPLETE: &str = "urldiff-complete";

/// The python of the environment for `requirements` (a file's text) made with `python`
/// (version `version`) under `cache`; made now unless it exists. `label` names the
/// requirements file in errors.
pub fn ensure(
    python: &Path,
    version: &str,
    requirements: &str,
    label: &Path,
    cache: &Path,
) -> Result<PathBuf, StartError> {
    let key = content_hash([
        requirements.as_bytes(),
        python.as_os_str().as_encoded_bytes(),
        version.as_bytes(),
    ]);
    let target = cache.join(&key);
    let venv_python = |dir: &Path| dir.join("bin").join("python");
    if target.join(COMPLETE).is_file() {
        return Ok(venv_python(&target));
    }
    let temp = super::process::runtime::staging_dir(cache, &key)?;
    make(python, requirements, label, temp.path())?;
    match std::fs::rename(temp.path(), &target) {
        Ok(()) => {
            let _ = temp.keep();
        }
        // Another run made the same environment meanwhile; `temp` is removed on drop.
        Err(_) if target.join(COMPLETE).is_file() => {}
        Err(source) => return Err(StartError::MoveIntoPlace { path: target, source }),
    }
    Ok(venv_python(&target))
}

/// Make the environment in `dir` and install the requirements into it.
fn make(python: &Path, requirements: &str, label: &Path, dir: &Path) -> Result<(), StartError> {
    let failed =
        |source| StartError::Venv { requirements: label.to_owned(), source: Box::new(source) };
    let dir_arg = dir.to_string_lossy();
    run_probe(python, &["-m", "venv", &dir_arg], None, MAKE_LIMIT).map_err(failed)?;
    let file = dir.join("requirements.txt");
    std::fs::write(&file, requirements)
        .map_err(|source| StartError::CreateDir { path: file.clone(), source })?;
    let args = [
        "-I",
        "-m",
        "pip",
        "install",
        "--require-hashes",
        "--no-deps",
        "--no-input",
        "--disable-pip-version-check",
        "--no-warn-script-location",
        "-r",
        &file.to_string_lossy(),
    ];
    run_probe(&dir.join("bin").join("python"), &args, None, MAKE_LIMIT).map_err(failed)?;
    std::fs::write(dir.join(COMPLETE), "")
        .map_err(|source| StartError::CreateDir { path: dir.join(COMPLETE), source })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::subprocess::process::runtime::write_executable;

    /// A fake `python` that logs each call and makes what `-m venv` would (a `bin/python`
    /// that logs too and accepts `-m pip install`, failing when the requirements say FAIL).
    fn fake_python(dir: &Path, log: &Path) -> PathBuf {
        let python = dir.join("python3");
        let venv_python = format!(
            "#!/bin/sh\necho \"pip $*\" >> '{log}'\n\
             for a in \"$@\"; do last=$a; done\n\
             if grep -q FAIL \"$last\"; then echo 'ERROR: Hashes are required' >&2; exit 1; fi\n",
            log = log.display()
        );
        let script = format!(
            "#!/bin/sh\necho \"venv $*\" >> '{log}'\nmkdir -p \"$3/bin\"\n\
             cat > \"$3/bin/python\" <<'EOF'\n{venv_python}EOF\nchmod +x \"$3/bin/python\"\n",
            log = log.display()
        );
        write_executable(&python, &script);
        python
    }

    fn calls(log: &Path) -> Vec<String> {
        std::fs::read_to_string(log).unwrap_or_default().lines().map(str::to_owned).collect()
    }

    #[test]
    fn made_once_per_requirements_and_interpreter() {
        let dir = tempfile::tempdir().unwrap();
        let log = dir.path().join("log");
        let python = fake_python(dir.path(), &log);
        let cache = dir.path().join("venvs");
        let label = Path::new("toy/requirements.txt");
        let first = ensure(&python, "3.13.0", "yarl==1.9.4 --hash=sha256:00\n", label, &cache);
        let first = first.unwrap();
        assert!(first.starts_with(&cache) && first.ends_with("bin/python"), "{first:?}");
        assert_eq!(calls(&log).len(), 2, "venv, then pip: {:?}", calls(&log));
        assert!(calls(&log)[1].contains("install --require-hashes --no-deps"));
        let again = ensure(&python, "3.13.0", "yarl==1.9.4 --hash=sha256:00\n", label, &cache);
        assert_eq!(again.unwrap(), first);
        assert_eq!(calls(&log).len(), 2, "made once");
        // Another Python version: another environment.
        let other = ensure(&python, "3.12.1", "yarl==1.9.4 --hash=sha256:00\n", label, &cache);
        assert_ne!(other.unwrap(), first);
        assert_eq!(calls(&log).len(), 4);
        // Nothing half-made is left beside them.
        let names: Vec<_> =
            std::fs::read_dir(&cache).unwrap().map(|e| e.unwrap().file_name()).collect();
        assert_eq!(names.len(), 2, "{names:?}");
    }

    #[test]
    fn a_failed_install_is_an_error_with_pips_stderr_and_leaves_nothing() {
        let dir = tempfile::tempdir().unwrap();
        let log = dir.path().join("log");
        let python = fake_python(dir.path(), &log);
        let cache = dir.path().join("venvs");
        let label = Path::new("toy/requirements.txt");
        let err = ensure(&python, "3.13.0", "FAIL\n", label, &cache).unwrap_err().to_string();
        assert!(
            err.contains("toy/requirements.txt") && err.contains("Hashes are required"),
            "{err}"
        );
        assert_eq!(std::fs::read_dir(&cache).unwrap().count(), 0, "no half-made environment");
    }
}
