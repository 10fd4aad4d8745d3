//! The CPython search's answers, remembered in the cache: a launcher (here a shim that logs each
//! call and runs this machine's python3, like pyenv's) is asked once, later look-ups read the
//! cache, and a stale entry (its interpreter gone) is probed again and replaced.

use std::path::{Path, PathBuf};
use urldiff_oracles::subprocess::process::runtime::find_on_path;
use urldiff_oracles::subprocess::python::probe_cpythons;

fn calls(log: &Path) -> usize {
    std::fs::read_to_string(log).map(|text| text.lines().count()).unwrap_or(0)
}

/// A shell-script launcher that appends a line to `log`, then runs `python`.
fn shim(dir: &Path, python: &Path, log: &Path) -> PathBuf {
    let shim = dir.join("python3");
    let script = format!(
        "#!/bin/sh\necho called >> '{}'\nexec '{}' \"$@\"\n",
        log.display(),
        python.display()
    );
    std::fs::write(&shim, script).unwrap();
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&shim, std::fs::Permissions::from_mode(0o755)).unwrap();
    }
    shim
}

#[test]
fn a_shim_is_asked_once_and_again_when_its_entry_is_stale() {
    let Some(python) = find_on_path("python3") else {
        urldiff_corpus::required::skip("python", "interpreter cache", "python3 is not on PATH");
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let cache = dir.path().join("interpreters");
    let log = dir.path().join("calls.log");
    let shim = shim(dir.path(), &python, &log);
    let candidates = [shim.clone()];

    let newest = |candidates: &[PathBuf]| -> PathBuf {
        let (found, tried) = probe_cpythons(candidates, &cache);
        found.first().unwrap_or_else(|| panic!("no CPython: {tried:?}")).path.clone()
    };
    let first = newest(&candidates);
    assert!(first.is_absolute() && first != shim, "the real interpreter, not the shim: {first:?}");
    assert_eq!(calls(&log), 1, "the shim was probed");

    assert_eq!(newest(&candidates), first);
    assert_eq!(calls(&log), 1, "the second look-up read the cache");

    // A stale entry: it names an interpreter that no longer exists.
    let entries: Vec<_> = std::fs::read_dir(&cache).unwrap().map(|e| e.unwrap().path()).collect();
    assert_eq!(entries.len(), 1, "one entry: {entries:?}");
    std::fs::write(&entries[0], "/nonexistent/python3\n").unwrap();
    assert_eq!(newest(&candidates), first);
    assert_eq!(calls(&log), 2, "the stale entry was probed again");
    let rewritten = std::fs::read_to_string(&entries[0]).unwrap();
    assert_eq!(rewritten.lines().next().unwrap(), first.to_string_lossy(), "and replaced");

    // A missing cache folder: probed, and remembered again.
    std::fs::remove_dir_all(&cache).unwrap();
    assert_eq!(newest(&candidates), first);
    assert_eq!(calls(&log), 3);
    assert_eq!(newest(&candidates), first);
    assert_eq!(calls(&log), 3);
}
