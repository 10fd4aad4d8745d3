//! How much of the URL Standard's parser a corpus reaches: the reference's states × the kinds
//! of code point each reads (the kinds of [`code_point_kind`], `end-of-input` for the state
//! that ends a parse), from a traced parse of every case (`urldiff_parser::Url::trace_run`),
//! and named edges that decide known behaviours of real libraries (an at-sign with an empty
//! buffer in the authority state, …). `urldiff corpus generate N --coverage` prints it.
//!
//! A code point is read by each step that starts at it (a state that decreases the pointer
//! hands it to the next), else by the step whose run holds it; code points that
//! pre-processing removes (tabs and newlines, leading and trailing C0 controls and spaces)
//! are read by none.

use crate::ask::Request;
use crate::rootcause::deciding::{code_point_kind, END_OF_INPUT};
use std::collections::{BTreeMap, BTreeSet};
use urldiff_parser::{ParseError, State, Trace, Url};

/// The states a parse without a state override can run: all but the hostname state, which
/// only the URL API's `hostname` setter enters.
pub fn parse_states() -> Vec<State> {
    State::ALL.into_iter().filter(|&s| s != State::Hostname).collect()
}

/// Every kind a state can read: [`code_point_kind`]'s, but tab or newline (pre-processing
/// removes them before any state runs).
pub fn kinds() -> Vec<String> {
    let mut kinds: Vec<String> = [
        "ascii-letter",
        "ascii-digit",
        "c0-control",
        "del-or-c1-control",
        "idna-full-stop",
        "non-ascii",
        END_OF_INPUT,
    ]
    .iter()
    .map(|k| (*k).to_owned())
    .collect();
    kinds.extend(
        (' '..='~').filter(|c| !c.is_ascii_alphanumeric()).map(|c| code_point_kind(Some(c))),
    );
    kinds
}

/// A named edge of the parser: a (state, input) situation a behaviour of a real library
/// depends on, with its test on one traced parse.
#[derive(Clone, Copy, Debug)]
pub struct Edge {
    pub name: &'static str,
    /// What it is, in the standard's words.
    pub what: &'static str,
    reached: fn(&Request, &Trace) -> bool,
}

/// The named edges.
pub const EDGES: &[Edge] = &[
    Edge {
        name: "authority-at-sign-empty-buffer",
        what: "authority state of a non-special URL: atSignSeen and an empty buffer at the authority's end (failure)",
        reached: |_, trace| {
            trace.steps.last().is_some_and(|s| {
                s.state == State::Authority
                    && !urldiff_parser::is_special_scheme(scheme_written(&s.serialization))
            }) && matches!(trace.outcome, Err(ParseError::HostMissing))
        },
    },
    Edge {
        name: "non-special-port-backslash",
        what: "port state of a non-special URL reading `\\`",
        reached: |request, trace| {
            trace.steps.iter().any(|s| {
                s.state == State::Port
                    && request.input[s.position..].starts_with('\\')
                    && !urldiff_parser::is_special_scheme(scheme_written(&s.serialization))
            })
        },
    },
    Edge {
        name: "file-host-before-drive-letter",
        what: "file host state: a host, then a path that starts with a Windows drive letter",
        reached: |_, trace| {
            let Ok(url) = &trace.outcome else { return false };
            let path = url.pathname();
            let drive = path.as_bytes();
            url.scheme() == "file"
                && !url.hostname().is_empty()
                && drive.len() >= 3
                && drive[1].is_ascii_alphabetic()
                && drive[2] == b':'
                && (drive.len() == 3 || drive[3] == b'/')
        },
    },
    Edge {
        name: "opaque-path-trailing-space",
        what: "opaque path state: a space whose remaining starts with spaces then `?` or `#`",
        reached: |request, trace| {
            trace.steps.iter().any(|s| {
                let rest = &request.input[s.position.min(request.input.len())..];
                s.state == State::OpaquePath
                    && rest.starts_with(' ')
                    && rest.trim_start_matches(' ').starts_with(['?', '#'])
            })
        },
    },
];

