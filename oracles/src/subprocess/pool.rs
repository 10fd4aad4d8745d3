//! [`WorkerOracle`]: an [`Oracle`] answered by persistent worker processes.
//!
//! Setting up is lazy and happens once: the adapter's launcher finds the runtime and prepares it
//! (npm ci, javac, …), a first worker is started and its handshake gives the exact version. A
//! missing runtime or a failed set-up makes the oracle unavailable with the reason.
//!
//! A batch is answered by one worker taken from an idle pool (a new one when every worker is
//! busy, so concurrent callers run in parallel); a large batch is cut into chunks that more
//! workers take up while cores are free ([`super::lanes`]). When the worker crashes or hangs on a case, that
//! case is marked `Crashed`/`TimedOut`, the worker is killed, a fresh one is started and the rest
//! of the batch goes on: no other case's answer is lost. A worker that holds its answers
//! (`Hello::held_answers`) and stops is replaced by one that writes each at once, asked again
//! from the case whose answer was due, so the stop is recorded for the case that caused it.

use std::sync::{Mutex, OnceLock};
use std::time::Duration;

use super::lanes;
use super::process::StartError;
use super::worker::{Batch, Stop, Worker, WorkerCommand, MAX_ANSWER_LINE};
use crate::model::{
    answer_supported_kinds, Answer, Availability, Case, CaseKindTag, Crash, Oracle, OracleError,
    OracleInfo, OracleKind, RecordModel, TimeOut,
};

/// Finds and prepares a runtime; `Err` is the reason the oracle is unavailable.
pub type Launcher = Box<dyn Fn() -> Result<WorkerCommand, StartError> + Send + Sync>;

/// Per-case and start-up time limits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Timeouts {
    /// How long one case may take.
    pub case: Duration,
    /// How long a worker may take to print its handshake.
    pub startup: Duration,
}

impl Default for Timeouts {
    /// 5 s per case and 30 s to start.
    fn default() -> Self {
        Timeouts { case: Duration::from_millis(5_000), startup: Duration::from_secs(30) }
    }
}

/// The variable that sets the per-case time limit, in milliseconds.
pub const CASE_TIMEOUT_VAR: &str = "URLDIFF_CASE_TIMEOUT_MS";

/// The largest per-case time limit accepted: one hour.
pub const MAX_CASE_TIMEOUT_MS: u64 = 3_600_000;

/// `URLDIFF_CASE_TIMEOUT_MS` holds something that is not a case time limit (the value).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "{CASE_TIMEOUT_VAR}={value:?} is not a valid case time limit: give whole milliseconds \
     from 1 to {MAX_CASE_TIMEOUT_MS} (one hour), or unset it for the default 5000"
)]
pub struct InvalidCaseTimeout {
    pub value: String,
}

impl Timeouts {
    /// The defaults, with the case limit from `URLDIFF_CASE_TIMEOUT_MS` when it is set. A value
    /// that is not a whole number of milliseconds from 1 to [`MAX_CASE_TIMEOUT_MS`] is an
    /// error naming the variable, never silently replaced by the default.
    pub fn from_env() -> Result<Timeouts, InvalidCaseTimeout> {
        let Some(value) = std::env::var_os(CASE_TIMEOUT_VAR) else {
            return Ok(Timeouts::default());
        };
        let shown = value.to_string_lossy();
        let ms = shown
            .trim()
            .parse::<u64>()
            .ok()
            .filter(|ms| (1..=MAX_CASE_TIMEOUT_MS).contains(ms))
            .ok_or_else(|| InvalidCaseTimeout { value: shown.to_string() })?;
        Ok(Timeouts { case: Duration::from_millis(ms), ..Timeouts::default() })
    }
}

/// What the oracle is before its worker has said hello; the handshake fills in the rest.
#[derive(Clone, Debug)]
pub struct Declared {
    pub name: String,
    pub kind: OracleKind,
    pub model: RecordModel,
    /// Fields declared by configuration; when empty, the handshake's list is used.
    pub fields: Vec<String>,
    /// Case kinds declared by configuration; when empty, the handshake's (or `parse`).
    pub case_kinds: Vec<CaseKindTag>,
    /// The standard it claims.
    pub claim: crate::standard::Claim,
}

#[derive(Debug)]
struct Setup {
    info: OracleInfo,
    /// Whether the first worker started (the command is [`WorkerOracle::launched`]'s).
    first_worker: Result<(), StartError>,
}

impl Declared {
    /// A built-in subprocess oracle of the RFC model that answers parse and resolve cases and
    /// fills every RFC field.
    pub fn rfc_subprocess(name: &str) -> Declared {
        Declared {
            name: name.into(),
            kind: OracleKind::Subprocess,
            model: RecordModel::Rfc,
            fields: RecordModel::Rfc.field_names(),
            case_kinds: vec![CaseKindTag::Parse, CaseKindTag::Resolve],
            claim: crate::parsers::builtin_claim(name),
        }
    }
}

