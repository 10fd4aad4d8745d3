//! Every validation error of the current table, each provoked by inputs whose whole error
//! sequence — names, count, order and positions — is asserted, with the parse's outcome.
//!
//! Expected names, order and outcomes are read off the spec's algorithms and its
//! validation-error table (<https://url.spec.whatwg.org/#validation-error>; most inputs are the
//! table's own examples) and were checked by hand against whatwg-url 17.3.0's
//! `parseURLWithValidationErrors`; positions follow "What a position points at" in
//! `src/errors.rs`, counted by hand. None of it was pasted from the parser's output.

use urldiff_parser::errors::RENAMED;
use urldiff_parser::{Url, ValidationErrorKind};

/// (input, base, expected (name, byte position) sequence, parse succeeds)
type Case = (&'static str, Option<&'static str>, &'static [(&'static str, usize)], bool);

const CASES: &[Case] = &[
    // IDNA
    ("https://a_b/", None, &[("domain-to-ASCII", 8)], true),
    ("https://xn--a.\u{df}/", None, &[("domain-to-ASCII", 8)], false),
    // Host parsing: domains
    ("https://exam%70le.org", None, &[("domain-percent-encoded", 12)], true),
    (
        "https://exa%23mple.org",
        None,
        &[("domain-percent-encoded", 11), ("domain-to-ASCII", 8)],
        false,
    ),
    // The opaque-host parser
    ("foo://exa[mple.org", None, &[("host-invalid-code-point", 9)], false),
    ("sc://a\u{1}b/", None, &[("invalid-URL-unit", 6)], true),
    // The IPv4 parser (the trailing dot also fails strict ToASCII's VerifyDnsLength)
    ("https://127.0.0.1./", None, &[("domain-to-ASCII", 8), ("IPv4-empty-part", 18)], true),
    ("https://1.2.3/", None, &[("IPv4-too-few-parts", 8)], true),
    ("https://1.2.3.4.5/", None, &[("IPv4-too-many-parts", 8)], false),
    ("https://test.42", None, &[("IPv4-too-few-parts", 8), ("IPv4-non-numeric-part", 8)], false),
    ("https://127.0.0x0.1", None, &[("IPv4-non-decimal-part", 14)], true),
    ("https://255.255.4000.1", None, &[("IPv4-out-of-range-part", 16)], false),
    ("https://\u{2460}.\u{2461}.\u{2462}.\u{2463}", None, &[("IPv4-non-ASCII-input", 8)], true),
    // The host parser's bracket check and the IPv6 parser
    ("https://[::1", None, &[("IPv6-unclosed", 8)], false),
    ("https://[:1]", None, &[("IPv6-invalid-compression", 9)], false),
    ("https://[1:2:3:4:5:6:7:8:9]", None, &[("IPv6-too-many-pieces", 25)], false),
    ("https://[1::1::1]", None, &[("IPv6-multiple-compression", 14)], false),
    ("https://[1:2:3!:4]", None, &[("IPv6-invalid-code-point", 14)], false),
    ("https://[1:2:3:]", None, &[("IPv6-invalid-code-point", 15)], false),
    ("https://[1:2:3]", None, &[("IPv6-too-few-pieces", 14)], false),
    ("https://[::01]", None, &[("IPv6-piece-leading-zero", 11)], true),
    ("https://[1:1:1:1:1:1:1:127.0.0.1]", None, &[("IPv4-in-IPv6-too-many-pieces", 23)], false),
    ("https://[ffff::.0.0.1]", None, &[("IPv4-in-IPv6-invalid-code-point", 15)], false),
    ("https://[ffff::127.0.xyz.1]", None, &[("IPv4-in-IPv6-invalid-code-point", 21)], false),
    ("https://[ffff::127.00.0.1]", None, &[("IPv4-in-IPv6-invalid-code-point", 20)], false),
    ("https://[ffff::127.0.0.4000]", None, &[("IPv4-in-IPv6-out-of-range-part", 25)], false),
    ("https://[ffff::127.0.0]", None, &[("IPv4-in-IPv6-too-few-parts", 22)], false),
    // URL parsing: invalid-URL-unit, once per occurrence in path, query and fragment, once per
    // pre-processing step
    ("https://example.org/>", None, &[("invalid-URL-unit", 20)], true),
    (" https://example.org ", None, &[("invalid-URL-unit", 0)], true),
    ("ht\ntps://example.org", None, &[("invalid-URL-unit", 2)], true),
    ("https://example.org/%s", None, &[("invalid-URL-unit", 20)], true),
    ("sc:a  b", None, &[("invalid-URL-unit", 4), ("invalid-URL-unit", 5)], true),
    (
        "https://example.org/a?b c#d e",
        None,
        &[("invalid-URL-unit", 23), ("invalid-URL-unit", 27)],
        true,
    ),
    ("a\tb\tc", Some("http://x/"), &[("invalid-URL-unit", 1)], true),
    // special-scheme-missing-following-solidus
    ("file:c:/my-secret-folder", None, &[("special-scheme-missing-following-solidus", 4)], true),
    ("https:example.org", None, &[("special-scheme-missing-following-solidus", 6)], true),
    (
        "https:foo.html",
        Some("https://example.org/"),
        &[("special-scheme-missing-following-solidus", 6)],
        true,
    ),
    (
        "https:////x",
        None,
        &[
            ("special-scheme-missing-following-solidus", 8),
            ("special-scheme-missing-following-solidus", 9),
        ],
        true,
    ),
    // missing-scheme-non-relative-URL
    ("\u{1F4A9}", None, &[("missing-scheme-non-relative-URL", 0)], false),
    (
        "\u{1F4A9}",
        Some("mailto:user@example.org"),
        &[("missing-scheme-non-relative-URL", 0)],
        false,
    ),
    // invalid-reverse-solidus, each backslash
    (
        "https://example.org\\path\\to\\file",
        None,
        &[
            ("invalid-reverse-solidus", 19),
            ("invalid-reverse-solidus", 24),
            ("invalid-reverse-solidus", 27),
        ],
        true,
    ),
    // invalid-credentials, each @
    ("https://user@example.org", None, &[("invalid-credentials", 12)], true),
    ("ssh://user@example.org", None, &[("invalid-credentials", 10)], true),
    ("https://a@b@c/", None, &[("invalid-credentials", 9), ("invalid-credentials", 11)], true),
    // host-missing
    ("https://#fragment", None, &[("host-missing", 8)], false),
    ("https://:443", None, &[("host-missing", 8)], false),
    ("https://user:pass@", None, &[("invalid-credentials", 17), ("host-missing", 18)], false),
    // port-out-of-range points at the port's first digit; port-invalid at c
    ("https://example.org:70000", None, &[("port-out-of-range", 20)], false),
    ("https://example.org:7z", None, &[("port-invalid", 21)], false),
    // file-invalid-Windows-drive-letter (then '|' is no URL code point)
    (
        "c|/path",
        Some("file:///c:/"),
        &[("file-invalid-Windows-drive-letter", 0), ("invalid-URL-unit", 1)],
        true,
    ),
    ("file://c:", None, &[("file-invalid-Windows-drive-letter-host", 9)], true),
    ("file://C|/x", None, &[("file-invalid-Windows-drive-letter-host", 9)], true),
];

