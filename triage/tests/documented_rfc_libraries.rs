//! Behaviours the RFC libraries' own documentation states are documented model differences,
//! never drafts, wherever the behaviour shows (the input, the base, the href written back),
//! not only where a rule was first written for it. Each reading below was checked on the
//! library itself:
//!
//! - CPython 3.13 `urljoin('https://a@', '//')` is `https://a@`: the empty netloc of `//`
//!   reads as none, so the base's userinfo stays (urlsplit's table: netloc, "value if not
//!   present: empty string");
//! - OpenJDK 17 `new URI("sc:/é").resolve("a")` is `sc:/a`: java.net.URI permits "other"
//!   characters in a path, so it has a base where RFC 2396's grammar has none;
//! - Go 1.19 `url.Parse("http://::@").String()` is `http://:%3A@` and
//!   `url.Parse("http://a:b:c@h/").String()` is `http://a:b%3Ac@h/`: Userinfo.String
//!   "returns the encoded userinfo information".

mod support;

use std::collections::BTreeMap;
use urldiff_oracles::registry::split_available;
use urldiff_oracles::{default_oracles, Oracle, RegistryConfig};
use urldiff_triage::events::NoEvents;
use urldiff_triage::marks::Mark;
use urldiff_triage::pipeline::{triage, TriageCase};
use urldiff_triage::rootcause::FindingKind;
use urldiff_triage::Request;

fn case(input: &str, base: Option<&str>) -> TriageCase {
    let request = Request::new(input, base);
    TriageCase { name: request.case().name(), request, suite: "jsonl/test".into() }
}

/// `oracle` with the references, or `None` (skipped with one line) when its runtime is missing.
fn oracle(name: &str, runtime: &str) -> Option<Box<dyn Oracle>> {
    let config = RegistryConfig::from_env().expect("the environment's time limits");
    let wanted = default_oracles(&config).into_iter().filter(|o| o.name() == name);
    let (mut available, unavailable) = split_available(wanted.collect());
    if let Some((_, reason)) = unavailable.first() {
        let first = reason.lines().next().unwrap_or("");
        urldiff_corpus::required::skip(runtime, "documented_rfc_libraries", first);
        return None;
    }
    available.pop()
}

/// Triage `cases` with `library` alone (its standard's reference joins it) and check each is
/// documented by `rule` of its profile, with no conformance group holding it.
fn documented(library: &dyn Oracle, cases: &[(&str, Option<&str>, &str)]) {
    let triage_cases: Vec<TriageCase> = cases.iter().map(|(i, b, _)| case(i, *b)).collect();
    let oracles: Vec<&dyn Oracle> = vec![library];
    let config = support::test_config(&oracles, 1);
    let findings = triage(&triage_cases, &config, &NoEvents).expect("triage runs");
    let drafted: Vec<(&str, Option<&str>)> = findings
        .groups
        .iter()
        .filter(|g| g.kind == FindingKind::Conformance && g.is_draft())
        .flat_map(|g| g.members.iter().map(|m| (m.input.as_str(), m.base.as_deref())))
        .collect();
    let rules: BTreeMap<(&str, Option<&str>), &str> = findings
        .model_differences
        .iter()
        .flat_map(|m| {
            m.marks.iter().filter_map(move |mark| match mark {
                Mark::Documented { rule, .. } => {
                    Some(((m.example.input.as_str(), m.example.base.as_deref()), rule.as_str()))
                }
                _ => None,
            })
        })
        .collect();
    for (input, base, rule) in cases {
        assert!(
            !drafted.contains(&(input, *base)),
            "{input:?} against {base:?} is drafted: {drafted:?}"
        );
        let found = rules.get(&(*input, *base)).copied().unwrap_or("");
        assert!(found.contains(rule), "{input:?} against {base:?}: {found:?} in {rules:?}");
    }
}

#[test]
fn python_urllib_keeps_the_base_s_userinfo_under_an_empty_netloc() {
    let Some(python) = oracle("python-urllib", "python") else { return };
    documented(
        python.as_ref(),
        &[("//", Some("https://a@"), "python-urllib/empty-netloc-is-absent")],
    );
}

#[test]
fn java_uri_resolves_against_a_base_with_other_characters() {
    let Some(java) = oracle("java-uri", "java") else { return };
    documented(java.as_ref(), &[("a", Some("sc:/é"), "java-uri/other-characters-in-base")]);
}

#[test]
fn go_net_url_writes_the_userinfo_back_encoded() {
    let Some(go) = oracle("go-net-url", "go") else { return };
    documented(
        go.as_ref(),
        &[
            ("http://::@", None, "go-net-url/userinfo-re-encoded"),
            ("http://a:b:c@h/", None, "go-net-url/userinfo-re-encoded"),
        ],
    );
}
