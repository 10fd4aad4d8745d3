//! `urldiff parse --rfc3986|--rfc2396` end to end: the built binary, `--json` and `--jsonl`,
//! the exact key set, and answers from the RFC example tables under `corpus/rfc/`.

use serde_json::Value;
use std::io::Write;
use std::process::{Command, Stdio};

const KEYS: [&str; 11] = [
    "authority",
    "fragment",
    "host",
    "path",
    "port",
    "query",
    "resolved",
    "scheme",
    "userinfo",
    "valid",
    "violation",
];

fn urldiff(args: &[&str], stdin: &str) -> (String, i32) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_urldiff"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run urldiff");
    child.stdin.take().unwrap().write_all(stdin.as_bytes()).unwrap();
    let out = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.is_empty(), "urldiff {args:?} wrote to stderr: {stderr}");
    (String::from_utf8(out.stdout).unwrap(), out.status.code().unwrap_or(-1))
}

fn keys(v: &Value) -> Vec<String> {
    let mut k: Vec<String> = v.as_object().expect("an object").keys().cloned().collect();
    k.sort();
    k
}

fn table(file: &str) -> urldiff_corpus::wpt_tables::RfcTable {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../corpus/rfc").join(file);
    urldiff_corpus::wpt_tables::rfc_examples(&std::fs::read_to_string(path).unwrap(), file).unwrap()
}

#[test]
fn json_answer_has_exactly_the_keys() {
    let (out, code) =
        urldiff(&["parse", "--rfc3986", "--json", "--base", "http://a/b/c/d;p?q", "g;x?y#s"], "");
    assert_eq!(code, 0);
    let v: Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(keys(&v), KEYS);
    assert_eq!(v["resolved"], "http://a/b/c/g;x?y#s");
    assert_eq!(
        (&v["scheme"], &v["authority"], &v["host"]),
        (&Value::Null, &Value::Null, &Value::Null)
    );
    assert_eq!(
        (&v["path"], &v["query"], &v["fragment"]),
        (&"g;x".into(), &"y".into(), &"s".into())
    );
    assert_eq!((&v["valid"], &v["violation"]), (&Value::Bool(true), &Value::Null));
}

#[test]
fn json_answer_without_base_and_with_a_violation() {
    let (out, _) = urldiff(&["parse", "--rfc3986", "--json", "http://u@[::1::2]:8/p?"], "");
    let v: Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(keys(&v), KEYS);
    assert_eq!(v["resolved"], Value::Null);
    assert_eq!(v["valid"], false);
    // "http://u@[" is 10 bytes; "::1:" is viable, the second "::" is not.
    assert_eq!(v["violation"], "IPv6address at 14");
    assert_eq!(
        (&v["userinfo"], &v["host"], &v["port"]),
        (&"u".into(), &"[::1::2]".into(), &"8".into())
    );
    assert_eq!((&v["query"], &v["fragment"]), (&"".into(), &Value::Null));
}

/// Every row of a table through one `--jsonl` process; returns how many were checked.
fn jsonl_table(flag: &str, file: &str) -> usize {
    let doc = table(file);
    let base = doc.base.as_str();
    let rows: Vec<_> =
        doc.examples.iter().filter(|e| e.mode.as_deref().is_none_or(|m| m == "strict")).collect();
    let stdin: String = rows
        .iter()
        .map(|e| format!("{}\n", serde_json::json!({"input": e.reference, "base": base})))
        .collect();
    let (out, code) = urldiff(&["parse", flag, "--jsonl"], &stdin);
    assert_eq!(code, 0);
    let answers: Vec<Value> = out.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(answers.len(), rows.len(), "one answer per request");
    for (row, answer) in rows.iter().zip(&answers) {
        assert_eq!(keys(answer), KEYS);
        assert_eq!(answer["resolved"], row.expected.as_str(), "{} {}", flag, row.reference);
        assert_eq!(answer["valid"], true, "{}", row.reference);
    }
    rows.len()
}

#[test]
fn jsonl_rfc3986_answers_every_section_5_4_example() {
    assert_eq!(jsonl_table("--rfc3986", "rfc3986-5.4.json"), 42);
}

#[test]
fn jsonl_rfc2396_answers_every_appendix_c_example() {
    assert_eq!(jsonl_table("--rfc2396", "rfc2396-appendix-c.json"), 42);
}

#[test]
fn jsonl_without_base_and_bad_lines() {
    let (out, _) = urldiff(&["parse", "--rfc3986", "--jsonl"], "{\"input\": \"a:?\"}\nnot json\n");
    let lines: Vec<Value> = out.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(lines.len(), 2);
    assert_eq!(keys(&lines[0]), KEYS);
    assert_eq!((&lines[0]["scheme"], &lines[0]["query"]), (&"a".into(), &"".into()));
    assert_eq!(lines[0]["resolved"], Value::Null);
    assert!(lines[1]["error"].is_string());
}

#[test]
fn person_output_marks_undefined() {
    let (out, code) = urldiff(&["parse", "--rfc2396", "--base", "http://a/b/c/d;p?q", "?y"], "");
    assert_eq!(code, 0);
    assert!(out.contains("scheme: (undefined)"), "{out}");
    assert!(out.contains("query: \"y\""), "{out}");
    assert!(out.contains("resolved: \"http://a/b/c/?y\""), "{out}");
}
