//! What the RFC libraries' trackers already know is marked `known` with the issue, not drafted
//! (the committed ledger's `upstream:` links; each thread is quoted in `ledger_links.rs`).
//! The readings were checked on the libraries themselves: CPython 3.13
//! `urljoin('ws://w/', 'h//ttpoo.0x')` is `ws://w/h/ttpoo.0x` and `urljoin('ws:', 'a/')` is
//! `ws:///a/`, and `urljoin('file:#a', '')` is `file:#a` (issue 83980: "Never return base's
//! fragment from urljoin", open); OpenJDK 17 `new URI("ws://example.com/a/b").resolve("a//")` is
//! `ws://example.com/a/a/`; libcurl 8.22 rejects `http://ho%10t/` and `http://ho%40`
//! (CURLUE_BAD_HOSTNAME), which RFC 3986's reg-name allows; rfc3986 2.0.0 resolves "" against
//! `file:///` to `file:/` (issue 78: "Empty (but present) authority component lost"), `a`
//! against `sc:` to `sc:/a` (issue 81 asked for it, "Released!"), `../I` against `sc:sd/sd`
//! to `sc:I` (issue 84: "Resolution result is not consistent with RFC 3986 when the base has
//! 'rootless' path"; `%7Fi` against `sc:sd` is `sc:s/%7Fi` too), and validates `>` as `%3E`
//! and `$:` as a relative path (issue 30: `is_valid_uri("Hi Super Nintendo Chalmers")` and
//! `is_valid_uri("http#:/")` are True); Go 1.19 resolves "" against `sc:sd` to `sc:` (issue
//! 66084: "net/url: ResolveReference ignores Opaque value"), parses `///one/TWo` to Host ""
//! and Path `///one/TWo`, and resolves it against `file:///` to `file://///one/TWo` and against
//! `http://a/b/c` to `http://a///one/TWo` (issue 46277: "net/url: Parse thinks /// does not
//! start an authority", open).

mod support;

use std::path::Path;
use urldiff_oracles::registry::split_available;
use urldiff_oracles::{default_oracles, Oracle, RegistryConfig};
use urldiff_triage::marks::Mark;
use urldiff_triage::pipeline::{triage, TriageCase};
use urldiff_triage::rootcause::FindingKind;
use urldiff_triage::Request;

fn case(input: &str, base: Option<&str>) -> TriageCase {
    let request = Request::new(input, base);
    TriageCase { name: request.case().name(), request, suite: "jsonl/test".into() }
}

/// The URL Standard's reference (the ledger's truth) and `name`, or `None` (skipped with one
/// line) when its runtime is missing.
fn with_reference(name: &str, runtime: &str) -> Option<Vec<Box<dyn Oracle>>> {
    let config = RegistryConfig::from_env().expect("the environment's time limits");
    let wanted = default_oracles(&config).into_iter().filter(|o| o.name() == name);
    let (available, unavailable) = split_available(wanted.collect());
    if let Some((_, reason)) = unavailable.first() {
        let first = reason.lines().next().unwrap_or("");
        urldiff_corpus::required::skip(runtime, "known_rfc_libraries", first);
        return None;
    }
    let mut oracles: Vec<Box<dyn Oracle>> =
        support::in_process().into_iter().filter(|o| o.name() == "reference").collect();
    oracles.extend(available);
    Some(oracles)
}

