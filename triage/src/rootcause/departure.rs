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
use urldiff_parser::{State, Trace, Url};

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

/// A file URL whose host the library dropped after writing it: its href is the reference's
/// with the host left out (`file:///c:/x` for `file://h/c:/x`). The library reached the
/// reference's href up to the host, then decided on the path: the first run of the path
/// state, whose first segment is a Windows drive letter. (An earlier edition of the URL
/// Standard's path state said, for such a segment, "If url's host is neither the empty
/// string nor null, validation error, set url's host to the empty string"; the standard no
/// longer does.) The index of that step; when the path state never runs because the path is
/// the base's (`` or `?q` against `file://h/c:`: the file state takes host and path at once),
/// the step that wrote the path. One behaviour either way: rust-url's own
/// `tests/expected_failures.txt` lists `/` against `file://h/C:/a/b`, which reaches the path
/// state, for the same dropped host.
pub fn dropped_file_host(trace: &Trace, href: &str) -> Option<usize> {
    let url = trace.outcome.as_ref().ok()?;
    if url.scheme() != "file" || url.host().is_empty() {
        return None;
    }
    let authority = format!("file://{}", url.host());
    let without_host = url.href().replacen(&authority, "file://", 1);
    if without_host != href {
        return None;
    }
    if let Some(k) = trace.steps.iter().position(|s| s.state == State::Path) {
        return Some(k);
    }
    // The step after which the serialization first holds more than the authority.
    let n = trace.steps.len();
    let written_after = |k: usize| match trace.steps.get(k + 1) {
        Some(next) => next.serialization.len() > authority.len(),
        None => true,
    };
    (0..n).find(|&k| written_after(k))
}

/// The state where a library whose href is `href` departs.
pub fn departure_state(trace: &Trace, href: &str) -> Option<State> {
    departure_index(trace, href).map(|k| trace.steps[k].state)
}

/// Where a library whose href is `href` departs: a dropped file host ([`dropped_file_host`])
/// or the state after its last reachable step, and the byte position of the code point read
/// there (past the end: the end of input). When the library read that code point as another
/// delimiter ([`read_as`]), the step is the last one the reference's runs of the input and of
/// the input so read share: the state that, reading the code point, went another way than it
/// goes for the delimiter (`\%41` against `web+demo://h/`: the relative state, which sends a
/// `\` to the path state for a non-special URL and a `/` to the relative slash state; not the
/// path state that then writes the `\`).
pub fn departure(
    trace: &Trace,
    (input, base): (&str, Option<&Url>),
    href: &str,
) -> Option<(Departure, usize)> {
    if let Some(k) = dropped_file_host(trace, href) {
        return Some((Departure::DroppedFileHost, trace.steps[k].position));
    }
    let k = departure_index(trace, href)?;
    let at = trace.steps[k].position;
    let k = match read_as((input, base), at, href) {
        Some((_, _, swapped)) => {
            let other = Url::trace_run(&swapped, base);
            let shared =
                trace.steps.iter().zip(&other.steps).take_while(|(a, b)| a.state == b.state);
            // Runs that part only after the departure (or never) name no earlier state.
            shared.count().checked_sub(1).map_or(k, |last| last.min(k))
        }
        None => k,
    };
    Some((Departure::State(trace.steps[k].state), at))
}

/// The code points a URL Standard library may read one as another: the URL's delimiters
/// (not `.`: a `.` put for a separator makes a dot segment, which removes segments by itself).
pub const DELIMITERS: [char; 6] = ['/', '\\', '?', '#', '@', ':'];

/// What a library whose href is `href` read the code point `c` at byte `at` of `input` as:
/// the delimiter `d` such that the reference, given `input` with that code point replaced by
/// `d` (that one, else the run of `c` it starts), writes `href` (rust-url's `x://` for `\\`
/// against `x://h/p` is the reference's answer to `//`: `\` read as `/`). As (`c`, `d`, the
/// input so read).
pub fn read_as(
    (input, base): (&str, Option<&Url>),
    at: usize,
    href: &str,
) -> Option<(char, char, String)> {
    let c = input.get(at..)?.chars().next()?;
    let run = input[at..].chars().take_while(|&x| x == c).count();
    let swapped = |d: char, n: usize| {
        let rest = &input[at + n * c.len_utf8()..];
        format!("{}{}{rest}", &input[..at], d.to_string().repeat(n))
    };
    let reads = |s: &String| Url::parse(s, base).is_ok_and(|url| url.href() == href);
    DELIMITERS.iter().copied().filter(|&d| d != c).find_map(|d| {
        let one = swapped(d, 1);
        if reads(&one) {
            return Some((c, d, one));
        }
        let all = swapped(d, run);
        (run > 1 && reads(&all)).then_some((c, d, all))
    })
}

