//! The one reader of a saved report: a conform JSON report (`urldiff conform --json`) or a
//! findings file (`urldiff triage`'s findings.json), told apart by their keys ([`read`], for
//! `urldiff report RESULTS.json`), and a conform report held as text ([`conform_from_text`],
//! for `urldiff serve`, which reads files through its own guard). A conform report from an
//! urldiff that did not classify gets its classes as it is read.

use crate::report::{ConformReport, ReportReadError};
use anyhow::{bail, Context};
use serde::de::IgnoredAny;
use std::fs::File;
use std::io::{BufRead as _, BufReader};
use std::path::Path;
use urldiff_triage::findings::Findings;

/// A conform report held as text, read back and classified.
pub fn conform_from_text(text: &str) -> Result<ConformReport, ReportReadError> {
    let mut report = ConformReport::from_json(text)?;
    crate::classify::classify(&mut report);
    Ok(report)
}

/// Whether `text` is JSON Lines: at least two lines, the first a JSON value of its own.
fn looks_like_json_lines(text: &str) -> bool {
    let mut lines = text.lines().filter(|l| !l.trim().is_empty());
    let first = lines.next().unwrap_or_default();
    lines.next().is_some() && serde_json::from_str::<serde_json::Value>(first).is_ok()
}

/// A saved report, of either kind.
#[derive(Debug)]
pub enum Saved {
    Conform(Box<ConformReport>),
    Findings(Box<Findings>),
}

/// The keys that tell the two kinds of saved report apart, read alone (the rest is skipped as
/// it streams by, nothing kept).
#[derive(serde::Deserialize)]
struct Kind {
    schema_version: Option<IgnoredAny>,
    groups: Option<IgnoredAny>,
    divergences: Option<IgnoredAny>,
    cells: Option<IgnoredAny>,
}

/// `path`, buffered, from its start.
fn open(path: &Path) -> anyhow::Result<BufReader<File>> {
    let file = File::open(path).with_context(|| format!("reading {}", path.display()))?;
    Ok(BufReader::with_capacity(1 << 20, file))
}

/// Read a saved report, telling the two kinds apart by their keys. A conform report is read
/// from the file straight into its typed form (no text, no JSON tree: a large run.json then
/// costs about its typed size, not many times the file's).
pub fn read(path: &Path) -> anyhow::Result<Saved> {
    let shown = path.display();
    let kind: Kind = match serde_json::from_reader(open(path)?) {
        Ok(kind) => kind,
        Err(e) if e.is_eof() && is_blank(path)? => {
            bail!("{shown} is empty: expected a conform JSON report or a findings file")
        }
        Err(e) if looks_like_json_lines(&first_lines(path)?) => bail!(
            "{shown}: not JSON ({e}): it looks like JSON Lines (one JSON value per line); \
             `urldiff triage {shown} --out DIR` reads a JSON Lines file of {{\"input\", \"base\"}}, \
             `urldiff report` reads the conform report or findings file that writes"
        ),
        Err(e) => return Err(e).with_context(|| format!("{shown}: not JSON")),
    };
    if kind.schema_version.is_some() && kind.groups.is_some() {
        let text = std::fs::read_to_string(path).with_context(|| format!("reading {shown}"))?;
        let findings = Findings::from_json(&text).map_err(anyhow::Error::new);
        return Ok(Saved::Findings(Box::new(findings.with_context(|| format!("{shown}"))?)));
    }
    if kind.divergences.is_some() || kind.cells.is_some() {
        if !ConformReport::is_urldiff(open(path)?).with_context(|| format!("{shown}"))? {
            bail!("{shown}: {}", ReportReadError::NotUrldiff);
        }
        let mut report =
            ConformReport::from_reader(open(path)?).with_context(|| format!("{shown}"))?;
        // Reports of an urldiff that did not classify get their classes now.
        crate::classify::classify(&mut report);
        return Ok(Saved::Conform(Box::new(report)));
    }
    bail!(
        "{shown} is neither a conform JSON report (urldiff conform --json: \"divergences\", \
         \"cells\") nor a findings file (urldiff triage: \"schema_version\", \"groups\")"
    )
}

/// Whether `path` holds nothing but white space (read as it streams by).
fn is_blank(path: &Path) -> anyhow::Result<bool> {
    let mut reader = open(path)?;
    loop {
        let chunk = reader.fill_buf()?;
        if chunk.is_empty() {
            return Ok(true);
        }
        if !chunk.iter().all(u8::is_ascii_whitespace) {
            return Ok(false);
        }
        let n = chunk.len();
        reader.consume(n);
    }
}

/// The first two lines of `path`, for telling JSON Lines apart.
fn first_lines(path: &Path) -> anyhow::Result<String> {
    let mut reader = open(path)?;
    let mut text = String::new();
    for _ in 0..2 {
        if reader.read_line(&mut text).unwrap_or(0) == 0 {
            break;
        }
    }
    Ok(text)
}
