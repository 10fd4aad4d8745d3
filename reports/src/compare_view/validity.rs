//! The valid-URL-string verdict as `urldiff compare` shows it: the keys `valid_url_string`
//! (`true`, `false`, or `null` when it could not be judged) and, when it is `false`,
//! `url_string_violation: {"production", "position"}` — the first production of the URL
//! Standard's writing grammar that fails and the byte offset where (the reference's
//! `urldiff_parser::valid`; whatwg-url's `isValidURLString` gives no violation).

use serde::Serialize;
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

/// `{"production", "position"}`: where the writing grammar first fails.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ViolationJson {
    /// The grammar production's name in the URL Standard (`valid domain string`, …).
    pub production: &'static str,
    /// The byte offset into the input.
    pub position: usize,
}

impl ViolationJson {
    pub fn of(violation: &valid::Violation) -> Self {
        ViolationJson { production: violation.production.name(), position: violation.position }
    }
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
