//! Keyed parts into groups: one per root cause, its members in input order (each case once),
//! the implementations that show it and the worst severity; model differences counted apart.

use super::TriageCase;
use crate::expected::KnownIssue;
use crate::findings::ModelDifference;
use crate::rootcause::keys::ToKey;
use crate::rootcause::parts::{Judged, Part};
use crate::rootcause::severity::SeverityRule;
use crate::rootcause::{FindingKind, RootCause};
use std::collections::{BTreeMap, BTreeSet};

/// A group being built.
pub(super) struct Building {
    pub key: RootCause,
    /// Case indices, in input order, each once.
    pub members: Vec<usize>,
    /// The part each member showed (the first, when a case showed the key twice).
    pub parts: Vec<Part>,
    /// The key each member's part got (its own field and code point kind).
    pub member_keys: Vec<RootCause>,
    pub libraries: BTreeSet<usize>,
    pub severity: &'static SeverityRule,
    /// Known upstream (a regression first), from the members' parts.
    pub known: Option<KnownIssue>,
}

/// Group the keyed parts (`owners[k]` is the case of `to_key[k]`) by key id.
pub(super) fn collect(
    owners: &[usize],
    to_key: &[ToKey],
    keys: Vec<RootCause>,
) -> BTreeMap<String, Building> {
    let mut built: BTreeMap<String, Building> = BTreeMap::new();
    for ((&case, t), key) in owners.iter().zip(to_key).zip(keys) {
        let b = built.entry(key.id()).or_insert_with(|| Building {
            key: key.clone(),
            members: Vec::new(),
            parts: Vec::new(),
            member_keys: Vec::new(),
            libraries: BTreeSet::new(),
            severity: t.part.severity,
            known: None,
        });
        let regression = |k: &Option<KnownIssue>| k.as_ref().is_some_and(|k| k.regression);
        if t.part.known.is_some() && (b.known.is_none() || regression(&t.part.known)) {
            b.known = t.part.known.clone();
        }
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
                b.key.code_point.take().into_iter().chain(key.code_point.clone()).min();
        }
        if t.part.severity.severity > b.severity.severity {
            b.severity = t.part.severity;
        }
        if b.members.last() != Some(&case) {
            b.members.push(case);
            b.parts.push(t.part.clone());
            b.member_keys.push(key);
        }
    }
    built
}

/// Take the model differences out of `built`, as counted rows (most cases first).
pub(super) fn model_differences(
    built: &mut BTreeMap<String, Building>,
    cases: &[TriageCase],
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
        .map(|(id, b)| {
            let shortest = b
                .members
                .iter()
                .min_by_key(|&&c| {
                    // By the case, not its place in the input: shards choose as one run.
                    let r = &cases[c].request;
                    crate::findings::member_key(&r.input, r.base.as_deref())
                })
                .copied()
                .expect("a group has a member");
            ModelDifference {
                id,
                root_cause: b.key,
                libraries: b
                    .libraries
                    .iter()
                    .map(|&i| judged.oracles[i].name().to_owned())
                    .collect(),
                cases: b.members.len(),
                example: cases[shortest].original(),
                marks: b.parts.iter().find_map(|p| p.documented.clone()).into_iter().collect(),
            }
        })
        .collect();
    rows.sort_by(|a, b| b.cases.cmp(&a.cases).then(a.id.cmp(&b.id)));
    rows
}
