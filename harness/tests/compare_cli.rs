//! `urldiff compare` from the outside: cross-model divergences, the table view, `--oracle`,
//! `--jsonl`, a base that does not parse, and a closed stdout.
//!
//! The backslash case `http://evil.example\@good.example/` is hand-checked: the URL Standard
//! reads `\` as `/` in a special URL (host `evil.example`), RFC 3986 Appendix B and urllib end
//! the authority at the first `/` (host `good.example`, after the userinfo `evil.example\`),
//! and java.net.URI rejects the `\`. Oracles missing on this machine are left out of the
//! expected groups.

use serde_json::Value;
use std::io::Write as _;
use std::process::{Command, Output, Stdio};

const BACKSLASH: &str = r"http://evil.example\@good.example/";

fn urldiff(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_urldiff")).args(args).output().expect("run urldiff")
}

/// `urldiff ARGS` with `$COLUMNS` set: the width the table is fitted to.
fn urldiff_columns(args: &[&str], columns: usize) -> Output {
    Command::new(env!("CARGO_BIN_EXE_urldiff"))
        .args(args)
        .env("COLUMNS", columns.to_string())
        .output()
        .expect("run urldiff")
}

fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

fn json(out: &Output) -> Value {
    serde_json::from_slice(&out.stdout).unwrap_or_else(|e| {
        panic!("{e}: {}\n{}", stdout(out), String::from_utf8_lossy(&out.stderr))
    })
}

/// The names of the oracles that answered (anything but no opinion).
fn answering(json: &Value) -> Vec<String> {
    let answers = json["answers"].as_array().unwrap();
    answers
        .iter()
        .filter(|a| a["outcome"] != "no-opinion")
        .map(|a| a["oracle"].as_str().unwrap().to_owned())
        .collect()
}

/// The oracles that need a runtime, and which.
const RUNTIME_ORACLES: [(&str, &str); 10] = [
    ("python-urllib", "python"),
    ("node-url", "node"),
    ("whatwg-url", "node"),
    ("url-parse", "node"),
    ("java-uri", "java"),
    ("node-legacy-url", "node"),
    ("fast-url-parser", "node"),
    ("urijs", "node"),
    ("uri-js", "node"),
    ("java-url", "java"),
];

fn sorted_present(names: &[&str], present: &[String]) -> Vec<String> {
    let mut v: Vec<String> =
        names.iter().filter(|n| present.iter().any(|p| p == *n)).map(|n| (*n).to_owned()).collect();
    v.sort();
    v
}

#[test]
fn backslash_host_splits_the_models() {
    let out = urldiff(&["compare", "--json", BACKSLASH]);
    assert_eq!(out.status.code(), Some(0));
    let json = json(&out);
    let present = answering(&json);
    for (oracle, runtime) in RUNTIME_ORACLES {
        if !present.iter().any(|p| p == oracle) {
            urldiff_corpus::required::skip(runtime, oracle, "did not answer (not available)");
        }
    }
    let host = json["divergences"]
        .as_array()
        .unwrap()
        .iter()
        .find(|d| d["field"] == "host")
        .expect("a host divergence");
    // url.parse, its clone fast-url-parser and URI.js read the backslash as a slash, web-style.
    let whatwg = [
        "reference",
        "rust-url",
        "ada",
        "node-url",
        "whatwg-url",
        "url-parse",
        "node-legacy-url",
        "fast-url-parser",
        "urijs",
    ];
    // java-url is left out: java.net.URL of JDK 17 reads the RFC way here, JDK 25's rejects the
    // `\` in the userinfo ("Illegal character found in user-info"), and the newest JDK found
    // runs it.
    let rfc = ["curl", "python-urllib", "reference-rfc3986", "rfc3986-regex", "uri-js"];
    // The groups of these oracles (the library folders join one side or the other).
    let known = |o: &&str| whatwg.contains(o) || rfc.contains(o);
    let groups: Vec<Vec<String>> = host["groups"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| -> Vec<String> {
            let names = g["oracles"].as_array().unwrap().iter().map(|o| o.as_str().unwrap());
            names.filter(known).map(str::to_owned).collect()
        })
        .filter(|g| !g.is_empty())
        .collect();
    assert_eq!(groups, [sorted_present(&whatwg, &present), sorted_present(&rfc, &present)]);
    assert_eq!(host["grade"], "structural");
    assert_eq!(host["severity"], "high");
    assert_eq!(host["groups"][0]["value"]["value"], "evil.example");
    let signature = json["signature"].as_str().unwrap();
    assert!(signature.contains("host/structural: {ada,"), "{signature}");
    if present.iter().any(|p| p == "java-uri") {
        let outcome = &json["divergences"][0];
        assert_eq!(outcome["field"], "outcome");
        // java.net.URI rejects the backslash (so do other RFC libraries, in the same group).
        let failed = outcome["groups"][1]["oracles"].as_array().unwrap();
        assert!(failed.iter().any(|o| o == "java-uri"), "{failed:?}");
        let failures = signature.split("failure{").nth(1).unwrap_or_default();
        assert!(failures.split('}').next().unwrap().contains("java-uri"), "{signature}");
    }
}

