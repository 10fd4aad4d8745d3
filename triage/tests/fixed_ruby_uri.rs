//! What a later uri gem than the one run here already changed is marked `known`, with the
//! ruby/uri commit and the release that fixed it (the committed ledger's `upstream:` and
//! `fixed-in: uri <version>`), never drafted. Debian 12's Ruby 3.1.2 bundles uri 0.11.0; the
//! readings were checked on the runtime and on the ruby/uri tags (`ruby -I <tag>/lib`, the
//! adapter's own calls): `URI.join("http://example.com/a/b", "http://a@")` is `http:a@` on uri
//! 0.11.0 (an empty host read as none) and `http://a@` from uri 0.12.0 (ruby/uri 81263c9,
//! "URI.parse should set empty string in host instead of nil"; ruby/uri#47 calls it
//! intentional), and `URI.join("http://example.com/a/b", "http://:1")` is `http::1`, then
//! `http://:1`.
//!
//! The version compared is the uri gem's, not Ruby's: `Ruby 3.1.2p20 uri 0.11.0` is before
//! `uri 0.12.0`, so the finding is known, not a regression. A runtime whose uri is at or past
//! the fix no longer shows it: the case is skipped there with one line.

mod support;

use std::path::Path;
use urldiff_oracles::registry::split_available;
use urldiff_oracles::{default_oracles, Oracle, RegistryConfig};
use urldiff_triage::marks::Mark;
use urldiff_triage::pipeline::{triage, TriageCase};
use urldiff_triage::rootcause::FindingKind;
use urldiff_triage::Request;

const TEST: &str = "fixed_ruby_uri";

/// One case a ledger entry marks: input, base, the entry's link and its `fixed-in:`.
struct Fixed<'a> {
    input: &'a str,
    base: &'a str,
    link: &'a str,
    fixed_in: &'a str,
}

/// The URL Standard's reference and the RFC references (in process) and `name`, or `None`
/// (skipped with one line) when Ruby is missing.
fn with_references(name: &str) -> Option<Vec<Box<dyn Oracle>>> {
    let config = RegistryConfig::from_env().expect("the environment's time limits");
    let wanted = default_oracles(&config).into_iter().filter(|o| o.name() == name);
    let (available, unavailable) = split_available(wanted.collect());
    if let Some((_, reason)) = unavailable.first() {
        urldiff_corpus::required::skip("ruby", TEST, reason.lines().next().unwrap_or(""));
        return None;
    }
    let mut oracles: Vec<Box<dyn Oracle>> =
        support::in_process().into_iter().filter(|o| o.name() == "reference").collect();
    oracles.extend(available);
    Some(oracles)
}

/// Triage each case with the committed ledger, read for what is known (as `urldiff triage`
/// reads it without `--ledger`), and check `library`'s conformance group of it is marked
/// known with the entry's link and fixing release, and is no draft.
fn marked_fixed(library: &str, cases: &[Fixed]) {
    let Some(oracles) = with_references(library) else { return };
    let version = oracles.last().expect("the library").info().version.clone();
    let oracles = support::refs(&oracles);
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../corpus/expected");
    let ledger = urldiff_compare::ledger::Ledger::load(&dir).expect("the committed ledger");
    let mut config = support::test_config(&oracles, 1);
    config.known = Some(&ledger);
    for Fixed { input, base, link, fixed_in } in cases {
        if urldiff_corpus::ledger::at_or_past(&version, fixed_in) {
            let why = format!("{library} runs {version}, at or past {fixed_in}");
            urldiff_corpus::required::skip("ruby", TEST, &why);
            continue;
        }
        let request = Request::new(*input, Some(base));
        let case = TriageCase { name: request.case().name(), request, suite: "jsonl/test".into() };
        let findings = triage(&[case], &config, &urldiff_triage::events::NoEvents).expect("runs");
        let group = findings
            .groups
            .iter()
            .find(|g| {
                g.kind == FindingKind::Conformance && g.libraries.iter().any(|l| l == library)
            })
            .unwrap_or_else(|| panic!("a {library} group for {input:?}: {:#?}", findings.groups));
        let known = group.marks.iter().find_map(|m| match m {
            Mark::Known { link, line, .. } => Some((link.as_deref(), line.as_deref())),
            _ => None,
        });
        let fixed_line = format!("fixed-in: {fixed_in}");
        assert_eq!(
            known,
            Some((Some(*link), Some(fixed_line.as_str()))),
            "{input:?} against {base:?} on {version}: {:?} at {}",
            group.marks,
            group.root_cause.line()
        );
        assert!(!group.is_draft(), "{input:?}: {:?}", group.marks);
    }
}

