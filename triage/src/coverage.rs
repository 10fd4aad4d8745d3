//! Which steps of the URL Standard WPT's cases exercise: for each case of urltestdata.json,
//! every (state, code point kind) its traced parse reads (`urldiff_parser::Url::trace_steps`,
//! the kinds of [`crate::rootcause::deciding::code_point_kind`], `end-of-input` for the state
//! that ends it). A conformance root cause whose step and code point a WPT case already reads
//! is covered: `export-wpt` does not propose it again, and a draft names the case, one whose
//! outcome (the reference fails or parses) is the group's expected outcome where WPT has one.

use crate::ask::Request;
use crate::rootcause::deciding::{code_point_kind, END_OF_INPUT};
use std::collections::HashMap;

/// The first WPT case that reads each (state anchor, code point kind), and the first that
/// does with each outcome (failure or not).
#[derive(Clone, Debug, Default)]
pub struct WptCoverage {
    first: HashMap<(String, String), Request>,
    by_outcome: HashMap<(String, String, bool), Request>,
    /// Every case reading each state (its anchor), with the kinds it reads there, in file
    /// order.
    by_state: HashMap<String, Vec<(Request, Vec<String>)>>,
}

impl WptCoverage {
    /// The coverage of `cases` (WPT's inputs and bases, in file order).
    pub fn of(cases: &[Request]) -> WptCoverage {
        let mut coverage = WptCoverage::default();
        for case in cases {
            let base = case.base.as_deref().and_then(|b| urldiff_parser::Url::parse(b, None).ok());
            let trace = urldiff_parser::Url::trace_run(&case.input, base.as_ref());
            let failure = trace.outcome.is_err();
            let steps = &trace.steps;
            let mut keys = Vec::new();
            for (p, c) in case.input.char_indices() {
                // Every state that reads it: several read one position when the pointer is
                // sent back (`\/a` against `foo://foo/a`: the relative state, then the path
                // state); within a run of one state, that state.
                let mut readers: Vec<_> = steps.iter().filter(|s| s.position == p).collect();
                if readers.is_empty() {
                    readers.extend(steps.iter().rev().find(|s| s.position <= p));
                }
                for step in readers {
                    keys.push((step.state.anchor().to_owned(), code_point_kind(Some(c))));
                }
            }
            if let Some(last) = steps.last() {
                keys.push((last.state.anchor().to_owned(), END_OF_INPUT.to_owned()));
            }
            let mut states: Vec<(String, Vec<String>)> = Vec::new();
            for (state, kind) in &keys {
                match states.iter_mut().find(|(s, _)| s == state) {
                    Some((_, kinds)) if kinds.contains(kind) => {}
                    Some((_, kinds)) => kinds.push(kind.clone()),
                    None => states.push((state.clone(), vec![kind.clone()])),
                }
            }
            for (state, kinds) in states {
                coverage.by_state.entry(state).or_default().push((case.clone(), kinds));
            }
            for (state, kind) in keys {
                let with_outcome = (state.clone(), kind.clone(), failure);
                coverage.by_outcome.entry(with_outcome).or_insert_with(|| case.clone());
                coverage.first.entry((state, kind)).or_insert_with(|| case.clone());
            }
        }
        coverage
    }

    /// The coverage of this machine's WPT urltestdata.json (`None` when it is not found).
    pub fn load() -> Option<WptCoverage> {
        let data = urldiff_corpus::wpt::locate().ok()?;
        let text = data.read("urltestdata.json").ok()?;
        let file = urldiff_corpus::urltestdata::parse(&text, "urltestdata.json").ok()?;
        let cases: Vec<Request> =
            file.entries.into_iter().map(|e| Request { input: e.input, base: e.base }).collect();
        Some(WptCoverage::of(&cases))
    }

    /// The first WPT case reading a code point of kind `code_point` in the state `anchor`.
    pub fn case_for(&self, anchor: &str, code_point: &str) -> Option<&Request> {
        self.first.get(&(anchor.to_owned(), code_point.to_owned()))
    }

    /// The WPT cases that read the state `anchor`: first every one reading a code point of
    /// kind `code_point` there, then at most `others` of the rest, each in file order.
    pub fn cases_reading(&self, anchor: &str, code_point: &str, others: usize) -> Vec<&Request> {
        let all = self.by_state.get(anchor).map_or(&[][..], |v| &v[..]);
        let with = all.iter().filter(|(_, kinds)| kinds.iter().any(|k| k == code_point));
        let without = all.iter().filter(|(_, kinds)| !kinds.iter().any(|k| k == code_point));
        with.chain(without.take(others)).map(|(r, _)| r).collect()
    }

    /// The first WPT case reading a code point of kind `code_point` in the state `anchor` on
    /// which the standard fails (`failure`) or parses.
    pub fn case_with_outcome(
        &self,
        anchor: &str,
        code_point: &str,
        failure: bool,
    ) -> Option<&Request> {
        self.by_outcome.get(&(anchor.to_owned(), code_point.to_owned(), failure))
    }
}
