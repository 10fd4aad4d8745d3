//! One behaviour the key splits over two steps is one draft by the same-cause rule's "a code
//! point read as another" (`urldiff_triage::marks::same_cause::read_as`).
//!
//! The family: rust-url reads a `\` at the start of a reference against a non-special base as
//! a `/`. The URL Standard's relative state goes to the relative slash state on a `\` only "if
//! url is special", and the relative slash state reads `\` like `/` only "if url is special";
//! otherwise the `\` is a path code point (WPT: `\/a` against `foo://foo/a` is
//! `foo://foo/\a`). rust-url gives `sc://x` for `\/x` against `sc://h/p` (asked of url 2.5.8
//! here), so its departures fall at the relative state (`\` first) and at the relative slash
//! state (`/\`): two keys, one cause. The inputs differ in scheme, host, userinfo, port, path,
//! query, fragment and the code points after the backslash. Another rust-url behaviour (`^`
//! left raw in a path) is not joined to it.

mod support;

use urldiff_oracles::Oracle;
use urldiff_triage::findings::Group;
use urldiff_triage::mark::Mark;
use urldiff_triage::pipeline::{triage, TriageCase};
use urldiff_triage::Request;

const FAMILY: &[(&str, &str)] = &[
    ("\\\\", "foo://example.com/a/b"),
    ("/\\", "git://example.com/a/b"),
    ("\\/x", "sc://h/p"),
    ("\\a?q", "x://host.test/dir/f"),
    ("/\\h2/p#f", "ssh://u@h1:22/r"),
    ("\\\\user@other.example:8080/p", "abc://a/b"),
    ("\\.\\x", "non-special://h/a/b/c"),
    ("\\%41", "web+demo://h/"),
    ("/\\[::1]/\u{e9}", "a://b/c"),
    ("\\?x=\\", "z://h/p"),
];

/// Path state: "UTF-8 percent-encode c using the path percent-encode set", which holds `^`.
const OTHER: (&str, &str) = ("x^y", "https://example.com/dir/");

fn case(input: &str, base: &str) -> TriageCase {
    let request = Request::new(input, Some(base));
    TriageCase { name: request.case().name(), request, suite: "families/read-as".into() }
}

fn holds(g: &Group, (input, base): (&str, &str)) -> bool {
    g.members.iter().any(|m| m.input == input && m.base.as_deref() == Some(base))
}

#[test]
fn a_backslash_read_as_a_slash_at_two_steps_is_one_draft() {
    let oracles = support::in_process();
    let oracles: Vec<&dyn Oracle> =
        support::refs(&oracles).into_iter().filter(|o| o.name() != "ada").collect();
    let config = support::test_config(&oracles, 1);
    let mut cases: Vec<TriageCase> = FAMILY.iter().map(|(i, b)| case(i, b)).collect();
    cases.push(case(OTHER.0, OTHER.1));
    let findings = triage(&cases, &config, &urldiff_triage::events::NoEvents).expect("runs");
    let rust_url: Vec<&Group> =
        findings.groups.iter().filter(|g| g.libraries == ["rust-url"]).collect();
    let family: Vec<&Group> =
        rust_url.iter().copied().filter(|g| FAMILY.iter().any(|c| holds(g, *c))).collect();
    let steps: Vec<String> = family.iter().map(|g| g.root_cause.line()).collect();
    for g in &rust_url {
        let members: Vec<&str> = g.members.iter().map(|m| m.input.as_str()).collect();
        eprintln!("{} {members:?} {:?}", g.root_cause.line(), g.marks);
    }
    // Both steps are there: the rule, not the key, joins them.
    assert!(steps.iter().any(|s| s.ends_with("whatwg#relative-state")), "{steps:?}");
    assert!(steps.iter().any(|s| s.ends_with("whatwg#relative-slash-state")), "{steps:?}");
    let drafts: Vec<&&Group> = family.iter().filter(|g| g.is_draft()).collect();
    assert_eq!(drafts.len(), 1, "{steps:?}");
    for g in family.iter().filter(|g| !g.is_draft()) {
        let joined = g
            .marks
            .iter()
            .any(|m| matches!(m, Mark::SameCause { group, .. } if *group == drafts[0].id));
        assert!(joined, "{}: {:?}", g.root_cause.line(), g.marks);
    }
    let other = rust_url.iter().find(|g| holds(g, OTHER)).expect("rust-url leaves ^ raw");
    assert!(!FAMILY.iter().any(|c| holds(other, *c)), "{}", other.root_cause.line());
    let joined = other.marks.iter().any(|m| matches!(m, Mark::SameCause { .. }));
    assert!(!joined, "{:?}", other.marks);
}

/// The draft cites a WPT case of the behaviour: WPT's urltestdata.json has "Non-special
/// relative: \ should not enter RelativeSlash state" (`\a`, `\/a` and `\\a` against
/// `foo://foo/a`, `foo://foo/\a` …), which read the relative state, after more than forty
/// other cases reading a `\` there.
#[test]
fn the_draft_cites_wpt_s_non_special_backslash_cases() {
    let Some(coverage) = urldiff_triage::coverage::WptCoverage::load() else {
        urldiff_corpus::required::skip("wpt", "families_read_as", "no WPT data");
        return;
    };
    let oracles = support::in_process();
    let oracles: Vec<&dyn Oracle> =
        support::refs(&oracles).into_iter().filter(|o| o.name() != "ada").collect();
    let config = support::test_config(&oracles, 1);
    let cases = vec![case("\\/x", "sc://h/p")];
    let findings = triage(&cases, &config, &urldiff_triage::events::NoEvents).expect("runs");
    let group = findings.groups.iter().find(|g| g.libraries == ["rust-url"]).expect("a group");
    let rust_url: Vec<&dyn Oracle> =
        oracles.iter().copied().filter(|o| o.name() == "rust-url").collect();
    let witnesses =
        urldiff_triage::wpt_witness::witnesses(&findings, &coverage, &rust_url).expect("asks");
    match witnesses.get(&group.id) {
        Some(urldiff_triage::wpt_witness::Witness::Case { request, .. }) => {
            assert_eq!(request.base.as_deref(), Some("foo://foo/a"), "{request:?}");
            assert!(["\\a", "\\/a", "\\\\a"].contains(&request.input.as_str()), "{request:?}");
        }
        other => panic!("{}: {other:?}", group.root_cause.line()),
    }
}
