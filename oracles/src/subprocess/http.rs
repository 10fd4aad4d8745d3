//! An oracle that lives in a web service: cases are POSTed in batches as JSON.
//!
//! `POST <url>` with `{"cases": [<request>, …]}` (each request exactly a JSON Lines request
//! line) answers `{"hello": {…}?, "answers": [<answer>, …]}`. The handshake is a POST of an
//! empty batch, whose reply must carry `hello`. A batch that fails as a whole (timeout,
//! HTTP error, unreadable reply) is split in halves and retried, down to single cases, so that
//! only the case at fault is marked `TimedOut` or `Crashed`.
//!
//! What a service can cost is bounded: redirects are never followed (the cases, which may be
//! what a person typed into the viewer, go to the configured address only), a reply is read up
//! to [`MAX_REPLY`] bytes, and a service that stops answering is given up on after
//! [`stall_limit`] POSTs in a row timed out, instead of every half being retried down to single
//! cases (2n − 1 time limits for n cases).

use std::cell::Cell;
use std::io::Read;
use std::sync::OnceLock;
use std::time::Duration;

use serde::Deserialize;
use serde_json::{json, Value};

use super::protocol::{self, Hello, WireAnswer};
use crate::model::{
    answer_supported_kinds, Answer, Availability, Case, CaseKindTag, Crash, Oracle, OracleError,
    OracleInfo, OracleKind, TimeOut,
};

/// The largest reply read, as worker answer lines are capped
/// ([`MAX_ANSWER_LINE`](super::worker::MAX_ANSWER_LINE)).
pub const MAX_REPLY: usize = 64 << 20;

/// How many POSTs in a row may time out before the service is taken as stalled and the rest
/// of a batch is marked timed out without asking: enough to isolate one stuck case by halving
/// a chunk of `chunk` cases (one time-out per halving, plus the first and one spare).
pub fn stall_limit(chunk: usize) -> usize {
    chunk.max(1).next_power_of_two().trailing_zeros() as usize + 2
}

/// The POSTs of one batch that timed out in a row, against their limit.
struct Stall {
    limit: usize,
    in_a_row: Cell<usize>,
}

/// Where and how to reach the service.
#[derive(Clone, Debug)]
pub struct HttpSettings {
    pub name: String,
    pub url: String,
    /// Cases per POST.
    pub batch_size: usize,
    /// Time limit for one POST.
    pub timeout: Duration,
    /// Fields and case kinds declared by configuration (else the service's hello).
    pub fields: Vec<String>,
    pub case_kinds: Vec<CaseKindTag>,
    /// The standard the service claims.
    pub claim: crate::standard::Claim,
}

/// Why a service cannot be used: its handshake failed. Each names the oracle, and the
/// service's URL or the POST's own error.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum HandshakeError {
    #[error("{oracle}: cannot build an HTTP client: {source}")]
    Client { oracle: String, source: reqwest::Error },
    #[error("{oracle}: {url} did not answer the handshake in time")]
    TimedOut { oracle: String, url: String },
    /// The POST failed; `why` names the URL and what went wrong.
    #[error("{oracle}: {why}")]
    Post { oracle: String, why: String },
    #[error("{oracle}: {url}: the handshake reply has no hello")]
    NoHello { oracle: String, url: String },
}

#[derive(Debug)]
struct Setup {
    info: OracleInfo,
    ready: Result<reqwest::blocking::Client, HandshakeError>,
}

/// The HTTP oracle.
#[derive(Debug)]
pub struct HttpOracle {
    settings: HttpSettings,
    max_reply: usize,
    setup: OnceLock<Setup>,
}

#[derive(Deserialize)]
struct Reply {
    #[serde(default)]
    hello: Option<Hello>,
    #[serde(default)]
    answers: Vec<Value>,
}

/// Why one POST failed.
enum PostError {
    TimedOut,
    Failed(String),
}

impl HttpOracle {
    pub fn new(settings: HttpSettings) -> Self {
        HttpOracle { settings, max_reply: MAX_REPLY, setup: OnceLock::new() }
    }

    /// Change the largest reply read (before the first use).
    pub fn with_max_reply(mut self, bytes: usize) -> Self {
        self.max_reply = bytes;
        self
    }

