//! The JSON form of a comparison: today's contract, `{"input", "base", "answers": [{"oracle",
//! "outcome", "record", "errors"}]}`, plus `"divergences"` (one object per differing shared
//! field, `outcome` first when the outcomes differ: `{"field", "groups": [{"oracles",
//! "value"}], "grade", "severity"}`, a value in the projection's form), `"signature"` (its
//! one-line form) and `"classes"` (the ids of the classes of `urldiff triage --explain-classes`
//! the divergence is in).

use crate::compare::Compared;
use serde_json::{json, Value};
use urldiff_compare::{Grade, Severity, SharedField};
use urldiff_oracles::{Answer, Oracle};

/// The JSON object of one comparison.
pub fn compared_json(oracles: &[Box<dyn Oracle>], compared: &Compared) -> Value {
    let answers: Vec<Value> = oracles
        .iter()
        .zip(&compared.answers)
        .map(|(oracle, answer)| answer_json(oracle.name(), answer))
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
