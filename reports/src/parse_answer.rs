//! The WHATWG answer of `urldiff parse` as a typed value, serialized as it is written.
//!
//! Every validation error is reported (every occurrence, with its position), so a hostile input
//! can carry millions of them: 10 MB of `%` is 10 million `invalid-URL-unit`. The answer keeps
//! them as the parser's 8-byte [`ValidationError`]s, shared by the two keys that show them, and
//! serde writes each one straight to the output; nothing builds a JSON tree of 20 million
//! nodes (which cost 6.5 GB for that input).

use crate::compare_view::validity::ViolationJson;
use serde::ser::{Serialize, SerializeMap, SerializeSeq, Serializer};
use std::rc::Rc;
use urldiff_parser::{valid, Attribute, Url, ValidationError};

/// The reference's answer to one input (and base).
#[derive(Clone, Debug, serde::Serialize)]
pub struct WhatwgAnswer {
    /// `true` when the input (or its base) does not parse; then no record fields.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub failure: bool,
    /// `href` … `hash` (`urldiff_parser::Attribute`, in its order; empty on failure).
    #[serde(flatten)]
    pub record: RecordJson,
    /// `errors`: the spec names, every occurrence in order.
    pub errors: Names,
    /// `validation_errors`: `[{"name", "position"}]`, the same errors with their positions.
    pub validation_errors: Located,
    /// `valid_url_string`: the writing grammar's verdict; `None` when the base does not parse.
    pub valid_url_string: Option<bool>,
    /// `url_string_violation`: the first production that fails, when the verdict is `false`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub url_string_violation: Option<ViolationJson>,
}

/// The record fields as (name, value) pairs, serialized as keys of the answer.
#[derive(Clone, Debug, Default)]
pub struct RecordJson(pub Vec<(&'static str, String)>);

impl Serialize for RecordJson {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(self.0.len()))?;
        for (name, value) in &self.0 {
            map.serialize_entry(name, value)?;
        }
        map.end()
    }
}

/// The errors' names, written one by one.
#[derive(Clone, Debug)]
pub struct Names(pub Rc<[ValidationError]>);

impl Serialize for Names {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.0.iter().map(|e| e.kind.name()))
    }
}

/// The errors as `{"name", "position"}` objects, written one by one.
#[derive(Clone, Debug)]
pub struct Located(pub Rc<[ValidationError]>);

#[derive(serde::Serialize)]
struct NamePosition {
    name: &'static str,
    position: u32,
}

impl Serialize for Located {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut seq = serializer.serialize_seq(Some(self.0.len()))?;
        for e in self.0.iter() {
            seq.serialize_element(&NamePosition { name: e.kind.name(), position: e.position })?;
        }
        seq.end()
    }
}

impl WhatwgAnswer {
    /// The answer as `urldiff parse` shows it to a person: the record (or which of the input
    /// and `base` failed), the validation errors and the valid-URL-string verdict.
    pub fn for_person(&self, base: Option<&str>) -> String {
        use std::fmt::Write as _;
        let mut out = String::new();
        if self.failure {
            // Name the base only when one was given, and say which of the two failed.
            let what = match base {
                None => "the input does not parse",
                Some(base) if Url::parse_with_errors(base, None).result.is_err() => {
                    "the base does not parse (the errors are the base's)"
                }
                Some(_) => "the input does not parse against the base",
            };
            let _ = writeln!(out, "  failure: {what}");
        } else {
            for field in urldiff_parser::ATTRIBUTES {
                let _ = writeln!(out, "{field:>9}: {}", self.field(field).unwrap_or(""));
            }
        }
        let errors: Vec<String> = self.errors().iter().map(|e| e.to_string()).collect();
        if errors.is_empty() {
            out.push_str("   errors: (none)\n");
        } else {
            let _ = writeln!(out, "   errors: {}", errors.join(", "));
        }
        let verdict = match (self.valid_url_string, &self.url_string_violation) {
            (Some(true), _) => "yes".to_owned(),
            (Some(false), Some(v)) => format!("no: not a {} at {}", v.production, v.position),
            _ => "(no verdict: the base does not parse)".to_owned(),
        };
        let _ = writeln!(out, "    valid: {verdict}");
        out
    }

    /// Parse `input` against `base`. A base that fails to parse makes the parse fail, as
    /// `new URL(input, base)` does; the errors are then the base's and there is no verdict.
    pub fn of(input: &str, base: Option<&str>) -> WhatwgAnswer {
        let parsed_base = match base.map(|b| Url::parse_with_errors(b, None)) {
            None => None,
            Some(outcome) => match outcome.result {
                Ok(url) => Some(url),
                Err(_) => return WhatwgAnswer::failed(outcome.errors, None),
            },
        };
        let outcome = Url::parse_with_errors(input, parsed_base.as_ref());
        let grammar = valid::check_url_string(input, parsed_base.as_ref());
        match outcome.result {
            Ok(url) => {
                let fields =
                    Attribute::ALL.iter().map(|&a| (a.name(), url.attribute(a).into_owned()));
                let fields = fields.collect();
                let mut answer = WhatwgAnswer::failed(outcome.errors, Some(grammar));
                answer.failure = false;
                answer.record = RecordJson(fields);
                answer
            }
            Err(_) => WhatwgAnswer::failed(outcome.errors, Some(grammar)),
        }
    }

    /// A failure with these errors and this verdict (`None`: the base does not parse).
    fn failed(
        errors: Vec<ValidationError>,
        grammar: Option<Result<(), valid::Violation>>,
    ) -> WhatwgAnswer {
        let errors: Rc<[ValidationError]> = errors.into();
        let violation = match &grammar {
            Some(Err(v)) => {
                Some(ViolationJson { production: v.production.name(), position: v.position })
            }
            _ => None,
        };
        WhatwgAnswer {
            failure: true,
            record: RecordJson::default(),
            errors: Names(Rc::clone(&errors)),
            validation_errors: Located(errors),
            valid_url_string: grammar.map(|g| g.is_ok()),
            url_string_violation: violation,
        }
    }

    /// The value of a record field (`None` on failure).
    pub fn field(&self, name: &str) -> Option<&str> {
        self.record.0.iter().find(|(n, _)| *n == name).map(|(_, v)| v.as_str())
    }

    /// The errors, in the order the parser met them.
    pub fn errors(&self) -> &[ValidationError] {
        &self.errors.0
    }
}
