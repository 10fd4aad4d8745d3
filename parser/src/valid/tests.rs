//! The valid-URL-string grammar, production by production: hand-checked valid and invalid
//! strings for each, with the violation (production and position) an invalid one must report.
//! Expected verdicts come from the definitions quoted in `url.rs` and `host.rs` and from the
//! spec's own example table (<https://url.spec.whatwg.org/#example-url-parsing>), whose
//! "Valid" column is reproduced in `spec_example_table`.

use super::host::{url_port_string, valid_host_string, valid_ipv4_address_string};
use super::host::{valid_ipv6_address_string, valid_opaque_host_string};
use super::url::url_units;
use super::{check_url_string, validity, Production as P, Violation};
use crate::url::Url;

fn v(production: P, position: usize) -> Result<(), Violation> {
    Err(Violation { production, position })
}

fn check(input: &str, base: Option<&str>) -> Result<(), Violation> {
    let base = base.map(|b| Url::parse(b, None).expect("base parses"));
    check_url_string(input, base.as_ref())
}

#[test]
fn spec_example_table() {
    // Input, base, "Valid" — the spec's table under "URLs".
    let table: &[(&str, Option<&str>, bool)] = &[
        ("https:example.org", None, false),
        ("https://////example.com///", None, false),
        ("https://example.com/././foo", None, true),
        ("hello:world", Some("https://example.com/"), true),
        ("https:example.org", Some("https://example.com/"), false),
        ("\\example\\..\\demo/.\\", Some("https://example.com/"), false),
        ("example", Some("https://example.com/demo"), true),
        ("file:///C|/demo", None, false),
        ("..", Some("file:///C:/demo"), true),
        ("file://localhost/", None, true),
        ("file://loc%61lhost/", None, false),
        ("https://user:password@example.org/", None, false),
        ("https://example.org/foo bar", None, false),
        ("https://EXAMPLE.com/../x", None, true),
        ("https://ex ample.org/", None, false),
        ("example", None, false),
        ("https://example.com:demo", None, false),
        ("http://[www.example.com]/", None, false),
        ("https://example.org//", None, true),
        ("https://example.com/[]?[]#[]", None, false),
        ("https://example/%?%#%", None, false),
        ("https://example/%25?%25#%25", None, true),
    ];
    for &(input, base, valid) in table {
        assert_eq!(check(input, base).is_ok(), valid, "{input:?} against {base:?}");
    }
}

#[test]
fn url_level_productions_report_where_they_fail() {
    let cases: &[(&str, Option<&str>, Result<(), Violation>)] = &[
        // valid URL string / absolute-URL-with-fragment string / URL-scheme string
        ("a+b-c.d:x", None, Ok(())),
        ("HTTPS://example.com", None, Ok(())),
        // absolute-URL string: a special scheme needs "//"
        ("https:example.org", None, v(P::SchemeRelativeSpecialUrlString, 6)),
        // scheme-relative-special-URL string: host, port, path
        ("https://example.com:443/a", None, Ok(())),
        ("https://example.com:/a", None, Ok(())),
        ("https://[::1]x", None, v(P::SchemeRelativeSpecialUrlString, 13)),
        // URL-port string
        ("https://h:65535", None, Ok(())),
        ("https://h:00080", None, Ok(())),
        ("https://h:65536", None, v(P::UrlPortString, 10)),
        ("https://h:8a", None, v(P::UrlPortString, 11)),
        // scheme-relative-URL string and opaque-host-and-port string
        ("sc://h:1/p", None, Ok(())),
        ("sc:///p", None, Ok(())),
        ("sc://", None, Ok(())),
        ("sc://:1/", None, v(P::OpaqueHostAndPortString, 5)),
        // scheme-relative-file-URL string
        ("file://", None, Ok(())),
        ("file:///", None, Ok(())),
        ("file://h", None, Ok(())),
        ("file:/x", None, v(P::SchemeRelativeFileUrlString, 5)),
        ("file://[::1]x", None, v(P::SchemeRelativeFileUrlString, 12)),
        // path-absolute-URL string and URL-path-segment string
        ("sc:/a//b/./../%2e", None, Ok(())),
        ("sc:/a/b c", None, v(P::UrlPathSegmentString, 7)),
        // path-absolute-non-authority-URL string
        ("/a", Some("sc://h/"), Ok(())),
        // path-relative-URL string / path-relative-scheme-less-URL string
        ("", Some("http://h/"), Ok(())),
        ("a/b", Some("http://h/"), Ok(())),
        ("1a:b", Some("http://h/"), Ok(())),
        ("a\\b", Some("http://h/"), v(P::UrlPathSegmentString, 1)),
        // opaque-path-URL string
        ("sc:a:b@c", None, Ok(())),
        ("sc:a b", None, v(P::OpaquePathUrlString, 4)),
        // URL-query string (may hold ? and /) and URL-fragment string (no second #)
        ("sc:a?b?/c", None, Ok(())),
        ("sc:a?b c", None, v(P::UrlQueryString, 6)),
        ("sc:a#b?c/", None, Ok(())),
        ("sc:a#b#c", None, v(P::UrlFragmentString, 6)),
        // relative-URL-with-fragment string: needs a base; an opaque base takes only "#…"
        ("a", None, v(P::RelativeUrlWithFragmentString, 0)),
        ("#x", Some("mailto:a@b"), Ok(())),
        ("x", Some("mailto:a@b"), v(P::RelativeUrlWithFragmentString, 0)),
        // relative-URL string, switching on base URL's scheme
        ("//h:1/p", Some("https://b/"), Ok(())),
        ("//h:1/p", Some("file:///"), v(P::ValidDomainString, 2)),
        ("//h/p", Some("file:///"), Ok(())),
        ("//", Some("sc://b/"), Ok(())),
        ("//", Some("https://b/"), v(P::ValidDomainString, 2)),
        // percent-encoded byte
        ("sc:%41%a", None, v(P::PercentEncodedByte, 6)),
        ("sc:a#%4", None, v(P::PercentEncodedByte, 5)),
    ];
    for (input, base, expected) in cases {
        assert_eq!(&check(input, *base), expected, "{input:?} against {base:?}");
    }
}

