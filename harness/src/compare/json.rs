//! The JSON form of a comparison: today's contract, `{"input", "base", "answers": [{"oracle",
//! "outcome", "record", "errors"}]}`, plus `"divergences"` (one object per differing shared
//! field, `outcome` first when the outcomes differ: `{"field", "groups": [{"oracles",
//! "value"}], "grade", "severity"}`, a value in the projection's form; `validation-errors` and
//! `valid-url-string` among them), `"signature"` (its one-line form) and `"classes"` (the ids
//! of the classes of `urldiff triage --explain-classes` the divergence is in).
//!
//! The answer of an oracle that judges valid URL strings (the reference, whatwg-url) adds
//! `"valid_url_string"` (`true`, `false`, `null` when it could not judge), and the
//! reference's, when `false`, `"url_string_violation": {"production", "position"}`.

use crate::compare::validity::{answered_verdict, url_string_check, violation_json};
use crate::compare::Compared;
use serde_json::{json, Value};
use urldiff_compare::{Grade, Severity, SharedField};
use urldiff_oracles::{Answer, Oracle};

/// The JSON object of one comparison.
pub fn compared_json(oracles: &[Box<dyn Oracle>], compared: &Compared) -> Value {
    let answers: Vec<Value> = oracles
        .iter()
        .zip(compared.answers.iter().zip(&compared.validity))
        .map(|(oracle, (answer, validity))| {
            let mut value = answer_json(oracle.name(), answer);
            add_verdict(&mut value, oracle.name(), validity, compared);
            value
        })
        .collect();
    json!({
        "input": compared.request.input,
        "base": compared.request.base,
        "answers": answers,
        "divergences": divergences_json(compared),
        "signature": compared.signature.line(),
        "classes": classes(oracles, compared),
    })
}

/// The ids of the classes the comparison is in (`urldiff_triage::classify`), table order;
/// `["unclassified"]` when none matches, `[]` when the oracles agree.
pub fn classes(oracles: &[Box<dyn Oracle>], compared: &Compared) -> Vec<&'static str> {
    let infos: Vec<_> = oracles.iter().map(|o| o.info()).collect();
    urldiff_triage::classify::classify_comparison(&compared.request, &compared.comparison, &infos)
}

fn answer_json(oracle: &str, answer: &Answer) -> Value {
    let (record, errors) = match answer {
        Answer::Parsed { record, errors } => {
            (serde_json::to_value(record).unwrap_or(Value::Null), errors.clone())
        }
        Answer::Failure { errors, .. } => (Value::Null, errors.clone()),
        // No opinion, or a lost answer (crashed, timed out): no record, no errors.
        _ => (Value::Null, Vec::new()),
    };
    json!({ "oracle": oracle, "outcome": answer.outcome(), "record": record, "errors": errors })
}

/// `valid_url_string` (and the reference's violation) for an oracle asked a validity case.
fn add_verdict(value: &mut Value, oracle: &str, validity: &Answer, compared: &Compared) {
    let Some(verdict) = answered_verdict(validity) else { return };
    let map = value.as_object_mut().expect("an answer is an object");
    map.insert("valid_url_string".into(), json!(verdict));
    if oracle == "reference" && verdict == Some(false) {
        let request = &compared.request;
        if let Some(Err(violation)) = url_string_check(&request.input, request.base.as_deref()) {
            map.insert("url_string_violation".into(), violation_json(&violation));
        }
    }
}

fn divergences_json(compared: &Compared) -> Vec<Value> {
    let comparison = &compared.comparison;
    let mut out = Vec::new();
    if comparison.outcome_differs() {
        out.push(json!({
            "field": SharedField::Outcome,
            "groups": comparison.outcomes,
            "grade": Grade::Structural,
            "severity": Severity::High,
        }));
    }
    for split in comparison.differing() {
        out.push(json!({
            "field": split.field,
            "groups": split.groups,
            "grade": split.grade,
            "severity": split.severity,
        }));
    }
    out
}
