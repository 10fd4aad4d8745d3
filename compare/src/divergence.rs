//! The N-oracle comparison of one case: which oracles parsed, failed or lost their answer, and
//! for each shared field the groups of oracles that agree.
//!
//! Every oracle with an opinion takes part, whatever its record model: records are compared
//! through the projection, so an RFC-model oracle and a WHATWG one are in the same group of a
//! field exactly when their projected values agree. An oracle whose record cannot speak about
//! a field (it does not fill it; an RFC record has no href without a base) is not in that
//! field's groups. No-opinion answers (an expectation table without the case, an unsupported
//! case kind) are left out entirely.
//!
//! Validation errors (`validation-errors`) are read from parsed and failed answers alike, of
//! the oracles that declare them ([`crate::project::validation_errors`]); a validity case's
//! verdict is `valid-url-string`.
//!
//! Agreement is [`Projected::agrees`]: *empty or undefined* (a WHATWG getter's `""`, or an
//! adapter rule's) agrees with both an undefined and an empty value. Such a value joins the one
//! group it agrees with; when it agrees with none or with several (the others disagree about
//! empty vs undefined among themselves), its oracles form their own group.
//!
//! Groups are in a canonical order (members sorted by name, groups by their first member), so
//! the result does not depend on the order oracles answered in or on the input's text.

use crate::grade::{grade, Grade};
use crate::project::{own_fields, project_answer, Projected, SharedField, Source};
use crate::severity::{severity, Severity};
use crate::verdict::is_lost;
use serde::Serialize;
use std::collections::BTreeMap;
use urldiff_oracles::{Answer, Case, CaseKind, OracleInfo};

/// One oracle's answer to the case.
#[derive(Clone, Copy, Debug)]
pub struct Answered<'a> {
    pub info: &'a OracleInfo,
    pub answer: &'a Answer,
}

/// Oracles that agree on a value.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Group {
    /// Oracle names, sorted.
    pub oracles: Vec<String>,
    /// The group's value (an empty-or-undefined member agrees with it without being it).
    pub value: Projected,
    /// Positions in `oracles` of the members whose own value is
    /// [`Projected::EmptyOrUndefined`]; every other member's own value is `value` (equal
    /// values are what makes a group). Empty, and so not allocated, for most groups.
    #[serde(skip)]
    pub empty_or_undefined: Vec<usize>,
}

impl Group {
    /// The value `oracle` itself gave, if it is a member.
    pub fn value_of(&self, oracle: &str) -> Option<&Projected> {
        const EMPTY_OR_UNDEFINED: &Projected = &Projected::EmptyOrUndefined;
        let i = self.oracles.iter().position(|o| o == oracle)?;
        Some(if self.empty_or_undefined.contains(&i) { EMPTY_OR_UNDEFINED } else { &self.value })
    }
}

/// One field across every oracle that speaks about it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct FieldSplit {
    pub field: SharedField,
    /// One group when everyone agrees.
    pub groups: Vec<Group>,
    /// The grade of the worst disagreeing pair of groups (`None`: they all agree).
    pub grade: Option<Grade>,
    pub severity: Option<Severity>,
}

impl FieldSplit {
    pub fn differs(&self) -> bool {
        self.groups.len() > 1
    }
}

/// A field of one record model that the projection does not read (`whatwg.origin`, …),
/// compared among the oracles of that model only.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct OwnSplit {
    pub field: &'static str,
    pub groups: Vec<Group>,
}

/// Everything the oracles said about one case.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Comparison {
    /// Oracles by outcome (`parsed`, `failure`, `crashed`, `timed-out`), in that order.
    pub outcomes: Vec<Group>,
    /// Every shared field at least one answer speaks about, in field order.
    pub fields: Vec<FieldSplit>,
    pub own: Vec<OwnSplit>,
}

impl Comparison {
    /// The shared fields whose oracles disagree.
    pub fn differing(&self) -> impl Iterator<Item = &FieldSplit> {
        self.fields.iter().filter(|f| f.differs())
    }

    /// Whether the outcomes differ (some parsed and some failed, or an answer was lost).
    pub fn outcome_differs(&self) -> bool {
        self.outcomes.len() > 1
    }

    /// Whether anything differs.
    pub fn disagrees(&self) -> bool {
        self.outcome_differs() || self.differing().next().is_some()
    }
}

const OUTCOME_ORDER: [&str; 4] = ["parsed", "failure", "crashed", "timed-out"];

