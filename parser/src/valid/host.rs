//! Host writing: <https://url.spec.whatwg.org/#host-writing>, and the URL-port string.

use super::{percent_encoded_byte, violation};
use super::{Production as P, Violation};
use crate::errors::Errors;
use crate::host::{
    domain_to_ascii, ends_in_a_number, is_forbidden_host_code_point, is_url_code_point,
};
use std::ops::Range;

type Checked = Result<(), Violation>;

/// <https://url.spec.whatwg.org/#valid-host-string>: "a valid domain string, a valid
/// IPv4-address string, or: U+005B ([), followed by a valid IPv6-address string, followed by
/// U+005D (])."
///
/// A host that fails both of the first two is reported as an IPv4 violation when it ends in a
/// number (it cannot be a valid domain then, and reads as an attempt at an address), else as
/// a domain violation.
pub(super) fn valid_host_string(input: &str, range: Range<usize>) -> Checked {
    let host = &input[range.clone()];
    if host.starts_with('[') {
        let Some(address) = host.strip_prefix('[').and_then(|h| h.strip_suffix(']')) else {
            return violation(P::ValidHostString, range.end);
        };
        return valid_ipv6_address_string(address, range.start + 1);
    }
    let ipv4 = valid_ipv4_address_string(host, range.start);
    if ipv4.is_ok() {
        return ipv4;
    }
    match valid_domain(host) {
        Domain::Valid => Ok(()),
        Domain::EndsInANumber => ipv4,
        Domain::Invalid if host.is_ascii() && ends_in_a_number(&host.to_ascii_lowercase()) => ipv4,
        Domain::Invalid => violation(P::ValidDomainString, range.start),
    }
}

/// What <https://url.spec.whatwg.org/#valid-domain> says of a string.
enum Domain {
    Valid,
    /// The domain parser accepts it, but its result ends in a number.
    EndsInANumber,
    /// The domain parser (with beStrict true) returns failure.
    Invalid,
}

/// <https://url.spec.whatwg.org/#valid-domain>: "1. Let domain be the result of running domain
/// parser with input and true. 2. If domain is failure, then return false. 3. If running the
/// ends in a number checker on domain returns true, then return false. 4. Return true."
///
/// <https://url.spec.whatwg.org/#valid-domain-string>: "a string that is a valid domain."
fn valid_domain(input: &str) -> Domain {
    // The domain parser's validation errors are the parser's business, not the grammar's.
    let mut ignored = Errors::new();
    match domain_to_ascii(input.into(), true, &mut ignored, 0) {
        Err(_) => Domain::Invalid,
        Ok(domain) if ends_in_a_number(&domain) => Domain::EndsInANumber,
        Ok(_) => Domain::Valid,
    }
}

/// <https://url.spec.whatwg.org/#valid-ipv4-address-string>: "four shortest possible strings of
/// ASCII digits, representing a decimal number in the range 0 to 255, inclusive, separated
/// from each other by U+002E (.)." `offset` is the string's position in the input.
pub(super) fn valid_ipv4_address_string(text: &str, offset: usize) -> Checked {
    let mut part_start = 0;
    for (n, part) in text.split('.').enumerate() {
        if n == 4 {
            // A fifth part: the string goes on past four.
            return violation(P::ValidIpv4AddressString, offset + part_start - 1);
        }
        let digits = part.bytes().all(|b| b.is_ascii_digit());
        let shortest = part.len() == 1 || !part.starts_with('0');
        let in_range = part.len() <= 3 && part.parse::<u16>().is_ok_and(|v| v <= 255);
        if part.is_empty() || !digits || !shortest || !in_range {
            return violation(P::ValidIpv4AddressString, offset + part_start);
        }
        part_start += part.len() + 1;
    }
    if text.split('.').count() < 4 {
        return violation(P::ValidIpv4AddressString, offset + text.len());
    }
    Ok(())
}

/// <https://url.spec.whatwg.org/#valid-ipv6-address-string>: "a valid IPv6-pieces string with
/// effective piece length 8; a valid IPv6-pieces-and-IPv4 string with effective piece length
/// 8; U+003A U+003A (::), optionally preceded by a valid IPv6-pieces string, and optionally
/// followed by either a valid IPv6-pieces string or a valid IPv6-pieces-and-IPv4 string, such
/// that the sum of the effective piece lengths of the preceding and following strings is at
/// most 7."
pub(super) fn valid_ipv6_address_string(text: &str, offset: usize) -> Checked {
    let Some(compression) = text.find("::") else {
        let length = pieces_and_maybe_ipv4(text, offset)?;
        if length != 8 {
            return violation(P::ValidIpv6AddressString, offset);
        }
        return Ok(());
    };
    let after = compression + 2;
    if let Some(second) = text[after..].find("::") {
        return violation(P::ValidIpv6AddressString, offset + after + second);
    }
    let before_length =
        if compression == 0 { 0 } else { valid_ipv6_pieces_string(&text[..compression], offset)? };
    let after_length = if after == text.len() {
        0
    } else {
        pieces_and_maybe_ipv4(&text[after..], offset + after)?
    };
    if before_length + after_length > 7 {
        return violation(P::ValidIpv6AddressString, offset);
    }
    Ok(())
}

