//! Inputs taken from the two grammars (RFC 2396 Appendix A with RFC 2732, RFC 3986 Appendix
//! A): valid in both, in one only, in neither.

use super::*;
use crate::rfc3986::{self, Rule};

fn valid_2396(s: &str) -> bool {
    check_uri_reference(s).is_ok()
}

fn valid_3986(s: &str) -> bool {
    rfc3986::check(s, Rule::UriReference).is_ok()
}

#[test]
fn valid_in_both() {
    // RFC 2396 Appendix C's base and references the grammar derives.
    for s in [
        "http://a/b/c/d;p?q",
        "g:h",
        "g",
        "./g",
        "g/",
        "/g",
        "//g",
        "g?y",
        "#s",
        "g#s",
        "g;x?y#s",
        "",
        "../../g",
        "mailto:a@b",
        "http://[::1]/",
        "http://[1080::8:800:200C:417A]/",
        "http://[::FFFF:129.144.52.38]:80/",
        "ftp://u:p@h:21/",
        "http://1.2.3.1234/",
        "file:///a",
        "a:%11",
        "a:%2Fb",
    ] {
        assert!(valid_2396(s), "RFC 2396 grammar rejects {s:?}");
        assert!(valid_3986(s), "RFC 3986 grammar rejects {s:?}");
    }
}

/// RFC 2732 adds `[` and `]` to `reserved`, so to `uric` (query, fragment, opaque part);
/// RFC 3986's query is `*( pchar / "/" / "?" )`. RFC 2396's `reg_name` holds `@`; RFC 3986's
/// authority ends its userinfo at the first `@` and its `reg-name` has none.
#[test]
fn valid_in_rfc2396_only() {
    for s in ["http://a/?[", "http://a/#]", "mailto:x[y", "http://a@b@c/"] {
        assert!(valid_2396(s), "RFC 2396 grammar rejects {s:?}");
        assert!(!valid_3986(s), "RFC 3986 grammar accepts {s:?}");
    }
}

/// `opaque_part = uric_no_slash *uric` is never empty and `hier_part` needs a `/`, so `a:` is
/// no absoluteURI; `rel_path` needs a `rel_segment`, so `?q` is no relativeURI (RFC 2396
/// Appendix C lists `?y` anyway: java.net.URI documents it as a deviation); RFC 2732 has no
/// IPvFuture; RFC 2373's `IPv6address` cannot start `::` before an IPv4 part.
#[test]
fn valid_in_rfc3986_only() {
    for s in ["a:", "?q", "http://[v1.x]/", "http://[::1.2.3.4]/"] {
        assert!(!valid_2396(s), "RFC 2396 grammar accepts {s:?}");
        assert!(valid_3986(s), "RFC 3986 grammar rejects {s:?}");
    }
}

#[test]
fn valid_in_neither() {
    for s in ["http://a b/", "http://a/%zz", "http://[::1/", "1a:b", "http://a/é", "a:[b", "a:%1"]
    {
        assert!(!valid_2396(s), "RFC 2396 grammar accepts {s:?}");
        assert!(!valid_3986(s), "RFC 3986 grammar accepts {s:?}");
    }
}

#[test]
fn violations_name_rfc2396_rules() {
    assert_eq!(check_uri_reference("?q").unwrap_err().rule, "rel_segment");
    assert_eq!(check_uri_reference("a:").unwrap_err().rule, "opaque_part");
    assert_eq!(check_uri_reference("http://a/%zz").unwrap_err().rule, "escaped");
    assert_eq!(check_absolute_uri("g").unwrap_err().rule, "absoluteURI");
}

/// Section 3.2.2: a server-based authority is `[ userinfo "@" ] hostport`, the host a
/// hostname whose top label starts with a letter, an IPv4 address (RFC 2732: at most three
/// digits a part) or an IPv6 reference; any other authority is registry-based.
#[test]
fn server_or_registry() {
    for server in ["a.b", "u@h:80", "[::1]:80", "1.2.3.4", "a-b.c.", ""] {
        assert!(is_server(server), "{server:?} is a server");
    }
    for registry in ["123", "h:8a", "a_b", "1.2.3.1234", "a.1b", "-a.b", "[v1.x]", "a@b@c"] {
        assert!(!is_server(registry), "{registry:?} is registry-based");
    }
}
