//! `differential`: the reference parser vs rust-url vs ada, in process, compared with the
//! comparison core (`urldiff_compare`: projection, grades, signature).
//!
//! Fields of the input: `[input, base]` (see [`crate::input`]); an empty base is none. First
//! the three parsers are asked straight (`urldiff_oracles::agreement`): when they answer alike
//! (all fail, or every getter the projection reads is equal), as
//! they do for most inputs, nothing more is done, since no comparison could find a difference.
//! Otherwise their answers, cut down to what the comparison core reads of them, are compared;
//! when they disagree and the ledger (`corpus/expected/`, as embedded, read by its one reader)
//! does not expect it, the divergence is a [`Finding`] keyed by its divergence signature, and
//! the run goes on. A panic of the reference is a broken invariant (libFuzzer keeps the input
//! as a crash); a panic of rust-url or ada is that oracle's `Crashed` answer, a divergence like
//! any other.
//!
//! The ledger is read as `urldiff triage` reads it: for the suite `fuzz/<target>` and the
//! case's name, each oracle's difference from the reference must be covered by that oracle's
//! ledger (`urldiff_triage::expected`).

use super::{CheckResult, Violation};
use crate::findings::Finding;
use crate::input;
use std::sync::OnceLock;
use urldiff_compare::project::whatwg_fields_read;
use urldiff_compare::{compare_all, ledger::Ledger, AgreementGroups, Answered, Signature};
#[cfg(test)]
use urldiff_compare::{Comparison, DisagreeingFields};
use urldiff_oracles::ada::AdaOracle;
use urldiff_oracles::agreement::{self, Getters, ParseAnswers};
use urldiff_oracles::reference::ReferenceOracle;
use urldiff_oracles::rust_url::RustUrlOracle;
use urldiff_oracles::{Answer, Case, Oracle};
use urldiff_triage::expected::is_expected;

/// A target that compares the three oracles: its name (its findings' `target`) and the
/// ledger suite its cases are read under, `fuzz/<name>`.
#[derive(Clone, Copy, Debug)]
pub struct Comparing {
    pub target: &'static str,
    pub suite: &'static str,
}

const TARGET: Comparing = Comparing { target: "differential", suite: "fuzz/differential" };

/// The three in-process oracles, the ledger and the getters the comparison reads, made once
/// per process (and kept for it: the oracles are leaked to lend them as `&'static`).
struct Differential {
    oracles: Vec<&'static dyn Oracle>,
    ledger: Ledger,
    getters: Getters,
}

fn state() -> &'static Differential {
    static STATE: OnceLock<Differential> = OnceLock::new();
    STATE.get_or_init(|| {
        let oracles: [Box<dyn Oracle>; 3] = [
            Box::new(ReferenceOracle::new()),
            Box::new(RustUrlOracle::new()),
            Box::new(AdaOracle::new()),
        ];
        Differential {
            oracles: oracles.into_iter().map(|o| &*Box::leak(o)).collect(),
            ledger: Ledger::embedded().unwrap_or_else(|e| panic!("the embedded ledger: {e}")),
            getters: Getters::new(&whatwg_fields_read()),
        }
    })
}

pub fn check(data: &[u8]) -> CheckResult {
    let [input, base] = input::first_two(data);
    compare_case(TARGET, &input, Some(&*base).filter(|b| !b.is_empty()), data)
}

/// Compare the three oracles' answers to `input` against `base`: no finding when they agree
/// or the ledger expects the divergence, else one finding with the divergence's signature.
/// `comparing` names the target whose findings folder receives it and the ledger suite
/// (`structured` uses this too).
///
/// Most divergences are ones the ledger expects, and the ledger reads only who disagrees with
/// the reference on which fields: [`AgreementGroups`] say that without building the whole
/// comparison, which is made (graded, for the signature) only for a divergence it does not
/// expect.
pub fn compare_case(
    comparing: Comparing,
    input: &str,
    base: Option<&str>,
    data: &[u8],
) -> CheckResult {
    match answers(comparing.target, input, base)? {
        None => Ok(Vec::new()),
        Some((case, answers)) => Ok(divergence(comparing, (input, base), &case, &answers, data)),
    }
}

