//! Which oracles and suites a default `urldiff conform` run uses, and each suite's truth.
//!
//! Suites: the WPT files (`wpt/<file>`, truth: the `wpt` oracle's table for that file), the
//! validity suites (`validity/urltestdata` and `validity/generated`, truth: the `reference`
//! oracle's validation errors and valid-URL-string verdicts, see `urldiff_oracles::validity`),
//! the RFC example tables (`rfc/<table>`, truth: the `rfc-examples` oracle) and our own cases
//! (`cases/<file>`, truth: the expectations in those files). Oracles: the registry of
//! `urldiff-oracles` (`default_oracles`), unavailable ones included; the driver skips them.

use crate::conform::suite::cases_suites;
use crate::events::Events;
use std::path::{Path, PathBuf};
use urldiff_corpus::wpt::WptData;
use urldiff_oracles::suite::Suite;
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

/// Every oracle of a default run (unavailable ones included; the driver skips them).
pub fn default_oracles(wpt: &Result<WptData, String>) -> Vec<Box<dyn Oracle>> {
    let config =
        registry::RegistryConfig { wpt_data: wpt.as_ref().ok().cloned(), ..Default::default() };
    registry::default_oracles(&config)
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
    Ok(prefixed("wpt", urldiff_oracles::wpt::load_suites(data)?))
}

/// The validity suites `validity/urltestdata` (the inputs of WPT's `urltestdata` suite) and
/// `validity/generated` (`URLDIFF_VALIDITY_CASES` generated cases, default
/// [`GENERATED_CASES`](urldiff_oracles::validity::GENERATED_CASES)), judged by the reference.
pub fn validity_suites(wpt: &[Suite]) -> Vec<Suite> {
    let Some(urltestdata) = wpt.iter().find(|s| s.name == "wpt/urltestdata") else {
        return Vec::new();
    };
    let generated = std::env::var("URLDIFF_VALIDITY_CASES")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(urldiff_oracles::validity::GENERATED_CASES);
    let suites =
        urldiff_oracles::validity::suites(&urltestdata.cases, &urltestdata.revision, generated);
    prefixed("validity", suites)
}

/// The RFC 3986 §5.4 and RFC 2396 Appendix C tables as suites `rfc/<table>-<reading>`, each
/// judged by its own table (the `rfc-examples` oracle's data, read per table so that RFC 2396's
/// answers judge the RFC 2396 suite).
pub fn rfc_suites(dir: &Path) -> anyhow::Result<Vec<Suite>> {
    let loaded = urldiff_oracles::rfc_examples::load_suites(dir).map_err(anyhow::Error::msg)?;
    Ok(prefixed("rfc", loaded))
}

/// Name each suite `<prefix>/<name>`; each keeps its own truth (its loader's table).
fn prefixed(prefix: &str, suites: Vec<Suite>) -> Vec<Suite> {
    suites.into_iter().map(|s| Suite { name: format!("{prefix}/{}", s.name), ..s }).collect()
}

/// Every suite of a default run: WPT, validity, RFC tables, then our own cases from
/// `cases_dir`. Without WPT data the WPT and validity suites are left out, reported through
/// `events`.
pub fn default_suites(
    wpt: &Result<WptData, String>,
    cases_dir: &Path,
    events: &dyn Events,
) -> anyhow::Result<Vec<Suite>> {
    let mut suites = Vec::new();
    match wpt {
        Ok(data) => {
            let wpt = wpt_suites(data)?;
            let validity = validity_suites(&wpt);
            suites.extend(wpt.into_iter().chain(validity));
        }
        Err(reason) => events.data_skipped("the WPT suites", reason),
    }
    suites.extend(rfc_suites(&urldiff_oracles::rfc_examples::default_dir())?);
    suites.extend(cases_suites(cases_dir, "cases/", &cases_revision(cases_dir))?);
    Ok(suites)
}
