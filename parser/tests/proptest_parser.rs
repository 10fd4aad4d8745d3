//! Property tests of the reference parser on random inputs (issue 8, "The reference parser
//! never panics").
//!
//! Inputs are random strings over an alphabet weighted toward what the parser's lookahead
//! rules inspect: URL delimiters (`:/\?#@[]%.`), `%` with and without hex digits, digits,
//! Windows drive letters, C0 controls, tab/LF/CR, space, and multi-byte code points of 2, 3
//! and 4 bytes (ß, ü, 。, €, full-width letters, U+FFFD, 𝔘, U+3E8AC), often behind a scheme.
//! Each is parsed against an http, a file, a non-special (`sc://x/`) and an opaque-path
//! (`sc:opaque`) base and without one.
//!
//! Properties:
//! - nothing panics;
//! - parse → serialize → parse gives the same URL (the same href and every component): the
//!   standard's idempotence goal (<https://url.spec.whatwg.org/#goals>);
//! - every URL API setter, given a random value (one to three in a row), leaves a URL that
//!   reparses to itself;
//! - the RFC side (the RFC 3986 split and its recomposition, the ABNF check, resolution strict
//!   and non-strict, normalization, RFC 2396 resolution) never panics, the split recomposes
//!   to its input, and a grammar violation's position is a character boundary of the input.
//!
//! `make test` runs the default number of cases (a few seconds). Set
//! `URLDIFF_PROPTEST_CASES=N` for N cases per property, e.g. a long release run:
//!
//! ```text
//! URLDIFF_PROPTEST_CASES=10000000 cargo test --release -p urldiff-parser --test proptest_parser
//! ```

use proptest::prelude::*;
use proptest::sample::select;
use proptest::test_runner::FileFailurePersistence;
use urldiff_parser::{rfc2396, rfc3986, Attribute, Url};

/// The pieces random inputs are made of, each listed as often as it should be drawn.
const PIECES: &[&str] = &[
    // URL delimiters, weighted up.
    ":",
    ":",
    ":",
    "/",
    "/",
    "/",
    "/",
    "\\",
    "\\",
    "?",
    "?",
    "#",
    "#",
    "@",
    "@",
    "[",
    "]",
    "%",
    "%",
    "%",
    ".",
    ".",
    "..",
    "|",
    // Percent-encodings, whole and cut short.
    "%2e",
    "%2E",
    "%41",
    "%zz",
    "%0",
    "%c3%9f",
    "%ff",
    // Hex digits, digits, letters and what scheme and host parsing look at.
    "0",
    "1",
    "7",
    "9",
    "255",
    "256",
    "0x",
    "0X",
    "a",
    "f",
    "A",
    "F",
    "g",
    "z",
    "C",
    "c",
    "C:",
    "c|",
    "x",
    "xn--",
    "-",
    "+",
    "localhost",
    "1.2.3.4",
    "::",
    "::1",
    "v1.x",
    // Other ASCII the percent-encode sets and the forbidden code points care about.
    " ",
    " ",
    "'",
    "\"",
    "<",
    ">",
    "^",
    "`",
    "{",
    "}",
    "=",
    "&",
    ";",
    "!",
    "$",
    "~",
    "*",
    // C0 controls, tab and newlines, DEL.
    "\u{0}",
    "\u{1}",
    "\u{1F}",
    "\t",
    "\n",
    "\r",
    "\u{7F}",
    // Multi-byte code points: 2, 3 and 4 bytes of UTF-8.
    "ß",
    "ü",
    "\u{AD}",
    "\u{130}",
    "。",
    "€",
    "ｆ",
    "Ａ",
    "．",
    "\u{FFFD}",
    "\u{200D}",
    "\u{FDD0}",
    "\u{FFFF}",
    "𝔘",
    "\u{3E8AC}",
    "\u{10FFFF}",
];

const SCHEMES: &[&str] = &[
    "http:",
    "https:",
    "HTTP:",
    "ws:",
    "ftp:",
    "file:",
    "FILE:",
    "sc:",
    "web+demo:",
    "blob:",
    "javascript:",
    "a:",
    "ß:",
];

const BASES: &[&str] = &[
    "http://user:pass@h:8080/b/c?q#f",
    "file:///C:/a/b",
    "file://host/a/b",
    "sc://x/",
    "sc:opaque",
];

