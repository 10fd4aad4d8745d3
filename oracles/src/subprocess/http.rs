//! An oracle that lives in a web service: cases are POSTed in batches as JSON.
//!
//! `POST <url>` with `{"cases": [<request>, …]}` (each request exactly a JSON Lines request
//! line) answers `{"hello": {…}?, "answers": [<answer>, …]}`. The handshake is a POST of an
//! empty batch, whose reply must carry `hello`. A batch that fails as a whole (timeout,
//! HTTP error, unreadable reply) is split in halves and retried, down to single cases, so that
//! only the case at fault is marked `TimedOut` or `Crashed`.

use std::sync::OnceLock;
use std::time::Duration;

use serde::Deserialize;
use serde_json::{json, Value};

use super::protocol::{self, Hello, WireAnswer};
use crate::model::{
    Answer, Availability, Case, CaseKindTag, Crash, Oracle, OracleError, OracleInfo, OracleKind,
    TimeOut,
};

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

#[derive(Debug)]
struct Setup {
    info: OracleInfo,
    ready: Result<reqwest::blocking::Client, String>,
}

/// The HTTP oracle.
#[derive(Debug)]
pub struct HttpOracle {
    settings: HttpSettings,
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
        HttpOracle { settings, setup: OnceLock::new() }
    }

    fn setup(&self) -> &Setup {
        self.setup.get_or_init(|| {
            let s = &self.settings;
            let handshake = reqwest::blocking::Client::builder()
                .timeout(s.timeout)
                .build()
                .map_err(|e| format!("cannot build an HTTP client: {e}"))
                .and_then(|client| {
                    let reply = post(&client, &s.url, &[]).map_err(|e| match e {
                        PostError::TimedOut => {
                            format!("{} did not answer the handshake in time", s.url)
                        }
                        PostError::Failed(why) => why,
                    })?;
                    let hello = reply
                        .hello
                        .ok_or(format!("{}: the handshake reply has no hello", s.url))?;
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
                Err(reason) => Setup { info, ready: Err(format!("{}: {reason}", s.name)) },
            }
        })
    }

    /// Answer `cases` (ids `first_id..`), splitting the batch when it fails as a whole.
    fn answer_chunk(
        &self,
        client: &reqwest::blocking::Client,
        cases: &[(u64, &Case)],
    ) -> Vec<Answer> {
        let model = self.setup().info.model;
        match post(client, &self.settings.url, cases) {
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
            Err(PostError::TimedOut) if cases.len() == 1 => vec![Answer::TimedOut(TimeOut {
                oracle: self.settings.name.clone(),
                case: cases[0].1.clone(),
                limit_ms: u64::try_from(self.settings.timeout.as_millis()).unwrap_or(u64::MAX),
                stderr: String::new(),
            })],
            Err(PostError::Failed(why)) if cases.len() == 1 => vec![self.crashed(cases[0].1, &why)],
            _ => {
                let (left, right) = cases.split_at(cases.len() / 2);
                let mut out = self.answer_chunk(client, left);
                out.extend(self.answer_chunk(client, right));
                out
            }
        }
    }

    fn read_answer(
        &self,
        raw: Value,
        id: u64,
        case: &Case,
        model: crate::model::RecordModel,
    ) -> Answer {
        let wire: Result<WireAnswer, String> =
            serde_json::from_value(raw).map_err(|e| format!("malformed answer: {e}"));
        match wire {
            Ok(w) if w.id != id => {
                self.crashed(case, &format!("answer for id {} in the place of id {id}", w.id))
            }
            Ok(w) => w.into_answer(model).unwrap_or_else(|e| self.crashed(case, &e)),
            Err(e) => self.crashed(case, &e),
        }
    }

    fn crashed(&self, case: &Case, why: &str) -> Answer {
        let cause = format!("{} failed: {why}", self.settings.url);
        Answer::Crashed(Crash::new(&self.settings.name, case, cause))
    }
}

/// POST one batch and read the reply.
fn post(
    client: &reqwest::blocking::Client,
    url: &str,
    cases: &[(u64, &Case)],
) -> Result<Reply, PostError> {
    let requests: Vec<Value> =
        cases.iter().map(|(id, case)| protocol::request_json(*id, case)).collect();
    let failed = |e: reqwest::Error| {
        if e.is_timeout() {
            PostError::TimedOut
        } else {
            PostError::Failed(format!("POST {url}: {e}"))
        }
    };
    let response = client.post(url).json(&json!({ "cases": requests })).send().map_err(failed)?;
    let status = response.status();
    let body = response.text().map_err(failed)?;
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

impl Oracle for HttpOracle {
    fn info(&self) -> &OracleInfo {
        &self.setup().info
    }

    fn name(&self) -> &str {
        &self.settings.name
    }

    fn availability(&self) -> Availability {
        match &self.setup().ready {
            Ok(_) => Availability::Available,
            Err(reason) => Availability::Unavailable { reason: reason.clone() },
        }
    }

    fn answer_batch(&self, cases: &[Case]) -> Result<Vec<Answer>, OracleError> {
        let setup = self.setup();
        let client = setup.ready.as_ref().map_err(|reason| OracleError::Unavailable {
            oracle: self.settings.name.clone(),
            reason: reason.clone(),
        })?;
        let kinds = &setup.info.case_kinds;
        let supported: Vec<(u64, &Case)> =
            (0..).zip(cases).filter(|(_, c)| kinds.contains(&c.kind.tag())).collect();
        let mut answered = supported
            .chunks(self.settings.batch_size.max(1))
            .flat_map(|chunk| self.answer_chunk(client, chunk))
            .collect::<Vec<_>>()
            .into_iter();
        Ok(cases
            .iter()
            .map(|c| {
                if kinds.contains(&c.kind.tag()) {
                    answered.next().expect("one answer per case")
                } else {
                    Answer::NoOpinion
                }
            })
            .collect())
    }
}
