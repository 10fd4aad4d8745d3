//! Groups of one cause that the key splits are joined by the `same-cause` rule
//! (`urldiff_triage::marks::same_cause`): rust-url fails with "empty host" on `///a` and on
//! `///a/` against a special base (the URL Standard's special authority ignore slashes state
//! skips the slashes and reads the host `a`: `http://a/`, `ws://a/`), and deletion keys a
//! generated input of that kind at the path start state, the others at the special authority
//! ignore slashes state. One draft must remain, the others marked `same-cause` with it; a failure
//! with another reason (`http:xn--`, an empty Punycode label: "invalid international domain
//! name") is not joined. Triaged in two halves and merged, the marks are the same.

use urldiff_oracles::registry::split_available;
use urldiff_oracles::{default_oracles, Oracle, RegistryConfig};
use urldiff_triage::events::NoEvents;
use urldiff_triage::findings::{Findings, Tool};
use urldiff_triage::mark::Mark;
use urldiff_triage::pipeline::{triage, Config, TriageCase};
use urldiff_triage::{Budget, Request};

fn case(input: &str, base: Option<&str>) -> TriageCase {
    let request = Request::new(input, base);
    TriageCase { name: request.case().name(), request, suite: "jsonl/test".into() }
}

const CASES: &[(&str, Option<&str>)] = &[
    ("///a", Some("http://example.com/a/b")),
    ("///a/", Some("ws://example.com/a/b")),
    // From `urldiff corpus generate 3000 --seed 7`: keyed at the path start state.
    ("\u{0}////%zz@\u{2615}.example/c|/{}?'#\u{0} ", Some("ws://w/")),
    ("///a/b/c?q", Some("http://example.com/")),
    ("///h/", Some("wss://h.example/p")),
    ("///example.com#f", Some("ftp://example.com/dir/")),
    ("http:xn--", None),
];

fn run(oracles: &[&dyn Oracle], cases: &[TriageCase]) -> Findings {
    let config = Config {
        oracles,
        ledger: None,
        known: None,
        budget: Budget::default(),
        minimize_per_key: 1,
        originals_kept: 5,
        tool: Tool { name: "urldiff".into(), version: "test".into() },
        wpt_revision: None,
        sources: vec!["test".into()],
        skipped_oracles: Vec::new(),
        skipped_cases: 0,
        unreadable_lines: Vec::new(),
    };
    triage(cases, &config, &NoEvents).expect("triage runs")
}

/// (the group's example input, its draft status, the example it is joined to).
fn marks_of(findings: &Findings) -> Vec<(String, bool, Option<String>)> {
    let mut rows: Vec<_> = findings
        .groups
        .iter()
        .filter(|g| g.libraries == ["rust-url"])
        .map(|g| {
            let joined = g.marks.iter().find_map(|m| match m {
                Mark::SameCause { input, .. } => Some(input.clone()),
                _ => None,
            });
            (g.example.input.clone(), g.is_draft(), joined)
        })
        .collect();
    rows.sort();
    rows
}

#[test]
fn failures_of_one_reason_are_one_draft_and_merging_halves_keeps_it() {
    let config = RegistryConfig::from_env().expect("the environment's time limits");
    let wanted = default_oracles(&config)
        .into_iter()
        .filter(|o| ["reference", "rust-url"].contains(&o.name()));
    let (oracles, _) = split_available(wanted.collect());
    let oracles: Vec<&dyn Oracle> = oracles.iter().map(|o| o.as_ref()).collect();
    assert_eq!(oracles.len(), 2, "reference and rust-url are in process");
    let cases: Vec<TriageCase> = CASES.iter().map(|(i, b)| case(i, *b)).collect();
    let whole = run(&oracles, &cases);
    let empty_host = |g: &&urldiff_triage::findings::Group| {
        g.libraries == ["rust-url"] && g.members.iter().any(|m| m.input.starts_with("///"))
    };
    let groups: Vec<_> = whole.groups.iter().filter(empty_host).collect();
    let drafts = groups.iter().filter(|g| g.is_draft()).count();
    assert_eq!(drafts, 1, "{:#?}", marks_of(&whole));
    let joined = groups.iter().filter(|g| g.marks.iter().any(|m| m.name() == "same-cause"));
    assert_eq!(joined.count(), groups.len() - 1, "{:#?}", marks_of(&whole));
    // Another reason is another cause.
    let idn = whole.groups.iter().find(|g| g.members.iter().any(|m| m.input == "http:xn--"));
    let idn = idn.expect("rust-url fails on http:xn--");
    assert!(!idn.marks.iter().any(|m| m.name() == "same-cause"), "{:?}", idn.marks);
    // Two halves merged: the same marks.
    let (a, b) = cases.split_at(3);
    let merged =
        urldiff_triage::merge::merge(vec![run(&oracles, b), run(&oracles, a)], 5).expect("merges");
    assert_eq!(marks_of(&merged), marks_of(&whole));
}

