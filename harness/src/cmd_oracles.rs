//! `urldiff oracles`: every oracle with its kind, version and availability.
//!
//! `--json` prints an array of `{name, kind, version, unicode, standard, lenient, available,
//! reason}` objects ([`urldiff_reports::oracle_listing::OracleRow`]). `--explain-standards` prints which
//! standard each built-in oracle claims and why. Unavailable oracles are listed, never an
//! error: exit 0.

use clap::Args;
use urldiff_oracles::{default_oracles, RegistryConfig};
use urldiff_reports::oracle_listing::OracleRow;

#[derive(Debug, Args)]
pub struct OraclesArgs {
    /// Print a JSON array instead of a table.
    #[arg(long)]
    pub json: bool,
    /// Print the standard each built-in oracle claims, with the reason, and exit.
    #[arg(long)]
    pub explain_standards: bool,
}

pub fn run(args: OraclesArgs) -> anyhow::Result<u8> {
    if args.explain_standards {
        urldiff::out!("{}", explain_standards());
        return Ok(0);
    }
    let rows = listing(&RegistryConfig::from_env().map_err(anyhow::Error::msg)?);
    if args.json {
        urldiff::outln!("{}", serde_json::to_string_pretty(&rows)?);
    } else {
        print_table(&rows)?;
    }
    Ok(0)
}

/// One JSON object per oracle, in registry order.
pub fn listing(config: &RegistryConfig) -> Vec<OracleRow> {
    urldiff_reports::oracle_listing::rows(&default_oracles(config))
}

/// The claims table: oracle, standard, and why.
fn explain_standards() -> String {
    let mut out = String::from(
        "Each oracle is held to the standard it claims; `lenient` ones (splitters that do not \
         validate) only where that standard accepts the input.\n\n",
    );
    for row in urldiff_oracles::standard::BUILTIN_CLAIMS {
        out.push_str(&format!("{:18} {:18} {}\n", row.oracle, row.claim.label(), row.reason));
    }
    out.push_str("\nAn external oracle states its own: `standard` and `lenient` in its entry.\n");
    out
}

fn print_table(rows: &[OracleRow]) -> Result<(), urldiff::output::StdoutError> {
    urldiff::out!("{}", urldiff_reports::oracle_listing::text(rows, crate::terminal::width()));
    Ok(())
}
