//! The `trace` feature: the spec states a parse passes through.
//! Run with `cargo test -p urldiff-parser --features trace --test trace` (`make test` does).
#![cfg(feature = "trace")]

use urldiff_parser::{State, Url};

/// States in order, consecutive repeats collapsed (a state may take several code points).
fn states(input: &str, base: Option<&str>) -> Vec<State> {
    let base = base.map(|b| Url::parse(b, None).expect("base parses"));
    let mut trace = Url::trace(input, base.as_ref());
    trace.dedup();
    trace
}

#[test]
fn special_url_walks_scheme_authority_host_path() {
    // Walked by hand through the spec: "http" in the scheme state, ":" sends a special scheme
    // to special authority slashes, "//" to ignore slashes, "a" to authority, which at "/"
    // goes back to the host state, then path start and path.
    use State::*;
    assert_eq!(
        states("http://a/", None),
        [
            SchemeStart,
            Scheme,
            SpecialAuthoritySlashes,
            SpecialAuthorityIgnoreSlashes,
            Authority,
            Host,
            PathStart,
            Path
        ]
    );
}

#[test]
fn relative_reference_goes_through_no_scheme_and_relative() {
    // "b" has no scheme: scheme start, scheme (which fails at EOF and starts over), no
    // scheme, relative (a base without opaque path, not file), then path.
    use State::*;
    assert_eq!(states("b", Some("http://h/a")), [SchemeStart, Scheme, NoScheme, Relative, Path]);
}

/// `trace_run`: the outcome is the parse's, and what each step began with is a beginning of
/// the href where nothing is taken back (no dot segment): the serializer's order is the
/// order components are written in.
#[test]
fn trace_run_writes_the_serialization_in_order() {
    for input in ["http://u:p@a.example:8080/p/q?x#y", "sc://h/p?q", "a:b c", "file:///C:/x"] {
        let run = Url::trace_run(input, None);
        let href = Url::parse(input, None).expect("parses").href().to_owned();
        assert_eq!(run.outcome.as_ref().map(|u| u.href().to_owned()), Ok(href.clone()));
        for step in &run.steps {
            assert!(href.starts_with(&step.serialization), "{input}: {:?}", step.serialization);
        }
    }
    assert!(Url::trace_run("a://h:1\\", None).outcome.is_err(), "port-invalid: failure");
}

/// `State::ALL` lists each state once.
#[test]
fn every_state_is_listed_once() {
    let anchors: std::collections::BTreeSet<&str> = State::ALL.iter().map(|s| s.anchor()).collect();
    assert_eq!(anchors.len(), State::ALL.len());
    assert!(anchors.contains("hostname-state") && anchors.contains("port-state"));
}
