//! PHP's `filter_var(…, FILTER_VALIDATE_URL)` "validates value as URL (according to RFC 2396)"
//! and returns the URL or false: a verdict, compared on its outcome and scheme only (its
//! descriptor's `fields`). Where RFC 2396 reads a registry-based authority (`a://!`,
//! `file://1/`: no server, so no host), parse_url's server-based split of an accepted URL is not
//! what the filter decided, and no draft is written against it (before the descriptor named
//! its fields, these three were drafted as "host differs"). PHP 8.2's answer:
//! `filter_var('a://!', FILTER_VALIDATE_URL)` is the URL, as RFC 2396's reg_name allows.

mod support;

use urldiff_oracles::parsers::adapter_folders;
use urldiff_oracles::subprocess::folder::folder_oracle;
use urldiff_oracles::{Availability, Oracle};
use urldiff_triage::events::NoEvents;
use urldiff_triage::pipeline::{triage, TriageCase};
use urldiff_triage::rootcause::FindingKind;
use urldiff_triage::Request;

fn case(input: &str) -> TriageCase {
    let request = Request::new(input, None);
    TriageCase { name: request.case().name(), request, suite: "jsonl/test".into() }
}

#[test]
fn php_filter_var_is_held_to_its_verdict_not_to_parse_urls_split() {
    let folder = adapter_folders().into_iter().find(|f| f.descriptor.name == "php-filter-var");
    let php = folder_oracle(folder.unwrap());
    if let Availability::Unavailable { reason } = php.availability() {
        urldiff_corpus::required::skip("php", "php_filter_var_verdict", &reason);
        return;
    }
    let registry_based = ["a://!", "file://1/", "a://%11"];
    let cases: Vec<TriageCase> = registry_based.iter().map(|i| case(i)).collect();
    let oracles: Vec<&dyn Oracle> = vec![&php];
    let config = support::test_config(&oracles, 1);
    let findings = triage(&cases, &config, &NoEvents).unwrap();
    let drafted: Vec<&str> = findings
        .groups
        .iter()
        .filter(|g| g.kind == FindingKind::Conformance)
        .map(|g| g.example.original.input.as_str())
        .collect();
    for input in registry_based {
        assert!(!drafted.contains(&input), "{input}: {drafted:?}");
    }
    let fields: Vec<&String> = findings.groups.iter().flat_map(|g| &g.root_cause.fields).collect();
    assert!(!fields.iter().any(|f| *f == "host"), "{fields:?}");
}
