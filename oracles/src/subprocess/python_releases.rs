//! Every other CPython found on this machine, each able to answer as `python-urllib@3.X`:
//! urllib's behaviour changes between releases (C0 and space stripping, tab and newline
//! removal, bracket checks), so a finding is filed against the newest release found (the one
//! `python-urllib` runs) and the others say whether it was there before (`also in`) or is
//! fixed since (`urldiff_triage::marks`). The CPythons are [`super::python::cpythons`]'s; one
//! interpreter is kept per minor release (the highest patch).

use super::pool::{Declared, WorkerOracle};
use super::process::runtime::write_out;
use super::python::CPython;
use super::worker::WorkerCommand;

/// `3.11` of a CPython.
pub fn minor(python: &CPython) -> String {
    format!("{}.{}", python.version.0, python.version.1)
}

/// Every CPython found but the newest (which `python-urllib` runs), one per minor release,
/// newest first.
pub fn older_cpythons() -> Vec<CPython> {
    let (found, _) = super::python::cpythons();
    let mut seen = std::collections::BTreeSet::new();
    let mut kept: Vec<CPython> = found.iter().filter(|p| seen.insert(minor(p))).cloned().collect();
    if !kept.is_empty() {
        kept.remove(0);
    }
    kept
}

/// The oracle of CPython `python`'s urllib: `python-urllib@3.X`, holding the claim of
/// `python-urllib`.
pub fn python_urllib_release(python: &CPython) -> WorkerOracle {
    let mut declared = Declared::rfc_subprocess(&format!("python-urllib@{}", minor(python)));
    declared.claim = crate::parsers::builtin_claim("python-urllib");
    let interpreter = python.path.clone();
    WorkerOracle::new(
        declared,
        Box::new(move || {
            let script =
                write_out(&[("python_urllib.py", super::python::SCRIPT)])?.join("python_urllib.py");
            let args = ["-u", "-I", "-S", &script.to_string_lossy()];
            Ok(WorkerCommand::new(interpreter.clone(), &args).with_unicode_probes())
        }),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every pyenv CPython but the newest minor is found, once per minor release.
    #[test]
    fn older_pyenv_versions_are_found() {
        let Some(home) = std::env::var_os("HOME") else { return };
        let dir = std::path::PathBuf::from(home).join(".pyenv/versions");
        let Ok(entries) = std::fs::read_dir(dir) else {
            eprintln!("older_pyenv_versions_are_found: skipped: no pyenv versions");
            return;
        };
        if std::env::var_os(super::super::python::PYTHON_VAR).is_some() {
            return; // the search is that one interpreter
        }
        let mut minors: Vec<(u32, u32)> = entries
            .filter_map(|e| e.ok()?.file_name().into_string().ok())
            .filter_map(|v| {
                let mut parts = v.split('.').map(|p| p.parse::<u32>().ok());
                Some((parts.next()??, parts.next()??))
            })
            .filter(|&(major, minor)| major == 3 && minor >= 8)
            .collect();
        minors.sort();
        minors.dedup();
        minors.pop(); // the newest is python-urllib's own
        let found: Vec<String> = older_cpythons().iter().map(minor).collect();
        for (major, m) in minors {
            assert!(found.contains(&format!("{major}.{m}")), "{major}.{m} not in {found:?}");
        }
    }
}
