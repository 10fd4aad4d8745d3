//! Validation errors and fatal parse errors.
//!
//! Validation errors are the spec's own: every variant of [`ValidationErrorKind`] is one row of
//! the table in <https://url.spec.whatwg.org/#validation-error>, as the current standard has it
//! (url.bs at whatwg/url 6ae8486, 2026-07-02, its definitions kept in
//! `parser/tests/data/url-bs-dfns.tsv`; plus one row added after it:
//! `IPv4-non-ASCII-input`), and [`ValidationErrorKind::name`] returns the spec's name verbatim.
//! Names the standard has dropped are in [`RENAMED`], the one place that remembers them.
//!
//! A parse reports every occurrence, in the order the parser meets it, each with its own
//! position. Fatal errors ([`ParseError`]) are the few ways a parse can return failure.
//!
//! # What a position points at
//!
//! A position is a byte offset into the string handed to the parser — the caller's input,
//! before the spec's trimming of leading and trailing C0 controls and spaces and its removal of
//! tabs and newlines (offsets are mapped back through both). It points at:
//! - for an error of the basic URL parser's states: the code point `c` (the spec's pointer) when
//!   the step that reports it runs; at the end of the input, the input's length. One
//!   exception: `port-out-of-range` points at the port's first digit, not at the code point
//!   after the port where the step runs;
//! - for the two pre-processing `invalid-URL-unit` errors: the first leading or trailing C0
//!   control or space, and the first tab or newline;
//! - for an error of the host parser and the parsers it calls: the host string's start plus,
//!   where the error concerns one part of the host, that part's offset — the IPv6 parser's
//!   pointer (for `IPv6-piece-leading-zero`, the piece's first digit), the opaque-host parser's
//!   first offending code point, the first percent-encoded byte for `domain-percent-encoded`,
//!   the IPv4 part (or the end, for `IPv4-empty-part`). IPv4 parts are located in the domain
//!   after percent-decoding and IDNA; when those changed the host's length, IPv4 errors point
//!   at the host's start instead. `domain-to-ASCII` and `IPv4-non-ASCII-input` concern the
//!   whole domain and point at its start.

use std::fmt;

macro_rules! validation_errors {
    ($($variant:ident => $name:literal, $failure:literal, $reported_in:expr;)*) => {
        /// One row of the spec's validation-error table.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        #[non_exhaustive]
        pub enum ValidationErrorKind { $($variant,)* }

        impl ValidationErrorKind {
            /// Every kind, in the spec table's order.
            pub const ALL: &'static [ValidationErrorKind] = &[$(ValidationErrorKind::$variant,)*];

            /// The spec's name for this error, e.g. `invalid-reverse-solidus`.
            pub fn name(self) -> &'static str {
                match self { $(ValidationErrorKind::$variant => $name,)* }
            }

            /// Whether the spec's table marks this error as one that makes parsing fail
            /// (in at least one place where it is reported).
            pub fn can_be_fatal(self) -> bool {
                match self { $(ValidationErrorKind::$variant => $failure,)* }
            }

            /// The algorithm whose steps report this error (its spec link).
            pub fn reported_in(self) -> &'static str {
                match self { $(ValidationErrorKind::$variant => $reported_in,)* }
            }

            /// Look a kind up by its spec name; a name the standard has dropped (see
            /// [`RENAMED`]) gives the kind reported in its place, if any.
            pub fn from_name(name: &str) -> Option<Self> {
                match name {
                    $($name => Some(ValidationErrorKind::$variant),)*
                    _ => RENAMED.iter().find(|r| r.old == name).and_then(|r| r.now),
                }
            }
        }
    };
}

const DOMAIN_PARSER: &str = crate::url_standard!("#concept-domain-to-ascii");
const HOST_PARSER: &str = crate::url_standard!("#concept-host-parser");
const IPV4_PARSER: &str = crate::url_standard!("#concept-ipv4-parser");
const IPV6_PARSER: &str = crate::url_standard!("#concept-ipv6-parser");
const OPAQUE_HOST_PARSER: &str = crate::url_standard!("#concept-opaque-host-parser");
const URL_PARSER: &str = crate::url_standard!("#concept-basic-url-parser");

