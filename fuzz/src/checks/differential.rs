//! `differential`: the reference parser vs rust-url vs ada, in process, compared with the
//! comparison core (`urldiff_compare`: projection, grades, signature).
//!
//! Fields of the input: `[input, base]` (see [`crate::input`]); an empty base is none. First
//! the three parsers are asked straight (`urldiff_oracles::agreement`): when they answer
//! identically, as they do for most inputs, nothing more is done, since identical answers are
//! never a divergence. Otherwise the three oracles answer the parse case through the same
//! adapters `urldiff conform` uses; when they disagree and the ledger (`corpus/expected/`, as embedded, read by its one reader) does
//! not expect it, the divergence is a [`Finding`] keyed by its divergence signature, and the
//! run goes on. A panic of the reference is a broken invariant (libFuzzer keeps the input as a
//! crash); a panic of rust-url or ada is that oracle's `Crashed` answer, a divergence like any
//! other.
//!
//! The ledger is read as `urldiff triage` reads it: for the suite `fuzz/<target>` and the
//! case's name, each oracle's difference from the reference must be covered by that oracle's
//! ledger (`urldiff_triage::expected`).

use super::{CheckResult, Violation};
use crate::findings::Finding;
use crate::input;
use std::sync::OnceLock;
use urldiff_compare::{compare_all, ledger::Ledger, Answered, Comparison, Signature};
use urldiff_oracles::ada::AdaOracle;
use urldiff_oracles::agreement;
use urldiff_oracles::panic_guard::catch_quietly;
use urldiff_oracles::reference::ReferenceOracle;
use urldiff_oracles::rust_url::RustUrlOracle;
use urldiff_oracles::{Answer, Case, Oracle};
use urldiff_triage::expected::is_expected;

const TARGET: &str = "differential";

/// The three in-process oracles and the ledger, made once per process.
struct Differential {
    oracles: Vec<Box<dyn Oracle>>,
    ledger: Ledger,
}

fn state() -> &'static Differential {
    static STATE: OnceLock<Differential> = OnceLock::new();
    STATE.get_or_init(|| Differential {
        oracles: vec![
            Box::new(ReferenceOracle::new()),
            Box::new(RustUrlOracle::new()),
            Box::new(AdaOracle::new()),
        ],
        ledger: Ledger::embedded().unwrap_or_else(|e| panic!("the embedded ledger: {e}")),
    })
}

pub fn check(data: &[u8]) -> CheckResult {
    let fields = input::fields(data);
    compare_case(TARGET, &fields[0], input::optional(&fields, 1), data)
}

/// Compare the three oracles' answers to `input` against `base`: no finding when they agree
/// or the ledger expects the divergence, else one finding with the divergence's signature.
/// `target` names the target whose findings folder receives it (`structured` uses this too).
pub fn compare_case(
    target: &'static str,
    input: &str,
    base: Option<&str>,
    data: &[u8],
) -> CheckResult {
    if known_to_agree(input, base) {
        return Ok(Vec::new());
    }
    let state = state();
    let (case, answers, comparison) = compare_answers(target, input, base)?;
    if !comparison.disagrees() {
        return Ok(Vec::new());
    }
    let oracles: Vec<&dyn Oracle> = state.oracles.iter().map(|o| o.as_ref()).collect();
    let (suite, name) = (format!("fuzz/{target}"), case.name());
    if is_expected(&state.ledger, &oracles, &answers, &comparison, (&suite, &name)) {
        return Ok(Vec::new());
    }
    let line = Signature::of(&comparison).line();
    let id = Signature::id_of_line(&line);
    let detail = format!("{name}: {}", outcomes(&oracles, &answers));
    let mut finding = Finding::new(target, line, detail, data).about(input, base);
    finding.signature_id = id;
    Ok(vec![finding])
}

/// Whether the three parsers answer identically, read straight off them
/// (`urldiff_oracles::agreement`). Most inputs are such, and identical answers are never a
/// divergence, so for them the answers are not built nor compared. A panic there is not
/// agreement: the full comparison then meets it again and records it.
fn known_to_agree(input: &str, base: Option<&str>) -> bool {
    catch_quietly(|| agreement::parse_agrees(input, base)).unwrap_or(false)
}

