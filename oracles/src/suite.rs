//! Suites: named lists of cases with the answers that are right for them, and where those
//! answers come from. The one `Suite` type of urldiff: the `wpt` and `rfc-examples` oracles
//! load their files as suites, `conform` runs them, and our own cases (`corpus/cases/`, in the
//! urltestdata format) are suites that carry their own answers.
//!
//! [`from_urltestdata`] turns entries of the one urltestdata reader
//! (`urldiff_corpus::urltestdata`) into cases and WHATWG answers.

use crate::model::{Answer, Case, Record, WhatwgRecord, WHATWG_FIELDS};
use serde::Serialize;
use urldiff_corpus::urltestdata::{self, Expected};

/// Where a suite's right answers come from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Truth {
    /// The table of the expectation oracle `oracle` for exactly this suite's `file`, one answer
    /// per case (a case repeated in another file of the same oracle keeps its own answer).
    Table { oracle: String, file: String },
    /// Answers carried by the suite's own file; `label` names it.
    Embedded { label: String },
    /// The answers of the oracle `oracle` itself, computed when the suite is built: a
    /// differential suite, where every other oracle is compared with that one (the
    /// `validity/*` suites judge whatwg-url by the reference). `label` says what is judged.
    Oracle { oracle: String, label: String },
}

impl Truth {
    /// How reports name the truth, e.g. `oracle wpt (urltestdata.json)` or
    /// `expectations in corpus/cases/ssrf.json`.
    pub fn label(&self) -> String {
        match self {
            Truth::Table { oracle, file } => format!("oracle {oracle} ({file})"),
            Truth::Embedded { label } => label.clone(),
            Truth::Oracle { oracle, label } => format!("oracle {oracle} ({label})"),
        }
    }

    /// The oracle whose table or answers this is, if any.
    pub fn oracle_name(&self) -> Option<&str> {
        match self {
            Truth::Table { oracle, .. } | Truth::Oracle { oracle, .. } => Some(oracle),
            Truth::Embedded { .. } => None,
        }
    }
}

/// A named list of cases with its data revision, its truth and the expected answers
/// (`expected[i]` answers `cases[i]`).
#[derive(Clone, Debug, PartialEq)]
pub struct Suite {
    /// e.g. `urltestdata` as its loader names it, `wpt/urltestdata` in a conform run.
    pub name: String,
    /// The data revision, e.g. `ada-url 4.0.0 package (cargo registry)` or a git commit.
    pub revision: String,
    pub truth: Truth,
    pub cases: Vec<Case>,
    pub expected: Vec<Answer>,
    /// How many lone-surrogate escapes were replaced with U+FFFD while reading the file.
    pub lone_surrogates_replaced: usize,
    /// Entries not turned into cases (comments, untestable inputs, other encodings).
    pub skipped: usize,
}

/// A suite's description as written in JSON reports.
#[derive(Clone, Debug, Serialize)]
pub struct SuiteSummary {
    pub name: String,
    pub revision: String,
    pub truth: String,
    pub cases: usize,
}

impl Suite {
    /// An empty suite, to be filled by a loader.
    pub fn new(name: impl Into<String>, revision: impl Into<String>, truth: Truth) -> Self {
        Suite {
            name: name.into(),
            revision: revision.into(),
            truth,
            cases: Vec::new(),
            expected: Vec::new(),
            lone_surrogates_replaced: 0,
            skipped: 0,
        }
    }

    pub fn summary(&self) -> SuiteSummary {
        SuiteSummary {
            name: self.name.clone(),
            revision: self.revision.clone(),
            truth: self.truth.label(),
            cases: self.cases.len(),
        }
    }

    /// Add the entries of a urltestdata-format file as parse cases; a failure's answer gets
    /// `failure_reason`. Comments count as skipped.
    pub fn push_urltestdata(
        &mut self,
        file: &urltestdata::UrlTestFile,
        failure_reason: &str,
    ) -> Result<(), NoWhatwgRecord> {
        for (i, entry) in file.entries.iter().enumerate() {
            let answer = whatwg_answer(&entry.expected, failure_reason)
                .map_err(|NoWhatwgRecord { keys, .. }| NoWhatwgRecord { entry: Some(i), keys })?;
            self.cases.push(Case::parse(entry.input.clone(), entry.base.as_deref()));
            self.expected.push(answer);
        }
        self.skipped += file.comments;
        self.lone_surrogates_replaced += file.lone_surrogates_replaced;
        Ok(())
    }
}

/// A urltestdata entry that expects neither a failure nor any WHATWG record field.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "{}no WHATWG record field ({}) and no `failure: true` (its keys: {})",
    entry.map_or(String::new(), |i| format!("entry {i} (0-based, comments excluded): ")),
    WHATWG_FIELDS.join(", "),
    keys.join(", ")
)]
pub struct NoWhatwgRecord {
    /// Which entry, when known.
    pub entry: Option<usize>,
    /// The record keys it has instead.
    pub keys: Vec<String>,
}

/// The WHATWG answer a urltestdata entry expects: failure, or a record with exactly the
/// WHATWG fields the entry gives (at least one).
pub fn whatwg_answer(expected: &Expected, failure_reason: &str) -> Result<Answer, NoWhatwgRecord> {
    match expected {
        Expected::Failure => {
            Ok(Answer::Failure { reason: failure_reason.to_owned(), errors: Vec::new() })
        }
        Expected::Record(fields) => {
            if WHATWG_FIELDS.iter().all(|f| expected.field(f).is_none()) {
                let keys = fields.iter().map(|(key, _)| key.clone()).collect();
                return Err(NoWhatwgRecord { entry: None, keys });
            }
            let record = WhatwgRecord::from_fields(|name| expected.field(name).map(str::to_owned));
            Ok(Answer::Parsed { record: Record::Whatwg(record), errors: Vec::new() })
        }
    }
}
