//! Which oracle disagrees with which, field by field: for one case, the fields on which an
//! oracle is in another agreement group than a chosen one (the ledger's truth).
//!
//! That is all the ledger reads of a divergence (`urldiff_triage::expected`), and a
//! [`Comparison`] knows it; [`AgreementGroups`] knows only it: the outcomes and, per shared
//! field, each oracle's group number by the same agreement rule ([`crate::divergence`]'s
//! `assign`), with no group built, nothing graded and no value kept. A caller that sees many
//! divergences the ledger expects (the differential fuzz target) builds `AgreementGroups`
//! first and the `Comparison` only for the others; both answer [`DisagreeingFields`] alike
//! (tested on generated cases).

use crate::divergence::{assign, Answered, Comparison, Group};
use crate::project::{
    project_answer, project_whatwg_row, validation_errors, Projected, ProjectionRow, SharedField,
    Source, PROJECTION,
};
use std::collections::BTreeSet;
use std::sync::OnceLock;
use urldiff_oracles::{Answer, Case, CaseKind, Record, WhatwgRecord};

/// The fields on which `oracle` is in another agreement group than `truth`: `outcome` when their
/// outcomes differ, and each shared field both speak about on which they disagree. Empty when
/// either has no opinion (or is not there).
pub trait DisagreeingFields {
    fn disagreeing_fields(&self, truth: &str, oracle: &str) -> BTreeSet<SharedField>;
}

impl DisagreeingFields for Comparison {
    fn disagreeing_fields(&self, truth: &str, oracle: &str) -> BTreeSet<SharedField> {
        let group_of = |groups: &[Group], name: &str| {
            groups.iter().position(|g| g.oracles.iter().any(|o| o == name))
        };
        let mut fields = BTreeSet::new();
        if let (Some(a), Some(b)) =
            (group_of(&self.outcomes, truth), group_of(&self.outcomes, oracle))
        {
            if a != b {
                fields.insert(SharedField::Outcome);
            }
        }
        for split in self.differing() {
            if let (Some(a), Some(b)) =
                (group_of(&split.groups, truth), group_of(&split.groups, oracle))
            {
                if a != b {
                    fields.insert(split.field);
                }
            }
        }
        fields
    }
}

/// Each oracle's outcome and, per shared field on which they do not all agree, its agreement
/// group number (see the module documentation).
#[derive(Clone, Debug)]
pub struct AgreementGroups<'a> {
    /// The oracles with an opinion, in answer order, and their outcomes.
    oracles: Vec<(&'a str, &'static str)>,
    /// Per shared field on which they do not all agree: each oracle's group number, `None`
    /// for an oracle that does not speak about it.
    fields: Vec<(SharedField, Vec<Option<usize>>)>,
}