    fn setup(&self) -> &Setup {
        self.setup.get_or_init(|| {
            let s = &self.settings;
            let handshake = reqwest::blocking::Client::builder()
                .timeout(s.timeout)
                .redirect(reqwest::redirect::Policy::none())
                .build()
                .map_err(|source| HandshakeError::Client { oracle: s.name.clone(), source })
                .and_then(|client| {
                    let (oracle, url) = (s.name.clone(), s.url.clone());
                    let reply = self.post(&client, &[]).map_err(|e| match e {
                        PostError::TimedOut => HandshakeError::TimedOut { oracle, url },
                        PostError::Failed(why) => HandshakeError::Post { oracle, why },
                    })?;
                    let hello = reply.hello.ok_or_else(|| HandshakeError::NoHello {
                        oracle: s.name.clone(),
                        url: s.url.clone(),
                    })?;
                    Ok((client, hello))
                });
            let mut info = OracleInfo {
                name: s.name.clone(),
                kind: OracleKind::External,
                version: "unavailable".into(),
                model: crate::model::RecordModel::Whatwg,
                fields: s.fields.clone(),
                case_kinds: s.case_kinds.clone(),
                unicode: None,
                claim: s.claim,
            };
            match handshake {
                Ok((client, hello)) => {
                    info.version = hello.version;
                    info.unicode = hello.unicode;
                    info.model = hello.model;
                    if info.fields.is_empty() {
                        info.fields = hello.fields;
                    }
                    if info.case_kinds.is_empty() {
                        info.case_kinds = hello.case_kinds;
                    }
                    if info.case_kinds.is_empty() {
                        info.case_kinds.push(CaseKindTag::Parse);
                    }
                    Setup { info, ready: Ok(client) }
                }
                Err(reason) => Setup { info, ready: Err(reason) },
            }
        })
    }

    /// Answer `cases` (ids `first_id..`), splitting the batch when it fails as a whole.
    /// At the stall limit every case left is timed out without a POST.
    fn answer_chunk(
        &self,
        client: &reqwest::blocking::Client,
        cases: &[(u64, &Case)],
        stalled: &Stall,
    ) -> Vec<Answer> {
        if stalled.in_a_row.get() >= stalled.limit {
            return cases.iter().map(|(_, case)| self.timed_out(case)).collect();
        }
        let model = self.setup().info.model;
        let reply = self.post(client, cases);
        match &reply {
            Err(PostError::TimedOut) => stalled.in_a_row.set(stalled.in_a_row.get() + 1),
            _ => stalled.in_a_row.set(0),
        }
        match reply {
            Ok(reply) if reply.answers.len() == cases.len() => reply
                .answers
                .into_iter()
                .zip(cases)
                .map(|(raw, (id, case))| self.read_answer(raw, *id, case, model))
                .collect(),
            Ok(reply) if cases.len() == 1 => {
                vec![self
                    .crashed(cases[0].1, &format!("{} answers for 1 case", reply.answers.len()))]
            }
            Err(PostError::TimedOut) if cases.len() == 1 => vec![self.timed_out(cases[0].1)],
            Err(PostError::Failed(why)) if cases.len() == 1 => vec![self.crashed(cases[0].1, &why)],
            _ => {
                let (left, right) = cases.split_at(cases.len() / 2);
                let mut out = self.answer_chunk(client, left, stalled);
                out.extend(self.answer_chunk(client, right, stalled));
                out
            }
        }
    }

    fn timed_out(&self, case: &Case) -> Answer {
        Answer::TimedOut(TimeOut {
            oracle: self.settings.name.clone(),
            case: case.clone(),
            limit_ms: u64::try_from(self.settings.timeout.as_millis()).unwrap_or(u64::MAX),
            stderr: String::new(),
        })
    }

