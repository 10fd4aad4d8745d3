//! `urldiff report`: render a saved report again, or make the RFC-vs-WHATWG report.
//!
//! - `urldiff report RESULTS.json`: a conform JSON report (`urldiff conform --json`) as the
//!   terminal summary on stdout and any of `--html`, `--markdown`, `--junit`, `--matrix`,
//!   `--json`; or a findings file (`urldiff triage`'s findings.json) as its summary and any of
//!   `--html`, `--markdown`, `--json`, and `--upstream DIR`: one Markdown file of ready-to-file
//!   issue drafts per implementation with conformance findings, one per pair of standards
//!   with confusions (`urldiff_reports::upstream`). Which one it is, is read from the file; a
//!   file that is neither is an error naming both. A drafts folder that holds files is refused
//!   unless `--force`, which replaces it whole with this run's drafts (one exchange,
//!   `urldiff_corpus::atomic::replace_dir`), so no older draft stays beside the new ones.
//! - `urldiff report --rfc-vs-whatwg [--out DIR]`: the RFC-vs-WHATWG report
//!   (`urldiff_triage::rfc_vs_whatwg::inputs`), `DIR/rfc-vs-whatwg.md` and `.html` (default `out/reports`),
//!   or the files `--markdown` and `--html` name; `--in-process-only` leaves the real parsers
//!   out (the deterministic part alone).
//!
//! Files are written atomically, all or nothing. Exit 0 when rendered; 2 when the file cannot
//! be read or is neither kind of report, an option does not fit it, or a file cannot be
//! written.

use anyhow::{bail, Context};
use clap::Args;
use std::io::Write as _;
use std::path::PathBuf;
use urldiff::conform::Outputs;

#[derive(Debug, Args)]
pub struct ReportArgs {
    /// A JSON report written by `urldiff conform --json`, or a findings file written by
    /// `urldiff triage` (DIR/findings.json).
    #[arg(value_name = "RESULTS.json", required_unless_present = "rfc_vs_whatwg")]
    pub results: Option<PathBuf>,
    /// Write the HTML report: one self-contained page with filters and inline diffs.
    #[arg(long, value_name = "PATH")]
    pub html: Option<PathBuf>,
    /// Write the Markdown report.
    #[arg(long, value_name = "PATH")]
    pub markdown: Option<PathBuf>,
    /// Write JUnit XML (conform reports: a testsuite per oracle × suite, a testcase per case).
    #[arg(long, value_name = "PATH")]
    pub junit: Option<PathBuf>,
    /// Write the whole matrix and the findings as text (conform reports).
    #[arg(long, value_name = "PATH")]
    pub matrix: Option<PathBuf>,
    /// Findings files: write upstream issue drafts into DIR, one Markdown file per
    /// implementation with conformance findings (`rust-url.md`, …) and one per pair of
    /// standards with confusions, each issue with a reproduction in the library's language.
    #[arg(long, value_name = "DIR", conflicts_with = "rfc_vs_whatwg")]
    pub upstream: Option<PathBuf>,
    /// With --upstream: replace a DIR that already holds files (an earlier run's drafts) by
    /// this run's drafts, as one step; without it such a DIR is refused.
    #[arg(long, requires = "upstream")]
    pub force: bool,
    /// Write the JSON again (pretty); with --rfc-vs-whatwg, the report's data.
    #[arg(long, value_name = "PATH")]
    pub json: Option<PathBuf>,
    /// Make the RFC-vs-WHATWG report instead of reading RESULTS.json: where the WHATWG side
    /// and the RFC 3986 side read a component differently, by class, with the real parsers
    /// placed on a side. `make report` runs it.
    #[arg(long, conflicts_with_all = ["results", "junit", "matrix"])]
    pub rfc_vs_whatwg: bool,
    /// With --rfc-vs-whatwg: write DIR/rfc-vs-whatwg.md and DIR/rfc-vs-whatwg.html (default
    /// out/reports when neither --markdown nor --html is given).
    #[arg(long, value_name = "DIR", requires = "rfc_vs_whatwg")]
    pub out: Option<PathBuf>,
    /// With --rfc-vs-whatwg: leave the real parsers out (only the deterministic part, from the
    /// in-process oracles and the tables).
    #[arg(long, requires = "rfc_vs_whatwg")]
    pub in_process_only: bool,
}

