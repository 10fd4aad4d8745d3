//! The findings reports: `findings.md` and `findings.html` (and the summary `urldiff triage`
//! prints), rendered from triage's typed findings ([`Findings`], the `findings.json` file); their
//! tables are built once in [`tables`].
//!
//! A group's differences are shown against its *baseline*: the value group holding the
//! reference parser (else the largest), so a diff reads "what the reference reads → what these
//! oracles read". The oracles a group is filed under ([`apart`]) are those outside the
//! baseline of some differing field.

pub mod group_details;
pub mod html;
pub mod markdown;
pub mod tables;
pub mod terminal;

use urldiff_oracles::{Answer, Record, RfcField};
use urldiff_triage::findings::{FieldDifference, Findings, Group, ValueGroup};
use urldiff_triage::rootcause::{FindingKind, RootCause};

/// The findings reports requested, rendered: the one place they are rendered (`urldiff
/// triage` writes them with findings.json, `urldiff report` from a findings file).
pub fn files(
    findings: &Findings,
    markdown: Option<std::path::PathBuf>,
    html: Option<std::path::PathBuf>,
) -> Vec<(std::path::PathBuf, Vec<u8>)> {
    let mut files = Vec::new();
    if let Some(path) = markdown {
        files.push((path, self::markdown::render(findings).into_bytes()));
    }
    if let Some(path) = html {
        files.push((path, crate::findings::html::render(findings).into_bytes()));
    }
    files
}

/// A root cause in one line, as a person reads it: `rust-url: outcome, at the port state
/// (reading U+005C)`, or `whatwg vs rfc3986: host (backslash-confusion)`.
pub fn root_cause_text(rc: &RootCause) -> String {
    let fields = rc.fields.join(", ");
    match rc.kind {
        FindingKind::Conformance => {
            let library = rc.library.as_deref().unwrap_or("?");
            let standard = rc.standards.first().map_or("?", |s| s.name());
            let step = rc.step.as_ref().map_or(String::new(), |s| format!(", at the {}", s.title));
            let code_point = match rc.code_point_read() {
                Some(urldiff_triage::rootcause::deciding::END_OF_INPUT) => {
                    " (at the end of input)".to_owned()
                }
                Some(kind) => format!(" (reading {kind})"),
                None => String::new(),
            };
            format!("{library} against {standard}: {fields}{step}{code_point}")
        }
        FindingKind::ModelDifference if rc.documented.is_some() => {
            let library = rc.library.as_deref().unwrap_or("?");
            let standard = rc.standards.first().map_or("?", |s| s.name());
            let rule = rc.documented.as_deref().unwrap_or("?");
            format!("{library} against {standard}: {fields} (documented: {rule})")
        }
        FindingKind::Confusion | FindingKind::ModelDifference => {
            let standards: Vec<&str> = rc.standards.iter().map(|s| s.name()).collect();
            let class = rc.class.as_deref().unwrap_or("unclassified");
            format!("{}: {fields} ({class})", standards.join(" vs "))
        }
    }
}

/// Whether a group is new, known upstream or back after its fix, in words: `new`,
/// `known: <address> (fixed in 2.5.9)`, `REGRESSION: fixed in 2.5.9, seen again`.
pub fn known_text(g: &Group) -> String {
    let Some(known) = &g.known else { return "new".to_owned() };
    let link = known.upstream.as_deref().unwrap_or("no issue named");
    match (&known.fixed_in, known.regression) {
        (Some(fixed), true) => format!("REGRESSION: fixed in {fixed} ({link}), seen again"),
        (Some(fixed), false) => format!("known: {link} (fixed in {fixed})"),
        (None, _) => format!("known: {link}"),
    }
}

/// What is known of a group, in words: its marks (`new; also in CPython 3.11.7`, `known:
/// rust-url (…): <file:////foo>`, `fixed in ada 4.0.0 (ada)`), or a regression.
pub fn status_text(g: &Group) -> String {
    if g.known.as_ref().is_some_and(|k| k.regression) || g.marks.is_empty() {
        return known_text(g);
    }
    let texts: Vec<String> = g.marks.iter().map(|m| m.text()).collect();
    texts.join("; ")
}

