//! IPv6: the IPv6 parser and serializer.
//!
//! <https://url.spec.whatwg.org/#concept-ipv6-parser>

use crate::errors::{Errors, ValidationErrorKind};
use crate::host::HostParseFailure;

/// The spec's pointer into `input`, with `c` being the code point it points at. Reading
/// bytes is enough: every code point the parser accepts is ASCII, and a byte of a non-ASCII
/// code point is rejected the same way the code point would be.
struct Pointer<'a> {
    input: &'a [u8],
    pointer: usize,
}

impl Pointer<'_> {
    /// `c`, or `None` for the EOF code point.
    fn c(&self) -> Option<u8> {
        self.input.get(self.pointer).copied()
    }

    /// Whether "remaining" (the code points after `c`) starts with `byte`.
    fn remaining_starts_with(&self, byte: u8) -> bool {
        self.input.get(self.pointer + 1) == Some(&byte)
    }
}

/// Report `kind` at the pointer and return failure.
fn fail(
    kind: ValidationErrorKind,
    at: &Pointer<'_>,
    errors: &mut Errors,
    offset: usize,
) -> Result<[u16; 8], HostParseFailure> {
    errors.report(kind, offset + at.pointer);
    Err(HostParseFailure)
}

/// <https://url.spec.whatwg.org/#concept-ipv6-parser>
///
/// `input` is the address without its brackets; validation errors are reported at
/// `offset` plus the pointer's byte position in `input` when the error arose.
pub fn parse_ipv6(
    input: &str,
    errors: &mut Errors,
    offset: usize,
) -> Result<[u16; 8], HostParseFailure> {
    use ValidationErrorKind::*;
    // "Let address be a new IPv6 address whose IPv6 pieces are all 0."
    let mut address = [0u16; 8];
    // "Let pieceIndex be 0." "Let compress be null." "Let pointer be a pointer for input."
    let mut piece_index = 0;
    let mut compress: Option<usize> = None;
    let mut p = Pointer { input: input.as_bytes(), pointer: 0 };
    // "If c is U+003A (:), then:"
    if p.c() == Some(b':') {
        // "If remaining does not start with U+003A (:), IPv6-invalid-compression validation
        // error, return failure."
        if !p.remaining_starts_with(b':') {
            return fail(Ipv6InvalidCompression, &p, errors, offset);
        }
        // "Increase pointer by 2."
        p.pointer += 2;
        // "Increase pieceIndex by 1 and then set compress to pieceIndex."
        piece_index += 1;
        compress = Some(piece_index);
    }
    // "While c is not the EOF code point:"
    while p.c().is_some() {
        // "If pieceIndex is 8, IPv6-too-many-pieces validation error, return failure."
        if piece_index == 8 {
            return fail(Ipv6TooManyPieces, &p, errors, offset);
        }
        // "If c is U+003A (:), then:"
        if p.c() == Some(b':') {
            // "If compress is non-null, IPv6-multiple-compression validation error, return
            // failure."
            if compress.is_some() {
                return fail(Ipv6MultipleCompression, &p, errors, offset);
            }
            // "Increase pointer and pieceIndex by 1, set compress to pieceIndex, and then
            // continue."
            p.pointer += 1;
            piece_index += 1;
            compress = Some(piece_index);
            continue;
        }
        let piece_start = p.pointer;
        let (value, length) = read_hex_piece(&mut p);
        // "If c is U+002E (.), then:"
        if p.c() == Some(b'.') {
            // "If length is 0, IPv4-in-IPv6-invalid-code-point validation error, return
            // failure."
            if length == 0 {
                return fail(Ipv4InIpv6InvalidCodePoint, &p, errors, offset);
            }
            // "Decrease pointer by length."
            p.pointer -= length;
            // "If pieceIndex is greater than 6, IPv4-in-IPv6-too-many-pieces validation
            // error, return failure."
            if piece_index > 6 {
                return fail(Ipv4InIpv6TooManyPieces, &p, errors, offset);
            }
            parse_ipv4_in_ipv6(&mut p, &mut address, &mut piece_index, errors, offset)?;
            // "Break."
            break;
        }
        // "Otherwise, if c is U+003A (:):"
        else if p.c() == Some(b':') {
            // "Increase pointer by 1."
            p.pointer += 1;
            // "If c is the EOF code point, IPv6-invalid-code-point validation error, return
            // failure."
            if p.c().is_none() {
                return fail(Ipv6InvalidCodePoint, &p, errors, offset);
            }
        }
        // "Otherwise, if c is not the EOF code point, IPv6-invalid-code-point validation
        // error, return failure."
        else if p.c().is_some() {
            return fail(Ipv6InvalidCodePoint, &p, errors, offset);
        }
        // "If length is greater than 1 and value is less than 0x10^(length − 1),
        // IPv6-piece-leading-zero validation error." (Reported at the piece's first digit.)
        if length > 1 && u32::from(value) < 0x10u32.pow(length as u32 - 1) {
            errors.report(Ipv6PieceLeadingZero, offset + piece_start);
        }
        // "Set address[pieceIndex] to value." "Increase pieceIndex by 1."
        address[piece_index] = value;
        piece_index += 1;
    }
    // "If compress is non-null, then:"
    if let Some(compress) = compress {
        move_pieces_after_compression(&mut address, compress, piece_index);
    }
    // "Otherwise, if compress is null and pieceIndex is not 8, IPv6-too-few-pieces
    // validation error, return failure."
    else if piece_index != 8 {
        return fail(Ipv6TooFewPieces, &p, errors, offset);
    }
    // "Return address."
    Ok(address)
}