#[test]
fn each_input_reports_exactly_its_error_sequence() {
    let mut problems = Vec::new();
    for &(input, base, expected, succeeds) in CASES {
        let base = base.map(|b| Url::parse(b, None).expect("base parses"));
        let outcome = Url::parse_with_errors(input, base.as_ref());
        let found: Vec<(&str, usize)> =
            outcome.errors.iter().map(|e| (e.kind.name(), e.position as usize)).collect();
        if found != expected {
            problems.push(format!("{input:?}: got {found:?}, want {expected:?}"));
        }
        if outcome.result.is_ok() != succeeds {
            problems
                .push(format!("{input:?}: expected success={succeeds}, got {:?}", outcome.result));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn every_name_of_the_table_is_covered_and_round_trips() {
    assert_eq!(
        ValidationErrorKind::ALL.len(),
        31,
        "url.bs's table has 30 rows, plus IPv4-non-ASCII-input"
    );
    for kind in ValidationErrorKind::ALL {
        assert_eq!(ValidationErrorKind::from_name(kind.name()), Some(*kind));
        let covered = CASES.iter().any(|c| c.2.iter().any(|(name, _)| *name == kind.name()));
        assert!(covered, "no test input for {}", kind.name());
    }
}

#[test]
fn failure_column_matches_the_table() {
    // The table's "Failure" column, read off url.bs: "Yes" rows.
    let fatal = [
        "domain-to-ASCII",
        "host-invalid-code-point",
        "IPv4-too-many-parts",
        "IPv4-non-numeric-part",
        "IPv4-out-of-range-part",
        "IPv6-unclosed",
        "IPv6-invalid-compression",
        "IPv6-too-many-pieces",
        "IPv6-multiple-compression",
        "IPv6-invalid-code-point",
        "IPv6-too-few-pieces",
        "IPv4-in-IPv6-too-many-pieces",
        "IPv4-in-IPv6-invalid-code-point",
        "IPv4-in-IPv6-out-of-range-part",
        "IPv4-in-IPv6-too-few-parts",
        "missing-scheme-non-relative-URL",
        "host-missing",
        "port-out-of-range",
        "port-invalid",
    ];
    for kind in ValidationErrorKind::ALL {
        assert_eq!(kind.can_be_fatal(), fatal.contains(&kind.name()), "{}", kind.name());
    }
}

#[test]
fn old_names_are_kept_in_one_place_and_map_to_their_replacement() {
    for old in ["domain-invalid-code-point", "domain-to-Unicode"] {
        let renamed = RENAMED.iter().find(|r| r.old == old).expect("listed");
        assert_eq!(renamed.now, Some(ValidationErrorKind::DomainToAscii));
        assert_eq!(ValidationErrorKind::from_name(old), Some(ValidationErrorKind::DomainToAscii));
        assert!(!ValidationErrorKind::ALL.iter().any(|k| k.name() == old));
    }
    assert_eq!(ValidationErrorKind::from_name("no-such-error"), None);
}

#[test]
fn clean_inputs_report_nothing() {
    for input in ["https://example.com/a?b#c", "file:///C:/x", "sc://h:1/p", "mailto:a@b"] {
        let outcome = Url::parse_with_errors(input, None);
        assert!(outcome.result.is_ok() && outcome.errors.is_empty(), "{input}: {outcome:?}");
    }
}

/// The links to the standard's validation-error table point at the `<dfn>` of each name in
/// url.bs: an explicit `id=` where url.bs gives one, else the id Bikeshed derives from the
/// text (lowercased). Read from `tests/data/url-bs-dfns.tsv`, url.bs's definitions as data
/// (its header names the url.bs it came from; `tests/data/refresh_url_bs_dfns.py` refreshes
/// it when the spec is at hand), so the test runs in every clone.
#[test]
fn spec_anchors_are_the_dfns_of_url_bs() {
    assert_eq!(
        ValidationErrorKind::InvalidReverseSolidus.spec_url(),
        "https://url.spec.whatwg.org/#invalid-reverse-solidus"
    );
    assert_eq!(
        ValidationErrorKind::Ipv4InIpv6TooFewParts.spec_anchor(),
        "ipv4-in-ipv6-too-few-parts"
    );
    let data = include_str!("data/url-bs-dfns.tsv");
    assert!(data.lines().nth(1).is_some_and(|l| l.starts_with("# Source: url.bs")), "{data}");
    let ids: std::collections::HashMap<&str, Option<&str>> = data
        .lines()
        .filter(|l| !l.starts_with('#'))
        .filter_map(|l| l.split_once('\t'))
        .map(|(text, id)| (text, (id != "-").then_some(id)))
        .collect();
    for kind in ValidationErrorKind::ALL {
        if *kind == ValidationErrorKind::Ipv4NonAsciiInput {
            assert!(!ids.contains_key(kind.name()), "url.bs has it now: link its row");
            assert!(ids.contains_key("validation error"), "the definition its row links to");
            continue;
        }
        let Some(id) = ids.get(kind.name()) else { panic!("no <dfn> for {} in url.bs", kind) };
        let expected = id.map_or_else(|| kind.name().to_ascii_lowercase(), str::to_owned);
        assert_eq!(kind.spec_anchor(), expected, "{kind}");
    }
}
