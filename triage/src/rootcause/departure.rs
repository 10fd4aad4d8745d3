//! Where a URL Standard library departs from the standard, read from the reference's own run.
//!
//! The reference writes the URL's serialization as it goes, one component after another
//! (`urldiff_parser::Url::trace_run` keeps what was written when each step began). A library
//! that parsed gives its href. After each step of the reference, the library's href is still
//! *reachable* when it starts with what the reference has written so far (at the end: when it
//! equals the reference's href; a failure is reachable by no href). The library departs at the
//! step after the last reachable one: the first step after which the reference, going on,
//! never again writes a beginning of the library's answer. The last reachable step, not the
//! first unreachable one: a dot segment may shorten the path again (`/b/..`).
//!
//! - `a://example.com:\`: the reference writes `a://example.com`, then fails in the port
//!   state; rust-url's `a://example.com:\` was reachable until then: the port state.
//! - `\/x` against `sc://h/p`: the relative state writes the base's `sc://h`, which
//!   rust-url's `sc://x` does not start with: the relative state, not the path state that
//!   reads the `\` afterwards.
//!
//! It says nothing when the library failed (no href to reach) or when the hrefs agree (the
//! difference is in another getter): the caller then finds the deciding code point by
//! deletion ([`super::deciding`]).

use urldiff_oracles::{Answer, Record};
use urldiff_parser::{State, Trace};

/// The library's href, when it parsed with a URL Standard record that has one.
pub fn library_href(answer: &Answer) -> Option<&str> {
    match answer {
        Answer::Parsed { record: Record::Whatwg(record), .. } => record.href.as_deref(),
        _ => None,
    }
}

/// The index of the step of `trace` where a library whose href is `href` departs (`None`:
/// every step reaches it).
pub fn departure_index(trace: &Trace, href: &str) -> Option<usize> {
    let n = trace.steps.len();
    let reachable = |k: usize| -> bool {
        if k + 1 < n {
            href.starts_with(trace.steps[k + 1].serialization.as_str())
        } else {
            trace.outcome.as_ref().is_ok_and(|url| url.href() == href)
        }
    };
    let after_last_reachable = (0..n).rev().find(|&k| reachable(k)).map_or(0, |k| k + 1);
    (after_last_reachable < n).then_some(after_last_reachable)
}

/// The state where a library whose href is `href` departs.
pub fn departure_state(trace: &Trace, href: &str) -> Option<State> {
    departure_index(trace, href).map(|k| trace.steps[k].state)
}

/// The state where a library whose href is `href` departs and the byte position of the code
/// point it read there (past the end: the end of input).
pub fn departure(trace: &Trace, href: &str) -> Option<(State, usize)> {
    departure_index(trace, href).map(|k| (trace.steps[k].state, trace.steps[k].position))
}

#[cfg(test)]
mod tests {
    use super::departure_state;
    use urldiff_parser::{State, Url};

    fn state(input: &str, base: Option<&str>, href: &str) -> Option<State> {
        let base = base.map(|b| Url::parse(b, None).expect("base parses"));
        departure_state(&Url::trace_run(input, base.as_ref()), href)
    }

    /// The URL Standard's port state: "Otherwise, port-invalid validation error, return
    /// failure" for a `\` after a non-special URL's port; an href that keeps the `\` departs
    /// there.
    #[test]
    fn a_reference_failure_departs_where_it_fails() {
        assert_eq!(state("a://example.com:\\", None, "a://example.com:\\"), Some(State::Port));
        // Authority state: "If atSignSeen is true and buffer is the empty string,
        // host-missing validation error, return failure."
        assert_eq!(state("sc://@", None, "sc://"), Some(State::Authority));
    }

    /// Against a non-special base, the relative state sends `\` to the path state with the
    /// base's host: an href with another host departs in the relative state.
    #[test]
    fn a_new_host_departs_where_the_base_host_was_taken() {
        assert_eq!(state("\\/x", Some("sc://h/p"), "sc://x"), Some(State::Relative));
    }

    /// The path state percent-encodes a space (the path percent-encode set holds it): an href
    /// that keeps it raw departs in the path state, also when the relative state took the
    /// base's path first, and after a dot segment shortened the path; the query state the same.
    #[test]
    fn a_component_read_otherwise_departs_in_the_state_that_writes_it() {
        let raw = "http://example.com/a/c d";
        assert_eq!(state("c d", Some("http://example.com/a/b"), raw), Some(State::Path));
        assert_eq!(state("http://h/b/../c d", None, "http://h/c d"), Some(State::Path));
        assert_eq!(state("http://h/p?c d", None, "http://h/p?c d"), Some(State::Query));
    }

    /// The same href as the reference's: no departure in the href.
    #[test]
    fn the_reference_href_does_not_depart() {
        assert_eq!(state("http://h/p", None, "http://h/p"), None);
    }
}
