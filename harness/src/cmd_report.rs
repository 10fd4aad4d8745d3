//! `urldiff report RESULTS.json`: render a saved conform JSON report again, as the terminal
//! summary on stdout and as any of the report files (`--html`, `--markdown`, `--junit`,
//! `--matrix`, `--json`), written atomically, all or nothing. Exit 0 when rendered; 2 when
//! the file cannot be read, is not a urldiff conform report, or a file cannot be written.

use anyhow::Context;
use clap::Args;
use std::io::Write as _;
use std::path::PathBuf;
use urldiff::conform::report::Outputs;
use urldiff_reports::ConformReport;

#[derive(Debug, Args)]
pub struct ReportArgs {
    /// A JSON report written by `urldiff conform --json`.
    #[arg(value_name = "RESULTS.json")]
    pub results: PathBuf,
    /// Write the HTML report: one self-contained page with filters and inline diffs.
    #[arg(long, value_name = "PATH")]
    pub html: Option<PathBuf>,
    /// Write the Markdown report.
    #[arg(long, value_name = "PATH")]
    pub markdown: Option<PathBuf>,
    /// Write JUnit XML (a testsuite per oracle × suite, a testcase per case).
    #[arg(long, value_name = "PATH")]
    pub junit: Option<PathBuf>,
    /// Write the whole matrix and the findings as text.
    #[arg(long, value_name = "PATH")]
    pub matrix: Option<PathBuf>,
    /// Write the JSON report again (pretty).
    #[arg(long, value_name = "PATH")]
    pub json: Option<PathBuf>,
}

pub fn run(args: ReportArgs) -> anyhow::Result<u8> {
    let shown = args.results.display();
    let text =
        std::fs::read_to_string(&args.results).with_context(|| format!("reading {shown}"))?;
    let report = ConformReport::from_json(&text).with_context(|| format!("{shown}"))?;
    let outputs = Outputs {
        json: args.json,
        junit: args.junit,
        matrix: args.matrix,
        markdown: args.markdown,
        html: args.html,
    };
    urldiff::atomic::write_all(&outputs.render(&report)?)?;
    let summary = urldiff_reports::terminal::render(&report);
    let mut out = std::io::stdout().lock();
    match out.write_all(summary.as_bytes()).and_then(|()| out.flush()) {
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => {}
        other => other?,
    }
    Ok(0)
}