/// An oracle backed by persistent JSON Lines workers.
pub struct WorkerOracle {
    declared: Declared,
    launcher: Launcher,
    timeouts: Timeouts,
    /// The longest answer line accepted ([`MAX_ANSWER_LINE`] unless changed).
    max_line: usize,
    /// The launcher's command (the runtime found and prepared), made once.
    launched: OnceLock<Result<WorkerCommand, StartError>>,
    setup: OnceLock<Setup>,
    idle: Mutex<Vec<Worker>>,
}

impl std::fmt::Debug for WorkerOracle {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("WorkerOracle")
            .field("declared", &self.declared)
            .field("timeouts", &self.timeouts)
            .field("setup", &self.setup.get())
            .finish_non_exhaustive()
    }
}

impl WorkerOracle {
    pub fn new(declared: Declared, launcher: Launcher) -> Self {
        WorkerOracle {
            declared,
            launcher,
            timeouts: Timeouts::default(),
            max_line: MAX_ANSWER_LINE,
            launched: OnceLock::new(),
            setup: OnceLock::new(),
            idle: Mutex::new(Vec::new()),
        }
    }

    /// Change the time limits (before the first use).
    pub fn with_timeouts(mut self, timeouts: Timeouts) -> Self {
        self.timeouts = timeouts;
        self
    }

    /// Change the longest answer line accepted (before the first use).
    pub fn with_max_answer_line(mut self, bytes: usize) -> Self {
        self.max_line = bytes;
        self
    }

    /// The command workers are started with, once set up.
    pub fn command(&self) -> Result<&WorkerCommand, &StartError> {
        let command = self.launched().as_ref()?;
        self.setup().first_worker.as_ref().map(|()| command)
    }

    /// The command, made by the launcher once; no worker is started.
    fn launched(&self) -> &Result<WorkerCommand, StartError> {
        self.launched
            .get_or_init(|| (self.launcher)().map_err(|cause| cause.of_oracle(&self.declared.name)))
    }

    fn setup(&self) -> &Setup {
        self.setup.get_or_init(|| {
            let Ok(command) = self.launched() else {
                return Setup { info: self.info_unavailable(), first_worker: Ok(()) };
            };
            match Worker::spawn(command, self.timeouts.startup) {
                Ok(worker) => {
                    let info = self.info_from(&worker);
                    self.idle.lock().unwrap_or_else(|p| p.into_inner()).push(worker);
                    Setup { info, first_worker: Ok(()) }
                }
                Err(failure) => {
                    let reason = failure.of_oracle(&self.declared.name);
                    Setup { info: self.info_unavailable(), first_worker: Err(reason) }
                }
            }
        })
    }

    fn info_from(&self, worker: &Worker) -> OracleInfo {
        let d = &self.declared;
        let hello = &worker.hello;
        let pick = |declared: &Vec<String>, said: &Vec<String>| {
            if declared.is_empty() {
                said.clone()
            } else {
                declared.clone()
            }
        };
        let mut case_kinds =
            if d.case_kinds.is_empty() { hello.case_kinds.clone() } else { d.case_kinds.clone() };
        if case_kinds.is_empty() {
            case_kinds.push(CaseKindTag::Parse);
        }
        OracleInfo {
            name: d.name.clone(),
            kind: d.kind,
            version: hello.version.clone(),
            model: hello.model,
            fields: pick(&d.fields, &hello.fields),
            case_kinds,
            unicode: hello.unicode.clone(),
            claim: d.claim,
        }
    }

    fn info_unavailable(&self) -> OracleInfo {
        let d = &self.declared;
        OracleInfo {
            name: d.name.clone(),
            kind: d.kind,
            version: "unavailable".into(),
            model: d.model,
            fields: d.fields.clone(),
            case_kinds: d.case_kinds.clone(),
            unicode: None,
            claim: d.claim,
        }
    }

    /// A live idle worker (`true`: reused), or a new one (`false`). Idle workers that died
    /// meanwhile (killed, or gone with their runtime) are dropped here.
    fn take_worker(&self, command: &WorkerCommand) -> Result<(Worker, bool), OracleError> {
        loop {
            let idle = self.idle.lock().unwrap_or_else(|p| p.into_inner()).pop();
            match idle {
                Some(mut worker) => {
                    if worker.is_alive() {
                        return Ok((worker, true));
                    }
                }
                None => return self.start_worker(command).map(|w| (w, false)),
            }
        }
    }

    /// A new worker.
    fn start_worker(&self, command: &WorkerCommand) -> Result<Worker, OracleError> {
        let oracle = self.declared.name.clone();
        Worker::spawn(command, self.timeouts.startup).map_err(|failure| match failure {
            StartError::Worker { cause, process, stderr } => OracleError::WorkerLost {
                oracle,
                reason: match process {
                    Some(end) => format!("{cause} ({end})"),
                    None => cause,
                },
                stderr,
            },
            other => {
                OracleError::WorkerLost { oracle, reason: other.to_string(), stderr: "".into() }
            }
        })
    }

