//! Opaque hosts: the opaque-host parser as the standard writes it ([`parse_opaque_host`]), and
//! the same steps in one pass with the result written straight to the URL's serialization
//! ([`write_opaque_host`], what the URL parser runs).
//!
//! <https://url.spec.whatwg.org/#concept-opaque-host-parser>

use super::{is_ascii_url_code_point, is_forbidden_host_code_point, is_url_code_point, Host};
use crate::errors::{Errors, ValidationErrorKind};
use crate::host::HostParseFailure;
use crate::percent;
use std::borrow::Cow;

/// Whether a byte is an ASCII URL code point and not a forbidden host code point.
pub(super) const PLAIN_OPAQUE_HOST_BYTE: [bool; 256] = {
    let mut table = [false; 256];
    let mut b = 0;
    while b < 0x80 {
        let c = b as u8 as char;
        table[b] = is_ascii_url_code_point(c) && !is_forbidden_host_code_point(c);
        b += 1;
    }
    table
};

/// <https://url.spec.whatwg.org/#concept-opaque-host-parser>
pub(super) fn parse_opaque_host<'a>(
    input: &'a str,
    errors: &mut Errors,
    offset: usize,
) -> Result<Host<'a>, HostParseFailure> {
    // "If input contains a forbidden host code point, host-invalid-code-point validation
    // error, return failure."
    if let Some(i) = input.find(is_forbidden_host_code_point) {
        errors.report(ValidationErrorKind::HostInvalidCodePoint, offset + i);
        return Err(HostParseFailure);
    }
    // "If input contains a code point that is not a URL code point and not U+0025 (%),
    // invalid-URL-unit validation error."
    if let Some(i) = input.find(|c| !is_url_code_point(c) && c != '%') {
        errors.report(ValidationErrorKind::InvalidUrlUnit, offset + i);
    }
    // "If input contains a U+0025 (%) and the two code points following it are not ASCII
    // hex digits, invalid-URL-unit validation error."
    if let Some(i) = first_bad_percent(input.as_bytes()) {
        errors.report(ValidationErrorKind::InvalidUrlUnit, offset + i);
    }
    // "Return the result of running UTF-8 percent-encode on input using the C0 control
    // percent-encode set."
    // The empty string is the empty host (a non-special URL's host may be empty).
    if input.is_empty() {
        return Ok(Host::Empty);
    }
    Ok(Host::Opaque(c0_control_percent_encode(input)))
}

/// The first `%` in `bytes` not followed by two ASCII hex digits.
fn first_bad_percent(bytes: &[u8]) -> Option<usize> {
    (0..bytes.len()).find(|&i| bytes[i] == b'%' && !two_hex_digits_after(bytes, i))
}

/// Whether the two bytes after `bytes[i]` are ASCII hex digits.
fn two_hex_digits_after(bytes: &[u8], i: usize) -> bool {
    bytes.get(i + 1).is_some_and(u8::is_ascii_hexdigit)
        && bytes.get(i + 2).is_some_and(u8::is_ascii_hexdigit)
}

/// <https://url.spec.whatwg.org/#utf-8-percent-encode> with the C0 control percent-encode
/// set, borrowing when nothing needs encoding.
fn c0_control_percent_encode(input: &str) -> Cow<'_, str> {
    if input.bytes().any(|b| percent::C0_CONTROL.contains(b)) {
        Cow::Owned(percent::utf8_percent_encode(input, percent::C0_CONTROL))
    } else {
        Cow::Borrowed(input)
    }
}

/// [`parse_opaque_host`]'s steps in one pass over `input`, its result appended to `out`
/// rather than made a string of its own (and `out` left as it was on failure); whether the
/// host is the empty host. The same errors at the same positions: the forbidden host code
/// point check returns failure before the other two report anything, so their first
/// positions are noted on the way and reported at the end, in the standard's order. Property
/// test `opaque_host_written_in_one_pass_is_the_parser`.
pub(crate) fn write_opaque_host(
    input: &str,
    errors: &mut Errors,
    offset: usize,
    out: &mut String,
) -> Result<bool, HostParseFailure> {
    let bytes = input.as_bytes();
    // Most opaque hosts pass every check and need no encoding: appended as they are.
    if bytes.iter().all(|&b| PLAIN_OPAQUE_HOST_BYTE[usize::from(b)]) {
        out.push_str(input);
        return Ok(input.is_empty());
    }
    let start = out.len();
    // Encoding at most triples each byte: one reservation for the whole host.
    out.reserve(3 * input.len());
    let (mut invalid_unit, mut bad_percent) = (None, None);
    // `input[appended..i]` is still to be appended as it is.
    let (mut i, mut appended) = (0, 0);
    while let Some(&b) = bytes.get(i) {
        if PLAIN_OPAQUE_HOST_BYTE[usize::from(b)] {
            i += 1;
            continue;
        }
        let c = if b < 0x80 { char::from(b) } else { input[i..].chars().next().expect("a char") };
        if is_forbidden_host_code_point(c) {
            out.truncate(start);
            errors.report(ValidationErrorKind::HostInvalidCodePoint, offset + i);
            return Err(HostParseFailure);
        }
        if c == '%' {
            if bad_percent.is_none() && !two_hex_digits_after(bytes, i) {
                bad_percent = Some(i);
            }
        } else if !is_url_code_point(c) {
            invalid_unit = invalid_unit.or(Some(i));
        }
        let len = c.len_utf8();
        if percent::C0_CONTROL.contains(b) {
            out.push_str(&input[appended..i]);
            for &byte in &bytes[i..i + len] {
                percent::push_percent_encoded_byte(out, byte);
            }
            appended = i + len;
        }
        i += len;
    }
    out.push_str(&input[appended..]);
    for position in [invalid_unit, bad_percent].into_iter().flatten() {
        errors.report(ValidationErrorKind::InvalidUrlUnit, offset + position);
    }
    Ok(false)
}
