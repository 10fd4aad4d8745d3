//! The JSON Lines protocol spoken by subprocess workers (and, batched, by HTTP oracles).
//! The normative description is `docs/oracle-protocol.md`; this module is its code.
//!
//! - The worker's first stdout line is a handshake: `{"hello": {"name", "version", "model",
//!   "fields", "case_kinds"}}`.
//! - Each request is one line: `{"id": N, "input": …, "base": …|null, "kind": …}` (setter cases
//!   add `property` and `value`) — the [`Case`] JSON with an `id` in front.
//! - Each answer is one line, in request order: `{"id": N, "outcome": "parsed", "record": {…},
//!   "errors": […]}`, `{"id": N, "outcome": "failure", "reason": …, "errors": […]}` or
//!   `{"id": N, "outcome": "no-opinion"}`. A `validity` case's answer is a text record
//!   (`{"model": "text", "value": "true"|"false"}`, the valid-URL-string verdict) with the
//!   validation errors; a worker declares its `errors` to be spec validation errors by listing
//!   `validation-errors` in the handshake's `fields`.

use std::io::{self, Write};

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::model::{Answer, Case, CaseKindTag, Record, RecordModel, RfcRecord, WhatwgRecord};

/// The worker's self-description, its first line.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Hello {
    pub name: String,
    pub version: String,
    pub model: RecordModel,
    #[serde(default)]
    pub fields: Vec<String>,
    #[serde(default)]
    pub case_kinds: Vec<CaseKindTag>,
    /// The Unicode version of the parser's IDNA (or character) data, when the worker knows it.
    #[serde(default)]
    pub unicode: Option<String>,
    /// The worker holds its answers until no request line is waiting (or a moment has passed)
    /// and writes them together: after a stop, urldiff asks again from the case whose answer
    /// was due, of a worker started with [`FLUSH_EACH_VAR`] (docs/oracle-protocol.md,
    /// section 3).
    #[serde(default)]
    pub held_answers: bool,
}

/// The variable that tells a worker that holds its answers to write each one at once instead
/// (`URLDIFF_ANSWER_FLUSH=each`): how urldiff finds which case stopped such a worker.
pub const FLUSH_EACH_VAR: &str = "URLDIFF_ANSWER_FLUSH";

#[derive(Deserialize)]
struct HelloLine {
    hello: Hello,
}

/// Why a line from a worker is not what the protocol says it is; each carries the line (cut
/// to a readable length) or the part that was wrong.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum ProtocolError {
    #[error("bad handshake line ({source}): {line}")]
    BadHello { line: String, source: serde_json::Error },
    #[error("malformed answer line ({source}): {line}")]
    MalformedAnswer { line: String, source: serde_json::Error },
    #[error("a parsed answer without a record")]
    ParsedWithoutRecord,
    #[error("unknown outcome {0:?}")]
    UnknownOutcome(String),
    #[error("bad record ({0})")]
    BadRecord(serde_json::Error),
}

/// Parse the handshake line.
pub fn parse_hello(line: &str) -> Result<Hello, ProtocolError> {
    serde_json::from_str::<HelloLine>(line.trim())
        .map(|h| h.hello)
        .map_err(|source| ProtocolError::BadHello { line: truncate(line, 200), source })
}

#[derive(Serialize)]
struct Request<'a> {
    id: u64,
    #[serde(flatten)]
    case: &'a Case,
}

/// The request for `case` as a JSON value (for HTTP batches).
pub fn request_json(id: u64, case: &Case) -> Value {
    serde_json::to_value(Request { id, case }).expect("a case always serializes")
}

/// One request line, newline-terminated, with `id` first (serialized from the struct, so the
/// key order is id, input, base, kind, …).
pub fn request_line(id: u64, case: &Case) -> String {
    let mut line = serde_json::to_string(&Request { id, case }).expect("a case always serializes");
    line.push('\n');
    line
}