/// Compare every answer to `case`.
pub fn compare_all(case: &Case, answers: &[Answered]) -> Comparison {
    let speaking: Vec<&Answered> =
        answers.iter().filter(|a| !matches!(a.answer, Answer::NoOpinion)).collect();
    let outcomes = outcome_groups(&speaking);
    let mut values: BTreeMap<SharedField, Vec<(&str, Projected)>> = BTreeMap::new();
    let mut own: BTreeMap<&'static str, Vec<(&str, Projected)>> = BTreeMap::new();
    for a in &speaking {
        let source = Source::of(a.info);
        for (field, value) in project_answer(&case.kind, a.answer, source) {
            let members = values.entry(field).or_insert_with(|| Vec::with_capacity(speaking.len()));
            members.push((&a.info.name, value));
        }
        let Answer::Parsed { record, .. } = a.answer else { continue };
        for (field, value) in own_fields(record, source) {
            let members = own.entry(field).or_insert_with(|| Vec::with_capacity(speaking.len()));
            members.push((&a.info.name, value));
        }
    }
    let scheme = common_scheme(values.get(&SharedField::Scheme));
    let host_value = matches!(case.kind, CaseKind::HostToAscii);
    let fields = values
        .into_iter()
        .map(|(field, vals)| split_field(field, group(vals), &scheme, host_value))
        .collect();
    let own =
        own.into_iter().map(|(field, vals)| OwnSplit { field, groups: group(vals) }).collect();
    Comparison { outcomes, fields, own }
}

fn outcome_groups(speaking: &[&Answered]) -> Vec<Group> {
    OUTCOME_ORDER
        .iter()
        .filter_map(|outcome| {
            let mut oracles: Vec<String> = speaking
                .iter()
                .filter(|a| a.answer.outcome() == *outcome)
                .map(|a| a.info.name.clone())
                .collect();
            oracles.sort();
            let value = Projected::Defined((*outcome).to_owned());
            (!oracles.is_empty()).then_some(Group {
                oracles,
                value,
                empty_or_undefined: Vec::new(),
            })
        })
        .collect()
}

/// The scheme most oracles give (ties: the smallest text), lowercased, for default ports.
fn common_scheme(values: Option<&Vec<(&str, Projected)>>) -> String {
    let schemes: Vec<&str> = values.into_iter().flatten().map(|(_, v)| v.text()).collect();
    let count = |s: &str| schemes.iter().filter(|t| t.eq_ignore_ascii_case(s)).count();
    let smaller = |a: &str, b: &str| {
        a.bytes().map(|c| c.to_ascii_lowercase()).lt(b.bytes().map(|c| c.to_ascii_lowercase()))
    };
    let mut best: Option<(&str, usize)> = None;
    for &s in &schemes {
        let n = count(s);
        if best.is_none_or(|(b, m)| n > m || (n == m && smaller(s, b))) {
            best = Some((s, n));
        }
    }
    best.map(|(s, _)| s.to_ascii_lowercase()).unwrap_or_default()
}

/// The agreement rule: each value's group, numbered from 0 in order of the groups' first
/// concrete member (the empty-or-undefined group, when it stands alone, last). Equal values
/// share a group; an empty-or-undefined value joins the one group it agrees with, or else
/// (none or several) the empty-or-undefined values form their own. What [`group`] and
/// [`crate::agreement_groups`] both group by.
pub(crate) fn assign(values: &[&Projected]) -> Vec<usize> {
    // Few oracles answer a case: a list searched in order holds each group's key.
    let mut keys: Vec<&Projected> = Vec::with_capacity(values.len());
    let joined: Vec<Option<usize>> = values
        .iter()
        .map(|&value| {
            if *value == Projected::EmptyOrUndefined {
                None
            } else if let Some(i) = keys.iter().position(|key| *key == value) {
                Some(i)
            } else {
                keys.push(value);
                Some(keys.len() - 1)
            }
        })
        .collect();
    let mut compatible = (0..keys.len()).filter(|&i| Projected::EmptyOrUndefined.agrees(keys[i]));
    let home = match (compatible.next(), compatible.next()) {
        (Some(one), None) => one,
        _ => keys.len(),
    };
    joined.into_iter().map(|j| j.unwrap_or(home)).collect()
}

