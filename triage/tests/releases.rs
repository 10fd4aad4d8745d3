//! The newest release: with several CPythons' urllib as oracles, a finding goes upstream
//! against the newest only; a cause an older release shows too is marked `also-in` on the
//! newest's group, and one only older releases show is marked `fixed` (no draft).
//!
//! The two behaviours, checked with each CPython's own urllib: `urljoin('file:////',
//! 'FILE:///.//')` is `file://` in 3.11.7 and 3.12.1 and `file:////` in 3.13.0 (RFC 3986: the
//! reference's path `/.//` without its dot segment, `//`); `urlsplit('http://[V7.a]/')` (an
//! RFC 3986 IPvFuture) raises ValueError from 3.11 on.

mod support;

use urldiff_oracles::subprocess::python::cpythons;
use urldiff_oracles::subprocess::python_releases::{minor, python_urllib_release};
use urldiff_oracles::{Availability, Oracle};
use urldiff_triage::events::NoEvents;
use urldiff_triage::mark::Mark;
use urldiff_triage::pipeline::{triage, TriageCase};
use urldiff_triage::rootcause::FindingKind;
use urldiff_triage::Request;

fn case(input: &str, base: Option<&str>) -> TriageCase {
    let request = Request::new(input, base);
    TriageCase { name: request.case().name(), request, suite: "jsonl/test".into() }
}

#[test]
fn findings_go_against_the_newest_cpython_and_older_ones_are_marked() {
    let (found, _) = cpythons();
    let release = |wanted: &str| found.iter().find(|p| minor(p) == wanted);
    let (Some(old), Some(new)) = (release("3.11"), release("3.13")) else {
        urldiff_corpus::required::skip(
            "python",
            "releases",
            "CPython 3.11 and 3.13 not both found",
        );
        return;
    };
    let old = python_urllib_release(old);
    let new = python_urllib_release(new);
    for oracle in [&old, &new] {
        if let Availability::Unavailable { reason } = oracle.availability() {
            urldiff_corpus::required::skip("python", "releases", &reason);
            return;
        }
    }
    let cases = vec![case("FILE:///.//", Some("file:////")), case("http://[V7.a]/", None)];
    let oracles: Vec<&dyn Oracle> = vec![&old, &new];
    let config = support::test_config(&oracles, 1);
    let findings = triage(&cases, &config, &NoEvents).unwrap();
    let conformance: Vec<_> =
        findings.groups.iter().filter(|g| g.kind == FindingKind::Conformance).collect();
    let of = |input: &str| {
        conformance
            .iter()
            .filter(|g| g.members.iter().any(|m| m.input == input))
            .collect::<Vec<_>>()
    };
    let library = |g: &&&urldiff_triage::findings::Group| g.root_cause.library.clone();
    // Fixed in 3.13: 3.11's path group is marked fixed (no draft); 3.13 has no path group.
    let fixed = of("FILE:///.//");
    let old_path: Vec<_> = fixed
        .iter()
        .filter(|g| {
            library(g).as_deref() == Some("python-urllib@3.11") && g.root_cause.fields == ["path"]
        })
        .collect();
    assert_eq!(old_path.len(), 1, "{fixed:#?}");
    assert!(!old_path[0].is_draft(), "{:?}", old_path[0].marks);
    assert!(
        old_path[0]
            .marks
            .iter()
            .any(|m| matches!(m, Mark::Fixed { oracle, .. } if oracle == "python-urllib@3.13")),
        "{:?}",
        old_path[0].marks
    );
    assert!(
        !fixed.iter().any(|g| library(g).as_deref() == Some("python-urllib@3.13")
            && g.root_cause.fields == ["path"]),
        "{fixed:#?}"
    );
    // In both: one draft, against 3.13, also in 3.11; 3.11's own group is folded into it.
    let both = of("http://[V7.a]/");
    assert_eq!(both.len(), 1, "{both:#?}");
    assert_eq!(both[0].root_cause.library.as_deref(), Some("python-urllib@3.13"));
    assert!(both[0].is_draft() && both[0].marks.contains(&Mark::New), "{:?}", both[0].marks);
    assert!(
        both[0].marks.iter().any(|m| matches!(m, Mark::AlsoIn { releases } if releases.iter().any(|r| r.contains("3.11")))),
        "{:?}",
        both[0].marks
    );
}