/// The scheme at the start of a serialization written so far (`""` before its `:`).
fn scheme_written(serialization: &str) -> &str {
    serialization.split_once(':').map_or("", |(scheme, _)| scheme)
}

/// What a corpus reaches.
#[derive(Clone, Debug, Default)]
pub struct StateCoverage {
    /// Cases that read each (state anchor, kind).
    pub reached: BTreeMap<(&'static str, String), usize>,
    /// Cases that reach each edge of [`EDGES`] (by name).
    pub edges: BTreeMap<&'static str, usize>,
    pub cases: usize,
}

impl StateCoverage {
    /// The coverage of `cases` (an unparsable base: the case is read without one).
    pub fn of(cases: &[Request]) -> StateCoverage {
        let mut coverage = StateCoverage { cases: cases.len(), ..Default::default() };
        for case in cases {
            let base = case.base.as_deref().and_then(|b| Url::parse(b, None).ok());
            let trace = Url::trace_run(&case.input, base.as_ref());
            let read: BTreeSet<(&'static str, String)> = read_by(&case.input, &trace);
            for cell in read {
                *coverage.reached.entry(cell).or_default() += 1;
            }
            for edge in EDGES.iter().filter(|e| (e.reached)(case, &trace)) {
                *coverage.edges.entry(edge.name).or_default() += 1;
            }
        }
        coverage
    }

    /// Cells reached, of every state a parse runs × kind.
    pub fn share(&self) -> (usize, usize) {
        (self.reached.len(), parse_states().len() * kinds().len())
    }

    /// The table: per state, the kinds reached and those not; then the edges and the share.
    pub fn table(&self) -> String {
        let kinds = kinds();
        let mut out = String::new();
        for state in parse_states() {
            let anchor = state.anchor();
            let missing: Vec<&str> = kinds
                .iter()
                .filter(|k| !self.reached.contains_key(&(anchor, (*k).clone())))
                .map(String::as_str)
                .collect();
            let reached = kinds.len() - missing.len();
            out.push_str(&format!("{anchor:<40} {reached:>2}/{}", kinds.len()));
            if !missing.is_empty() {
                out.push_str(&format!("  not reached: {}", missing.join(" ")));
            }
            out.push('\n');
        }
        for edge in EDGES {
            let n = self.edges.get(edge.name).copied().unwrap_or(0);
            out.push_str(&format!("edge {:<34} {n:>5} cases  ({})\n", edge.name, edge.what));
        }
        let (reached, all) = self.share();
        let percent = 100.0 * reached as f64 / all.max(1) as f64;
        out.push_str(&format!(
            "reached {reached} of {all} state × code point kind cells ({percent:.1}%) in {} cases; {} of {} edges\n",
            self.cases,
            self.edges.len(),
            EDGES.len()
        ));
        out
    }
}

/// The (state, kind) cells a traced parse reads (see the module documentation).
fn read_by(input: &str, trace: &Trace) -> BTreeSet<(&'static str, String)> {
    let mut cells = BTreeSet::new();
    let trimmed_start = input.len() - input.trim_start_matches(|c: char| c <= ' ').len();
    let trimmed_end = input.trim_end_matches(|c: char| c <= ' ').len();
    for (p, c) in input.char_indices() {
        if p < trimmed_start || p >= trimmed_end || matches!(c, '\t' | '\n' | '\r') {
            continue;
        }
        let kind = code_point_kind(Some(c));
        let at: Vec<State> =
            trace.steps.iter().filter(|s| s.position == p).map(|s| s.state).collect();
        let states = if at.is_empty() {
            trace.steps.iter().rev().find(|s| s.position < p).map(|s| s.state).into_iter().collect()
        } else {
            at
        };
        for state in states {
            cells.insert((state.anchor(), kind.clone()));
        }
    }
    if let Some(last) = trace.steps.last() {
        if last.position >= trimmed_end {
            cells.insert((last.state.anchor(), END_OF_INPUT.to_owned()));
        }
    }
    cells
}

#[cfg(test)]
mod tests {
    use super::{StateCoverage, EDGES};
    use crate::ask::Request;

