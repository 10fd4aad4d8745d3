//! The RFC-model oracles: `rfc-examples` (the tables under corpus/rfc/) and
//! `reference-rfc3986` (our parser's RFC 3986 mode). Expected values are the RFCs' own:
//! RFC 3986 §5.4 and RFC 2396 Appendix C examples, and the Appendix A grammar for what is a
//! valid URI-reference. Example counts were taken from the JSON files with Python.

use urldiff_oracles::reference_rfc::ReferenceRfc3986Oracle;
use urldiff_oracles::rfc_examples::{default_tables, load_suites, oracle};
use urldiff_oracles::{Answer, Availability, Case, CaseKind, Oracle, Record, RfcRecord};

const BASE: &str = "http://a/b/c/d;p?q";

fn resolve(input: &str) -> Case {
    Case { input: input.into(), base: Some(BASE.into()), kind: CaseKind::Resolve }
}

fn resolved(answer: &Answer) -> Option<String> {
    match answer {
        Answer::Parsed { record: Record::Rfc(r), .. } => r.resolved.clone(),
        _ => None,
    }
}

fn rfc_record(answer: Answer) -> (RfcRecord, Vec<String>) {
    match answer {
        Answer::Parsed { record: Record::Rfc(r), errors } => (r, errors),
        other => panic!("expected an RFC record, got {other:?}"),
    }
}

#[test]
fn both_tables_load_in_both_readings() {
    let suites = load_suites(&default_tables()).expect("corpus/rfc loads");
    let names: Vec<&str> = suites.iter().map(|s| s.name.as_str()).collect();
    assert_eq!(
        names,
        [
            "rfc3986-5.4-strict",
            "rfc3986-5.4-non-strict",
            "rfc2396-appendix-c-strict",
            "rfc2396-appendix-c-non-strict"
        ]
    );
    // 43 examples per file; "http:g" is listed once per reading.
    assert!(suites.iter().all(|s| s.cases.len() == 42 && s.skipped == 1));
}

#[test]
fn examples_answer_by_rfc_3986_strict() {
    let oracle = oracle(&default_tables());
    assert_eq!(oracle.availability(), Availability::Available);
    let cases =
        [resolve("g"), resolve("?y"), resolve("http:g"), resolve("../../../g"), resolve("zz")];
    let answers = oracle.answer_batch(&cases).unwrap();
    assert_eq!(resolved(&answers[0]).as_deref(), Some("http://a/b/c/g"));
    // RFC 3986 §5.4.1 (RFC 2396 Appendix C says http://a/b/c/?y).
    assert_eq!(resolved(&answers[1]).as_deref(), Some("http://a/b/c/d;p?y"));
    // §5.4.2, "for strict parsers".
    assert_eq!(resolved(&answers[2]).as_deref(), Some("http:g"));
    // §5.4.2 (RFC 2396 keeps the "..": http://a/../g).
    assert_eq!(resolved(&answers[3]).as_deref(), Some("http://a/g"));
    assert_eq!(answers[4], Answer::NoOpinion);
    // No base: nothing to resolve.
    assert_eq!(oracle.answer_batch(&[Case::parse("g", None)]).unwrap(), vec![Answer::NoOpinion]);
}

#[test]
fn a_missing_table_makes_rfc_examples_unavailable() {
    let missing = urldiff_corpus::data::DataSource::Dir("/nonexistent/rfc".into());
    let oracle = oracle(&missing);
    let Availability::Unavailable { reason } = oracle.availability() else { panic!() };
    assert!(reason.contains("rfc3986-5.4.json"), "{reason}");
}

/// Every RFC 3986 §5.4 example, strict reading, through the reference's RFC mode.
#[test]
fn reference_rfc3986_resolves_every_section_5_4_example() {
    let suites = load_suites(&default_tables()).unwrap();
    let strict = &suites[0];
    let answers = ReferenceRfc3986Oracle::new().answer_batch(&strict.cases).unwrap();
    for ((case, want), got) in strict.cases.iter().zip(&strict.expected).zip(&answers) {
        assert_eq!(resolved(got), resolved(want), "{}", case.name());
    }
}

#[test]
fn reference_rfc3986_on_the_tricky_inputs() {
    let oracle = ReferenceRfc3986Oracle::new();
    let parse = |input: &str| {
        rfc_record(oracle.answer_batch(&[Case::parse(input, None)]).unwrap().remove(0))
    };
    // Backslash is not in any URI character class (RFC 3986 §2): invalid, split verbatim.
    let (r, errors) = parse("http:\\\\example.com\\a");
    assert_eq!((r.scheme.as_deref(), r.authority.as_deref()), (Some("http"), None));
    assert_eq!(r.path, "\\\\example.com\\a");
    assert!(!errors.is_empty());
    // Two "@" in the authority: userinfo excludes "@" (§3.2.1), so this is not a URI.
    let (r, errors) = parse("http://user@name:pa@ss@host/");
    assert_eq!(r.authority.as_deref(), Some("user@name:pa@ss@host"));
    assert!(!errors.is_empty());
    // IPv4 number forms are a reg-name to RFC 3986 (§3.2.2): no interpretation, valid.
    let (r, errors) = parse("http://0x7f.1/");
    assert_eq!((r.host.as_deref(), r.port), (Some("0x7f.1"), None));
    assert!(errors.is_empty(), "{errors:?}");
    // Tab, newline and leading C0 are not stripped; they make the reference invalid.
    let (r, errors) = parse("ht\ttp://example.com/");
    assert_eq!(r.scheme.as_deref(), Some("ht\ttp"));
    assert!(!errors.is_empty());
    let (r, errors) = parse("\u{1}http://h/");
    assert_eq!(r.scheme.as_deref(), Some("\u{1}http"));
    assert!(!errors.is_empty());
    // "|" is not a pchar: the drive letter stays as written and the reference is invalid.
    let (r, errors) = parse("file:///C|/foo");
    assert_eq!((r.authority.as_deref(), r.path.as_str()), (Some(""), "/C|/foo"));
    assert!(!errors.is_empty());
    // A relative reference: with a base the record describes the §5.2 target, like every
    // RFC-model oracle (§5.4.1: "../g" -> "http://a/b/g").
    let answer = oracle.answer_batch(&[Case::parse("../g", Some(BASE))]).unwrap().remove(0);
    let (r, errors) = rfc_record(answer);
    assert_eq!(r.resolved.as_deref(), Some("http://a/b/g"));
    assert_eq!((r.scheme.as_deref(), r.host.as_deref()), (Some("http"), Some("a")));
    assert_eq!((r.path.as_str(), r.query), ("/b/g", None));
    assert!(errors.is_empty());
}
