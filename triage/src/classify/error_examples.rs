//! One input per validation error of the current standard that reports it and on which
//! parsers diverge: the URL Standard's own example (url.bs, the validation-error table) where
//! it diverges among the in-process oracles, else a hand-picked one (with why). The class
//! table's tests check that each example gets a class listing its error; the RFC-vs-WHATWG
//! report shows, for each, what the two sides read differently and which class covers it.

use urldiff_parser::ValidationErrorKind as E;

/// An input that reports `error`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ErrorExample {
    pub error: E,
    pub input: &'static str,
    pub base: Option<&'static str>,
    /// Why the example is not the standard's own, when it is not.
    pub hand_picked: Option<&'static str>,
}

const fn spec(error: E, input: &'static str) -> ErrorExample {
    ErrorExample { error, input, base: None, hand_picked: None }
}

/// One example per validation error, in the standard's table order.
pub const ERROR_EXAMPLES: &[ErrorExample] = &[
    spec(E::DomainToAscii, "https://exa%23mple.org"),
    spec(E::DomainPercentEncoded, "https://exam%70le.org"),
    spec(E::HostInvalidCodePoint, "foo://exa[mple.org"),
    spec(E::Ipv4EmptyPart, "https://127.0.0.1./"),
    spec(E::Ipv4TooFewParts, "https://1.2.3/"),
    spec(E::Ipv4TooManyParts, "https://1.2.3.4.5/"),
    spec(E::Ipv4NonNumericPart, "https://test.42"),
    spec(E::Ipv4NonDecimalPart, "https://127.0.0x0.1"),
    spec(E::Ipv4OutOfRangePart, "https://255.255.4000.1"),
    ErrorExample {
        error: E::Ipv4NonAsciiInput,
        input: "https://\u{ff11}\u{ff12}\u{ff17}.0.0.1/",
        base: None,
        hand_picked: Some("the row postdates url.bs: full-width digits"),
    },
    spec(E::Ipv6Unclosed, "https://[::1"),
    spec(E::Ipv6InvalidCompression, "https://[:1]"),
    spec(E::Ipv6TooManyPieces, "https://[1:2:3:4:5:6:7:8:9]"),
    spec(E::Ipv6MultipleCompression, "https://[1::1::1]"),
    spec(E::Ipv6InvalidCodePoint, "https://[1:2:3!:4]"),
    spec(E::Ipv6TooFewPieces, "https://[1:2:3]"),
    spec(E::Ipv6PieceLeadingZero, "https://[::01]"),
    spec(E::Ipv4InIpv6TooManyPieces, "https://[1:1:1:1:1:1:1:127.0.0.1]"),
    spec(E::Ipv4InIpv6InvalidCodePoint, "https://[ffff::.0.0.1]"),
    spec(E::Ipv4InIpv6OutOfRangePart, "https://[ffff::127.0.0.4000]"),
    spec(E::Ipv4InIpv6TooFewParts, "https://[ffff::127.0.0]"),
    spec(E::InvalidUrlUnit, "https://example.org/>"),
    spec(E::SpecialSchemeMissingFollowingSolidus, "https:example.org"),
    spec(E::MissingSchemeNonRelativeUrl, "\u{1F4A9}"),
    spec(E::InvalidReverseSolidus, "https://example.org\\path\\to\\file"),
    ErrorExample {
        error: E::InvalidCredentials,
        input: "https://a@b@c/",
        base: None,
        hand_picked: Some("the standard's https://user@example.org diverges on the root path only"),
    },
    spec(E::HostMissing, "https://#fragment"),
    spec(E::PortOutOfRange, "https://example.org:70000"),
    spec(E::PortInvalid, "https://example.org:7z"),
    ErrorExample {
        error: E::FileInvalidWindowsDriveLetter,
        input: "file:c:/x",
        base: Some("file:///a/"),
        hand_picked: Some(
            "the standard's /c:/path/to/file against file:///c:/ reports nothing here",
        ),
    },
    spec(E::FileInvalidWindowsDriveLetterHost, "file://c:"),
];

/// The example of `error`.
pub fn example_of(error: E) -> Option<&'static ErrorExample> {
    ERROR_EXAMPLES.iter().find(|e| e.error == error)
}
