//! What a divergence is summarized under, and the summary of ledgered divergences by class
//! and severity that every report shows (so known high-severity confusions stay visible when
//! the gate passes).
//!
//! [`classes_of`] is the one place that decides a divergence's classes: triage's class ids
//! when a classifier has filled `Divergence::classes`; until then the ledger entry that
//! expects it (its reason, under a stable short id), or `unexpected` for a divergence no
//! ledger entry covers.

use crate::data::{ConformReport, Divergence};
use sha2::{Digest, Sha256};
use std::cmp::Reverse;
use std::collections::{BTreeMap, BTreeSet};
use urldiff_compare::{Grade, Severity, SharedField};

/// A class as reports show it: `id` for filters and links (no spaces), `label` for people.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ClassTag {
    pub id: String,
    pub label: String,
}

/// The class id of divergences no ledger entry covers and no classifier has named.
pub const UNEXPECTED: &str = "unexpected";

/// The id of a ledger reason: `ledger-` and 8 hex digits of its SHA-256, stable across runs
/// and shared by every ledger file giving the same reason.
pub fn ledger_class_id(reason: &str) -> String {
    let digest = Sha256::digest(reason.as_bytes());
    let hex: String = digest.iter().take(4).map(|b| format!("{b:02x}")).collect();
    format!("ledger-{hex}")
}

/// The classes of a divergence (see the module documentation).
pub fn classes_of(d: &Divergence) -> Vec<ClassTag> {
    if !d.classes.is_empty() {
        return d.classes.iter().map(|c| ClassTag { id: c.clone(), label: c.clone() }).collect();
    }
    match &d.ledgered {
        Some(reason) => vec![ClassTag { id: ledger_class_id(reason), label: reason.clone() }],
        None => vec![ClassTag {
            id: UNEXPECTED.to_owned(),
            label: "not in the ledger (unexpected)".to_owned(),
        }],
    }
}

/// The ledgered divergences of one class at one severity.
#[derive(Clone, Debug)]
pub struct ClassGroup<'a> {
    pub class: ClassTag,
    pub severity: Severity,
    /// Indexes into `ConformReport::divergences`.
    pub members: Vec<usize>,
    pub oracles: BTreeSet<&'a str>,
    pub fields: BTreeSet<SharedField>,
    /// The member shown as the example (see [`example_rank`]).
    pub example: &'a Divergence,
}

/// How telling a divergence is as an example, smaller first: more of host and userinfo
/// differing structurally (another host, not another spelling of it: the confusions behind
/// SSRF), then any host or userinfo difference, then a shorter case name, then more
/// differing fields, then report order.
fn example_rank(d: &Divergence) -> (Reverse<usize>, bool, usize, Reverse<usize>) {
    let authority = |f: &&urldiff_compare::FieldDiff| {
        matches!(f.field, SharedField::Host | SharedField::Userinfo)
    };
    let structural =
        d.fields.iter().filter(authority).filter(|f| f.grade == Grade::Structural).count();
    let shows_host = d.fields.iter().any(|f| authority(&f));
    (Reverse(structural), !shows_host, d.name.chars().count(), Reverse(d.fields.len()))
}

/// The order fields are shown in: what an allow-list checks first (host, userinfo, port,
/// scheme), the outcome, the rest, and `href` (which repeats the others) last.
fn field_rank(field: SharedField) -> usize {
    const ORDER: [SharedField; 11] = [
        SharedField::Host,
        SharedField::Userinfo,
        SharedField::Port,
        SharedField::Scheme,
        SharedField::Outcome,
        SharedField::Path,
        SharedField::Query,
        SharedField::Fragment,
        SharedField::Value,
        SharedField::Pairs,
        SharedField::Href,
    ];
    ORDER.iter().position(|f| *f == field).unwrap_or(ORDER.len())
}

/// The differing fields of a divergence in the order reports show them: the most severe
/// first, then by [`field_rank`].
pub fn shown_fields(d: &Divergence) -> Vec<&urldiff_compare::FieldDiff> {
    let mut fields: Vec<_> = d.fields.iter().collect();
    fields.sort_by_key(|f| (Reverse(f.severity), field_rank(f.field)));
    fields
}

/// Every ledgered divergence grouped by class and severity: the most severe first, then the
/// largest groups. A divergence with several classes counts in each.
pub fn ledgered_by_class(report: &ConformReport) -> Vec<ClassGroup<'_>> {
    let mut groups: BTreeMap<(ClassTag, Severity), Vec<usize>> = BTreeMap::new();
    for (i, d) in report.divergences.iter().enumerate() {
        if d.ledgered.is_none() {
            continue;
        }
        for class in classes_of(d) {
            groups.entry((class, d.severity)).or_default().push(i);
        }
    }
    let mut out: Vec<ClassGroup> = groups
        .into_iter()
        .map(|((class, severity), members)| {
            let all = &report.divergences;
            let example = members
                .iter()
                .map(|&i| &all[i])
                .min_by_key(|d| example_rank(d))
                .expect("a group has members");
            ClassGroup {
                class,
                severity,
                oracles: members.iter().map(|&i| all[i].oracle.as_str()).collect(),
                fields: members
                    .iter()
                    .flat_map(|&i| all[i].fields.iter().map(|f| f.field))
                    .collect(),
                example,
                members,
            }
        })
        .collect();
    out.sort_by(|a, b| {
        (b.severity, b.members.len(), &a.class.label).cmp(&(
            a.severity,
            a.members.len(),
            &b.class.label,
        ))
    });
    out
}

/// The differing values of a divergence in one line: `host "127.0.0.1" → "evil.com"; …`.
pub fn values_line(d: &Divergence) -> String {
    shown_fields(d)
        .into_iter()
        .map(|f| format!("{} {} → {}", f.field.name(), f.truth.display(), f.got.display()))
        .collect::<Vec<_>>()
        .join("; ")
}

/// Every class any divergence of the report has, by id, in first-seen order of a sorted
/// listing (for filters).
pub fn all_classes(report: &ConformReport) -> Vec<ClassTag> {
    let set: BTreeSet<ClassTag> = report.divergences.iter().flat_map(classes_of).collect();
    let mut classes: Vec<ClassTag> = set.into_iter().collect();
    classes.sort_by(|a, b| a.label.cmp(&b.label));
    classes
}
