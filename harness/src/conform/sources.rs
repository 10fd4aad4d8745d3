//! Which oracles and suites a default `urldiff conform` run uses, and each suite's truth.
//!
//! Suites: the WPT files (`wpt/<file>`, truth: the `wpt` oracle's table for that file), the
//! validity suites (`validity/urltestdata` and `validity/generated`, truth: the `reference`
//! oracle's validation errors and valid-URL-string verdicts, see `urldiff_oracles::validity`),
//! the RFC example tables (`rfc/<table>`, truth: the `rfc-examples` oracle) and our own cases
//! (`cases/<file>`, truth: the expectations in those files), all embedded in the build.
//! Oracles: the registry of `urldiff-oracles` (`default_oracles`), unavailable ones included;
//! the driver skips them. The ledger: [`LedgerSource`].

use crate::conform::suite::cases_suites;
use crate::events::Events;
use std::path::PathBuf;
use urldiff_corpus::data::DataSource;
use urldiff_corpus::wpt::WptData;
use urldiff_oracles::suite::Suite;
use urldiff_oracles::{registry, Oracle};

/// Where the ledger of a run comes from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LedgerSource {
    /// `--ledger DIR`, or the project's `corpus/expected/`: read, and rewritten by `--bless`.
    Folder(PathBuf),
    /// No project (urldiff runs outside a checkout): the ledger committed with this build,
    /// written out to the cache to be read; read-only (`--bless` refuses it).
    Embedded(PathBuf),
}

impl LedgerSource {
    /// `--ledger DIR`, else the project's ledger (`urldiff_corpus::project`), else the
    /// embedded one.
    pub fn find(explicit: Option<PathBuf>) -> anyhow::Result<LedgerSource> {
        if let Some(dir) = explicit {
            return Ok(LedgerSource::Folder(dir));
        }
        if let Some(project) = urldiff_corpus::project::find() {
            return Ok(LedgerSource::Folder(project.join(urldiff_corpus::project::LEDGER_DIR)));
        }
        let dir = urldiff_corpus::project::write_out("ledger", urldiff_corpus::embedded::LEDGER)
            .map_err(|e| anyhow::anyhow!("cannot write the embedded ledger to the cache: {e}"))?;
        Ok(LedgerSource::Embedded(dir))
    }

    /// The folder to read.
    pub fn dir(&self) -> &PathBuf {
        match self {
            LedgerSource::Folder(dir) | LedgerSource::Embedded(dir) => dir,
        }
    }
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

/// The revision of our own cases as embedded: a hash of their contents.
fn cases_revision(cases: &DataSource) -> String {
    let names = cases.names("json");
    let texts: Vec<String> =
        names.iter().filter_map(|n| cases.read(n).ok().map(|t| t.into_owned())).collect();
    let parts = names.iter().map(String::as_bytes).chain(texts.iter().map(String::as_bytes));
    format!("sha256 {} (embedded)", urldiff_corpus::project::content_hash(parts))
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
pub fn rfc_suites(tables: &DataSource) -> anyhow::Result<Vec<Suite>> {
    let loaded = urldiff_oracles::rfc_examples::load_suites(tables).map_err(anyhow::Error::msg)?;
    Ok(prefixed("rfc", loaded))
}

/// Name each suite `<prefix>/<name>`; each keeps its own truth (its loader's table).
fn prefixed(prefix: &str, suites: Vec<Suite>) -> Vec<Suite> {
    suites.into_iter().map(|s| Suite { name: format!("{prefix}/{}", s.name), ..s }).collect()
}

/// Every suite of a default run: WPT, validity, RFC tables, then our own cases (`cases`: the
/// embedded ones, or `--cases DIR`). Without WPT data the WPT and validity suites are left out, reported through
/// `events`.
pub fn default_suites(
    wpt: &Result<WptData, String>,
    cases: &DataSource,
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
    suites.extend(rfc_suites(&urldiff_oracles::rfc_examples::default_tables())?);
    suites.extend(cases_suites(cases, "cases/", &cases_revision(cases))?);
    Ok(suites)
}
