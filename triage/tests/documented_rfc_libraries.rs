//! Behaviours the RFC libraries' own documentation states are documented model differences,
//! never drafts, wherever the behaviour shows (the input, the base, the href written back),
//! not only where a rule was first written for it. Each reading below was checked on the
//! library itself:
//!
//! - CPython 3.13 `urljoin('https://a@', '//')` is `https://a@`: the empty netloc of `//`
//!   reads as none, so the base's userinfo stays (urlsplit's table: netloc, "value if not
//!   present: empty string");
//! - CPython 3.13 `urljoin('file:///tmp/mock/path', '//')` is the base: a reference that is
//!   only an empty netloc reads as the empty reference, whatever the base's netloc;
//! - OpenJDK 17 `new URI("sc:/é").resolve("a")` is `sc:/a`: java.net.URI permits "other"
//!   characters in a path, so it has a base where RFC 2396's grammar has none;
//!   `new URI("file:/a?q").resolve("")` is `file:/` (resolve concatenates "all but the last
//!   segment of this URI's path" with the empty path, and takes the given URI's query);
//!   `new URI("sc:/p/q").resolve("//#X")` is `sc:/p/q#X` (an empty authority is undefined, so
//!   `//#X` is a standalone fragment); `new URI("a://")` fails, "Expected authority" (an
//!   empty authority must be "followed by a non-empty path, a query component, or a fragment
//!   component"), so nothing resolves against it; `new URI("a:]").isOpaque()` is true, with
//!   the scheme-specific part `]` (an opaque part is whatever does not begin with a slash);
//! - Go 1.19 `url.Parse("http://::@").String()` is `http://:%3A@` and
//!   `url.Parse("http://a:b:c@h/").String()` is `http://a:b%3Ac@h/`: Userinfo.String
//!   "returns the encoded userinfo information" (the worker's href is the resolved URL's
//!   String, so the cases resolve against a base); `url.Parse("file://").String()` is
//!   `file:` and `url.Parse("sc://?q").String()` is `sc:?q` (String: "if u.Host is empty,
//!   host/ is omitted", and with no path nor userinfo the `//` goes too);
//! - libcurl 8.22 reads `a:/a` against an http base as `a://a/` (URL-SYNTAX.md: "curl allows
//!   one, two or three slashes after the colon"), so host and href differ from RFC 3986's
//!   `a:/a`; and it rejects a file URL whose host is not blank, localhost or 127.0.0.1
//!   (URL-SYNTAX.md: "Anything else makes curl fail to parse the URL"), so every reference
//!   against the base `file://host/share/x` fails (CURLUE_BAD_FILE_URL), whatever it is;
//! - Ruby 3.1 (uri 0.11.0; uri 1.1.1 too) rejects `URI.parse("ftp:a")`: URI::FTP "FTP URI
//!   syntax is defined by RFC1738 section 3.2", an ftp URL with "//" and a host.

mod support;

use urldiff_oracles::registry::split_available;
use urldiff_oracles::{default_oracles, Oracle, RegistryConfig};
use urldiff_triage::events::NoEvents;
use urldiff_triage::marks::Mark;
use urldiff_triage::pipeline::{triage, TriageCase};
use urldiff_triage::rootcause::FindingKind;
use urldiff_triage::Request;

fn case(input: &str, base: Option<&str>) -> TriageCase {
    let request = Request::new(input, base);
    TriageCase { name: request.case().name(), request, suite: "jsonl/test".into() }
}

/// `oracle` with the references, or `None` (skipped with one line) when its runtime is missing.
fn oracle(name: &str, runtime: &str) -> Option<Box<dyn Oracle>> {
    let config = RegistryConfig::from_env().expect("the environment's time limits");
    let wanted = default_oracles(&config).into_iter().filter(|o| o.name() == name);
    let (mut available, unavailable) = split_available(wanted.collect());
    if let Some((_, reason)) = unavailable.first() {
        let first = reason.lines().next().unwrap_or("");
        urldiff_corpus::required::skip(runtime, "documented_rfc_libraries", first);
        return None;
    }
    available.pop()
}

