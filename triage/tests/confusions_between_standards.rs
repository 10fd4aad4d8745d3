//! A confusion is between two standards: where the URL Standard and RFC 3986 read an
//! authority otherwise (`http:/example.com/`: the URL Standard's special authority slashes
//! find the host `example.com`, RFC 3986's grammar a path). Where both standards' references
//! read the host alike, a library that reads another host departs from its own standard: that
//! is the library's conformance finding, and no confusion between the standards is written for
//! it (it would be the same cause twice).

#[path = "support/mod.rs"]
mod support;

use urldiff_oracles::RfcRecord;
use urldiff_oracles::{Answer, Case, Claim, Oracle, OracleInfo, Record, Standard};
use urldiff_triage::events::NoEvents;
use urldiff_triage::pipeline::{triage, TriageCase};
use urldiff_triage::rootcause::FindingKind;
use urldiff_triage::Request;

/// An RFC 3986 library that answers as the standard does (or, `splits`, splits what the
/// standard rejects), but for a host it reads as another.
struct OtherHost(OracleInfo, bool);

impl Oracle for OtherHost {
    fn info(&self) -> &OracleInfo {
        &self.0
    }

    fn answer_batch(&self, cases: &[Case]) -> Result<Vec<Answer>, urldiff_oracles::OracleError> {
        let mut answers = if self.1 {
            urldiff_oracles::reference_rfc::ReferenceRfc3986Oracle::new().answer_batch(cases)?
        } else {
            urldiff_triage::standards::StandardReference::new(Standard::Rfc3986)
                .expect("RFC 3986's reference")
                .answer_batch(cases)?
        };
        for answer in &mut answers {
            if let Answer::Parsed { record: Record::Rfc(r), .. } = answer {
                other_host(r);
            }
        }
        Ok(answers)
    }
}

fn other_host(r: &mut RfcRecord) {
    let Some(host) = r.host.clone().filter(|h| !h.is_empty()) else { return };
    for text in [r.authority.as_mut(), r.resolved.as_mut()].into_iter().flatten() {
        *text = text.replacen(&host, "evil.example", 1);
    }
    r.host = Some("evil.example".into());
}

/// An [`OtherHost`] library named `name` with `claim` that (`splits`) splits what RFC 3986
/// rejects.
fn library_of_other_host(name: &str, claim: Claim, splits: bool) -> OtherHost {
    let mut info = urldiff_oracles::reference_rfc::ReferenceRfc3986Oracle::new().info().clone();
    info.name = name.into();
    info.claim = claim;
    OtherHost(info, splits)
}

fn case(input: &str) -> TriageCase {
    let request = Request::new(input, None);
    TriageCase { name: request.case().name(), request, suite: "confusions".into() }
}

#[test]
fn a_library_departing_from_its_own_standard_is_no_confusion_between_standards() {
    let reference = urldiff_oracles::reference::ReferenceOracle::new();
    let rfc = urldiff_oracles::reference_rfc::ReferenceRfc3986Oracle::new();
    let library = library_of_other_host("other-host", Claim::strict(Standard::Rfc3986), false);
    let oracles: Vec<&dyn Oracle> = vec![&reference, &rfc, &library];
    // Both standards read the host `example.com` in each: only the library reads another.
    let agreed = ["http://example.com/a", "https://user@example.com:8080/p?q", "ws://example.com"];
    // The standards themselves read the authority otherwise: a confusion.
    let confused = "http:/example.com/";
    let cases: Vec<TriageCase> = agreed.iter().chain([&confused]).map(|i| case(i)).collect();
    let findings = triage(&cases, &support::test_config(&oracles, 0), &NoEvents).expect("runs");
    let member_of = |kind: FindingKind, input: &str| {
        findings.groups.iter().any(|g| g.kind == kind && g.members.iter().any(|m| m.input == input))
    };
    for input in agreed {
        assert!(
            member_of(FindingKind::Conformance, input),
            "{input}: the library's own finding: {:#?}",
            findings.groups
        );
        assert!(
            !member_of(FindingKind::Confusion, input),
            "{input}: both standards read the host example.com, so no confusion: {:#?}",
            findings.groups
        );
    }
    assert!(member_of(FindingKind::Confusion, confused), "{:#?}", findings.groups);
}

