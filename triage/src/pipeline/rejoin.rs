//! Groups of one cause that still come apart rejoin: a conformance group whose example, keyed
//! afresh as any input is, has the key of another group of the run joins that group.
//!
//! The rule: group A joins group B (of the same library: a key names it) when A's example (its
//! smallest minimized form) is keyed to B, and B's own example is keyed to B (or B has none).
//! For URL Standard libraries only: an RFC library's step is the section holding a deciding
//! code point, and a minimized example of it (`///` against a base) often decides elsewhere
//! than its inputs did.
//! The example is A's behaviour with everything else taken away; if that is B's behaviour,
//! A's inputs showed it too and were keyed elsewhere by what the minimizer took away (a
//! deciding code point picked among several, a state on the way). Keying the examples asks
//! each example's deletion variants where the reference's run does not decide: one batch.

use super::groups::Building;
use super::ByGroup;
use crate::ask::{ask, compare_answers, AskError, Request};
use crate::rootcause::keys::{keys, ToKey};
use crate::rootcause::parts::{parts_of, Judged, Part};
use crate::rootcause::FindingKind;
use std::collections::BTreeMap;
use urldiff_oracles::Standard;

/// The smallest minimized request of each conformance group that has one.
fn examples(built: &BTreeMap<String, Building>, minimized: &ByGroup) -> Vec<(String, Request)> {
    let size = |r: &Request| r.input.chars().count() + r.base.as_deref().map_or(0, str::len);
    built
        .iter()
        .filter(|(_, b)| b.key.kind == FindingKind::Conformance)
        .filter(|(_, b)| b.key.standards == [Standard::Whatwg])
        .filter_map(|(id, _)| {
            let best =
                minimized.get(id)?.iter().map(|(_, m)| &m.minimized).min_by(|a, b| {
                    (size(a), &a.input, &a.base).cmp(&(size(b), &b.input, &b.base))
                })?;
            Some((id.clone(), best.clone()))
        })
        .collect()
}

/// The key id each example gets (`None`: the library no longer departs on it).
fn rekeyed(
    judged: &Judged,
    built: &BTreeMap<String, Building>,
    examples: &[(String, Request)],
) -> Result<Vec<Option<String>>, AskError> {
    let requests: Vec<Request> = examples.iter().map(|(_, r)| r.clone()).collect();
    let answers = ask(&judged.oracles, &requests)?;
    let parts: Vec<Option<Part>> = examples
        .iter()
        .zip(&answers)
        .map(|((id, request), answers)| {
            let library = built[id].parts[0].library?;
            let comparison = compare_answers(&judged.oracles, request, answers);
            parts_of(judged, answers, &comparison)
                .into_iter()
                .find(|p| p.kind == FindingKind::Conformance && p.library == Some(library))
        })
        .collect();
    let to_key: Vec<ToKey> = examples
        .iter()
        .zip(&answers)
        .zip(&parts)
        .filter_map(|(((_, request), answers), part)| {
            Some(ToKey { request, answers, part: part.as_ref()? })
        })
        .collect();
    let mut fresh = keys(judged, &to_key)?.into_iter().map(|k| k.id());
    Ok(parts.iter().map(|p| p.as_ref().and_then(|_| fresh.next())).collect())
}

/// Which group each group joins, by the rule of the module documentation.
pub(super) fn joins(
    built: &BTreeMap<String, Building>,
    keyed: &[(String, Option<String>)],
) -> BTreeMap<String, String> {
    let own: BTreeMap<&str, Option<&str>> =
        keyed.iter().map(|(id, k)| (id.as_str(), k.as_deref())).collect();
    keyed
        .iter()
        .filter_map(|(a, key)| {
            let b = key.as_deref()?;
            let stable = own.get(b).is_none_or(|k| *k == Some(b));
            (b != a && built.contains_key(b) && stable).then(|| (a.clone(), b.to_owned()))
        })
        .collect()
}

/// Join the groups whose examples are keyed to another group; the number joined.
pub(super) fn rejoin(
    built: &mut BTreeMap<String, Building>,
    minimized: &mut ByGroup,
    judged: &Judged,
) -> Result<usize, AskError> {
    let examples = examples(built, minimized);
    let fresh = rekeyed(judged, built, &examples)?;
    let keyed: Vec<(String, Option<String>)> =
        examples.into_iter().map(|(id, _)| id).zip(fresh).collect();
    let joins = joins(built, &keyed);
    for (a, b) in &joins {
        let Some(from) = built.remove(a) else { continue };
        let into = built.get_mut(b).expect("joins only into a group of the run");
        join(into, from);
        let moved = minimized.remove(a).unwrap_or_default();
        minimized.entry(b.clone()).or_default().extend(moved);
    }
    Ok(joins.len())
}

/// `from`'s members, parts, libraries, fields, severity and known issue into `into`.
pub(super) fn join(into: &mut Building, from: Building) {
    let mut members: Vec<(usize, Part)> =
        into.members.drain(..).zip(into.parts.drain(..)).collect();
    members.extend(from.members.into_iter().zip(from.parts));
    members.sort_by_key(|(case, _)| *case);
    members.dedup_by_key(|(case, _)| *case);
    (into.members, into.parts) = members.into_iter().unzip();
    into.libraries.extend(from.libraries);
    for field in from.key.fields {
        if !into.key.fields.contains(&field) {
            into.key.fields.push(field);
        }
    }
    if from.severity.severity > into.severity.severity {
        into.severity = from.severity;
    }
    if into.known.is_none() {
        into.known = from.known;
    }
}

#[cfg(test)]
mod tests {
    use super::super::groups::Building;
    use super::joins;
    use crate::rootcause::{FindingKind, RootCause};
    use std::collections::{BTreeMap, BTreeSet};

    fn building() -> Building {
        Building {
            key: RootCause {
                kind: FindingKind::Conformance,
                standards: Vec::new(),
                library: Some("lib".into()),
                fields: Vec::new(),
                step: None,
                code_point: None,
                class: None,
                documented: None,
            },
            members: Vec::new(),
            parts: Vec::new(),
            libraries: BTreeSet::new(),
            severity: &crate::rootcause::severity::RULES[0],
            known: None,
        }
    }

    fn keyed(pairs: &[(&str, Option<&str>)]) -> Vec<(String, Option<String>)> {
        pairs.iter().map(|(a, k)| ((*a).to_owned(), k.map(str::to_owned))).collect()
    }

    /// A joins B when A's example is keyed to B and B's to B; not when B's example is keyed
    /// elsewhere (no chains), not into a group the run does not have, not when the library no
    /// longer departs on A's example.
    #[test]
    fn a_group_joins_the_stable_group_its_example_is_keyed_to() {
        let built: BTreeMap<String, Building> =
            ["a", "b", "c", "d"].iter().map(|id| ((*id).to_owned(), building())).collect();
        let got = joins(&built, &keyed(&[("a", Some("b")), ("b", Some("b"))]));
        assert_eq!(got, BTreeMap::from([("a".to_owned(), "b".to_owned())]));
        let chain = joins(&built, &keyed(&[("a", Some("b")), ("b", Some("c")), ("c", Some("c"))]));
        assert_eq!(chain, BTreeMap::from([("b".to_owned(), "c".to_owned())]));
        assert!(joins(&built, &keyed(&[("a", Some("z"))])).is_empty());
        assert!(joins(&built, &keyed(&[("a", None), ("d", Some("d"))])).is_empty());
        let unkeyed_target = joins(&built, &keyed(&[("a", Some("d"))]));
        assert_eq!(unkeyed_target, BTreeMap::from([("a".to_owned(), "d".to_owned())]));
    }
}
