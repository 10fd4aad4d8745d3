//! The newest release: a finding goes upstream only against the newest release of a library
//! found on this machine.
//!
//! Oracles may run releases of one library ([`newer_oracle`]): `python-urllib@3.11` is
//! CPython 3.11's urllib beside `python-urllib` (the CPython on PATH) and the other CPythons
//! found; `node-url` is the ada that Node bundles (its version names it: `node v20.20.2 (ada
//! 2.9.2)`) beside the `ada` oracle, the ada crate. The one with the latest release is the
//! newest; every other is older. A group of the older
//! release whose root cause (the library aside) the newer one shows too is folded into the
//! newer one's group, marked `also-in`; one the newer release does not show is marked `fixed`
//! in that release, and is no draft.

use crate::findings::Group;
use crate::mark::Mark;
use crate::rootcause::parts::Judged;
use std::collections::BTreeMap;

/// The ada crate's oracle, and the oracle that runs the ada Node bundles.
const ADA: &str = "ada";
const NODE_URL: &str = "node-url";

/// The release an oracle's version names: the last dotted number of its version string (the
/// ada version for `node-url`): `CPython 3.13.0` → `3.13.0`, `node v20.20.2 (ada 2.9.2)` →
/// `2.9.2`.
pub fn release(version: &str) -> Option<&str> {
    version
        .split(|c: char| !(c.is_ascii_digit() || c == '.'))
        .rfind(|t| t.contains('.') && t.starts_with(|c: char| c.is_ascii_digit()))
        .map(|t| t.trim_end_matches('.'))
}

/// `a` is a later release than `b` (dotted numbers compared part by part).
pub fn later(a: &str, b: &str) -> bool {
    let parts = |s: &str| -> Vec<u64> { s.split('.').map(|p| p.parse().unwrap_or(0)).collect() };
    parts(a) > parts(b)
}

/// The library an oracle runs a release of: `python-urllib` for `python-urllib@3.11`, `ada`
/// for `node-url`, else the oracle's own name.
fn lineage(oracle: &str) -> &str {
    match oracle.split_once('@') {
        Some((library, _)) => library,
        None if oracle == NODE_URL => ADA,
        None => oracle,
    }
}

/// The oracle (by name) that runs the newest release of `oracle`'s library, when that is a
/// later release than `oracle`'s own, given every oracle's (name, version).
pub fn newer_oracle<'a>(oracle: &str, versions: &BTreeMap<&'a str, &'a str>) -> Option<&'a str> {
    let own = release(versions.get(oracle)?)?;
    let newest = versions
        .iter()
        .filter(|(name, _)| lineage(name) == lineage(oracle))
        .filter_map(|(&name, version)| Some((name, release(version)?)))
        .max_by(|a, b| {
            if later(a.1, b.1) {
                std::cmp::Ordering::Greater
            } else if later(b.1, a.1) {
                std::cmp::Ordering::Less
            } else {
                b.0.cmp(a.0)
            }
        })?;
    later(newest.1, own).then_some(newest.0)
}

/// How an older release's group reads a person: `CPython 3.11.7`, `node v20.20.2 (ada 2.9.2)`.
fn release_text(oracle: &str, version: &str) -> String {
    if oracle.contains('@') || oracle == NODE_URL {
        version.to_owned()
    } else {
        release(version).unwrap_or(version).to_owned()
    }
}

/// Fold and mark the groups of older releases (see the module documentation).
pub fn mark(judged: &Judged, groups: Vec<Group>) -> Vec<Group> {
    let versions: BTreeMap<&str, &str> = judged.oracles[..judged.implementations]
        .iter()
        .map(|o| (o.name(), o.info().version.as_str()))
        .collect();
    let by_id: BTreeMap<String, usize> =
        groups.iter().enumerate().map(|(i, g)| (g.id.clone(), i)).collect();
    let mut also_in: BTreeMap<usize, Vec<String>> = BTreeMap::new();
    let mut folded = vec![false; groups.len()];
    let mut fixed: BTreeMap<usize, Mark> = BTreeMap::new();
    for (i, g) in groups.iter().enumerate() {
        let Some(older) = g.root_cause.library.as_deref() else { continue };
        let Some(newer) = newer_oracle(older, &versions) else { continue };
        let mut key = g.root_cause.clone();
        key.library = Some(newer.to_owned());
        let text = release_text(older, versions[older]);
        match by_id.get(&key.id()) {
            Some(&j) => {
                also_in.entry(j).or_default().push(text);
                folded[i] = true;
            }
            None => {
                let release = format!("{newer} {}", release(versions[newer]).unwrap_or("?"));
                fixed.insert(i, Mark::Fixed { release, oracle: newer.to_owned() });
            }
        }
    }
    groups
        .into_iter()
        .enumerate()
        .filter(|(i, _)| !folded[*i])
        .map(|(i, mut g)| {
            if let Some(mut releases) = also_in.remove(&i) {
                releases.sort();
                releases.dedup();
                g.marks.push(Mark::AlsoIn { releases });
            }
            if let Some(mark) = fixed.remove(&i) {
                g.marks.push(mark);
            }
            g.marks = crate::mark::with_new(std::mem::take(&mut g.marks));
            g
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn releases_are_read_from_versions() {
        assert_eq!(release("CPython 3.13.0"), Some("3.13.0"));
        assert_eq!(release("node v20.20.2 (ada 2.9.2)"), Some("2.9.2"));
        assert_eq!(release("ada-url 4.0.0"), Some("4.0.0"));
        assert!(later("3.13.0", "3.11.7") && later("4.0.0", "2.9.2") && !later("3.9.18", "3.11.7"));
    }

    #[test]
    fn the_newer_release_is_the_library_oracle_or_ada_for_node() {
        let versions: BTreeMap<&str, &str> = [
            ("python-urllib", "CPython 3.13.0"),
            ("python-urllib@3.11", "CPython 3.11.7"),
            ("node-url", "node v20.20.2 (ada 2.9.2)"),
            ("ada", "ada-url 4.0.0"),
            ("rust-url", "url 2.5.8"),
        ]
        .into_iter()
        .collect();
        assert_eq!(newer_oracle("python-urllib@3.11", &versions), Some("python-urllib"));
        assert_eq!(newer_oracle("node-url", &versions), Some("ada"));
        assert_eq!(newer_oracle("python-urllib", &versions), None);
        assert_eq!(newer_oracle("rust-url", &versions), None);
        // Whichever oracle runs the newest CPython is the one drafts go against.
        let mut newest_elsewhere = versions.clone();
        newest_elsewhere.insert("python-urllib@3.14", "CPython 3.14.1");
        assert_eq!(newer_oracle("python-urllib", &newest_elsewhere), Some("python-urllib@3.14"));
        assert_eq!(
            newer_oracle("python-urllib@3.11", &newest_elsewhere),
            Some("python-urllib@3.14")
        );
        assert_eq!(newer_oracle("python-urllib@3.14", &newest_elsewhere), None);
        let mut old_ada = versions.clone();
        old_ada.insert("ada", "ada-url 2.0.0");
        assert_eq!(newer_oracle("node-url", &old_ada), None, "ada older than Node's");
    }
}