/// A valid IPv6-pieces string or a valid IPv6-pieces-and-IPv4 string (the latter when the
/// last `:`-separated item holds a `.`); its effective piece length.
fn pieces_and_maybe_ipv4(text: &str, offset: usize) -> Result<usize, Violation> {
    let last_start = text.rfind(':').map_or(0, |i| i + 1);
    if text[last_start..].contains('.') {
        valid_ipv6_pieces_and_ipv4_string(text, offset)
    } else {
        valid_ipv6_pieces_string(text, offset)
    }
}

/// <https://url.spec.whatwg.org/#valid-ipv6-pieces-and-ipv4-string>: "either a valid
/// IPv6-pieces string, followed by U+003A (:), followed by a valid IPv4-address string; or a
/// valid IPv4-address string alone." Its effective piece length: "the number of valid
/// IPv6-piece strings it contains, plus 2."
fn valid_ipv6_pieces_and_ipv4_string(text: &str, offset: usize) -> Result<usize, Violation> {
    match text.rfind(':') {
        None => valid_ipv4_address_string(text, offset).map(|()| 2),
        Some(colon) => {
            let pieces = valid_ipv6_pieces_string(&text[..colon], offset)?;
            valid_ipv4_address_string(&text[colon + 1..], offset + colon + 1)?;
            Ok(pieces + 2)
        }
    }
}

/// <https://url.spec.whatwg.org/#valid-ipv6-pieces-string>: "one or more valid IPv6-piece
/// strings, separated from each other by U+003A (:)." Its effective piece length: "the number
/// of valid IPv6-piece strings it contains."
fn valid_ipv6_pieces_string(text: &str, offset: usize) -> Result<usize, Violation> {
    let mut start = 0;
    let mut count = 0;
    for piece in text.split(':') {
        valid_ipv6_piece_string(piece, offset + start)?;
        start += piece.len() + 1;
        count += 1;
    }
    Ok(count)
}

/// <https://url.spec.whatwg.org/#valid-ipv6-piece-string>: "a shortest possible string of
/// ASCII hex digits, representing a hexadecimal number in the range 0 to 0xFFFF, inclusive."
fn valid_ipv6_piece_string(piece: &str, offset: usize) -> Checked {
    let hex = !piece.is_empty() && piece.bytes().all(|b| b.is_ascii_hexdigit());
    let shortest = piece.len() == 1 || !piece.starts_with('0');
    if hex && shortest && piece.len() <= 4 {
        Ok(())
    } else {
        violation(P::ValidIpv6PieceString, offset)
    }
}

/// <https://url.spec.whatwg.org/#valid-opaque-host-string>: "one or more URL units excluding
/// forbidden host code points; U+005B ([), followed by a valid IPv6-address string, followed
/// by U+005D (])."
pub(super) fn valid_opaque_host_string(input: &str, range: Range<usize>) -> Checked {
    let host = &input[range.clone()];
    if host.starts_with('[') {
        let Some(address) = host.strip_prefix('[').and_then(|h| h.strip_suffix(']')) else {
            return violation(P::ValidOpaqueHostString, range.end);
        };
        return valid_ipv6_address_string(address, range.start + 1);
    }
    if host.is_empty() {
        return violation(P::ValidOpaqueHostString, range.start);
    }
    for (i, c) in host.char_indices() {
        if c == '%' {
            percent_encoded_byte(host, i, range.start)?;
        } else if !is_url_code_point(c) || is_forbidden_host_code_point(c) {
            return violation(P::ValidOpaqueHostString, range.start + i);
        }
    }
    Ok(())
}

/// <https://url.spec.whatwg.org/#url-port-string>: "the empty string; one or more ASCII digits
/// representing a decimal number that is a 16-bit unsigned integer."
pub(super) fn url_port_string(input: &str, range: Range<usize>) -> Checked {
    let port = &input[range.clone()];
    if let Some(i) = port.bytes().position(|b| !b.is_ascii_digit()) {
        return violation(P::UrlPortString, range.start + i);
    }
    let value = port.bytes().try_fold(0u32, |n, d| {
        let n = n * 10 + u32::from(d - b'0');
        (n <= 0xFFFF).then_some(n)
    });
    if value.is_none() {
        return violation(P::UrlPortString, range.start);
    }
    Ok(())
}
