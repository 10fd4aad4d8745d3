//! The basic URL parser. INTERFACE STUB — being implemented.
use crate::errors::ParseError;
use crate::url::{ParseOutcome, Url};

/// <https://url.spec.whatwg.org/#scheme-start-state> … one variant per spec state.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum State {
    SchemeStart,
}

impl Url {
    /// <https://url.spec.whatwg.org/#concept-basic-url-parser>
    pub fn parse(input: &str, base: Option<&Url>) -> Result<Url, ParseError> {
        Self::parse_with_errors(input, base).result
    }

    /// Parse and return every validation error met.
    pub fn parse_with_errors(input: &str, base: Option<&Url>) -> ParseOutcome {
        let _ = (input, base);
        unimplemented!()
    }
}