// The table, row by row: name, the Failure column, and where the steps report it.
// (IPv4-non-ASCII-input is placed as in whatwg/url's review draft 2026-08, commit 2f54a38:
// after IPv4-out-of-range-part.)
validation_errors! {
    // IDNA
    DomainToAscii => "domain-to-ASCII", true, DOMAIN_PARSER;
    // Host parsing
    DomainPercentEncoded => "domain-percent-encoded", false, HOST_PARSER;
    HostInvalidCodePoint => "host-invalid-code-point", true, OPAQUE_HOST_PARSER;
    Ipv4EmptyPart => "IPv4-empty-part", false, IPV4_PARSER;
    Ipv4TooFewParts => "IPv4-too-few-parts", false, IPV4_PARSER;
    Ipv4TooManyParts => "IPv4-too-many-parts", true, IPV4_PARSER;
    Ipv4NonNumericPart => "IPv4-non-numeric-part", true, IPV4_PARSER;
    Ipv4NonDecimalPart => "IPv4-non-decimal-part", false, IPV4_PARSER;
    Ipv4OutOfRangePart => "IPv4-out-of-range-part", true, IPV4_PARSER;
    Ipv4NonAsciiInput => "IPv4-non-ASCII-input", false, HOST_PARSER;
    Ipv6Unclosed => "IPv6-unclosed", true, HOST_PARSER;
    Ipv6InvalidCompression => "IPv6-invalid-compression", true, IPV6_PARSER;
    Ipv6TooManyPieces => "IPv6-too-many-pieces", true, IPV6_PARSER;
    Ipv6MultipleCompression => "IPv6-multiple-compression", true, IPV6_PARSER;
    Ipv6InvalidCodePoint => "IPv6-invalid-code-point", true, IPV6_PARSER;
    Ipv6TooFewPieces => "IPv6-too-few-pieces", true, IPV6_PARSER;
    Ipv6PieceLeadingZero => "IPv6-piece-leading-zero", false, IPV6_PARSER;
    Ipv4InIpv6TooManyPieces => "IPv4-in-IPv6-too-many-pieces", true, IPV6_PARSER;
    Ipv4InIpv6InvalidCodePoint => "IPv4-in-IPv6-invalid-code-point", true, IPV6_PARSER;
    Ipv4InIpv6OutOfRangePart => "IPv4-in-IPv6-out-of-range-part", true, IPV6_PARSER;
    Ipv4InIpv6TooFewParts => "IPv4-in-IPv6-too-few-parts", true, IPV6_PARSER;
    // URL parsing (invalid-URL-unit is also reported by the opaque-host parser)
    InvalidUrlUnit => "invalid-URL-unit", false, URL_PARSER;
    SpecialSchemeMissingFollowingSolidus => "special-scheme-missing-following-solidus", false, URL_PARSER;
    MissingSchemeNonRelativeUrl => "missing-scheme-non-relative-URL", true, URL_PARSER;
    InvalidReverseSolidus => "invalid-reverse-solidus", false, URL_PARSER;
    InvalidCredentials => "invalid-credentials", false, URL_PARSER;
    HostMissing => "host-missing", true, URL_PARSER;
    PortOutOfRange => "port-out-of-range", true, URL_PARSER;
    PortInvalid => "port-invalid", true, URL_PARSER;
    FileInvalidWindowsDriveLetter => "file-invalid-Windows-drive-letter", false, URL_PARSER;
    FileInvalidWindowsDriveLetterHost => "file-invalid-Windows-drive-letter-host", false, URL_PARSER;
}

impl ValidationErrorKind {
    /// The id of this error's row in the standard's validation-error table: url.bs defines each
    /// name as a `<dfn>`, whose id Bikeshed makes from its text lowercased
    /// (`IPv4-empty-part` → `ipv4-empty-part`), except `domain-to-ASCII`, whose id is given
    /// (`validation-error-domain-to-ascii`). `IPv4-non-ASCII-input` postdates the pinned url.bs,
    /// so it gets the id of the table's own definition, `validation-error`.
    pub fn spec_anchor(self) -> String {
        match self {
            ValidationErrorKind::DomainToAscii => "validation-error-domain-to-ascii".to_owned(),
            ValidationErrorKind::Ipv4NonAsciiInput => "validation-error".to_owned(),
            kind => kind.name().to_ascii_lowercase(),
        }
    }

    /// The URL Standard's address, `#` and [`Self::spec_anchor`].
    pub fn spec_url(self) -> String {
        format!("{}#{}", crate::URL_STANDARD, self.spec_anchor())
    }
}