impl<'a> AgreementGroups<'a> {
    /// The agreement groups of every answer to `case`.
    pub fn of(case: &Case, answers: &[Answered<'a>]) -> AgreementGroups<'a> {
        let speaking: Vec<&Answered<'a>> =
            answers.iter().filter(|a| !matches!(a.answer, Answer::NoOpinion)).collect();
        let oracles = speaking.iter().map(|a| (a.info.name.as_str(), a.answer.outcome())).collect();
        let fields = match whatwg_records(case, &speaking) {
            Some(records) => whatwg_splits(&speaking, &records),
            None => projected_splits(case, &speaking),
        };
        AgreementGroups { oracles, fields }
    }
}

/// Each answer's WHATWG record (`None` for an answer that did not parse), when every parsed
/// answer is a WHATWG record of a parse or setter case: then each projection row can be
/// compared on the record fields it reads before anything is projected.
fn whatwg_records<'r>(
    case: &Case,
    speaking: &[&'r Answered],
) -> Option<Vec<Option<&'r WhatwgRecord>>> {
    if matches!(case.kind, CaseKind::Validity) {
        return None;
    }
    speaking
        .iter()
        .map(|a| match a.answer {
            Answer::Parsed { record: Record::Whatwg(w), .. } => Some(Some(w)),
            Answer::Parsed { .. } => None,
            _ => Some(None),
        })
        .collect()
}

/// The splits of WHATWG records: a row on whose read fields every record agrees projects to
/// one value for all, so only the other rows are projected; validation errors as
/// [`project_answer`] reads them.
fn whatwg_splits(speaking: &[&Answered], records: &[Option<&WhatwgRecord>]) -> Splits {
    let fields: Vec<_> = records.iter().flatten().map(|w| w.values()).collect();
    let mut splits = Vec::new();
    for (row, reads) in PROJECTION.iter().zip(read_positions()) {
        let agree = |i: &usize| fields.iter().all(|f| f[*i] == fields[0][*i]);
        if reads.iter().all(agree) {
            continue;
        }
        let values: Vec<Option<Projected>> = speaking
            .iter()
            .zip(records)
            .map(|(a, w)| project_whatwg_row(row, (*w)?, Source::of(a.info)))
            .collect();
        push_split(&mut splits, row.field, &borrowed(&values));
    }
    let errors: Vec<Option<Projected>> =
        speaking.iter().map(|a| validation_errors(a.answer, Source::of(a.info))).collect();
    push_split(&mut splits, SharedField::ValidationErrors, &borrowed(&errors));
    splits
}

/// Each projection row's `whatwg_reads` as positions in [`WhatwgRecord::values`] (the
/// [`urldiff_oracles::Attribute`] order).
fn read_positions() -> &'static [Vec<usize>] {
    static POSITIONS: OnceLock<Vec<Vec<usize>>> = OnceLock::new();
    POSITIONS.get_or_init(|| {
        let row = |row: &ProjectionRow| row.whatwg_reads.iter().map(|&a| a as usize).collect();
        PROJECTION.iter().map(row).collect()
    })
}

/// The splits of any answers, through their whole projections.
fn projected_splits(case: &Case, speaking: &[&Answered]) -> Splits {
    let projections: Vec<_> =
        speaking.iter().map(|a| project_answer(&case.kind, a.answer, Source::of(a.info))).collect();
    let mut splits = Vec::new();
    for &field in SharedField::ALL {
        let values: Vec<Option<&Projected>> = projections
            .iter()
            .map(|p| p.iter().find(|(f, _)| *f == field).map(|(_, v)| v))
            .collect();
        push_split(&mut splits, field, &values);
    }
    splits
}

type Splits = Vec<(SharedField, Vec<Option<usize>>)>;

fn borrowed(values: &[Option<Projected>]) -> Vec<Option<&Projected>> {
    values.iter().map(Option::as_ref).collect()
}

/// Add `field`'s groups when those who speak about it do not all agree.
fn push_split(splits: &mut Splits, field: SharedField, values: &[Option<&Projected>]) {
    let present: Vec<&Projected> = values.iter().flatten().copied().collect();
    if present.iter().all(|v| *v == present[0]) {
        return;
    }
    let mut numbers = assign(&present).into_iter();
    splits.push((field, values.iter().map(|v| v.and_then(|_| numbers.next())).collect()));
}

impl DisagreeingFields for AgreementGroups<'_> {
    fn disagreeing_fields(&self, truth: &str, oracle: &str) -> BTreeSet<SharedField> {
        let position = |name: &str| self.oracles.iter().position(|(o, _)| *o == name);
        let mut fields = BTreeSet::new();
        let (Some(t), Some(o)) = (position(truth), position(oracle)) else { return fields };
        if self.oracles[t].1 != self.oracles[o].1 {
            fields.insert(SharedField::Outcome);
        }
        for (field, numbers) in &self.fields {
            if let (Some(a), Some(b)) = (numbers[t], numbers[o]) {
                if a != b {
                    fields.insert(*field);
                }
            }
        }
        fields
    }
}