/// libcurl gives an empty path as `/` (`curl_url_get` of `CURLUPART_PATH` is never empty)
/// where RFC 3986 reads an empty path (`path-abempty`): in `http://example.com#` and in
/// `a://example.com`, keyed at different RFC sections by deletion (the `#`, the authority);
/// here generated inputs of both.
/// One draft at most (none if a documented rule covers it).
#[test]
fn curl_s_empty_path_read_as_slash_is_one_draft() {
    let config = RegistryConfig::from_env().expect("the environment's time limits");
    let wanted = default_oracles(&config).into_iter().filter(|o| o.name() == "curl");
    let (oracles, unavailable) = split_available(wanted.collect());
    if oracles.is_empty() {
        let why = unavailable.first().map_or("not built".to_owned(), |(_, r)| r.clone());
        urldiff_corpus::required::skip("curl", "same_cause", &format!("curl unavailable: {why}"));
        return;
    }
    let oracles: Vec<&dyn Oracle> = oracles.iter().map(|o| o.as_ref()).collect();
    // From `urldiff corpus generate 3000 --seed 7`, keyed at §3.5 and §3.2.
    let cases = vec![case("http://h#)", None), case("w://x:0", None)];
    let findings = run(&oracles, &cases);
    let drafts: Vec<String> = findings
        .groups
        .iter()
        .filter(|g| g.libraries == ["curl"] && g.is_draft())
        .filter(|g| g.members.iter().any(|m| cases.iter().any(|c| c.request.input == m.input)))
        .map(|g| format!("{} ({:?})", g.root_cause.line(), g.example.input))
        .collect();
    assert!(drafts.len() <= 1, "{drafts:?}");
}

/// Ruby 3.1's `URI::RFC3986_Parser` does not keep an empty authority: `a:///` against `file:`
/// resolves to `a:/` (none in its place) and `///` against `file://example.com` to
/// `file://example.com/` (the base's in its place), where RFC 3986 section 5.2.2 keeps the
/// reference's defined, empty authority (`a:///`, `file:///`). Deletion keys them at different
/// sections; one change, one draft.
#[test]
fn an_empty_authority_not_kept_is_one_draft() {
    let config = RegistryConfig::from_env().expect("the environment's time limits");
    let wanted = default_oracles(&config).into_iter().filter(|o| o.name() == "ruby-uri");
    let (oracles, unavailable) = split_available(wanted.collect());
    if oracles.is_empty() {
        let why = unavailable.first().map_or("not found".to_owned(), |(_, r)| r.clone());
        urldiff_corpus::required::skip("ruby", "same_cause", &format!("ruby-uri: {why}"));
        return;
    }
    let oracles: Vec<&dyn Oracle> = oracles.iter().map(|o| o.as_ref()).collect();
    let cases = vec![case("a:///", Some("file:")), case("///", Some("file://example.com"))];
    let findings = run(&oracles, &cases);
    let drafts: Vec<String> = findings
        .groups
        .iter()
        .filter(|g| g.libraries == ["ruby-uri"] && g.is_draft())
        .map(|g| format!("{} ({:?})", g.root_cause.line(), g.example.input))
        .collect();
    let groups = findings.groups.iter().filter(|g| g.libraries == ["ruby-uri"]).count();
    assert!(groups >= 2, "{groups} groups: the two keys this test is about are gone");
    assert_eq!(drafts.len(), 1, "{drafts:?}");
}
