//! The valid-URL-string verdict as `urldiff parse` and `urldiff compare` show it: the keys
//! `valid_url_string` (`true`, `false`, or `null` when the base does not parse) and, when it is
//! `false`, `url_string_violation: {"production", "position"}` — the first production of the
//! URL Standard's writing grammar that fails and the byte offset where (the reference's
//! `urldiff_parser::valid`; whatwg-url's `isValidURLString` gives no violation).

use serde_json::{json, Map, Value};
use urldiff_oracles::{Answer, Record, VALID};
use urldiff_parser::{valid, Url};

/// The grammar's verdict on `input` against `base`; `None` when the base does not parse.
pub fn url_string_check(input: &str, base: Option<&str>) -> Option<Result<(), valid::Violation>> {
    let base = match base {
        None => None,
        Some(b) => Some(Url::parse(b, None).ok()?),
    };
    Some(valid::check_url_string(input, base.as_ref()))
}

/// `valid_url_string` (null without a verdict) and, when false, `url_string_violation`.
pub fn verdict_keys(grammar: Option<Result<(), valid::Violation>>) -> Map<String, Value> {
    let mut map = Map::new();
    map.insert("valid_url_string".into(), json!(grammar.map(|g| g.is_ok())));
    if let Some(Err(violation)) = grammar {
        map.insert("url_string_violation".into(), violation_json(&violation));
    }
    map
}

/// `{"production", "position"}`.
pub fn violation_json(violation: &valid::Violation) -> Value {
    json!({ "production": violation.production.name(), "position": violation.position })
}

/// The verdict a validity answer gives: `Some(Some(valid))`, `Some(None)` when the oracle
/// could not judge (the base does not parse, the answer was lost), `None` when it was not
/// asked (no opinion).
pub fn answered_verdict(answer: &Answer) -> Option<Option<bool>> {
    match answer {
        Answer::NoOpinion => None,
        Answer::Parsed { record: Record::Text { value }, .. } => Some(Some(value == VALID)),
        _ => Some(None),
    }
}
