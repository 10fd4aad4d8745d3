//! Hosts: the host parser and serializer.
//!
//! <https://url.spec.whatwg.org/#hosts-(domains-and-ip-addresses)>
//!
//! - [`parse_host`] is the host parser: IPv6 in brackets, opaque hosts, and domains (through
//!   [`domain_to_ascii`], then IPv4 when the domain [`ends_in_a_number`]);
//! - the host serializer is `impl Display for Host` and [`Host::serialize_into`].
//!
//! Every failure reports the spec's validation error at a byte offset into the URL input.

mod domain;
mod ipv4;
mod ipv6;
mod opaque;
mod uts46;

pub use domain::{
    domain_to_ascii, domain_to_ascii_by_uts46, domain_to_unicode, is_forbidden_domain_code_point,
    is_forbidden_host_code_point,
};
use domain::{domain_to_ascii_of, ldh_domain_to_ascii, ldh_strict_verdict, DomainBytes};
/// The code point ranges domain to ASCII's shortcuts know (for the tests that check them).
#[doc(hidden)]
pub use domain::{
    JOINS_AFTER_ZWNJ as IDNA_JOINS_AFTER_ZWNJ, JOINS_BEFORE_ZWNJ as IDNA_JOINS_BEFORE_ZWNJ,
    NOT_VALID as IDNA_NOT_VALID, RTL_LETTERS as IDNA_RTL_LETTERS, SIMPLE as IDNA_SIMPLE,
};
use ipv4::{dotted_decimal_ipv4, parse_ipv4_located};
pub use ipv4::{ends_in_a_number, parse_ipv4, serialize_ipv4};
pub use ipv6::{parse_ipv6, serialize_ipv6};
pub(crate) use opaque::write_opaque_host;
use opaque::{parse_opaque_host, PLAIN_OPAQUE_HOST_BYTE};

use crate::errors::{Errors, ValidationErrorKind};
use crate::percent;
use std::borrow::Cow;
use std::fmt;

/// <https://url.spec.whatwg.org/#concept-host>
///
/// Domains and opaque hosts borrow from the parser's input when nothing in them changed
/// (no percent-decoding, no case mapping, nothing to encode), so a host costs no allocation
/// on the way to the URL's serialization buffer.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Host<'a> {
    /// An ASCII domain (already through domain to ASCII).
    Domain(Cow<'a, str>),
    /// An IPv4 address.
    Ipv4(u32),
    /// An IPv6 address: eight 16-bit pieces.
    Ipv6([u16; 8]),
    /// An opaque host (non-special URLs), already percent-encoded.
    Opaque(Cow<'a, str>),
    /// The empty host.
    Empty,
}

/// The host parser returned failure; the validation error saying why is in the error list.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HostParseFailure;

/// <https://url.spec.whatwg.org/#concept-host-parser>
///
/// `input` is the host string as the URL parser collected it; `offset` is its byte offset in
/// the URL input, added to the positions of the validation errors reported here. (Errors
/// of the IPv4 parser are positioned in the domain after domain to ASCII, which is `input`
/// itself unless UTS #46 mapped something.)
pub fn parse_host<'a>(
    input: &'a str,
    is_opaque: bool,
    errors: &mut Errors,
    offset: usize,
) -> Result<Host<'a>, HostParseFailure> {
    // Each step below reads input (or the domain made of it) a bounded number of times.
    crate::work::tally(input.len());
    // "If input starts with U+005B ([), then:"
    if let Some(inner) = input.strip_prefix('[') {
        // "If input does not end with U+005D (]), IPv6-unclosed validation error, return
        // failure."
        let Some(address) = inner.strip_suffix(']') else {
            errors.report(ValidationErrorKind::Ipv6Unclosed, offset);
            return Err(HostParseFailure);
        };
        // "Return the result of IPv6 parsing input with its leading U+005B ([) and trailing
        // U+005D (]) removed."
        return parse_ipv6(address, errors, offset + 1).map(Host::Ipv6);
    }
    // "If isOpaque is true, then return the result of opaque-host parsing input."
    if is_opaque {
        // Fast path: an opaque host of ASCII URL code points that are not forbidden host code
        // points (most of them) passes every check, and the C0 control percent-encode set
        // leaves it as it is. Property test `opaque_fast_path_is_the_full_path`.
        if !input.is_empty() && input.bytes().all(|b| PLAIN_OPAQUE_HOST_BYTE[usize::from(b)]) {
            return Ok(Host::Opaque(Cow::Borrowed(input)));
        }
        return parse_opaque_host(input, errors, offset);
    }
    // Fast path: an IPv4 address as the serializer writes it (see `dotted_decimal_ipv4`).
    if let Some(address) = dotted_decimal_ipv4(input.as_bytes()) {
        return Ok(Host::Ipv4(address));
    }
    let input_bytes = DomainBytes::of(input);
    // Fast path: a domain of ASCII letters, digits, `-` and `.` whose strict ToASCII succeeds
    // by byte tests (most hosts). For it, the steps below come down to lowercasing: no
    // percent-encoded byte, domain is input, domain to ASCII is input lowercased with no
    // validation error (see `ldh_domain_to_ascii`), and the IPv4 parser, when it ends in a
    // number, is given it with its parts located in input. The property test
    // `ldh_fast_path_is_the_full_path` compares this with `parse_domain` on generated hosts.
    let verdict = ldh_strict_verdict(input, input_bytes);
    if let Some(ascii_domain) = ldh_domain_to_ascii(input, input_bytes, verdict) {
        if ends_in_a_number(&ascii_domain) {
            return parse_ipv4_located(&ascii_domain, errors, offset, true).map(Host::Ipv4);
        }
        return Ok(Host::Domain(ascii_domain));
    }
    parse_domain(input, (input_bytes, verdict), errors, offset)
}