/// Group values by agreement ([`assign`]; see the module documentation for
/// empty-or-undefined).
pub fn group(mut values: Vec<(&str, Projected)>) -> Vec<Group> {
    // Most fields every oracle agrees on, with one value: one group, nothing to assign.
    if values.iter().all(|(_, value)| *value == values[0].1) {
        values.sort_by(|a, b| a.0.cmp(b.0)); // oracle names are unique
        let wildcard = values.first().is_some_and(|(_, v)| *v == Projected::EmptyOrUndefined);
        let empty_or_undefined = if wildcard { (0..values.len()).collect() } else { Vec::new() };
        let oracles = values.iter().map(|(oracle, _)| (*oracle).to_owned()).collect();
        return match values.into_iter().next() {
            Some((_, value)) => vec![Group { oracles, value, empty_or_undefined }],
            None => Vec::new(),
        };
    }
    let numbers = assign(&values.iter().map(|(_, value)| value).collect::<Vec<_>>());
    let count = numbers.iter().max().map_or(0, |n| n + 1);
    // Each group's value is its first concrete member's, moved (no value is cloned).
    let mut keys: Vec<Option<Projected>> = (0..count).map(|_| None).collect();
    let mut members: Vec<(&str, usize, bool)> = Vec::with_capacity(values.len());
    for ((oracle, value), &n) in values.into_iter().zip(&numbers) {
        let wildcard = value == Projected::EmptyOrUndefined;
        if !wildcard && keys[n].is_none() {
            keys[n] = Some(value);
        }
        members.push((oracle, n, wildcard));
    }
    members.sort_by(|a, b| a.0.cmp(b.0)); // oracle names are unique
    let mut groups: Vec<Group> = keys
        .into_iter()
        .enumerate()
        .map(|(n, key)| {
            let value = key.unwrap_or(Projected::EmptyOrUndefined);
            let mut group = Group { oracles: Vec::new(), value, empty_or_undefined: Vec::new() };
            for &(oracle, _, wildcard) in members.iter().filter(|m| m.1 == n) {
                if wildcard {
                    group.empty_or_undefined.push(group.oracles.len());
                }
                group.oracles.push(oracle.to_owned());
            }
            group
        })
        .collect();
    groups.sort_by(|a, b| a.oracles.cmp(&b.oracles));
    groups
}

/// Grade every pair of groups; the field's grade and severity are those of the worst pair.
fn split_field(
    field: SharedField,
    groups: Vec<Group>,
    scheme: &str,
    host_value: bool,
) -> FieldSplit {
    let mut worst: Option<(Severity, Grade)> = None;
    for (i, a) in groups.iter().enumerate() {
        for b in &groups[i + 1..] {
            let Some(g) = grade(field, &a.value, &b.value, scheme) else { continue };
            let pair = (severity(field, g, host_value), g);
            worst = Some(worst.map_or(pair, |w| w.max(pair)));
        }
    }
    FieldSplit { field, groups, grade: worst.map(|(_, g)| g), severity: worst.map(|(s, _)| s) }
}

/// The oracles whose answers were lost (crashed or timed out).
pub fn lost<'a>(answers: &'a [Answered<'a>]) -> impl Iterator<Item = &'a Answered<'a>> {
    answers.iter().filter(|a| is_lost(a.answer))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What `common_scheme` means, spelled out with a map of lowercased schemes.
    fn most_common_by_map(schemes: &[&str]) -> String {
        let mut counts: BTreeMap<String, usize> = BTreeMap::new();
        for s in schemes {
            *counts.entry(s.to_ascii_lowercase()).or_default() += 1;
        }
        let best = counts.iter().max_by(|a, b| a.1.cmp(b.1).then(b.0.cmp(a.0)));
        best.map(|(s, _)| s.clone()).unwrap_or_default()
    }

    #[test]
    fn the_common_scheme_is_the_most_given_then_the_smallest_lowercased() {
        let sets: [&[&str]; 7] = [
            &[],
            &["HTTP"],
            &["HTTP", "http", "ftp"],
            &["ftp", "HTTP", "http"],
            &["b", "a"],
            &["B", "a", "b"],
            &["wss", "WS", "ws", "Wss"],
        ];
        for set in sets {
            let values: Vec<(&str, Projected)> =
                set.iter().map(|s| ("o", Projected::Defined((*s).to_owned()))).collect();
            let got = common_scheme(Some(&values));
            assert_eq!(got, most_common_by_map(set), "{set:?}");
        }
        assert_eq!(common_scheme(None), "");
    }
}
