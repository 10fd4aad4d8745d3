//! Traced parses (feature `trace`): every state the spec visits, the position it reads, and
//! the URL's serialization as far as it was written when the step began. A traced parse
//! takes none of the states' shortcuts, so it sees each spec state.

use super::{preprocess, Parser, State};
use crate::errors::{Errors, ParseError};
use crate::url::Url;

/// One run of a state in a traced parse ([`Url::trace_steps`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TraceStep {
    pub state: State,
    /// Byte position in the caller's input of the code point read (EOF: past the end of the
    /// trimmed input).
    pub position: usize,
    /// The URL's serialization as far as it was written when this step began (components
    /// arrive in serialization order; a dot segment may shorten the path again).
    pub serialization: String,
}

/// A traced parse ([`Url::trace_run`]): each step, and how the parse ended.
#[derive(Clone, Debug)]
pub struct Trace {
    pub steps: Vec<TraceStep>,
    /// The parsed URL, or the failure the last step returned.
    pub outcome: Result<Url, ParseError>,
}

impl Url {
    /// The states visited by a parse of `input`, in order (feature `trace`).
    pub fn trace(input: &str, base: Option<&Url>) -> Vec<State> {
        Self::trace_steps(input, base).into_iter().map(|step| step.state).collect()
    }

    /// Each run of a state in a parse of `input`, with the byte position in `input` of the
    /// code point it read (`input.len()` or past the trimmed end for EOF) (feature `trace`).
    /// A state that takes a run of code points at once (a path segment, a host) appears once
    /// for the run: the code points up to the next step's position were read in it.
    pub fn trace_steps(input: &str, base: Option<&Url>) -> Vec<TraceStep> {
        Self::trace_run(input, base).steps
    }

    /// [`Url::trace_steps`] and the parse's outcome (feature `trace`).
    pub fn trace_run(input: &str, base: Option<&Url>) -> Trace {
        let mut errors = Errors::new();
        let (prepared, leading_trim, position_map) = preprocess(input, &mut errors);
        let mut parser = Parser::new(&prepared, base, Url::empty(), None, errors);
        parser.leading_trim = leading_trim;
        parser.position_map = position_map;
        parser.trace = Some(Vec::new());
        parser.shortcuts = false;
        let ran = parser.run();
        let steps = parser.trace.take().unwrap_or_default();
        let steps = steps
            .into_iter()
            .map(|(state, pointer, serialization)| TraceStep {
                state,
                position: parser.original_position(pointer),
                serialization,
            })
            .collect();
        let outcome = ran.map(|()| {
            let mut url = parser.url;
            url.fix_path_dot_prefix();
            url
        });
        Trace { steps, outcome }
    }
}
