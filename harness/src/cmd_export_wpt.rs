//! `urldiff export-wpt FINDINGS.json [--out FILE]`: the conformance findings WPT lacks as
//! urltestdata.json entries (`urldiff_triage::wpt_export`: against the URL Standard, whatwg-url
//! agreeing with the reference, no WPT case reading the same step and code point), on stdout
//! or written atomically to FILE.
//!
//! Exit codes: 0 written; 2 for a harness error (an unreadable findings file, a write error).

use anyhow::Context;
use clap::Args;
use std::path::PathBuf;
use urldiff_oracles::reference::ReferenceOracle;
use urldiff_triage::findings::Findings;

#[derive(Debug, Args)]
pub struct ExportWptArgs {
    /// A findings.json written by `urldiff triage`.
    pub findings: PathBuf,
    /// Write the entries here instead of stdout.
    #[arg(long, value_name = "FILE")]
    pub out: Option<PathBuf>,
}

pub fn run(args: ExportWptArgs) -> anyhow::Result<u8> {
    let text = std::fs::read_to_string(&args.findings)
        .with_context(|| format!("cannot read {}", args.findings.display()))?;
    let findings = Findings::from_json(&text)
        .map_err(|why| anyhow::anyhow!("{}: {why}", args.findings.display()))?;
    let coverage = urldiff_triage::coverage::WptCoverage::load();
    if coverage.is_none() {
        eprintln!("urldiff: WPT data not found: groups are exported without checking WPT's cases");
    }
    let entries =
        urldiff_triage::wpt_export::export(&findings, &ReferenceOracle::new(), coverage.as_ref())?;
    let mut json = serde_json::to_string_pretty(&entries)?;
    json.push('\n');
    match &args.out {
        Some(path) => urldiff_corpus::atomic::write(path, json.as_bytes())?,
        None => {
            use std::io::Write as _;
            let mut out = std::io::stdout().lock();
            if let Err(e) = out.write_all(json.as_bytes()).and_then(|()| out.flush()) {
                if e.kind() != std::io::ErrorKind::BrokenPipe {
                    return Err(e.into());
                }
            }
        }
    }
    Ok(0)
}
