//! The parse answers of the in-process WHATWG oracles, cut down to what the comparison core
//! reads of them, with a shortcut for the common case that they agree: decided straight off
//! the three parsers, before any answer is built.
//!
//! The differential fuzz target asks this for every input. Most inputs the reference,
//! rust-url and ada answer alike, and building three answers only for the comparison core to
//! find them equal costs several times the parsing. So each parser parses through its
//! adapter's lean [`UrlApi::parse_url`] (the adapter's parse without errors and reasons): when
//! all three fail, or all three parse and every getter the caller names is byte-equal, the
//! answer is [`ParseAnswers::Alike`] and nothing more is done. Every getter is compared, href
//! or not: a getter that disagrees with its own parser's href (an offset bug in a library
//! that slices its serialization) is exactly what a differential target is for.
//!
//! Otherwise the same parses become the answers, holding what the comparison core reads of
//! them and nothing else: a parsed answer's record has the getters the caller names (the
//! projection's, `urldiff_compare::project::whatwg_fields_read`), a failure no reason, and no
//! answer validation errors (only the reference declares them, so among these three they
//! never differ). Outcomes, shared fields and so divergences and their signatures are those of
//! the oracles' whole answers (`answer_batch`: tested on generated cases); the rest (reasons,
//! errors, `origin`) is what triage asks every oracle for when it explains a finding. Each
//! answer is made behind the same panic guard as `answer_batch`'s; when a parser panicked
//! while deciding, each oracle is asked through `answer_batch` itself, whose guard makes the
//! panic its `Crashed` answer.
//!
//! "Alike" is a statement about what the comparison core can see: equal values of the getters
//! it reads, and for failures, nothing it compares among these three (a failure's reason is
//! not compared; only the reference declares validation errors). The differential target's
//! tests check that no input said to be alike is one the comparison finds a difference in.

use crate::ada::AdaApi;
use crate::inprocess::{self, UrlApi};
use crate::model::{Answer, Attribute, Case, Record, WhatwgRecord, WHATWG_FIELDS};
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
    /// The case and their answers cut down to what the comparison reads (see the module
    /// documentation), in [`ORACLES`] order.
    Differ { case: Case, answers: Vec<Answer> },
}

/// The getters to compare: for each [`Attribute`], whether its getter is one.
pub struct Getters {
    named: [bool; WHATWG_FIELDS.len()],
}

impl std::fmt::Debug for Getters {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let named = Attribute::ALL.iter().filter(|a| self.named[**a as usize]);
        let names: Vec<&str> = named.map(|a| a.name()).collect();
        f.debug_struct("Getters").field("names", &names).finish()
    }
}

impl Getters {
    /// The getters of `attributes` of each parser.
    pub fn new(attributes: &[Attribute]) -> Getters {
        Getters { named: std::array::from_fn(|i| attributes.contains(&Attribute::ALL[i])) }
    }

    /// The record of `url` with the fields these getters read, through `api`'s getters.
    fn record<A: UrlApi>(&self, api: &A, url: &A::Url) -> WhatwgRecord {
        WhatwgRecord::from_attributes(|attribute| {
            self.named[attribute as usize].then(|| api.get(url, attribute).into_owned())
        })
    }
}

/// The three first parses of one case; ada's is skipped when the first two already differ in
/// outcome.
struct Parses {
    reference: Option<ReferenceUrl>,
    rust_url: Option<RustUrl>,
    ada: Option<Option<AdaUrl>>,
}

/// The [`ORACLES`]' answers to `new URL(input, base)`, cut down to what the comparison reads, or
/// [`ParseAnswers::Alike`] when they all fail or all parse with every getter in `getters`
/// equal.
pub fn parse_answers(input: &str, base: Option<&str>, getters: &Getters) -> ParseAnswers {
    // A panic while deciding is not agreement: each oracle is then asked on its own. (One
    // guard for the parses and their comparison: each guard costs its thread-local flag.)
    let parses = match catch_quietly(|| {
        let parses = parse_all(input, base);
        let alike = alike(&parses, getters);
        (parses, alike)
    }) {
        Ok((_, true)) => return ParseAnswers::Alike,
        Ok((parses, false)) => Some(parses),
        Err(_) => None,
    };
    differ(input, base, parses, getters)
}