/// Write the request line for `case` to `out`: [`request_line`] without the intermediate string.
pub fn write_request(out: &mut impl Write, id: u64, case: &Case) -> io::Result<()> {
    serde_json::to_writer(&mut *out, &Request { id, case })?;
    out.write_all(b"\n")
}

/// Read one answer line from a worker: its id, and its answer or why that answer is unreadable.
/// `Err` is a line that is not an answer at all (no JSON object with an id).
///
/// The common case is read in one pass straight into the model's types; a line that does not
/// fit them (an unknown outcome, a record with a number where a string belongs, …) is read
/// again loosely, so that the error spoils only its own case and says what was wrong.
pub fn read_answer(
    line: &[u8],
    model: RecordModel,
) -> Result<(u64, Result<Answer, ProtocolError>), ProtocolError> {
    if let Ok(typed) = serde_json::from_slice::<TypedAnswer>(line) {
        let id = typed.id;
        if let Ok(answer) = typed.into_answer(model) {
            return Ok((id, Ok(answer)));
        }
    }
    let text = String::from_utf8_lossy(line);
    let wire = WireAnswer::parse(&text)?;
    Ok((wire.id, wire.into_answer(model)))
}

/// An answer line in the model's types (see [`read_answer`]).
#[derive(Deserialize)]
struct TypedAnswer {
    id: u64,
    outcome: Outcome,
    #[serde(default)]
    record: Option<FlatRecord>,
    #[serde(default)]
    errors: Vec<String>,
    #[serde(default)]
    reason: Option<String>,
}

#[derive(Deserialize)]
#[serde(rename_all = "kebab-case")]
enum Outcome {
    Parsed,
    Failure,
    NoOpinion,
}

#[derive(Clone, Copy, Deserialize)]
#[serde(rename_all = "kebab-case")]
enum RecordTag {
    Whatwg,
    Rfc,
    Text,
    Pairs,
}

/// Every key a wire record may have, in every model (`host` and `port` are in both URL models);
/// the keys of the record's model are kept and the others ignored, as [`record_from_wire`]
/// does. Its keys are the record structs' fields written for serde's one-pass reading; a test
/// (`the_typed_reading_knows_every_record_field`) holds them to the models' own lists,
/// [`Attribute::ALL`](urldiff_parser::Attribute) and [`RfcField::ALL`](crate::model::RfcField).
#[derive(Deserialize)]
struct FlatRecord {
    model: Option<RecordTag>,
    href: Option<String>,
    protocol: Option<String>,
    username: Option<String>,
    password: Option<String>,
    host: Option<String>,
    hostname: Option<String>,
    port: Option<String>,
    pathname: Option<String>,
    search: Option<String>,
    hash: Option<String>,
    origin: Option<String>,
    scheme: Option<String>,
    authority: Option<String>,
    userinfo: Option<String>,
    path: Option<String>,
    query: Option<String>,
    fragment: Option<String>,
    resolved: Option<String>,
    value: Option<String>,
    pairs: Option<Vec<(String, String)>>,
}

impl TypedAnswer {
    /// `Err` sends the line to the loose reading, which finds the error's words.
    fn into_answer(self, model: RecordModel) -> Result<Answer, ()> {
        Ok(match self.outcome {
            Outcome::Parsed => {
                let record = self.record.ok_or(())?.into_record(model)?;
                Answer::Parsed { record, errors: self.errors }
            }
            Outcome::Failure => {
                Answer::Failure { reason: self.reason.unwrap_or_default(), errors: self.errors }
            }
            Outcome::NoOpinion => Answer::NoOpinion,
        })
    }
}

