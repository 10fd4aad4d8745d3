//! One family per library for one behaviour of RFC 3986 libraries: parsing a character that
//! RFC 3986 allows in that component only percent-encoded (section 2.1: "A percent-encoding
//! mechanism is used to represent a data octet in a component when that octet's corresponding
//! character is outside the allowed set"). Each family's inputs differ in scheme, component,
//! the character and where it sits; mixed with generated inputs, each library's cases must be
//! one group keyed at section 2.1, however the grammar names the rule the character broke
//! (`segment`, `query`, `fragment`, `reg-name`, `pct-encoded`).
//!
//! What each library does with the cases was read from it: rfc3986 2.0.0's `uri_reference`
//! percent-encodes them before its `Validator` checks (`http://example.com/a b` reads back as
//! `http://example.com/a%20b`, `ftp://h/%zz/x` as `ftp://h/%25zz/x`); Ruby 3.1's
//! `URI::RFC3986_Parser#parse` accepts any character but `#` in a query (`?q=<1>` gives the
//! query `q=%3C1%3E`, `?a|b` the query `a|b`) and rejects them in a path. Skipped with one
//! line where python or ruby is missing.

#[path = "support/mod.rs"]
mod support;

use std::collections::BTreeSet;
use urldiff_corpus::urlgen;
use urldiff_oracles::registry::split_available;
use urldiff_oracles::{default_oracles, Oracle, RegistryConfig};
use urldiff_triage::events::NoEvents;
use urldiff_triage::pipeline::{triage, TriageCase};
use urldiff_triage::Request;

/// rfc3986: a space, a lone `%`, `<`, `{`, `|`, `^`, `` ` ``, `\`, `"` in path, query,
/// fragment and host, with and without a scheme.
const RFC3986: &[&str] = &[
    "http://example.com/a b",
    "ftp://h/%zz/x",
    "?q=<1>",
    "sc://host/p/{x}?y",
    "HTTPS://EXAMPLE.COM:8080/a|b#c",
    "a/b^c",
    "http://h/?q=`x`",
    "//1\\",
    "/x/\"y\"/z",
    "ssh://git@example.net:22/repo%",
    "https://a.example/#%G1",
    "x?y z#w",
];

/// Ruby's RFC 3986 parser: the same characters, in a query.
const RUBY: &[&str] = &[
    "?q=<1>",
    "http://h/?q=`x`",
    "https://EXAMPLE.com:8443/a/b?x={y}",
    "ftp://u@h/p?^",
    "/path?a b",
    "//host?\"q\"#f",
    "?a|b",
    "git://r/x?\\",
];

fn case(input: &str, suite: &str) -> TriageCase {
    let request = Request::new(input, None);
    TriageCase { name: request.case().name(), request, suite: suite.into() }
}

#[test]
fn characters_allowed_only_percent_encoded_are_one_cause_per_library() {
    let config = RegistryConfig::from_env().expect("the environment's time limits");
    let wanted = ["rfc3986", "ruby-uri"];
    let chosen = default_oracles(&config).into_iter().filter(|o| wanted.contains(&o.name()));
    let (oracles, unavailable) = split_available(chosen.collect());
    for (name, reason) in &unavailable {
        let runtime = if name == "ruby-uri" { "ruby" } else { "python" };
        let first = reason.lines().next().unwrap_or("");
        let why = format!("{name} unavailable ({first}); its family is skipped");
        urldiff_corpus::required::skip(runtime, "families_percent_encoding", &why);
    }
    let all: Vec<&dyn Oracle> = oracles.iter().map(|o| o.as_ref()).collect();
    if all.is_empty() {
        return;
    }
    let mut cases: Vec<TriageCase> = RFC3986.iter().map(|i| case(i, "rfc3986")).collect();
    cases.extend(RUBY.iter().map(|i| case(i, "ruby-uri")));
    cases.extend(urlgen::generate(&[], 300, 23).into_iter().map(|c| {
        let request = Request::new(&c.input, c.base.as_deref());
        TriageCase { name: request.case().name(), request, suite: "generated".into() }
    }));
    let findings = triage(&cases, &support::test_config(&all, 1), &NoEvents).expect("triage runs");
    for (library, inputs) in [("rfc3986", RFC3986), ("ruby-uri", RUBY)] {
        if !all.iter().any(|o| o.name() == library) {
            continue;
        }
        let groups: BTreeSet<String> = inputs
            .iter()
            .map(|input| {
                let holding: Vec<_> = findings
                    .groups
                    .iter()
                    .filter(|g| g.libraries == [library])
                    .filter(|g| g.members.iter().any(|m| m.input == *input && m.base.is_none()))
                    .collect();
                assert_eq!(holding.len(), 1, "{library}: {input:?} in {} groups", holding.len());
                let step = holding[0].root_cause.step.as_ref().map(|s| s.id.as_str());
                assert_eq!(step, Some("2.1"), "{library}: {input:?}: {}", holding[0].id);
                holding[0].id.clone()
            })
            .collect();
        assert_eq!(groups.len(), 1, "{library}: split over {groups:?}");
    }
}
