//! The minimizer: hand-checked results, 1-minimality checked independently (every single
//! code-point removal asked and compared here, not through the minimizer's own code), the
//! cache (oracle_calls counts distinct candidates, batches are rounds), the budget and the
//! readability table.

mod support;

use std::collections::HashSet;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use urldiff_compare::Signature;
use urldiff_oracles::{Answer, Case, Oracle, OracleInfo};
use urldiff_triage::ask::{ask, compare_answers};
use urldiff_triage::minimize::kinds::kind_of;
use urldiff_triage::{minimize, Budget, MinimizeError, Request};

fn signature(oracles: &[&dyn Oracle], request: &Request) -> Signature {
    let answers = ask(oracles, std::slice::from_ref(request)).unwrap().remove(0);
    Signature::of(&compare_answers(oracles, request, &answers))
}

/// Every request with one code point of the input, or of the base, removed.
fn single_removals(request: &Request) -> Vec<Request> {
    let drop = |s: &str, i: usize| {
        s.chars().enumerate().filter(|(k, _)| *k != i).map(|(_, c)| c).collect::<String>()
    };
    let mut out: Vec<Request> = (0..request.input.chars().count())
        .map(|i| Request { input: drop(&request.input, i), base: request.base.clone() })
        .collect();
    if let Some(base) = &request.base {
        out.extend(
            (0..base.chars().count())
                .map(|i| Request { input: request.input.clone(), base: Some(drop(base, i)) }),
        );
    }
    out
}

/// Independently: `request` has `target` as its signature, and no single removal keeps it.
fn assert_one_minimal(oracles: &[&dyn Oracle], request: &Request, target: &Signature) {
    assert_eq!(&signature(oracles, request), target, "the minimized input keeps the signature");
    for smaller in single_removals(request) {
        assert_ne!(&signature(oracles, &smaller), target, "{smaller:?} is smaller and keeps it");
    }
}

/// The backslash confusion padded with noise, between our parser's WHATWG and RFC 3986 modes.
/// By hand: the WHATWG side must still read host `a` with `\` as a slash and the RFC side
/// must still see userinfo `a\` ending at `@`, with a host that differs (empty): so `http`
/// (special, any shorter scheme is not), `//`, one letter, `\`, `@`. Dropping `@` makes the
/// userinfo agree (none on both sides); dropping `a` or `\` makes WHATWG fail (host-missing);
/// dropping a `/` makes the RFC side read no authority, so the userinfo agrees again.
#[test]
fn backslash_confusion_minimizes_to_the_hand_checked_result() {
    let oracles = support::reference_pair();
    let oracles = support::refs(&oracles);
    let original =
        Request::new("http://evil.example.with.labels\\@good.example/some/path?q=1#frag", None);
    let m = minimize(&oracles, &original, Budget::default()).unwrap();
    assert_eq!(m.minimized, Request::new("http://a\\@", None));
    assert!(m.one_minimal);
    assert_eq!(m.signature, signature(&oracles, &original));
    assert_one_minimal(&oracles, &m.minimized, &m.signature);
}

#[test]
fn results_are_one_minimal_and_keep_the_signature_among_in_process_oracles() {
    let oracles = support::in_process();
    let oracles = support::refs(&oracles);
    let cases = [
        Request::new("http://evil.example\\@good.example/", None),
        Request::new("HTTPS://EXAMPLE.org:443/a/./b/../c?x=1#y", None),
        Request::new("https://\u{ff11}\u{ff12}\u{ff17}.0.0.1/admin", None),
        Request::new("  https://0x7f.1/%2e%2e/secret\t", None),
        Request::new("..\\..\\x?y", Some("http://example.com/dir/sub/file")),
        Request::new("file://C:/Windows/system.ini", None),
    ];
    for original in &cases {
        let m = minimize(&oracles, original, Budget::default()).unwrap();
        assert!(m.one_minimal, "{original:?}");
        assert!(m.minimized.input.chars().count() <= original.input.chars().count());
        assert_one_minimal(&oracles, &m.minimized, &signature(&oracles, original));
    }
}

#[test]
fn a_base_is_shrunk_or_dropped() {
    let oracles = support::reference_pair();
    let oracles = support::refs(&oracles);
    // With a base the RFC side resolves, so `href` is compared too (ascii-case here): the base
    // stays, shrunk to the shortest URL both sides parse as absolute, `a:`.
    let original = Request::new("HTTP://A/", Some("http://example.com/"));
    let m = minimize(&oracles, &original, Budget::default()).unwrap();
    assert_eq!(m.minimized.base.as_deref(), Some("a:"));
    assert_one_minimal(&oracles, &m.minimized, &m.signature);
    // Two WHATWG parsers that disagree on a host whatever the base: the base goes.
    let whatwg: Vec<Box<dyn Oracle>> = vec![
        Box::new(urldiff_oracles::reference::ReferenceOracle::new()),
        Box::new(urldiff_oracles::ada::AdaOracle::new()),
    ];
    let whatwg = support::refs(&whatwg);
    let original = Request::new("http://\u{3E8AC}/", Some("http://example.com/"));
    let m = minimize(&whatwg, &original, Budget::default()).unwrap();
    assert_eq!(m.minimized.base, None);
}