/// What [`departure`] finds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Departure {
    /// The state after the last reachable step.
    State(State),
    /// A file host dropped when the path starts with a drive letter: decided in the path
    /// state, one cause of its own ([`DROPPED_FILE_HOST`]).
    DroppedFileHost,
}

/// The step id of a dropped file host: the path state's anchor, qualified so that it is not
/// one key with another departure in the path state (rust-url's raw `^`).
pub const DROPPED_FILE_HOST: &str = "path-state:windows-drive-letter";

#[cfg(test)]
mod tests {
    use urldiff_parser::{State, Url};

    fn state(input: &str, base: Option<&str>, href: &str) -> Option<State> {
        let base = base.map(|b| Url::parse(b, None).expect("base parses"));
        let trace = Url::trace_run(input, base.as_ref());
        match super::dropped_file_host(&trace, href) {
            Some(k) => Some(trace.steps[k].state),
            None => match super::departure(&trace, (input, base.as_ref()), href)? {
                (super::Departure::State(state), _) => Some(state),
                (super::Departure::DroppedFileHost, _) => None,
            },
        }
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

    /// A host dropped before a drive letter is decided where the drive letter is read, the
    /// path state, whether the host came from the input (file host state) or from the base
    /// (file state, file slash state).
    #[test]
    fn a_file_host_dropped_before_a_drive_letter_departs_in_the_path_state() {
        assert_eq!(state("file://h/c:/x", None, "file:///c:/x"), Some(State::Path));
        assert_eq!(state("FILE://example.com/a:", None, "file:///a:"), Some(State::Path));
        assert_eq!(state("a|", Some("file://example.com"), "file:///a:"), Some(State::Path));
        assert_eq!(state("/a:", Some("file://example.com/x"), "file:///a:"), Some(State::Path));
        // Another href still departs where it stops being reachable.
        assert_eq!(state("file://h/c:/x", None, "file://g/c:/x"), Some(State::FileHost));
    }

    /// The file state takes the base's host and path at once for an empty input, `?q` or `#f`
    /// (no path state runs): a host dropped there is the same dropped host, one key.
    #[test]
    fn a_file_host_dropped_with_the_base_s_path_is_the_same_departure() {
        use super::{departure, Departure};
        for (input, base, href) in [
            ("", "file://example.com/a:", "file:///a:"),
            ("?q", "file://h/c:/x", "file:///c:/x?q"),
            ("#f", "file://h/C|/y", "file:///C:/y#f"),
        ] {
            let base = Url::parse(base, None).ok();
            let trace = Url::trace_run(input, base.as_ref());
            let found = departure(&trace, (input, base.as_ref()), href).map(|(d, _)| d);
            assert_eq!(found, Some(Departure::DroppedFileHost), "{input:?} against {base:?}");
        }
    }

    /// A `\` read as `/` at the start of a reference against a non-special base (rust-url's
    /// `web+demo://h/%41` for `\%41`, the reference's answer to `/%41`): the relative state,
    /// which reads the `\` and, "if url is special" only, goes to the relative slash state,
    /// not the path state that then writes it. A separator left out of a file path
    /// (rust-url's `file:///?foX` for `file:\\\\?foX`) is no delimiter read as another: it
    /// departs where the path is written, not where the query is.
    #[test]
    fn a_code_point_read_as_a_delimiter_departs_where_the_runs_part() {
        assert_eq!(
            state("\\%41", Some("web+demo://h/"), "web+demo://h/%41"),
            Some(State::Relative)
        );
        assert_eq!(state("\\/x", Some("sc://h/p"), "sc://x"), Some(State::Relative));
        assert_eq!(state("/\\x", Some("sc://h/p"), "sc://x"), Some(State::RelativeSlash));
        assert_eq!(state("file:\\\\\\\\?foX", None, "file:///?foX"), Some(State::Path));
    }

    /// The same href as the reference's: no departure in the href.
    #[test]
    fn the_reference_href_does_not_depart() {
        assert_eq!(state("http://h/p", None, "http://h/p"), None);
    }
}
