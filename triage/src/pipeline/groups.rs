//! Keyed parts into groups, one batch at a time: one group per root cause, holding what does
//! not grow with the input — how many members, the first few of them in member order (with
//! their part, key and answers: the cases it minimizes and shows), the implementations that
//! show it, the worst severity and what is known upstream. Every member's original goes to
//! the member store ([`crate::spill`]) instead; model differences are only counted, with
//! their shortest case.
//!
//! Each fact is one a run over the whole input gives whatever the batches: the first members
//! are the smallest by [`crate::findings::member_key`], the severity the worst by its rule,
//! the known note the first by [`crate::findings::known_first`], then member order.

use super::TriageCase;
use crate::expected::KnownIssue;
use crate::findings::{member_key, ModelDifference, Original};
use crate::mark::Mark;
use crate::rootcause::keys::ToKey;
use crate::rootcause::parts::{Judged, Part};
use crate::rootcause::severity::SeverityRule;
use crate::rootcause::{FindingKind, RootCause};
use std::collections::{BTreeMap, BTreeSet};
use urldiff_oracles::Answer;

/// A member's place in member order, owned: (code points, input, base).
pub(super) type OrderKey = (usize, String, Option<String>);

fn order_key(case: &TriageCase) -> OrderKey {
    let (n, input, base) = member_key(&case.request.input, case.request.base.as_deref());
    (n, input.to_owned(), base.map(str::to_owned))
}

/// One of a group's first members.
pub(super) struct Kept {
    pub case: TriageCase,
    /// The part it showed (the first, when a case showed the key twice).
    pub part: Part,
    /// The key its part got (its own field and code point kind).
    pub member_key: RootCause,
    /// Every judged oracle's answer to it, from its batch.
    pub answers: Vec<Answer>,
    order: OrderKey,
}

/// A group being built.
pub(super) struct Building {
    pub key: RootCause,
    /// Members (distinct cases).
    pub count: usize,
    /// The first members in member order, at most `keep`.
    pub firsts: Vec<Kept>,
    pub libraries: BTreeSet<usize>,
    pub severity: &'static SeverityRule,
    /// Known upstream: the first note by `known_first`, then member order.
    pub known: Option<(KnownIssue, OrderKey)>,
    /// A model difference's documentation mark: the first member's that has one.
    pub documented: Option<(Mark, OrderKey)>,
    /// The number of the last case counted (a case showing the key twice counts once).
    last_case: Option<u64>,
}

/// Every group of a run so far, and how many first members each keeps.
pub(super) struct Groups {
    pub built: BTreeMap<String, Building>,
    keep: usize,
}

/// One keyed part of a batch: the case's number in the run, the case, its answers, the part.
pub(super) struct Keyed<'b> {
    pub number: u64,
    pub case: &'b TriageCase,
    pub to_key: &'b ToKey<'b>,
    pub key: RootCause,
}

impl Groups {
    pub fn new(keep: usize) -> Self {
        Groups { built: BTreeMap::new(), keep: keep.max(1) }
    }

    /// Add one keyed part; returns the group's id and the member's original when the part
    /// made a new member of a group whose members are listed (not a model difference).
    pub fn add(&mut self, k: Keyed) -> Option<(String, Original)> {
        let t = k.to_key;
        let id = k.key.id();
        let b = self.built.entry(id.clone()).or_insert_with(|| Building {
            key: k.key.clone(),
            count: 0,
            firsts: Vec::new(),
            libraries: BTreeSet::new(),
            severity: t.part.severity,
            known: None,
            documented: None,
            last_case: None,
        });
        b.libraries.extend(t.part.libraries.iter().copied());
        // A conformance key is the library and its step: the fields are every member's
        // (sorted), the code point kind the least (one order whatever the members' order).
        if b.key.kind == FindingKind::Conformance {
            for field in &t.part.fields {
                if !b.key.fields.contains(field) {
                    b.key.fields.push(field.clone());
                }
            }
            b.key.fields.sort();
            b.key.code_point =
                b.key.code_point.take().into_iter().chain(k.key.code_point.clone()).min();
        }
        if b.last_case == Some(k.number) {
            return None;
        }
        b.last_case = Some(k.number);
        b.count += 1;
        let order = order_key(k.case);
        fold_member(b, t.part, &order);
        let at = b.firsts.partition_point(|f| f.order < order);
        if at < self.keep {
            let kept = Kept {
                case: k.case.clone(),
                part: t.part.clone(),
                member_key: k.key,
                answers: t.answers.to_vec(),
                order,
            };
            b.firsts.insert(at, kept);
            b.firsts.truncate(self.keep);
        }
        (b.key.kind != FindingKind::ModelDifference).then(|| (id, k.case.original()))
    }
}

/// A new member's part into its group's severity (the worst by its rule: severity, then the
/// lower id), known note and documentation mark.
fn fold_member(b: &mut Building, part: &Part, order: &OrderKey) {
    let rule = |r: &SeverityRule| (r.severity, std::cmp::Reverse(r.id));
    if rule(part.severity) > rule(b.severity) {
        b.severity = part.severity;
    }
    if let Some(k) = &part.known {
        let replaces = match &b.known {
            None => true,
            Some((kept, at)) => {
                crate::findings::known_first(k, kept)
                    || (!crate::findings::known_first(kept, k) && order < at)
            }
        };
        if replaces {
            b.known = Some((k.clone(), order.clone()));
        }
    }
    if let Some(mark) = &part.documented {
        if b.documented.as_ref().is_none_or(|(_, at)| order < at) {
            b.documented = Some((mark.clone(), order.clone()));
        }
    }
}

/// Take the model differences out of `built`, as counted rows (most cases first).
pub(super) fn model_differences(
    built: &mut BTreeMap<String, Building>,
    judged: &Judged,
) -> Vec<ModelDifference> {
    let ids: Vec<String> = built
        .iter()
        .filter(|(_, b)| b.key.kind == FindingKind::ModelDifference)
        .map(|(id, _)| id.clone())
        .collect();
    let mut rows: Vec<ModelDifference> = ids
        .into_iter()
        .filter_map(|id| built.remove(&id).map(|b| (id, b)))
        .map(|(id, b)| ModelDifference {
            id,
            libraries: b.libraries.iter().map(|&i| judged.oracles[i].name().to_owned()).collect(),
            cases: b.count,
            // The smallest member, by the case and not its place in the input: shards
            // choose as one run.
            example: b.firsts[0].case.original(),
            marks: b.documented.map(|(mark, _)| mark).into_iter().collect(),
            root_cause: b.key,
        })
        .collect();
    rows.sort_by(|a, b| b.cases.cmp(&a.cases).then(a.id.cmp(&b.id)));
    rows
}
