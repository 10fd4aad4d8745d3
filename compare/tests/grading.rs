//! Projection and grading on hand-checked pairs (expected grades follow from the definitions:
//! RFC 3986 §6.2.2.1 case, §6.2.2.2 percent-encoding, §5.2.4 dot segments, §6.2.3 ports).

use urldiff_compare::grade::{grade, Equivalence, Grade};
use urldiff_compare::project::{project, Projected, SharedField, Source};
use urldiff_compare::severity::Severity;
use urldiff_compare::verdict::{compare, Sources, Verdict};
use urldiff_oracles::{Answer, Case, Record, RfcRecord, WhatwgRecord};
use urldiff_parser::rfc3986::remove_dot_segments;

fn d(s: &str) -> Projected {
    Projected::Defined(s.into())
}

fn eq(e: Equivalence) -> Option<Grade> {
    Some(Grade::Equivalent(e))
}

#[test]
fn grades_hand_checked_pairs() {
    let href = SharedField::Href;
    assert_eq!(grade(href, &d("HTTP://a/"), &d("http://a/"), "http"), eq(Equivalence::AsciiCase));
    assert_eq!(
        grade(SharedField::Path, &d("/%41"), &d("/A"), "http"),
        eq(Equivalence::PercentEncoding)
    );
    assert_eq!(
        grade(SharedField::Path, &d("/%7E"), &d("/~"), "http"),
        eq(Equivalence::PercentEncoding)
    );
    // Hex case alone is caught by the earlier ascii-case equivalence.
    assert_eq!(
        grade(SharedField::Path, &d("/%7e"), &d("/%7E"), "http"),
        eq(Equivalence::AsciiCase)
    );
    // A space one side leaves raw.
    assert_eq!(
        grade(SharedField::Query, &d("a%20b"), &d("a b"), "http"),
        eq(Equivalence::PercentEncoding)
    );
    assert_eq!(
        grade(SharedField::Path, &d("/a/./b"), &d("/a/b"), "http"),
        eq(Equivalence::DotSegments)
    );
    assert_eq!(
        grade(href, &d("http://h/a/../b"), &d("http://h/b"), "http"),
        eq(Equivalence::DotSegments)
    );
    assert_eq!(
        grade(SharedField::Port, &d("80"), &Projected::EmptyOrUndefined, "http"),
        eq(Equivalence::DefaultPort)
    );
    assert_eq!(
        grade(href, &d("http://h:80/"), &d("http://h/"), "http"),
        eq(Equivalence::DefaultPort)
    );
    assert_eq!(grade(SharedField::Path, &d("/a"), &d("/a"), "http"), None);
}

#[test]
fn structural_when_no_equivalence_holds() {
    // `%2F` is a reserved character encoded: decoding it changes the path's segments.
    assert_eq!(grade(SharedField::Path, &d("/a%2Fb"), &d("/a/b"), "http"), Some(Grade::Structural));
    assert_eq!(grade(SharedField::Port, &d("8080"), &d(""), "http"), Some(Grade::Structural));
    // 443 is not http's default port.
    assert_eq!(grade(SharedField::Port, &d("443"), &d(""), "http"), Some(Grade::Structural));
    assert_eq!(
        grade(SharedField::Host, &d("127.0.0.1"), &d("evil.com"), "http"),
        Some(Grade::Structural)
    );
}

#[test]
fn defined_and_undefined_are_respected() {
    let q = SharedField::Query;
    assert_eq!(grade(q, &Projected::Undefined, &d(""), "http"), Some(Grade::Structural));
    assert_eq!(grade(q, &Projected::EmptyOrUndefined, &d(""), "http"), None);
    assert_eq!(grade(q, &Projected::EmptyOrUndefined, &Projected::Undefined, "http"), None);
}

#[test]
fn remove_dot_segments_matches_rfc3986_examples() {
    // RFC 3986 §5.2.4 walks through these two inputs.
    assert_eq!(remove_dot_segments("/a/b/c/./../../g"), "/a/g");
    assert_eq!(remove_dot_segments("mid/content=5/../6"), "mid/6");
}

fn whatwg(href: &str, protocol: &str, host: &str, port: &str, path: &str, search: &str) -> Record {
    Record::Whatwg(WhatwgRecord {
        href: Some(href.into()),
        protocol: Some(protocol.into()),
        username: Some(String::new()),
        password: Some(String::new()),
        host: Some(host.into()),
        hostname: Some(host.into()),
        port: Some(port.into()),
        pathname: Some(path.into()),
        search: Some(search.into()),
        hash: Some(String::new()),
        origin: None,
    })
}