/// Groups, each with its number (its place in `findings.groups` from 1, the anchor
/// `group-<n>`).
pub type Numbered<'f> = Vec<(usize, &'f Group)>;

/// The groups in the order reports show them: the drafts (new), then the settled ones.
pub fn drafts_first(findings: &Findings) -> (Numbered<'_>, Numbered<'_>) {
    findings.groups.iter().enumerate().map(|(i, g)| (i + 1, g)).partition(|(_, g)| g.is_draft())
}

/// How many groups of each kind, as `3 conformance, 2 confusion`.
pub fn kind_counts(findings: &Findings) -> String {
    let count = |k: FindingKind| findings.groups.iter().filter(|g| g.kind == k).count();
    let settled = findings.groups.iter().filter(|g| !g.is_draft()).count();
    let documented = findings.model_differences.iter().filter(|m| !m.marks.is_empty()).count();
    format!(
        "{} conformance, {} confusion ({} new, {settled} known or fixed); {} model differences \
         (seen {} times; {documented} documented by their library)",
        count(FindingKind::Conformance),
        count(FindingKind::Confusion),
        findings.groups.len() - settled,
        findings.model_differences.len(),
        findings.model_differences.iter().map(|m| m.cases).sum::<usize>()
    )
}

/// The oracle whose reading is the baseline of every difference.
pub const BASELINE: &str = "reference";

/// The index of the baseline value group of a difference (see the module documentation).
pub fn baseline(d: &FieldDifference) -> usize {
    if let Some(i) = d.groups.iter().position(|g| g.oracles.iter().any(|o| o == BASELINE)) {
        return i;
    }
    let most = d.groups.iter().map(|g| g.oracles.len()).max().unwrap_or(0);
    d.groups.iter().position(|g| g.oracles.len() == most).unwrap_or(0)
}

/// The value groups of a difference in the order shown: the baseline first, then the others
/// as the findings file lists them; each with its index in `d.groups`.
pub fn baseline_first(d: &FieldDifference) -> Vec<(usize, &ValueGroup)> {
    let base = baseline(d);
    let others = d.groups.iter().enumerate().filter(|(i, _)| *i != base);
    std::iter::once((base, &d.groups[base])).chain(others).collect()
}

/// The oracles outside the baseline of some differing field of `group`, sorted.
pub fn apart(group: &Group) -> Vec<&str> {
    let mut out: Vec<&str> = group
        .differences
        .iter()
        .flat_map(|d| {
            let base = baseline(d);
            d.groups
                .iter()
                .enumerate()
                .filter(move |(i, _)| *i != base)
                .flat_map(|(_, g)| g.oracles.iter().map(String::as_str))
        })
        .collect();
    out.sort_unstable();
    out.dedup();
    out
}

/// Every oracle any group is filed under, sorted (for the oracle filter).
pub fn oracles_apart(findings: &Findings) -> Vec<String> {
    let mut out: Vec<String> = findings.groups.iter().flat_map(apart).map(str::to_owned).collect();
    out.sort();
    out.dedup();
    out
}

/// The class ids the groups have, in table order (`unclassified` last).
pub fn classes_present(findings: &Findings) -> Vec<String> {
    let mut out: Vec<String> = findings
        .classes
        .iter()
        .filter(|c| findings.groups.iter().any(|g| g.classes.contains(&c.id)))
        .map(|c| c.id.clone())
        .collect();
    let other = findings.groups.iter().flat_map(|g| &g.classes).filter(|c| !out.contains(c));
    let mut other: Vec<String> = other.cloned().collect();
    other.sort();
    other.dedup();
    out.extend(other);
    out
}

/// An answer in one line: the record's fields, or the failure's reason, or what was lost.
pub fn answer_text(answer: &Answer) -> String {
    match answer {
        Answer::Parsed { record, .. } => record_text(record),
        Answer::Failure { reason, .. } => format!("failure: {reason}"),
        Answer::NoOpinion => "no opinion".to_owned(),
        lost => format!("{}: {}", lost.outcome(), lost.evidence().unwrap_or_default()),
    }
}

