//! java.net.URI held to what it claims: RFC 2396 as amended by RFC 2732 (its grammar, not RFC
//! 3986's), with the deviations its documentation lists. A case each documented deviation
//! covers is a documented model difference, never a conformance finding; constructs valid in
//! one RFC's grammar and not the other's are judged by RFC 2396's (java.net.URI's readings
//! below were checked with `new java.net.URI(…)` on OpenJDK 17: `a:` "Expected
//! scheme-specific part", `http://a/?[` parses, `http://a@b@c/` parses registry-based,
//! `http://[v1.x]/` "Malformed IPv6 address").

mod support;

use std::collections::BTreeMap;
use urldiff_oracles::subprocess::java::java_uri;
use urldiff_oracles::{Availability, Oracle};
use urldiff_triage::events::NoEvents;
use urldiff_triage::mark::Mark;
use urldiff_triage::pipeline::{triage, TriageCase};
use urldiff_triage::rootcause::FindingKind;
use urldiff_triage::Request;

fn case(input: &str, base: Option<&str>) -> TriageCase {
    let request = Request::new(input, base);
    TriageCase { name: request.case().name(), request, suite: "jsonl/test".into() }
}

#[test]
fn java_uri_is_held_to_rfc2396_and_its_documented_deviations() {
    let java = java_uri();
    if let Availability::Unavailable { reason } = java.availability() {
        urldiff_corpus::required::skip("java", "java_uri_documented", &reason);
        return;
    }
    // (input, the rule of java.net.URI's documentation that covers it)
    let documented = [
        ("?q", "java-uri/empty-relative-path"),
        ("http://a/é", "java-uri/other-characters"),
        ("s://123", "java-uri/single-label-alphanum-host"),
        ("http://1.2.3.256/", "java-uri/ipv4-rigorous"),
        ("http://", "java-uri/empty-authority"),
        ("http://[::1.2.3.4]/", "java-uri/ipv6-rfc2373"),
    ];
    // Valid in RFC 3986 only, or in RFC 2396 only: java.net.URI reads them as RFC 2396 does.
    let by_rfc2396 = ["a:", "http://[v1.x]/", "http://a/?[", "http://a@b@c/", "mailto:x[y"];
    let mut cases: Vec<TriageCase> = documented.iter().map(|(i, _)| case(i, None)).collect();
    cases.extend(by_rfc2396.iter().map(|i| case(i, None)));
    let oracles: Vec<&dyn Oracle> = vec![&java];
    let config = support::test_config(&oracles, 1);
    let findings = triage(&cases, &config, &NoEvents).unwrap();
    let conformance: Vec<&str> = findings
        .groups
        .iter()
        .filter(|g| g.kind == FindingKind::Conformance)
        .map(|g| g.example.original.input.as_str())
        .collect();
    assert!(conformance.is_empty(), "java-uri drafts: {conformance:?}");
    let rules: BTreeMap<&str, &str> = findings
        .model_differences
        .iter()
        .flat_map(|m| {
            m.marks.iter().filter_map(move |mark| match mark {
                Mark::Documented { rule, .. } => Some((m.example.input.as_str(), rule.as_str())),
                _ => None,
            })
        })
        .collect();
    for (input, rule) in documented {
        assert_eq!(rules.get(input), Some(&rule), "{input}: {rules:?}");
    }
}
