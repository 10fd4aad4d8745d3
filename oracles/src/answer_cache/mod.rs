//! The answer cache: a subprocess oracle's answers remembered across runs, so that a warm
//! `urldiff conform` asks only what changed.
//!
//! An oracle is cached under its identity ([`Oracle::cache_identity`]): a digest of everything
//! that decides its answers — for a worker, the runtime's executable (path, size, modification
//! time), its arguments and environment, and the contents of the worker files and lockfiles
//! they name. Each oracle has a folder of its own (`<cache>/answers/<oracle>/`) holding one file,
//! named by its identity (`<identity>.answers`, in the compact format of the `file` module); a
//! changed worker, library or runtime gives another identity, whose file replaces the old one,
//! and no other oracle's entries are touched.
//!
//! [`CachedOracle`] answers from the file what it holds and asks the oracle for the rest (the
//! worker is started only then); its info (version, fields) is the one recorded with the
//! answers. Crashes and time-outs are never remembered. A file that does not read, or that
//! belongs to another format, oracle or identity, is ignored with one line
//! ([`CacheNotes`]) and replaced at the next save: the cache is never trusted over the oracle.

mod codec;
mod file;

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, OnceLock};

use crate::model::{Answer, Availability, Case, Oracle, OracleError, OracleInfo, OracleKind};
use file::{AnswerIndex, Header, Unreadable};

pub use file::FORMAT;

/// The most answers one oracle's file keeps: beyond it, new answers are not remembered (a
/// triage of a large corpus does not grow the cache without bound).
pub const MAX_ANSWERS: usize = 200_000;

/// The lines a run says about its cache (a file ignored, a file not written), for the binary
/// to print.
#[derive(Clone, Debug, Default)]
pub struct CacheNotes(Arc<Mutex<Vec<String>>>);

impl CacheNotes {
    fn push(&self, note: String) {
        self.0.lock().unwrap_or_else(|p| p.into_inner()).push(note);
    }

    /// Every note so far, taken.
    pub fn take(&self) -> Vec<String> {
        std::mem::take(&mut *self.0.lock().unwrap_or_else(|p| p.into_inner()))
    }
}

/// What was loaded from an oracle's file, and the answers added since.
#[derive(Debug, Default)]
struct Loaded {
    info: Option<OracleInfo>,
    table: AnswerIndex,
    /// Answers added since the file was read, by their case's hash: (encoded case, answer).
    fresh: HashMap<u64, (Vec<u8>, Vec<u8>)>,
    /// Answers were added since the file was last written.
    dirty: bool,
}

impl Loaded {
    fn len(&self) -> usize {
        self.table.len() + self.fresh.len()
    }
}

/// An oracle whose answers are remembered under its identity.
pub struct CachedOracle {
    inner: Box<dyn Oracle>,
    identity: String,
    path: PathBuf,
    notes: CacheNotes,
    loaded: Mutex<Loaded>,
    info: OnceLock<OracleInfo>,
}

impl std::fmt::Debug for CachedOracle {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("CachedOracle")
            .field("oracle", &self.inner.name())
            .field("identity", &self.identity)
            .field("path", &self.path)
            .finish_non_exhaustive()
    }
}

/// Wrap each oracle that has an identity in a [`CachedOracle`] over `dir`; the others are
/// returned as they are. Each oracle's identity is read and its file loaded on a thread of its
/// own: a worker's identity is its launcher's command, and a launcher may build first (`go
/// build`, `javac`, a virtual environment), which must not hold up the others.
pub fn cache_all(
    oracles: Vec<Box<dyn Oracle>>,
    dir: &Path,
    notes: &CacheNotes,
) -> Vec<Box<dyn Oracle>> {
    cache_where(oracles, dir, notes, |_| true)
}

