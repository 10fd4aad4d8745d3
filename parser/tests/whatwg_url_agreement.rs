//! The reference's two notions of validity against whatwg-url's (harness = false).
//!
//! whatwg-url (pinned in `oracles/node`, the URL Standard editors' reference implementation) is
//! run through `support/whatwg_url_validation.js` on every WPT urltestdata input (with its
//! base) and on a deterministic generated set (`urldiff_corpus::urlgen`); for each case
//! - `errors`: the reference's validation-error sequence (names, count, order) must equal
//!   whatwg-url's `parseURLWithValidationErrors`;
//! - `valid`: `urldiff_parser::valid::is_valid_url_string` must equal its `isValidURLString`.
//!
//! Cases where whatwg-url is wrong against the standard's text are listed, with the spec step,
//! in `whatwg-url-expected-disagreements.txt`, one JSON object a line: `{"aspect": "errors" |
//! "valid", "input", "base", "spec"}`. Listed cases always run, whatever the generated set's
//! size, and the ledger is two-way: a listed case that agrees fails the test.
//!
//! It also prints how often the reference's two notions (no validation error and no failure,
//! versus the grammar) disagree — what whatwg/url#704 tracks — with examples; that is a
//! report, not a failure.
//!
//! Skipped with one line when node or the whatwg-url package is missing (`make node-deps`).
//! `URLDIFF_VALIDATION_CASES=N` sets the generated set's size (default 5000),
//! `URLDIFF_VALIDATION_SEED=S` its seed, `URLDIFF_VALIDATION_EXTRA=FILE` adds the cases of a
//! JSON Lines file of `{"input", "base"}` (e.g. `urldiff corpus generate N --seed S`).

use serde_json::{json, Value};
use std::collections::BTreeSet;
use std::io::{Read, Write};
use std::path::PathBuf;
use std::process::{Command, Stdio};
use urldiff_parser::{valid, Url};

use urldiff_corpus::urlgen::{self, GenCase};

const DEFAULT_GENERATED: usize = 5000;

/// One side's answer for one case.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
struct Answer {
    /// The base did not parse (neither side then speaks about the input).
    base_failed: bool,
    errors: Vec<String>,
    /// The valid-URL-string verdict.
    valid: bool,
}

/// The reference's answer, and its `validity` (both notions) when the base parses.
fn reference(case: &GenCase) -> (Answer, Option<valid::Validity>) {
    let base = match &case.base {
        None => None,
        Some(b) => match Url::parse(b, None) {
            Ok(url) => Some(url),
            Err(_) => return (Answer { base_failed: true, ..Answer::default() }, None),
        },
    };
    let validity = valid::validity(&case.input, base.as_ref());
    let errors = validity.parser_errors.iter().map(|e| e.kind.name().to_owned()).collect();
    let answer = Answer { base_failed: false, errors, valid: validity.grammar_says_valid() };
    (answer, Some(validity))
}

fn repo_root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).parent().expect("parser/ has a parent").to_owned()
}

/// The whatwg-url package folder, or why the comparison cannot run here.
fn whatwg_url_package() -> Result<PathBuf, String> {
    let node = Command::new("node").arg("--version").output();
    if !node.is_ok_and(|o| o.status.success()) {
        return Err("node not found".into());
    }
    let package = repo_root().join("oracles/node/node_modules/whatwg-url");
    if !package.join("package.json").is_file() {
        return Err(format!("{} missing (run `make node-deps`)", package.display()));
    }
    Ok(package)
}

/// whatwg-url's answers, in the order of `cases`.
fn whatwg_url(package: &PathBuf, cases: &[GenCase]) -> Result<Vec<Answer>, String> {
    let script =
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/support/whatwg_url_validation.js");
    let mut child = Command::new("node")
        .arg(&script)
        .arg(package)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| format!("cannot start node: {e}"))?;
    let mut requests = String::new();
    for case in cases {
        requests.push_str(&json!({ "input": case.input, "base": case.base }).to_string());
        requests.push('\n');
    }
    let mut stdin = child.stdin.take().expect("piped");
    let writer = std::thread::spawn(move || stdin.write_all(requests.as_bytes()));
    let mut stdout = String::new();
    child.stdout.take().expect("piped").read_to_string(&mut stdout).map_err(|e| e.to_string())?;
    let mut stderr = String::new();
    let _ = child.stderr.take().expect("piped").read_to_string(&mut stderr);
    let status = child.wait().map_err(|e| e.to_string())?;
    writer.join().expect("writer thread").map_err(|e| format!("writing to node: {e}"))?;
    if !status.success() {
        return Err(format!("node exited with {status}: {stderr}"));
    }
    let answers: Vec<Answer> = stdout
        .lines()
        .filter(|line| !line.is_empty())
        .map(|line| {
            let v: Value = serde_json::from_str(line).map_err(|e| format!("{e}: {line}"))?;
            let errors = v["errors"].as_array().into_iter().flatten();
            Ok(Answer {
                base_failed: v["base_failed"] == true,
                errors: errors.filter_map(Value::as_str).map(str::to_owned).collect(),
                valid: v["valid"] == true,
            })
        })
        .collect::<Result<_, String>>()?;
    if answers.len() != cases.len() {
        return Err(format!("node answered {} of {} cases: {stderr}", answers.len(), cases.len()));
    }
    Ok(answers)
}