#[test]
fn the_table_marks_the_cross_model_host_line_only() {
    // Wide enough for every oracle side by side.
    let out = urldiff_columns(&["compare", BACKSLASH], 1000);
    assert_eq!(out.status.code(), Some(0));
    let text = stdout(&out);
    let line = |label: &str| {
        text.lines()
            .find(|l| l.starts_with(&format!("{label} ")))
            .unwrap_or_else(|| panic!("{text}"))
    };
    assert!(line("host").contains("*\"good.example\""), "{text}");
    assert!(!line("host").contains("*\"evil.example\""), "{text}");
    // Empty versus absent query or fragment is no difference (urlsplit cannot tell them
    // apart; WHATWG getters neither).
    assert!(!line("query").contains('*'), "{text}");
    assert!(!line("fragment").contains('*'), "{text}");
    assert!(text.contains("undefined") && text.contains("\"\"|undef"), "{text}");
    assert!(text.contains("reference validation errors: invalid-reverse-solidus"), "{text}");
    assert!(text.contains("summary: "), "{text}");
    // Columns group agreeing oracles: the reference shares the first one with whatwg-url (both
    // report validation errors and judge valid URL strings), not with rust-url (which agrees
    // on every URL field but reports neither).
    let header = text.lines().nth(2).unwrap();
    assert!(header.trim_start().starts_with("reference"), "{text}");
    let second = text.lines().nth(3).unwrap().trim_start();
    assert!(!second.starts_with("rust-url"), "{text}");
    if text.contains("whatwg-url") {
        assert!(second.starts_with("whatwg-url"), "{text}");
    }
    // The validity rows: the backslash is a validation error, and no valid URL string has
    // one (the URL Standard's writing grammar has no "\" anywhere).
    assert!(line("validation-errors").contains("invalid-reverse-solidus"), "{text}");
    assert!(!line("validation-errors").contains('*'), "{text}");
    assert!(line("valid-url-string").contains("false"), "{text}");
    assert!(text.contains("reference valid URL string: no: not a "), "{text}");
}

#[test]
fn the_table_fits_100_columns() {
    let out = urldiff_columns(&["compare", BACKSLASH], 100);
    assert_eq!(out.status.code(), Some(0));
    let text = stdout(&out);
    for line in text.lines() {
        assert!(line.chars().count() <= 100, "{line:?}\n{text}");
        assert_eq!(line, line.trim_end(), "{text}");
    }
    // Still every row of the reference, and its host, however it is drawn.
    assert!(text.contains("\"evil.example\""), "{text}");
    assert!(text.contains("summary: "), "{text}");
}

#[test]
fn oracle_narrows_and_the_summary_names_the_groups() {
    let args = ["compare", "--oracle", "reference", "--oracle", "reference-rfc3986", BACKSLASH];
    // Wide enough that the summary stays on one line.
    let out = urldiff_columns(&args, 1000);
    assert_eq!(out.status.code(), Some(0));
    let text = stdout(&out);
    assert!(text.contains("host (high, structural): {reference} vs {reference-rfc3986}"), "{text}");
    let mut json_args = args.to_vec();
    json_args.insert(1, "--json");
    let json = json(&urldiff(&json_args));
    let names: Vec<&str> =
        json["answers"].as_array().unwrap().iter().map(|a| a["oracle"].as_str().unwrap()).collect();
    assert_eq!(names, ["reference", "reference-rfc3986"]);
}

