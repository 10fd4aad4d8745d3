//! Smaller command-line mends of issue 22: time budgets are finite numbers above 0, `minimize`
//! says when its result is the original and warns of a base that does not parse (as `compare`
//! does), and `report` on a JSON Lines file points to `triage`.

use std::process::{Command, Output, Stdio};

fn urldiff(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_urldiff"))
        .args(args)
        .stdin(Stdio::null())
        .output()
        .expect("run urldiff")
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// In-process oracles only: quick, and the same on every machine.
const ORACLES: [&str; 4] = ["--oracle", "reference", "--oracle", "rfc3986-regex"];
const DIVERGENT: &str = "http://evil.example\\@good.example/";

#[test]
fn time_budgets_must_be_finite_and_above_zero() {
    for bad in ["NaN", "nan", "inf", "-inf", "0", "-1"] {
        let out = urldiff(&["minimize", &format!("--max-seconds={bad}"), "http://a/"]);
        assert_eq!(out.status.code(), Some(2), "minimize --max-seconds {bad}: {}", stderr(&out));
        assert!(stderr(&out).contains("is not a time budget"), "{}", stderr(&out));
        let option = format!("--minimize-max-seconds={bad}");
        let out = urldiff(&["serve", &option, "--addr", "127.0.0.1:1"]);
        assert_eq!(out.status.code(), Some(2), "serve --minimize-max-seconds {bad}");
        assert!(stderr(&out).contains("is not a time budget"), "{}", stderr(&out));
    }
}

#[test]
fn a_budget_that_ends_before_anything_smaller_says_so() {
    let mut args = vec!["minimize", "--max-calls", "1"];
    args.extend(ORACLES);
    args.push(DIVERGENT);
    let out = urldiff(&args);
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(0), "{err}");
    assert!(err.contains("the result is the original"), "{err}");
    assert!(!err.contains("is smaller"), "{err}");
}

#[test]
fn minimize_warns_of_a_base_that_does_not_parse() {
    let mut args = vec!["minimize", "--base", "not a url"];
    args.extend(ORACLES);
    args.push("?q");
    let out = urldiff(&args);
    let err = stderr(&out);
    assert!(err.contains("note: the base \"not a url\" does not parse (WHATWG)"), "{err}");
}

#[test]
fn report_on_json_lines_points_to_triage() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("cases.jsonl");
    std::fs::write(&path, "{\"input\": \"http://a/\"}\n{\"input\": \"http://b/\"}\n").unwrap();
    let out = urldiff(&["report", path.to_str().unwrap(), "--markdown", "-"]);
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("JSON Lines") && err.contains("urldiff triage"), "{err}");
}
