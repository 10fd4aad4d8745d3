//! The parse answers of the in-process WHATWG oracles, with a shortcut for the common case
//! that they agree: decided straight off the three parsers, before any answer is built.
//!
//! The differential fuzz target asks this for every input. Most inputs the reference,
//! rust-url and ada answer alike, and building three answers only for the comparison core to
//! find them equal costs several times the parsing. So each parser parses first, as cheaply
//! as its adapter can (the reference and ada through [`UrlApi::parse_quietly`]: errors as
//! collected, a failure not yet in words; rust-url through [`UrlApi::parse_url`], without the
//! violation callback that makes it slower): when all three fail, or all three parse and every
//! getter the caller names is byte-equal, the answer is [`ParseAnswers::Alike`] and nothing
//! more is done. Otherwise the reference's and ada's parses become their answers through the
//! function `answer_batch` uses ([`inprocess::answer_parse`], behind the same panic guard),
//! and rust-url is asked again as `answer_batch` asks it, errors and all. When a parser
//! panicked while deciding, each oracle is asked through `answer_batch`'s own path, whose
//! guard makes the panic its `Crashed` answer.
//!
//! "Alike" is a statement about what the comparison core can see: equal values of the getters
//! it reads (`urldiff_compare::project::whatwg_fields_read`, which the caller passes), and for
//! failures, nothing it compares among these three (a failure's reason is not compared; only
//! the reference declares validation errors). The differential target's tests check that no
//! input said to be alike is one the comparison finds a difference in.

use crate::ada::AdaApi;
use crate::inprocess::{self, Quiet, UrlApi};
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

/// The three first parses of one case; ada's is skipped when the first two already differ in
/// outcome.
struct Parses {
    reference: Quiet<ReferenceApi>,
    rust_url: Option<<RustUrlApi as UrlApi>::Url>,
    ada: Option<Quiet<AdaApi>>,
}

/// The [`ORACLES`]' answers to `new URL(input, base)`, or [`ParseAnswers::Alike`] when they
/// all fail or all parse with every getter in `getters` (URL API attribute names) equal.
pub fn parse_answers(input: &str, base: Option<&str>, getters: &[&str]) -> ParseAnswers {
    // A panic while deciding is not agreement: each oracle is then asked on its own.
    let parses = match catch_quietly(|| parse_all(input, base)) {
        Ok(parses) if catch_quietly(|| alike(&parses, getters)).unwrap_or(false) => {
            return ParseAnswers::Alike
        }
        Ok(parses) => Some(parses),
        Err(_) => None,
    };
    let case = Case::parse(input, base);
    let answers = match parses {
        Some(Parses { reference, ada, .. }) => {
            let ada = ada.unwrap_or_else(|| AdaApi.parse_quietly(input, base));
            vec![
                answer(ORACLES[0], &ReferenceApi, reference, &case),
                inprocess::answer_one(ORACLES[1], &RustUrlApi, &case),
                answer(ORACLES[2], &AdaApi, ada, &case),
            ]
        }
        None => vec![
            inprocess::answer_one(ORACLES[0], &ReferenceApi, &case),
            inprocess::answer_one(ORACLES[1], &RustUrlApi, &case),
            inprocess::answer_one(ORACLES[2], &AdaApi, &case),
        ],
    };
    ParseAnswers::Differ { case, answers }
}

fn parse_all(input: &str, base: Option<&str>) -> Parses {
    let reference = ReferenceApi.parse_quietly(input, base);
    let rust_url = RustUrlApi.parse_url(input, base);
    let ada = (reference.is_ok() == rust_url.is_some()).then(|| AdaApi.parse_quietly(input, base));
    Parses { reference, rust_url, ada }
}

fn alike(parses: &Parses, getters: &[&str]) -> bool {
    match (&parses.reference, &parses.rust_url, &parses.ada) {
        (Err(_), None, Some(Err(_))) => true,
        (Ok((r, _)), Some(u), Some(Ok((a, _)))) => getters.iter().all(|getter| {
            let ours = ReferenceApi.get(r, getter);
            ours == RustUrlApi.get(u, getter) && ours == AdaApi.get(a, getter)
        }),
        _ => false,
    }
}

/// `oracle`'s answer to `case` from its parse, as `answer_batch` makes it, behind its guard.
fn answer<A: UrlApi>(oracle: &str, api: &A, parsed: Quiet<A>, case: &Case) -> Answer {
    let (input, base) = (case.input.as_str(), case.base.as_deref());
    inprocess::guarded(oracle, case, || inprocess::answer_parse(api, parsed, input, base))
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

    #[test]
    fn a_failure_says_whether_the_base_was_at_fault() {
        let reason = |input, base| AdaApi.parse(input, Some(base)).err().unwrap().reason;
        assert!(reason("x", "not a base").starts_with("the base does not parse"));
        assert!(!reason("http://[", "http://h/").starts_with("the base does not parse"));
    }
}
