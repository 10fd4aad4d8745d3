//! `urldiff parse --json`'s WHATWG answer (`urldiff_reports::parse_answer::WhatwgAnswer`):
//! the keys and values the URL Standard's parser and its writing grammar give.

use serde_json::Value;
use urldiff_reports::parse_answer::WhatwgAnswer;

/// A JSON value written out, as the expected side of an assertion.
fn json(text: &str) -> Value {
    serde_json::from_str(text).unwrap()
}

fn whatwg_json(input: &str, base: Option<&str>) -> Value {
    serde_json::to_value(WhatwgAnswer::of(input, base)).unwrap()
}

#[test]
fn json_names_errors_with_positions_and_the_grammar_verdict() {
    let a = whatwg_json("https://example.org/\\a b", None);
    assert_eq!(a["errors"], json(r#"["invalid-reverse-solidus", "invalid-URL-unit"]"#));
    assert_eq!(
        a["validation_errors"],
        json(
            r#"[{ "name": "invalid-reverse-solidus", "position": 20 },
                { "name": "invalid-URL-unit", "position": 22 }]"#
        )
    );
    assert_eq!(a["valid_url_string"], false);
    assert_eq!(
        a["url_string_violation"],
        json(r#"{ "production": "URL-path-segment string", "position": 20 }"#)
    );
    let ok = whatwg_json("https://example.org/", None);
    assert_eq!(
        (ok["valid_url_string"].clone(), ok.get("url_string_violation")),
        (Value::Bool(true), None)
    );
}

#[test]
fn failures_and_unparsable_bases_keep_the_keys() {
    let a = whatwg_json("https://ex%00ample/", None);
    assert_eq!(a["failure"], true);
    assert_eq!(a["errors"], json(r#"["domain-percent-encoded", "domain-to-ASCII"]"#));
    assert_eq!(a["validation_errors"][1], json(r#"{ "name": "domain-to-ASCII", "position": 8 }"#));
    assert_eq!(a["url_string_violation"]["production"], "valid domain string");
    let b = whatwg_json("x", Some("not a url"));
    assert_eq!(
        (b["failure"].clone(), b["valid_url_string"].clone()),
        (Value::Bool(true), Value::Null)
    );
}
