//! urldiff-reports: the typed data of a run and its renderers. No I/O and no printing: each
//! renderer turns a [`ConformReport`] into bytes, and the binary writes them (atomically).
//!
//! A conform report's data, its judging and its reading back are `urldiff_conform`'s; this
//! crate only renders.
//!
//! - [`classes`]: a divergence's classes as reports show them, and the ledgered divergences
//!   by class and severity;
//! - [`plain`]: pieces of the plain-text reports; [`explain_projection`]: the comparison's
//!   tables (`--explain-projection`);
//! - [`terminal`]: the summary `urldiff conform` prints, fitted to the terminal's width (100
//!   columns by default);
//! - [`matrix`]: the `--matrix` text, the whole matrix and the findings;
//! - [`markdown`], [`html`]: the Markdown report and the self-contained HTML page;
//! - [`junit`]: JUnit XML (quick-xml's writer);
//! - [`campaign`]: a fuzz campaign's `status.json` and `history.jsonl` as types (their one
//!   reader), [`plot`]: the history plot of groups per class (inline SVG, `plotters`), and
//!   [`html::dashboard`]: `urldiff serve`'s runs dashboard over both;
//! - [`table`]: the one table model, rendered to terminal (fitted to a width), Markdown and
//!   HTML; [`tables`]: the conform report's tables, built once; [`hostile`]: the one policy
//!   for hostile text in every output;
//! - [`findings`]: the findings reports (`findings.md`, `findings.html` in [`html::findings`],
//!   the terminal summary of `urldiff triage`), from triage's typed findings;
//! - [`rfc_vs_whatwg`]: the RFC-vs-WHATWG report (Markdown here, HTML in
//!   [`html::rfc_vs_whatwg`]), and the split between its deterministic part and the real
//!   parsers' blocks;
//! - [`compare_view`]: the views of `urldiff compare` (table, listing, JSON);
//! - [`oracle_listing`]: the rows of `urldiff oracles --json` and `GET /api/oracles`;
//! - [`parse_answer`]: the WHATWG answer of `urldiff parse --json`, written as it is serialized;
//!   [`parse_rfc_answer`]: the RFC modes' answer (`parse --rfc3986 --json`);
//! - [`campaign_report`]: a fuzz campaign's Markdown and HTML report, with the history of
//!   groups per class as an inline SVG (`plotters`);
//! - [`timings`]: where a conform run's time went (`urldiff conform --timings`), as tables.
//!
//! [`Format`] names every renderer of a conform report; [`render`] runs one.
//!
//! ```
//! use urldiff_reports::{render, ConformReport, Format};
//! // A run in which nothing diverges passes, in every format.
//! let report = ConformReport::new("0.1.0");
//! let terminal = String::from_utf8(render(&report, Format::Terminal).unwrap()).unwrap();
//! assert!(terminal.contains("PASS"), "{terminal}");
//! let junit = String::from_utf8(render(&report, Format::Junit).unwrap()).unwrap();
//! assert!(junit.starts_with("<?xml version=\"1.0\" encoding=\"UTF-8\"?>"), "{junit}");
//! ```

pub mod campaign;
pub mod campaign_report;
pub mod classes;
pub mod compare_view;
pub mod explain_projection;
pub mod findings;
pub mod hostile;
pub mod html;
pub mod junit;
pub mod markdown;
pub mod matrix;
pub mod oracle_listing;
pub mod parse_answer;
pub mod parse_rfc_answer;
pub mod plain;
pub mod plot;
pub mod rfc_vs_whatwg;
pub mod rfc_vs_whatwg_tables;
pub mod table;
pub mod tables;
pub mod terminal;
pub mod timings;
pub mod upstream;

use std::io::{self, Write};
pub use urldiff_conform::ConformReport;

/// A report format.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Format {
    /// The terminal summary (at most [`terminal::WIDTH`] columns).
    Terminal,
    /// The whole matrix and the findings as text (`--matrix`).
    Matrix,
    Markdown,
    Html,
    /// The report itself, pretty-printed (`--json`).
    Json,
    Junit,
}

/// Render `report` in `format`.
pub fn render(report: &ConformReport, format: Format) -> anyhow::Result<Vec<u8>> {
    let mut out = Vec::new();
    render_to(report, format, &mut out)?;
    Ok(out)
}

/// Render `report` in `format` into `out`, the same bytes as [`render`]: JSON and JUnit are
/// written as they are made (give a buffered writer), the others as one text.
pub fn render_to(report: &ConformReport, format: Format, out: &mut dyn Write) -> io::Result<()> {
    match format {
        Format::Terminal => out.write_all(terminal::render(report).as_bytes()),
        Format::Matrix => out.write_all(matrix::render(report).as_bytes()),
        Format::Markdown => out.write_all(markdown::render(report).as_bytes()),
        Format::Html => out.write_all(html::conform::render(report).as_bytes()),
        Format::Json => {
            report.write_json(&mut *out)?;
            out.write_all(b"\n")
        }
        Format::Junit => junit::write(report, out),
    }
}
