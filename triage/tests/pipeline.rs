//! Triage end to end on hand-checked cases: grouping, the ledger's "expected", the findings
//! file's round trip, and the WPT export read back by the one urltestdata reader.

mod support;

use std::collections::BTreeSet;
use urldiff_compare::{AgreementGroups, Answered, Severity, SharedField};
use urldiff_oracles::reference::ReferenceOracle;
use urldiff_oracles::{Answer, Case, Oracle, OracleInfo, Record, Standard};
use urldiff_triage::events::NoEvents;
use urldiff_triage::expected::{DisagreeingFields, Ledger};
use urldiff_triage::findings::{Findings, Tool, SCHEMA_VERSION};
use urldiff_triage::pipeline::{triage, Config, TriageCase};
use urldiff_triage::rootcause::FindingKind;
use urldiff_triage::{Budget, Request};

fn case(input: &str) -> TriageCase {
    let request = Request::new(input, None);
    TriageCase { name: request.case().name(), request, suite: "jsonl/test".into() }
}

fn config<'a>(oracles: &'a [&'a dyn Oracle], ledger: Option<&'a dyn Ledger>) -> Config<'a> {
    Config {
        oracles,
        ledger,
        known: None,
        budget: Budget::default(),
        minimize_per_key: 2,
        originals_kept: 5,
        tool: Tool { name: "urldiff".into(), version: "test".into() },
        wpt_revision: Some("test data".into()),
        sources: vec!["test".into()],
        skipped_oracles: Vec::new(),
        skipped_cases: 0,
        unreadable_lines: Vec::new(),
    }
}

/// Three backslash confusions (one signature, one set of errors), one case difference, one
/// URL both modes agree on.
fn cases() -> Vec<TriageCase> {
    [
        "http://evil.example\\@good.example/",
        "http://other.example\\@x.example/path",
        "http://e\\@g/",
        "HTTP://A/",
        "http://a/",
    ]
    .into_iter()
    .map(case)
    .collect()
}

#[test]
fn cases_are_grouped_by_root_cause_and_model_differences_are_counted() {
    let oracles = support::reference_pair();
    let oracles = support::refs(&oracles);
    let findings = triage(&cases(), &config(&oracles, None), &NoEvents).unwrap();
    assert_eq!(findings.run.cases, 5);
    assert_eq!(findings.run.divergent, 4);
    // One group of the three backslash cases: a confusion of the two standards.
    assert_eq!(findings.groups.len(), 1, "{:#?}", findings.groups);
    let backslash = &findings.groups[0];
    assert_eq!(backslash.kind, FindingKind::Confusion);
    assert_eq!(backslash.root_cause.standards, [Standard::Whatwg, Standard::Rfc3986]);
    assert_eq!(backslash.root_cause.fields, ["userinfo"], "the first authority field that differs");
    assert_eq!(backslash.count, 3);
    assert_eq!(findings.run.minimized, 2, "the first two cases of the group");
    assert_eq!(backslash.id, backslash.root_cause.id());
    assert!(
        ["http://a\\@", "http://example.com\\@"].contains(&backslash.example.input.as_str()),
        "{}",
        backslash.example.input
    );
    assert!(backslash.classes.contains(&"backslash-confusion".to_owned()));
    assert_eq!(backslash.severity, Severity::High, "userinfo and host differ");
    assert_eq!(backslash.severity_rule, "accepted-authority-differs");
    // Members smallest first (code points), whatever their order in the input.
    let members: Vec<&str> = backslash.members.iter().map(|o| o.input.as_str()).collect();
    assert_eq!(
        members,
        [
            "http://e\\@g/",
            "http://evil.example\\@good.example/",
            "http://other.example\\@x.example/path"
        ]
    );
    assert_eq!(backslash.answers.len(), 2);
    match &backslash.answers[0].answer {
        Answer::Parsed { record: Record::Whatwg(r), .. } => {
            assert_ne!(r.hostname.as_deref(), Some(""), "the WHATWG side reads a host")
        }
        other => panic!("the reference parses the example: {other:?}"),
    }
    // Upper case scheme and host: read alike but for case, a model difference.
    assert_eq!(findings.model_differences.len(), 1, "{:#?}", findings.model_differences);
    let case = &findings.model_differences[0];
    assert_eq!((case.cases, case.example.input.as_str()), (1, "HTTP://A/"));
    assert_eq!(case.root_cause.class.as_deref(), Some("case-normalization"));
    let row = findings.classes.iter().find(|r| r.id == "backslash-confusion").unwrap();
    assert_eq!((row.groups, row.cases), (1, 3));
    assert_eq!(findings.oracles.len(), 2);
}

