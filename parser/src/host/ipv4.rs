//! IPv4: the ends-in-a-number checker, the IPv4 parser and number parser, the serializer.
//!
//! <https://url.spec.whatwg.org/#concept-ipv4-parser>

use crate::errors::{Errors, ValidationErrorKind};
use crate::host::HostParseFailure;

/// The text of the parts of `input` strictly split on U+002E (.), once a last item that is
/// the empty string is removed; and whether one was. (`input` must not be empty: its only
/// part would be the empty string, which is never removed.)
fn split_dropping_empty_last(input: &str) -> (&str, bool) {
    match input.strip_suffix('.') {
        Some(rest) => (rest, true),
        None => (input, false),
    }
}

/// <https://url.spec.whatwg.org/#ends-in-a-number-checker>
pub fn ends_in_a_number(input: &str) -> bool {
    // "Let parts be the result of strictly splitting input on U+002E (.)."
    // "If the last item in parts is the empty string, then:"
    //   "If parts's size is 1, return false."
    //   "Remove the last item from parts."
    if input.is_empty() {
        return false;
    }
    let (parts, _) = split_dropping_empty_last(input);
    // "Let last be the last item in parts."
    // Both tests below need last to hold nothing but ASCII hex digits, `x` and `X` (digits,
    // or "0x" and hex digits): last is found from the end, and any other byte answers at
    // once (most domains end in one).
    let bytes = parts.as_bytes();
    let mut last_start = bytes.len();
    while let Some(&b) = last_start.checked_sub(1).map(|i| &bytes[i]) {
        match b {
            b'.' => break,
            b'x' | b'X' => last_start -= 1,
            _ if b.is_ascii_hexdigit() => last_start -= 1,
            _ => return false,
        }
    }
    let last = &parts[last_start..];
    // "If last is non-empty and contains only ASCII digits, then return true."
    if !last.is_empty() && last.bytes().all(|b| b.is_ascii_digit()) {
        return true;
    }
    // "If parsing last as an IPv4 number does not return failure, then return true."
    // (The spec notes this is last being "0x" or "0X" followed by ASCII hex digits.)
    // "Return false."
    parse_ipv4_number(last).is_some()
}

/// <https://url.spec.whatwg.org/#ipv4-number-parser>
///
/// Returns the number and whether it was written in a non-decimal radix. Numbers too big
/// for any IPv4 address saturate at `u64::MAX`: the IPv4 parser rejects them either way.
fn parse_ipv4_number(input: &str) -> Option<(u64, bool)> {
    parse_ipv4_number_bytes(input.as_bytes())
}

/// [`parse_ipv4_number`] on the bytes of its input (ASCII or not, its steps read bytes).
fn parse_ipv4_number_bytes(mut input: &[u8]) -> Option<(u64, bool)> {
    // "If input is the empty string, then return failure."
    if input.is_empty() {
        return None;
    }
    // "Let validationError be false."
    // "Let R be 10."
    let mut validation_error = false;
    let mut radix = 10;
    // "If input contains at least two code points and the first two code points are
    // either "0X" or "0x", then:" set validationError to true, remove the first two code
    // points from input, set R to 16.
    if input.len() >= 2 && input[0] == b'0' && (input[1] == b'x' || input[1] == b'X') {
        validation_error = true;
        input = &input[2..];
        radix = 16;
    }
    // "Otherwise, if input contains at least two code points and the first code point is
    // U+0030 (0), then:" set validationError to true, remove the first code point from
    // input, set R to 8.
    else if input.len() >= 2 && input[0] == b'0' {
        validation_error = true;
        input = &input[1..];
        radix = 8;
    }
    // "If input is the empty string, then return (0, true)."
    if input.is_empty() {
        return Some((0, true));
    }
    // "If input contains a code point that is not a radix-R digit, then return failure."
    // "Let output be the mathematical integer value that is represented by input in
    // radix-R notation, using ASCII hex digits for digits with values 0 through 15."
    let mut output: u64 = 0;
    for &b in input {
        let digit = (b as char).to_digit(radix)?;
        output = output.saturating_mul(u64::from(radix)).saturating_add(u64::from(digit));
    }
    // "Return (output, validationError)."
    Some((output, validation_error))
}