/// The case, every oracle's answer, and the comparison core's verdict on them.
fn compare_answers(
    target: &'static str,
    input: &str,
    base: Option<&str>,
) -> Result<(Case, Vec<Answer>, Comparison), Violation> {
    let state = state();
    let case = Case::parse(input, base);
    let answers = answer(target, &state.oracles, &case)?;
    let answered: Vec<Answered> = state
        .oracles
        .iter()
        .zip(&answers)
        .map(|(oracle, answer)| Answered { info: oracle.info(), answer })
        .collect();
    let comparison = compare_all(&case, &answered);
    Ok((case, answers, comparison))
}

/// Every oracle's answer. A panic of the reference breaks the target's invariant (our bug: the
/// fuzzer keeps the input as a crash); a panic of rust-url or ada, which the oracle's guard
/// turns into a `Crashed` answer, is compared like any answer (the signature says
/// `crashed{…}`), so the campaign records it by signature and goes on. An oracle that cannot
/// answer at all breaks the invariant too.
fn answer(
    target: &'static str,
    oracles: &[Box<dyn Oracle>],
    case: &Case,
) -> Result<Vec<Answer>, Violation> {
    let mut answers = Vec::with_capacity(oracles.len());
    for oracle in oracles {
        let answer = oracle
            .answer_batch(std::slice::from_ref(case))
            .map_err(|e| {
                Violation::new(target, "oracle-answers", format!("{}: {e}", oracle.name()))
            })?
            .pop()
            .ok_or_else(|| Violation::new(target, "oracle-answers", oracle.name().to_owned()))?;
        if let (Answer::Crashed(crash), "reference") = (&answer, oracle.name()) {
            let detail = format!("{} on {}: {crash:?}", oracle.name(), case.name());
            return Err(Violation::new(target, "no-oracle-panics", detail));
        }
        answers.push(answer);
    }
    Ok(answers)
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

    /// What the fast path skips, the comparison core would not have called a divergence: over
    /// the seeds and generated cases like a campaign's, every input the parsers answer
    /// identically is one the full comparison finds no difference in.
    #[test]
    fn inputs_known_to_agree_are_ones_the_comparison_finds_no_difference_in() {
        let sources = crate::seeds::Sources::locate().expect("the WPT data");
        let strings = crate::seeds::Strings::read(&sources).expect("the seed strings");
        let (mut agreed, mut compared) = (0, 0);
        for data in crate::seeds::differential_workload(&strings, 2000) {
            let fields = input::fields(&data);
            let (input, base) = (&fields[0], input::optional(&fields, 1));
            if !known_to_agree(input, base) {
                compared += 1;
                continue;
            }
            agreed += 1;
            let (case, _, comparison) = compare_answers(TARGET, input, base).expect("answers");
            assert!(!comparison.disagrees(), "{}: {comparison:?}", case.name());
        }
        assert!(agreed > 0 && compared > 0, "both paths taken: {agreed} agreed, {compared} not");
    }

    #[test]
    fn agreement_is_no_finding() {
        assert_eq!(findings("https://example.com/a?b#c", None), []);
        assert_eq!(findings("../x", Some("http://h/a/b")), []);
    }

    #[test]
    fn a_divergence_is_one_finding_with_its_signature() {
        // WPT: "^" is in the path percent-encode set of the current standard; rust-url 2.5.8
        // (ledger: only for wpt/* suites) does not encode it, ada and the reference do.
        let got = findings("http://h/a^b", None);
        assert_eq!(got.len(), 1, "{got:?}");
        let f = &got[0];
        assert_eq!(f.target, "differential");
        assert_eq!((f.input.as_str(), f.base.as_deref()), ("http://h/a^b", None));
        assert!(f.signature.contains("path/"), "{}", f.signature);
        assert!(f.signature.contains("{rust-url}"), "{}", f.signature);
        assert_eq!(f.signature_id.len(), 16);
        // The same split of the oracles on another input is the same signature.
        let again = findings("http://other/x^y", None);
        assert_eq!(again[0].signature_id, f.signature_id);
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
