//! The `curl` oracle (libcurl's URL API) against curl's own expectations: the cases below are
//! from curl's `tests/libtest/lib1560.c` (its URL API test; `%TESTNUMBER` there is 1560),
//! chosen where that test's flags give the same answer as the oracle's (the scheme given, so
//! `CURLU_GUESS_SCHEME`/`CURLU_NON_SUPPORT_SCHEME` change nothing, or those flags exactly), and
//! from `docs/URL-SYNTAX.md`. lib1560 prints parts as `scheme | user | password | options | host
//! | port | path | query | fragment` (`[N]`: absent, a `CURLUcode`); each case quotes its line.

use urldiff_oracles::curl::CurlOracle;
use urldiff_oracles::{Answer, Case, CaseKind, Oracle, Record, RfcRecord};

fn answer(input: &str, base: Option<&str>) -> Answer {
    let kind = if base.is_some() { CaseKind::Resolve } else { CaseKind::Parse };
    let case = Case { input: input.into(), base: base.map(str::to_owned), kind };
    CurlOracle::new().answer_batch(&[case]).unwrap().remove(0)
}

fn record(input: &str, base: Option<&str>) -> RfcRecord {
    match answer(input, base) {
        Answer::Parsed { record: Record::Rfc(record), .. } => record,
        other => panic!("{input:?} against {base:?}: expected a record, got {other:?}"),
    }
}

fn some(text: &str) -> Option<String> {
    Some(text.to_owned())
}

