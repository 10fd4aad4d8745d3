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
//! slices and the href is free.
//!
//! With the `arbitrary` feature, [`structured`] describes URL strings part by part for
//! structure-aware fuzzing.

pub mod attributes;
pub mod errors;
pub mod form_urlencoded;
pub mod host;
pub mod percent;
pub mod rfc2396;
pub mod rfc3986;
#[cfg(feature = "arbitrary")]
pub mod structured;
pub mod valid;

mod parser;
mod record;
mod setters;
mod url;
mod work;

/// The hostile long inputs of the `long_inputs` bench, for the linear-work tests.
#[cfg(test)]
#[allow(dead_code)]
#[path = "../benches/long_shapes.rs"]
mod long_shapes;

pub use attributes::{Attribute, AttributeGetter, SetAttributeError, ATTRIBUTES};
pub use errors::{Errors, ParseError, ValidationError, ValidationErrorKind};
pub use host::Host;
pub use parser::State;
#[cfg(feature = "trace")]
pub use parser::TraceStep;
pub use url::{
    default_port, is_special_scheme, HostKind, Origin, ParseOutcome, Url, SPECIAL_SCHEMES,
};
