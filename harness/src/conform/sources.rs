//! Which oracles and suites a default `urldiff conform` run uses, and each suite's truth.
//!
//! Suites: the WPT files (`wpt/<file>`, truth: the `wpt` oracle), the RFC example tables
//! (`rfc/<table>`, truth: the `rfc-examples` oracle) and our own cases (`cases/<file>`, truth:
//! the expectations in those files).

use crate::conform::suite::{cases_suites, Suite};
use std::path::{Path, PathBuf};
use urldiff_oracles::Oracle;

/// The folder of our own cases.
pub fn default_cases_dir() -> PathBuf {
    urldiff_corpus::repo_root().join("corpus").join("cases")
}

/// The default ledger folder.
pub fn default_ledger_dir() -> PathBuf {
    urldiff_corpus::repo_root().join("corpus").join("expected")
}

/// Every oracle of a default run (unavailable ones included; the driver skips them).
pub fn default_oracles() -> Vec<Box<dyn Oracle>> {
    // HOOK(oracles): `urldiff_oracles::registry::default_oracles(..)` once branch `oracles`
    // has landed.
    Vec::new()
}

/// The revision of our own cases: the git commit that last touched them, when known.
fn cases_revision(dir: &Path) -> String {
    let out = std::process::Command::new("git")
        .args(["log", "-1", "--format=%h", "--"])
        .arg(dir)
        .current_dir(dir)
        .output();
    match out {
        Ok(o) if o.status.success() && !o.stdout.is_empty() => {
            format!("git {}", String::from_utf8_lossy(&o.stdout).trim())
        }
        _ => "working tree".to_owned(),
    }
}

/// Every suite of a default run: WPT, RFC tables, then our own cases from `cases_dir`.
/// Without WPT data the WPT suites are left out with one line on stderr.
pub fn default_suites(cases_dir: &Path) -> anyhow::Result<Vec<Suite>> {
    let mut suites = Vec::new();
    // HOOK(oracles): WPT suites from `urldiff_oracles::wpt::load_suites`, truth `wpt`.
    // HOOK(rfc): RFC example tables, truth `rfc-examples`.
    suites.extend(cases_suites(cases_dir, "cases/", &cases_revision(cases_dir))?);
    Ok(suites)
}