#[test]
fn ruby_uri_s_empty_host_fixed_in_0_12_is_marked() {
    const LINK: &str =
        "https://github.com/ruby/uri/commit/81263c9e94bd67ca01deee238842a88c2c8885f3";
    marked_fixed(
        "ruby-uri",
        &[
            // The userinfo of an empty host (RFC 3986 section 3.2.1): http:a@ on uri 0.11.0.
            Fixed {
                input: "http://a@",
                base: "http://example.com/a/b",
                link: LINK,
                fixed_in: "uri 0.12.0",
            },
            // The port of an empty host (section 3.2.3): http::1 on uri 0.11.0.
            Fixed {
                input: "http://:1",
                base: "http://example.com/a/b",
                link: LINK,
                fixed_in: "uri 0.12.0",
            },
        ],
    );
}

/// A group known as fixed keeps no other group from its draft: the same-cause rule joins
/// `//example.com` against `mailto:a@a` (uri 0.11.0 and 1.1.1 both resolve it to the base,
/// `mailto:a@a`; RFC 3986 section 5.2.2 gives `mailto://example.com`) with the empty host of
/// `http://a@` ("authority left out" in both), but only the second is fixed in uri 0.12.0.
#[test]
fn a_group_fixed_later_keeps_no_other_group_from_its_draft() {
    let Some(oracles) = with_references("ruby-uri") else { return };
    let version = oracles.last().expect("the library").info().version.clone();
    if urldiff_corpus::ledger::at_or_past(&version, "uri 0.12.0") {
        let why = format!("ruby-uri runs {version}, at or past uri 0.12.0");
        return urldiff_corpus::required::skip("ruby", TEST, &why);
    }
    let oracles = support::refs(&oracles);
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../corpus/expected");
    let ledger = urldiff_compare::ledger::Ledger::load(&dir).expect("the committed ledger");
    let mut config = support::test_config(&oracles, 1);
    config.known = Some(&ledger);
    let cases: Vec<TriageCase> =
        [("http://a@", "http://example.com/a/b"), ("//example.com", "mailto:a@a")]
            .into_iter()
            .map(|(input, base)| {
                let request = Request::new(input, Some(base));
                TriageCase { name: request.case().name(), request, suite: "jsonl/test".into() }
            })
            .collect();
    let findings = triage(&cases, &config, &urldiff_triage::events::NoEvents).expect("runs");
    let group_of = |input: &str| {
        findings
            .groups
            .iter()
            .find(|g| {
                g.kind == FindingKind::Conformance
                    && g.libraries.iter().any(|l| l == "ruby-uri")
                    && g.members.iter().any(|m| m.input == input)
            })
            .unwrap_or_else(|| panic!("a ruby-uri group for {input:?}: {:#?}", findings.groups))
    };
    let fixed = group_of("http://a@");
    assert!(!fixed.is_draft(), "{:?}", fixed.marks);
    let other = group_of("//example.com");
    assert!(other.is_draft(), "{:?} at {}", other.marks, other.root_cause.line());
}

/// `URI.join("file:", "//localhost")` is `file://` on uri 0.11.0 (`URI::File#set_host` writes
/// "localhost" as "") and `file://localhost` from uri 1.0.4 (ruby/uri 6c6449e, "Add authority
/// accessor", the CVE-2025-61594 fix; also in 0.12.5 and 0.13.3, not in 0.13.0 or 1.0.0).
#[test]
fn ruby_uri_s_localhost_reference_fixed_in_1_0_4_is_marked() {
    marked_fixed(
        "ruby-uri",
        &[Fixed {
            input: "//localhost",
            base: "file:",
            link: "https://github.com/ruby/uri/commit/6c6449e15ffae7027bfe83134f0419f682e0b1ad",
            fixed_in: "uri 1.0.4",
        }],
    );
}
