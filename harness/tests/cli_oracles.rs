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
        for key in ["name", "kind", "library", "version", "unicode", "available", "reason"] {
            assert!(row.get(key).is_some(), "{row} has {key}");
        }
        let available = row["available"].as_bool().unwrap();
        assert_eq!(row["reason"].is_null(), available, "a reason exactly when unavailable: {row}");
    }
    let rust_url = rows.iter().find(|r| r["name"] == "rust-url").unwrap();
    assert_eq!(rust_url["version"], "url 2.5.8");
    assert_eq!(rust_url["kind"], "in-process");
    // The library and the claim come from the folder's profile: java.net.URI's documentation
    // says "RFC 2396, as amended by RFC 2732", and it rejects what it does not accept.
    let java = rows.iter().find(|r| r["name"] == "java-uri").unwrap();
    assert_eq!(
        (&java["library"], &java["standard"], &java["lenient"]),
        (&"java.net.URI".into(), &"rfc2396".into(), &false.into())
    );
}

/// The Unicode version of each parser's IDNA data: the probe of the reference (and rust-url,
/// the same idna crate) agrees with what the ICU4X data says of itself; the WPT table is the
/// version `urldiff_corpus::unicode` established; an oracle without IDNA says nothing.
#[test]
fn oracles_report_the_unicode_version_of_their_idna_data() {
    let (code, json) = urldiff(&["oracles", "--json"]);
    assert_eq!(code, Some(0));
    let rows = json.as_array().unwrap();
    let unicode = |name: &str| {
        let row = rows.iter().find(|r| r["name"] == name).unwrap();
        row["unicode"].as_str().map(str::to_owned)
    };
    let (icu4x, declared) = urldiff_corpus::unicode::icu4x_data().expect("read at build time");
    let major_minor: Vec<&str> = declared.split('.').take(2).collect();
    let expected =
        format!("{} (probed); ICU4X {icu4x} data: Unicode {declared}", major_minor.join("."));
    assert_eq!(unicode("reference").as_deref(), Some(expected.as_str()));
    assert_eq!(unicode("rust-url").as_deref(), Some(expected.as_str()));
    let wpt = unicode("wpt").unwrap();
    assert!(
        wpt.starts_with(&format!("{} (IdnaTestV2.json", urldiff_corpus::unicode::WPT_IDNA_UNICODE))
    );
    assert!(unicode("ada").unwrap().ends_with(" (probed)"));
    for none in ["reference-rfc3986", "rfc3986-regex", "rfc-examples"] {
        assert_eq!(unicode(none), None, "{none}");
    }
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
    // Today's keys; oracles that judge valid URL strings add the verdict (and the reference
    // the grammar's violation: "file:///C|/foo" is not a valid URL string, "|" is no URL unit).
    for answer in answers {
        let mut want = vec!["errors", "oracle", "outcome", "record"];
        match answer["oracle"].as_str().unwrap() {
            "reference" => want.extend(["url_string_violation", "valid_url_string"]),
            "whatwg-url" => want.push("valid_url_string"),
            _ => {}
        }
        want.sort_unstable();
        assert_eq!(keys(answer), want, "{answer}");
    }
    let reference = by_name("reference");
    assert_eq!(reference["valid_url_string"], false);
    assert_eq!(reference["url_string_violation"]["production"], "URL-path-segment string");
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

/// An invalid `URLDIFF_CASE_TIMEOUT_MS` is an error naming the variable (exit 2), in every
/// command that starts oracles; never silently replaced by the default.
#[test]
fn an_invalid_case_timeout_is_an_error_naming_the_variable() {
    for value in ["abc", "0", "-5", "1.5", "", "3600001", "99999999999999999999"] {
        for args in [&["oracles"][..], &["compare", "http://a/"], &["conform", "--oracle", "x"]] {
            let output = std::process::Command::new(env!("CARGO_BIN_EXE_urldiff"))
                .args(args)
                .env("URLDIFF_CASE_TIMEOUT_MS", value)
                .output()
                .expect("run urldiff");
            let stderr = String::from_utf8_lossy(&output.stderr);
            assert_eq!(output.status.code(), Some(2), "{value:?} {args:?}: {stderr}");
            let named = format!("URLDIFF_CASE_TIMEOUT_MS={value:?} is not a valid case time limit");
            assert!(stderr.contains(&named), "{value:?} {args:?}: {stderr}");
        }
    }
    // The largest accepted value works.
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_urldiff"))
        .args(["oracles", "--json"])
        .env("URLDIFF_CASE_TIMEOUT_MS", "3600000")
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0), "{}", String::from_utf8_lossy(&output.stderr));
}
