//! Which oracles and suites a default `urldiff conform` run uses, and each suite's truth.
//!
//! Suites: the WPT files (`wpt/<file>`, truth: the `wpt` oracle's table for that file), the
//! RFC example tables (`rfc/<table>`, truth: the `rfc-examples` oracle) and our own cases
//! (`cases/<file>`, truth: the expectations in those files). Oracles: the registry of
//! `urldiff-oracles` (`default_oracles`), unavailable ones included; the driver skips them.

use crate::conform::suite::{cases_suites, Suite, Truth};
use std::path::{Path, PathBuf};
use urldiff_corpus::wpt::WptData;
use urldiff_oracles::{registry, Oracle};

/// The folder of our own cases.
pub fn default_cases_dir() -> PathBuf {
    urldiff_corpus::repo_root().join("corpus").join("cases")
}

/// The default ledger folder.
pub fn default_ledger_dir() -> PathBuf {
    urldiff_corpus::repo_root().join("corpus").join("expected")
}

/// Locate the WPT data once for both the suites and the `wpt` oracle.
pub fn locate_wpt() -> Result<WptData, String> {
    urldiff_corpus::wpt::locate().map_err(|e| e.to_string())
}

/// Every oracle of a default run (unavailable ones included; the driver skips them). An
/// invalid `URLDIFF_CASE_TIMEOUT_MS` is an error.
pub fn default_oracles(wpt: &Result<WptData, String>) -> anyhow::Result<Vec<Box<dyn Oracle>>> {
    let config = registry::RegistryConfig {
        wpt_data: wpt.as_ref().ok().cloned(),
        ..registry::RegistryConfig::from_env().map_err(anyhow::Error::msg)?
    };
    Ok(registry::default_oracles(&config))
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

/// The WPT files as suites `wpt/<file>`, judged by the `wpt` oracle's table for each file.
pub fn wpt_suites(data: &WptData) -> anyhow::Result<Vec<Suite>> {
    let loaded = urldiff_oracles::wpt::load_suites(data)?;
    Ok(table_suites(loaded, "wpt", "wpt", |name| format!("{name}.json")))
}

/// The RFC 3986 §5.4 and RFC 2396 Appendix C tables as suites `rfc/<table>-<reading>`, each
/// judged by its own table (the `rfc-examples` oracle's data, read per table so that RFC 2396's
/// answers judge the RFC 2396 suite).
pub fn rfc_suites(dir: &Path) -> anyhow::Result<Vec<Suite>> {
    let loaded = urldiff_oracles::rfc_examples::load_suites(dir).map_err(anyhow::Error::msg)?;
    Ok(table_suites(loaded, "rfc", "rfc-examples", |name| format!("corpus/rfc ({name})")))
}

/// Expectation-table suites as `<prefix>/<name>`, each judged by its own table, which
/// `oracle` serves; `file` names the table in reports.
fn table_suites(
    loaded: Vec<urldiff_oracles::wpt::Suite>,
    prefix: &str,
    oracle: &str,
    file: impl Fn(&str) -> String,
) -> Vec<Suite> {
    loaded
        .into_iter()
        .map(|s| Suite {
            truth: Truth::Table { oracle: oracle.into(), file: file(&s.name), answers: s.expected },
            name: format!("{prefix}/{}", s.name),
            revision: s.revision,
            cases: s.cases,
        })
        .collect()
}

/// Every suite of a default run: WPT, RFC tables, then our own cases from `cases_dir`.
/// Without WPT data the WPT suites are left out with one line on stderr.
pub fn default_suites(
    wpt: &Result<WptData, String>,
    cases_dir: &Path,
) -> anyhow::Result<Vec<Suite>> {
    let mut suites = Vec::new();
    match wpt {
        Ok(data) => suites.extend(wpt_suites(data)?),
        Err(reason) => eprintln!("conform: skipping the WPT suites: {reason}"),
    }
    suites.extend(rfc_suites(&urldiff_oracles::rfc_examples::default_dir())?);
    suites.extend(cases_suites(cases_dir, "cases/", &cases_revision(cases_dir))?);
    Ok(suites)
}
