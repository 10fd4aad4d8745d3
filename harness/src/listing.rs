//! The rows of `urldiff oracles --json`, one place for the command and `GET /api/oracles`:
//! per oracle, in registry order, `{name, kind, version, unicode, available, reason}`
//! (`reason` is null for an available oracle; `unicode`, the Unicode version of the parser's
//! IDNA or character data, is null when it cannot be known).

use serde_json::{json, Value};
use urldiff_oracles::{Availability, Oracle};

/// One JSON object per oracle, in the order given.
pub fn rows(oracles: &[Box<dyn Oracle>]) -> Vec<Value> {
    oracles
        .iter()
        .map(|oracle| {
            let info = oracle.info();
            let (available, reason) = match oracle.availability() {
                Availability::Available => (true, None),
                Availability::Unavailable { reason } => (false, Some(reason)),
            };
            json!({
                "name": info.name,
                "kind": info.kind.name(),
                "version": info.version,
                "unicode": info.unicode,
                "available": available,
                "reason": reason,
            })
        })
        .collect()
}
