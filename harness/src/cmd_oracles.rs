//! `urldiff oracles`: every oracle with its kind, version and availability.
//!
//! `--json` prints an array of `{name, kind, version, available, reason}` objects (`reason`
//! is null for an available oracle). Unavailable oracles are listed, never an error: exit 0.

use clap::Args;
use serde_json::{json, Value};
use urldiff_oracles::{default_oracles, Availability, RegistryConfig};

#[derive(Debug, Args)]
pub struct OraclesArgs {
    /// Print a JSON array instead of a table.
    #[arg(long)]
    pub json: bool,
}

pub fn run(args: OraclesArgs) -> anyhow::Result<u8> {
    let rows = listing(&RegistryConfig::from_env().map_err(anyhow::Error::msg)?);
    if args.json {
        urldiff::outln!("{}", serde_json::to_string_pretty(&rows)?);
    } else {
        print_table(&rows)?;
    }
    Ok(0)
}

/// One JSON object per oracle, in registry order.
pub fn listing(config: &RegistryConfig) -> Vec<Value> {
    default_oracles(config)
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
                "available": available,
                "reason": reason,
            })
        })
        .collect()
}

fn print_table(rows: &[Value]) -> Result<(), urldiff::output::StdoutError> {
    let text = |row: &Value, key: &str| row[key].as_str().unwrap_or("").to_owned();
    let name_width = rows.iter().map(|r| text(r, "name").len()).max().unwrap_or(4).max(6);
    let kind_width = rows.iter().map(|r| text(r, "kind").len()).max().unwrap_or(4).max(4);
    urldiff::outln!("{:name_width$}  {:kind_width$}  {:9}  version", "oracle", "kind", "available");
    for row in rows {
        let available = row["available"].as_bool().unwrap_or(false);
        urldiff::outln!(
            "{:name_width$}  {:kind_width$}  {:9}  {}",
            text(row, "name"),
            text(row, "kind"),
            if available { "yes" } else { "no" },
            text(row, "version"),
        );
        if !available {
            // The reason may span lines (a fix hint); indent them under the oracle.
            for line in text(row, "reason").lines() {
                urldiff::outln!("{:name_width$}    reason: {line}", "");
            }
        }
    }
    Ok(())
}