fn print(text: &str) -> anyhow::Result<()> {
    let mut out = std::io::stdout().lock();
    match out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(()),
        other => Ok(other?),
    }
}

pub fn run(args: ReportArgs) -> anyhow::Result<u8> {
    if args.rfc_vs_whatwg {
        return rfc_vs_whatwg(&args);
    }
    let path = args.results.as_deref().expect("clap requires RESULTS.json");
    match urldiff_conform::saved::read(path)? {
        urldiff_conform::saved::Saved::Conform(_) if args.upstream.is_some() => {
            bail!("{} is a conform report: --upstream drafts issues from a findings file (urldiff triage)", path.display());
        }
        urldiff_conform::saved::Saved::Conform(report) => {
            let outputs = Outputs {
                json: args.json,
                junit: args.junit,
                matrix: args.matrix,
                markdown: args.markdown,
                html: args.html,
            };
            outputs.write(&report, Vec::new())?;
            print(&urldiff_reports::conform::terminal::render_to_width(
                &report,
                crate::terminal::width(),
            ))?;
        }
        urldiff_conform::saved::Saved::Findings(findings) => {
            if args.junit.is_some() || args.matrix.is_some() {
                bail!(
                    "{} is a findings file: --junit and --matrix are for conform reports \
                     (findings render as --markdown, --html and --json)",
                    path.display()
                );
            }
            let mut files = urldiff_reports::findings::files(&findings, args.markdown, args.html);
            if let Some(json) = args.json {
                files.push((json, findings.to_json().into_bytes()));
            }
            let witnesses = match &args.upstream {
                Some(_) => urldiff_triage::wpt_witness::for_drafts(&findings)?,
                None => None,
            };
            let drafts = urldiff_reports::upstream::drafts(&findings, witnesses.as_ref());
            if let Some(dir) = &args.upstream {
                urldiff_corpus::atomic::refuse_filled_dir(dir, args.force)?;
            }
            urldiff_corpus::atomic::write_all(&files)?;
            if let Some(dir) = &args.upstream {
                let named: Vec<(String, Vec<u8>)> =
                    drafts.iter().map(|d| (d.file.clone(), d.text.clone().into_bytes())).collect();
                urldiff_corpus::atomic::replace_dir(dir, &named)?;
            }
            print(&urldiff_reports::findings::terminal::render(&findings))?;
            if let Some(dir) = &args.upstream {
                for d in &drafts {
                    print(&format!("wrote {}\n", dir.join(&d.file).display()))?;
                }
            }
        }
    }
    Ok(0)
}

/// `urldiff report --rfc-vs-whatwg`.
fn rfc_vs_whatwg(args: &ReportArgs) -> anyhow::Result<u8> {
    let (mut markdown, mut html) = (args.markdown.clone(), args.html.clone());
    if args.out.is_some() || (markdown.is_none() && html.is_none() && args.json.is_none()) {
        let dir = args.out.clone().unwrap_or_else(|| PathBuf::from("out/reports"));
        std::fs::create_dir_all(&dir).with_context(|| format!("creating {}", dir.display()))?;
        markdown = markdown.or_else(|| Some(dir.join("rfc-vs-whatwg.md")));
        html = html.or_else(|| Some(dir.join("rfc-vs-whatwg.html")));
    }
    let report = urldiff_triage::rfc_vs_whatwg::inputs::report(args.in_process_only)?;
    use urldiff_reports::rfc_vs_whatwg::{files, summary};
    let files = files(&report, [markdown, html, args.json.clone()])?;
    urldiff_corpus::atomic::write_all(&files)?;
    let mut summary = summary(&report);
    for (path, _) in &files {
        summary.push_str(&format!("\nwrote {}", path.display()));
    }
    summary.push('\n');
    print(&summary)?;
    Ok(0)
}
