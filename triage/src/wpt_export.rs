//! Conformance findings as urltestdata.json entries, for what WPT lacks: a group is exported
//! when it is a conformance finding against the URL Standard, whatwg-url (the standard's
//! reference implementation) reads its example as our reference does, and no WPT case already
//! reads a code point of its kind at its step ([`WptCoverage`]). Each entry has the reference's
//! expected values (the WPT field set, or `"failure": true`) after a WPT-style comment: the
//! step, the code point, and the outcome, with the standard's link. The header comment says
//! how many groups were left out and why.
//!
//! The output is read back by the one urltestdata reader (`urldiff_corpus::urltestdata`).

use crate::ask::{ask, AskError, Request};
use crate::coverage::WptCoverage;
use crate::findings::{Findings, Group};
use crate::rootcause::FindingKind;
use serde_json::{json, Map, Value};
use urldiff_oracles::Standard;
use urldiff_oracles::{Answer, Oracle, Record, WHATWG_FIELDS};

/// The oracle whose answers are the expected values.
pub const EXPECTED_FROM: &str = "reference";
/// The oracle whose disagreement with the reference marks an entry for review.
pub const REVIEWER: &str = "whatwg-url";

/// The fields on which `other` stands in another group than `oracle`.
fn disagreement(group: &Group, oracle: &str, other: &str) -> Vec<String> {
    let at = |gs: &[crate::findings::ValueGroup], name: &str| {
        gs.iter().position(|g| g.oracles.iter().any(|o| o == name))
    };
    group
        .differences
        .iter()
        .filter(|d| matches!((at(&d.groups, oracle), at(&d.groups, other)), (Some(a), Some(b)) if a != b))
        .map(|d| d.field.clone())
        .collect()
}

/// A code point kind as a reader of WPT reads it: `U+005C (\\)`, else the kind's name.
fn code_point_text(kind: &str) -> String {
    let shown = kind
        .strip_prefix("U+")
        .and_then(|hex| u32::from_str_radix(hex, 16).ok())
        .and_then(char::from_u32)
        .filter(|c| c.is_ascii_graphic());
    match shown {
        Some(c) => format!("{kind} ({c})"),
        None => kind.replace('-', " "),
    }
}

/// The WPT-style comment of an exported group: what is tested, and where the standard says so.
fn comment(group: &Group, answer: &Answer) -> String {
    let rc = &group.root_cause;
    let (title, link) = rc
        .step
        .as_ref()
        .map_or(("the basic URL parser", ""), |s| (s.title.as_str(), s.link.as_str()));
    let outcome = match answer {
        Answer::Parsed { record: Record::Whatwg(r), .. } => {
            format!("parses as {}", r.href.as_deref().unwrap_or("?"))
        }
        _ => "is a failure".to_owned(),
    };
    let code_point = rc.code_point.as_deref().map_or("?".to_owned(), code_point_text);
    let mut title = title.to_owned();
    if let Some(first) = title.get_mut(..1) {
        first.make_ascii_uppercase();
    }
    let library = rc.library.as_deref().unwrap_or("an implementation");
    format!("{title}, reading {code_point}: the input {outcome} ({link}). Found by urldiff: {library} disagrees.")
}

/// Why a group is not exported, if it is not.
fn left_out(group: &Group, coverage: Option<&WptCoverage>) -> Option<&'static str> {
    if group.kind != FindingKind::Conformance || group.root_cause.standards != [Standard::Whatwg] {
        return Some("not a conformance finding against the URL Standard");
    }
    if !group.answers.iter().any(|a| a.oracle == REVIEWER) {
        return Some("whatwg-url did not run");
    }
    let agree = |a: &str, b: &str| {
        let outcome =
            |o: &str| group.answers.iter().find(|x| x.oracle == o).map(|x| x.answer.outcome());
        outcome(a) == outcome(b) && disagreement(group, a, b).is_empty()
    };
    if !agree(EXPECTED_FROM, REVIEWER) {
        return Some("whatwg-url disagrees with the reference");
    }
    let (Some(step), Some(kind)) = (&group.root_cause.step, &group.root_cause.code_point) else {
        return Some("no step");
    };
    if coverage.is_some_and(|c| c.case_for(&step.id, kind).is_some()) {
        return Some("a WPT case reads the same step and code point");
    }
    None
}

/// The urltestdata entry for `request` expecting `answer`; `None` when the reference has no
/// answer to give (it crashed or had no opinion).
fn entry(request: &Request, answer: &Answer) -> Option<Value> {
    let mut object = Map::new();
    object.insert("input".into(), json!(request.input));
    object.insert("base".into(), json!(request.base));
    match answer {
        Answer::Parsed { record: Record::Whatwg(record), .. } => {
            // The record's fields are in the order urltestdata.json writes them.
            for &field in WHATWG_FIELDS {
                if let Some(value) = record.get(field) {
                    object.insert(field.into(), json!(value));
                }
            }
        }
        Answer::Failure { .. } => {
            object.insert("failure".into(), json!(true));
        }
        _ => return None,
    }
    Some(Value::Object(object))
}

/// The urltestdata.json array for `findings`: the groups WPT lacks (see the module
/// documentation; with `coverage` `None`, WPT's cases are not consulted). Expected values are
/// the reference's answers in the findings; a group without one is asked `reference` (one
/// batch).
pub fn export(
    findings: &Findings,
    reference: &dyn Oracle,
    coverage: Option<&WptCoverage>,
) -> Result<Value, AskError> {
    let mut reasons: std::collections::BTreeMap<&str, usize> = Default::default();
    let mut seen = std::collections::BTreeSet::new();
    let exported: Vec<&Group> = findings
        .groups
        .iter()
        .filter(|g| match left_out(g, coverage) {
            Some(why) => {
                *reasons.entry(why).or_default() += 1;
                false
            }
            None => seen.insert((g.example.input.clone(), g.example.base.clone())),
        })
        .collect();
    let stored =
        |g: &Group| g.answers.iter().find(|a| a.oracle == EXPECTED_FROM).map(|a| a.answer.clone());
    let missing: Vec<Request> = exported
        .iter()
        .filter(|g| stored(g).is_none())
        .map(|g| Request { input: g.example.input.clone(), base: g.example.base.clone() })
        .collect();
    let mut asked = ask(&[reference], &missing)?.into_iter().map(|mut a| a.remove(0));
    let why: Vec<String> = reasons.iter().map(|(why, n)| format!("{n}: {why}")).collect();
    let mut out = vec![json!(format!(
        "Generated by {} {} from urldiff findings (schema {}): {} conformance findings WPT \
         lacks; expected values are urldiff's reference parser's, and whatwg-url agrees. Left \
         out: {}.",
        findings.tool.name,
        findings.tool.version,
        findings.schema_version,
        exported.len(),
        if why.is_empty() { "none".to_owned() } else { why.join("; ") }
    ))];
    for group in exported {
        let answer = stored(group).or_else(|| asked.next()).unwrap_or(Answer::NoOpinion);
        let request =
            Request { input: group.example.input.clone(), base: group.example.base.clone() };
        let Some(entry) = entry(&request, &answer) else { continue };
        out.push(json!(comment(group, &answer)));
        out.push(entry);
    }
    Ok(Value::Array(out))
}
