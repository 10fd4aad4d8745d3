//! The rows of `urldiff oracles --json`, one place for the command and `GET /api/oracles`:
//! per oracle, in registry order, `{name, kind, version, unicode, standard, lenient,
//! available, reason}` (`reason` is null for an available oracle; `unicode`, the Unicode
//! version of the parser's IDNA or character data, is null when it cannot be known;
//! `standard` is the standard the oracle claims, `none` when it claims none).

use serde::Serialize;
use urldiff_oracles::{Availability, Oracle, Standard};

/// One oracle, as listed.
#[derive(Clone, Debug, Serialize)]
pub struct OracleRow {
    pub name: String,
    pub kind: &'static str,
    pub version: String,
    pub unicode: Option<String>,
    pub standard: Standard,
    /// Held to its standard only where the standard accepts the input.
    pub lenient: bool,
    pub available: bool,
    pub reason: Option<String>,
}

/// One row per oracle, in the order given.
pub fn rows(oracles: &[Box<dyn Oracle>]) -> Vec<OracleRow> {
    oracles
        .iter()
        .map(|oracle| {
            let info = oracle.info();
            let (available, reason) = match oracle.availability() {
                Availability::Available => (true, None),
                Availability::Unavailable { reason } => (false, Some(reason)),
            };
            // After `availability`: a worker's claim is known once it has started.
            let info = if available { oracle.info() } else { info };
            OracleRow {
                name: info.name.clone(),
                kind: info.kind.name(),
                version: info.version.clone(),
                unicode: info.unicode.clone(),
                standard: info.claim.standard,
                lenient: info.claim.lenient,
                available,
                reason,
            }
        })
        .collect()
}