/// The minimizer keeps a confusion by the same rule: with the standards' references among the
/// oracles it asks, a candidate on which only the library departs (both standards read the
/// host `example.com`) does not keep the confusion, and one the standards read otherwise does.
#[test]
fn the_minimizer_keeps_a_confusion_only_where_the_standards_read_otherwise() {
    use std::collections::BTreeMap;
    use urldiff_triage::minimize::Goal;
    use urldiff_triage::rootcause::goal::{BetweenStandardsGoal, Shape};
    let reference = urldiff_oracles::reference::ReferenceOracle::new();
    let rfc = urldiff_oracles::reference_rfc::ReferenceRfc3986Oracle::new();
    let library = library_of_other_host("other-host", Claim::strict(Standard::Rfc3986), false);
    let oracles: Vec<&dyn Oracle> = vec![&reference, &library, &rfc];
    let goal = |input: &str| BetweenStandardsGoal {
        kind: FindingKind::Confusion,
        standards: vec![Standard::Whatwg, Standard::Rfc3986],
        fields: vec!["host".into()],
        class: None,
        shape: Shape::of(&Request::new(input, None)),
        references: BTreeMap::from([
            (Standard::Whatwg, "reference".to_owned()),
            (Standard::Rfc3986, rfc.info().name.clone()),
        ]),
    };
    let holds = |input: &str| {
        let request = Request::new(input, None);
        let answers = urldiff_triage::ask::ask(&oracles, std::slice::from_ref(&request))
            .expect("asks")
            .remove(0);
        goal(input).holds(&oracles, &request, &answers)
    };
    assert!(holds("http:/example.com/"), "the standards read the authority otherwise");
    assert!(!holds("http://example.com/a"), "only the library reads another host");
}

/// A library that splits what RFC 3986 rejects (a lenient claim) is held to the standard's own
/// split there: `http://example.com/a b` (a space RFC 3986's grammar rejects) splits with the
/// host `example.com`, as the URL Standard reads it, so a lenient library reading another
/// host departs from its standard, no confusion. On `http://a\\@b/` the split's host is `b`
/// and the URL Standard's `a`: the standards part, so a library reading any host there is a
/// confusion.
#[test]
fn a_lenient_library_is_read_against_its_standard_s_split_where_the_standard_rejects() {
    let reference = urldiff_oracles::reference::ReferenceOracle::new();
    let split = urldiff_oracles::reference_rfc::ReferenceRfc3986Oracle::new();
    let library =
        library_of_other_host("lenient-other-host", Claim::lenient(Standard::Rfc3986), true);
    // A library claiming RFC 3986 strictly that splits what it should reject anyway: the
    // standard's only reading of such an input is its split too.
    let strict = library_of_other_host("strict-other-host", Claim::strict(Standard::Rfc3986), true);
    let oracles: Vec<&dyn Oracle> = vec![&reference, &split, &library, &strict];
    let departs = "http://example.com/a b";
    let confused = "http://a\\@b/";
    let findings =
        triage(&[case(departs), case(confused)], &support::test_config(&oracles, 0), &NoEvents)
            .expect("runs");
    let confusion_of = |input: &str| {
        findings
            .groups
            .iter()
            .any(|g| g.kind == FindingKind::Confusion && g.members.iter().any(|m| m.input == input))
    };
    assert!(!confusion_of(departs), "{:#?}", findings.groups);
    assert!(confusion_of(confused), "{:#?}", findings.groups);
}

/// A port the two standards write otherwise but read as one number (`01` and `1`: RFC 3986
/// section 3.2.3's decimal port, the URL Standard's 16-bit number) reaches one port: no
/// confusion. A port they read as two numbers is one.
#[test]
fn one_port_number_written_two_ways_is_no_confusion() {
    let reference = urldiff_oracles::reference::ReferenceOracle::new();
    let rfc = urldiff_oracles::reference_rfc::ReferenceRfc3986Oracle::new();
    let oracles: Vec<&dyn Oracle> = vec![&reference, &rfc];
    let same = "a.://example.com:01";
    let findings =
        triage(&[case(same)], &support::test_config(&oracles, 0), &NoEvents).expect("runs");
    let confusions: Vec<_> =
        findings.groups.iter().filter(|g| g.kind == FindingKind::Confusion).collect();
    assert!(confusions.is_empty(), "{confusions:#?}");
    assert!(findings.model_differences.iter().any(|m| m.cases > 0), "still a model difference");
}
