//! Validation errors and fatal parse errors.
//!
//! Validation errors are the spec's own: every variant of [`ValidationErrorKind`] is one row of
//! the table in <https://url.spec.whatwg.org/#validation-error>, and [`ValidationErrorKind::name`]
//! returns the spec's name verbatim. A parse collects them in order, each with the byte offset
//! in the (pre-processed) input where it arose. Fatal errors ([`ParseError`]) are the few ways
//! a parse can return failure.

use std::fmt;

macro_rules! validation_errors {
    ($($variant:ident => $name:literal, $failure:literal;)*) => {
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

            /// Look a kind up by its spec name.
            pub fn from_name(name: &str) -> Option<Self> {
                match name { $($name => Some(ValidationErrorKind::$variant),)* _ => None }
            }
        }
    };
}

validation_errors! {
    // IDNA
    DomainToAscii => "domain-to-ASCII", true;
    DomainToUnicode => "domain-to-Unicode", false;
    // Host parsing
    DomainInvalidCodePoint => "domain-invalid-code-point", true;
    HostInvalidCodePoint => "host-invalid-code-point", true;
    Ipv4EmptyPart => "IPv4-empty-part", false;
    Ipv4TooManyParts => "IPv4-too-many-parts", true;
    Ipv4NonNumericPart => "IPv4-non-numeric-part", true;
    Ipv4NonDecimalPart => "IPv4-non-decimal-part", false;
    Ipv4OutOfRangePart => "IPv4-out-of-range-part", true;
    Ipv6Unclosed => "IPv6-unclosed", true;
    Ipv6InvalidCompression => "IPv6-invalid-compression", true;
    Ipv6TooManyPieces => "IPv6-too-many-pieces", true;
    Ipv6MultipleCompression => "IPv6-multiple-compression", true;
    Ipv6InvalidCodePoint => "IPv6-invalid-code-point", true;
    Ipv6TooFewPieces => "IPv6-too-few-pieces", true;
    Ipv4InIpv6TooManyPieces => "IPv4-in-IPv6-too-many-pieces", true;
    Ipv4InIpv6InvalidCodePoint => "IPv4-in-IPv6-invalid-code-point", true;
    Ipv4InIpv6OutOfRangePart => "IPv4-in-IPv6-out-of-range-part", true;
    Ipv4InIpv6TooFewParts => "IPv4-in-IPv6-too-few-parts", true;
    // URL parsing
    InvalidUrlUnit => "invalid-URL-unit", false;
    SpecialSchemeMissingFollowingSolidus => "special-scheme-missing-following-solidus", false;
    MissingSchemeNonRelativeUrl => "missing-scheme-non-relative-URL", true;
    InvalidReverseSolidus => "invalid-reverse-solidus", false;
    InvalidCredentials => "invalid-credentials", false;
    HostMissing => "host-missing", true;
    PortOutOfRange => "port-out-of-range", true;
    PortInvalid => "port-invalid", true;
    FileInvalidWindowsDriveLetter => "file-invalid-Windows-drive-letter", false;
    FileInvalidWindowsDriveLetterHost => "file-invalid-Windows-drive-letter-host", false;
}

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
    /// Byte offset into the input string handed to the parser (after the spec's
    /// leading/trailing C0-control-or-space trimming, offsets still count from the
    /// original input's start). Offsets past 4 GiB are recorded as `u32::MAX`.
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
}

impl Errors {
    pub fn new() -> Self {
        Self::default()
    }

    /// Record a validation error of `kind` at byte `position` of the input.
    #[inline]
    pub fn report(&mut self, kind: ValidationErrorKind, position: usize) {
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