#[test]
fn url_units_and_percent_encoded_bytes() {
    let units = |s: &str| url_units(s, 0..s.len(), P::UrlUnits);
    assert_eq!(units("aZ09!$&'()*+,-./:;=?@_~\u{A0}\u{10FFFD}%00%fF"), Ok(()));
    assert_eq!(units("a b"), v(P::UrlUnits, 1));
    assert_eq!(units("\u{FDD0}"), v(P::UrlUnits, 0));
    assert_eq!(units("`"), v(P::UrlUnits, 0));
    assert_eq!(units("a%g0"), v(P::PercentEncodedByte, 1));
    assert_eq!(units("%"), v(P::PercentEncodedByte, 0));
}

#[test]
fn host_productions() {
    let host = |s: &str| valid_host_string(s, 0..s.len());
    // valid domain string
    for ok in ["example.com", "EXAMPLE.COM", "xn--fa-hia.example", "faß.example", "a-b.c"] {
        assert_eq!(host(ok), Ok(()), "{ok}");
    }
    for bad in ["a_b", "-a", "ab--c", "example.com.", "a..b", "xn--a", "exa%41mple", ""] {
        assert_eq!(host(bad), v(P::ValidDomainString, 0), "{bad}");
    }
    // valid IPv4-address string, and what ends in a number without being one
    assert_eq!(host("192.168.0.1"), Ok(()));
    assert_eq!(host("0.0.0.0"), Ok(()));
    assert_eq!(host("1.2.3"), v(P::ValidIpv4AddressString, 5));
    assert_eq!(host("1.2.3.4.5"), v(P::ValidIpv4AddressString, 7));
    assert_eq!(host("1.2.03.4"), v(P::ValidIpv4AddressString, 4));
    assert_eq!(host("1.2.3.256"), v(P::ValidIpv4AddressString, 6));
    assert_eq!(host("0x7f.0.0.1"), v(P::ValidIpv4AddressString, 0));
    assert_eq!(host("a.1"), v(P::ValidIpv4AddressString, 0));
    assert_eq!(host("\u{FF11}.2.3.4"), v(P::ValidIpv4AddressString, 0));
    assert_eq!(valid_ipv4_address_string("1.2.3.4.", 10), v(P::ValidIpv4AddressString, 17));
    // "[" valid IPv6-address string "]"
    assert_eq!(host("[::1]"), Ok(()));
    assert_eq!(host("[::1"), v(P::ValidHostString, 4));
}

