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
    let width = |text: &dyn Fn(&OracleRow) -> String, min: usize| {
        rows.iter().map(|r| text(r).chars().count()).max().unwrap_or(0).max(min)
    };
    let standard =
        |r: &OracleRow| urldiff_oracles::Claim { standard: r.standard, lenient: r.lenient }.label();
    let name_width = width(&|r| urldiff_reports::plain::one_line(&r.name), 6);
    let kind_width = width(&|r| r.kind.to_owned(), 4);
    let version_width = width(&|r| urldiff_reports::plain::one_line(&r.version), 7);
    let standard_width = width(&standard, 8);
    urldiff::outln!(
        "{:name_width$}  {:kind_width$}  {:standard_width$}  {:9}  {:version_width$}  unicode",
        "oracle",
        "kind",
        "standard",
        "available",
        "version"
    );
    for row in rows {
        let unicode = row.unicode.as_deref().unwrap_or("unknown");
        let line = format!(
            "{:name_width$}  {:kind_width$}  {:standard_width$}  {:9}  {:version_width$}  {}",
            urldiff_reports::plain::one_line(&row.name),
            row.kind,
            standard(row),
            if row.available { "yes" } else { "no" },
            urldiff_reports::plain::one_line(&row.version),
            urldiff_reports::plain::one_line(unicode),
        );
        urldiff::outln!("{}", line.trim_end());
        if let Some(reason) = row.reason.as_deref().filter(|_| !row.available) {
            // The reason may span lines (a fix hint); indent them under the oracle.
            for line in reason.lines() {
                urldiff::outln!(
                    "{:name_width$}    reason: {}",
                    "",
                    urldiff_reports::plain::one_line(line)
                );
            }
        }
    }
    Ok(())
}
