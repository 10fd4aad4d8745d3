//! A case can show two documented behaviours at once: libcurl "parses and normalizes
//! everything that appears to be a numerical IPv4 address" (URL-SYNTAX.md) and its path "is
//! always at least a slash" (curl_url_get), so `http://0x7f.1` (curl 8: `http://127.0.0.1/`)
//! differs from RFC 3986 (host `0x7f.1`, path "") in host and path, each covered by its own rule
//! of curl's profile: a documented model difference naming both rules, never a draft (before,
//! only one rule covering every field counted, and it was drafted).

mod support;

use urldiff_oracles::Oracle;
use urldiff_triage::events::NoEvents;
use urldiff_triage::mark::Mark;
use urldiff_triage::pipeline::{triage, TriageCase};
use urldiff_triage::rootcause::FindingKind;
use urldiff_triage::Request;

#[test]
fn two_documented_behaviours_of_one_case_are_documented_together() {
    let curl = urldiff_oracles::curl::CurlOracle::new();
    let request = Request::new("http://0x7f.1", None);
    let cases = vec![TriageCase { name: request.case().name(), request, suite: "jsonl/t".into() }];
    let oracles: Vec<&dyn Oracle> = vec![&curl];
    let config = support::test_config(&oracles, 1);
    let findings = triage(&cases, &config, &NoEvents).unwrap();
    let drafted = findings.groups.iter().filter(|g| g.kind == FindingKind::Conformance).count();
    assert_eq!(drafted, 0, "{:?}", findings.groups);
    let rules: Vec<&str> = findings
        .model_differences
        .iter()
        .flat_map(|m| &m.marks)
        .filter_map(|mark| match mark {
            Mark::Documented { rule, .. } => Some(rule.as_str()),
            _ => None,
        })
        .collect();
    assert!(
        rules
            .iter()
            .any(|r| r.contains("curl/ipv4-normalized") && r.contains("curl/path-at-least-slash")),
        "{rules:?}"
    );
}