/// <https://url.spec.whatwg.org/#concept-ipv4-parser>
///
/// Validation errors are reported at `offset` plus the byte position in `input` of the
/// part (or dot) they concern.
pub fn parse_ipv4(
    input: &str,
    errors: &mut Errors,
    offset: usize,
) -> Result<u32, HostParseFailure> {
    parse_ipv4_located(input, errors, offset, true)
}

/// The IPv4 parser; with `parts_located` false (`input` is not the URL input's text, see the
/// host parser) every validation error is reported at `offset`.
pub(crate) fn parse_ipv4_located(
    input: &str,
    errors: &mut Errors,
    offset: usize,
    parts_located: bool,
) -> Result<u32, HostParseFailure> {
    let at = |i: usize| if parts_located { offset + i } else { offset };
    // "Let parts be the result of strictly splitting input on U+002E (.)."
    // "If the last item in parts is the empty string, then:"
    //   "IPv4-empty-part validation error."
    //   "If parts's size is greater than 1, then remove the last item from parts."
    let (parts_text, dropped_empty) =
        if input.is_empty() { (input, false) } else { split_dropping_empty_last(input) };
    if dropped_empty || input.is_empty() {
        errors.report(ValidationErrorKind::Ipv4EmptyPart, at(input.len()));
    }
    // (Parts are split and read as bytes: `.` is ASCII, and so is every digit.)
    let parts = || parts_text.as_bytes().split(|&b| b == b'.');
    let size = parts().count();
    // "If parts's size is less than 4, IPv4-too-few-parts validation error."
    if size < 4 {
        errors.report(ValidationErrorKind::Ipv4TooFewParts, at(0));
    }
    // "If parts's size is greater than 4, IPv4-too-many-parts validation error, return
    // failure."
    if size > 4 {
        errors.report(ValidationErrorKind::Ipv4TooManyParts, at(0));
        return Err(HostParseFailure);
    }
    // "Let numbers be an empty list."
    let mut numbers = [0u64; 4];
    let mut starts = [0usize; 4];
    let mut count = 0;
    let mut part_start = 0;
    // "For each part of parts:"
    for part in parts() {
        // "Let result be the result of parsing part."
        // "If result is failure, IPv4-non-numeric-part validation error, return failure."
        let Some((number, non_decimal)) = parse_ipv4_number_bytes(part) else {
            errors.report(ValidationErrorKind::Ipv4NonNumericPart, at(part_start));
            return Err(HostParseFailure);
        };
        // "If result[1] is true, IPv4-non-decimal-part validation error."
        if non_decimal {
            errors.report(ValidationErrorKind::Ipv4NonDecimalPart, at(part_start));
        }
        // "Append result[0] to numbers."
        numbers[count] = number;
        starts[count] = part_start;
        count += 1;
        part_start += part.len() + 1;
    }
    let numbers = &numbers[..count];
    // "If any item in numbers is greater than 255, IPv4-out-of-range-part validation error."
    if let Some(i) = numbers.iter().position(|&n| n > 255) {
        errors.report(ValidationErrorKind::Ipv4OutOfRangePart, at(starts[i]));
    }
    // "If any but the last item in numbers is greater than 255, then return failure."
    let (&last, init) = numbers.split_last().expect("parts is never empty");
    if init.iter().any(|&n| n > 255) {
        return Err(HostParseFailure);
    }
    // "If the last item in numbers is greater than or equal to 256^(5 − numbers's size),
    // then return failure."
    // (256^k is 2^(8k): shifts, not powers.)
    if last >= 1u64 << (8 * (5 - count)) {
        return Err(HostParseFailure);
    }
    // "Let ipv4 be the last item in numbers." "Remove the last item from numbers."
    // "Let counter be 0." "For each n of numbers:" "Increment ipv4 by n × 256^(3 − counter)."
    // "Increment counter by 1."
    let mut ipv4 = last;
    for (counter, &n) in init.iter().enumerate() {
        ipv4 += n << (8 * (3 - counter));
    }
    // "Return ipv4."
    Ok(u32::try_from(ipv4).expect("checked against 256^(5 - size) above"))
}

