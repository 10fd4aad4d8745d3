//! The two sides of one input: which components the WHATWG side's primary oracle
//! ([`WHATWG_PRIMARY`]) and the RFC side's ([`RFC_PRIMARY`]) read differently, and on which
//! side a real parser falls.

use super::{Side, SideDifference, RFC_PRIMARY, WHATWG_PRIMARY};
use crate::rootcause::parts::COMPONENTS;
use urldiff_compare::grade::grade;
use urldiff_compare::severity::severity;
use urldiff_compare::{Comparison, Grade, Group, Projected, Severity, SharedField};

fn holds(group: &Group, oracle: &str) -> bool {
    group.oracles.iter().any(|o| o == oracle)
}

fn outcome_of<'c>(comparison: &'c Comparison, oracle: &str) -> Option<&'c Projected> {
    comparison.outcomes.iter().find(|g| holds(g, oracle)).map(|g| &g.value)
}

/// The value of `field` the group holding `oracle` agrees on.
fn value_of<'c>(comparison: &'c Comparison, field: SharedField, oracle: &str) -> Option<&'c Group> {
    let split = comparison.fields.iter().find(|s| s.field == field)?;
    split.groups.iter().find(|g| holds(g, oracle))
}

/// Where the two primaries differ: `outcome` when one parsed and the other did not, then each
/// component both speak about on which they stand in different groups, graded between the two.
pub fn side_differences(comparison: &Comparison) -> Vec<SideDifference> {
    let mut out = Vec::new();
    let (w, r) = (outcome_of(comparison, WHATWG_PRIMARY), outcome_of(comparison, RFC_PRIMARY));
    if let (Some(w), Some(r)) = (w, r) {
        if w != r {
            out.push(SideDifference {
                field: SharedField::Outcome.name().to_owned(),
                grade: Grade::Structural.name().to_owned(),
                severity: Severity::High,
                whatwg: w.clone(),
                rfc: r.clone(),
            });
        }
    }
    let scheme = value_of(comparison, SharedField::Scheme, WHATWG_PRIMARY)
        .or_else(|| value_of(comparison, SharedField::Scheme, RFC_PRIMARY))
        .map(|g| g.value.text().to_ascii_lowercase())
        .unwrap_or_default();
    for field in COMPONENTS {
        let (Some(w), Some(r)) =
            (value_of(comparison, field, WHATWG_PRIMARY), value_of(comparison, field, RFC_PRIMARY))
        else {
            continue;
        };
        if w == r {
            continue;
        }
        let g = grade(field, &w.value, &r.value, &scheme).unwrap_or(Grade::Structural);
        out.push(SideDifference {
            field: field.name().to_owned(),
            grade: g.name().to_owned(),
            severity: severity(field, g, false),
            whatwg: w.value.clone(),
            rfc: r.value.clone(),
        });
    }
    out
}

/// On which side `parser` falls for the differences `diffs`, given a comparison that holds
/// its answer with the primaries': the WHATWG side when it agrees with the WHATWG primary on
/// every difference it speaks about, the RFC side likewise, neither when it agrees with
/// neither or with each on some (or fails where both sides parse), no opinion when it has
/// none or speaks about no difference. Where the WHATWG side
/// fails, a parser that parses stands with the RFC side only if it also agrees with the RFC
/// primary on every component both give.
pub fn side_of(comparison: &Comparison, diffs: &[SideDifference], parser: &str) -> Side {
    let Some(outcome) = outcome_of(comparison, parser) else { return Side::NoOpinion };
    // A parser that fails where both sides parse (or crashes) reads the input as neither.
    let primaries = [WHATWG_PRIMARY, RFC_PRIMARY].map(|p| outcome_of(comparison, p));
    if !primaries.contains(&Some(outcome)) {
        return Side::Neither;
    }
    let mut votes: Vec<Side> = Vec::new();
    for d in diffs {
        let Some(field) = SharedField::from_name(&d.field) else { continue };
        if field == SharedField::Outcome {
            let Some(mine) = outcome_of(comparison, parser) else { continue };
            let vote = if Some(mine) == outcome_of(comparison, WHATWG_PRIMARY) {
                Side::Whatwg
            } else if Some(mine) == outcome_of(comparison, RFC_PRIMARY) {
                let with_rfc = COMPONENTS.iter().all(|f| {
                    match (value_of(comparison, *f, parser), value_of(comparison, *f, RFC_PRIMARY))
                    {
                        (Some(a), Some(b)) => a == b,
                        _ => true,
                    }
                });
                if with_rfc {
                    Side::Rfc
                } else {
                    Side::Neither
                }
            } else {
                Side::Neither
            };
            votes.push(vote);
            continue;
        }
        let Some(mine) = value_of(comparison, field, parser) else { continue };
        let vote = if value_of(comparison, field, WHATWG_PRIMARY) == Some(mine) {
            Side::Whatwg
        } else if value_of(comparison, field, RFC_PRIMARY) == Some(mine) {
            Side::Rfc
        } else {
            Side::Neither
        };
        votes.push(vote);
    }
    match votes.first() {
        None => Side::NoOpinion,
        Some(first) if votes.iter().all(|v| v == first) => *first,
        Some(_) => Side::Neither,
    }
}