/// A validation-error name the standard no longer has.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Renamed {
    /// The old name, as earlier texts of the standard (and the seed copy) spell it.
    pub old: &'static str,
    /// The kind the standard reports instead, if any.
    pub now: Option<ValidationErrorKind>,
    /// When and why it went.
    pub revision: &'static str,
}

/// Every dropped name, with what replaced it: the one place the old names are kept.
pub const RENAMED: &[Renamed] = &[
    Renamed {
        old: "domain-invalid-code-point",
        now: Some(ValidationErrorKind::DomainToAscii),
        revision:
            "dropped by the 2026 domain-parser rewrite (whatwg/url#914, \"Add Unicode ToASCII \
                   fallback for ASCII domains\"); absent from whatwg/url 6ae8486 (2026-07-02): the \
                   domain parser now runs Unicode ToASCII strictly first and reports any failure \
                   as domain-to-ASCII, and its forbidden-domain-code-point step returns failure \
                   without an error of its own",
    },
    Renamed {
        old: "domain-to-Unicode",
        now: Some(ValidationErrorKind::DomainToAscii),
        revision: "dropped by the same change (absent from whatwg/url 6ae8486): domain to Unicode \
                   signifies no errors (\"any recorded errors will already have been signified \
                   as validation errors\" by the host parser's domain-to-ASCII)",
    },
];

impl fmt::Display for ValidationErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A validation error and the byte offset in the input where it arose.
///
/// Eight bytes (a one-byte kind and a 32-bit offset): a parse keeps every error it meets, and
/// a 10 MB input of `%` meets ten million of them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ValidationError {
    pub kind: ValidationErrorKind,
    /// Byte offset into the input string handed to the parser (see the module's
    /// "What a position points at"). Offsets past 4 GiB are recorded as `u32::MAX`.
    pub position: u32,
}

const _: () = assert!(std::mem::size_of::<ValidationError>() == 8);

impl fmt::Display for ValidationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} at {}", self.kind.name(), self.position)
    }
}

/// Where validation errors go during a parse. The first few are kept inline, so a parse
/// that meets some errors (and a caller that then drops them) allocates nothing for them.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Errors {
    list: smallvec::SmallVec<[ValidationError; 4]>,
    /// Nobody reads them (`Url::parse`): reporting keeps nothing. No step of the parser reads
    /// the errors it reported, so its result is the same either way.
    discard: bool,
}

impl Errors {
    pub fn new() -> Self {
        Self::default()
    }

    /// A list that keeps nothing, for a parse whose errors are dropped unread.
    pub(crate) fn discarding() -> Self {
        Errors { discard: true, ..Self::default() }
    }

    /// Whether this list keeps nothing ([`Errors::discarding`]).
    #[inline]
    pub(crate) fn discards(&self) -> bool {
        self.discard
    }

    /// Record a validation error of `kind` at byte `position` of the input.
    #[inline]
    pub fn report(&mut self, kind: ValidationErrorKind, position: usize) {
        if self.discard {
            return;
        }
        let position = u32::try_from(position).unwrap_or(u32::MAX);
        self.list.push(ValidationError { kind, position });
    }

    pub fn as_slice(&self) -> &[ValidationError] {
        &self.list
    }

    pub fn into_vec(self) -> Vec<ValidationError> {
        self.list.into_vec()
    }

    pub fn is_empty(&self) -> bool {
        self.list.is_empty()
    }

    pub fn len(&self) -> usize {
        self.list.len()
    }

    pub fn contains(&self, kind: ValidationErrorKind) -> bool {
        self.list.iter().any(|e| e.kind == kind)
    }
}

/// Why a parse returned failure. Small on purpose: the detail is in the validation error
/// that accompanied the failure (the last one in the list).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ParseError {
    /// No scheme, and no usable base: `missing-scheme-non-relative-URL`.
    RelativeWithoutBase,
    /// A special URL (or credentials/port) needs a host and there is none: `host-missing`.
    HostMissing,
    /// The host parser returned failure (the accompanying validation error says why).
    InvalidHost,
    /// The port is not a number or out of range.
    InvalidPort,
    /// A state override rejected the value (the URL API setters then leave the URL as is).
    Rejected,
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            ParseError::RelativeWithoutBase => "relative URL without a base",
            ParseError::HostMissing => "host is missing",
            ParseError::InvalidHost => "invalid host",
            ParseError::InvalidPort => "invalid port",
            ParseError::Rejected => "value rejected by the state override",
        })
    }
}

impl std::error::Error for ParseError {}
