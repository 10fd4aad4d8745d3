//! Groups of one cause that the key still splits, joined by a rule over the finished groups.
//!
//! Where a library fails and the reference parses, the step of the key comes from deletion
//! (which code point's absence ends the failure), and one behaviour can land at two steps:
//! rust-url fails on `///a` and on `///a/` against a special base, and deletion picks the
//! special authority ignore slashes state for one and the path start state for the other.
//!
//! **The rule.** Two conformance groups of one library are one cause when each one's example
//! reproduces the other's difference: on both examples the library fails with the same reason
//! and the same validation errors, where its standard's reference parses; or both parse, and
//! the first component (in URL order) that the library reads otherwise than the reference has
//! the same two values in both (an absent and an empty component are one): curl's path `/`
//! where RFC 3986 reads an empty path, in `http://example.com#` (keyed at §3.5, where the `#`
//! sits) and in `a://example.com` (§3.2). Where the reference fails and the library parses,
//! the key's step comes from the reference's run or from deletion, and no rule joins. The
//! group kept is
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
//! `URI::InvalidURIError`) joins failures of different causes; two bugs that leave the same
//! value in the same component (a path `/` for an empty one) are joined; one bug that leaves
//! values read from the input (a host `%11`, a host `!`) is not.

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

/// The components compared, in URL order (an RFC record's, a URL Standard record's).
const RFC_FIELDS: [&str; 8] =
    ["scheme", "authority", "userinfo", "host", "port", "path", "query", "fragment"];
const WHATWG_FIELDS: [&str; 8] =
    ["protocol", "username", "password", "hostname", "port", "pathname", "search", "hash"];

/// What a group's example shows where the library and the reference both parse: the first
/// component (URL order) they read apart, with the reference's and the library's values
/// (absent and empty are one: most APIs cannot tell them apart), as (library, component,
/// expected, actual).
fn parsed_difference(g: &Group) -> Option<(String, String, String, String)> {
    if g.kind != FindingKind::Conformance {
        return None;
    }
    let library = g.root_cause.library.clone()?;
    let expected = match &g.expected.as_ref()?.answer {
        Answer::Parsed { record, .. } => serde_json::to_value(record).ok()?,
        _ => return None,
    };
    let actual = match &g.answers.iter().find(|a| a.oracle == library)?.answer {
        Answer::Parsed { record, .. } => serde_json::to_value(record).ok()?,
        _ => return None,
    };
    let fields: &[&str] =
        if expected.get("pathname").is_some() { &WHATWG_FIELDS } else { &RFC_FIELDS };
    let text = |v: &serde_json::Value, f: &str| match v.get(f) {
        Some(serde_json::Value::String(s)) => s.clone(),
        _ => String::new(),
    };
    fields.iter().find_map(|f| {
        let (e, a) = (text(&expected, f), text(&actual, f));
        (e != a).then(|| (library.clone(), (*f).to_owned(), e, a))
    })
}

/// The behaviour a group's example shows, for the rule: a failure with its reason and
/// errors, or the first component read apart with both values.
fn behaviour(g: &Group) -> Option<Vec<String>> {
    if let Some((library, reason, errors)) = failure_of(g) {
        let mut key = vec![library, "fails".to_owned(), reason];
        key.extend(errors);
        return Some(key);
    }
    parsed_difference(g).map(|(library, field, e, a)| vec![library, field, e, a])
}

/// Mark every group of one cause but the kept one (see the module documentation); earlier
/// `same-cause` marks are dropped first.
pub fn mark(groups: &mut [Group]) {
    for g in groups.iter_mut() {
        g.marks.retain(|m| !matches!(m, Mark::SameCause { .. }));
    }
    let mut classes: BTreeMap<Vec<String>, Vec<usize>> = BTreeMap::new();
    for (i, g) in groups.iter().enumerate() {
        if let Some(key) = behaviour(g) {
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