/// Covers what it is told to, for one oracle and one case.
struct OneEntry {
    oracle: &'static str,
    case_name: String,
    fields: BTreeSet<SharedField>,
}

impl Ledger for OneEntry {
    fn covers(
        &self,
        oracle: &str,
        _: &str,
        name: &str,
        _: &Answer,
        fields: &BTreeSet<SharedField>,
    ) -> bool {
        oracle == self.oracle && name == self.case_name && fields.is_subset(&self.fields)
    }
}

#[test]
fn the_ledger_removes_each_implementation_it_covers_and_a_part_with_a_side_left_stays() {
    let oracles = support::reference_pair();
    let oracles = support::refs(&oracles);
    let upper = case("HTTP://A/");
    let both = OneEntry {
        oracle: "reference-rfc3986",
        case_name: upper.name.clone(),
        fields: [SharedField::Scheme, SharedField::Host].into(),
    };
    let findings =
        triage(std::slice::from_ref(&upper), &config(&oracles, Some(&both)), &NoEvents).unwrap();
    let counts = |f: &Findings| (f.run.divergent, f.run.expected, f.model_differences.len());
    assert_eq!(counts(&findings), (1, 1, 0), "the RFC side's part is covered: nothing is left");
    let scheme_only = OneEntry { fields: [SharedField::Scheme].into(), ..both };
    let findings = triage(&[upper], &config(&oracles, Some(&scheme_only)), &NoEvents).unwrap();
    assert_eq!(counts(&findings), (1, 0, 1), "host is not covered");
}

#[test]
fn disagreeing_fields_are_those_where_an_oracle_leaves_the_truths_group() {
    let oracles = support::in_process();
    let oracles = support::refs(&oracles);
    let request = Request::new("http://a\\@b", None);
    let answers = urldiff_triage::ask(&oracles, std::slice::from_ref(&request)).unwrap().remove(0);
    let comparison = urldiff_triage::ask::compare_answers(&oracles, &request, &answers);
    let apart = |o: &str| comparison.disagreeing_fields("reference", o);
    assert!(apart("rust-url").is_empty() && apart("ada").is_empty());
    let rfc: BTreeSet<SharedField> =
        [SharedField::Userinfo, SharedField::Host, SharedField::Path].into();
    assert_eq!(apart("reference-rfc3986"), rfc);
    assert_eq!(apart("rfc3986-regex"), rfc);
    // AgreementGroups, which build no comparison, say the same of every oracle.
    let answered: Vec<Answered> = oracles
        .iter()
        .zip(&answers)
        .map(|(oracle, answer)| Answered { info: oracle.info(), answer })
        .collect();
    let groups = AgreementGroups::of(&request.case(), &answered);
    for oracle in &oracles {
        let name = oracle.name();
        assert_eq!(groups.disagreeing_fields("reference", name), apart(name), "{name}");
    }
}

#[test]
fn the_findings_file_round_trips_and_names_its_schema() {
    let oracles = support::in_process();
    let oracles = support::refs(&oracles);
    let findings = triage(&cases(), &config(&oracles, None), &NoEvents).unwrap();
    let text = findings.to_json();
    let value: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert_eq!(value["schema_version"], SCHEMA_VERSION);
    assert!(value["groups"].as_array().is_some_and(|g| !g.is_empty()));
    assert_eq!(value["groups"][0]["answers"][0]["oracle"], "reference");
    assert_eq!(value["groups"][0]["answers"][0]["outcome"], "parsed");
    assert_eq!(Findings::from_json(&text).unwrap(), findings);
    let other = text.replacen(
        &format!("\"schema_version\": {SCHEMA_VERSION}"),
        "\"schema_version\": 999",
        1,
    );
    let why = Findings::from_json(&other).unwrap_err().to_string();
    assert_eq!(why, format!("schema_version 999; this urldiff reads {SCHEMA_VERSION}"));
    let why = |text: &str| Findings::from_json(text).unwrap_err().to_string();
    assert_eq!(why("  \n"), "the file is empty: not a findings file");
    assert_eq!(why("{\"groups\": []}"), "no schema_version: not a findings file");
    // serde_json's own words follow.
    assert!(why("[1,").starts_with("not JSON: EOF while parsing"), "{}", why("[1,"));
}

