//! The JSON form of a comparison (`urldiff compare --json`, `POST /api/compare`; the schema is
//! in docs/cli-json.md): `{"input", "base", "answers": [{"oracle", "outcome", "record",
//! "errors"}], "divergences", "signature", "classes"}`. `divergences` has one object per
//! differing shared field, `outcome` first when the outcomes differ: `{"field", "groups":
//! [{"oracles", "value"}], "grade", "severity"}`, a value in the projection's form;
//! `validation-errors` and `valid-url-string` among them. `signature` is its one-line form and
//! `classes` the ids of the classes of `urldiff triage --explain-classes` the divergence is in.
//!
//! The answer of an oracle that judges valid URL strings (the reference, whatwg-url) adds
//! `"valid_url_string"` (`true`, `false`, `null` when it could not judge), and the
//! reference's, when `false`, `"url_string_violation": {"production", "position"}`.

use super::validity::{answered_verdict, url_string_check, ViolationJson};
use serde::Serialize;
use urldiff_compare::{Grade, Group, Severity, SharedField};
use urldiff_oracles::{Answer, Oracle, Record};
use urldiff_triage::compared::Compared;

/// One comparison, as JSON.
#[derive(Debug, Serialize)]
pub struct ComparedJson<'a> {
    pub input: &'a str,
    pub base: Option<&'a str>,
    pub answers: Vec<AnswerJson<'a>>,
    pub divergences: Vec<DivergenceJson<'a>>,
    pub signature: String,
    pub classes: Vec<&'static str>,
}

/// One oracle's answer.
#[derive(Debug, Serialize)]
pub struct AnswerJson<'a> {
    pub oracle: &'a str,
    /// `parsed`, `failure`, `no-opinion`, `crashed`, `timed-out`, … ([`Answer::outcome`]).
    pub outcome: &'static str,
    /// The record in its model's form; `null` unless parsed.
    pub record: Option<&'a Record>,
    /// Validation errors (of a parse or a failure); empty for a lost answer.
    pub errors: &'a [String],
    /// Only for oracles asked a validity case: `true`, `false`, `null` (no verdict).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub valid_url_string: Option<Option<bool>>,
    /// Only the reference's, when `valid_url_string` is `false`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub url_string_violation: Option<ViolationJson>,
}

/// One differing field.
#[derive(Debug, Serialize)]
pub struct DivergenceJson<'a> {
    pub field: SharedField,
    pub groups: &'a [Group],
    /// `null` when the values differ exactly.
    pub grade: Option<Grade>,
    pub severity: Option<Severity>,
}

impl<'a> ComparedJson<'a> {
    /// The JSON object of one comparison.
    pub fn of(oracles: &'a [Box<dyn Oracle>], compared: &'a Compared) -> Self {
        let answers = oracles
            .iter()
            .zip(compared.answers.iter().zip(&compared.validity))
            .map(|(oracle, (answer, validity))| {
                answer_json(oracle.name(), answer, validity, compared)
            })
            .collect();
        ComparedJson {
            input: &compared.request.input,
            base: compared.request.base.as_deref(),
            answers,
            divergences: divergences(compared),
            signature: compared.signature.line(),
            classes: classes(oracles, compared),
        }
    }
}

/// The ids of the classes the comparison is in (`urldiff_triage::classify`), table order;
/// `["unclassified"]` when none matches, `[]` when the oracles agree.
pub fn classes(oracles: &[Box<dyn Oracle>], compared: &Compared) -> Vec<&'static str> {
    let infos: Vec<_> = oracles.iter().map(|o| o.info()).collect();
    urldiff_triage::classify::classify_comparison(&compared.request, &compared.comparison, &infos)
}

fn answer_json<'a>(
    oracle: &'a str,
    answer: &'a Answer,
    validity: &Answer,
    compared: &Compared,
) -> AnswerJson<'a> {
    let (record, errors): (_, &[String]) = match answer {
        Answer::Parsed { record, errors } => (Some(record), errors),
        Answer::Failure { errors, .. } => (None, errors),
        // No opinion, or a lost answer (crashed, timed out): no record, no errors.
        _ => (None, &[]),
    };
    let verdict = answered_verdict(validity);
    let violation = match verdict {
        Some(Some(false)) if oracle == "reference" => {
            let request = &compared.request;
            match url_string_check(&request.input, request.base.as_deref()) {
                Some(Err(violation)) => Some(ViolationJson::of(&violation)),
                _ => None,
            }
        }
        _ => None,
    };
    AnswerJson {
        oracle,
        outcome: answer.outcome(),
        record,
        errors,
        valid_url_string: verdict,
        url_string_violation: violation,
    }
}

fn divergences(compared: &Compared) -> Vec<DivergenceJson<'_>> {
    let comparison = &compared.comparison;
    let mut out = Vec::new();
    if comparison.outcome_differs() {
        out.push(DivergenceJson {
            field: SharedField::Outcome,
            groups: &comparison.outcomes,
            grade: Some(Grade::Structural),
            severity: Some(Severity::High),
        });
    }
    for split in comparison.differing() {
        out.push(DivergenceJson {
            field: split.field,
            groups: &split.groups,
            grade: split.grade,
            severity: split.severity,
        });
    }
    out
}
