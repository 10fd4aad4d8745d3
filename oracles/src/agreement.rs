//! The parse answers of the in-process WHATWG oracles, with a shortcut for the common case
//! that they agree: decided straight off the three parsers, before any answer is built.
//!
//! The differential fuzz target asks this for every input. Most inputs the reference,
//! rust-url and ada answer alike, and building three answers only for the comparison core to
//! find them equal costs several times the parsing. So each parser first parses through its
//! adapter's lean [`UrlApi::parse_url`] (the same parse without errors and reasons): when all
//! three fail, or all three parse and every getter the caller names is byte-equal, the answer
//! is [`ParseAnswers::Alike`] and nothing more is done. Otherwise each oracle answers the case
//! exactly as its `answer_batch` does (same function, same panic guard), and the caller
//! compares the answers.
//!
//! "Alike" is a statement about what the comparison core can see: equal values of the getters
//! it reads (`urldiff_compare::project::whatwg_fields_read`, which the caller passes), and for
//! failures, nothing it compares among these three (a failure's reason is not compared; only
//! the reference declares validation errors). The differential target's tests check that no
//! input said to be alike is one the comparison finds a difference in.

use crate::ada::AdaApi;
use crate::inprocess::{self, UrlApi};
use crate::model::{Answer, Case};
use crate::panic_guard::catch_quietly;
use crate::reference::ReferenceApi;
use crate::rust_url::RustUrlApi;

/// The oracles [`parse_answers`] asks, by name (their `OracleInfo::name`), in answer order.
pub const ORACLES: [&str; 3] = ["reference", "rust-url", "ada"];

/// What the [`ORACLES`] said to `new URL(input, base)`.
#[derive(Debug)]
pub enum ParseAnswers {
    /// All failed, or all parsed with every named getter equal.
    Alike,
    /// The case and their answers, in [`ORACLES`] order, as each oracle's `answer_batch`
    /// gives them.
    Differ { case: Case, answers: Vec<Answer> },
}

/// The [`ORACLES`]' answers to `new URL(input, base)`, or [`ParseAnswers::Alike`] when they
/// all fail or all parse with every getter in `getters` (URL API attribute names) equal.
pub fn parse_answers(input: &str, base: Option<&str>, getters: &[&str]) -> ParseAnswers {
    // A panic while deciding is not agreement: the answers then carry it.
    if catch_quietly(|| alike(input, base, getters)).unwrap_or(false) {
        return ParseAnswers::Alike;
    }
    let case = Case::parse(input, base);
    let answers = vec![
        inprocess::answer_one(ORACLES[0], &ReferenceApi, &case),
        inprocess::answer_one(ORACLES[1], &RustUrlApi, &case),
        inprocess::answer_one(ORACLES[2], &AdaApi, &case),
    ];
    ParseAnswers::Differ { case, answers }
}

fn alike(input: &str, base: Option<&str>, getters: &[&str]) -> bool {
    let reference = ReferenceApi.parse_url(input, base);
    let rust_url = RustUrlApi.parse_url(input, base);
    if reference.is_some() != rust_url.is_some() {
        return false;
    }
    match (reference, rust_url, AdaApi.parse_url(input, base)) {
        (None, None, None) => true,
        (Some(r), Some(u), Some(a)) => getters.iter().all(|getter| {
            let ours = ReferenceApi.get(&r, getter);
            ours == RustUrlApi.get(&u, getter) && ours == AdaApi.get(&a, getter)
        }),
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ada::AdaOracle;
    use crate::model::WHATWG_FIELDS;
    use crate::reference::ReferenceOracle;
    use crate::rust_url::RustUrlOracle;
    use crate::Oracle;

    fn oracles() -> [Box<dyn Oracle>; 3] {
        [
            Box::new(ReferenceOracle::new()),
            Box::new(RustUrlOracle::new()),
            Box::new(AdaOracle::new()),
        ]
    }

    fn alike(input: &str, base: Option<&str>) -> bool {
        matches!(parse_answers(input, base, &WHATWG_FIELDS), ParseAnswers::Alike)
    }

    #[test]
    fn the_names_are_the_oracles_asked() {
        let oracles = oracles();
        let names: Vec<&str> = oracles.iter().map(|o| o.name()).collect();
        assert_eq!(names, ORACLES);
    }

    #[test]
    fn alike_failing_together_and_each_kind_of_difference() {
        assert!(alike("https://example.com/a?b#c", None));
        assert!(alike("../x", Some("http://h/a/b")));
        // All three fail: no host, and a base that does not parse.
        assert!(alike("http://", None));
        assert!(alike("x", Some("not a base")));
        // Outcome: rust-url 2.5.8 rejects three leading slashes against a special base.
        assert!(!alike("///x", Some("http://h/")));
        // A getter: "^" in a path (rust-url does not percent-encode it).
        assert!(!alike("http://h/a^b", None));
    }

    /// Where they differ, the answers are the oracles' own, field for field.
    #[test]
    fn the_answers_are_the_oracles_answers() {
        let cases =
            [("///x", Some("http://h/")), ("http://h/a^b", None), ("\\\\h\\p", Some("sc://x/"))];
        for (input, base) in cases {
            let ParseAnswers::Differ { case, answers } = parse_answers(input, base, &WHATWG_FIELDS)
            else {
                panic!("{input:?} against {base:?}: the oracles differ here");
            };
            assert_eq!(case, Case::parse(input, base));
            for (oracle, answer) in oracles().iter().zip(answers) {
                let own = oracle.answer_batch(std::slice::from_ref(&case)).unwrap().remove(0);
                assert_eq!(answer, own, "{} on {input:?} against {base:?}", oracle.name());
            }
        }
    }

    /// `parse_url` is `parse` without errors and reasons: the same outcome, the same URL.
    fn same_as_parse<A: UrlApi>(api: &A, input: &str, base: Option<&str>) {
        let lean = api.parse_url(input, base).map(|url| api.get(&url, "href").into_owned());
        let full = api.parse(input, base).ok().map(|(url, _)| api.get(&url, "href").into_owned());
        assert_eq!(lean, full, "{input:?} against {base:?}");
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
}
