//! `urldiff oracles`: every oracle with its kind, version and availability.
//!
//! `--json` prints an array of `{name, kind, library, version, unicode, standard, lenient,
//! available, reason}` objects ([`urldiff_reports::oracle_listing::OracleRow`]).
//! `--explain-standards` prints every oracle's profile (from its folder: the standard it
//! claims, the edition, the documentation's words and link, each documented deviation).
//! Unavailable oracles are listed, never an error: exit 0.

use clap::Args;
use urldiff_oracles::{default_oracles, RegistryConfig};
use urldiff_reports::oracle_listing::OracleRow;

#[derive(Debug, Args)]
pub struct OraclesArgs {
    /// Print a JSON array instead of a table.
    #[arg(long)]
    pub json: bool,
    /// Print each oracle's profile (standard, edition, documentation, documented deviations)
    /// and exit.
    #[arg(long)]
    pub explain_standards: bool,
}

pub fn run(args: OraclesArgs) -> anyhow::Result<u8> {
    let config = RegistryConfig::from_env().map_err(anyhow::Error::msg)?;
    if args.explain_standards {
        urldiff::out!("{}", explain_standards());
        return Ok(0);
    }
    let rows = listing(&config);
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

/// Every profile: the registered folders', then those of `URLDIFF_PARSERS`.
fn explain_standards() -> String {
    let user = urldiff_oracles::parsers::user::from_env().as_ref().ok();
    let descriptors: Vec<&urldiff_oracles::parsers::Descriptor> =
        urldiff_oracles::parsers::descriptors()
            .iter()
            .chain(user.into_iter().flatten().map(|f| &f.descriptor))
            .collect();
    urldiff_reports::oracle_listing::explain_standards(&descriptors, crate::terminal::width())
}

fn print_table(rows: &[OracleRow]) -> Result<(), urldiff::output::StdoutError> {
    urldiff::out!("{}", urldiff_reports::oracle_listing::text(rows, crate::terminal::width()));
    Ok(())
}