#[test]
fn projection_maps_whatwg_onto_rfc_fields() {
    let p = project(&whatwg("http://h/p?q", "http:", "h", "", "/p", "?q"), Source::default());
    let get = |f| p.iter().find(|(g, _)| *g == f).map(|(_, v)| v.clone());
    assert_eq!(get(SharedField::Scheme), Some(d("http")));
    assert_eq!(get(SharedField::Query), Some(d("q")));
    assert_eq!(get(SharedField::Fragment), Some(Projected::EmptyOrUndefined));
    assert_eq!(get(SharedField::Userinfo), Some(Projected::EmptyOrUndefined));
    assert_eq!(get(SharedField::Port), Some(Projected::EmptyOrUndefined));
}

#[test]
fn whatwg_and_rfc_records_compare_on_shared_fields() {
    // `http://h:80/p?` as WPT sees it and as an RFC 3986 parser splits it (no base, so the
    // RFC record has no resolved href and href is not compared).
    let case = Case::parse("http://h:80/p?", None);
    let truth = Answer::Parsed {
        record: whatwg("http://h/p?", "http:", "h", "", "/p", ""),
        errors: vec![],
    };
    let rfc = RfcRecord {
        scheme: Some("http".into()),
        authority: Some("h:80".into()),
        userinfo: None,
        host: Some("h".into()),
        port: Some("80".into()),
        path: "/p".into(),
        query: Some(String::new()),
        fragment: None,
        resolved: None,
    };
    let got = Answer::Parsed { record: Record::Rfc(rfc), errors: vec![] };
    let Verdict::Fail(diffs) = compare(&case, &truth, &got, Sources::default()) else {
        panic!("expected a port difference")
    };
    assert_eq!(diffs.len(), 1, "{diffs:?}");
    assert_eq!(diffs[0].field, SharedField::Port);
    assert_eq!(diffs[0].grade, Grade::Equivalent(Equivalence::DefaultPort));
    // An empty port and the default port reach the same service: low, not high.
    assert_eq!(diffs[0].severity, Severity::Low);
}

#[test]
fn parsed_versus_failure_is_a_high_outcome_difference() {
    let case = Case::parse("http://a:b", None);
    let truth = Answer::Failure { reason: String::new(), errors: vec![] };
    let got = Answer::Parsed {
        record: whatwg("http://a:b/", "http:", "a", "b", "/", ""),
        errors: vec![],
    };
    let Verdict::Fail(diffs) = compare(&case, &truth, &got, Sources::default()) else { panic!() };
    assert_eq!((diffs[0].field, diffs[0].severity), (SharedField::Outcome, Severity::High));
    assert_eq!(compare(&case, &truth, &Answer::NoOpinion, Sources::default()), Verdict::NoOpinion);
    assert_eq!(compare(&case, &truth, &truth.clone(), Sources::default()), Verdict::Pass);
}

#[test]
fn severity_follows_field_and_grade() {
    use urldiff_compare::severity::severity;
    assert_eq!(severity(SharedField::Host, Grade::Structural, false), Severity::High);
    assert_eq!(severity(SharedField::Userinfo, Grade::Structural, false), Severity::High);
    assert_eq!(severity(SharedField::Path, Grade::Structural, false), Severity::Medium);
    assert_eq!(severity(SharedField::Fragment, Grade::Structural, false), Severity::Low);
    // Hosts are case-insensitive: only a case-sensitive check is fooled (medium).
    assert_eq!(
        severity(SharedField::Host, eq(Equivalence::AsciiCase).unwrap(), false),
        Severity::Medium
    );
}

#[test]
fn fields_an_oracle_does_not_fill_are_not_compared() {
    // An Appendix B splitter fills `authority` but not `host`: its undefined host field says
    // nothing; its host, userinfo and port come from its authority (RFC 3986 §3.2).
    let case = Case::parse("http://h/p", None);
    let truth =
        Answer::Parsed { record: whatwg("http://h/p", "http:", "h", "", "/p", ""), errors: vec![] };
    let split = RfcRecord {
        scheme: Some("http".into()),
        authority: Some("h".into()),
        path: "/p".into(),
        ..RfcRecord::default()
    };
    let got = Answer::Parsed { record: Record::Rfc(split), errors: vec![] };
    let declared: Vec<String> = ["scheme", "authority", "path", "query", "fragment"]
        .iter()
        .map(|s| s.to_string())
        .collect();
    let got_source = Source { oracle: "rfc3986-regex", fields: &declared };
    let sources = Sources { truth: Source::default(), got: got_source };
    assert_eq!(compare(&case, &truth, &got, sources), Verdict::Pass);
    let Verdict::Fail(diffs) = compare(&case, &truth, &got, Sources::default()) else { panic!() };
    assert!(diffs.iter().any(|d| d.field == SharedField::Host));
}