/// "Let value and length be 0." "While length is less than 4 and c is an ASCII hex digit,
/// set value to value × 0x10 + c interpreted as hexadecimal number, and increase pointer and
/// length by 1."
/// Each byte's value as an ASCII hex digit (either case), 16 for any other byte.
const HEX_DIGIT: [u8; 256] = {
    let mut table = [16u8; 256];
    let mut b = 0;
    while b < 256 {
        table[b] = match b as u8 {
            d @ b'0'..=b'9' => d - b'0',
            d @ b'a'..=b'f' => d - b'a' + 10,
            d @ b'A'..=b'F' => d - b'A' + 10,
            _ => 16,
        };
        b += 1;
    }
    table
};

fn read_hex_piece(p: &mut Pointer<'_>) -> (u16, usize) {
    let mut value: u16 = 0;
    let mut length = 0;
    while length < 4 {
        let Some(digit) = p.c().map(|c| HEX_DIGIT[usize::from(c)]).filter(|&d| d < 16) else {
            break;
        };
        value = value * 0x10 + u16::from(digit);
        p.pointer += 1;
        length += 1;
    }
    (value, length)
}

/// The steps under "If compress is non-null, then:", moving the pieces parsed after the
/// compression to the end of the address.
fn move_pieces_after_compression(address: &mut [u16; 8], compress: usize, piece_index: usize) {
    // "Let swaps be pieceIndex − compress." "Set pieceIndex to 7."
    let mut swaps = piece_index - compress;
    let mut piece_index = 7;
    // "While pieceIndex is not 0 and swaps is greater than 0, swap address[pieceIndex] with
    // address[compress + swaps − 1], and then decrease both pieceIndex and swaps by 1."
    while piece_index != 0 && swaps > 0 {
        address.swap(piece_index, compress + swaps - 1);
        piece_index -= 1;
        swaps -= 1;
    }
}

