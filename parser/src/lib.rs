//! urldiff-parser: the reference URL parser of urldiff.
//!
//! Two worlds, one crate, no I/O:
//! - the WHATWG URL Standard (<https://url.spec.whatwg.org/>): the basic URL parser with one
//!   [`State`] variant per spec state, the serializer, the host parser, percent-encode sets,
//!   origin, the URL API getters and setters and application/x-www-form-urlencoded; every
//!   parse returns the spec's named validation errors ([`ValidationErrorKind`]);
//! - the standard's valid-URL-string grammar, apart from the parser ([`valid`]), and the
//!   `validity` check that puts both notions of validity side by side;
//! - RFC 3986 (and RFC 2396 where it differs): the generic split, a strict ABNF check,
//!   reference resolution and normalization ([`rfc3986`], [`rfc2396`]).
//!
//! A parsed [`Url`] is one serialization buffer plus component offsets, so getters are
//! slices and the href is free. (The fuzzers' structured URL description is the fuzz
//! workspace's `urldiff_fuzz::structured`.)
//!
//! Parsing against a base, with the URL API's getters:
//!
//! ```
//! use urldiff_parser::Url;
//!
//! let base = Url::parse("http://example.com/a/b", None).unwrap();
//! let url = Url::parse("../c?q#f", Some(&base)).unwrap();
//! assert_eq!(url.href(), "http://example.com/c?q#f");
//! assert_eq!(url.hostname(), "example.com");
//! assert_eq!(url.pathname(), "/c");
//! assert_eq!(url.search(), "?q");
//! assert!(Url::parse("http://[::1", None).is_err());
//! ```
//!
//! Every validation error the parser meets, by the standard's name, with its position:
//!
//! ```
//! use urldiff_parser::Url;
//!
//! let outcome = Url::parse_with_errors("http://example.com\\path", None);
//! let names: Vec<&str> = outcome.errors.iter().map(|e| e.kind.name()).collect();
//! assert_eq!(names, ["invalid-reverse-solidus"]);
//! assert_eq!(outcome.errors[0].position, 18); // the byte offset of the `\`
//! assert_eq!(outcome.result.unwrap().pathname(), "/path");
//! ```

/// A link into the URL Standard, `url_standard!("#anchor")`, as a literal (for `concat!` and
/// constants): the one place the standard's address is written ([`URL_STANDARD`]).
/// ```
/// use urldiff_parser::{url_standard, URL_STANDARD};
/// const HOST_STATE: &str = url_standard!("#host-state");
/// assert_eq!(HOST_STATE, "https://url.spec.whatwg.org/#host-state");
/// assert!(HOST_STATE.starts_with(URL_STANDARD));
/// ```
#[macro_export]
macro_rules! url_standard {
    ($anchor:literal) => {
        concat!("https://url.spec.whatwg.org/", $anchor)
    };
}

/// The URL Standard's address.
pub const URL_STANDARD: &str = url_standard!("");

pub mod attributes;
pub mod errors;
pub mod form_urlencoded;
pub mod host;
pub mod percent;
pub mod rfc2396;
pub mod rfc3986;
pub mod valid;

mod drive_letter;
mod parser;
mod record;
mod setters;
mod url;
mod work;

/// The property tests' configuration: `cases` generated inputs, and no file of past failures
/// written into the source tree (a failure prints its input).
#[cfg(test)]
pub(crate) fn property_test_config(cases: u32) -> proptest::test_runner::Config {
    proptest::test_runner::Config {
        cases,
        failure_persistence: None,
        ..proptest::test_runner::Config::default()
    }
}

/// The hostile long inputs of the `long_inputs` bench, for the linear-work tests.
#[cfg(test)]
#[allow(dead_code)]
#[path = "../benches/long_shapes.rs"]
mod long_shapes;

pub use attributes::{Attribute, SetAttributeError, ATTRIBUTES};
pub use errors::{Errors, ParseError, ValidationError, ValidationErrorKind};
pub use host::Host;
pub use parser::State;
#[cfg(feature = "trace")]
pub use parser::{Trace, TraceStep};
pub use url::{
    default_port, is_special_scheme, HostKind, Origin, ParseOutcome, Url, SPECIAL_SCHEMES,
};
