//! The RFC example tables under `corpus/rfc/`: RFC 3986 §5.4 (strict and non-strict) and
//! RFC 2396 Appendix C (validating and backwards-compatible), every row must pass.

use std::path::PathBuf;
use urldiff_parser::{rfc2396, rfc3986};

struct Example {
    reference: String,
    expected: String,
    /// `None`: both modes; `Some(true)`: strict only; `Some(false)`: non-strict only.
    strict: Option<bool>,
}

fn load(file: &str) -> (String, Vec<Example>) {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../corpus/rfc").join(file);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let table =
        urldiff_corpus::wpt_tables::rfc_examples(&text, file).unwrap_or_else(|e| panic!("{e}"));
    let base = table.base;
    let examples = table
        .examples
        .into_iter()
        .map(|e| Example {
            strict: match e.mode.as_deref() {
                None => None,
                Some("strict") => Some(true),
                Some("non-strict") => Some(false),
                Some(other) => panic!("unknown mode {other}"),
            },
            reference: e.reference,
            expected: e.expected,
        })
        .collect();
    (base, examples)
}

/// Run every example in both modes it applies to; return the failures.
fn run(file: &str, resolve: impl Fn(&rfc3986::UriRef, &rfc3986::UriRef, bool) -> String) -> usize {
    let (base, examples) = load(file);
    let parsed_base = rfc3986::split(&base);
    let mut checked = 0;
    let mut failures = Vec::new();
    for e in &examples {
        for strict in [true, false] {
            if e.strict.is_some_and(|s| s != strict) {
                continue;
            }
            checked += 1;
            // Every reference in the RFC tables is a valid URI-reference (section 4.1).
            assert_eq!(rfc3986::check(&e.reference, rfc3986::Rule::UriReference), Ok(()));
            let got = resolve(&parsed_base, &rfc3986::split(&e.reference), strict);
            if got != e.expected {
                failures.push(format!(
                    "{:?} against {base} (strict: {strict}): got {got}, expected {}",
                    e.reference, e.expected
                ));
            }
        }
    }
    assert!(failures.is_empty(), "{file}:\n{}", failures.join("\n"));
    checked
}

#[test]
fn rfc3986_section_5_4_examples() {
    let checked =
        run("rfc3986-5.4.json", |b, r, strict| rfc3986::resolve(b, r, strict).to_string());
    // 41 single-answer rows in two modes, plus http:g once per mode.
    assert_eq!(checked, 41 * 2 + 2);
}

#[test]
fn rfc2396_appendix_c_examples() {
    let checked = run("rfc2396-appendix-c.json", |b, r, strict| {
        rfc2396::resolve_with(b, r, strict).to_string()
    });
    assert_eq!(checked, 41 * 2 + 2);
}

#[test]
fn rfc2396_resolve_is_the_validating_reading() {
    let base = rfc3986::split("http://a/b/c/d;p?q");
    assert_eq!(rfc2396::resolve(&base, &rfc3986::split("http:g")).to_string(), "http:g");
}

#[test]
fn resolution_keeps_components_consistent() {
    // The authority parts follow the authority wherever it came from.
    let base = rfc3986::split("http://u@a:8/b/c");
    let t = rfc3986::resolve(&base, &rfc3986::split("g"), true);
    assert_eq!(
        (t.userinfo.as_deref(), t.host.as_deref(), t.port.as_deref()),
        (Some("u"), Some("a"), Some("8"))
    );
    let t = rfc3986::resolve(&base, &rfc3986::split("//h/x"), true);
    assert_eq!((t.userinfo, t.host.as_deref(), t.port), (None, Some("h"), None));
    let t = rfc2396::resolve(&base, &rfc3986::split("g"));
    assert_eq!(t.to_string(), "http://u@a:8/b/g");
    assert_eq!(t.host.as_deref(), Some("a"));
}
