//! Comparing one oracle's answer with a suite's truth: projection, then every mismatching
//! field graded and given a severity.
//!
//! Validation errors are a field like the others, compared only when both sides declare them
//! (`urldiff_oracles::VALIDATION_ERRORS`), on parsed and failed answers alike: two failures
//! with different errors differ on `validation-errors`, and a parsed-versus-failed difference
//! lists `validation-errors` after `outcome` when the lists differ too. A truth that does not
//! declare them (WPT's tables) has no opinion on them.
//!
//! A crashed or timed-out answer is a difference whatever the truth says (even no opinion):
//! the oracle lost an answer, which the gate must see ([`Verdict::Fail`] on `outcome`).

use crate::grade::{self, Grade};
use crate::project::{project_answer, Projected, SharedField, Source};
use crate::severity::{self, Severity};
use serde::{Deserialize, Serialize};
use urldiff_oracles::{Answer, Case, CaseKind};

/// One mismatching field.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
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

/// The evidence of a crashed or timed-out answer, in words; `None` for other answers. The one
/// place that reads a crash's details, so every report shows the same text.
pub fn evidence(answer: &Answer) -> Option<String> {
    answer.evidence()
}

/// Whether an answer is a crash or a time-out (a lost answer, never an opinion).
pub fn is_lost(answer: &Answer) -> bool {
    matches!(answer, Answer::Crashed(_) | Answer::TimedOut(_))
}

/// A short text for an answer's outcome, used as the `outcome` field's value.
pub fn outcome_value(answer: &Answer) -> Projected {
    Projected::Defined(match answer {
        Answer::Failure { reason, .. } if !reason.is_empty() => format!("failure: {reason}"),
        lost if is_lost(lost) => {
            format!("{}: {}", answer.outcome(), evidence(answer).unwrap_or_default())
        }
        other => other.outcome().to_owned(),
    })
}

fn outcome_field(truth: &Answer, got: &Answer) -> FieldDiff {
    FieldDiff {
        field: SharedField::Outcome,
        truth: outcome_value(truth),
        got: outcome_value(got),
        grade: Grade::Structural,
        severity: Severity::High,
    }
}

fn outcome_diff(truth: &Answer, got: &Answer) -> Verdict {
    Verdict::Fail(vec![outcome_field(truth, got)])
}

/// Who made each side's record: the truth's oracle and the answering oracle.
#[derive(Clone, Copy, Debug, Default)]
pub struct Sources<'a> {
    pub truth: Source<'a>,
    pub got: Source<'a>,
}

/// Compare `got` with `truth` for `case`.
pub fn compare(case: &Case, truth: &Answer, got: &Answer, sources: Sources) -> Verdict {
    use Answer::*;
    match (truth, got) {
        _ if is_lost(got) => outcome_diff(truth, got),
        _ if is_lost(truth) => Verdict::NoOpinion,
        (NoOpinion, _) | (_, NoOpinion) => Verdict::NoOpinion,
        _ => {
            let host_value = matches!(case.kind, CaseKind::HostToAscii);
            let want = project_answer(&case.kind, truth, sources.truth);
            let have = project_answer(&case.kind, got, sources.got);
            let fields = compare_records(&want, &have, host_value);
            match (truth, got, fields) {
                // Two failures agree unless a field both speak about (their errors) differs.
                (Failure { .. }, Failure { .. }, Verdict::NoOpinion) => Verdict::Pass,
                (Parsed { .. }, Parsed { .. }, verdict)
                | (Failure { .. }, Failure { .. }, verdict) => verdict,
                (_, _, Verdict::Fail(more)) => {
                    Verdict::Fail(std::iter::once(outcome_field(truth, got)).chain(more).collect())
                }
                _ => outcome_diff(truth, got),
            }
        }
    }
}

/// The scheme of a projection, as text (for the default-port equivalence).
pub fn scheme_of(projection: &[(SharedField, Projected)]) -> &str {
    projection.iter().find(|(f, _)| *f == SharedField::Scheme).map_or("", |(_, v)| v.text())
}

/// Compare two projections on the fields both speak about.
pub fn compare_records(
    truth: &[(SharedField, Projected)],
    got: &[(SharedField, Projected)],
    host_value: bool,
) -> Verdict {
    let scheme = scheme_of(truth);
    let mut shared = 0;
    let mut diffs = Vec::new();
    for (field, want) in truth {
        let Some((_, have)) = got.iter().find(|(f, _)| f == field) else { continue };
        shared += 1;
        if let Some(grade) = grade::grade(*field, want, have, scheme) {
            diffs.push(FieldDiff {
                field: *field,
                truth: want.clone(),
                got: have.clone(),
                grade,
                severity: severity::severity(*field, grade, host_value),
            });
        }
    }
    match (shared, diffs.is_empty()) {
        (0, _) => Verdict::NoOpinion,
        (_, true) => Verdict::Pass,
        (_, false) => Verdict::Fail(diffs),
    }
}
