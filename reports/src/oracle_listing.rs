//! The rows of `urldiff oracles --json`, one place for the command and `GET /api/oracles`:
//! per oracle, in registry order, `{name, kind, version, unicode, standard, lenient,
//! available, reason}` (`reason` is null for an available oracle; `unicode`, the Unicode
//! version of the parser's IDNA or character data, is null when it cannot be known;
//! `standard` is the standard the oracle claims, `none` when it claims none); and the same
//! rows as the text `urldiff oracles` prints ([`text`]).

use crate::plain::{one_line, wrap_lines};
use crate::table::{Cell, Table};
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

/// The rows as `urldiff oracles` prints them, at most `width` columns wide: the table, then
/// each unavailable oracle's reason (it may span lines: a fix hint), one line each.
pub fn text(rows: &[OracleRow], width: usize) -> String {
    let titles = ["oracle", "kind", "standard", "available", "version", "unicode"];
    let mut table = Table::new(&titles);
    for r in rows {
        let claim = urldiff_oracles::Claim { standard: r.standard, lenient: r.lenient };
        table.row(vec![
            Cell::text(&r.name),
            Cell::text(r.kind),
            Cell::text(claim.label()),
            Cell::text(if r.available { "yes" } else { "no" }),
            Cell::text(&r.version),
            Cell::text(r.unicode.as_deref().unwrap_or("unknown")),
        ]);
    }
    let mut out = table.terminal(width);
    let mut reasons = String::new();
    for r in rows.iter().filter(|r| !r.available) {
        for line in r.reason.as_deref().unwrap_or("").lines() {
            reasons.push_str(&format!("  {}: {}\n", one_line(&r.name), one_line(line)));
        }
    }
    if !reasons.is_empty() {
        out.push_str("\nWhy unavailable:\n");
        out.push_str(&wrap_lines(&reasons, width));
    }
    out
}