fn wpt_cases() -> Vec<GenCase> {
    let data = urldiff_corpus::wpt::locate().unwrap_or_else(|e| panic!("{e}"));
    let text = data.read("urltestdata.json").expect("urltestdata.json");
    let file = urldiff_corpus::urltestdata::parse(&text, "urltestdata.json")
        .unwrap_or_else(|e| panic!("{e}"));
    file.entries.into_iter().map(|e| GenCase { input: e.input, base: e.base }).collect()
}

/// Cases from a JSON Lines file of `{"input": "...", "base": "..." | null}`.
fn read_jsonl(path: &PathBuf) -> Vec<GenCase> {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| {
            let (v, _) = urldiff_corpus::usv_json::parse(l).unwrap_or_else(|e| panic!("{l}: {e}"));
            GenCase {
                input: v["input"].as_str().unwrap_or_default().to_owned(),
                base: v["base"].as_str().map(str::to_owned),
            }
        })
        .collect()
}

fn name(case: &GenCase) -> String {
    match &case.base {
        None => format!("{:?}", case.input),
        Some(b) => format!("{:?} against {b:?}", case.input),
    }
}

fn env_number(name: &str, default: u64) -> u64 {
    std::env::var(name).ok().and_then(|v| v.parse().ok()).unwrap_or(default)
}

/// A ledger entry's key: aspect and case.
type Key = (String, GenCase);

/// The expected-disagreement ledger: keys, and the cases to run.
fn read_ledger() -> BTreeSet<(String, String, Option<String>)> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/whatwg-url-expected-disagreements.txt");
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    text.lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| {
            let v: Value = serde_json::from_str(l).unwrap_or_else(|e| panic!("{path}: {e}: {l}"));
            let aspect = v["aspect"].as_str().expect("aspect");
            assert!(matches!(aspect, "errors" | "valid"), "{path}: unknown aspect in {l}");
            assert!(
                v["spec"].as_str().is_some_and(|q| !q.is_empty()),
                "{path}: no spec step in {l}"
            );
            let input = v["input"].as_str().expect("input").to_owned();
            (aspect.to_owned(), input, v["base"].as_str().map(str::to_owned))
        })
        .collect()
}

/// Counts for one set of cases.
#[derive(Default)]
struct Tally {
    cases: usize,
    errors_agree: usize,
    valid_agree: usize,
    /// Cases the reference's two notions judge differently (whatwg/url#704), with examples.
    notions_compared: usize,
    /// Of those, how many the grammar accepts.
    grammar_valid: usize,
    notions_disagree: usize,
    examples: Vec<String>,
}

fn percent(n: usize, of: usize) -> f64 {
    100.0 * n as f64 / of.max(1) as f64
}

