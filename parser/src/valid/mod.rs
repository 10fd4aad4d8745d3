//! The URL Standard's second notion of validity: the valid-URL-string grammar of its "writing"
//! sections (<https://url.spec.whatwg.org/#url-writing> and
//! <https://url.spec.whatwg.org/#host-writing>), kept apart from the parser.
//!
//! [`check_url_string`] matches an input against "valid URL string" (against a base, for the
//! relative forms) and reports the first production that fails and where, as a
//! [`Violation`]. The grammar is deterministic read left to right: the input's first
//! characters choose the alternative (a URL-scheme string and `:` make it absolute; `//`, `/`
//! or anything else choose the relative forms), `#` and `?` end the parts before them, so the
//! first failing production is the innermost one being matched at the leftmost position that
//! breaks it.
//!
//! The standard means the two notions to coincide ("A valid URL string defines what input would
//! not trigger a validation error or failure when given to the URL parser"); whatwg/url#704
//! tracks where they do not. [`validity`] reports both for one input, so such inputs can be
//! hunted (see [`Validity::disagree`]).
//!
//! Positions are byte offsets into the input as given (the grammar sees no pre-processing).
//!
//! Some productions are never the innermost one that fails, because the choice between
//! alternatives already rules their failure out or a production inside them fails first: the
//! valid URL string itself, the absolute-URL(-with-fragment) and relative-URL strings, the
//! URL-scheme string (an input that does not start with one is read as relative), the
//! path-absolute(-non-authority), path-relative(-scheme-less) strings, and the IPv6-pieces
//! and pieces-and-IPv4 strings (a piece, or the IPv4 part, fails instead). They are still in
//! [`Production`], named and linked, so reports can show the whole grammar.

mod host;
mod url;

#[cfg(test)]
mod tests;

use crate::errors::ValidationError;
use crate::url::Url;
use std::fmt;

macro_rules! productions {
    ($($variant:ident => $name:literal, $anchor:literal;)*) => {
        /// A production of the grammar, named as the spec names it.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        #[non_exhaustive]
        pub enum Production { $($variant,)* }

        impl Production {
            /// Every production, in the order the spec defines them.
            pub const ALL: &'static [Production] = &[$(Production::$variant,)*];

            /// The spec's term, e.g. `path-absolute-URL string`.
            pub fn name(self) -> &'static str {
                match self { $(Production::$variant => $name,)* }
            }

            /// The spec's definition.
            pub fn link(self) -> &'static str {
                match self {
                    $(Production::$variant => concat!($crate::url_standard!("#"), $anchor),)*
                }
            }
        }
    };
}

productions! {
    // Host writing
    ValidHostString => "valid host string", "valid-host-string";
    ValidDomainString => "valid domain string", "valid-domain-string";
    ValidIpv4AddressString => "valid IPv4-address string", "valid-ipv4-address-string";
    ValidIpv6AddressString => "valid IPv6-address string", "valid-ipv6-address-string";
    ValidIpv6PiecesAndIpv4String => "valid IPv6-pieces-and-IPv4 string", "valid-ipv6-pieces-and-ipv4-string";
    ValidIpv6PiecesString => "valid IPv6-pieces string", "valid-ipv6-pieces-string";
    ValidIpv6PieceString => "valid IPv6-piece string", "valid-ipv6-piece-string";
    ValidOpaqueHostString => "valid opaque-host string", "valid-opaque-host-string";
    // URL writing
    ValidUrlString => "valid URL string", "valid-url-string";
    AbsoluteUrlWithFragmentString => "absolute-URL-with-fragment string", "absolute-url-with-fragment-string";
    AbsoluteUrlString => "absolute-URL string", "absolute-url-string";
    UrlSchemeString => "URL-scheme string", "url-scheme-string";
    RelativeUrlWithFragmentString => "relative-URL-with-fragment string", "relative-url-with-fragment-string";
    RelativeUrlString => "relative-URL string", "relative-url-string";
    SchemeRelativeSpecialUrlString => "scheme-relative-special-URL string", "scheme-relative-special-url-string";
    UrlPortString => "URL-port string", "url-port-string";
    SchemeRelativeUrlString => "scheme-relative-URL string", "scheme-relative-url-string";
    OpaqueHostAndPortString => "opaque-host-and-port string", "opaque-host-and-port-string";
    SchemeRelativeFileUrlString => "scheme-relative-file-URL string", "scheme-relative-file-url-string";
    PathAbsoluteUrlString => "path-absolute-URL string", "path-absolute-url-string";
    PathAbsoluteNonAuthorityUrlString => "path-absolute-non-authority-URL string", "path-absolute-non-authority-url-string";
    PathRelativeUrlString => "path-relative-URL string", "path-relative-url-string";
    PathRelativeSchemeLessUrlString => "path-relative-scheme-less-URL string", "path-relative-scheme-less-url-string";
    OpaquePathUrlString => "opaque-path-URL string", "opaque-path-url-string";
    UrlPathSegmentString => "URL-path-segment string", "url-path-segment-string";
    UrlQueryString => "URL-query string", "url-query-string";
    UrlFragmentString => "URL-fragment string", "url-fragment-string";
    UrlUnits => "URL units", "url-units";
    PercentEncodedByte => "percent-encoded byte", "percent-encoded-byte";
}