impl FlatRecord {
    fn into_record(self, model: RecordModel) -> Result<Record, ()> {
        let tag = self.model.unwrap_or(match model {
            RecordModel::Whatwg => RecordTag::Whatwg,
            RecordModel::Rfc => RecordTag::Rfc,
        });
        Ok(match tag {
            RecordTag::Whatwg => Record::Whatwg(WhatwgRecord {
                href: self.href,
                protocol: self.protocol,
                username: self.username,
                password: self.password,
                host: self.host,
                hostname: self.hostname,
                port: self.port,
                pathname: self.pathname,
                search: self.search,
                hash: self.hash,
                origin: self.origin,
            }),
            RecordTag::Rfc => Record::Rfc(RfcRecord {
                scheme: self.scheme,
                authority: self.authority,
                userinfo: self.userinfo,
                host: self.host,
                port: self.port,
                path: self.path.ok_or(())?,
                query: self.query,
                fragment: self.fragment,
                resolved: self.resolved,
            }),
            RecordTag::Text => Record::Text { value: self.value.ok_or(())? },
            RecordTag::Pairs => Record::Pairs { pairs: self.pairs.ok_or(())? },
        })
    }
}

/// An answer as it comes over the wire: the record is interpreted with the worker's model.
#[derive(Debug, Deserialize)]
pub struct WireAnswer {
    pub id: u64,
    pub outcome: String,
    #[serde(default)]
    pub record: Option<Value>,
    #[serde(default)]
    pub errors: Vec<String>,
    #[serde(default)]
    pub reason: Option<String>,
}

impl WireAnswer {
    /// Parse one answer line. A JavaScript worker's `JSON.stringify` writes a lone surrogate
    /// of its strings as an escape (`\ude00`: urijs's "Port \"\ude00\" is not a valid port"
    /// for `http:[]😀`), which serde_json refuses: such a line is read again with each lone
    /// surrogate made U+FFFD, as a USVString conversion does (`urldiff_corpus::usv_json`).
    pub fn parse(line: &str) -> Result<WireAnswer, ProtocolError> {
        let line = line.trim();
        serde_json::from_str(line).or_else(|source| {
            let (usv, replaced) = urldiff_corpus::usv_json::replace_lone_surrogate_escapes(line);
            let malformed = || ProtocolError::MalformedAnswer { line: truncate(line, 300), source };
            match replaced {
                0 => Err(malformed()),
                _ => serde_json::from_str(&usv).map_err(|_| malformed()),
            }
        })
    }

    /// Turn the wire form into the model's [`Answer`]; `model` is the worker's declared model.
    pub fn into_answer(self, model: RecordModel) -> Result<Answer, ProtocolError> {
        match self.outcome.as_str() {
            "parsed" => {
                let raw = self.record.ok_or(ProtocolError::ParsedWithoutRecord)?;
                Ok(Answer::Parsed { record: record_from_wire(raw, model)?, errors: self.errors })
            }
            "failure" => {
                Ok(Answer::Failure { reason: self.reason.unwrap_or_default(), errors: self.errors })
            }
            "no-opinion" => Ok(Answer::NoOpinion),
            other => Err(ProtocolError::UnknownOutcome(other.to_owned())),
        }
    }
}

/// A record on the wire is a flat object in the worker's model; an object carrying its own
/// `"model"` tag (`text`, `pairs`, …) is read as a tagged [`Record`] instead.
pub fn record_from_wire(raw: Value, model: RecordModel) -> Result<Record, ProtocolError> {
    let bad = ProtocolError::BadRecord;
    if raw.get("model").is_some() {
        return serde_json::from_value(raw).map_err(bad);
    }
    Ok(match model {
        RecordModel::Whatwg => {
            Record::Whatwg(serde_json::from_value::<WhatwgRecord>(raw).map_err(bad)?)
        }
        RecordModel::Rfc => Record::Rfc(serde_json::from_value::<RfcRecord>(raw).map_err(bad)?),
    })
}