fn main() {
    let twice = urlgen::generate(&[], 50, 1);
    assert_eq!(twice, urlgen::generate(&[], 50, 1), "the generator is deterministic");
    let package = match whatwg_url_package() {
        Ok(p) => p,
        Err(why) => {
            println!("whatwg-url agreement: skipped ({why})");
            return;
        }
    };
    let wpt = wpt_cases();
    let count = env_number("URLDIFF_VALIDATION_CASES", DEFAULT_GENERATED as u64) as usize;
    let seed = env_number("URLDIFF_VALIDATION_SEED", urlgen::DEFAULT_SEED);
    let generated = urlgen::generate(&wpt, count, seed);
    let ledger = read_ledger();
    let ledgered: Vec<GenCase> = ledger
        .iter()
        .map(|(_, input, base)| GenCase { input: input.clone(), base: base.clone() })
        .collect();
    let extra = std::env::var_os("URLDIFF_VALIDATION_EXTRA").map(|p| read_jsonl(&PathBuf::from(p)));
    let mut sets = vec![("urltestdata", &wpt), ("generated", &generated), ("ledger", &ledgered)];
    if let Some(extra) = &extra {
        sets.push(("extra", extra));
    }
    println!("generated set: {count} cases, seed {seed:#x} (URLDIFF_VALIDATION_CASES, URLDIFF_VALIDATION_SEED)");
    let mut problems = Vec::new();
    let mut disagreeing: BTreeSet<Key> = BTreeSet::new();
    for (set, cases) in sets {
        let theirs = whatwg_url(&package, cases).unwrap_or_else(|e| panic!("whatwg-url: {e}"));
        let mut tally = Tally { cases: cases.len(), ..Tally::default() };
        for (case, theirs) in cases.iter().zip(&theirs) {
            let (ours, validity) = reference(case);
            compare(set, case, &ours, theirs, &ledger, &mut tally, &mut disagreeing, &mut problems);
            if let Some(v) = validity.filter(|_| set != "ledger") {
                tally.notions_compared += 1;
                tally.grammar_valid += usize::from(v.grammar_says_valid());
                if v.disagree() {
                    tally.notions_disagree += 1;
                    if tally.examples.len() < 6 {
                        tally.examples.push(notions_example(case, &v));
                    }
                }
            }
        }
        print_tally(set, &tally);
    }
    for (aspect, input, base) in &ledger {
        let case = GenCase { input: input.clone(), base: base.clone() };
        if !disagreeing.contains(&(aspect.clone(), case.clone())) {
            problems.push(format!("ledger: {aspect}: {} agrees now: remove it", name(&case)));
        }
    }
    for p in problems.iter().take(40) {
        println!("FAIL {p}");
    }
    if !problems.is_empty() {
        println!("{} problems", problems.len());
        std::process::exit(1);
    }
}

/// Compare one case on both aspects; a disagreement is a problem unless ledgered.
#[allow(clippy::too_many_arguments)]
fn compare(
    set: &str,
    case: &GenCase,
    ours: &Answer,
    theirs: &Answer,
    ledger: &BTreeSet<(String, String, Option<String>)>,
    tally: &mut Tally,
    disagreeing: &mut BTreeSet<Key>,
    problems: &mut Vec<String>,
) {
    let errors_agree = ours.base_failed == theirs.base_failed && ours.errors == theirs.errors;
    let valid_agree = ours.base_failed == theirs.base_failed && ours.valid == theirs.valid;
    for (aspect, agree, detail) in [
        (
            "errors",
            errors_agree,
            format!("reference {:?}, whatwg-url {:?}", ours.errors, theirs.errors),
        ),
        ("valid", valid_agree, format!("reference {}, whatwg-url {}", ours.valid, theirs.valid)),
    ] {
        if agree {
            continue;
        }
        disagreeing.insert((aspect.to_owned(), case.clone()));
        let key = (aspect.to_owned(), case.input.clone(), case.base.clone());
        if !ledger.contains(&key) {
            problems.push(format!("{set}: {aspect}: {}\n    {detail}", name(case)));
        }
    }
    tally.errors_agree += usize::from(errors_agree);
    tally.valid_agree += usize::from(valid_agree);
}

fn notions_example(case: &GenCase, v: &valid::Validity) -> String {
    let errors: Vec<&str> = v.parser_errors.iter().map(|e| e.kind.name()).collect();
    let parser = if v.parse_failed { format!("failure {errors:?}") } else { format!("{errors:?}") };
    let grammar = match &v.grammar {
        Ok(()) => "valid".to_owned(),
        Err(violation) => violation.to_string(),
    };
    format!("{}: parser {parser}; grammar {grammar}", name(case))
}

fn print_tally(set: &str, t: &Tally) {
    let n = t.cases;
    println!(
        "{set} ({n} cases): errors agree {}/{n} ({:.1}%), valid_url_string agrees {}/{n} ({:.1}%)",
        t.errors_agree,
        percent(t.errors_agree, n),
        t.valid_agree,
        percent(t.valid_agree, n)
    );
    if t.notions_compared > 0 {
        println!(
            "  #704: \"no validation error\" and the grammar disagree on {}/{} ({:.2}%); the grammar accepts {}",
            t.notions_disagree,
            t.notions_compared,
            percent(t.notions_disagree, t.notions_compared),
            t.grammar_valid
        );
        for e in &t.examples {
            println!("    {e}");
        }
    }
}