    /// Answer `cases` (all of a supported kind) with restarts; one answer per case, in order.
    /// `Err` when a worker is needed and none can be started: the batch cannot be finished.
    fn answer_supported(
        &self,
        command: &WorkerCommand,
        cases: &[&Case],
    ) -> Result<Vec<Answer>, OracleError> {
        let mut out = Vec::with_capacity(cases.len());
        let mut worker = None;
        let mut retried = false;
        // Set once a worker that held its answers stopped: the rest goes to workers that write
        // each answer at once, so that the case a stop is recorded for is the one to blame.
        let mut flushing_each: Option<WorkerCommand> = None;
        while out.len() < cases.len() {
            let (mut current, reused) = match (worker.take(), &flushing_each) {
                (Some(w), _) => (w, false),
                (None, Some(each)) => (self.start_worker(each)?, false),
                (None, None) if retried => (self.start_worker(command)?, false),
                (None, None) => self.take_worker(command)?,
            };
            let before = out.len();
            let batch = Batch {
                oracle: &self.declared.name,
                cases: &cases[out.len()..],
                timeout: self.timeouts.case,
                max_line: self.max_line,
            };
            match current.run(&batch, &mut out) {
                // A worker that exited by itself after its last answer is dropped here.
                Ok(()) => worker = Some(current).filter(Worker::is_usable),
                // An idle worker that died before answering anything (it may have been killed
                // between the liveness check and the batch): the case is not to blame; it
                // goes once more to a fresh worker.
                Err(Stop::Crashed { .. }) if reused && !retried && out.len() == before => {
                    retried = true;
                }
                // A worker that held its answers may have held those of cases before the one
                // that stopped it (a hang, a crash): they are asked again, from the case whose
                // answer was due, of a worker that writes each answer at once. Once only: a
                // worker that still says it holds them (one that ignores the variable) has its
                // stop recorded like any other's, never asked again in a loop.
                Err(_) if current.hello.held_answers && flushing_each.is_none() => {
                    flushing_each = Some(command.flushing_each());
                }
                // `out` now ends just before the case that stopped the worker; the dead
                // worker is dropped and the next round starts a fresh one after that case.
                Err(stop) => out.push(self.stopped_answer(stop, cases[out.len()])),
            }
        }
        // A worker that writes each answer at once is not kept: later batches get the faster
        // kind again.
        if let Some(w) = worker.filter(|_| flushing_each.is_none()) {
            self.idle.lock().unwrap_or_else(|p| p.into_inner()).push(w);
        }
        Ok(out)
    }

    /// [`WorkerOracle::answer_supported`], a large batch cut into chunks over as many workers
    /// as cores are free ([`lanes`]).
    fn answer_in_lanes(
        &self,
        command: &WorkerCommand,
        cases: &[&Case],
    ) -> Result<Vec<Answer>, OracleError> {
        let _busy = lanes::Busy::enter();
        if cases.len() < lanes::CHUNK * lanes::MIN_CHUNKS_LEFT {
            return self.answer_supported(command, cases);
        }
        let chunks: Vec<&[&Case]> = cases.chunks(lanes::CHUNK).collect();
        let answered = lanes::run_chunks(chunks.len(), lanes::cores(), |i| {
            self.answer_supported(command, chunks[i])
        })?;
        Ok(answered.into_iter().flatten().collect())
    }

    fn stopped_answer(&self, stop: Stop, case: &Case) -> Answer {
        let oracle = self.declared.name.clone();
        match stop {
            Stop::TimedOut { stderr } => Answer::TimedOut(TimeOut {
                oracle,
                case: case.clone(),
                limit_ms: u64::try_from(self.timeouts.case.as_millis()).unwrap_or(u64::MAX),
                stderr,
            }),
            Stop::Crashed { cause, process, stderr } => {
                Answer::Crashed(Crash { oracle, case: case.clone(), cause, process, stderr })
            }
        }
    }
}

impl Oracle for WorkerOracle {
    fn info(&self) -> &OracleInfo {
        &self.setup().info
    }

    fn name(&self) -> &str {
        &self.declared.name
    }

    fn kind(&self) -> OracleKind {
        self.declared.kind
    }

    /// Built-in workers only: what decides an external command's answers cannot be seen.
    fn cache_identity(&self) -> Option<String> {
        if self.declared.kind != OracleKind::Subprocess {
            return None;
        }
        let command = self.launched().as_ref().ok()?;
        super::identity::of_command(&self.declared.name, command)
    }

    fn availability(&self) -> Availability {
        match self.command() {
            Ok(_) => Availability::Available,
            Err(reason) => Availability::Unavailable { reason: reason.to_string() },
        }
    }

    fn answer_batch(&self, cases: &[Case]) -> Result<Vec<Answer>, OracleError> {
        let command = self.command().map_err(|reason| OracleError::Unavailable {
            oracle: self.declared.name.clone(),
            reason: reason.to_string(),
        })?;
        answer_supported_kinds(&self.setup().info.case_kinds, cases, |supported| {
            let supported: Vec<&Case> = supported.into_iter().map(|(_, c)| c).collect();
            self.answer_in_lanes(command, &supported)
        })
    }
}