/// At most `max` characters of `s`, with an ellipsis when cut.
pub fn truncate(s: &str, max: usize) -> String {
    match s.char_indices().nth(max) {
        Some((at, _)) => format!("{}…", &s[..at]),
        None => s.to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::CaseKind;

    /// urijs's line for `http:[]😀` (Node's JSON.stringify escapes the lone surrogate of its
    /// error message): read with U+FFFD in its place; a line broken otherwise stays malformed.
    #[test]
    fn a_lone_surrogate_escape_is_read_as_u_fffd() {
        let line = r#"{"id":73,"outcome":"failure","reason":"TypeError: Port \"\ude00\" is not a valid port","errors":[]}"#;
        let answer = WireAnswer::parse(line).expect("read");
        assert_eq!(
            answer.reason.as_deref(),
            Some("TypeError: Port \"\u{fffd}\" is not a valid port")
        );
        let paired = r#"{"id":1,"outcome":"failure","reason":"\ud83d\ude00","errors":[]}"#;
        assert_eq!(WireAnswer::parse(paired).unwrap().reason.as_deref(), Some("\u{1f600}"));
        assert!(WireAnswer::parse(r#"{"id":1,"outcome":"failure","reason":"\ude00"#).is_err());
    }

    #[test]
    fn request_line_is_the_case_with_an_id_first() {
        let case = Case { input: "a\tb".into(), base: None, kind: CaseKind::Parse };
        assert_eq!(
            request_line(7, &case),
            "{\"id\":7,\"input\":\"a\\tb\",\"base\":null,\"kind\":\"parse\"}\n"
        );
        let setter = Case {
            input: "http://a/".into(),
            base: Some("http://b/".into()),
            kind: CaseKind::Setter { property: "host".into(), value: "c".into() },
        };
        let mut written = Vec::new();
        write_request(&mut written, 1, &setter).unwrap();
        assert_eq!(String::from_utf8(written).unwrap(), request_line(1, &setter));
        let v = request_json(1, &setter);
        assert_eq!(v["kind"], "setter");
        assert_eq!(v["property"], "host");
        assert_eq!(v["base"], "http://b/");
    }

    #[test]
    fn answers_are_read_in_the_declared_model() {
        let a = WireAnswer::parse(
            r#"{"id":1,"outcome":"parsed","record":{"path":"/x","query":null,"fragment":""}}"#,
        )
        .unwrap()
        .into_answer(RecordModel::Rfc)
        .unwrap();
        let Answer::Parsed { record: Record::Rfc(r), .. } = a else { panic!("{a:?}") };
        assert_eq!((r.path.as_str(), r.query, r.fragment.as_deref()), ("/x", None, Some("")));
        let f =
            WireAnswer::parse(r#"{"id":2,"outcome":"failure","reason":"Invalid URL"}"#).unwrap();
        assert_eq!(
            f.into_answer(RecordModel::Whatwg).unwrap(),
            Answer::Failure { reason: "Invalid URL".into(), errors: vec![] }
        );
        assert!(WireAnswer::parse("{\"id\":3,\"outcome\":\"exploded\"}")
            .unwrap()
            .into_answer(RecordModel::Rfc)
            .is_err());
        assert!(WireAnswer::parse("not json").is_err());
    }

    /// The one-pass reading gives what the loose reading (through `serde_json::Value`) gives.
    /// The one-pass reading (not the loose one) reads every field of both record models by the
    /// name the models list ([`WHATWG_FIELDS`], the parser's attributes; [`RFC_FIELDS`]) into
    /// that field: a field `FlatRecord` missed or put elsewhere would be lost or swapped.
    #[test]
    fn the_typed_reading_knows_every_record_field() {
        use crate::model::{RfcField, RFC_FIELDS, WHATWG_FIELDS};
        use urldiff_parser::Attribute;
        let line = |model: &str, names: &[&str]| {
            let record: serde_json::Map<String, Value> = names
                .iter()
                .map(|n| (n.to_string(), Value::String(format!("v-{n}"))))
                .chain([("model".to_owned(), Value::String(model.to_owned()))])
                .collect();
            let answer = serde_json::json!({"id": 1, "outcome": "parsed", "record": record});
            let typed: TypedAnswer = serde_json::from_value(answer).expect("typed reading");
            typed.into_answer(RecordModel::Whatwg).expect("a parsed answer")
        };
        assert_eq!(WHATWG_FIELDS.len(), 11);
        let Answer::Parsed { record: Record::Whatwg(url), .. } = line("whatwg", WHATWG_FIELDS)
        else {
            panic!("not a WHATWG record")
        };
        for &attribute in Attribute::ALL {
            assert_eq!(url.field(attribute), Some(format!("v-{}", attribute.name()).as_str()));
        }
        let Answer::Parsed { record: Record::Rfc(uri), .. } = line("rfc", RFC_FIELDS) else {
            panic!("not an RFC record")
        };
        for &field in RfcField::ALL {
            assert_eq!(uri.field(field), Some(format!("v-{}", field.name()).as_str()));
        }
    }

    #[test]
    fn read_answer_agrees_with_the_loose_reading() {
        let lines = [
            (
                r#"{"id":1,"outcome":"parsed","record":{"href":"http://a/","port":"","x":[1]},"errors":["e"]}"#,
                RecordModel::Whatwg,
            ),
            (
                r#"{"id":2,"outcome":"parsed","record":{"path":"/x","query":null,"host":"h","href":3}}"#,
                RecordModel::Rfc,
            ),
            (
                r#"{"id":3,"outcome":"parsed","record":{"model":"text","value":"xn--a"}}"#,
                RecordModel::Whatwg,
            ),
            (
                r#"{"id":4,"outcome":"parsed","record":{"model":"pairs","pairs":[["a","b"]]}}"#,
                RecordModel::Rfc,
            ),
            (
                r#"{"id":5,"outcome":"parsed","record":{"model":"rfc","path":""}}"#,
                RecordModel::Whatwg,
            ),
            (r#" {"id":6,"outcome":"failure","reason":"bad","errors":[]} "#, RecordModel::Rfc),
            (r#"{"id":7,"outcome":"no-opinion","unknown":{}}"#, RecordModel::Rfc),
        ];
        for (line, model) in lines {
            let loose = WireAnswer::parse(line).unwrap();
            let (id, answer) = read_answer(line.as_bytes(), model).unwrap();
            assert_eq!(id, loose.id);
            assert_eq!(answer.unwrap(), loose.into_answer(model).unwrap(), "{line}");
        }
    }

    /// An unreadable answer for a known id spoils only that answer; a line without an id is not
    /// an answer at all.
    #[test]
    fn read_answer_keeps_the_id_of_an_unreadable_answer() {
        for line in [
            r#"{"id":8,"outcome":"parsed","record":{"href":80}}"#,
            r#"{"id":8,"outcome":"exploded"}"#,
            r#"{"id":8,"outcome":"parsed","record":{"query":"q"}}"#,
            r#"{"id":8,"outcome":"parsed"}"#,
        ] {
            let model = if line.contains("query") { RecordModel::Rfc } else { RecordModel::Whatwg };
            let (id, answer) = read_answer(line.as_bytes(), model).unwrap();
            assert_eq!(id, 8);
            assert!(answer.is_err(), "{line}: {answer:?}");
        }
        assert!(read_answer(b"this is not json", RecordModel::Rfc).is_err());
        assert!(read_answer(br#"{"outcome":"parsed"}"#, RecordModel::Rfc).is_err());
    }

    #[test]
    fn hello_is_parsed() {
        let h = parse_hello(r#"{"hello":{"name":"x","version":"1.2.3","model":"whatwg","fields":["href"],"case_kinds":["parse","setter"]}}"#).unwrap();
        assert_eq!(h.version, "1.2.3");
        assert_eq!(h.case_kinds, vec![CaseKindTag::Parse, CaseKindTag::Setter]);
        assert!(parse_hello("{\"id\":1}").is_err());
    }
}
