//! `urldiff parse INPUT`: exit 0 when the input parses, 1 when it does not, 2 for a usage
//! error; the failure text names the base only when one was given.

use std::process::Command;

fn parse(args: &[&str]) -> (Option<i32>, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_urldiff")).arg("parse").args(args).output().unwrap();
    (out.status.code(), String::from_utf8_lossy(&out.stdout).into_owned())
}

#[test]
fn exit_codes_follow_the_outcome() {
    assert_eq!(parse(&["http://a/"]).0, Some(0));
    assert_eq!(parse(&["--json", "http://a/"]).0, Some(0));
    assert_eq!(parse(&["--json", "http://[::1"]).0, Some(1));
    // RFC modes: a URI-reference or not (RFC 3986 Appendix A).
    assert_eq!(parse(&["--rfc3986", "a:b"]).0, Some(0));
    assert_eq!(parse(&["--rfc3986", "http://[::1::2]/"]).0, Some(1));
    assert_eq!(parse(&["--rfc2396", "--json", "a b"]).0, Some(1));
    // Usage errors.
    assert_eq!(parse(&[]).0, Some(2));
    assert_eq!(parse(&["--no-such-flag", "x"]).0, Some(2));
}

#[test]
fn the_failure_text_names_the_base_only_when_given() {
    let (code, text) = parse(&["http://[::1"]);
    assert_eq!(code, Some(1));
    assert!(text.contains("failure: the input does not parse\n"), "{text}");
    assert!(!text.contains("base"), "{text}");
    let (code, text) = parse(&["--base", "http://h/", "http://[::1"]);
    assert_eq!(code, Some(1));
    assert!(text.contains("failure: the input does not parse against the base"), "{text}");
    let (code, text) = parse(&["--base", "not a url", "x"]);
    assert_eq!(code, Some(1));
    assert!(text.contains("failure: the base does not parse"), "{text}");
}