/// The answers where the parsers differ (`parses`: `None` after a panic while deciding). Kept
/// out of line and cold, so that the agreeing path's code stays small between the three
/// parsers' (their instruction-cache interference is the check's main cost).
#[cold]
#[inline(never)]
fn differ(
    input: &str,
    base: Option<&str>,
    parses: Option<Parses>,
    getters: &Getters,
) -> ParseAnswers {
    let case = Case::parse(input, base);
    let answers = match parses {
        Some(Parses { reference, rust_url, ada }) => {
            // ada's parse, when deciding skipped it, runs behind its answer's guard.
            let ada = || ada.unwrap_or_else(|| AdaApi.parse_url(input, base));
            vec![
                answer(ORACLES[0], &case, || reference.map(|u| getters.record(&ReferenceApi, &u))),
                answer(ORACLES[1], &case, || rust_url.map(|u| getters.record(&RustUrlApi, &u))),
                answer(ORACLES[2], &case, || ada().map(|u| getters.record(&AdaApi, &u))),
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
    let reference = ReferenceApi.parse_url(input, base);
    let rust_url = RustUrlApi.parse_url(input, base);
    let ada = (reference.is_some() == rust_url.is_some()).then(|| AdaApi.parse_url(input, base));
    Parses { reference, rust_url, ada }
}

/// Whether the three parses are alike: all failed, or all parsed and agree on every getter.
fn alike(parses: &Parses, getters: &Getters) -> bool {
    match (&parses.reference, &parses.rust_url, &parses.ada) {
        (None, None, Some(None)) => true,
        (Some(r), Some(u), Some(Some(a))) => getters.all_equal(r, u, a),
        _ => false,
    }
}

type ReferenceUrl = <ReferenceApi as UrlApi>::Url;
type RustUrl = <RustUrlApi as UrlApi>::Url;
type AdaUrl = <AdaApi as UrlApi>::Url;

impl Getters {
    /// Whether every getter gives the same text for the three URLs. The walk is over the
    /// parser's constant attribute list (the one list, not a second spelling of it), so the
    /// adapters' inlined `get`s can fold to one getter call each: no function pointer per
    /// getter.
    #[inline(never)]
    fn all_equal(&self, r: &ReferenceUrl, u: &RustUrl, a: &AdaUrl) -> bool {
        Attribute::ALL.iter().all(|&attribute| equal_if_named(&self.named, attribute, r, u, a))
    }
}

/// Whether the three URLs' getters of `attribute` give the same text, or it is not `named`.
#[inline(always)]
fn equal_if_named(
    named: &[bool; WHATWG_FIELDS.len()],
    attribute: Attribute,
    r: &ReferenceUrl,
    u: &RustUrl,
    a: &AdaUrl,
) -> bool {
    if !named[attribute as usize] {
        return true;
    }
    let ours = ReferenceApi.get(r, attribute);
    same_text(&ours, &RustUrlApi.get(u, attribute)) && same_text(&ours, &AdaApi.get(a, attribute))
}

/// `a == b`, compared here eight bytes at a time rather than by a call to libc's `memcmp`:
/// between three parsers' code that call's own code is cold, and comparing the nine getters
/// with `==` cost 0.45 µs an input, more than the getters themselves (fuzz bench notes in
/// docs/benchmarks.md).
#[inline]
fn same_text(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    let n = a.len();
    if n != b.len() {
        return false;
    }
    if n < 8 {
        return a.iter().zip(b).all(|(x, y)| x == y);
    }
    // Whole words, then the last eight bytes (overlapping the words already compared) rather
    // than a loop over the remainder.
    let word = |s: &[u8], at: usize| u64::from_ne_bytes(s[at..at + 8].try_into().expect("8"));
    (0..n / 8).all(|i| word(a, 8 * i) == word(b, 8 * i)) && word(a, n - 8) == word(b, n - 8)
}

/// `oracle`'s cut-down answer: its record, or a failure when it has none; behind the
/// panic guard `answer_batch` uses.
fn answer(oracle: &str, case: &Case, record: impl FnOnce() -> Option<WhatwgRecord>) -> Answer {
    inprocess::guarded(oracle, case, || match record() {
        Some(record) => Answer::Parsed { record: Record::Whatwg(record), errors: Vec::new() },
        None => Answer::Failure { reason: String::new(), errors: Vec::new() },
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ada::AdaOracle;
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
        matches!(parse_answers(input, base, &Getters::new(Attribute::ALL)), ParseAnswers::Alike)
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

    /// Only the named getters are compared: rust-url's unencoded "^" in a path shows in
    /// `href` and `pathname`, not in `hostname` or `search`.
    #[test]
    fn only_the_named_getters_are_compared() {
        let alike_on = |named: &[Attribute]| {
            matches!(parse_answers("http://h/a^b", None, &Getters::new(named)), ParseAnswers::Alike)
        };
        assert!(alike_on(&[Attribute::Hostname, Attribute::Search]));
        assert!(!alike_on(&[Attribute::Pathname]));
        assert!(!alike_on(&[Attribute::Hostname, Attribute::Href]));
    }

    /// Where they differ, each answer has its oracle's outcome and, of its record, the
    /// fields the getters name, as the oracle's own answer has them; nothing else.
    #[test]
    fn the_answers_are_the_oracles_outcomes_and_the_named_fields() {
        let named = [Attribute::Href, Attribute::Pathname, Attribute::Hostname];
        let getters = Getters::new(&named);
        let cases =
            [("///x", Some("http://h/")), ("http://h/a^b", None), ("\\\\h\\p", Some("sc://x/"))];
        for (input, base) in cases {
            let ParseAnswers::Differ { case, answers } = parse_answers(input, base, &getters)
            else {
                panic!("{input:?} against {base:?}: the oracles differ here");
            };
            assert_eq!(case, Case::parse(input, base));
            for (oracle, answer) in oracles().iter().zip(answers) {
                let own = oracle.answer_batch(std::slice::from_ref(&case)).unwrap().remove(0);
                let context = format!("{} on {input:?} against {base:?}", oracle.name());
                assert_eq!(answer.outcome(), own.outcome(), "{context}");
                let (
                    Answer::Parsed { record: Record::Whatwg(ours), errors },
                    Answer::Parsed { record: Record::Whatwg(theirs), .. },
                ) = (&answer, &own)
                else {
                    assert_eq!(
                        answer,
                        Answer::Failure { reason: String::new(), errors: Vec::new() },
                        "{context}"
                    );
                    continue;
                };
                assert!(errors.is_empty(), "{context}");
                for &attribute in Attribute::ALL {
                    let expected = named.contains(&attribute).then(|| theirs.field(attribute));
                    assert_eq!(ours.field(attribute), expected.flatten(), "{context}: {attribute}");
                }
            }
        }
    }

    /// `parse_url` is `parse` without errors and reasons: the same outcome, the same URL.
    fn same_as_parse<A: UrlApi>(api: &A, input: &str, base: Option<&str>) {
        let href = |url: &A::Url| api.get(url, Attribute::Href).into_owned();
        let lean = api.parse_url(input, base).map(|url| href(&url));
        let full = api.parse(input, base).ok().map(|(url, _)| href(&url));
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

    /// `same_text` is `==`: every length up to 20, a difference at each position.
    #[test]
    fn same_text_is_string_equality() {
        let text = "abcdefghijklmnopqrstu";
        for len in 0..=20 {
            let a = &text[..len];
            assert!(same_text(a, &String::from(a)));
            assert!(!same_text(a, &text[..len + 1]) && !same_text(&text[..len + 1], a));
            for at in 0..len {
                let mut b = a.as_bytes().to_vec();
                b[at] = b'-';
                let b = String::from_utf8(b).unwrap();
                assert!(!same_text(a, &b), "{a:?} vs {b:?}");
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
