//! Upstream drafts from a real triage run: `urldiff triage` over two cases, then
//! `urldiff report --upstream`. The CPython group for `d//e` against `http://a/b/c` is known
//! with CPython gh-84774 (the python-urllib ledger names the case at RFC 3986 §5.2.4; §5.2.3
//! merges to `/b/d//e`, and urljoin drops the empty segment: `http://a/b/d/e`), so it is no
//! draft: the file lists it, folded, with the issue; the rust-url draft is the port/backslash one: on `ssh://git@host:22\path`, minimized to
//! `a://example.com:\`, rust-url 2.5.8 reads a `\` after the port of a non-special URL as the
//! path's start (`a://example.com/\`) where the URL Standard's port state fails (a `\` ends
//! the port of a special URL only), and no WPT case reading the port state shows it. Skipped
//! with one line without python3.

use std::process::Command;

const CASES: &str = concat!(
    r#"{"input": "ssh://git@host:22\\path", "base": null}"#,
    "\n",
    r#"{"input": "d//e", "base": "http://a/b/c"}"#,
    "\n"
);

#[test]
fn the_drafts_hold_the_port_backslash_and_the_known_cpython_case() {
    let test = "the_drafts_hold_the_port_backslash_and_the_known_cpython_case";
    if Command::new("python3").arg("--version").output().is_err() {
        urldiff_corpus::required::skip("python", test, "python3 not found");
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("cases.jsonl");
    std::fs::write(&input, CASES).unwrap();
    let out = dir.path().join("triage");
    let oracles = ["--oracle", "reference", "--oracle", "rust-url", "--oracle", "python-urllib"];
    let triage = Command::new(env!("CARGO_BIN_EXE_urldiff"))
        .arg("triage")
        .arg(&input)
        .arg("--out")
        .arg(&out)
        .args(oracles)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&triage.stderr);
    assert_eq!(triage.status.code(), Some(1), "groups found: {stderr}");
    let drafts = dir.path().join("drafts");
    let report = Command::new(env!("CARGO_BIN_EXE_urldiff"))
        .args(["report", "--upstream"])
        .arg(&drafts)
        .arg(out.join("findings.json"))
        .output()
        .unwrap();
    assert_eq!(report.status.code(), Some(0), "{}", String::from_utf8_lossy(&report.stderr));

    let python = std::fs::read_to_string(drafts.join("python-urllib.md")).unwrap();
    // Known upstream: not a draft, listed (folded) with its issue.
    assert!(python.starts_with("# Drafts for python-urllib: 0 root cause(s)"), "{python}");
    let folded = python.find("Not to file: 1 root cause(s) known or fixed").expect(&python);
    let link = python.find("https://github.com/python/cpython/issues/84774").expect(&python);
    assert!(folded < link, "{python}");
    let rust = std::fs::read_to_string(drafts.join("rust-url.md")).unwrap();
    assert!(rust.contains("at the port state (reading U+005C)"), "{rust}");
    assert!(rust.contains("url::Url::parse(\"a://example.com:\\\\\")"), "{rust}");
    assert!(rust.contains("- Actual (rust-url url 2.5.8): `a://example.com/\\`"), "{rust}");
    assert!(rust.contains("- Expected by the WHATWG URL Standard: `failure"), "{rust}");
    // The other implementations listed are the URL Standard's (the reference); urllib, of
    // another standard, is only counted.
    assert!(rust.contains("- Other implementations of the WHATWG URL Standard:\n  - `reference`"));
    assert!(!rust.contains("  - `python-urllib`"), "{rust}");
    assert!(rust.contains("- 1 implementations of other standards answered too"), "{rust}");
    // rust-url passes every WPT case but those its own tests/expected_failures.txt lists, and
    // none of those reads a non-special port: no WPT case shows this difference.
    assert!(
        rust.contains("- WPT: none of its")
            && rust.contains("reading the port state shows this difference in outcome"),
        "{rust}"
    );
}