    /// POST one batch and read the reply (at most `max_reply` bytes of it).
    fn post(
        &self,
        client: &reqwest::blocking::Client,
        cases: &[(u64, &Case)],
    ) -> Result<Reply, PostError> {
        let url = &self.settings.url;
        let requests: Vec<Value> =
            cases.iter().map(|(id, case)| protocol::request_json(*id, case)).collect();
        let failed = |e: reqwest::Error| {
            if e.is_timeout() {
                PostError::TimedOut
            } else {
                PostError::Failed(format!("POST {url}: {e}"))
            }
        };
        let response =
            client.post(url).json(&json!({ "cases": requests })).send().map_err(failed)?;
        let status = response.status();
        let body = read_bounded(response, self.max_reply).map_err(|e| match e {
            Bounded::Read(e) if is_timeout(&e) => PostError::TimedOut,
            Bounded::Read(e) => PostError::Failed(format!("POST {url}: reading the reply: {e}")),
            Bounded::TooLarge => PostError::Failed(format!(
                "POST {url}: oracle {}: a reply larger than {} bytes (the limit)",
                self.settings.name, self.max_reply
            )),
        })?;
        let body = String::from_utf8_lossy(&body);
        if status.is_redirection() {
            return Err(PostError::Failed(format!(
                "POST {url}: HTTP {status}: redirects are not followed (configure the final \
                 address)"
            )));
        }
        if !status.is_success() {
            return Err(PostError::Failed(format!(
                "POST {url}: HTTP {status}: {}",
                protocol::truncate(&body, 300)
            )));
        }
        serde_json::from_str(&body).map_err(|e| {
            PostError::Failed(format!(
                "POST {url}: unreadable reply ({e}): {}",
                protocol::truncate(&body, 300)
            ))
        })
    }

    fn read_answer(
        &self,
        raw: Value,
        id: u64,
        case: &Case,
        model: crate::model::RecordModel,
    ) -> Answer {
        match serde_json::from_value::<WireAnswer>(raw) {
            Ok(w) if w.id != id => {
                self.crashed(case, &format!("answer for id {} in the place of id {id}", w.id))
            }
            Ok(w) => w.into_answer(model).unwrap_or_else(|e| self.crashed(case, &e.to_string())),
            Err(e) => self.crashed(case, &format!("malformed answer: {e}")),
        }
    }

    fn crashed(&self, case: &Case, why: &str) -> Answer {
        let cause = format!("{} failed: {why}", self.settings.url);
        Answer::Crashed(Crash::new(&self.settings.name, case, cause))
    }
}

/// Why a bounded read of a reply failed.
enum Bounded {
    Read(std::io::Error),
    TooLarge,
}

/// The body of `response`, refused past `limit` bytes (read no further than that).
fn read_bounded(response: reqwest::blocking::Response, limit: usize) -> Result<Vec<u8>, Bounded> {
    if response.content_length().is_some_and(|n| n > limit as u64) {
        return Err(Bounded::TooLarge);
    }
    let mut body = Vec::new();
    response.take(limit as u64 + 1).read_to_end(&mut body).map_err(Bounded::Read)?;
    if body.len() > limit {
        return Err(Bounded::TooLarge);
    }
    Ok(body)
}

/// Whether a read error is reqwest's time-out (it arrives wrapped in an I/O error).
fn is_timeout(e: &std::io::Error) -> bool {
    e.kind() == std::io::ErrorKind::TimedOut
        || e.get_ref()
            .and_then(|inner| inner.downcast_ref::<reqwest::Error>())
            .is_some_and(reqwest::Error::is_timeout)
}

impl Oracle for HttpOracle {
    fn info(&self) -> &OracleInfo {
        &self.setup().info
    }

    fn name(&self) -> &str {
        &self.settings.name
    }

    fn kind(&self) -> OracleKind {
        OracleKind::External
    }

    fn availability(&self) -> Availability {
        match &self.setup().ready {
            Ok(_) => Availability::Available,
            Err(reason) => Availability::Unavailable { reason: reason.to_string() },
        }
    }

    fn answer_batch(&self, cases: &[Case]) -> Result<Vec<Answer>, OracleError> {
        let setup = self.setup();
        let client = setup.ready.as_ref().map_err(|reason| OracleError::Unavailable {
            oracle: self.settings.name.clone(),
            reason: reason.to_string(),
        })?;
        answer_supported_kinds(&setup.info.case_kinds, cases, |supported| {
            let chunk = self.settings.batch_size.max(1);
            let stalled =
                Stall { limit: stall_limit(chunk.min(supported.len())), in_a_row: Cell::new(0) };
            Ok(supported
                .chunks(chunk)
                .flat_map(|chunk| self.answer_chunk(client, chunk, &stalled))
                .collect())
        })
    }
}
