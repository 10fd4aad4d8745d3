//! The table of classes: one row per class, printed by `urldiff triage --explain-classes` and
//! written into every findings file. The first five are the published categories of Claroty
//! and Snyk, "Exploiting URL Parsing Confusion" (2022): scheme confusion (a malformed or
//! missing scheme), slash confusion (an irregular number of slashes), backslash confusion,
//! URL-encoded data confusion, and scheme mix-up (a URL of one scheme parsed by rules made for
//! another). The rest name the other causes the data shows.
//!
//! `validation_errors` lists the WHATWG validation errors a class concerns; every error of the
//! current standard is in at least one row (tested), so a divergence the reference flags is
//! never left without a name for its cause.

use super::{version_sensitive, Facts};
use urldiff_compare::Equivalence::{AsciiCase, DotSegments, Idna, PercentEncoding};
use urldiff_compare::SharedField::{
    Fragment, Host, Href, Outcome, Path, Port, Query, Scheme, Userinfo,
};
use urldiff_parser::HostKind;
use urldiff_parser::ValidationErrorKind as E;

/// One class of divergence.
#[derive(Debug)]
pub struct Class {
    pub id: &'static str,
    pub explanation: &'static str,
    /// The WHATWG URL Standard section it concerns.
    pub whatwg: &'static str,
    /// The RFC 3986 section it concerns.
    pub rfc3986: &'static str,
    /// The validation errors of the current standard this class covers.
    pub validation_errors: &'static [E],
    /// The predicate, in words.
    pub predicate: &'static str,
    pub test: fn(&Facts) -> bool,
}

/// A link into the URL Standard (the parser's one address, `urldiff_parser::url_standard!`).
macro_rules! whatwg {
    ($anchor:literal) => {
        urldiff_parser::url_standard!($anchor)
    };
}

/// A link to a section of RFC 3986.
macro_rules! rfc3986 {
    ($section:literal) => {
        concat!("https://www.rfc-editor.org/rfc/rfc3986#section-", $section)
    };
}

/// Every IPv6 and IPv4-in-IPv6 validation error.
const IPV6_ERRORS: &[E] = &[
    E::Ipv6Unclosed,
    E::Ipv6InvalidCompression,
    E::Ipv6TooManyPieces,
    E::Ipv6MultipleCompression,
    E::Ipv6InvalidCodePoint,
    E::Ipv6TooFewPieces,
    E::Ipv6PieceLeadingZero,
    E::Ipv4InIpv6TooManyPieces,
    E::Ipv4InIpv6InvalidCodePoint,
    E::Ipv4InIpv6OutOfRangePart,
    E::Ipv4InIpv6TooFewParts,
];

/// Every IPv4 validation error.
const IPV4_ERRORS: &[E] = &[
    E::Ipv4EmptyPart,
    E::Ipv4TooFewParts,
    E::Ipv4TooManyParts,
    E::Ipv4NonNumericPart,
    E::Ipv4NonDecimalPart,
    E::Ipv4OutOfRangePart,
    E::Ipv4NonAsciiInput,
];

const HOST_ERRORS: &[E] =
    &[E::DomainToAscii, E::DomainPercentEncoded, E::HostInvalidCodePoint, E::Ipv4NonAsciiInput];

