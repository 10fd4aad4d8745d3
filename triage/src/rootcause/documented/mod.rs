//! What a library's documentation says it does otherwise than its standard
//! ([`urldiff_oracles::profile::DocumentedRule`], in each oracle's `oracle.json`): a
//! conformance part that a rule covers is a model difference, shown with the rule's name and
//! link ([`crate::mark::Mark::Documented`]), never an upstream draft.
//!
//! A rule covers a part of a library when the input (and base) match its patterns (and the
//! base does not match `base_not`), every
//! field on which the library and its standard's reference read the case apart is one of its
//! `fields` (none listed: any), and the outcomes are the ones it names (`when`).

use crate::ask::Request;
use crate::mark::Mark;
use crate::rootcause::parts::{apart, Judged, Part};
use crate::rootcause::FindingKind;
use regex::Regex;
use std::collections::BTreeMap;
use std::sync::OnceLock;
use urldiff_compare::Comparison;
use urldiff_oracles::profile::{DocumentedRule, RuleWhen};
use urldiff_oracles::Answer;

/// A rule with its patterns compiled.
struct Compiled {
    rule: &'static DocumentedRule,
    input: Option<Regex>,
    base: Option<Regex>,
    base_not: Option<Regex>,
}

/// Every oracle's rules, compiled once (each pattern is checked by the oracles crate's test).
fn rules_of(oracle: &str) -> &'static [Compiled] {
    static ALL: OnceLock<BTreeMap<&'static str, Vec<Compiled>>> = OnceLock::new();
    let all = ALL.get_or_init(|| {
        let compile = |p: &Option<String>| p.as_deref().and_then(|p| Regex::new(p).ok());
        urldiff_oracles::parsers::descriptors()
            .iter()
            .map(|d| {
                let rules = d.profile.documented.iter();
                let compiled = rules
                    .map(|rule| Compiled {
                        rule,
                        input: compile(&rule.input),
                        base: compile(&rule.base),
                        base_not: compile(&rule.base_not),
                    })
                    .collect();
                (d.name.as_str(), compiled)
            })
            .collect()
    });
    // An older release of a library (`python-urllib@3.11`) has its library's documentation.
    let library = oracle.split('@').next().unwrap_or(oracle);
    all.get(library).map_or(&[], Vec::as_slice)
}

fn scheme(s: &str) -> Option<&str> {
    urldiff_parser::rfc3986::split_spans(s).scheme.map(|r| &s[r])
}

/// Whether `rule` covers a divergence: see the module documentation.
fn covers(
    c: &Compiled,
    request: &Request,
    (library, standard): (&Answer, &Answer),
    fields: &std::collections::BTreeSet<urldiff_compare::SharedField>,
) -> bool {
    let parsed = |a: &Answer| matches!(a, Answer::Parsed { .. });
    let failed = |a: &Answer| matches!(a, Answer::Failure { .. });
    let when = match c.rule.when {
        RuleWhen::Any => true,
        RuleWhen::StandardRejects => parsed(library) && failed(standard),
        RuleWhen::StandardAccepts => failed(library) && parsed(standard),
        RuleWhen::SameSchemeAsBase => match (scheme(&request.input), request.base.as_deref()) {
            (Some(s), Some(base)) => scheme(base).is_some_and(|b| b.eq_ignore_ascii_case(s)),
            _ => false,
        },
    };
    let input = c.input.as_ref().is_none_or(|r| r.is_match(&request.input));
    let base = match (&c.base, request.base.as_deref()) {
        (None, _) => true,
        (Some(r), Some(base)) => r.is_match(base),
        (Some(_), None) => false,
    };
    let base_not = match (&c.base_not, request.base.as_deref()) {
        (None, _) => true,
        (Some(r), Some(base)) => !r.is_match(base),
        (Some(_), None) => false,
    };
    let named = c.rule.fields.is_empty()
        || fields.iter().all(|f| c.rule.fields.iter().any(|n| n == f.name()));
    when && input && base && base_not && named && !fields.is_empty()
}

/// The rules of `oracle`'s documentation that cover this divergence of `library` (an index
/// of `judged`) from its standard's reference: one rule naming every field apart, else one
/// rule per field (a case can show two documented behaviours at once, `a://%40@#` Go's
/// decoded userinfo and its omitted empty fragment); empty when some field has none.
pub fn covering(
    judged: &Judged,
    request: &Request,
    answers: &[Answer],
    comparison: &Comparison,
    library: usize,
) -> Vec<&'static DocumentedRule> {
    let Some(&oracle) = judged.oracles.get(library) else { return Vec::new() };
    let reference = judged.reference_for(library).filter(|&r| r < answers.len());
    let Some(reference) = reference.filter(|&r| r < judged.oracles.len()) else {
        return Vec::new();
    };
    let fields = apart(
        comparison,
        judged.oracles[reference].name(),
        oracle.name(),
        Some(oracle.info().claim.standard),
    );
    let outcomes = (&answers[library], &answers[reference]);
    let rules = rules_of(oracle.name());
    if let Some(c) = rules.iter().find(|c| covers(c, request, outcomes, &fields)) {
        return vec![c.rule];
    }
    let mut each: Vec<&'static DocumentedRule> = Vec::new();
    for field in &fields {
        let one = std::collections::BTreeSet::from([*field]);
        let Some(c) = rules.iter().find(|c| covers(c, request, outcomes, &one)) else {
            return Vec::new();
        };
        if !each.iter().any(|r| std::ptr::eq(*r, c.rule)) {
            each.push(c.rule);
        }
    }
    each
}

/// The mark of `rules` of `oracle`'s documentation (names joined by ", "; the first rule's
/// link; what each says, joined by " · ").
pub fn mark(oracle: &str, rules: &[&DocumentedRule]) -> Mark {
    let library = oracle.split('@').next().unwrap_or(oracle);
    let names: Vec<String> = rules.iter().map(|r| format!("{library}/{}", r.name)).collect();
    let what: Vec<&str> = rules.iter().map(|r| r.what.as_str()).collect();
    Mark::Documented {
        rule: names.join(", "),
        link: rules.first().map_or(String::new(), |r| r.link.clone()),
        what: what.join(" · "),
    }
}

/// Turn each conformance part that its library's documentation covers into a documented
/// model difference (its mark set).
pub fn apply(
    judged: &Judged,
    request: &Request,
    answers: &[Answer],
    comparison: &Comparison,
    parts: &mut [Part],
) {
    for part in parts.iter_mut().filter(|p| p.kind == FindingKind::Conformance) {
        let Some(library) = part.library else { continue };
        let rules = covering(judged, request, answers, comparison, library);
        if !rules.is_empty() {
            part.kind = FindingKind::ModelDifference;
            part.documented = Some(mark(judged.oracles[library].name(), &rules));
        }
    }
}

#[cfg(test)]
mod tests;
