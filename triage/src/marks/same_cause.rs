//! Groups of one cause that the key still splits, joined by a rule over the finished groups.
//!
//! Where a library fails and the reference parses, the step of the key comes from deletion
//! (which code point's absence ends the failure), and one behaviour can land at two steps:
//! rust-url fails on `///a` and on `///a/` against a special base, and deletion picks the
//! special authority ignore slashes state for one and the path start state for the other.
//!
//! **The rule.** Two conformance groups of one library are one cause when each one's example
//! reproduces the other's difference: on both examples the library fails with the same reason
//! and the same validation errors, where its standard's reference parses. The group kept is
//! the one that is already settled (known, fixed, documented), else the largest, else the
//! least id; each other one is marked `same-cause` with the kept group's id and example
//! ([`super::Mark::SameCause`]) and is no draft.
//!
//! The rule reads only the finished groups (their examples and answers), never the order they
//! were found in, so it is applied to the whole set: at the end of a run, and again after
//! findings files merge (each file's `same-cause` marks are dropped first), which keeps "N
//! shards merged are one run".
//!
//! How it can fail: a library whose failure reason is one text for every failure (Ruby's
//! `URI::InvalidURIError`) joins failures of different causes.

use super::Mark;
use crate::findings::Group;
use crate::rootcause::FindingKind;
use std::collections::BTreeMap;
use urldiff_oracles::Answer;

/// What a group's example shows of its library's failure: (library, reason, errors), when
/// the library fails and the reference (the `expected` answer) parses.
fn failure_of(g: &Group) -> Option<(String, String, Vec<String>)> {
    if g.kind != FindingKind::Conformance {
        return None;
    }
    let library = g.root_cause.library.clone()?;
    let expected = g.expected.as_ref()?;
    if !matches!(expected.answer, Answer::Parsed { .. }) {
        return None;
    }
    let answer = &g.answers.iter().find(|a| a.oracle == library)?.answer;
    match answer {
        Answer::Failure { reason, errors } => Some((library, reason.clone(), errors.clone())),
        _ => None,
    }
}

/// Mark every group of one cause but the kept one (see the module documentation); earlier
/// `same-cause` marks are dropped first.
pub fn mark(groups: &mut [Group]) {
    for g in groups.iter_mut() {
        g.marks.retain(|m| !matches!(m, Mark::SameCause { .. }));
    }
    let mut classes: BTreeMap<(String, String, Vec<String>), Vec<usize>> = BTreeMap::new();
    for (i, g) in groups.iter().enumerate() {
        if let Some(key) = failure_of(g) {
            classes.entry(key).or_default().push(i);
        }
    }
    for members in classes.into_values().filter(|m| m.len() > 1) {
        let settled = |i: usize| groups[i].marks.iter().any(Mark::settles);
        let kept = *members
            .iter()
            .min_by(|&&a, &&b| {
                (!settled(a), std::cmp::Reverse(groups[a].count), &groups[a].id).cmp(&(
                    !settled(b),
                    std::cmp::Reverse(groups[b].count),
                    &groups[b].id,
                ))
            })
            .expect("two or more");
        let (id, example) = (groups[kept].id.clone(), groups[kept].example.clone());
        for &i in members.iter().filter(|&&i| i != kept) {
            groups[i].marks.push(Mark::SameCause {
                group: id.clone(),
                input: example.input.clone(),
                base: example.base.clone(),
            });
        }
    }
    for g in groups.iter_mut() {
        g.marks = super::with_new(std::mem::take(&mut g.marks));
    }
}