impl fmt::Display for Production {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Where the input stops matching the grammar: the innermost production being matched, and
/// the byte offset in the input where it fails (the offending code point, or the start of the
/// string the production had to match when the failure is about that string as a whole).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Violation {
    pub production: Production,
    pub position: usize,
}

impl fmt::Display for Violation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "not a {} at {}", self.production.name(), self.position)
    }
}

/// <https://url.spec.whatwg.org/#valid-url-string>, against `base` for the relative forms:
/// `Ok` when `input` is a valid URL string, else the first violation.
pub fn check_url_string(input: &str, base: Option<&Url>) -> Result<(), Violation> {
    url::valid_url_string(input, base)
}

/// Whether `input` is a valid URL string (against `base`).
pub fn is_valid_url_string(input: &str, base: Option<&Url>) -> bool {
    check_url_string(input, base).is_ok()
}

/// Both of the standard's notions of validity for one input (whatwg/url#704).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Validity {
    /// The URL parser's validation errors.
    pub parser_errors: Vec<ValidationError>,
    /// Whether the URL parser returned failure.
    pub parse_failed: bool,
    /// The grammar's verdict.
    pub grammar: Result<(), Violation>,
}

impl Validity {
    /// "the parser reports no validation error" (and does not fail).
    pub fn parser_says_valid(&self) -> bool {
        !self.parse_failed && self.parser_errors.is_empty()
    }

    /// The valid-URL-string grammar accepts the input.
    pub fn grammar_says_valid(&self) -> bool {
        self.grammar.is_ok()
    }

    /// The two notions disagree: an input whatwg/url#704 is about.
    pub fn disagree(&self) -> bool {
        self.parser_says_valid() != self.grammar_says_valid()
    }
}

/// The `validity` check: parse `input` against `base` and match it against the grammar.
pub fn validity(input: &str, base: Option<&Url>) -> Validity {
    let outcome = Url::parse_with_errors(input, base);
    Validity {
        parser_errors: outcome.errors,
        parse_failed: outcome.result.is_err(),
        grammar: check_url_string(input, base),
    }
}

/// A violation of `production` at `position`.
pub(super) fn violation(production: Production, position: usize) -> Result<(), Violation> {
    Err(Violation { production, position })
}

/// <https://url.spec.whatwg.org/#percent-encoded-byte>: "U+0025 (%) followed by two ASCII hex
/// digits", the `%` at `text[i]`.
pub(super) fn percent_encoded_byte(text: &str, i: usize, offset: usize) -> Result<(), Violation> {
    let hex = |j: usize| text.as_bytes().get(j).is_some_and(u8::is_ascii_hexdigit);
    if hex(i + 1) && hex(i + 2) {
        Ok(())
    } else {
        violation(Production::PercentEncodedByte, offset + i)
    }
}
