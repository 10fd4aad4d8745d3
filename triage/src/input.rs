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
//! [`Reader`] gives the cases a batch at a time: a JSON Lines file is read a line at a time, so
//! `urldiff triage` holds one batch of it whatever its size ([`read`] takes them all, for
//! small inputs and tests). A conform report is read whole into a compact typed form (each
//! divergence's case and suite; every other key skipped as it is read), never into a JSON
//! tree, so a large run.json costs little beyond its own bytes.

use crate::pipeline::TriageCase;
use crate::Request;
use serde::de::IgnoredAny;
use serde::Deserialize;
use std::collections::HashSet;
use std::fs::File;
use std::hash::{Hash, Hasher};
use std::io::{BufRead, BufReader};
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
}

/// Read a file or a folder of files whole ([`Reader`] gives them a batch at a time).
pub fn read(path: &Path) -> Result<Input, InputError> {
    let mut reader = Reader::open(path)?;
    let mut cases = Vec::new();
    while let Some(mut batch) = reader.next_batch(usize::MAX)? {
        cases.append(&mut batch);
    }
    let mut input = reader.finish()?;
    input.cases = cases;
    Ok(input)
}

/// The input read a batch at a time: a JSON Lines file a line at a time (memory for one
/// batch, whatever the file's size), a conform report whole (its compact form). Identical
/// requests are told apart by a 128-bit fingerprint (16 bytes per distinct case, not the
/// case).
#[derive(Debug)]
pub struct Reader {
    path: PathBuf,
    files: std::collections::VecDeque<PathBuf>,
    current: Option<Current>,
    seen: HashSet<u128>,
    cases: usize,
    input: Input,
}

/// The file being read.
#[derive(Debug)]
enum Current {
    Lines { path: PathBuf, lines: BufReader<File>, number: usize, suite: String, content: bool },
    Report { path: PathBuf, cases: std::vec::IntoIter<TriageCase> },
}

/// Who a request is, in 128 bits (two SipHash digests of it).
fn fingerprint(request: &Request) -> u128 {
    let digest = |salt: u8| {
        let mut hasher = std::collections::hash_map::DefaultHasher::new();
        (salt, request).hash(&mut hasher);
        hasher.finish()
    };
    (u128::from(digest(0)) << 64) | u128::from(digest(1))
}

