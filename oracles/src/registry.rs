//! The oracle registry: every oracle urldiff knows, in a fixed order.
//!
//! Order (part of the output contract of `urldiff oracles` and `urldiff compare`):
//! `reference`, `reference-rfc3986`, `wpt`, `rfc-examples`, `rfc3986-regex`, `rust-url`,
//! `ada`, `curl`, then the subprocess oracles (python-urllib, node-url, whatwg-url, url-parse,
//! java-uri, then every registered adapter folder in `parsers::FOLDERS` order), the folders of
//! `URLDIFF_PARSERS` and the external oracles. An oracle whose runtime or data is missing
//! is still listed; its [`Oracle::availability`] says why it cannot run, and callers skip it.

use crate::model::{Availability, Oracle};
use crate::subprocess::Timeouts;
use urldiff_corpus::data::DataSource;
use urldiff_corpus::wpt::WptData;

/// What the registry needs to know from the command line or the environment.
#[derive(Clone, Debug, Default)]
pub struct RegistryConfig {
    /// Use this WPT data instead of locating it (`urldiff_corpus::wpt::locate()`).
    pub wpt_data: Option<WptData>,
    /// Use these RFC example tables instead of the embedded `corpus/rfc/`.
    pub rfc_tables: Option<DataSource>,
    /// The subprocess oracles' time limits.
    pub timeouts: Timeouts,
}

impl RegistryConfig {
    /// The defaults, with the time limits of the environment (`URLDIFF_CASE_TIMEOUT_MS`), after
    /// checking the folders of `URLDIFF_PARSERS`; an invalid value is an error naming the
    /// variable (and the file).
    pub fn from_env() -> Result<RegistryConfig, ConfigError> {
        if let Err(e) = crate::parsers::user::from_env() {
            return Err(ConfigError::Parsers(e.to_string()));
        }
        Ok(RegistryConfig { timeouts: Timeouts::from_env()?, ..RegistryConfig::default() })
    }
}

/// Why the environment does not give a registry configuration.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ConfigError {
    #[error(transparent)]
    CaseTimeout(#[from] crate::subprocess::pool::InvalidCaseTimeout),
    /// A folder of `URLDIFF_PARSERS` cannot be used (the message names the file).
    #[error("{0}")]
    Parsers(String),
}

/// Every oracle, in the fixed order above.
pub fn default_oracles(config: &RegistryConfig) -> Vec<Box<dyn Oracle>> {
    let wpt_data = match &config.wpt_data {
        Some(data) => Ok(data.clone()),
        None => urldiff_corpus::wpt::locate(),
    };
    let mut oracles: Vec<Box<dyn Oracle>> = vec![
        Box::new(crate::reference::ReferenceOracle::new()),
        Box::new(crate::reference_rfc::ReferenceRfc3986Oracle::new()),
        Box::new(crate::wpt::oracle(wpt_data)),
        Box::new(crate::rfc_examples::oracle(
            &config.rfc_tables.clone().unwrap_or_else(crate::rfc_examples::default_tables),
        )),
        Box::new(crate::rfc3986_regex::Rfc3986RegexOracle::new()),
        Box::new(crate::rust_url::RustUrlOracle::new()),
        Box::new(crate::ada::AdaOracle::new()),
        Box::new(crate::curl::CurlOracle::new()),
    ];
    oracles.extend(subprocess_oracles(config));
    oracles
}

/// The python/node/java workers and the external (config-file, HTTP) oracles, after the
/// in-process ones. They start lazily, on first use.
fn subprocess_oracles(config: &RegistryConfig) -> Vec<Box<dyn Oracle>> {
    crate::subprocess::default_oracles(config.timeouts)
}

/// (name, reason) of each oracle that cannot run.
pub type Unavailable = Vec<(String, String)>;

/// The oracles that can run, and the (name, reason) of those that cannot.
pub fn split_available(oracles: Vec<Box<dyn Oracle>>) -> (Vec<Box<dyn Oracle>>, Unavailable) {
    let refs: Vec<&dyn Oracle> = oracles.iter().map(|o| o.as_ref()).collect();
    let checks = check_all(&refs);
    let mut available = Vec::new();
    let mut unavailable = Vec::new();
    for (oracle, check) in oracles.into_iter().zip(checks) {
        match check {
            Availability::Available => available.push(oracle),
            Availability::Unavailable { reason } => {
                unavailable.push((oracle.info().name.clone(), reason))
            }
        }
    }
    (available, unavailable)
}

/// Every oracle's availability, checked at once, each on its own thread: a subprocess
/// oracle's first check starts its worker (an interpreter or a JVM), which waits on the
/// process rather than the CPU, so the start-ups overlap instead of queueing.
pub fn check_all(oracles: &[&dyn Oracle]) -> Vec<Availability> {
    std::thread::scope(|scope| {
        let handles: Vec<_> =
            oracles.iter().map(|oracle| scope.spawn(|| oracle.availability())).collect();
        handles.into_iter().map(|h| h.join().expect("availability check panicked")).collect()
    })
}
