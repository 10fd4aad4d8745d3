//! The reference parser's validation errors against whatwg-url's (harness = false).
//!
//! whatwg-url (pinned in `oracles/node`, the URL Standard editors' reference implementation) is
//! run through `support/whatwg_url_validation.js` on every WPT urltestdata input (with its
//! base) and on a deterministic generated set (`support/urlgen.rs`); for each case the
//! reference's error sequence (names, count, order) must equal whatwg-url's.
//! Cases where whatwg-url is wrong against the standard's text are listed, with the spec step,
//! in `whatwg-url-expected-disagreements.txt` (two-way: a listed case that agrees fails).
//!
//! Skipped with one line when node or the whatwg-url package is missing (`make node-deps`).
//! `URLDIFF_VALIDATION_CASES=N` sets the generated set's size (default 5000),
//! `URLDIFF_VALIDATION_SEED=S` its seed, `URLDIFF_VALIDATION_EXTRA=FILE` adds the cases of a
//! JSON Lines file of `{"input", "base"}` (e.g. `python3 ../shared/tools/stress.py N SEED`).

use serde_json::{json, Value};
use std::io::{Read, Write};
use std::path::PathBuf;
use std::process::{Command, Stdio};
use urldiff_parser::Url;

#[path = "support/urlgen.rs"]
mod urlgen;
use urlgen::GenCase;

const DEFAULT_GENERATED: usize = 5000;
const DEFAULT_SEED: u64 = 0x55AA_2026;

/// One side's answer for one case.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Answer {
    /// The base did not parse (neither side then speaks about the input).
    base_failed: bool,
    errors: Vec<String>,
}

fn reference(case: &GenCase) -> Answer {
    let base = match &case.base {
        None => None,
        Some(b) => match Url::parse(b, None) {
            Ok(url) => Some(url),
            Err(_) => return Answer { base_failed: true, errors: Vec::new() },
        },
    };
    let outcome = Url::parse_with_errors(&case.input, base.as_ref());
    let errors = outcome.errors.iter().map(|e| e.kind.name().to_owned()).collect();
    Answer { base_failed: false, errors }
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
        .map(|line| {
            let v: Value = serde_json::from_str(line).map_err(|e| format!("{e}: {line}"))?;
            let errors = v["errors"].as_array().into_iter().flatten();
            Ok(Answer {
                base_failed: v["base_failed"] == true,
                errors: errors.filter_map(Value::as_str).map(str::to_owned).collect(),
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
    let text = std::fs::read_to_string(data.file("urltestdata.json")).expect("urltestdata.json");
    let (cases, _) = urldiff_corpus::usv_json::parse(&text).expect("urltestdata.json is JSON");
    cases
        .as_array()
        .into_iter()
        .flatten()
        .filter(|c| c.is_object())
        .map(|c| GenCase {
            input: c["input"].as_str().unwrap_or_default().to_owned(),
            base: c["base"].as_str().map(str::to_owned),
        })
        .collect()
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

fn main() {
    let package = match whatwg_url_package() {
        Ok(p) => p,
        Err(why) => {
            println!("whatwg-url agreement: skipped ({why})");
            return;
        }
    };
    let wpt = wpt_cases();
    let count = env_number("URLDIFF_VALIDATION_CASES", DEFAULT_GENERATED as u64) as usize;
    let seed = env_number("URLDIFF_VALIDATION_SEED", DEFAULT_SEED);
    let generated = urlgen::generate(&wpt, count, seed);
    let extra = std::env::var_os("URLDIFF_VALIDATION_EXTRA").map(|p| read_jsonl(&PathBuf::from(p)));
    let mut sets = vec![("urltestdata", &wpt), ("generated", &generated)];
    if let Some(extra) = &extra {
        sets.push(("extra", extra));
    }
    let mut problems = Vec::new();
    for (set, cases) in sets {
        let theirs = whatwg_url(&package, cases).unwrap_or_else(|e| panic!("whatwg-url: {e}"));
        let mut agree = 0;
        for (case, theirs) in cases.iter().zip(&theirs) {
            let ours = reference(case);
            if ours == *theirs {
                agree += 1;
            } else {
                problems.push(format!(
                    "{set}: {}\n    reference:  {:?}\n    whatwg-url: {:?}",
                    name(case),
                    ours.errors,
                    theirs.errors
                ));
            }
        }
        let pct = 100.0 * agree as f64 / cases.len().max(1) as f64;
        println!("{set} ({} cases): errors agree {agree}/{} ({pct:.1}%)", cases.len(), cases.len());
    }
    for p in problems.iter().take(40) {
        println!("DIFF {p}");
    }
    if !problems.is_empty() {
        println!("{} disagreements", problems.len());
        std::process::exit(1);
    }
}
