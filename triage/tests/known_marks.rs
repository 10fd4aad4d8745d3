//! What rust-url already knows is marked `known`, not drafted:
//!
//! - its own `tests/expected_failures.txt` (the `url` package's) lists `/` against
//!   `file://h/C:/a/b`: rust-url drops the host `h` when the path starts with a drive letter.
//!   With an empty input against `file://example.com/a:` it drops the host the same way,
//!   though the URL Standard's file state then takes the base's host and path at once (no
//!   path state runs): the group is the list's cause, marked known with a line of the list;
//! - servo/rust-url#1123 says "`a:  ?` is already supposed to result in `a: %20?` (though
//!   currently doesn't...)": the URL Standard's opaque path state percent-encodes a space
//!   followed by `?` or `#`. The committed ledger links that issue, so `a: #` (the same
//!   space before `#`) is known, with the link;
//! - servo/rust-url#1134 (closed, like #1136 and #1137 after it) says rust-url fails with
//!   `EmptyHost` on `///test` against `http://example.org/` where the URL Standard's special
//!   authority ignore slashes state skips every slash, for every special scheme: `///a`
//!   against an http or wss base is known, with that link.

mod support;

use std::path::Path;
use urldiff_oracles::Oracle;
use urldiff_triage::findings::{Findings, Group};
use urldiff_triage::mark::Mark;
use urldiff_triage::pipeline::{triage, TriageCase};
use urldiff_triage::Request;

fn case(input: &str, base: Option<&str>) -> TriageCase {
    let request = Request::new(input, base);
    TriageCase { name: request.case().name(), request, suite: "jsonl/test".into() }
}

fn reference_and_rust_url() -> Vec<Box<dyn Oracle>> {
    support::in_process()
        .into_iter()
        .filter(|o| ["reference", "rust-url"].contains(&o.name()))
        .collect()
}

fn rust_url_group<'f>(findings: &'f Findings, input: &str) -> &'f Group {
    findings
        .groups
        .iter()
        .find(|g| g.libraries == ["rust-url"] && g.members.iter().any(|m| m.input == input))
        .unwrap_or_else(|| panic!("a rust-url group for {input:?}: {:#?}", findings.groups))
}

/// The ledger committed in `corpus/expected`.
fn committed_ledger() -> urldiff_compare::ledger::Ledger {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../corpus/expected");
    urldiff_compare::ledger::Ledger::load(&dir).expect("the committed ledger")
}

/// The upstream link of the group's known mark, if it has one.
fn known_link(group: &Group) -> Option<String> {
    group.marks.iter().find_map(|m| match m {
        Mark::Known { link, .. } => link.clone(),
        _ => None,
    })
}

#[test]
fn a_host_dropped_with_the_base_s_drive_letter_is_known_to_rust_url() {
    let oracles = reference_and_rust_url();
    let oracles = support::refs(&oracles);
    let config = support::test_config(&oracles, 1);
    let cases = vec![case("", Some("file://example.com/a:"))];
    let findings = triage(&cases, &config, &urldiff_triage::events::NoEvents).expect("runs");
    let group = rust_url_group(&findings, "");
    let line = group
        .marks
        .iter()
        .find_map(|m| match m {
            Mark::Known { by, line, .. } if by.contains("expected_failures.txt") => line.clone(),
            _ => None,
        })
        .unwrap_or_else(|| panic!("not known to rust-url: {:?}", group.marks));
    assert!(!group.is_draft(), "{:?}", group.marks);
    // The line quoted is one of the list's, and its case drops a file host too: rust-url's
    // href is the reference's without the host.
    let (_, list) = urldiff_triage::marks::expected_failures::embedded().expect("embedded");
    let listed = list.iter().find(|e| e.line == line).expect("a line of the list");
    let answers = urldiff_triage::ask::ask(&oracles, std::slice::from_ref(&listed.request))
        .expect("asks")
        .remove(0);
    let href = |a: &urldiff_oracles::Answer| match a {
        urldiff_oracles::Answer::Parsed { record: urldiff_oracles::Record::Whatwg(r), .. } => {
            r.href.clone().unwrap_or_default()
        }
        other => panic!("{line}: {other:?}"),
    };
    let (reference, rust_url) = (href(&answers[0]), href(&answers[1]));
    let host = reference.trim_start_matches("file://").split('/').next().unwrap_or("");
    assert!(!host.is_empty(), "{line}: {reference}");
    assert_eq!(rust_url, reference.replacen(&format!("file://{host}"), "file://", 1), "{line}");
}

#[test]
fn behaviours_the_ledger_links_to_rust_url_s_tracker_are_known() {
    let oracles = reference_and_rust_url();
    let oracles = support::refs(&oracles);
    let ledger = committed_ledger();
    let mut config = support::test_config(&oracles, 1);
    config.known = Some(&ledger);
    const ISSUE_1123: &str = "https://github.com/servo/rust-url/issues/1123";
    const PULL_1134: &str = "https://github.com/servo/rust-url/pull/1134";
    let known = [
        ("a: #", None, ISSUE_1123),
        ("sc:x y z ?q", None, ISSUE_1123),
        ("///a", Some("http://example.com/a/b"), PULL_1134),
        ("///h/p?q", Some("wss://example.org/"), PULL_1134),
        // Deleting `]` ends the difference too (both fail), so it is keyed at the host state.
        ("///[::]", Some("https://example.com/a/b"), PULL_1134),
    ];
    let cases: Vec<TriageCase> = known.iter().map(|(i, b, _)| case(i, *b)).collect();
    let findings = triage(&cases, &config, &urldiff_triage::events::NoEvents).expect("runs");
    for (input, _, expected) in known {
        let group = rust_url_group(&findings, input);
        let link = known_link(group);
        assert_eq!(
            link.as_deref(),
            Some(expected),
            "{input:?}: {:?} at {}",
            group.marks,
            group.root_cause.line()
        );
    }
}

/// Inputs whose noise hides the ledger class's pattern (a leading C0 control or space, which
/// the URL Standard strips, before `///`) are still known once minimized: the group's example
/// (`///…`) is read against the ledger as a member is.
#[test]
fn a_class_hidden_by_noise_in_every_member_is_known_by_the_minimized_example() {
    let oracles = reference_and_rust_url();
    let oracles = support::refs(&oracles);
    let ledger = committed_ledger();
    let mut config = support::test_config(&oracles, 1);
    config.known = Some(&ledger);
    let inputs = ["\u{1f}////\u{fc}:\u{df}@a.b.c:443/x?'#a", " ///h/p", "\t///1/"];
    let cases: Vec<TriageCase> =
        inputs.iter().map(|i| case(i, Some("http://example.org/foo/bar"))).collect();
    let names: Vec<&str> = cases.iter().map(|c| c.name.as_str()).collect();
    assert!(names.iter().all(|n| !n.starts_with("<///")), "the pattern is hidden: {names:?}");
    let findings = triage(&cases, &config, &urldiff_triage::events::NoEvents).expect("runs");
    for input in inputs {
        let group = rust_url_group(&findings, input);
        let link = known_link(group);
        assert_eq!(
            link.as_deref(),
            Some("https://github.com/servo/rust-url/pull/1134"),
            "{input:?} (example {:?}): {:?}",
            group.example.input,
            group.marks
        );
        assert!(!group.is_draft(), "{:?}", group.marks);
    }
}