/// The finding, if any, of answers that differ: none when the ledger expects the divergence.
/// Out of line and cold, so that the agreeing path's code stays small (see `agreement`).
#[cold]
#[inline(never)]
fn divergence(
    comparing: Comparing,
    (input, base): (&str, Option<&str>),
    case: &Case,
    answers: &[Answer],
    data: &[u8],
) -> Vec<Finding> {
    let Comparing { target, suite } = comparing;
    let state = state();
    let answered = answered(answers);
    let oracles = &state.oracles;
    let name = case.name();
    let groups = AgreementGroups::of(case, &answered);
    if is_expected(&state.ledger, oracles, answers, &groups, (suite, &name)) {
        return Vec::new();
    }
    let comparison = compare_all(case, &answered);
    if !comparison.disagrees() {
        return Vec::new();
    }
    let line = Signature::of(&comparison).line();
    let id = Signature::id_of_line(&line);
    let detail = format!("{name}: {}", outcomes(oracles, answers));
    vec![Finding::of_divergence(target, (line, id), detail, data, (input, base))]
}

/// The case and the three oracles' answers cut down to what the comparison core reads of them
/// (`urldiff_oracles::agreement`); `None` when the parsers answer alike (all fail, or all
/// parse with every getter the projection reads equal), which no
/// comparison calls a divergence, so for most inputs no answer is built.
///
/// A panic of the reference breaks the target's invariant (our bug: the fuzzer keeps the input
/// as a crash); a panic of rust-url or ada is that oracle's `Crashed` answer, compared like any
/// answer (the signature says `crashed{…}`), so the campaign records it and goes on.
fn answers(
    target: &'static str,
    input: &str,
    base: Option<&str>,
) -> Result<Option<(Case, Vec<Answer>)>, Violation> {
    let state = state();
    let (case, answers) = match agreement::parse_answers(input, base, &state.getters) {
        ParseAnswers::Alike => return Ok(None),
        ParseAnswers::Differ { case, answers } => (case, answers),
    };
    for (oracle, answer) in state.oracles.iter().zip(&answers) {
        if let (Answer::Crashed(crash), "reference") = (answer, oracle.name()) {
            let detail = format!("{} on {}: {crash:?}", oracle.name(), case.name());
            return Err(Violation::new(target, "no-oracle-panics", detail));
        }
    }
    Ok(Some((case, answers)))
}

/// The three oracles' answers, each with who gave it, as the comparison core takes them.
fn answered(answers: &[Answer]) -> Vec<Answered<'_>> {
    let oracles = &state().oracles;
    oracles
        .iter()
        .zip(answers)
        .map(|(oracle, answer)| Answered { info: oracle.info(), answer })
        .collect()
}

/// The comparison core's verdict on the three oracles' answers to `case`.
#[cfg(test)]
fn compare(case: &Case, answers: &[Answer]) -> Comparison {
    compare_all(case, &answered(answers))
}