/// [`cache_all`] for the oracles `chosen` picks (those a run asks: another one's identity is
/// not worth reading); the others are returned as they are, in their places.
pub fn cache_where(
    oracles: Vec<Box<dyn Oracle>>,
    dir: &Path,
    notes: &CacheNotes,
    chosen: impl Fn(&dyn Oracle) -> bool + Sync,
) -> Vec<Box<dyn Oracle>> {
    let chosen = &chosen;
    std::thread::scope(|scope| {
        let handles: Vec<_> = oracles
            .into_iter()
            .map(|oracle| {
                scope.spawn(move || {
                    let identity = chosen(oracle.as_ref()).then(|| oracle.cache_identity());
                    match identity.flatten() {
                        Some(identity) => {
                            Box::new(CachedOracle::open(oracle, identity, dir, notes.clone()))
                                as Box<dyn Oracle>
                        }
                        None => oracle,
                    }
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().expect("an identity check panicked")).collect()
    })
}

/// The default folder: `<cache>/answers`.
pub fn default_dir() -> PathBuf {
    urldiff_corpus::project::cache_dir().join("answers")
}

impl CachedOracle {
    /// `inner` cached under `identity` in `dir/<oracle>/<identity>.answers`, read now.
    pub fn open(inner: Box<dyn Oracle>, identity: String, dir: &Path, notes: CacheNotes) -> Self {
        let file_name = format!("{identity}.{}", file::EXTENSION);
        let path = dir.join(safe_file_name(inner.name())).join(file_name);
        let loaded = read(&path, inner.name(), &identity, &notes);
        CachedOracle {
            inner,
            identity,
            path,
            notes,
            loaded: Mutex::new(loaded),
            info: OnceLock::new(),
        }
    }

    /// The file this oracle's answers are kept in.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Write the file when answers were added (also done when the oracle is dropped).
    pub fn save(&self) {
        let mut loaded = self.loaded.lock().unwrap_or_else(|p| p.into_inner());
        if !loaded.dirty {
            return;
        }
        let Some(info) = loaded.info.clone() else { return };
        let header = Header {
            format: FORMAT,
            oracle: self.inner.name().to_owned(),
            identity: self.identity.clone(),
            info,
        };
        let bytes = file::render(&header, &loaded.table, loaded.fresh.values());
        match write(&self.path, &bytes) {
            Ok(()) => loaded.dirty = false,
            Err(e) => self.notes.push(format!(
                "answer cache: {}: not written ({e}); the next run asks {} again",
                self.path.display(),
                self.inner.name()
            )),
        }
    }

    fn cached_info(&self) -> Option<OracleInfo> {
        self.loaded.lock().unwrap_or_else(|p| p.into_inner()).info.clone()
    }

    /// Whether the file gave no answers (a cold cache): [`CachedOracle::remembered`] would find
    /// none.
    fn remembers_nothing(&self) -> bool {
        self.loaded.lock().unwrap_or_else(|p| p.into_inner()).table.is_empty()
    }

    /// Each case's remembered answer, and the positions of those with none (whose answers are
    /// [`Answer::NoOpinion`] until asked). An answer that does not decode is asked again, with
    /// a note.
    fn remembered(&self, cases: &[Case]) -> (Vec<Answer>, Vec<usize>) {
        let loaded = self.loaded.lock().unwrap_or_else(|p| p.into_inner());
        if loaded.table.is_empty() {
            return (vec![Answer::NoOpinion; cases.len()], (0..cases.len()).collect());
        }
        let mut missing = Vec::new();
        let mut scratch = Vec::with_capacity(256);
        let mut damaged = 0usize;
        let mut out = Vec::with_capacity(cases.len());
        for (i, case) in cases.iter().enumerate() {
            let found = match loaded.table.get(case, &mut scratch) {
                Ok(found) => found,
                Err(_) => {
                    damaged += 1;
                    None
                }
            };
            out.push(found.unwrap_or_else(|| {
                missing.push(i);
                Answer::NoOpinion
            }));
        }
        if damaged > 0 {
            self.notes.push(format!(
                "answer cache: {}: {damaged} answers do not decode; asked again",
                self.path.display()
            ));
        }
        (out, missing)
    }

    /// Remember the answers to `cases` that last (not crashes or time-outs).
    fn remember(&self, cases: &[Case], answers: &[Answer]) {
        let mut loaded = self.loaded.lock().unwrap_or_else(|p| p.into_inner());
        if loaded.info.is_none() {
            loaded.info = Some(self.inner.info().clone());
        }
        for (case, answer) in cases.iter().zip(answers) {
            if loaded.len() >= MAX_ANSWERS {
                break;
            }
            let mut encoded_answer = Vec::new();
            if !codec::encode_answer(&mut encoded_answer, answer) {
                continue;
            }
            let mut encoded_case = Vec::new();
            codec::encode_case(&mut encoded_case, case);
            let hash = file::case_hash(&encoded_case);
            // A case whose hash another case holds is not remembered: it is asked every run.
            if !loaded.table.holds(hash) && !loaded.fresh.contains_key(&hash) {
                loaded.fresh.insert(hash, (encoded_case, encoded_answer));
                loaded.dirty = true;
            }
        }
    }
}

impl Drop for CachedOracle {
    fn drop(&mut self) {
        self.save();
    }
}

impl Oracle for CachedOracle {
    fn info(&self) -> &OracleInfo {
        self.info.get_or_init(|| self.cached_info().unwrap_or_else(|| self.inner.info().clone()))
    }

    fn name(&self) -> &str {
        self.inner.name()
    }

    fn kind(&self) -> OracleKind {
        self.inner.kind()
    }

    /// Available when this identity answered before (its runtime was found to compute it);
    /// otherwise the oracle's own check.
    fn availability(&self) -> Availability {
        if self.cached_info().is_some() {
            return Availability::Available;
        }
        self.inner.availability()
    }

    fn cache_identity(&self) -> Option<String> {
        Some(self.identity.clone())
    }

    fn answer_batch(&self, cases: &[Case]) -> Result<Vec<Answer>, OracleError> {
        // Nothing remembered (a cold cache): the cases as they are, not a copy; as below, an
        // answer short is no opinion and one too many is dropped.
        if self.remembers_nothing() {
            let mut answers = self.inner.answer_batch(cases)?;
            answers.truncate(cases.len());
            self.remember(cases, &answers);
            answers.resize_with(cases.len(), || Answer::NoOpinion);
            return Ok(answers);
        }
        let (mut out, missing) = self.remembered(cases);
        if !missing.is_empty() {
            let asked: Vec<Case> = missing.iter().map(|&i| cases[i].clone()).collect();
            let answers = self.inner.answer_batch(&asked)?;
            self.remember(&asked, &answers);
            for (&i, answer) in missing.iter().zip(answers) {
                out[i] = answer;
            }
        }
        Ok(out)
    }
}

/// An oracle name as a file name: anything but ASCII letters, digits, `-`, `_` and `.` is `_`
/// (external oracles name themselves).
fn safe_file_name(name: &str) -> String {
    let safe: String = name
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() || "-_.".contains(c) { c } else { '_' })
        .collect();
    if safe.is_empty() || safe.starts_with('.') {
        format!("_{safe}")
    } else {
        safe
    }
}

/// The file's answers, or nothing (with a note when the file exists but cannot be trusted).
fn read(path: &Path, oracle: &str, identity: &str, notes: &CacheNotes) -> Loaded {
    let bytes = match std::fs::read(path) {
        Ok(bytes) => bytes,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Loaded::default(),
        Err(e) => {
            notes.push(format!("answer cache: {}: cannot be read ({e}); ignored", path.display()));
            return Loaded::default();
        }
    };
    let (header, table) = match file::parse(bytes) {
        Ok(parsed) => parsed,
        Err(Unreadable::Damaged(why)) => {
            notes.push(format!(
                "answer cache: {}: not a cache file ({why}); ignored",
                path.display()
            ));
            return Loaded::default();
        }
        Err(Unreadable::Format(format)) => {
            let why = format!("format {format} (this urldiff reads {FORMAT})");
            notes.push(format!("answer cache: {}: written for {why}; ignored", path.display()));
            return Loaded::default();
        }
    };
    let foreign = if header.format != FORMAT {
        Some(format!("format {} (this urldiff reads {FORMAT})", header.format))
    } else if header.oracle != oracle {
        Some(format!("oracle {:?}, not {oracle:?}", header.oracle))
    } else if header.identity != identity || header.info.name != oracle {
        Some(format!("identity {:?}, not {identity:?}", header.identity))
    } else {
        None
    };
    if let Some(why) = foreign {
        notes.push(format!("answer cache: {}: written for {why}; ignored", path.display()));
        return Loaded::default();
    }
    Loaded { info: Some(header.info), table, ..Loaded::default() }
}

/// Write `bytes` to `path` atomically, and remove the oracle's files of other identities
/// (and those of the older JSON format).
fn write(path: &Path, bytes: &[u8]) -> Result<(), String> {
    let dir = path.parent().ok_or("no folder")?;
    std::fs::create_dir_all(dir).map_err(|e| e.to_string())?;
    urldiff_corpus::atomic::write(path, bytes).map_err(|e| e.to_string())?;
    if let Ok(entries) = std::fs::read_dir(dir) {
        for entry in entries.flatten() {
            let other = entry.path();
            let ours = other.extension().is_some_and(|e| e == file::EXTENSION || e == "json");
            if ours && other != path {
                let _ = std::fs::remove_file(other);
            }
        }
    }
    Ok(())
}