/// The host parser's steps after "If isOpaque is true …", on `input` whose bytes are
/// `input_bytes` (and whose [`ldh_strict_verdict`] is `verdict`, when known): the domain,
/// through domain to ASCII, and IPv4 when it ends in a number.
fn parse_domain<'a>(
    input: &'a str,
    (input_bytes, verdict): (DomainBytes, Option<Option<bool>>),
    errors: &mut Errors,
    offset: usize,
) -> Result<Host<'a>, HostParseFailure> {
    // "Assert: input is not the empty string." (Not enforced: given the empty string,
    // the domain parser reports domain-to-ASCII and returns failure below, which keeps direct
    // callers such as WPT's IDNA tables from panicking.)
    // "If input contains a percent-encoded byte, domain-percent-encoded validation error."
    // (One pass over input's bytes tells whether it has a `%` at all and whether it is ASCII.)
    let first_percent_encoded =
        if input_bytes.has_percent() { first_percent_encoded_byte(input) } else { None };
    if let Some(i) = first_percent_encoded {
        errors.report(ValidationErrorKind::DomainPercentEncoded, offset + i);
    }
    // "Let domain be the result of running UTF-8 decode without BOM on the
    // percent-decoding of input."
    // (Without a percent-encoded byte, that is input itself: percent-decoding changes only a
    // `%` followed by two ASCII hex digits (property test
    // `percent_decoding_without_a_percent_encoded_byte_is_the_input`), input's bytes are
    // UTF-8, and "without BOM" keeps a leading U+FEFF. So a `%` alone, as in `%zz`, costs no
    // decoded copy.)
    // (input's strict verdict, when known, is domain's when domain is input.)
    let (domain, domain_bytes, known_verdict) = if first_percent_encoded.is_some() {
        let domain = utf8_decode_percent_decoded(input);
        let bytes = DomainBytes::of(&domain);
        (domain, bytes, None)
    } else {
        (Cow::Borrowed(input), input_bytes, verdict)
    };
    let domain_is_ascii = domain_bytes.is_ascii();
    // "Let asciiDomain be the result of running domain parser with domain and false."
    // "If asciiDomain is failure, then return failure."
    let ascii_domain =
        domain_to_ascii_of(domain, (domain_bytes, known_verdict), false, errors, offset)?;
    // "If asciiDomain ends in a number:"
    if ends_in_a_number(&ascii_domain) {
        // "If domain is not an ASCII string, IPv4-non-ASCII-input validation error."
        // (A step the URL Standard gained after the pinned url.bs, whatwg/url 6ae8486; quoted
        // from whatwg/url's review draft 2026-08, commit 2f54a38, and reported the same way
        // by whatwg-url 17.3.0.)
        if !domain_is_ascii {
            errors.report(ValidationErrorKind::Ipv4NonAsciiInput, offset);
        }
        // "Return the result of IPv4 parsing asciiDomain."
        // asciiDomain is input lowercased, byte for byte, unless percent-decoding or IDNA
        // changed it: only then are the IPv4 parser's part offsets offsets into input.
        let parts_located = domain_is_ascii && first_percent_encoded.is_none();
        return parse_ipv4_located(&ascii_domain, errors, offset, parts_located).map(Host::Ipv4);
    }
    // "Return asciiDomain."
    Ok(Host::Domain(ascii_domain))
}