#[test]
fn ipv6_productions() {
    let ipv6 = |s: &str| valid_ipv6_address_string(s, 0);
    // pieces with effective length 8; pieces-and-IPv4 with 8; "::" with at most 7 around it
    for ok in [
        "1:2:3:4:5:6:7:8",
        "1:2:3:4:5:6:1.2.3.4",
        "::",
        "::1",
        "1::",
        "1:2:3:4:5:6:7::",
        "::1:2:3:4:5:6:7",
        "::1.2.3.4",
        "::ffff:1.2.3.4",
        "ABCD::ef01",
        "0:0::0",
    ] {
        assert_eq!(ipv6(ok), Ok(()), "{ok}");
    }
    // valid IPv6-address string as a whole: counts, compressions
    assert_eq!(ipv6("1:2:3:4:5:6:7"), v(P::ValidIpv6AddressString, 0));
    assert_eq!(ipv6("1:2:3:4:5:6:7:8:9"), v(P::ValidIpv6AddressString, 0));
    assert_eq!(ipv6("1:2:3:4::5:6:7:8"), v(P::ValidIpv6AddressString, 0));
    assert_eq!(ipv6("1::2::3"), v(P::ValidIpv6AddressString, 4));
    assert_eq!(ipv6("1.2.3.4"), v(P::ValidIpv6AddressString, 0));
    // valid IPv6-piece string: shortest possible, at most 0xFFFF, not empty
    assert_eq!(ipv6("::01"), v(P::ValidIpv6PieceString, 2));
    assert_eq!(ipv6("::12345"), v(P::ValidIpv6PieceString, 2));
    assert_eq!(ipv6("::g"), v(P::ValidIpv6PieceString, 2));
    assert_eq!(ipv6(":1::"), v(P::ValidIpv6PieceString, 0));
    assert_eq!(ipv6("1::2:"), v(P::ValidIpv6PieceString, 5));
    // valid IPv6-pieces-and-IPv4 string: the IPv4 part is a valid IPv4-address string and
    // comes last; not before "::"
    assert_eq!(ipv6("::1.2.3.04"), v(P::ValidIpv4AddressString, 8));
    assert_eq!(ipv6("::1.2.3"), v(P::ValidIpv4AddressString, 7));
    assert_eq!(ipv6("1.2.3.4::"), v(P::ValidIpv6PieceString, 0));
}

#[test]
fn opaque_host_and_port_productions() {
    let opaque = |s: &str| valid_opaque_host_string(s, 0..s.len());
    for ok in ["h", "EXAMPLE", "ü", "a%20b", "0x", "1.2.3", "[::1]", "!$&'()*+,;=_~-."] {
        assert_eq!(opaque(ok), Ok(()), "{ok}");
    }
    assert_eq!(opaque(""), v(P::ValidOpaqueHostString, 0));
    assert_eq!(opaque("a b"), v(P::ValidOpaqueHostString, 1));
    assert_eq!(opaque("a^b"), v(P::ValidOpaqueHostString, 1));
    assert_eq!(opaque("a`b"), v(P::ValidOpaqueHostString, 1));
    assert_eq!(opaque("a%zz"), v(P::PercentEncodedByte, 1));
    assert_eq!(opaque("[v1.x]"), v(P::ValidIpv4AddressString, 1));
    let port = |s: &str| url_port_string(s, 0..s.len());
    assert_eq!(port(""), Ok(()));
    assert_eq!(port("0"), Ok(()));
    assert_eq!(port("65536"), v(P::UrlPortString, 0));
    assert_eq!(port("-1"), v(P::UrlPortString, 0));
}

#[test]
fn every_production_has_a_name_and_a_link() {
    for p in P::ALL {
        assert!(p.link().starts_with("https://url.spec.whatwg.org/#"), "{p}");
        assert!(!p.name().is_empty());
    }
    assert_eq!(P::PathAbsoluteUrlString.name(), "path-absolute-URL string");
}

#[test]
fn validity_puts_both_notions_side_by_side() {
    let both = |input: &str| {
        let v = validity(input, None);
        (v.parser_says_valid(), v.grammar_says_valid(), v.disagree())
    };
    assert_eq!(both("https://example.com/"), (true, true, false));
    assert_eq!(both("https://example.com/a b"), (false, false, false));
    assert_eq!(both("example"), (false, false, false));
}