/// The IPv4-in-IPv6 steps of the IPv6 parser (from "Let numbersSeen be 0." to the check
/// that numbersSeen is 4), with the pointer at the first digit of the IPv4 part.
fn parse_ipv4_in_ipv6(
    p: &mut Pointer<'_>,
    address: &mut [u16; 8],
    piece_index: &mut usize,
    errors: &mut Errors,
    offset: usize,
) -> Result<(), HostParseFailure> {
    use ValidationErrorKind::*;
    let mut fail = |kind, p: &Pointer<'_>| {
        errors.report(kind, offset + p.pointer);
        Err(HostParseFailure)
    };
    // "Let numbersSeen be 0."
    let mut numbers_seen = 0;
    // "While c is not the EOF code point:"
    while p.c().is_some() {
        // "Let ipv4Piece be null."
        let mut ipv4_piece: Option<u16> = None;
        // "If numbersSeen is greater than 0, then:"
        if numbers_seen > 0 {
            // "If c is a U+002E (.) and numbersSeen is less than 4, then increase pointer
            // by 1."
            if p.c() == Some(b'.') && numbers_seen < 4 {
                p.pointer += 1;
            }
            // "Otherwise, IPv4-in-IPv6-invalid-code-point validation error, return failure."
            else {
                return fail(Ipv4InIpv6InvalidCodePoint, p);
            }
        }
        // "If c is not an ASCII digit, IPv4-in-IPv6-invalid-code-point validation error,
        // return failure."
        if !p.c().is_some_and(|c| c.is_ascii_digit()) {
            return fail(Ipv4InIpv6InvalidCodePoint, p);
        }
        // "While c is an ASCII digit:"
        while let Some(c) = p.c().filter(u8::is_ascii_digit) {
            // "Let number be c interpreted as decimal number."
            let number = u16::from(c - b'0');
            ipv4_piece = match ipv4_piece {
                // "If ipv4Piece is null, then set ipv4Piece to number."
                None => Some(number),
                // "Otherwise, if ipv4Piece is 0, IPv4-in-IPv6-invalid-code-point validation
                // error, return failure."
                Some(0) => return fail(Ipv4InIpv6InvalidCodePoint, p),
                // "Otherwise, set ipv4Piece to ipv4Piece × 10 + number."
                Some(piece) => Some(piece * 10 + number),
            };
            // "If ipv4Piece is greater than 255, IPv4-in-IPv6-out-of-range-part validation
            // error, return failure."
            if ipv4_piece > Some(255) {
                return fail(Ipv4InIpv6OutOfRangePart, p);
            }
            // "Increase pointer by 1."
            p.pointer += 1;
        }
        // "Set address[pieceIndex] to address[pieceIndex] × 0x100 + ipv4Piece."
        let piece = ipv4_piece.expect("at least one digit was read");
        address[*piece_index] = address[*piece_index] * 0x100 + piece;
        // "Increase numbersSeen by 1."
        numbers_seen += 1;
        // "If numbersSeen is 2 or 4, then increase pieceIndex by 1."
        if numbers_seen == 2 || numbers_seen == 4 {
            *piece_index += 1;
        }
    }
    // "If numbersSeen is not 4, IPv4-in-IPv6-too-few-parts validation error, return
    // failure."
    if numbers_seen != 4 {
        return fail(Ipv4InIpv6TooFewParts, p);
    }
    Ok(())
}

/// <https://url.spec.whatwg.org/#concept-ipv6-serializer>
///
/// Appends the serialization (without brackets) to `out`.
pub fn serialize_ipv6(address: &[u16; 8], out: &mut String) {
    // "Let output be the empty string."
    // "Let compress be an index to the first IPv6 piece in the first longest sequences of
    // address's IPv6 pieces that are 0."
    // "If there is no sequence of address's IPv6 pieces that are 0 that is longer than 1,
    // then set compress to null."
    let compress = first_longest_zero_run(address);
    // "Let ignore0 be false."
    let mut ignore0 = false;
    // "For each pieceIndex in the range 0 to 7, inclusive:"
    for (piece_index, &piece) in address.iter().enumerate() {
        // "If ignore0 is true and address[pieceIndex] is 0, then continue."
        if ignore0 && piece == 0 {
            continue;
        }
        // "Otherwise, if ignore0 is true, set ignore0 to false."
        ignore0 = false;
        // "If compress is pieceIndex, then:"
        if compress == Some(piece_index) {
            // "Let separator be "::" if pieceIndex is 0, and U+003A (:) otherwise."
            // "Append separator to output." "Set ignore0 to true and continue."
            out.push_str(if piece_index == 0 { "::" } else { ":" });
            ignore0 = true;
            continue;
        }
        // "Append address[pieceIndex], represented as the shortest possible lowercase
        // hexadecimal number, to output."
        push_lower_hex(out, piece);
        // "If pieceIndex is not 7, then append U+003A (:) to output."
        if piece_index != 7 {
            out.push(':');
        }
    }
}

/// The start of the first longest run of zero pieces, if that run is longer than 1.
fn first_longest_zero_run(address: &[u16; 8]) -> Option<usize> {
    let mut best: Option<(usize, usize)> = None;
    let mut i = 0;
    while i < 8 {
        if address[i] != 0 {
            i += 1;
            continue;
        }
        let start = i;
        while i < 8 && address[i] == 0 {
            i += 1;
        }
        let length = i - start;
        let longer = match best {
            None => true,
            Some((_, best_length)) => length > best_length,
        };
        if length > 1 && longer {
            best = Some((start, length));
        }
    }
    best.map(|(start, _)| start)
}