#[test]
fn an_agreed_input_has_nothing_to_minimize() {
    let oracles = support::in_process();
    let oracles = support::refs(&oracles);
    match minimize(&oracles, &Request::new("http://a/", None), Budget::default()) {
        Err(MinimizeError::NotDivergent { answers }) => assert_eq!(answers.len(), oracles.len()),
        other => panic!("expected NotDivergent, got {other:?}"),
    }
}

#[test]
fn the_budget_stops_the_search_and_says_so() {
    let oracles = support::in_process();
    let oracles = support::refs(&oracles);
    let original = Request::new("http://evil.example.with.labels\\@good.example/some/path", None);
    let m = minimize(&oracles, &original, Budget { max_calls: 12, max_seconds: 60.0 }).unwrap();
    assert!(!m.one_minimal);
    assert!(m.oracle_calls <= 12, "{}", m.oracle_calls);
    assert_eq!(signature(&oracles, &m.minimized), m.signature, "the best so far still holds");
}

/// Wraps an oracle and records every case it is asked and every batch.
struct Counting {
    inner: Box<dyn Oracle>,
    cases: AtomicUsize,
    batches: AtomicUsize,
    distinct: Mutex<HashSet<Case>>,
}

impl Oracle for Counting {
    fn info(&self) -> &OracleInfo {
        self.inner.info()
    }

    fn answer_batch(&self, cases: &[Case]) -> Result<Vec<Answer>, urldiff_oracles::OracleError> {
        self.cases.fetch_add(cases.len(), Ordering::SeqCst);
        self.batches.fetch_add(1, Ordering::SeqCst);
        self.distinct.lock().unwrap().extend(cases.iter().cloned());
        self.inner.answer_batch(cases)
    }
}

#[test]
fn every_candidate_is_asked_once_and_rounds_are_batches() {
    let mut pair = support::reference_pair();
    let rfc = pair.pop().unwrap();
    let counting = Counting {
        inner: pair.pop().unwrap(),
        cases: AtomicUsize::new(0),
        batches: AtomicUsize::new(0),
        distinct: Mutex::new(HashSet::new()),
    };
    // Below the parallel threshold every batch reaches the wrapper whole, so batches count
    // rounds; larger rounds are split into chunks (still one call per chunk).
    let oracles: Vec<&dyn Oracle> = vec![&counting, rfc.as_ref()];
    let original =
        Request::new("http://evil.example.with.labels\\@good.example/some/path?q=1#frag", None);
    let m = minimize(&oracles, &original, Budget::default()).unwrap();
    let asked = counting.cases.load(Ordering::SeqCst);
    let distinct = counting.distinct.lock().unwrap().len();
    assert_eq!(asked, distinct, "no candidate is asked twice (the cache)");
    assert_eq!(m.oracle_calls, distinct, "oracle_calls counts distinct candidates");
    let batches = counting.batches.load(Ordering::SeqCst);
    assert!(batches * 2 < asked, "{batches} batches for {asked} candidates: rounds are batched");
}

#[test]
fn the_readability_table_rewrites_to_the_simplest_of_each_kind() {
    let simplest = |c: char| kind_of(c).map(|k| k.simplest[0]);
    assert_eq!(simplest('q'), Some('a'));
    assert_eq!(simplest('Q'), Some('a'));
    assert_eq!(simplest('7'), Some('1'));
    assert_eq!(simplest('\u{3}'), Some('\u{1}'));
    assert_eq!(simplest('\n'), Some('\t'));
    assert_eq!(simplest('\u{ff31}'), Some('\u{ff41}'));
    assert_eq!(simplest('\u{ff0e}'), Some('\u{3002}'));
    assert_eq!(simplest('\u{430}'), Some('\u{e9}'));
    assert_eq!(simplest('/'), None, "structure is never rewritten");
    assert_eq!(simplest('\u{3E8AC}'), None, "nor are code points some Unicode lacks");
    // A dot segment that WHATWG removes and the RFC split keeps: by hand, `a:/.` (any scheme
    // will do, rewritten to `a`; `/.` is the shortest hierarchical path with a dot segment).
    let oracles = support::reference_pair();
    let oracles = support::refs(&oracles);
    let m = minimize(&oracles, &Request::new("http://x/q/../z9", None), Budget::default()).unwrap();
    assert_eq!(m.minimized.input, "a:/.");
}
