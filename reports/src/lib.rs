//! urldiff-reports: the typed data of a run and its renderers. No I/O and no printing: each
//! renderer turns a [`ConformReport`] into bytes, and the binary writes them (atomically).
//!
//! A conform report's data, its judging and its reading back are `urldiff_conform`'s; this
//! crate only renders.
//!
//! The reports, one folder (or file) each, over a bottom layer that imports none of them
//! (`harness/tests/module_circles.rs` checks both):
//!
//! - [`conform`]: a conform run's terminal summary, `--matrix` text, Markdown, HTML page,
//!   JUnit XML and timings, with the run's classes, tables and plain-text pieces;
//! - [`findings`]: the findings reports (`findings.md`, `findings.html`, the terminal summary
//!   of `urldiff triage`), from triage's typed findings;
//! - [`upstream`]: upstream issue drafts with reproductions;
//! - [`rfc_vs_whatwg`]: the RFC-vs-WHATWG report (Markdown and HTML), and the split between its
//!   deterministic part and the real parsers' blocks;
//! - [`campaign`]: a fuzz campaign's `status.json` and `history.jsonl` as types (their one
//!   reader), its Markdown and HTML report and the history plot of groups per class (inline
//!   SVG, `plotters`); [`dashboard`]: `urldiff serve`'s runs dashboard over campaigns and
//!   conform runs;
//! - [`compare_view`]: the views of `urldiff compare` (table, listing, JSON);
//!   [`explain_projection`]: the comparison's tables (`--explain-projection`);
//! - [`oracle_listing`]: the rows of `urldiff oracles --json` and `GET /api/oracles`;
//! - [`parse_answer`]: the WHATWG answer of `urldiff parse --json`, written as it is serialized;
//!   [`parse_rfc_answer`]: the RFC modes' answer (`parse --rfc3986 --json`).
//!
//! The bottom layer: [`table`] (the one table model, rendered to terminal, fitted to a width,
//! Markdown and HTML), [`hostile`] (the one policy for hostile text in every output, with its
//! safe link), [`html_text`] (hostile text in HTML, inline diffs), [`page`] (the
//! self-contained HTML page shell), [`plain`] (plain-text pieces: widths, fitting, wrapping) and [`markdown_text`] (hostile
//! text in Markdown).
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
pub mod compare_view;
pub mod conform;
pub mod dashboard;
pub mod explain_projection;
pub mod findings;
pub mod oracle_listing;
pub mod parse_answer;
pub mod parse_rfc_answer;
pub mod rfc_vs_whatwg;
pub mod upstream;

use std::io::{self, Write};

// The bottom layer.
pub mod hostile;
pub mod html_text;
pub mod markdown_text;
pub mod page;
pub mod plain;
pub mod table;

pub use urldiff_conform::ConformReport;

/// A report format.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Format {
    /// The terminal summary (at most [`plain::WIDTH`] columns).
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
/// written as they are made, the others as one text.
pub fn render_to(report: &ConformReport, format: Format, out: &mut dyn Write) -> io::Result<()> {
    // JSON and JUnit are written in pieces of a few bytes: into a buffer of this type, not
    // each through `dyn Write`.
    let mut buffered = io::BufWriter::with_capacity(1 << 16, out);
    let out = &mut buffered;
    match format {
        Format::Terminal => out.write_all(conform::terminal::render(report).as_bytes()),
        Format::Matrix => out.write_all(conform::matrix::render(report).as_bytes()),
        Format::Markdown => out.write_all(conform::markdown::render(report).as_bytes()),
        Format::Html => out.write_all(conform::html::render(report).as_bytes()),
        Format::Json => {
            report.write_json(&mut *out)?;
            out.write_all(b"\n")
        }
        Format::Junit => conform::junit::write(report, out),
    }?;
    buffered.flush()
}
