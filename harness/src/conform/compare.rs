//! Comparing one oracle's answer with a suite's truth: projection, then every mismatching
//! field graded and given a severity.

use crate::conform::grade::{self, Grade, Severity};
use crate::conform::project::{project, Projected, SharedField};
use serde::Serialize;
use urldiff_oracles::{Answer, Case, CaseKind};

/// One mismatching field.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct FieldDiff {
    pub field: SharedField,
    pub truth: Projected,
    pub got: Projected,
    pub grade: Grade,
    pub severity: Severity,
}

/// The result of comparing an answer with the truth.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    Pass,
    /// The truth or the oracle has no opinion, or the two share no comparable field.
    NoOpinion,
    Fail(Vec<FieldDiff>),
}

/// A short text for an answer's outcome, used as the `outcome` field's value.
fn outcome_value(answer: &Answer) -> Projected {
    Projected::Defined(match answer {
        Answer::Failure { reason, .. } if !reason.is_empty() => format!("failure: {reason}"),
        other => match other.evidence() {
            Some(evidence) => format!("{}: {evidence}", other.outcome()),
            None => other.outcome().to_owned(),
        },
    })
}

fn outcome_diff(truth: &Answer, got: &Answer) -> Verdict {
    Verdict::Fail(vec![FieldDiff {
        field: SharedField::Outcome,
        truth: outcome_value(truth),
        got: outcome_value(got),
        grade: Grade::Structural,
        severity: Severity::High,
    }])
}

/// The fields each side's oracle fills (`OracleInfo::fields`; empty means all).
#[derive(Clone, Copy, Debug, Default)]
pub struct Filled<'a> {
    pub truth: &'a [String],
    pub got: &'a [String],
}

/// Compare `got` with `truth` for `case`.
pub fn compare(case: &Case, truth: &Answer, got: &Answer, filled: Filled) -> Verdict {
    use Answer::*;
    match (truth, got) {
        (NoOpinion | Crashed(_) | TimedOut(_), _) | (_, NoOpinion) => Verdict::NoOpinion,
        (Failure { .. }, Failure { .. }) => Verdict::Pass,
        (Parsed { record: want, .. }, Parsed { record: have, .. }) => {
            let host_value = matches!(case.kind, CaseKind::HostToAscii);
            compare_records(&project(want, filled.truth), &project(have, filled.got), host_value)
        }
        _ => outcome_diff(truth, got),
    }
}

/// Compare two projections on the fields both speak about.
pub fn compare_records(
    truth: &[(SharedField, Projected)],
    got: &[(SharedField, Projected)],
    host_value: bool,
) -> Verdict {
    let scheme = truth
        .iter()
        .find(|(f, _)| *f == SharedField::Scheme)
        .map_or(String::new(), |(_, v)| v.text().to_owned());
    let mut shared = 0;
    let mut diffs = Vec::new();
    for (field, want) in truth {
        let Some((_, have)) = got.iter().find(|(f, _)| f == field) else { continue };
        shared += 1;
        if let Some(grade) = grade::grade(*field, want, have, &scheme) {
            let severity = grade::severity(*field, grade, host_value);
            diffs.push(FieldDiff {
                field: *field,
                truth: want.clone(),
                got: have.clone(),
                grade,
                severity,
            });
        }
    }
    match (shared, diffs.is_empty()) {
        (0, _) => Verdict::NoOpinion,
        (_, true) => Verdict::Pass,
        (_, false) => Verdict::Fail(diffs),
    }
}