/// The classes, in the order reports list them.
pub const CLASSES: &[Class] = &[
    Class {
        id: "scheme-confusion",
        explanation: "a malformed or missing scheme, or parsers reading different schemes",
        whatwg: whatwg!("#scheme-state"),
        rfc3986: rfc3986!("3.1"),
        validation_errors: &[E::MissingSchemeNonRelativeUrl],
        predicate: "the scheme differs beyond ASCII case; or the outcome differs and the input \
                    has no base and no valid scheme, or the reference reports \
                    missing-scheme-non-relative-URL",
        test: |f| {
            f.differs_beyond_case(Scheme)
                || (f.differs(Outcome)
                    && ((f.shape.scheme.is_none() && f.base.is_none())
                        || f.has(E::MissingSchemeNonRelativeUrl)))
        },
    },
    Class {
        id: "slash-confusion",
        explanation: "an irregular number of slashes after the scheme, which special schemes \
                      skip and other parsers read as an empty authority or a path",
        whatwg: whatwg!("#special-authority-ignore-slashes-state"),
        rfc3986: rfc3986!("3.3"),
        validation_errors: &[E::SpecialSchemeMissingFollowingSolidus],
        predicate: "a special scheme followed by other than two slashes (`/` or `\\`), or any \
                    scheme or none followed by three or more, or the reference reports \
                    special-scheme-missing-following-solidus; and the outcome, userinfo, host, \
                    port, path or href differs",
        test: |f| {
            let n = f.shape.slashes.chars().count();
            let irregular = (f.shape.special() && n != 2)
                || n >= 3
                || f.has(E::SpecialSchemeMissingFollowingSolidus);
            irregular && f.differs_any(&[Outcome, Userinfo, Host, Port, Path, Href])
        },
    },
    Class {
        id: "backslash-confusion",
        explanation: "a `\\`, which the WHATWG parser reads as `/` in special URLs and RFC \
                      3986 parsers keep as data or reject",
        whatwg: whatwg!("#invalid-reverse-solidus"),
        rfc3986: rfc3986!("2.2"),
        validation_errors: &[E::InvalidReverseSolidus],
        predicate: "the input or the base holds `\\`, and the outcome, scheme, userinfo, host, \
                    port, path or href differs",
        test: |f| {
            f.shapes().any(|s| s.cleaned.contains('\\'))
                && f.differs_any(&[Outcome, Scheme, Userinfo, Host, Port, Path, Href])
        },
    },
    Class {
        id: "url-encoded-data-confusion",
        explanation: "percent-encoded bytes that one parser decodes, another keeps and a third \
                      re-encodes, in the host above all; and malformed escapes (`%` without two \
                      hex digits) that one parser keeps and another rejects",
        whatwg: whatwg!("#percent-encoded-bytes"),
        rfc3986: rfc3986!("2.1"),
        validation_errors: &[E::DomainPercentEncoded],
        predicate: "the input holds a percent-encoded byte (`%` and two hex digits), and the \
                    outcome or host differs, or a field differs by percent-encoding or IDNA, \
                    or a differing value holds `%`; or the input holds a `%` not followed by \
                    two hex digits and the outcome differs",
        test: |f| {
            (f.shape.has_percent_encoded_byte()
                && (f.differs_any(&[Outcome, Host])
                    || f.any_graded(PercentEncoding)
                    || f.any_graded(Idna)
                    || f.differing_value_holds('%')))
                || (f.shape.has_malformed_escape() && f.differs(Outcome))
        },
    },
    Class {
        id: "scheme-mixup",
        explanation: "a URL of a scheme other than http(s) split by rules made for another: \
                      special schemes get their own host and default-port rules, others an \
                      opaque host, and RFC parsers treat every scheme alike",
        whatwg: whatwg!("#special-scheme"),
        rfc3986: rfc3986!("6.2.3"),
        validation_errors: &[E::HostInvalidCodePoint],
        predicate: "the scheme (as the reference reads it, else as written) is neither http nor \
                    https, and the userinfo, host or port differs beyond ASCII case, or the \
                    outcome differs with host-invalid-code-point",
        test: |f| {
            let other = f.scheme().is_some_and(|s| s != "http" && s != "https");
            other
                && (f.differs_beyond_case(Userinfo)
                    || f.differs_beyond_case(Host)
                    || f.differs(Port)
                    || (f.differs(Outcome) && f.has(E::HostInvalidCodePoint)))
        },
    },
    Class {
        id: "userinfo-confusion",
        explanation: "which `@` ends the userinfo, and `@`, `:` or `#` inside it: parsers \
                      disagree on the credentials and so on the host",
        whatwg: whatwg!("#authority-state"),
        rfc3986: rfc3986!("3.2.1"),
        validation_errors: &[E::InvalidCredentials],
        predicate: "the input holds `@` and the outcome, userinfo or host differs; or the \
                    reference reports invalid-credentials and the userinfo differs",
        test: |f| {
            (f.shape.cleaned.contains('@') && f.differs_any(&[Outcome, Userinfo, Host]))
                || (f.has(E::InvalidCredentials) && f.differs(Userinfo))
        },
    },
    Class {
        id: "host-confusion",
        explanation: "one host text, different hosts: IDNA mapping (full-width letters, `。`), \
                      percent-encoded host bytes, forbidden code points, number forms",
        whatwg: whatwg!("#host-parsing"),
        rfc3986: rfc3986!("3.2.2"),
        validation_errors: HOST_ERRORS,
        predicate: "the host differs by IDNA or percent-encoding; or the host differs beyond \
                    ASCII case, or the outcome differs, and the host as written is non-ASCII, \
                    holds `%` or a forbidden host code point, is a number form, or the \
                    reference reports domain-to-ASCII, domain-percent-encoded, \
                    host-invalid-code-point or IPv4-non-ASCII-input",
        test: |f| {
            let s = &f.shape;
            let unusual = s.host_non_ascii()
                || s.host_percent()
                || s.host_forbidden_code_point()
                || s.host_number_form()
                || f.has_any(HOST_ERRORS);
            f.graded(Host, Idna)
                || f.graded(Host, PercentEncoding)
                || ((f.differs_beyond_case(Host) || f.differs(Outcome)) && unusual)
        },
    },
    Class {
        id: "idna-confusion",
        explanation: "IDNA processing of the host (UTS #46 mapping, Punycode `xn--` labels, \
                      hyphen, bidi and joiner rules, DNS lengths): parsers with other IDNA \
                      settings, and parsers without IDNA, read or reject it differently",
        whatwg: whatwg!("#concept-domain-to-ascii"),
        rfc3986: rfc3986!("3.2.2"),
        validation_errors: &[E::DomainToAscii],
        predicate: "the host differs by IDNA; or the host differs beyond ASCII case, or the \
                    outcome differs, and the host as written is non-ASCII or has an `xn--` \
                    label, or the reference reports domain-to-ASCII",
        test: |f| {
            let s = &f.shape;
            let idna = s.host_non_ascii() || s.host_punycode() || f.has(E::DomainToAscii);
            f.graded(Host, Idna) || ((f.differs_beyond_case(Host) || f.differs(Outcome)) && idna)
        },
    },
    Class {
        id: "ipv4-number-form",
        explanation: "a host the WHATWG IPv4 parser reads as a number written otherwise (hex, \
                      octal, fewer or more than four parts, a trailing dot), which RFC 3986 \
                      reads as a registered name",
        whatwg: whatwg!("#concept-ipv4-parser"),
        rfc3986: rfc3986!("7.4"),
        validation_errors: IPV4_ERRORS,
        predicate: "the host or the outcome differs, and the reference reports an IPv4-… error, \
                    or reads an IPv4 host, or the host as written ends in a number without \
                    being four dotted decimal parts",
        test: |f| {
            let ipv4 = f.reading.as_ref().is_some_and(|r| r.host_kind == HostKind::Ipv4);
            f.differs_any(&[Host, Outcome])
                && (f.has_any(IPV4_ERRORS) || ipv4 || f.shape.host_number_form())
        },
    },
    Class {
        id: "ipv6-confusion",
        explanation: "IP literals in brackets: compression, leading zeros, embedded IPv4, zone \
                      identifiers, unclosed brackets",
        whatwg: whatwg!("#concept-ipv6-parser"),
        rfc3986: rfc3986!("3.2.2"),
        validation_errors: IPV6_ERRORS,
        predicate: "the authority as written holds `[` or `]`, or the reference reports an \
                    IPv6-… or IPv4-in-IPv6-… error; and the host, port or outcome differs",
        test: |f| {
            (f.shape.ip_literal() || f.has_any(IPV6_ERRORS))
                && f.differs_any(&[Host, Port, Outcome])
        },
    },
    Class {
        id: "whitespace-confusion",
        explanation: "leading and trailing C0 controls and spaces, which the WHATWG parser \
                      strips, and tabs and newlines, which it removes anywhere; RFC parsers \
                      keep, encode or reject them",
        whatwg: whatwg!("#concept-basic-url-parser"),
        rfc3986: "https://www.rfc-editor.org/rfc/rfc3986#appendix-C",
        validation_errors: &[E::InvalidUrlUnit],
        predicate: "the input or the base has leading or trailing C0 controls or spaces, or a \
                    tab or newline anywhere; and anything differs",
        test: |f| f.shapes().any(|s| s.edges_stripped || s.tab_or_newline) && f.anything_differs(),
    },
    Class {
        id: "port-confusion",
        explanation: "the port: a default port one parser drops, leading zeros, an empty port, \
                      a port that is out of range or not a number",
        whatwg: whatwg!("#port-state"),
        rfc3986: rfc3986!("3.2.3"),
        validation_errors: &[E::PortOutOfRange, E::PortInvalid],
        predicate: "the port differs; or the outcome differs and the reference reports \
                    port-out-of-range or port-invalid, or the port as written is empty, not a \
                    number, has a leading zero or exceeds 65535",
        test: |f| {
            f.differs(Port)
                || (f.differs(Outcome)
                    && (f.has_any(&[E::PortOutOfRange, E::PortInvalid]) || f.shape.port_unusual()))
        },
    },
    Class {
        id: "path-confusion",
        explanation: "the path resolved differently: dot segments (`.`, `..`, `%2e`), Windows \
                      drive letters",
        whatwg: whatwg!("#path-state"),
        rfc3986: rfc3986!("5.2.4"),
        validation_errors: &[E::FileInvalidWindowsDriveLetter],
        predicate: "the path or href differs, and it differs by dot segments, or the path as \
                    written has a dot segment or a Windows drive letter, or the reference \
                    reports file-invalid-Windows-drive-letter",
        test: |f| {
            f.differs_any(&[Path, Href])
                && (f.graded(Path, DotSegments)
                    || f.graded(Href, DotSegments)
                    || f.shape.has_dot_segment()
                    || f.shape.has_drive_letter()
                    || f.has(E::FileInvalidWindowsDriveLetter))
        },
    },
    Class {
        id: "root-path-normalization",
        explanation: "a special URL with an authority and no path: the WHATWG parser gives it \
                      the path `/`, RFC parsers keep it empty (the same only by RFC 3986 \
                      §6.2.3's scheme-based normalization)",
        whatwg: whatwg!("#path-start-state"),
        rfc3986: rfc3986!("6.2.3"),
        validation_errors: &[],
        predicate: "the path differs, and one group's path is `/` and another's empty or \
                    undefined",
        test: |f| {
            let texts: Vec<&str> = f.values_of(Path).map(|v| v.text()).collect();
            texts.contains(&"/") && texts.contains(&"")
        },
    },
    Class {
        id: "opaque-path-confusion",
        explanation: "a URL with an opaque path (a non-special scheme not followed by `/`: \
                      `mailto:`, `javascript:`, `a:b`), which the WHATWG parser keeps verbatim \
                      and cannot resolve against",
        whatwg: whatwg!("#cannot-be-a-base-url-path-state"),
        rfc3986: rfc3986!("4.2"),
        validation_errors: &[E::MissingSchemeNonRelativeUrl],
        predicate: "the reference reads the input or the base with an opaque path, or the input \
                    has a non-special scheme followed by no slash; and anything differs",
        test: |f| {
            let opaque = |r: &Option<super::Reading>| r.as_ref().is_some_and(|r| r.opaque_path);
            let written =
                f.shape.scheme.is_some() && !f.shape.special() && f.shape.slashes.is_empty();
            (opaque(&f.reading) || opaque(&f.base_reading) || written) && f.anything_differs()
        },
    },
    Class {
        id: "unicode-version-skew",
        explanation: "IDNA tables of different Unicode versions: a code point assigned (valid or \
                      mapped) in one parser's Unicode and unassigned (disallowed) in another's; \
                      e.g. U+3E8AC, assigned in Unicode 18 but not 17",
        whatwg: whatwg!("#idna"),
        rfc3986: rfc3986!("3.2.2"),
        validation_errors: &[E::DomainToAscii],
        predicate: "the WHATWG-model oracles split on the host or the outcome, and the input \
                    holds a code point that urldiff's Unicode data (ICU4X, Unicode 18.0, the \
                    data of our IDNA) does not have, or that a version after 14.0 added",
        test: |f| f.whatwg_split && f.input.chars().any(|c| version_sensitive(c).is_some()),
    },
    Class {
        id: "file-host-confusion",
        explanation: "file: URLs: a host against a Windows drive letter, `localhost`, how many \
                      slashes start the path",
        whatwg: whatwg!("#file-host-state"),
        rfc3986: rfc3986!("3.2.2"),
        validation_errors: &[
            E::FileInvalidWindowsDriveLetterHost,
            E::FileInvalidWindowsDriveLetter,
        ],
        predicate: "the scheme is file (or the input has none and the base's is file), or the \
                    reference reports a file-invalid-Windows-drive-letter… error; and the \
                    outcome, host, path or href differs",
        test: |f| {
            let file = f.scheme().as_deref() == Some("file")
                || (f.shape.scheme.is_none()
                    && f.base_reading.as_ref().is_some_and(|b| b.scheme == "file"))
                || f.has_any(&[
                    E::FileInvalidWindowsDriveLetterHost,
                    E::FileInvalidWindowsDriveLetter,
                ]);
            file && f.differs_any(&[Outcome, Host, Path, Href])
        },
    },
    Class {
        id: "empty-host-confusion",
        explanation: "an authority with an empty host (`http://`, `http://:80`, `http://u@`): \
                      the WHATWG parser fails for special schemes, RFC parsers give an empty \
                      host",
        whatwg: whatwg!("#host-state"),
        rfc3986: rfc3986!("3.2.2"),
        validation_errors: &[E::HostMissing],
        predicate: "the reference reports host-missing, or the host as written is empty; and \
                    the outcome or the host differs",
        test: |f| {
            (f.has(E::HostMissing) || f.shape.host.as_deref() == Some(""))
                && f.differs_any(&[Outcome, Host])
        },
    },
    Class {
        id: "case-normalization",
        explanation: "the WHATWG parser lowercases the scheme and the host and upper-cases \
                      percent-encoding hex; RFC parsers keep what was written (equivalent by \
                      RFC 3986 §6.2.2.1, yet a case-sensitive check is fooled)",
        whatwg: whatwg!("#host-parsing"),
        rfc3986: rfc3986!("6.2.2.1"),
        validation_errors: &[],
        predicate: "some field differs by ASCII case only",
        test: |f| f.any_graded(AsciiCase),
    },
    Class {
        id: "percent-encoding-normalization",
        explanation: "code points one parser percent-encodes (space, `\"`, `<`, `>`, `` ` ``, \
                      `{`, `}`, non-ASCII, controls) and another keeps or rejects",
        whatwg: whatwg!("#path-percent-encode-set"),
        rfc3986: rfc3986!("6.2.2.2"),
        validation_errors: &[E::InvalidUrlUnit],
        predicate: "some field differs by percent-encoding; or the outcome, userinfo, host, \
                    path, query, fragment or href differs and the input holds a code point \
                    that is not a URL code point (nor `\\`, `#`, `[`, `]`, `%`) outside the host",
        test: |f| {
            f.any_graded(PercentEncoding)
                || (f.differs_any(&[Outcome, Userinfo, Host, Path, Query, Fragment, Href])
                    && f.shape.non_url_code_point())
        },
    },
    Class {
        id: "fragment-query-confusion",
        explanation: "where the query and the fragment start and what they hold (`?` inside the \
                      fragment, `#` in the userinfo, an empty `?` or `#` against none)",
        whatwg: whatwg!("#query-state"),
        rfc3986: rfc3986!("3.4"),
        validation_errors: &[],
        predicate: "the query or the fragment differs structurally (under no named \
                    equivalence)",
        test: |f| f.differs_structurally(Query) || f.differs_structurally(Fragment),
    },
    Class {
        id: "setter-confusion",
        explanation: "the URL API's setters (`host`, `port`, `pathname`, …): what a setter \
                      accepts, rejects or rewrites when it changes one component of a parsed \
                      URL; RFC 3986 has no setters, only the recomposition of components",
        whatwg: whatwg!("#urlutils-members"),
        rfc3986: rfc3986!("5.3"),
        validation_errors: &[],
        predicate: "the case sets a URL API property (a setter case of WPT's setters_tests) \
                    and anything differs",
        test: |f| f.setter.is_some() && f.anything_differs(),
    },
    Class {
        id: "relative-resolution-confusion",
        explanation: "a reference resolved against a base: RFC 3986 §5.2 against the WHATWG \
                      relative states (dot segments above the root, `?y` and empty references, \
                      `//` references, the base's own scheme as in `http:g`)",
        whatwg: whatwg!("#relative-state"),
        rfc3986: rfc3986!("5.2"),
        validation_errors: &[],
        predicate: "there is a base and the input has no scheme or the base's; and the outcome, \
                    href, host, path, query or fragment differs",
        test: |f| {
            let relative = match (&f.shape.scheme, &f.base_reading) {
                (None, _) => true,
                (Some(s), Some(b)) => s.eq_ignore_ascii_case(&b.scheme),
                (Some(_), None) => false,
            };
            f.base.is_some()
                && relative
                && f.differs_any(&[Outcome, Href, Host, Path, Query, Fragment])
        },
    },
];
