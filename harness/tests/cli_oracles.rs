//! `urldiff oracles` and `urldiff compare` from the outside: the JSON shapes of the contract.

use serde_json::Value;

fn urldiff(args: &[&str]) -> (Option<i32>, Value) {
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_urldiff"))
        .args(args)
        .output()
        .expect("run urldiff");
    let json = serde_json::from_slice(&output.stdout).unwrap_or_else(|e| {
        panic!(
            "{e}: {}\n{}",
            String::from_utf8_lossy(&output.stdout),
            String::from_utf8_lossy(&output.stderr)
        )
    });
    (output.status.code(), json)
}

#[test]
fn oracles_json_lists_every_oracle_in_order() {
    let (code, json) = urldiff(&["oracles", "--json"]);
    assert_eq!(code, Some(0));
    let rows = json.as_array().expect("an array");
    let names: Vec<&str> = rows.iter().map(|r| r["name"].as_str().unwrap()).collect();
    assert_eq!(
        names[..7],
        [
            "reference",
            "reference-rfc3986",
            "wpt",
            "rfc-examples",
            "rfc3986-regex",
            "rust-url",
            "ada"
        ]
    );
    for row in rows {
        for key in ["name", "kind", "version", "available", "reason"] {
            assert!(row.get(key).is_some(), "{row} has {key}");
        }
        let available = row["available"].as_bool().unwrap();
        assert_eq!(row["reason"].is_null(), available, "a reason exactly when unavailable: {row}");
    }
    let rust_url = rows.iter().find(|r| r["name"] == "rust-url").unwrap();
    assert_eq!(rust_url["version"], "url 2.5.8");
    assert_eq!(rust_url["kind"], "in-process");
}

#[test]
fn compare_json_marks_differences() {
    // rust-url 2.5.8 keeps "C|" (node, ada and the spec give "C:"): a difference to show.
    let (code, json) = urldiff(&["compare", "--json", "file:///C|/foo"]);
    assert_eq!(code, Some(0));
    assert_eq!(json["input"], "file:///C|/foo");
    assert!(json["base"].is_null());
    let answers = json["answers"].as_array().unwrap();
    let by_name = |name: &str| answers.iter().find(|a| a["oracle"] == name).unwrap().clone();
    let ada = by_name("ada");
    assert_eq!(ada["outcome"], "parsed");
    assert_eq!(ada["record"]["href"], "file:///C:/foo");
    let rust_url = by_name("rust-url");
    assert_eq!(rust_url["record"]["href"], "file:///C|/foo");
    let regex = by_name("rfc3986-regex");
    assert_eq!(regex["record"]["scheme"], "file");
    assert_eq!(regex["record"]["path"], "/C|/foo");
    let keys = |v: &serde_json::Value| {
        let mut k: Vec<String> = v.as_object().unwrap().keys().cloned().collect();
        k.sort();
        k
    };
    assert_eq!(
        keys(&json),
        ["answers", "base", "classes", "divergences", "input", "signature"],
        "top level is the contract: today's keys plus divergences, signature and classes"
    );
    for answer in answers {
        assert_eq!(keys(answer), ["errors", "oracle", "outcome", "record"], "{answer}");
    }
}

#[test]
fn compare_with_base_and_failures() {
    let (code, json) = urldiff(&["compare", "--json", "--base", "http://a/b/c/d;p?q", "../g"]);
    assert_eq!(code, Some(0));
    assert_eq!(json["base"], "http://a/b/c/d;p?q");
    let answers = json["answers"].as_array().unwrap();
    let ada = answers.iter().find(|a| a["oracle"] == "ada").unwrap();
    // RFC 3986 §5.4.1: "../g" -> "http://a/b/g".
    assert_eq!(ada["record"]["href"], "http://a/b/g");
    let (_, json) = urldiff(&["compare", "--json", "http://4294967296/"]);
    let answers = json["answers"].as_array().unwrap();
    let ada = answers.iter().find(|a| a["oracle"] == "ada").unwrap();
    assert_eq!(ada["outcome"], "failure");
    assert!(ada["record"].is_null());
}
