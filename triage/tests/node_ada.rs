//! Node's URL is ada: `node-url` names the ada Node bundles in its version, and a finding of
//! Node that the ada crate (the `ada` oracle, a newer ada) does not show is marked `fixed in
//! ada X`, not drafted against Node. The cases are two of Node 20's (ada 2.9.2) departures from
//! the URL Standard that ada 4.0 no longer has: `http://XN--` (Node fails in the host state;
//! the standard and ada 4.0 parse it) and `a:/^` (Node leaves `^` in the path; the path
//! percent-encode set has it).

mod support;

use urldiff_oracles::ada::AdaOracle;
use urldiff_oracles::subprocess::node::node_url;
use urldiff_oracles::{Availability, Oracle};
use urldiff_triage::events::NoEvents;
use urldiff_triage::mark::Mark;
use urldiff_triage::pipeline::{triage, TriageCase};
use urldiff_triage::rootcause::FindingKind;
use urldiff_triage::Request;

fn case(input: &str) -> TriageCase {
    let request = Request::new(input, None);
    TriageCase { name: request.case().name(), request, suite: "jsonl/test".into() }
}

#[test]
fn node_findings_that_the_newer_ada_fixed_are_not_drafts() {
    let node = node_url();
    if let Availability::Unavailable { reason } = node.availability() {
        urldiff_corpus::required::skip("node", "node_ada", &reason);
        return;
    }
    let version = node.info().version.clone();
    let Some(bundled) = version.split("(ada ").nth(1).map(|v| v.trim_end_matches(')').to_owned())
    else {
        panic!("node-url's version names no ada: {version}");
    };
    let ada = AdaOracle::new();
    if !urldiff_triage::marks::releases::later(
        urldiff_triage::marks::releases::release(&ada.info().version).unwrap_or("0"),
        &bundled,
    ) {
        eprintln!("node_ada: skipped: Node bundles ada {bundled}, not older than the crate's");
        return;
    }
    let cases = vec![case("http://XN--"), case("a:/^")];
    let oracles: Vec<&dyn Oracle> = vec![&ada, &node];
    let config = support::test_config(&oracles, 1);
    let findings = triage(&cases, &config, &NoEvents).unwrap();
    let node_groups: Vec<_> = findings
        .groups
        .iter()
        .filter(|g| g.kind == FindingKind::Conformance)
        .filter(|g| g.root_cause.library.as_deref() == Some("node-url"))
        .collect();
    assert_eq!(node_groups.len(), 2, "{node_groups:#?}");
    for g in node_groups {
        assert!(!g.is_draft(), "{}: {:?}", g.example.input, g.marks);
        assert!(
            g.marks.iter().any(|m| matches!(m, Mark::Fixed { oracle, .. } if oracle == "ada")),
            "{:?}",
            g.marks
        );
    }
}
