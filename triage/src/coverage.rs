//! Which steps of the URL Standard WPT's cases exercise: for each case of urltestdata.json,
//! every (state, code point kind) its traced parse reads (`urldiff_parser::Url::trace_steps`,
//! the kinds of [`crate::rootcause::deciding::code_point_kind`], `end-of-input` for the state
//! that ends it). A conformance root cause whose step and code point a WPT case already reads
//! is covered: `export-wpt` does not propose it again, and a draft names the case.

use crate::ask::Request;
use crate::rootcause::deciding::{code_point_kind, END_OF_INPUT};
use std::collections::HashMap;

/// The first WPT case that reads each (state anchor, code point kind).
#[derive(Clone, Debug, Default)]
pub struct WptCoverage {
    first: HashMap<(String, String), Request>,
}

impl WptCoverage {
    /// The coverage of `cases` (WPT's inputs and bases, in file order).
    pub fn of(cases: &[Request]) -> WptCoverage {
        let mut first: HashMap<(String, String), Request> = HashMap::new();
        for case in cases {
            let base = case.base.as_deref().and_then(|b| urldiff_parser::Url::parse(b, None).ok());
            let steps = urldiff_parser::Url::trace_steps(&case.input, base.as_ref());
            for (p, c) in case.input.char_indices() {
                if let Some(step) = steps.iter().rev().find(|s| s.position <= p) {
                    let key = (step.state.anchor().to_owned(), code_point_kind(Some(c)));
                    first.entry(key).or_insert_with(|| case.clone());
                }
            }
            if let Some(last) = steps.last() {
                let key = (last.state.anchor().to_owned(), END_OF_INPUT.to_owned());
                first.entry(key).or_insert_with(|| case.clone());
            }
        }
        WptCoverage { first }
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
}