/// Triage each case of `known` with the committed ledger (one case a run: a group shows one
/// link, its first member's) and check its conformance group of `library` (not a confusion
/// between standards that lists it too) is marked known with the link.
fn known(library: &str, runtime: &str, known: &[(&str, Option<&str>, &str)]) {
    let Some(oracles) = with_reference(library, runtime) else { return };
    let oracles = support::refs(&oracles);
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../corpus/expected");
    let ledger = urldiff_compare::ledger::Ledger::load(&dir).expect("the committed ledger");
    let mut config = support::test_config(&oracles, 1);
    config.known = Some(&ledger);
    for (input, base, expected) in known {
        let cases = [case(input, *base)];
        let findings = triage(&cases, &config, &urldiff_triage::events::NoEvents).expect("runs");
        let group = findings
            .groups
            .iter()
            .find(|g| {
                g.kind == FindingKind::Conformance
                    && g.libraries.iter().any(|l| l == library)
                    && g.members.iter().any(|m| m.input == *input && m.base.as_deref() == *base)
            })
            .unwrap_or_else(|| panic!("a {library} group for {input:?}: {:#?}", findings.groups));
        let link = group.marks.iter().find_map(|m| match m {
            Mark::Known { link, .. } => link.clone(),
            _ => None,
        });
        assert_eq!(
            link.as_deref(),
            Some(*expected),
            "{input:?} against {base:?}: {:?} at {}",
            group.marks,
            group.root_cause.line()
        );
        assert!(!group.is_draft(), "{input:?}: {:?}", group.marks);
    }
}

#[test]
fn cpython_s_known_urljoin_issues_are_marked() {
    known(
        "python-urllib",
        "python",
        &[
            ("h//ttpoo.0x", Some("ws://w/"), "https://github.com/python/cpython/issues/84774"),
            // The empty segment after a colon that ends no scheme (`f..` has a `/` after it).
            (
                "f../oo://(",
                Some("http://example.org/foo/bar"),
                "https://github.com/python/cpython/issues/84774",
            ),
            ("a/", Some("ws:"), "https://github.com/python/cpython/issues/99901"),
            // `if not url: return base`: the base's fragment stays.
            ("", Some("file:#a"), "https://github.com/python/cpython/issues/83980"),
        ],
    );
}

#[test]
fn java_uri_s_normalized_empty_segments_are_marked() {
    known(
        "java-uri",
        "java",
        &[("a//", Some("ws://example.com/a/b"), "https://github.com/openjdk/jdk/pull/31150")],
    );
}

#[test]
fn curl_s_rejected_host_characters_are_marked() {
    known(
        "curl",
        "curl",
        &[
            ("http://ho%10t/", None, "https://github.com/curl/curl/pull/2092"),
            ("http://ho%40", None, "https://github.com/curl/curl/pull/8826"),
        ],
    );
}

#[test]
fn rfc3986_s_known_issues_are_marked() {
    const ISSUES: &str = "https://github.com/python-hyper/rfc3986/issues";
    known(
        "rfc3986",
        "python",
        &[
            ("", Some("file:///"), &format!("{ISSUES}/78")),
            // The empty authority dropped in the input, under a scheme in mixed case: the
            // entry is read against RFC 3986 (which keeps `fIle`), not the URL Standard.
            ("fIle:///y:/", Some("ws://w/"), &format!("{ISSUES}/78")),
            ("a", Some("sc:"), &format!("{ISSUES}/81")),
            ("../I", Some("sc:sd/sd"), &format!("{ISSUES}/84")),
            ("%7Fi", Some("sc:sd"), &format!("{ISSUES}/84")),
            ("$:", None, &format!("{ISSUES}/30")),
            ("h'ttp://A\u{c}B/", None, &format!("{ISSUES}/30")),
            (">", None, &format!("{ISSUES}/30")),
        ],
    );
}

#[test]
fn go_s_dropped_opaque_base_is_marked() {
    known("go-net-url", "go", &[("", Some("sc:sd"), "https://github.com/golang/go/issues/66084")]);
}

/// Each reading of "///" as a path keeps the one link, whichever step the reference's run
/// names: the path (section 3.3) against a base with an empty authority, the base's authority
/// kept (5.2.2) against one with a host, the absent authority (3.2) with no base.
#[test]
fn go_s_triple_slash_path_is_marked() {
    const LINK: &str = "https://github.com/golang/go/issues/46277";
    known(
        "go-net-url",
        "go",
        &[
            ("///one/TWo", Some("file:///"), LINK),
            ("///one/TWo", Some("http://a/b/c"), LINK),
            ("///x", None, LINK),
        ],
    );
}
