//! Whether the in-process WHATWG oracles answer a parse case identically, decided straight
//! off the three parsers, without building their answers.
//!
//! The differential fuzz target asks this first for every input: most inputs the reference,
//! rust-url and ada answer the same, and the full comparison (records, projection, grouping,
//! the ledger) is for the ones they do not. Identical answers are the strictest agreement
//! there is, so skipping the comparison for them changes no result: every oracle fails, or
//! every oracle parses and every compared getter is byte-equal. Anything else, a panic
//! included, is "not known to agree", and the caller runs the full comparison.
//!
//! Each parser is reached through its adapter's [`UrlApi`]: the same parse (`parse_url`,
//! `new URL(input, base)` without errors and reasons) and the same getters as its answers.

use crate::ada::AdaApi;
use crate::inprocess::UrlApi;
use crate::model::WHATWG_FIELDS;
use crate::reference::ReferenceApi;
use crate::rust_url::RustUrlApi;

/// The oracles [`parse_agrees`] asks, by name (their `OracleInfo::name`).
pub const ORACLES: [&str; 3] = ["reference", "rust-url", "ada"];

/// The getters compared: every WHATWG field but `origin`. The comparison core compares origin
/// only among oracles of one model and never counts it as a divergence (it is an own field,
/// not a shared one), so a difference there would not be one here either.
fn compared_fields() -> impl Iterator<Item = &'static str> {
    WHATWG_FIELDS.into_iter().filter(|field| *field != "origin")
}

/// Whether the [`ORACLES`] give the same answer to `new URL(input, base)`: all fail, or all
/// parse with every compared getter equal. `false` means only "not known to agree".
pub fn parse_agrees(input: &str, base: Option<&str>) -> bool {
    let reference = ReferenceApi.parse_url(input, base);
    let rust_url = RustUrlApi.parse_url(input, base);
    if reference.is_some() != rust_url.is_some() {
        return false;
    }
    let ada = AdaApi.parse_url(input, base);
    match (reference, rust_url, ada) {
        (None, None, None) => true,
        (Some(r), Some(u), Some(a)) => compared_fields().all(|field| {
            let ours = ReferenceApi.get(&r, field);
            ours == RustUrlApi.get(&u, field) && ours == AdaApi.get(&a, field)
        }),
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ada::AdaOracle;
    use crate::inprocess::UrlApi;
    use crate::reference::ReferenceOracle;
    use crate::rust_url::RustUrlOracle;
    use crate::{Answer, Case, Oracle};

    #[test]
    fn the_names_are_the_oracles_asked() {
        let oracles: [Box<dyn Oracle>; 3] = [
            Box::new(ReferenceOracle::new()),
            Box::new(RustUrlOracle::new()),
            Box::new(AdaOracle::new()),
        ];
        let names: Vec<&str> = oracles.iter().map(|o| o.name()).collect();
        assert_eq!(names, ORACLES);
    }

    #[test]
    fn agreement_failure_together_and_each_kind_of_difference() {
        assert!(parse_agrees("https://example.com/a?b#c", None));
        assert!(parse_agrees("../x", Some("http://h/a/b")));
        // All three fail: no host, and a base that does not parse.
        assert!(parse_agrees("http://", None));
        assert!(parse_agrees("x", Some("not a base")));
        // Outcome: rust-url 2.5.8 rejects three leading slashes against a special base.
        assert!(!parse_agrees("///x", Some("http://h/")));
        // A getter: "^" in a path (rust-url does not percent-encode it).
        assert!(!parse_agrees("http://h/a^b", None));
    }

    /// `parse_url` is `parse` without errors and reasons: the same outcome, the same URL.
    fn same_as_parse<A: UrlApi>(api: &A, input: &str, base: Option<&str>) {
        let lean = api.parse_url(input, base);
        match (api.parse(input, base), lean) {
            (Ok((full, _)), Some(lean)) => assert_eq!(
                api.get(&full, "href"),
                api.get(&lean, "href"),
                "{input:?} against {base:?}"
            ),
            (Err(_), None) => {}
            (full, lean) => panic!(
                "{input:?} against {base:?}: parse {} but parse_url {}",
                if full.is_ok() { "parsed" } else { "failed" },
                if lean.is_some() { "parsed" } else { "failed" }
            ),
        }
    }

    #[test]
    fn the_lean_parse_is_the_adapters_parse() {
        let cases = [
            ("https://example.com/", None),
            ("http://", None),
            ("x", Some("not a base")),
            ("x", Some("http://h/")),
            ("\\\\h\\p", Some("file:///C:/")),
            ("a", None),
        ];
        for (input, base) in cases {
            same_as_parse(&ReferenceApi, input, base);
            same_as_parse(&RustUrlApi, input, base);
            same_as_parse(&AdaApi, input, base);
        }
    }

    #[test]
    fn a_failure_says_whether_the_base_was_at_fault() {
        let reason = |input, base| AdaApi.parse(input, Some(base)).err().unwrap().reason;
        assert!(reason("x", "not a base").starts_with("the base does not parse"));
        assert!(!reason("http://[", "http://h/").starts_with("the base does not parse"));
    }

    #[test]
    fn agreement_means_equal_answers() {
        // What the fast path claims, checked against the answers themselves.
        let oracles: [Box<dyn Oracle>; 3] = [
            Box::new(ReferenceOracle::new()),
            Box::new(RustUrlOracle::new()),
            Box::new(AdaOracle::new()),
        ];
        for (input, base) in [("https://a.b/c?d#e", None), ("//x/../y", Some("http://h/"))] {
            assert!(parse_agrees(input, base));
            let case = Case::parse(input, base);
            let answers: Vec<Answer> = oracles
                .iter()
                .map(|o| o.answer_batch(std::slice::from_ref(&case)).unwrap().remove(0))
                .collect();
            let Answer::Parsed { record, .. } = &answers[0] else { panic!("{answers:?}") };
            for other in &answers[1..] {
                let Answer::Parsed { record: theirs, .. } = other else { panic!("{other:?}") };
                assert_eq!(theirs, record, "{input:?}");
            }
        }
    }
}
