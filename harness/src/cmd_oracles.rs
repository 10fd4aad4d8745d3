//! `urldiff oracles`: every oracle with its kind, version and availability.
//!
//! `--json` prints an array of `{name, kind, version, unicode, available, reason}` objects
//! (`reason` is null for an available oracle; `unicode`, the Unicode version of the parser's
//! IDNA or character data, is null when it cannot be known). Unavailable oracles are listed, never an error: exit 0.

use clap::Args;
use serde_json::Value;
use urldiff_oracles::{default_oracles, RegistryConfig};

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
    urldiff::listing::rows(&default_oracles(config))
}

fn print_table(rows: &[Value]) -> Result<(), urldiff::output::StdoutError> {
    let text = |row: &Value, key: &str| row[key].as_str().unwrap_or("").to_owned();
    let width = |key: &str, min: usize| {
        rows.iter().map(|r| text(r, key).chars().count()).max().unwrap_or(0).max(min)
    };
    let (name_width, kind_width, version_width) =
        (width("name", 6), width("kind", 4), width("version", 7));
    urldiff::outln!(
        "{:name_width$}  {:kind_width$}  {:9}  {:version_width$}  unicode",
        "oracle",
        "kind",
        "available",
        "version"
    );
    for row in rows {
        let available = row["available"].as_bool().unwrap_or(false);
        let unicode = row["unicode"].as_str().unwrap_or("unknown");
        urldiff::outln!(
            "{:name_width$}  {:kind_width$}  {:9}  {:version_width$}  {unicode}",
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
