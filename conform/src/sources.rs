//! Which oracles and suites a default `urldiff conform` run uses, and each suite's truth.
//!
//! Suites: `urldiff_oracles::suites` (WPT, validity, the RFC tables and our own cases, each
//! with its truth, all embedded in the build).
//! Oracles: the registry of `urldiff-oracles` (`default_oracles`), unavailable ones included;
//! the driver skips them. The ledger: [`LedgerSource`].

use crate::events::Events;
use std::path::PathBuf;
use urldiff_corpus::data::DataSource;
use urldiff_corpus::wpt::{LocateError, WptData};
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

/// Every oracle of a default run (unavailable ones included; the driver skips them). An
/// invalid `URLDIFF_CASE_TIMEOUT_MS` is an error.
pub fn default_oracles(wpt: &Result<WptData, LocateError>) -> anyhow::Result<Vec<Box<dyn Oracle>>> {
    let config = registry::RegistryConfig {
        wpt_data: wpt.as_ref().ok().cloned(),
        ..registry::RegistryConfig::from_env().map_err(anyhow::Error::msg)?
    };
    Ok(registry::default_oracles(&config))
}

/// Every suite of a default run (`urldiff_oracles::suites::default_suites`); without WPT data
/// the WPT and validity suites are left out, reported through `events`.
pub fn default_suites(
    wpt: &Result<WptData, LocateError>,
    cases: &DataSource,
    events: &dyn Events,
) -> anyhow::Result<Vec<Suite>> {
    let skipped = |reason: &str| events.data_skipped("the WPT suites", reason);
    Ok(urldiff_oracles::suites::default_suites(wpt, cases, skipped)?)
}