fn push_lower_hex(out: &mut String, piece: u16) {
    const HEX: &[u8; 16] = b"0123456789abcdef";
    let hex = |shift: u16| char::from(HEX[usize::from((piece >> shift) & 0xF)]);
    // The shortest form: a digit for each nibble from the highest that is not 0, one for 0.
    if piece >= 0x1000 {
        out.push(hex(12));
    }
    if piece >= 0x100 {
        out.push(hex(8));
    }
    if piece >= 0x10 {
        out.push(hex(4));
    }
    out.push(hex(0));
}

#[cfg(test)]
mod tests {
    use super::*;
    use ValidationErrorKind::*;

    fn ipv6(input: &str) -> Result<[u16; 8], ValidationErrorKind> {
        let mut errors = Errors::new();
        let result = parse_ipv6(input, &mut errors, 0);
        match result {
            Ok(address) => {
                assert!(
                    errors.as_slice().iter().all(|e| e.kind == Ipv6PieceLeadingZero),
                    "{input}: {errors:?}"
                );
                Ok(address)
            }
            Err(HostParseFailure) => {
                assert_eq!(errors.len(), 1, "{input}: {errors:?}");
                Err(errors.as_slice()[0].kind)
            }
        }
    }

    fn roundtrip(input: &str) -> String {
        let mut out = String::new();
        serialize_ipv6(&ipv6(input).expect(input), &mut out);
        out
    }

    #[test]
    fn parses_forms() {
        assert_eq!(ipv6("::1"), Ok([0, 0, 0, 0, 0, 0, 0, 1]));
        assert_eq!(ipv6("::"), Ok([0; 8]));
        assert_eq!(ipv6("1::"), Ok([1, 0, 0, 0, 0, 0, 0, 0]));
        assert_eq!(ipv6("1:2:3:4:5:6:7:8"), Ok([1, 2, 3, 4, 5, 6, 7, 8]));
        assert_eq!(ipv6("1::8"), Ok([1, 0, 0, 0, 0, 0, 0, 8]));
        assert_eq!(ipv6("::ffff:192.168.0.1"), Ok([0, 0, 0, 0, 0, 0xFFFF, 0xC0A8, 0x0001]));
        assert_eq!(ipv6("1:2:3:4:5:6:1.2.3.4"), Ok([1, 2, 3, 4, 5, 6, 0x0102, 0x0304]));
        assert_eq!(ipv6("ABCD::eF01"), Ok([0xABCD, 0, 0, 0, 0, 0, 0, 0xEF01]));
    }

    #[test]
    fn each_ipv6_validation_error() {
        assert_eq!(ipv6(":1"), Err(Ipv6InvalidCompression));
        assert_eq!(ipv6("1:2:3:4:5:6:7:8:9"), Err(Ipv6TooManyPieces));
        assert_eq!(ipv6("1::2::3"), Err(Ipv6MultipleCompression));
        assert_eq!(ipv6("1:2:3:4:5:6:7:g"), Err(Ipv6InvalidCodePoint));
        assert_eq!(ipv6("1:2:3:4:5:6:7:"), Err(Ipv6InvalidCodePoint));
        assert_eq!(ipv6("12345::"), Err(Ipv6InvalidCodePoint));
        assert_eq!(ipv6("1:2:3:4:5:6:7"), Err(Ipv6TooFewPieces));
        assert_eq!(ipv6("1:2:3:4:5:6:7:1.2.3.4"), Err(Ipv4InIpv6TooManyPieces));
        assert_eq!(ipv6("::.1.2.3"), Err(Ipv4InIpv6InvalidCodePoint));
        assert_eq!(ipv6("::1.2.3.4x"), Err(Ipv4InIpv6InvalidCodePoint));
        assert_eq!(ipv6("::1.2..3"), Err(Ipv4InIpv6InvalidCodePoint));
        assert_eq!(ipv6("::01.2.3.4"), Err(Ipv4InIpv6InvalidCodePoint));
        assert_eq!(ipv6("::1.2.3.4.5"), Err(Ipv4InIpv6InvalidCodePoint));
        assert_eq!(ipv6("::1.2.3.256"), Err(Ipv4InIpv6OutOfRangePart));
        assert_eq!(ipv6("::1.2.3"), Err(Ipv4InIpv6TooFewParts));
        assert_eq!(ipv6("::1.2.3."), Err(Ipv4InIpv6InvalidCodePoint));
    }

