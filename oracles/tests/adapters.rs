//! Each in-process adapter on the tricky cases of `common` (expected values checked against
//! Node.js, see there), plus the RFC 3986 Appendix B regex oracle on the RFC's own examples.

mod common;

use urldiff_oracles::ada::AdaOracle;
use urldiff_oracles::reference::ReferenceOracle;
use urldiff_oracles::rfc3986_regex::Rfc3986RegexOracle;
use urldiff_oracles::rust_url::RustUrlOracle;
use urldiff_oracles::{Answer, Case, Oracle, Record, RfcRecord};

fn assert_none(what: &str, mismatches: Vec<String>) {
    assert!(mismatches.is_empty(), "{what}:\n  {}", mismatches.join("\n  "));
}

#[test]
fn rust_url_parses_the_tricky_cases() {
    // Known divergence of url 2.5.8 (a two-way ledger: fixing it fails this test too): it
    // keeps "C|" where the spec's path state turns a Windows drive letter's "|" into ":".
    let mismatches = common::check_parse_cases(&RustUrlOracle::new());
    assert_eq!(mismatches, ["Windows drive letter with |"]);
}

#[test]
fn rust_url_setters() {
    assert_none("rust-url", common::check_setter_cases(&RustUrlOracle::new()));
}

#[test]
fn rust_url_host_percent_and_form_cases() {
    // Known divergence of url 2.5.8: it rejects "xn--a", which current WPT passes through.
    let mismatches = common::check_text_cases(&RustUrlOracle::new());
    assert_eq!(mismatches.len(), 1, "{mismatches:?}");
    assert!(mismatches[0].starts_with("<xn--a>"), "{mismatches:?}");
}

#[test]
fn rust_url_reports_violations_as_spec_names() {
    let answer =
        RustUrlOracle::new().answer_batch(&[Case::parse("http:\\\\h\\p", None)]).unwrap().remove(0);
    let Answer::Parsed { errors, .. } = answer else { panic!("expected parsed, got {answer:?}") };
    assert!(errors.iter().any(|e| e == "invalid-reverse-solidus"), "{errors:?}");
}

#[test]
fn ada_parses_the_tricky_cases() {
    assert_none("ada", common::check_parse_cases(&AdaOracle::new()));
}

#[test]
fn ada_setters() {
    assert_none("ada", common::check_setter_cases(&AdaOracle::new()));
}

#[test]
fn ada_host_percent_and_form_cases() {
    assert_none("ada", common::check_text_cases(&AdaOracle::new()));
}

#[test]
fn reference_parses_the_tricky_cases() {
    assert_none("reference", common::check_parse_cases(&ReferenceOracle::new()));
}

#[test]
fn reference_setters() {
    assert_none("reference", common::check_setter_cases(&ReferenceOracle::new()));
}

#[test]
fn reference_host_percent_and_form_cases() {
    assert_none("reference", common::check_text_cases(&ReferenceOracle::new()));
}

#[test]
fn reference_reports_validation_errors_and_failure_reasons() {
    let cases = [Case::parse("http:\\\\h\\p", None), Case::parse("http://1.2.3.09/", None)];
    let answers = ReferenceOracle::new().answer_batch(&cases).unwrap();
    let Answer::Parsed { errors, .. } = &answers[0] else { panic!("{:?}", answers[0]) };
    assert!(errors.iter().any(|e| e == "invalid-reverse-solidus"), "{errors:?}");
    // "1.2.3.09": the last part is not a number in any base (spec: IPv4-non-numeric-part).
    let Answer::Failure { reason, errors } = &answers[1] else { panic!("{:?}", answers[1]) };
    assert!(!reason.is_empty());
    assert!(errors.iter().any(|e| e == "IPv4-non-numeric-part"), "{errors:?}");
}

#[test]
fn versions_name_the_linked_crates() {
    // Cargo.toml pins url =2.5.8 and ada-url =4.0.0; build.rs reads them from Cargo.lock.
    assert_eq!(RustUrlOracle::new().info().version, "url 2.5.8");
    assert_eq!(AdaOracle::new().info().version, "ada-url 4.0.0");
    assert!(ReferenceOracle::new().info().version.starts_with("urldiff-parser "));
}

fn split(input: &str) -> RfcRecord {
    let answer =
        Rfc3986RegexOracle::new().answer_batch(&[Case::parse(input, None)]).unwrap().remove(0);
    match answer {
        Answer::Parsed { record: Record::Rfc(record), .. } => record,
        other => panic!("expected an RFC record for {input:?}, got {other:?}"),
    }
}

fn some(s: &str) -> Option<String> {
    Some(s.to_owned())
}

#[test]
fn regex_splits_the_appendix_b_example() {
    // RFC 3986 Appendix B: "http://www.ics.uci.edu/pub/ietf/uri/#Related" gives
    // scheme http, authority www.ics.uci.edu, path /pub/ietf/uri/, query undefined,
    // fragment Related.
    let r = split("http://www.ics.uci.edu/pub/ietf/uri/#Related");
    assert_eq!(r.scheme, some("http"));
    assert_eq!(r.authority, some("www.ics.uci.edu"));
    assert_eq!(r.path, "/pub/ietf/uri/");
    assert_eq!(r.query, None);
    assert_eq!(r.fragment, some("Related"));
}

#[test]
fn regex_tells_empty_from_undefined() {
    // A bare "?" and "#" define empty components (RFC 3986 §5.2.2 relies on this).
    let r = split("?#");
    assert_eq!((r.scheme, r.authority, r.path.as_str()), (None, None, ""));
    assert_eq!((r.query, r.fragment), (some(""), some("")));
    let r = split("//");
    assert_eq!(r.authority, some(""));
}

#[test]
fn regex_on_the_tricky_inputs() {
    // The regex knows nothing of backslashes, userinfo or IPv4: it splits by its classes.
    let r = split("http:\\\\example.com\\a\\b");
    assert_eq!(
        (r.scheme, r.authority, r.path),
        (some("http"), None, "\\\\example.com\\a\\b".into())
    );
    let r = split("http://user@name:pa@ss@host/");
    assert_eq!(r.authority, some("user@name:pa@ss@host"));
    let r = split("file:///C|/foo");
    assert_eq!((r.authority, r.path), (some(""), "/C|/foo".into()));
    // A leading C0 control is not stripped: [^:/?#]+ takes it into the scheme.
    let r = split("\u{1}http://h/");
    assert_eq!(r.scheme, some("\u{1}http"));
    // Relative references have no scheme; the base is ignored (no resolution).
    let r = split("../g?y#s");
    assert_eq!(
        (r.scheme, r.path, r.query, r.fragment),
        (None, "../g".into(), some("y"), some("s"))
    );
}

#[test]
fn regex_fragment_stops_at_a_newline() {
    // Documented behaviour: `.` does not match "\n", so the fragment ends there.
    let r = split("a#b\nc");
    assert_eq!(r.fragment, some("b"));
    // The bracket classes do match newlines.
    let r = split("a\nb?c\nd");
    assert_eq!((r.path, r.query), ("a\nb".into(), some("c\nd")));
}

#[test]
fn regex_has_no_opinion_on_other_kinds() {
    let case = Case {
        input: "a".into(),
        base: Some("b:c".into()),
        kind: urldiff_oracles::CaseKind::Resolve,
    };
    assert_eq!(Rfc3986RegexOracle::new().answer_batch(&[case]).unwrap(), vec![Answer::NoOpinion]);
}