/// `reference: parsed, rust-url: failure, …` for a finding's detail.
fn outcomes(oracles: &[&dyn Oracle], answers: &[Answer]) -> String {
    let each = oracles.iter().zip(answers).map(|(o, a)| format!("{}: {}", o.name(), a.outcome()));
    each.collect::<Vec<_>>().join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn findings(input: &str, base: Option<&str>) -> Vec<Finding> {
        let data = input::encode(&[input, base.unwrap_or("")]);
        check(&data).expect("no oracle panics")
    }

    #[test]
    fn the_parsers_asked_first_are_the_oracles_compared() {
        let names: Vec<&str> = state().oracles.iter().map(|o| o.name()).collect();
        assert_eq!(names, agreement::ORACLES);
    }

    /// What the shortcut skips, the comparison core would not have called a divergence; where
    /// it answers, its cut-down answers make the comparison the oracles' own answers make (the
    /// same divergence, the same signature), and their `AgreementGroups` say who disagrees on
    /// what as that comparison does: over the seeds and generated cases like a campaign's.
    #[test]
    fn the_check_decides_as_the_whole_answers_would() {
        let sources = crate::seeds::Sources::locate().expect("the WPT data");
        let strings = crate::seeds::Strings::read(&sources).expect("the seed strings");
        let state = state();
        let (mut alike, mut differ) = (0, 0);
        for data in crate::seeds::differential_workload(&strings, 2000) {
            let fields = input::fields(&data);
            let (input, base) = (&fields[0], input::optional(&fields, 1));
            let case = Case::parse(input.as_ref(), base);
            let own: Vec<Answer> = state
                .oracles
                .iter()
                .map(|o| o.answer_batch(std::slice::from_ref(&case)).unwrap().remove(0))
                .collect();
            let whole = compare(&case, &own);
            let name = case.name();
            match agreement::parse_answers(input, base, &state.getters) {
                ParseAnswers::Alike => {
                    alike += 1;
                    assert!(!whole.disagrees(), "{name}: {whole:?}");
                }
                ParseAnswers::Differ { answers, .. } => {
                    differ += 1;
                    let lean = compare(&case, &answers);
                    assert_eq!(lean.disagrees(), whole.disagrees(), "{name}");
                    assert_eq!(Signature::of(&lean), Signature::of(&whole), "{name}");
                    let groups = AgreementGroups::of(&case, &answered(&answers));
                    for oracle in agreement::ORACLES {
                        let (quick, full) = (
                            groups.disagreeing_fields("reference", oracle),
                            whole.disagreeing_fields("reference", oracle),
                        );
                        assert_eq!(quick, full, "{oracle} on {name}");
                    }
                }
            }
        }
        assert!(alike > 0 && differ > 0, "both ways taken: {alike} alike, {differ} not");
    }

    #[test]
    fn agreement_is_no_finding() {
        assert_eq!(findings("https://example.com/a?b#c", None), []);
        assert_eq!(findings("../x", Some("http://h/a/b")), []);
    }

    #[test]
    fn a_divergence_is_one_finding_with_its_signature() {
        // rust-url 2.5.8 reads "\\" as "//" against a non-special base and fails on the host
        // "|x"; the reference and ada keep it a path. The ledger's backslash class covers
        // host, href and path, not the outcome.
        let got = findings("\\\\|x\\e", Some("sc:/p/q"));
        assert_eq!(got.len(), 1, "{got:?}");
        let f = &got[0];
        assert_eq!(f.target, "differential");
        assert_eq!((f.input.as_str(), f.base.as_deref()), ("\\\\|x\\e", Some("sc:/p/q")));
        assert_eq!(f.signature, "parsed{ada,reference} failure{rust-url}");
        assert_eq!(f.signature_id.len(), 16);
        // The same split of the oracles on another input is the same signature.
        let again = findings("\\\\|y", Some("sc://h/"));
        assert_eq!(again[0].signature_id, f.signature_id);
    }

    #[test]
    fn a_class_of_the_ledger_expects_its_divergences_in_fuzz_suites_too() {
        // corpus/expected/rust-url.txt: `class: * /\^/ | href,path | does not percent-encode
        // "^" in paths`. A known behaviour of rust-url is no finding wherever it shows.
        let class_is_there = state().ledger.files["rust-url"]
            .entries()
            .any(|(_, e)| e.key().contains("\\^") && e.key().starts_with("class: * "));
        assert!(class_is_there, "the ledger class this test relies on is gone");
        assert_eq!(findings("http://h/a^b", None), []);
        // A difference in a field the class does not list is still a finding.
        assert_eq!(findings("\\\\|x^", Some("sc:/p/q")).len(), 1);
    }

    #[test]
    #[cfg(debug_assertions)]
    fn an_oracle_panic_is_a_finding_not_a_crash() {
        // rust-url 2.5.8 fails a debug assertion of its own here (found by this target); the
        // guard makes it rust-url's crashed answer, and the run goes on.
        let got = findings("..", Some("file:le://x//C://x//C:"));
        assert_eq!(got.len(), 1, "{got:?}");
        assert!(got[0].signature.contains("crashed{rust-url}"), "{}", got[0].signature);
    }

    #[test]
    fn a_ledger_entry_naming_the_case_expects_it() {
        // corpus/expected/rust-url.txt names `<..> against <abc://x/y/z/C:/>` for href,path.
        let ledgered = findings("..", Some("abc://x/y/z/C:/"));
        let suite_is_ours = state().ledger.files["rust-url"]
            .entries()
            .any(|(_, e)| e.key() == "<..> against <abc://x/y/z/C:/>");
        assert!(suite_is_ours, "the ledger entry this test relies on is gone");
        assert_eq!(ledgered, [], "a case entry covers the case in any suite");
    }
}