/// An oracle answering as another one does, under the name `whatwg-url`.
struct Renamed {
    info: OracleInfo,
    inner: Box<dyn Oracle>,
}

impl Oracle for Renamed {
    fn info(&self) -> &OracleInfo {
        &self.info
    }

    fn answer_batch(&self, cases: &[Case]) -> Result<Vec<Answer>, urldiff_oracles::OracleError> {
        self.inner.answer_batch(cases)
    }
}

/// The reference under the name `whatwg-url` (an agreeing reviewer), and rust-url.
fn reviewed() -> (Vec<Box<dyn Oracle>>, Renamed) {
    let mut info = ReferenceOracle::new().info().clone();
    info.name = "whatwg-url".into();
    let reviewer = Renamed { info, inner: Box::new(ReferenceOracle::new()) };
    let oracles: Vec<Box<dyn Oracle>> = vec![
        Box::new(ReferenceOracle::new()),
        Box::new(urldiff_oracles::rust_url::RustUrlOracle::new()),
    ];
    (oracles, reviewer)
}

#[test]
fn export_wpt_writes_conformance_findings_wpt_lacks_with_the_references_values() {
    let (boxed, reviewer) = reviewed();
    let mut oracles = support::refs(&boxed);
    oracles.push(&reviewer);
    let cases: Vec<TriageCase> =
        ["a://h:1\\", "ssh://git@host:22\\path", "http://example.com/a^b", "http://a/"]
            .into_iter()
            .map(case)
            .collect();
    let findings = triage(&cases, &config(&oracles, None), &NoEvents).unwrap();
    assert_eq!(findings.groups.len(), 2, "{:#?}", findings.groups);
    // No coverage given: both rust-url groups are exported.
    let entries =
        urldiff_triage::wpt_export::export(&findings, &ReferenceOracle::new(), None).unwrap();
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("urltestdata.json");
    std::fs::write(&path, serde_json::to_string_pretty(&entries).unwrap()).unwrap();
    let file = urldiff_corpus::urltestdata::read(&path).unwrap();
    assert_eq!(file.entries.len(), 2);
    assert_eq!(file.comments, 3, "a header and one comment per entry");
    for entry in &file.entries {
        match urldiff_parser::Url::parse(&entry.input, None) {
            Ok(url) => {
                assert_eq!(entry.expected.field("href"), Some(url.href()));
                assert_eq!(entry.expected.field("pathname"), Some(url.pathname()));
            }
            Err(_) => assert_eq!(entry.expected, urldiff_corpus::urltestdata::Expected::Failure),
        }
    }
    let port = entries
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|e| e.as_str())
        .find(|c| c.starts_with("Port state"));
    assert!(
        port.is_some_and(|c| c.contains("U+005C (\\)") && c.contains("#port-state")),
        "{entries}"
    );
    // A WPT case reading `^` in the path state covers the `^` group: only the port is left.
    let coverage = urldiff_triage::coverage::WptCoverage::of(&[Request::new("http://x/^", None)]);
    let entries =
        urldiff_triage::wpt_export::export(&findings, &ReferenceOracle::new(), Some(&coverage))
            .unwrap();
    let inputs: Vec<&str> =
        entries.as_array().unwrap().iter().filter_map(|e| e["input"].as_str()).collect();
    assert_eq!(inputs.len(), 1, "{entries}");
    assert!(inputs[0].contains('\\'), "{entries}");
    assert!(
        entries[0].as_str().unwrap().contains("1: a WPT case reads the same step"),
        "{entries}"
    );
}

#[test]
fn export_wpt_leaves_out_what_whatwg_url_reads_otherwise_and_what_is_not_conformance() {
    let mut pair = support::reference_pair();
    let rfc = pair.pop().unwrap();
    let mut info = rfc.info().clone();
    info.name = "whatwg-url".into();
    info.claim = urldiff_oracles::Claim::strict(Standard::Whatwg);
    let renamed = Renamed { info, inner: rfc };
    let oracles: Vec<&dyn Oracle> = vec![pair[0].as_ref(), &renamed];
    let findings = triage(&[case("http://a\\@b")], &config(&oracles, None), &NoEvents).unwrap();
    assert!(!findings.groups.is_empty());
    let entries =
        urldiff_triage::wpt_export::export(&findings, &ReferenceOracle::new(), None).unwrap();
    assert_eq!(entries.as_array().unwrap().len(), 1, "only the header: {entries}");
    assert!(entries[0].as_str().unwrap().contains("whatwg-url disagrees"), "{entries}");
}