/// The byte offset of the first percent-encoded byte (`%` and two ASCII hex digits) in `input`.
fn first_percent_encoded_byte(input: &str) -> Option<usize> {
    let bytes = input.as_bytes();
    (0..bytes.len()).find(|&i| {
        bytes[i] == b'%'
            && bytes.get(i + 1).is_some_and(u8::is_ascii_hexdigit)
            && bytes.get(i + 2).is_some_and(u8::is_ascii_hexdigit)
    })
}

/// UTF-8 decode without BOM of the percent-decoding of `input`.
fn utf8_decode_percent_decoded(input: &str) -> Cow<'static, str> {
    let decoded = percent::percent_decode(input.as_bytes());
    // Valid UTF-8 keeps the decoded bytes' buffer; only invalid UTF-8 needs a new one.
    Cow::Owned(match String::from_utf8(decoded) {
        Ok(domain) => domain,
        Err(e) => String::from_utf8_lossy(e.as_bytes()).into_owned(),
    })
}

/// <https://url.spec.whatwg.org/#url-code-points>
///
/// "ASCII alphanumeric, U+0021 (!), U+0024 ($), U+0026 (&), U+0027 ('), U+0028 LEFT
/// PARENTHESIS, U+0029 RIGHT PARENTHESIS, U+002A (*), U+002B (+), U+002C (,), U+002D (-),
/// U+002E (.), U+002F (/), U+003A (:), U+003B (;), U+003D (=), U+003F (?), U+0040 (@),
/// U+005F (_), U+007E (~), and code points in the range U+00A0 to U+10FFFD, inclusive,
/// excluding surrogates and noncharacters."
pub(crate) fn is_url_code_point(c: char) -> bool {
    match c {
        // A `char` is never a surrogate.
        '\u{A0}'..='\u{10FFFD}' => !is_noncharacter(c),
        _ => is_ascii_url_code_point(c),
    }
}

/// The ASCII URL code points (see [`is_url_code_point`]).
pub(crate) const fn is_ascii_url_code_point(c: char) -> bool {
    matches!(c, 'a'..='z' | 'A'..='Z' | '0'..='9' | '!' | '$' | '&' | '\'' | '(' | ')' | '*'
        | '+' | ',' | '-' | '.' | '/' | ':' | ';' | '=' | '?' | '@' | '_' | '~')
}

/// <https://infra.spec.whatwg.org/#noncharacter>: U+FDD0 to U+FDEF, and the last two code
/// points of every plane.
fn is_noncharacter(c: char) -> bool {
    let c = c as u32;
    (0xFDD0..=0xFDEF).contains(&c) || c & 0xFFFE == 0xFFFE
}

impl Host<'_> {
    /// <https://url.spec.whatwg.org/#concept-host-serializer>: append the serialization
    /// to `out`.
    pub fn serialize_into(&self, out: &mut String) {
        match self {
            // "If host is an IPv4 address, return the result of running the IPv4 serializer
            // on host."
            Host::Ipv4(address) => serialize_ipv4(*address, out),
            // "Otherwise, if host is an IPv6 address, return U+005B ([), followed by the
            // result of running the IPv6 serializer on host, followed by U+005D (])."
            Host::Ipv6(address) => {
                out.push('[');
                serialize_ipv6(address, out);
                out.push(']');
            }
            // "Otherwise, host is a domain, opaque host, or empty host, return host."
            Host::Domain(host) | Host::Opaque(host) => out.push_str(host),
            Host::Empty => {}
        }
    }
}

/// <https://url.spec.whatwg.org/#concept-host-serializer>
impl fmt::Display for Host<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Host::Domain(host) | Host::Opaque(host) => f.write_str(host),
            Host::Empty => Ok(()),
            Host::Ipv4(_) | Host::Ipv6(_) => {
                let mut out = String::with_capacity(41);
                self.serialize_into(&mut out);
                f.write_str(&out)
            }
        }
    }
}

#[cfg(test)]
mod tests;