/// `(input, scheme, host, port, path, query, fragment)`, from lib1560's `get_parts_list`.
#[test]
fn parts_are_lib1560s() {
    type Parts<'a> =
        (&'a str, &'a str, &'a str, Option<&'a str>, &'a str, Option<&'a str>, Option<&'a str>);
    let cases: [Parts; 10] = [
        // "http | [11] | [12] | [13] | host | [15] | /path%2f..%2f/ | [16] | [17]"
        ("http://host/path%2f..%2f/", "http", "host", None, "/path%2f..%2f/", None, None),
        // "http | [11] | [12] | [13] | host | 0 | / | [16] | [17]"
        ("http://host:0/", "http", "host", Some("0"), "/", None, None),
        // "http | [11] | [12] | [13] | host | 80 | / | [16] | [17]" (leading zeros)
        ("http://host:00080/", "http", "host", Some("80"), "/", None, None),
        // "http | [11] | [12] | [13] | [fe80::1] eth0 | [15] | / | [16] | [17]": the zone id
        // goes back into the host as the URL writes it ("[ host %25 zoneid ]").
        ("http://[fe80::1%25eth0]/", "http", "[fe80::1%25eth0]", None, "/", None, None),
        // "https | [11] | [12] | [13] | curl.se | [15] | / |  | " (CURLU_GET_EMPTY)
        ("https://curl.se/?#", "https", "curl.se", None, "/", Some(""), Some("")),
        // "https | [11] | [12] | [13] | curl.se | [15] | / |  | [17]" (CURLU_GET_EMPTY)
        ("https://curl.se/?", "https", "curl.se", None, "/", Some(""), None),
        // "https | [11] | [12] | [13] | curl.se | 0 | / | [16] | " (CURLU_GET_EMPTY)
        ("https://curl.se:0/#", "https", "curl.se", Some("0"), "/", None, Some("")),
        // "hej.hej | [11] | [12] | [13] | example.net | [15] | / | [16] | [17]"
        // (CURLU_NON_SUPPORT_SCHEME)
        ("hej.hej://example.net", "hej.hej", "example.net", None, "/", None, None),
        // "https | [11] | [12] | [13] | [::ffff:127.0.0.1] | 1234 | / | [16] | [17]"
        (
            "https://[::FFFF:127.0.0.1]:1234",
            "https",
            "[::ffff:127.0.0.1]",
            Some("1234"),
            "/",
            None,
            None,
        ),
        // "https | [11] | [12] | [13] | [::ffff:129.144.52.38] | 1234 | / | [16] | [17]"
        (
            "https://[0:0:0:0:0:FFFF:129.144.52.38]:1234",
            "https",
            "[::ffff:129.144.52.38]",
            Some("1234"),
            "/",
            None,
            None,
        ),
    ];
    for (input, scheme, host, port, path, query, fragment) in cases {
        let got = record(input, None);
        let want = RfcRecord {
            scheme: some(scheme),
            authority: Some(format!("{host}{}", port.map(|p| format!(":{p}")).unwrap_or_default())),
            userinfo: None,
            host: some(host),
            port: port.map(str::to_owned),
            path: path.to_owned(),
            query: query.map(str::to_owned),
            fragment: fragment.map(str::to_owned),
            resolved: None,
        };
        assert_eq!(got, want, "{input}");
    }
}

/// lib1560's rejections: the `CURLUcode` it expects names the failure.
#[test]
fn rejections_are_lib1560s() {
    let cases = [
        ("http://host:65536/", "CURLUE_BAD_PORT_NUMBER"),
        ("http://./", "CURLUE_BAD_HOSTNAME"),
        ("http://example.com../", "CURLUE_BAD_HOSTNAME"),
        ("http://[fe80::1%]/", "CURLUE_BAD_IPV6"),
        ("https://test%test", "CURLUE_BAD_HOSTNAME"),
        ("http://hostname:1111\\path", "CURLUE_BACKSLASH"),
    ];
    for (input, code) in cases {
        match answer(input, None) {
            Answer::Failure { reason, .. } => {
                assert!(reason.starts_with(&format!("{code} (")), "{input}: {reason}")
            }
            other => panic!("{input}: expected {code}, got {other:?}"),
        }
    }
}

/// `CURLU_GUESS_SCHEME` (lib1560's `test_scheme_guess` and `get_url_list`; URL-SYNTAX.md:
/// "Based on what the hostname starts with, curl "guesses" what protocol to use").
#[test]
fn schemes_are_guessed_as_lib1560_says() {
    for (input, scheme, host) in [
        ("example.com", "http", "example.com"),
        ("ftp.example.com:22", "ftp", "ftp.example.com"),
        ("foobar://example.com", "foobar", "example.com"),
        // get_url_list: {"0x7.1", "http://7.0.0.1/", CURLU_GUESS_SCHEME, …}
        ("0x7.1", "http", "7.0.0.1"),
        // {"07.1", "http://7.0.0.1/", …}, {"0xg", "http://0xg/", …}
        ("07.1", "http", "7.0.0.1"),
        ("0xg", "http", "0xg"),
    ] {
        let got = record(input, None);
        assert_eq!(
            (got.scheme.as_deref(), got.host.as_deref()),
            (Some(scheme), Some(host)),
            "{input}"
        );
    }
}

/// lib1560's `set_url_list`: a redirect target set on a handle that holds the base.
#[test]
fn redirects_resolve_as_lib1560s() {
    let cases = [
        (
            "http://firstplace.example.com/want/1314",
            "//somewhere.example.com/reply/1314",
            "http://somewhere.example.com/reply/1314",
        ),
        ("http://example.org/", "../path/././../././../moo", "http://example.org/moo"),
        ("http://example.org/", ".%2e/path/././../%2E/./../moo", "http://example.org/moo"),
        ("http://example.org?bar/moo", "?weird", "http://example.org/?weird"),
        ("http://example.org/foo?bar", "#weird", "http://example.org/foo?bar#weird"),
        ("http://example.org/foo/bar", ":23", "http://example.org/foo/:23"),
        ("http://example.org/foo/bar", "#", "http://example.org/foo/bar#"),
        ("http://host/path?#", "?new", "http://host/path?new"),
        ("file://localhost/path?query#frag", "foo#another", "file:///foo#another"),
        (
            "http://user:foo@example.com/path?query#frag",
            "../newpage",
            "http://user:foo@example.com/newpage",
        ),
        // With CURLU_URLENCODE | CURLU_ALLOW_SPACE (a followed redirect's flags).
        (
            "http://example.com/please/../gimme/1560?foobar#hello",
            "http://example.net/there/it/is/../../tes t case=/15600002? yes no",
            "http://example.net/there/tes%20t%20case=/15600002?+yes+no",
        ),
    ];
    for (base, input, resolved) in cases {
        let got = record(input, Some(base));
        assert_eq!(got.resolved.as_deref(), Some(resolved), "{input} against {base}");
    }
}

/// The resolved target's parts: userinfo and authority composed as the URL writes them.
#[test]
fn a_resolved_target_has_its_parts() {
    let got = record("../newpage", Some("http://user:foo@example.com:8080/path?query#frag"));
    let want = RfcRecord {
        scheme: some("http"),
        authority: some("user:foo@example.com:8080"),
        userinfo: some("user:foo"),
        host: some("example.com"),
        port: some("8080"),
        path: "/newpage".into(),
        query: None,
        fragment: None,
        resolved: some("http://user:foo@example.com:8080/newpage"),
    };
    assert_eq!(got, want);
}

/// A C string cannot hold U+0000: no opinion, rather than curl's answer for a truncated input.
#[test]
fn an_input_with_nul_has_no_opinion() {
    assert_eq!(answer("http://a/\u{0}b", None), Answer::NoOpinion);
    assert_eq!(answer("x", Some("http://a/\u{0}")), Answer::NoOpinion);
}

/// The version is curl_version()'s: libcurl and the curl-sys crate's vendored release.
#[test]
fn the_version_is_libcurls() {
    let oracle = CurlOracle::new();
    let version = &oracle.info().version;
    assert!(version.starts_with("libcurl/8."), "{version}");
}