/// Shortcut: a host written as the IPv4 serializer writes addresses (four decimal parts of
/// 0 to 255, no leading zero, no trailing dot, as most IPv4 hosts are) is that address, with
/// no validation error. For it the host parser's steps come down to this: its bytes are
/// digits and dots, so domain to ASCII returns it as it is (labels of 1 to 3 digits, no
/// hyphen, no Punycode prefix, at most 15 bytes) with no error; it ends in a number; and the
/// IPv4 parser finds four decimal parts (a part of two or more digits starts with no `0`, so
/// none is read in radix 8 or 16), none empty and none over 255, and reports nothing. `None`
/// for any other host. Property test `dotted_decimal_shortcut_is_the_full_path`.
#[inline]
pub(crate) fn dotted_decimal_ipv4(input: &[u8]) -> Option<u32> {
    if input.len() > 15 {
        return None;
    }
    let (mut address, mut part, mut digits, mut parts) = (0u32, 0u32, 0u32, 0u32);
    for &b in input {
        match b {
            b'0'..=b'9' => {
                // A leading zero, or a fourth digit, is not how the serializer writes a part.
                if (digits == 1 && part == 0) || digits == 3 {
                    return None;
                }
                part = part * 10 + u32::from(b - b'0');
                digits += 1;
            }
            b'.' if digits > 0 && parts < 3 && part <= 255 => {
                address = address << 8 | part;
                (part, digits, parts) = (0, 0, parts + 1);
            }
            _ => return None,
        }
    }
    (parts == 3 && digits > 0 && part <= 255).then_some(address << 8 | part)
}

/// <https://url.spec.whatwg.org/#concept-ipv4-serializer>
pub fn serialize_ipv4(address: u32, out: &mut String) {
    // "Let output be the empty string." "Let n be the value of address."
    // "For each i in the range 1 to 4, inclusive:" prepend n % 256, serialized; if i is
    // not 4, prepend U+002E (.); set n to floor(n / 256).
    // Appending the four bytes from the most significant one builds the same string.
    let [a, b, c, d] = address.to_be_bytes();
    for (i, byte) in [a, b, c, d].into_iter().enumerate() {
        if i != 0 {
            out.push('.');
        }
        push_decimal(out, byte);
    }
}

