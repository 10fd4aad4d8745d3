//! What `urldiff minimize`, `urldiff triage` and `urldiff export-wpt` need beyond the
//! `urldiff-triage` library: choosing the oracles and reading triage inputs ([`input`]). The
//! ledger answers triage's question itself (`urldiff_triage::expected`).

pub mod input;

use crate::compare::{select, Selection};
use urldiff_oracles::{default_oracles, Oracle, OracleKind, RegistryConfig};

/// The oracles of a minimize or triage run: those named in `wanted` (each must exist and be
/// able to run), else every available one except the expectation tables, which only know
/// their own inputs and so have no opinion on any candidate or minimized input.
pub fn select_oracles(wanted: &[String]) -> anyhow::Result<Selection> {
    let mut selection = select(default_oracles(&RegistryConfig::default()), wanted)?;
    if wanted.is_empty() {
        selection.oracles.retain(|o| o.info().kind != OracleKind::ExpectationTable);
    }
    Ok(selection)
}

/// The `urldiff minimize --json` object (also `POST /api/minimize`'s answer): exactly
/// `{"original", "base", "minimized", "minimized_base", "signature", "oracle_calls",
/// "seconds"}`.
pub fn minimized_json(m: &urldiff_triage::Minimized) -> serde_json::Value {
    serde_json::json!({
        "original": m.original.input,
        "base": m.original.base,
        "minimized": m.minimized.input,
        "minimized_base": m.minimized.base,
        "signature": m.signature.line(),
        "oracle_calls": m.oracle_calls,
        "seconds": m.seconds,
    })
}

/// The oracles as the library takes them.
pub fn refs(oracles: &[Box<dyn Oracle>]) -> Vec<&dyn Oracle> {
    oracles.iter().map(|o| o.as_ref()).collect()
}

/// urldiff's own version: the crate version and the build's `git describe` when known.
pub fn tool_version() -> String {
    let reference = urldiff_oracles::reference::version();
    match reference.split_once('(') {
        Some((_, describe)) => format!("{} ({describe}", env!("CARGO_PKG_VERSION")),
        None => env!("CARGO_PKG_VERSION").to_owned(),
    }
}