/// Triage each of `cases` with `library` alone (its standard's reference joins it; one case a
/// run, since a model difference keeps one example) and check it is documented by `rule` of
/// its profile, with no conformance draft holding it.
fn documented(library: &dyn Oracle, cases: &[(&str, Option<&str>, &str)]) {
    for (input, base, rule) in cases {
        let oracles: Vec<&dyn Oracle> = vec![library];
        let config = support::test_config(&oracles, 1);
        let findings = triage(&[case(input, *base)], &config, &NoEvents).expect("triage runs");
        let drafted: Vec<String> = findings
            .groups
            .iter()
            .filter(|g| g.kind == FindingKind::Conformance && g.is_draft())
            .map(|g| g.root_cause.line())
            .collect();
        assert!(drafted.is_empty(), "{input:?} against {base:?} is drafted: {drafted:?}");
        let rules: Vec<&str> = findings
            .model_differences
            .iter()
            .flat_map(|m| &m.marks)
            .filter_map(|mark| match mark {
                Mark::Documented { rule, .. } => Some(rule.as_str()),
                _ => None,
            })
            .collect();
        assert!(
            rules.iter().any(|r| r.contains(rule)),
            "{input:?} against {base:?}: {rules:?}, not {rule}"
        );
    }
}

#[test]
fn python_urllib_keeps_the_base_s_userinfo_under_an_empty_netloc() {
    let Some(python) = oracle("python-urllib", "python") else { return };
    documented(
        python.as_ref(),
        &[
            ("//", Some("https://a@"), "python-urllib/empty-netloc-is-absent"),
            ("//", Some("file:///tmp/mock/path"), "python-urllib/empty-netloc-is-absent-no-path"),
        ],
    );
}

#[test]
fn java_uri_resolves_as_its_javadoc_says() {
    let Some(java) = oracle("java-uri", "java") else { return };
    documented(
        java.as_ref(),
        &[
            ("a", Some("sc:/é"), "java-uri/other-characters-in-base"),
            ("", Some("file:/a?q"), "java-uri/resolve-empty-reference"),
            ("//#X", Some("sc:/p/q"), "java-uri/empty-authority-no-path"),
            ("a", Some("a://"), "java-uri/empty-authority-in-base"),
            ("a:]", None, "java-uri/opaque-part-any-first-character"),
        ],
    );
}

#[test]
fn go_net_url_writes_the_userinfo_back_encoded() {
    let Some(go) = oracle("go-net-url", "go") else { return };
    documented(
        go.as_ref(),
        &[
            ("http://::@", Some("http://example.com/"), "go-net-url/userinfo-re-encoded"),
            ("http://a:b:c@h/", Some("sc:x"), "go-net-url/userinfo-re-encoded"),
        ],
    );
}

#[test]
fn go_net_url_writes_an_empty_authority_with_no_path_as_nothing() {
    let Some(go) = oracle("go-net-url", "go") else { return };
    documented(
        go.as_ref(),
        &[
            ("file://", Some("file://ape/"), "go-net-url/empty-host-written-as-nothing"),
            ("sc://?q", Some("sc://h/p"), "go-net-url/empty-host-written-as-nothing"),
        ],
    );
}

#[test]
fn curl_reads_one_slash_as_two_in_the_href_too() {
    let Some(curl) = oracle("curl", "curl") else { return };
    documented(
        curl.as_ref(),
        &[("a:/a", Some("http://example.com/a/b"), "curl/one-to-three-slashes")],
    );
}

#[test]
fn curl_rejects_every_reference_against_a_file_base_with_another_host() {
    let Some(curl) = oracle("curl", "curl") else { return };
    documented(
        curl.as_ref(),
        &[
            ("home-distiller://x:0", Some("file://host/share/x"), "curl/file-host-base"),
            ("http://example.com/p", Some("FILE://example.com/x"), "curl/file-host-base"),
        ],
    );
}

/// Ruby 3.1 (uri 0.11.0, and uri 1.1.1 alike) raises URI::InvalidURIError for
/// `URI.parse("ftp:a")` and `URI::RFC2396_Parser.new.parse("ftp:a")`: URI::FTP's
/// documentation says "FTP URI syntax is defined by RFC1738 section 3.2" (ftp://host/path).
#[test]
fn ruby_s_ftp_class_follows_rfc_1738() {
    for name in ["ruby-uri", "ruby-uri-rfc2396"] {
        let Some(ruby) = oracle(name, "ruby") else { return };
        let rule = format!("{name}/ftp-rfc1738");
        documented(ruby.as_ref(), &[("ftp:a", None, &rule), ("Ftp:x?y", None, &rule)]);
    }
}
