//! urldiff-parser: the reference URL parser of urldiff.
//!
//! Two worlds, one crate, no I/O:
//! - the WHATWG URL Standard (<https://url.spec.whatwg.org/>): the basic URL parser with one
//!   [`State`] variant per spec state, the serializer, the host parser, percent-encode sets,
//!   origin, the URL API getters and setters and application/x-www-form-urlencoded; every
//!   parse returns the spec's named validation errors ([`ValidationErrorKind`]);
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

mod parser;
mod record;
mod setters;
mod url;

pub use attributes::{SetAttributeError, ATTRIBUTES};
pub use errors::{Errors, ParseError, ValidationError, ValidationErrorKind};
pub use host::Host;
pub use parser::State;
pub use url::{HostKind, Origin, ParseOutcome, Url};