/// A record in one line: a WHATWG record's `href`; an RFC record's defined components.
pub fn record_text(record: &Record) -> String {
    match record {
        Record::Whatwg(r) => r.href.clone().unwrap_or_else(|| "(no href)".to_owned()),
        Record::Rfc(r) => {
            use RfcField::{Authority, Fragment, Path, Query, Resolved, Scheme};
            let shown: Vec<String> = [Scheme, Authority, Path, Query, Fragment, Resolved]
                .into_iter()
                .filter_map(|field| Some(format!("{field} {:?}", r.field(field)?)))
                .collect();
            shown.join(", ")
        }
        Record::Text { value } => format!("{value:?}"),
        Record::Pairs { pairs } => serde_json::to_string(pairs).unwrap_or_default(),
    }
}

fn shown(value: Option<&str>) -> String {
    value.map_or("undefined".to_owned(), |v| format!("{v:?}"))
}

/// What a draft prints as Actual and Expected: one line each, followed by every field the
/// line leaves out (an RFC record's userinfo, host and port, which it leaves to the authority;
/// a WHATWG getter other than `href`) on which the two records differ, so the field that
/// differs is always shown (CPython's port `1` for `//:01/`, whose lines differ only in an
/// empty query); `None` when the two print alike (no difference to file).
pub fn actual_and_expected(actual: &Answer, expected: &Answer) -> Option<(String, String)> {
    let (mut a, mut e) = (answer_text(actual), answer_text(expected));
    for (name, va, ve) in unshown_differences(actual, expected) {
        a.push_str(&format!(", {name} {}", shown(va)));
        e.push_str(&format!(", {name} {}", shown(ve)));
    }
    (a != e).then_some((a, e))
}

/// The fields of two parsed records of one model that [`record_text`]'s one line does not
/// print and on which they differ, in record order: (name, actual, expected).
fn unshown_differences<'a>(
    actual: &'a Answer,
    expected: &'a Answer,
) -> Vec<(&'static str, Option<&'a str>, Option<&'a str>)> {
    let (Answer::Parsed { record: ra, .. }, Answer::Parsed { record: re, .. }) = (actual, expected)
    else {
        return Vec::new();
    };
    match (ra, re) {
        (Record::Rfc(a), Record::Rfc(e)) => [RfcField::Userinfo, RfcField::Host, RfcField::Port]
            .into_iter()
            .filter(|&f| a.field(f) != e.field(f))
            .map(|f| (f.name(), a.field(f), e.field(f)))
            .collect(),
        (Record::Whatwg(a), Record::Whatwg(e)) => urldiff_parser::Attribute::ALL
            .iter()
            .filter(|&&at| at != urldiff_parser::Attribute::Href && a.field(at) != e.field(at))
            .map(|&at| (at.name(), a.field(at), e.field(at)))
            .collect(),
        _ => Vec::new(),
    }
}

/// The validation errors of an answer, when it has any.
pub fn answer_errors(answer: &Answer) -> &[String] {
    match answer {
        Answer::Parsed { errors, .. } | Answer::Failure { errors, .. } => errors,
        _ => &[],
    }
}

/// `input` or `input against base`, as plain text (debug-quoted, so hostile text is inert).
pub fn case_text(input: &str, base: Option<&str>) -> String {
    match base {
        Some(b) => format!("{input:?} against {b:?}"),
        None => format!("{input:?}"),
    }
}

/// A group's differing fields in the order reports show them, as the conform report does: the
/// most severe first, then by [`crate::conform::classes::field_rank`] (host before `href`, which repeats
/// it).
pub fn shown_differences(group: &Group) -> Vec<&FieldDifference> {
    let rank = |d: &FieldDifference| {
        let field = urldiff_compare::SharedField::from_name(&d.field);
        (
            std::cmp::Reverse(d.severity),
            field.map_or(usize::MAX, crate::conform::classes::field_rank),
        )
    };
    let mut shown: Vec<&FieldDifference> = group.differences.iter().collect();
    shown.sort_by_key(|d| rank(d));
    shown
}
