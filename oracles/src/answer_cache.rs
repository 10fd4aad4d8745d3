//! The answer cache: a subprocess oracle's answers remembered across runs, so that a warm
//! `urldiff conform` asks only what changed.
//!
//! An oracle is cached under its identity ([`Oracle::cache_identity`]): a digest of everything
//! that decides its answers — for a worker, the runtime's executable (path, size, modification
//! time), its arguments and environment, and the contents of the worker files and lockfiles
//! they name. Each oracle has a folder of its own (`<cache>/answers/<oracle>/`) holding one file,
//! named by its identity; a changed worker, library or runtime gives another identity, whose
//! file replaces the old one, and no other oracle's entries are touched.
//!
//! [`CachedOracle`] answers from the file what it holds and asks the oracle for the rest (the
//! worker is started only then); its info (version, fields) is the one recorded with the
//! answers. Crashes and time-outs are never remembered. A file that does not read, or that
//! belongs to another format, oracle or identity, is ignored with one line
//! ([`CacheNotes`]) and replaced at the next save: the cache is never trusted over the oracle.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, OnceLock};

use serde::{Deserialize, Serialize};

use crate::model::{Answer, Availability, Case, Oracle, OracleError, OracleInfo, OracleKind};

/// The version of the file format; another one is ignored.
pub const FORMAT: u32 = 1;

/// The most answers one oracle's file keeps: beyond it, new answers are not remembered (a
/// triage of a large corpus does not grow the cache without bound).
pub const MAX_ANSWERS: usize = 200_000;

/// One oracle's cache file.
#[derive(Debug, Serialize, Deserialize)]
struct CacheFile {
    format: u32,
    oracle: String,
    identity: String,
    info: OracleInfo,
    answers: Vec<CachedAnswer>,
}

#[derive(Debug, Serialize, Deserialize)]
struct CachedAnswer {
    case: Case,
    answer: Answer,
}

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

/// What was loaded from an oracle's file.
#[derive(Debug, Default)]
struct Loaded {
    info: Option<OracleInfo>,
    answers: HashMap<Case, Answer>,
    /// Answers were added since the file was read.
    dirty: bool,
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
/// returned as they are. The identities are read at once, each on its own thread: a worker's
/// identity is its launcher's command, and a launcher may build first (`go build`, `javac`, a
/// virtual environment), which must not hold up the others.
pub fn cache_all(
    oracles: Vec<Box<dyn Oracle>>,
    dir: &Path,
    notes: &CacheNotes,
) -> Vec<Box<dyn Oracle>> {
    let identities: Vec<Option<String>> = std::thread::scope(|scope| {
        let handles: Vec<_> =
            oracles.iter().map(|oracle| scope.spawn(|| oracle.cache_identity())).collect();
        handles.into_iter().map(|h| h.join().expect("an identity check panicked")).collect()
    });
    oracles
        .into_iter()
        .zip(identities)
        .map(|(oracle, identity)| match identity {
            Some(identity) => Box::new(CachedOracle::open(oracle, identity, dir, notes.clone()))
                as Box<dyn Oracle>,
            None => oracle,
        })
        .collect()
}

/// The default folder: `<cache>/answers`.
pub fn default_dir() -> PathBuf {
    urldiff_corpus::project::cache_dir().join("answers")
}

impl CachedOracle {
    /// `inner` cached under `identity` in `dir/<oracle>/<identity>.json`, read now.
    pub fn open(inner: Box<dyn Oracle>, identity: String, dir: &Path, notes: CacheNotes) -> Self {
        let path = dir.join(safe_file_name(inner.name())).join(format!("{identity}.json"));
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

    /// Write the file when answers were added (also done when the oracle is dropped).
    pub fn save(&self) {
        let mut loaded = self.loaded.lock().unwrap_or_else(|p| p.into_inner());
        if !loaded.dirty {
            return;
        }
        let Some(info) = loaded.info.clone() else { return };
        let file = CacheFile {
            format: FORMAT,
            oracle: self.inner.name().to_owned(),
            identity: self.identity.clone(),
            info,
            answers: loaded
                .answers
                .iter()
                .map(|(case, answer)| CachedAnswer { case: case.clone(), answer: answer.clone() })
                .collect(),
        };
        match write(&self.path, &file) {
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
        let mut out: Vec<Option<Answer>> = {
            let loaded = self.loaded.lock().unwrap_or_else(|p| p.into_inner());
            cases.iter().map(|case| loaded.answers.get(case).cloned()).collect()
        };
        let missing: Vec<usize> = (0..cases.len()).filter(|&i| out[i].is_none()).collect();
        if !missing.is_empty() {
            let asked: Vec<Case> = missing.iter().map(|&i| cases[i].clone()).collect();
            let answers = self.inner.answer_batch(&asked)?;
            let mut loaded = self.loaded.lock().unwrap_or_else(|p| p.into_inner());
            if loaded.info.is_none() {
                loaded.info = Some(self.inner.info().clone());
            }
            for ((&i, case), answer) in missing.iter().zip(asked).zip(answers) {
                let lasting = !matches!(answer, Answer::Crashed(_) | Answer::TimedOut(_));
                if lasting && loaded.answers.len() < MAX_ANSWERS {
                    loaded.answers.insert(case, answer.clone());
                    loaded.dirty = true;
                }
                out[i] = Some(answer);
            }
        }
        Ok(out.into_iter().map(|a| a.expect("every case answered")).collect())
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
    let text = match std::fs::read(path) {
        Ok(text) => text,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Loaded::default(),
        Err(e) => {
            notes.push(format!("answer cache: {}: cannot be read ({e}); ignored", path.display()));
            return Loaded::default();
        }
    };
    let file: CacheFile = match serde_json::from_slice(&text) {
        Ok(file) => file,
        Err(e) => {
            notes
                .push(format!("answer cache: {}: not a cache file ({e}); ignored", path.display()));
            return Loaded::default();
        }
    };
    let foreign = if file.format != FORMAT {
        Some(format!("format {} (this urldiff reads {FORMAT})", file.format))
    } else if file.oracle != oracle {
        Some(format!("oracle {:?}, not {oracle:?}", file.oracle))
    } else if file.identity != identity || file.info.name != oracle {
        Some(format!("identity {:?}, not {identity:?}", file.identity))
    } else {
        None
    };
    if let Some(why) = foreign {
        notes.push(format!("answer cache: {}: written for {why}; ignored", path.display()));
        return Loaded::default();
    }
    let answers = file.answers.into_iter().map(|a| (a.case, a.answer)).collect();
    Loaded { info: Some(file.info), answers, dirty: false }
}

/// Write `file` atomically, and remove the oracle's files of other identities.
fn write(path: &Path, file: &CacheFile) -> Result<(), String> {
    let dir = path.parent().ok_or("no folder")?;
    std::fs::create_dir_all(dir).map_err(|e| e.to_string())?;
    let json = serde_json::to_vec(file).map_err(|e| e.to_string())?;
    urldiff_corpus::atomic::write(path, &json).map_err(|e| e.to_string())?;
    if let Ok(entries) = std::fs::read_dir(dir) {
        for entry in entries.flatten() {
            let other = entry.path();
            let stale = other != path && other.extension().is_some_and(|e| e == "json");
            if stale {
                let _ = std::fs::remove_file(other);
            }
        }
    }
    Ok(())
}