#[test]
fn unknown_or_unavailable_oracle_exits_2() {
    let out = urldiff(&["compare", "--oracle", "nope", "x"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("no oracle named \"nope\""));
    // No interpreter on PATH nor in pyenv's versions: python-urllib cannot run.
    let out = Command::new(env!("CARGO_BIN_EXE_urldiff"))
        .args(["compare", "--oracle", "python-urllib", "x"])
        .env("PATH", "/nonexistent")
        .env("HOME", "/nonexistent")
        .env_remove("PYENV_ROOT")
        .env_remove("URLDIFF_PYTHON")
        // No JDK either: the search also looks in /usr/lib/jvm.
        .env("URLDIFF_JAVA_HOME", "/nonexistent")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2), "{}", stdout(&out));
    assert!(String::from_utf8_lossy(&out.stderr).contains("python-urllib cannot run"));
}

#[test]
fn a_base_that_does_not_parse_is_said_once_at_the_top() {
    let out = urldiff(&["compare", "--oracle", "reference", "--base", "not a base", "x"]);
    assert_eq!(out.status.code(), Some(0));
    let text = stdout(&out);
    assert_eq!(text.matches("does not parse").count(), 1, "{text}");
    assert!(text.starts_with("note: the base \"not a base\" does not parse (WHATWG)"), "{text}");
}

fn jsonl(input: &[u8], extra: &[&str]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_urldiff"))
        .args(["compare", "--jsonl", "--oracle", "reference", "--oracle", "reference-rfc3986"])
        .args(extra)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(input).unwrap();
    child.wait_with_output().unwrap()
}

#[test]
fn jsonl_answers_every_line_in_order_and_bad_lines_get_errors() {
    let mut input = Vec::new();
    input.extend_from_slice(format!("{}\n", serde_json::json!({"input": BACKSLASH})).as_bytes());
    input.extend_from_slice(b"{not json\n\n");
    input.extend_from_slice(b"{\"input\": \"\xff\"}\n");
    input.extend_from_slice(b"{\"input\": \"../g\", \"base\": \"http://a/b/c/d;p?q\"}");
    let out = jsonl(&input, &[]);
    assert_eq!(out.status.code(), Some(0));
    let lines: Vec<Value> =
        stdout(&out).lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(lines.len(), 4, "{}", stdout(&out));
    assert_eq!(lines[0]["input"], BACKSLASH);
    assert!(lines[0]["signature"].as_str().unwrap().contains("host/structural"));
    assert!(lines[1]["error"].as_str().unwrap().starts_with("line 2: invalid JSON"));
    assert_eq!(lines[2]["error"], "line 4: not UTF-8");
    assert_eq!(lines[3]["base"], "http://a/b/c/d;p?q");
    assert_eq!(lines[3]["answers"][0]["record"]["href"], "http://a/b/g");
    assert_eq!(lines[3]["divergences"], serde_json::json!([]));
}

#[test]
fn a_closed_stdout_is_a_quiet_exit_0_and_a_full_one_an_error() {
    // Far more output than a pipe holds, to a reader that is gone.
    let line = format!("{}\n", serde_json::json!({"input": BACKSLASH}));
    let mut child = Command::new(env!("CARGO_BIN_EXE_urldiff"))
        .args(["compare", "--jsonl", "--oracle", "reference", "--oracle", "reference-rfc3986"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    child.stdin.take().unwrap().write_all(line.repeat(2000).as_bytes()).unwrap();
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(out.stderr.is_empty(), "{}", String::from_utf8_lossy(&out.stderr));
    let full = std::fs::File::create("/dev/full").unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_urldiff"))
        .args(["compare", "--oracle", "reference", "x"])
        .stdout(full)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("error"));
}