impl Reader {
    /// Open a file or a folder of files (`*.json`, `*.jsonl`, in name order).
    pub fn open(path: &Path) -> Result<Reader, InputError> {
        let meta = std::fs::metadata(path).map_err(cannot_read(path))?;
        let files: Vec<PathBuf> = if meta.is_dir() {
            let mut files: Vec<PathBuf> = std::fs::read_dir(path)
                .map_err(cannot_read(path))?
                .filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| {
                    matches!(p.extension().and_then(|e| e.to_str()), Some("json" | "jsonl"))
                })
                .collect();
            files.sort();
            if files.is_empty() {
                return Err(InputError::NoFiles(path.to_owned()));
            }
            files
        } else {
            vec![path.to_owned()]
        };
        Ok(Reader {
            path: path.to_owned(),
            files: files.into(),
            current: None,
            seen: HashSet::new(),
            cases: 0,
            input: Input::default(),
        })
    }

    /// The next at most `n` distinct cases (`None`: the input is read), in input order.
    pub fn next_batch(&mut self, n: usize) -> Result<Option<Vec<TriageCase>>, InputError> {
        let mut batch = Vec::new();
        while batch.len() < n.max(1) {
            let Some(current) = &mut self.current else {
                let Some(file) = self.files.pop_front() else { break };
                self.current = Some(open_file(&file, &mut self.input.skipped)?);
                continue;
            };
            let case = match current {
                Current::Report { cases, .. } => cases.next(),
                Current::Lines { path, lines, number, suite, content } => {
                    next_line(path, lines, (number, content), suite, &mut self.input.unreadable)?
                }
            };
            match case {
                Some(case) => {
                    if self.seen.insert(fingerprint(&case.request)) {
                        batch.push(case);
                    }
                }
                None => self.close_file()?,
            }
        }
        self.cases += batch.len();
        Ok((!batch.is_empty()).then_some(batch))
    }

    /// The next batch of at most `n` distinct cases that fall in `shard` (`(k, n)`, see
    /// [`crate::merge::in_shard`]; `None`: every case), skipping batches with none; `None`
    /// when the input is read. `unreadable` is told each line that could not be read, as the
    /// batches are read.
    pub fn next_batch_in(
        &mut self,
        n: usize,
        shard: Option<(usize, usize)>,
        unreadable: &mut dyn FnMut(&str),
    ) -> Result<Option<Vec<TriageCase>>, InputError> {
        loop {
            let told = self.input.unreadable.len();
            let read = self.next_batch(n);
            self.input.unreadable[told..].iter().for_each(|line| unreadable(line));
            let Some(mut cases) = read? else { return Ok(None) };
            if let Some((k, of)) = shard {
                let in_shard = |c: &TriageCase| {
                    crate::merge::in_shard(&c.request.input, c.request.base.as_deref(), k, of)
                };
                cases.retain(in_shard);
            }
            if !cases.is_empty() {
                return Ok(Some(cases));
            }
        }
    }

    /// Every line read so far that could not be read (`file:line: why`).
    pub fn unreadable(&self) -> &[String] {
        &self.input.unreadable
    }

    /// The end of the current file: an empty one is an error; a report's skipped cases.
    fn close_file(&mut self) -> Result<(), InputError> {
        let path = match self.current.take() {
            Some(Current::Lines { path, content: false, .. }) => {
                return Err(InputError::Empty(path));
            }
            Some(Current::Lines { path, .. } | Current::Report { path, .. }) => path,
            None => return Ok(()),
        };
        self.input.sources.push(path.display().to_string());
        Ok(())
    }

    /// What was read besides the cases (sources, skipped cases, unreadable lines), once the
    /// input is read; an input of unreadable lines only is an error.
    pub fn finish(self) -> Result<Input, InputError> {
        if self.cases == 0 && !self.input.unreadable.is_empty() {
            let first = self.input.unreadable[0].clone();
            return Err(InputError::NoLine { path: self.path, first });
        }
        Ok(self.input)
    }

    /// Cases of kinds triage does not handle, read so far.
    pub fn skipped(&self) -> usize {
        self.input.skipped
    }
}
/// Open one file: a conform report is read whole (into its compact form), anything else as
/// JSON Lines. A report is one JSON object with `divergences` and nothing after it (probed
/// as a stream: nothing kept).
fn open_file(path: &Path, skipped: &mut usize) -> Result<Current, InputError> {
    let file = File::open(path).map_err(cannot_read(path))?;
    let mut values =
        serde_json::Deserializer::from_reader(BufReader::new(file)).into_iter::<Probe>();
    let report = matches!(values.next(), Some(Ok(Probe { divergences: Some(_) })))
        && values.next().is_none();
    if report {
        let bytes = std::fs::read(path).map_err(cannot_read(path))?;
        let mut input = Input::default();
        read_conform(path, &bytes, &mut input)?;
        *skipped += input.skipped;
        return Ok(Current::Report { path: path.to_owned(), cases: input.cases.into_iter() });
    }
    let stem = path.file_stem().map(|s| s.to_string_lossy().into_owned()).unwrap_or_default();
    let lines = BufReader::new(File::open(path).map_err(cannot_read(path))?);
    let suite = format!("jsonl/{stem}");
    Ok(Current::Lines { path: path.to_owned(), lines, number: 0, suite, content: false })
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
        input.cases.push(TriageCase { request, suite, name: case.name() });
    }
    Ok(())
}

/// The next request of a JSON Lines file (blank lines skipped; a bad line is set aside in
/// `unreadable` with its `file:line` and why); `None` at the end of the file. `content`
/// becomes true at the first line that is not blank.
fn next_line(
    path: &Path,
    lines: &mut BufReader<File>,
    (number, content): (&mut usize, &mut bool),
    suite: &str,
    unreadable: &mut Vec<String>,
) -> Result<Option<TriageCase>, InputError> {
    let mut line = Vec::new();
    loop {
        line.clear();
        if lines.read_until(b'\n', &mut line).map_err(cannot_read(path))? == 0 {
            return Ok(None);
        }
        *number += 1;
        let text = line.strip_suffix(b"\n").unwrap_or(&line);
        let text = text.strip_suffix(b"\r").unwrap_or(text);
        if text.trim_ascii().is_empty() {
            continue;
        }
        *content = true;
        let read = match std::str::from_utf8(text) {
            Ok(text) => {
                urldiff_corpus::request_line::parse_request(text).map_err(|e| e.to_string())
            }
            Err(e) => Err(format!("not UTF-8 (byte at offset {})", e.valid_up_to())),
        };
        match read {
            Ok(r) => {
                let request = Request::new(r.input, r.base.as_deref());
                let name = request.case().name();
                return Ok(Some(TriageCase { request, suite: suite.to_owned(), name }));
            }
            Err(why) => unreadable.push(format!(
                "{}:{}: {why} (expected JSON Lines of {{\"input\", \"base\"}} or a conform \
                 JSON report)",
                path.display(),
                number
            )),
        }
    }
}