/// Covers rust-url's `^` cases and names an upstream issue fixed in `fixed_in`.
struct Caret {
    fixed_in: &'static str,
}

impl Ledger for Caret {
    fn covers(
        &self,
        oracle: &str,
        _: &str,
        name: &str,
        _: &Answer,
        _: &BTreeSet<SharedField>,
    ) -> bool {
        oracle == "rust-url" && name.contains('^')
    }

    fn known(
        &self,
        oracle: &str,
        suite: &str,
        name: &str,
        answer: &Answer,
        fields: &BTreeSet<SharedField>,
    ) -> Option<urldiff_triage::expected::KnownIssue> {
        self.covers(oracle, suite, name, answer, fields).then(|| {
            urldiff_triage::expected::KnownIssue {
                upstream: Some("https://github.com/servo/rust-url/issues/1140".into()),
                fixed_in: Some(self.fixed_in.into()),
                step: None,
                regression: false,
                case: None,
            }
        })
    }
}

#[test]
fn known_issues_are_marked_and_a_fixed_one_that_returns_is_a_regression() {
    let (boxed, _) = reviewed();
    let oracles = support::refs(&boxed);
    let cases = [case("http://example.com/a^b")];
    // Not yet fixed in the version tested (url 2.5.8): known, and left out by --ledger.
    let later = Caret { fixed_in: "99.0" };
    let annotated = Config { known: Some(&later), ..config(&oracles, None) };
    let findings = triage(&cases, &annotated, &NoEvents).unwrap();
    let known = findings.groups[0].known.as_ref().expect("marked known");
    assert_eq!(known.upstream.as_deref(), Some("https://github.com/servo/rust-url/issues/1140"));
    // The case the entry covers, which a draft reproduces.
    assert_eq!(known.case.as_ref().map(|c| c.input.as_str()), Some("http://example.com/a^b"));
    assert!(!known.regression);
    let findings = triage(&cases, &config(&oracles, Some(&later)), &NoEvents).unwrap();
    assert_eq!((findings.groups.len(), findings.run.expected), (0, 1));
    // Fixed in a version at or before the one tested: back again, a regression, never left out.
    let earlier = Caret { fixed_in: "2.0" };
    let findings = triage(&cases, &config(&oracles, Some(&earlier)), &NoEvents).unwrap();
    assert_eq!(findings.groups.len(), 1, "a regression is reported");
    assert!(findings.groups[0].known.as_ref().is_some_and(|k| k.regression));
}

/// The RFC 3986 reference under another name, its query left out when `query_absent`.
struct RfcAs {
    info: OracleInfo,
    query_absent: bool,
}

impl Oracle for RfcAs {
    fn info(&self) -> &OracleInfo {
        &self.info
    }

    fn answer_batch(&self, cases: &[Case]) -> Result<Vec<Answer>, urldiff_oracles::OracleError> {
        let reference = urldiff_oracles::reference_rfc::ReferenceRfc3986Oracle::new();
        let mut answers = reference.answer_batch(cases)?;
        for answer in &mut answers {
            if let (true, Answer::Parsed { record: Record::Rfc(r), .. }) =
                (self.query_absent, answer)
            {
                r.query = None;
            }
        }
        Ok(answers)
    }
}

#[test]
fn an_empty_or_undefined_value_agreeing_with_the_reference_is_no_difference() {
    let reference = urldiff_oracles::reference_rfc::ReferenceRfc3986Oracle::new();
    let named = |name: &str| {
        let mut info = reference.info().clone();
        info.name = name.into();
        info
    };
    // python-urllib's query is "empty or undefined" (its adapter rule urlsplit-empty-is-unknown):
    // it agrees with the reference's "" and with another library's absent query, so the
    // agreement groups cannot put it with both; only the other library differs.
    let python = RfcAs { info: named("python-urllib"), query_absent: false };
    let other = RfcAs { info: named("other-rfc"), query_absent: true };
    let oracles: Vec<&dyn Oracle> = vec![&reference, &python, &other];
    let findings =
        triage(&[case("http://example.org/test?")], &config(&oracles, None), &NoEvents).unwrap();
    let libraries: Vec<_> =
        findings.groups.iter().filter_map(|g| g.root_cause.library.clone()).collect();
    assert!(!libraries.iter().any(|l| l == "python-urllib"), "{:#?}", findings.groups);
    assert!(libraries.iter().any(|l| l == "other-rfc"), "{:#?}", findings.groups);
}