/// Random inputs: pieces, often after a scheme and slashes.
fn input() -> impl Strategy<Value = String> {
    let scheme = prop_oneof![2 => Just(""), 3 => select(SCHEMES)];
    let slashes = select(&["", "", "/", "//", "\\\\", "///"][..]);
    let body = prop::collection::vec(select(PIECES), 0..24).prop_map(|p| p.concat());
    (scheme, slashes, body).prop_map(|(s, sl, b)| format!("{s}{sl}{b}"))
}

/// Random setter values: the same pieces, shorter.
fn value() -> impl Strategy<Value = String> {
    prop::collection::vec(select(PIECES), 0..8).prop_map(|p| p.concat())
}

fn config() -> ProptestConfig {
    let cases = std::env::var("URLDIFF_PROPTEST_CASES").ok().and_then(|n| n.parse().ok());
    ProptestConfig {
        cases: cases.unwrap_or(2048),
        failure_persistence: Some(Box::new(FileFailurePersistence::Off)),
        ..ProptestConfig::default()
    }
}

fn parsed_bases() -> Vec<Url> {
    BASES.iter().map(|b| Url::parse(b, None).expect("every base parses")).collect()
}

/// Every attribute's value, for messages and component comparison.
fn components(url: &Url) -> Vec<(Attribute, String)> {
    Attribute::ALL.iter().map(|&a| (a, url.attribute(a).into_owned())).collect()
}

/// Serialize `url` and parse the result: it must give back the same URL.
fn check_reparses(url: &Url, what: &str) -> Result<(), TestCaseError> {
    let reparsed = Url::parse(url.href(), None);
    prop_assert!(reparsed.is_ok(), "{what}: href {:?} does not reparse: {reparsed:?}", url.href());
    let reparsed = reparsed.unwrap();
    prop_assert_eq!(components(&reparsed), components(url), "{}: href {:?}", what, url.href());
    prop_assert_eq!(reparsed.has_opaque_path(), url.has_opaque_path(), "{}", what);
    prop_assert_eq!(reparsed.host_kind(), url.host_kind(), "{}", what);
    Ok(())
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn parse_never_panics_and_is_idempotent(input in input()) {
        let bases = parsed_bases();
        for base in std::iter::once(None).chain(bases.iter().map(Some)) {
            if let Ok(url) = &Url::parse(&input, base) {
                let what = format!("{input:?} against {:?}", base.map(Url::href));
                check_reparses(url, &what)?;
            }
        }
    }

    #[test]
    fn setters_keep_a_url_that_reparses_to_itself(
        input in input(),
        base in select(BASES),
        settings in prop::collection::vec((select(Attribute::ALL), value()), 1..4),
    ) {
        let base = Url::parse(base, None).expect("base parses");
        let Ok(mut url) = Url::parse(&input, Some(&base)) else { return Ok(()) };
        let mut what = format!("{input:?} against {:?}", base.href());
        for (attribute, value) in settings {
            let _ = url.set_attribute(attribute, &value);
            what.push_str(&format!(", then {attribute} = {value:?}"));
            check_reparses(&url, &what)?;
        }
    }

    #[test]
    fn rfc_side_never_panics(input in input(), base in select(BASES)) {
        use rfc3986::Rule;
        let reference = rfc3986::split(&input);
        prop_assert_eq!(reference.recompose(), input.clone());
        for rule in [Rule::UriReference, Rule::Uri, Rule::AbsoluteUri, Rule::RelativeRef,
            Rule::Authority, Rule::Host, Rule::IpLiteral, Rule::Ipv6Address, Rule::Ls32,
            Rule::PathAbsolute, Rule::PathNoscheme, Rule::PathRootless, Rule::Pchar,
            Rule::Query, Rule::PctEncoded, Rule::Scheme, Rule::DecOctet, Rule::IpvFuture]
        {
            if let Err(violation) = rfc3986::check(&input, rule) {
                prop_assert!(input.is_char_boundary(violation.position), "{violation} in {input:?}");
            }
        }
        for base in [rfc3986::split(base), reference.clone()] {
            for strict in [true, false] {
                let resolved = rfc3986::resolve(&base, &reference, strict);
                let _ = rfc3986::normalize(&resolved);
                let _ = rfc2396::resolve_with(&base, &reference, strict);
            }
        }
        let _ = rfc3986::normalize(&reference);
        let _ = rfc3986::remove_dot_segments(&reference.path);
    }
}