fn push_decimal(out: &mut String, byte: u8) {
    if byte >= 100 {
        out.push((b'0' + byte / 100) as char);
    }
    if byte >= 10 {
        out.push((b'0' + byte / 10 % 10) as char);
    }
    out.push((b'0' + byte % 10) as char);
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The ends-in-a-number checker step by step as the spec words it, with lists.
    fn ends_in_a_number_as_written(input: &str) -> bool {
        let mut parts: Vec<&str> = input.split('.').collect();
        if parts.last() == Some(&"") {
            if parts.len() == 1 {
                return false;
            }
            parts.pop();
        }
        let last = parts.last().copied().unwrap_or("");
        if !last.is_empty() && last.bytes().all(|b| b.is_ascii_digit()) {
            return true;
        }
        parse_ipv4_number(last).is_some()
    }

    proptest::proptest! {
        #![proptest_config(crate::property_test_config(4096))]
        /// The checker (with its early answer for a last byte no number can end in) is the
        /// spec's steps.
        #[test]
        fn ends_in_a_number_is_the_steps_as_written(input in "[0-9a-fxXg.]{0,8}") {
            proptest::prop_assert_eq!(
                ends_in_a_number(&input),
                ends_in_a_number_as_written(&input),
                "{:?}", input
            );
        }
    }

    fn ipv4(input: &str) -> (Result<u32, HostParseFailure>, Vec<ValidationErrorKind>) {
        let mut errors = Errors::new();
        let result = parse_ipv4(input, &mut errors, 0);
        (result, errors.as_slice().iter().map(|e| e.kind).collect())
    }

    fn serialized(address: u32) -> String {
        let mut out = String::new();
        serialize_ipv4(address, &mut out);
        out
    }

    #[test]
    fn number_forms() {
        // WPT urltestdata: http://0x7f.1/ → 127.0.0.1, http://0177.0.0.1 etc.
        assert_eq!(ipv4("0x7f.1").0, Ok(0x7F00_0001));
        assert_eq!(ipv4("0177.0.0.1").0, Ok(0x7F00_0001));
        assert_eq!(ipv4("127.1").0, Ok(0x7F00_0001));
        assert_eq!(ipv4("127.0.1").0, Ok(0x7F00_0001));
        assert_eq!(ipv4("0").0, Ok(0));
        assert_eq!(ipv4("0x").0, Ok(0));
        assert_eq!(ipv4("4294967295").0, Ok(u32::MAX));
        assert_eq!(ipv4("0xffffffff").0, Ok(u32::MAX));
        assert_eq!(ipv4("192.168.0.257").0, Err(HostParseFailure));
        assert_eq!(ipv4("4294967296").0, Err(HostParseFailure));
        assert_eq!(ipv4("0x100000000").0, Err(HostParseFailure));
        assert_eq!(ipv4("256.0.0.1").0, Err(HostParseFailure));
        assert_eq!(ipv4("1.2.3.4.").0, Ok(0x0102_0304));
        assert_eq!(ipv4("1.2.3.4..").0, Err(HostParseFailure));
        assert_eq!(ipv4("09").0, Err(HostParseFailure));
        assert_eq!(ipv4("0x1g").0, Err(HostParseFailure));
        assert_eq!(ipv4("1.65536").0, Ok(0x0101_0000));
        assert_eq!(ipv4("99999999999999999999999").0, Err(HostParseFailure));
    }

    #[test]
    fn each_ipv4_validation_error() {
        use ValidationErrorKind::*;
        assert_eq!(ipv4("1.2.3.4."), (Ok(0x0102_0304), vec![Ipv4EmptyPart]));
        assert_eq!(ipv4("1.2.3.4.5"), (Err(HostParseFailure), vec![Ipv4TooManyParts]));
        assert_eq!(ipv4("1.2.x.4"), (Err(HostParseFailure), vec![Ipv4NonNumericPart]));
        // Only one empty last part is removed: "1.2.3.4.." keeps five parts.
        assert_eq!(ipv4("1.2.3.4..").1, vec![Ipv4EmptyPart, Ipv4TooManyParts]);
        assert_eq!(ipv4("1.2..").1, vec![Ipv4EmptyPart, Ipv4TooFewParts, Ipv4NonNumericPart]);
        assert_eq!(ipv4("").1, vec![Ipv4EmptyPart, Ipv4TooFewParts, Ipv4NonNumericPart]);
        // The spec's example for IPv4-too-few-parts, and the order of the steps: too few
        // parts before each part's own errors.
        assert_eq!(ipv4("1.2.3"), (Ok(0x0102_0003), vec![Ipv4TooFewParts]));
        assert_eq!(ipv4("0x7f.1"), (Ok(0x7F00_0001), vec![Ipv4TooFewParts, Ipv4NonDecimalPart]));
        assert_eq!(
            ipv4("1.2.3.0400"),
            (Err(HostParseFailure), vec![Ipv4NonDecimalPart, Ipv4OutOfRangePart])
        );
        // Out of range but not fatal: the last part may span the remaining bytes.
        assert_eq!(ipv4("1.256"), (Ok(0x0100_0100), vec![Ipv4TooFewParts, Ipv4OutOfRangePart]));
    }

    #[test]
    fn error_positions_point_at_the_part() {
        let mut errors = Errors::new();
        let _ = parse_ipv4("1.2.0x3.4.", &mut errors, 10);
        let found: Vec<_> = errors.as_slice().iter().map(|e| (e.kind, e.position)).collect();
        use ValidationErrorKind::*;
        assert_eq!(found, vec![(Ipv4EmptyPart, 20), (Ipv4NonDecimalPart, 14)]);
        // Not located: everything at the offset.
        let mut errors = Errors::new();
        let _ = parse_ipv4_located("1.2.0x3.4.", &mut errors, 10, false);
        assert!(errors.as_slice().iter().all(|e| e.position == 10));
    }

    #[test]
    fn ends_in_a_number_cases() {
        assert!(ends_in_a_number("1.2.3.4"));
        assert!(ends_in_a_number("example.255"));
        assert!(ends_in_a_number("a.0x"));
        assert!(ends_in_a_number("a.0XfF"));
        assert!(ends_in_a_number("a.1."));
        assert!(ends_in_a_number("09"));
        assert!(!ends_in_a_number("a.1.."));
        assert!(!ends_in_a_number("."));
        assert!(!ends_in_a_number(""));
        assert!(!ends_in_a_number("example.com"));
        assert!(!ends_in_a_number("1.a"));
        assert!(!ends_in_a_number("a.0x1g"));
        assert!(!ends_in_a_number("a.08a"));
    }

    #[test]
    fn serializer() {
        assert_eq!(serialized(0x7F00_0001), "127.0.0.1");
        assert_eq!(serialized(0), "0.0.0.0");
        assert_eq!(serialized(u32::MAX), "255.255.255.255");
        assert_eq!(serialized(0x0A64_C809), "10.100.200.9");
    }
}