    fn edges(input: &str, base: Option<&str>) -> Vec<&'static str> {
        let coverage = StateCoverage::of(&[Request::new(input, base)]);
        EDGES.iter().map(|e| e.name).filter(|n| coverage.edges.contains_key(n)).collect()
    }

    /// Each edge on an input the standard's text says reaches it, and on one that does not.
    #[test]
    fn each_edge_is_reached_by_its_input_only() {
        assert_eq!(edges("sc://:@/x", None), ["authority-at-sign-empty-buffer"]);
        assert_eq!(edges("sc://u@/x", None), ["authority-at-sign-empty-buffer"], "buffer: after @");
        assert_eq!(edges("sc://u@h/x", None), Vec::<&str>::new());
        assert_eq!(edges("http://u@/x", None), Vec::<&str>::new(), "special: another edge");
        assert_eq!(edges("a://example.com:\\", None), ["non-special-port-backslash"]);
        assert_eq!(edges("http://example.com:\\", None), Vec::<&str>::new());
        assert_eq!(edges("file://h/C:/x", None), ["file-host-before-drive-letter"]);
        assert_eq!(edges("file:///C:/x", None), Vec::<&str>::new());
        assert_eq!(edges("a:b #f", None), ["opaque-path-trailing-space"]);
        assert_eq!(edges("a:b c", None), Vec::<&str>::new());
    }

    /// The generator's default set reaches every named edge (with WPT's seeds when found).
    #[test]
    fn the_generated_set_reaches_every_edge() {
        let seeds: Vec<urldiff_corpus::urlgen::GenCase> = urldiff_corpus::wpt::locate()
            .ok()
            .and_then(|data| data.read("urltestdata.json").ok())
            .and_then(|text| urldiff_corpus::urltestdata::parse(&text, "urltestdata.json").ok())
            .map(|f| {
                let case = |e: urldiff_corpus::urltestdata::UrlTest| {
                    urldiff_corpus::urlgen::GenCase { input: e.input, base: e.base }
                };
                f.entries.into_iter().map(case).collect()
            })
            .unwrap_or_default();
        let cases: Vec<Request> =
            urldiff_corpus::urlgen::generate(&seeds, 3000, urldiff_corpus::urlgen::DEFAULT_SEED)
                .into_iter()
                .map(|c| Request::new(&c.input, c.base.as_deref()))
                .collect();
        let coverage = StateCoverage::of(&cases);
        for edge in EDGES {
            assert!(
                coverage.edges.contains_key(edge.name),
                "{} not reached:\n{}",
                edge.name,
                coverage.table()
            );
        }
    }

    /// `http://a` reads letters in the scheme start, scheme and host states, `:` in the scheme
    /// state, and ends in the path state (the host state sends the end of input to the path
    /// start state, which sends a special URL's to the path state); a leading space and a tab
    /// are read by none.
    #[test]
    fn cells_follow_the_states_that_read_each_code_point() {
        let coverage = StateCoverage::of(&[Request::new(" ht\ttp://a", None)]);
        let cells: Vec<(&str, &str)> =
            coverage.reached.keys().map(|(s, k)| (*s, k.as_str())).collect();
        assert!(cells.contains(&("scheme-start-state", "ascii-letter")), "{cells:?}");
        assert!(cells.contains(&("scheme-state", "U+003A")), "{cells:?}");
        assert!(cells.contains(&("host-state", "ascii-letter")), "{cells:?}");
        assert!(cells.contains(&("path-state", "end-of-input")), "{cells:?}");
        assert!(!cells.iter().any(|(_, k)| *k == "tab-or-newline" || *k == "U+0020"), "{cells:?}");
    }
}
