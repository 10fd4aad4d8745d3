//! [`Guarded`]: an oracle with a deadline on every call, so that no oracle can hang a page.
//!
//! Subprocess oracles already have a per-case limit (their watchdog kills a worker that does
//! not answer in time, and the case is answered `timed-out` with the worker's stderr). The
//! guard is the backstop for everything else — an in-process oracle that loops, a service
//! that never replies, a watchdog that itself is late: the inner call runs on a thread of its
//! own, and when it has not returned by the deadline every case of the batch is answered
//! `timed-out` and the call is abandoned (the thread finishes, or not, on its own).
//!
//! The deadline of a call is `case_limit × cases + case_limit`, capped at `max_call`: longer
//! than the per-case limit needs for the same batch, so a subprocess oracle's own time-out
//! (with its evidence) normally wins. The server sets `max_call` past the request's own time
//! limit ([`past_the_request`]): a request over its limit is then ended by that limit alone,
//! always a 503, never raced by a guard that answers `timed-out` in a 200 at the same moment;
//! the guard only frees the call's permit and marks the oracle stuck afterwards.
//!
//! While an abandoned call is still running the oracle is *stuck*: further calls are answered
//! `timed-out` at once instead of piling more threads onto an oracle that does not return.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc;
use std::sync::{Arc, Mutex};
use std::time::Duration;
use urldiff_oracles::{
    Answer, Availability, Case, Crash, Oracle, OracleError, OracleInfo, TimeOut,
};

/// What a stuck oracle's cases are told, in the `stderr` evidence of their `timed-out` answer.
pub const STUCK: &str =
    "urldiff serve: an earlier call to this oracle is still running past its deadline";

/// The cap of a call's deadline for a server whose requests end after `request_limit`: one
/// case limit past it, so that the request's limit always comes first.
pub fn past_the_request(request_limit: Duration, case_limit: Duration) -> Duration {
    request_limit.saturating_add(case_limit)
}

/// An oracle whose calls end by a deadline.
pub struct Guarded {
    inner: Arc<dyn Oracle>,
    case_limit: Duration,
    max_call: Duration,
    /// Abandoned calls that have not returned yet.
    stuck: Arc<AtomicUsize>,
}

impl std::fmt::Debug for Guarded {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Guarded")
            .field("oracle", &self.inner.name())
            .field("case_limit", &self.case_limit)
            .field("max_call", &self.max_call)
            .finish_non_exhaustive()
    }
}

/// Where an abandoned call stands.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Call {
    Running,
    Done,
    Abandoned,
}

impl Guarded {
    pub fn new(inner: Box<dyn Oracle>, case_limit: Duration, max_call: Duration) -> Guarded {
        Guarded { inner: Arc::from(inner), case_limit, max_call, stuck: Arc::default() }
    }

    /// How long a call with `cases` cases may take.
    pub fn deadline(&self, cases: usize) -> Duration {
        let cases = u32::try_from(cases).unwrap_or(u32::MAX).saturating_add(1);
        self.case_limit.saturating_mul(cases).min(self.max_call)
    }

    /// Every case answered `timed-out` after `limit`, with `why` as its evidence.
    fn timed_out(&self, cases: &[Case], limit: Duration, why: &str) -> Vec<Answer> {
        let limit_ms = u64::try_from(limit.as_millis()).unwrap_or(u64::MAX);
        cases
            .iter()
            .map(|case| {
                Answer::TimedOut(TimeOut {
                    oracle: self.inner.name().to_owned(),
                    case: case.clone(),
                    limit_ms,
                    stderr: why.to_owned(),
                })
            })
            .collect()
    }
}

impl Oracle for Guarded {
    fn info(&self) -> &OracleInfo {
        self.inner.info()
    }

    fn name(&self) -> &str {
        self.inner.name()
    }

    fn availability(&self) -> Availability {
        self.inner.availability()
    }

    fn answer_batch(&self, cases: &[Case]) -> Result<Vec<Answer>, OracleError> {
        if cases.is_empty() {
            return Ok(Vec::new());
        }
        let limit = self.deadline(cases.len());
        if self.stuck.load(Ordering::SeqCst) > 0 {
            return Ok(self.timed_out(cases, limit, STUCK));
        }
        let (send, receive) = mpsc::channel();
        let state = Arc::new(Mutex::new(Call::Running));
        let (inner, owned, stuck) = (Arc::clone(&self.inner), cases.to_vec(), &self.stuck);
        let (thread_state, thread_stuck) = (Arc::clone(&state), Arc::clone(stuck));
        std::thread::Builder::new()
            .name(format!("oracle {}", self.inner.name()))
            .spawn(move || {
                let answers = inner.answer_batch(&owned);
                let mut state = thread_state.lock().unwrap_or_else(|p| p.into_inner());
                if *state == Call::Abandoned {
                    thread_stuck.fetch_sub(1, Ordering::SeqCst);
                } else {
                    *state = Call::Done;
                    let _ = send.send(answers);
                }
            })
            .map_err(|e| OracleError::WorkerLost {
                oracle: self.inner.name().to_owned(),
                reason: format!("cannot start a thread for the call: {e}"),
                stderr: String::new(),
            })?;
        match receive.recv_timeout(limit) {
            Ok(answers) => answers,
            // The thread ended without an answer: the oracle panicked outside its own guard.
            Err(mpsc::RecvTimeoutError::Disconnected) => Ok(cases
                .iter()
                .map(|case| {
                    Answer::Crashed(Crash::new(self.inner.name(), case, "the call panicked"))
                })
                .collect()),
            Err(mpsc::RecvTimeoutError::Timeout) => {
                let mut state = state.lock().unwrap_or_else(|p| p.into_inner());
                if *state == Call::Done {
                    // It returned between the time-out and the lock.
                    drop(state);
                    return receive.recv().unwrap_or_else(|_| Ok(self.timed_out(cases, limit, "")));
                }
                *state = Call::Abandoned;
                stuck.fetch_add(1, Ordering::SeqCst);
                Ok(self.timed_out(cases, limit, ""))
            }
        }
    }
}
