//! The RFC side of the RFC-vs-WHATWG comparison is a validating RFC 3986 parser: an input that
//! is not a URI-reference is rejected by it, counted per source as a rejection and kept out of
//! the classes. Worked out by hand from RFC 3986 Appendix A: a URI-reference has no space
//! (` http://a` starts with one, so it is neither a URI nor a relative-ref), and no `\`;
//! `http://a/b` is a URI. The URL Standard strips the leading space and parses both.

use urldiff_oracles::reference::ReferenceOracle;
use urldiff_oracles::rfc3986_regex::Rfc3986RegexOracle;
use urldiff_oracles::{Oracle, Standard};
use urldiff_triage::rfc_vs_whatwg::{compare_sides, CorpusInput, SourceCount};
use urldiff_triage::standards::StandardReference;
use urldiff_triage::Request;

fn input(text: &str, source: &str) -> CorpusInput {
    CorpusInput { request: Request::new(text.to_owned(), None), source: source.to_owned() }
}

#[test]
fn an_input_that_is_no_uri_reference_is_rejected_by_the_rfc_side() {
    let reference = ReferenceOracle::new();
    let strict = StandardReference::new(Standard::Rfc3986).unwrap();
    let regex = Rfc3986RegexOracle::new();
    let oracles: Vec<&dyn Oracle> = vec![&reference, &strict, &regex];
    let corpus = vec![
        input(" http://a", "wpt/urltestdata"),
        input("http://a/b", "wpt/urltestdata"),
        input("http://a\\b", "generated"),
    ];
    let report = compare_sides(&corpus, &oracles, None).unwrap();
    let wpt = SourceCount { source: "wpt/urltestdata".into(), inputs: 2, split: 1, rfc_rejects: 1 };
    assert_eq!(report.sources[0], wpt);
    assert_eq!(report.sources[1].rfc_rejects, 1);
    assert_eq!(report.rfc_rejects, 2);
    // The natural one is listed first, with the grammar's reason.
    let first = &report.rfc_reject_examples[0];
    assert_eq!(first.original.input, " http://a");
    assert!(first.reason.starts_with("not a URI-reference"), "{}", first.reason);
    // Rejections are in no class.
    assert!(report.sections.is_empty(), "{:?}", report.sections.len());
    assert_eq!(report.unclassified, 0);
}
