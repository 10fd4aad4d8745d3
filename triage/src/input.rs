//! Reading what `urldiff triage` triages: a `conform` JSON report (its divergences' cases), a
//! JSON Lines file of `{"input", "base"}`, or a folder of such files (`*.json` and `*.jsonl`,
//! in name order, not recursive).
//!
//! From a conform report, each case once (the first suite that has it): parse and resolve
//! cases as they are; a host-to-ASCII case as the URL `https://<input>/x`, as WPT's
//! toascii.window.js tests it; setter, percent-encode and form-urlencoded cases are not URL
//! parses and are counted as skipped. Each keeps its suite and case name for the ledger. Lines
//! of a JSON Lines file are in the suite `jsonl/<file stem>`. Identical requests are triaged
//! once. A JSON Lines line that cannot be read (not UTF-8, not a request) is set aside with
//! its `file:line` and why, and the other lines are triaged: one bad line loses nothing else.
//!
//! A conform report is read into a compact typed form (each divergence's case and suite; every
//! other key skipped as it is read), never into a JSON tree, so a large run.json costs little
//! beyond its own bytes.

use crate::pipeline::TriageCase;
use crate::Request;
use serde::de::IgnoredAny;
use serde::Deserialize;
use std::collections::HashSet;
use std::path::{Path, PathBuf};
use urldiff_oracles::Case;

/// Why nothing could be triaged from a path.
#[derive(Debug, thiserror::Error)]
pub enum InputError {
    #[error("cannot read {}", path.display())]
    Read { path: PathBuf, source: std::io::Error },
    #[error("{} holds no .json or .jsonl file to triage", .0.display())]
    NoFiles(PathBuf),
    #[error("{} is empty: nothing to triage", .0.display())]
    Empty(PathBuf),
    #[error("{}: a conform report whose divergences cannot be read", path.display())]
    BadReport { path: PathBuf, source: serde_json::Error },
    /// Every line was unreadable; the first one's `file:line: why`.
    #[error("no line of {} could be read: {first}", path.display())]
    NoLine { path: PathBuf, first: String },
}

fn cannot_read(path: &Path) -> impl FnOnce(std::io::Error) -> InputError + '_ {
    move |source| InputError::Read { path: path.to_owned(), source }
}

/// The cases read, the sources they came from, how many cases were skipped and the lines
/// that could not be read (`file:line: why`).
#[derive(Debug, Default)]
pub struct Input {
    pub cases: Vec<TriageCase>,
    pub sources: Vec<String>,
    pub skipped: usize,
    pub unreadable: Vec<String>,
    seen: HashSet<Request>,
}

impl Input {
    /// Keep only shard `k` of `n` (1-based, `crate::merge::in_shard`), and say so in the
    /// sources.
    pub fn keep_shard(&mut self, k: usize, n: usize) {
        self.cases
            .retain(|c| crate::merge::in_shard(&c.request.input, c.request.base.as_deref(), k, n));
        self.sources = self.sources.iter().map(|s| format!("{s} (shard {k}/{n})")).collect();
        // What the input holds besides cases (skipped cases, unreadable lines) is one fact
        // of the whole input: shard 1 records it, so that N shards merged count it once.
        if k != 1 {
            self.skipped = 0;
            self.unreadable.clear();
        }
    }

    fn push(&mut self, case: TriageCase) {
        if self.seen.insert(case.request.clone()) {
            self.cases.push(case);
        }
    }
}

/// Read a file or a folder of files.
pub fn read(path: &Path) -> Result<Input, InputError> {
    let mut input = Input::default();
    let meta = std::fs::metadata(path).map_err(cannot_read(path))?;
    let files: Vec<PathBuf> = if meta.is_dir() {
        let mut files: Vec<PathBuf> = std::fs::read_dir(path)
            .map_err(cannot_read(path))?
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| matches!(p.extension().and_then(|e| e.to_str()), Some("json" | "jsonl")))
            .collect();
        files.sort();
        if files.is_empty() {
            return Err(InputError::NoFiles(path.to_owned()));
        }
        files
    } else {
        vec![path.to_owned()]
    };
    for file in files {
        read_file(&file, &mut input)?;
        input.sources.push(file.display().to_string());
    }
    if input.cases.is_empty() && !input.unreadable.is_empty() {
        let first = input.unreadable[0].clone();
        return Err(InputError::NoLine { path: path.to_owned(), first });
    }
    Ok(input)
}

fn read_file(path: &Path, input: &mut Input) -> Result<(), InputError> {
    let bytes = std::fs::read(path).map_err(cannot_read(path))?;
    if bytes.trim_ascii().is_empty() {
        return Err(InputError::Empty(path.to_owned()));
    }
    if let Ok(Probe { divergences: Some(_) }) = serde_json::from_slice::<Probe>(&bytes) {
        return read_conform(path, &bytes, input);
    }
    read_jsonl(path, &bytes, input);
    Ok(())
}

/// Whether a JSON object has `divergences` (a conform report), read without keeping anything.
#[derive(Deserialize)]
struct Probe {
    divergences: Option<IgnoredAny>,
}

/// What triage takes from a conform report: each divergence's case and suite.
#[derive(Deserialize)]
struct Divergences {
    divergences: Vec<DivergenceCase>,
}

#[derive(Deserialize)]
struct DivergenceCase {
    case: Case,
    #[serde(default)]
    suite: String,
}

/// The cases of a conform report's divergences.
fn read_conform(path: &Path, bytes: &[u8], input: &mut Input) -> Result<(), InputError> {
    let report: Divergences = serde_json::from_slice(bytes)
        .map_err(|source| InputError::BadReport { path: path.to_owned(), source })?;
    for DivergenceCase { case, suite } in report.divergences {
        let Some(request) = crate::request_of(&case) else {
            input.skipped += 1;
            continue;
        };
        input.push(TriageCase { request, suite, name: case.name() });
    }
    Ok(())
}

/// The lines of a JSON Lines file of requests (blank lines skipped; a bad line is set aside
/// in `input.unreadable`).
fn read_jsonl(path: &Path, bytes: &[u8], input: &mut Input) {
    let stem = path.file_stem().map(|s| s.to_string_lossy().into_owned()).unwrap_or_default();
    let suite = format!("jsonl/{stem}");
    for (i, line) in bytes.split(|&b| b == b'\n').enumerate() {
        let line = line.strip_suffix(b"\r").unwrap_or(line);
        if line.trim_ascii().is_empty() {
            continue;
        }
        let read = match std::str::from_utf8(line) {
            Ok(text) => {
                urldiff_corpus::request_line::parse_request(text).map_err(|e| e.to_string())
            }
            Err(e) => Err(format!("not UTF-8 (byte at offset {})", e.valid_up_to())),
        };
        match read {
            Ok(r) => {
                let request = Request::new(r.input, r.base.as_deref());
                let name = request.case().name();
                input.push(TriageCase { request, suite: suite.clone(), name });
            }
            Err(why) => input.unreadable.push(format!(
                "{}:{}: {why} (expected JSON Lines of {{\"input\", \"base\"}} or a conform \
                 JSON report)",
                path.display(),
                i + 1
            )),
        }
    }
}
