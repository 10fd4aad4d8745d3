//! What a divergence is summarized under, and the summary of ledgered divergences by class
//! and severity that every report shows (so known high-severity confusions stay visible when
//! the gate passes).
//!
//! A divergence's classes are triage's (`urldiff_triage::classify::CLASSES`), given by
//! `urldiff_conform::classify` when a run is judged or a saved report read; [`classes_of`]
//! reads them.

use std::cmp::Reverse;
use std::collections::{BTreeMap, BTreeSet};
use urldiff_compare::{Grade, Severity, SharedField};
use urldiff_conform::report::{ConformReport, Divergence};
use urldiff_triage::classify::{CLASSES, UNCLASSIFIED};
use urldiff_triage::rfc_vs_whatwg::{RFC_SIDE, WHATWG_SIDE};

use crate::table::ClassTag;

impl ClassTag {
    /// The class's one-line explanation from the class table (`unclassified`'s too).
    pub fn explanation(&self) -> &'static str {
        explanation(&self.id)
    }
}

/// The one-line explanation of a class id (empty for an id the table does not have).
pub fn explanation(id: &str) -> &'static str {
    if id == UNCLASSIFIED {
        return "the parsers disagree and no class of the table matches";
    }
    CLASSES.iter().find(|c| c.id == id).map_or("", |c| c.explanation)
}

/// The classes of a divergence: triage's class ids (`urldiff_conform::classify`); `unclassified` for one
/// that has none.
pub fn classes_of(d: &Divergence) -> Vec<ClassTag> {
    if d.classes.is_empty() {
        return vec![ClassTag::of(UNCLASSIFIED)];
    }
    d.classes.iter().map(|c| ClassTag::of(c)).collect()
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

/// How telling a divergence is as an example, smaller first:
/// 1. more of host and userinfo naming *another* value (both sides defined and not empty,
///    differing structurally: another host, not another spelling of it, nor none);
/// 2. a case of our own suites (`cases/…`: the attacks we wrote down) before others;
/// 3. a real parser before the models of the specs (the oracles of the RFC-vs-WHATWG sides:
///    our reference in every mode, the Appendix B regex, the tables);
/// 4. more host or userinfo differences of any kind, then any host or userinfo difference;
/// 5. a shorter case name, more differing fields, report order.
fn example_rank(d: &Divergence) -> impl Ord {
    let authority = |f: &&urldiff_compare::FieldDiff| {
        matches!(f.field, SharedField::Host | SharedField::Userinfo)
    };
    let named = |p: &urldiff_compare::Projected| !p.text().is_empty();
    let structural = || d.fields.iter().filter(authority).filter(|f| f.grade == Grade::Structural);
    let another = structural().filter(|f| named(&f.truth) && named(&f.got)).count();
    let model = WHATWG_SIDE.contains(&d.oracle.as_str())
        || RFC_SIDE.contains(&d.oracle.as_str())
        || d.oracle.starts_with("reference");
    let shows_host = d.fields.iter().any(|f| authority(&f));
    (
        Reverse(another),
        !d.suite.starts_with("cases/"),
        model,
        Reverse(structural().count()),
        !shows_host,
        d.name.chars().count(),
        Reverse(d.fields.len()),
    )
}

/// The order fields are shown in: what an allow-list checks first (host, userinfo, port,
/// scheme), the outcome, the rest, and `href` (which repeats the others) last.
pub fn field_rank(field: SharedField) -> usize {
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
    // Keyed by the class id, borrowed: the order of `(ClassTag, Severity)` (a tag's label is
    // its id), without two strings made for every class of every divergence.
    let mut groups: BTreeMap<(&str, Severity), Vec<usize>> = BTreeMap::new();
    for (i, d) in report.divergences.iter().enumerate() {
        if d.ledgered.is_none() {
            continue;
        }
        if d.classes.is_empty() {
            groups.entry((UNCLASSIFIED, d.severity)).or_default().push(i);
        }
        for class in &d.classes {
            groups.entry((class.as_str(), d.severity)).or_default().push(i);
        }
    }
    let mut out: Vec<ClassGroup> = groups
        .into_iter()
        .map(|((class, severity), members)| {
            let class = ClassTag::of(class);
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
