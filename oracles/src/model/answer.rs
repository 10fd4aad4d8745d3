//! Answers: the [`Record`] of either model (or a text, or name/value pairs) an oracle gives
//! for a case, the [`Answer`] around it, the evidence of a crash or a time-out, and the
//! [`OracleError`] of an oracle that cannot answer a batch at all.

use super::case::Case;
use super::rfc::RfcRecord;
use super::whatwg::WhatwgRecord;
use serde::{Deserialize, Serialize};

/// What an oracle reports for a case it could answer.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "model", rename_all = "kebab-case")]
pub enum Record {
    Whatwg(WhatwgRecord),
    Rfc(RfcRecord),
    /// A single string result (host-to-ASCII, percent-encode).
    Text {
        value: String,
    },
    /// Name/value pairs (form-urlencoded).
    Pairs {
        pairs: Vec<(String, String)>,
    },
}

/// An oracle's answer to one case.
// Most answers are `Parsed`, so boxing the record would cost an allocation on the hot path
// for nothing.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "outcome", rename_all = "kebab-case")]
pub enum Answer {
    /// The input parsed; `errors` are validation errors (spec names) when the oracle reports them.
    Parsed { record: Record, errors: Vec<String> },
    /// The oracle rejected the input; `reason` is its own words (exception message, error names).
    Failure { reason: String, errors: Vec<String> },
    /// The oracle has nothing to say (no table entry, unsupported case kind).
    NoOpinion,
    /// The oracle crashed on this case; the evidence says how.
    Crashed(Crash),
    /// The oracle did not answer within the case time limit.
    TimedOut(TimeOut),
}

impl Answer {
    /// The outcome name used in JSON output: parsed, failure, no-opinion, crashed, timed-out.
    pub fn outcome(&self) -> &'static str {
        match self {
            Answer::Parsed { .. } => "parsed",
            Answer::Failure { .. } => "failure",
            Answer::NoOpinion => "no-opinion",
            Answer::Crashed(_) => "crashed",
            Answer::TimedOut(_) => "timed-out",
        }
    }

    /// The evidence of a crash or time-out as text (oracle, case, cause, exit, stderr tail);
    /// `None` for every other answer. For messages and reports that show answers as text.
    pub fn evidence(&self) -> Option<String> {
        match self {
            Answer::Crashed(crash) => Some(crash.to_string()),
            Answer::TimedOut(timeout) => Some(timeout.to_string()),
            _ => None,
        }
    }

    /// Whether the oracle failed to answer (crashed or timed out), as opposed to answering.
    pub fn is_fault(&self) -> bool {
        matches!(self, Answer::Crashed(_) | Answer::TimedOut(_))
    }
}

/// How a worker process ended, as far as the harness saw it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "how", rename_all = "kebab-case")]
pub enum ProcessEnd {
    /// It exited by itself with this status code.
    Exited { code: i32 },
    /// It was ended by this signal (not sent by the harness).
    Signaled { signal: i32 },
    /// It was still running (or its end was not seen in time): the harness killed it.
    KilledByHarness,
}

impl std::fmt::Display for ProcessEnd {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ProcessEnd::Exited { code } => write!(f, "exit status: {code}"),
            ProcessEnd::Signaled { signal } => write!(f, "ended by signal {signal}"),
            ProcessEnd::KilledByHarness => f.write_str("killed by urldiff"),
        }
    }
}

/// The evidence of a crash: which oracle, on which case, what happened, and for a worker
/// process how it ended and the tail of its stderr.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Crash {
    pub oracle: String,
    pub case: Case,
    /// What went wrong, in one line: `panic at src/x.rs:3: …`, `the worker exited`, …
    pub cause: String,
    /// How the worker process ended (`None` for in-process oracles and services).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub process: Option<ProcessEnd>,
    /// The tail of the worker's stderr (empty when there is none).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub stderr: String,
}

impl Crash {
    /// A crash without a process (an in-process panic, a service's bad reply).
    pub fn new(oracle: &str, case: &Case, cause: impl Into<String>) -> Crash {
        Crash {
            oracle: oracle.to_owned(),
            case: case.clone(),
            cause: cause.into(),
            process: None,
            stderr: String::new(),
        }
    }
}

impl std::fmt::Display for Crash {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} crashed on {}: {}", self.oracle, self.case.name(), self.cause)?;
        if let Some(end) = &self.process {
            write!(f, " ({end})")?;
        }
        write_stderr(f, &self.stderr, self.process.is_some())
    }
}

/// The evidence of a time-out: which oracle, on which case, the limit, and the worker's
/// stderr tail.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct TimeOut {
    pub oracle: String,
    pub case: Case,
    /// The time limit that passed, in milliseconds.
    pub limit_ms: u64,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub stderr: String,
}

impl std::fmt::Display for TimeOut {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{} timed out on {}: no answer within {} ms (killed by urldiff)",
            self.oracle,
            self.case.name(),
            self.limit_ms
        )?;
        write_stderr(f, &self.stderr, true)
    }
}

/// `; stderr:\n<tail>`, or `; stderr was empty` when a process was involved.
fn write_stderr(f: &mut std::fmt::Formatter<'_>, stderr: &str, process: bool) -> std::fmt::Result {
    let stderr = stderr.trim_end();
    if !stderr.is_empty() {
        write!(f, "; stderr:\n{stderr}")
    } else if process {
        f.write_str("; stderr was empty")
    } else {
        Ok(())
    }
}

/// Why an oracle could not answer a batch at all: a harness error (exit 2), not an answer.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum OracleError {
    /// The oracle cannot run here (missing runtime or data); callers check availability first.
    #[error("oracle {oracle} is unavailable: {reason}")]
    Unavailable { oracle: String, reason: String },
    /// A worker died and no new one could be started, so the batch cannot be finished.
    #[error("oracle {oracle}: its worker cannot be restarted: {reason}{}", stderr_suffix(.stderr))]
    WorkerLost { oracle: String, reason: String, stderr: String },
}

fn stderr_suffix(stderr: &str) -> String {
    let stderr = stderr.trim_end();
    if stderr.is_empty() {
        "; stderr was empty".to_owned()
    } else {
        format!("; stderr:\n{stderr}")
    }
}