    #[test]
    fn piece_leading_zero_is_reported_for_each_piece_that_has_one() {
        let leading_zeros = |input: &str| {
            let mut errors = Errors::new();
            let result = parse_ipv6(input, &mut errors, 100);
            let found: Vec<_> = errors.as_slice().iter().map(|e| (e.kind, e.position)).collect();
            (result.is_ok(), found)
        };
        // The spec's example, "https://[::01]": a piece of length 2 whose value is < 0x10.
        assert_eq!(leading_zeros("::01"), (true, vec![(Ipv6PieceLeadingZero, 102)]));
        assert_eq!(
            leading_zeros("0001:02::0abc"),
            (
                true,
                vec![
                    (Ipv6PieceLeadingZero, 100),
                    (Ipv6PieceLeadingZero, 105),
                    (Ipv6PieceLeadingZero, 109)
                ]
            )
        );
        // A lone 0, and pieces without a leading zero, are fine.
        assert_eq!(leading_zeros("0:0::10:100:1000"), (true, vec![]));
        // A piece followed by an invalid code point fails before the leading-zero step.
        assert_eq!(leading_zeros("01x::"), (false, vec![(Ipv6InvalidCodePoint, 102)]));
        // The IPv4 part's digits are not an IPv6 piece.
        assert_eq!(leading_zeros("::1.2.3.4"), (true, vec![]));
    }

    #[test]
    fn error_position_is_the_pointer() {
        let mut errors = Errors::new();
        let _ = parse_ipv6("1:2:x", &mut errors, 20);
        assert_eq!(errors.as_slice()[0].position, 24);
    }

    #[test]
    fn serializer_compresses_the_first_longest_zero_run() {
        // The spec's host table: [0:0::1] → [::1].
        assert_eq!(roundtrip("0:0::1"), "::1");
        assert_eq!(roundtrip("::"), "::");
        assert_eq!(roundtrip("1::"), "1::");
        // A single zero piece is not compressed (RFC 5952 §4.2.2).
        assert_eq!(roundtrip("1:0:2:3:4:5:6:7"), "1:0:2:3:4:5:6:7");
        // Equal runs: the first wins.
        assert_eq!(roundtrip("1:0:0:2:0:0:3:4"), "1::2:0:0:3:4");
        // A longer later run wins.
        assert_eq!(roundtrip("1:0:0:2:0:0:0:3"), "1:0:0:2::3");
        // Leading zeros dropped, lowercase (WPT: [0:0:0:0:0:0:13.1.68.3] → [::d01:4403]).
        assert_eq!(roundtrip("0:0:0:0:0:0:13.1.68.3"), "::d01:4403");
        assert_eq!(roundtrip("2001:0DB8:0000:0000:0000:FF00:0042:8329"), "2001:db8::ff00:42:8329");
        assert_eq!(roundtrip("::ffff:192.168.0.1"), "::ffff:c0a8:1");
    }

    #[test]
    fn pieces_of_every_width_and_either_case() {
        // The shortest lowercase hex of each piece: one to four digits, 0 as "0" (the
        // serializer's "shortest possible lowercase hexadecimal number").
        assert_eq!(roundtrip("f:10:fff:1000:FFFF:aBc:0:9"), "f:10:fff:1000:ffff:abc:0:9");
        assert_eq!(
            ipv6("AbCd:EF01:2345:6789:a:B:c:D"),
            Ok([0xabcd, 0xef01, 0x2345, 0x6789, 10, 11, 12, 13])
        );
        // Not hex digits: `g` (after a piece, where `:` or `.` is wanted) and a byte of a
        // non-ASCII code point.
        assert_eq!(ipv6("1:g::"), Err(Ipv6InvalidCodePoint));
        assert_eq!(ipv6("1:\u{FF11}::"), Err(Ipv6InvalidCodePoint));
    }
}
