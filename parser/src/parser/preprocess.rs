//! The basic URL parser's pre-processing of its input: "If url is not given: … remove any
//! leading and trailing C0 control or space … remove all ASCII tab or newline from input",
//! with the validation errors it reports.

use super::is_ascii_tab_or_newline;
use crate::errors::{Errors, ValidationErrorKind};

/// "If input contains any leading or trailing C0 control or space, invalid-URL-unit
/// validation error. Remove any leading and trailing C0 control or space from input."
/// "If input contains any ASCII tab or newline, invalid-URL-unit validation error."
/// "Remove all ASCII tab or newline from input."
pub(super) fn preprocess<'a>(
    input: &'a str,
    errors: &mut Errors,
) -> (std::borrow::Cow<'a, str>, usize, Option<Vec<u32>>) {
    // C0 controls and space are ASCII, so a byte scan finds them exactly.
    let bytes = input.as_bytes();
    let (leading, trimmed) = match (bytes.first(), bytes.last()) {
        // Nothing to trim (the common case): no scan.
        (Some(&first), Some(&last)) if first > b' ' && last > b' ' => (0, input),
        _ => {
            let leading = bytes.iter().position(|&b| b > b' ').unwrap_or(bytes.len());
            let end = bytes.iter().rposition(|&b| b > b' ').map_or(leading, |i| i + 1);
            if end - leading != input.len() {
                errors.report(ValidationErrorKind::InvalidUrlUnit, 0);
            }
            (leading, &input[leading..end])
        }
    };
    // (Tab and newlines are ASCII: a byte search finds them exactly.)
    let is_tab_or_newline = |b: &u8| matches!(b, b'\t' | b'\n' | b'\r');
    let first_tab_or_newline = if has_byte_below_0e(trimmed.as_bytes()) {
        trimmed.bytes().position(|b| is_tab_or_newline(&b))
    } else {
        None
    };
    let Some(first) = first_tab_or_newline else {
        return (std::borrow::Cow::Borrowed(trimmed), leading, None);
    };
    errors.report(ValidationErrorKind::InvalidUrlUnit, leading + first);
    // The map only serves validation errors' positions: none for a list that keeps none.
    if errors.discards() {
        let mut cleaned = String::with_capacity(trimmed.len());
        // Runs between tabs and newlines, split at those ASCII bytes (char boundaries).
        let bytes = trimmed.as_bytes();
        let mut run_start = 0;
        for i in first..bytes.len() {
            if is_tab_or_newline(&bytes[i]) {
                cleaned.push_str(&trimmed[run_start..i]);
                run_start = i + 1;
            }
        }
        cleaned.push_str(&trimmed[run_start..]);
        return (std::borrow::Cow::Owned(cleaned), leading, None);
    }
    let mut cleaned = String::with_capacity(trimmed.len());
    let mut map = Vec::with_capacity(trimmed.len() + 1);
    // Positions are 32-bit, as in `ValidationError`: past 4 GiB they saturate.
    let position = |i: usize| u32::try_from(leading + i).unwrap_or(u32::MAX);
    for (i, c) in trimmed.char_indices() {
        if !is_ascii_tab_or_newline(c) {
            cleaned.push(c);
            map.extend(std::iter::repeat_n(position(i), c.len_utf8()));
        }
    }
    map.push(position(trimmed.len()));
    (std::borrow::Cow::Owned(cleaned), leading, Some(map))
}

/// Whether [`preprocess`] would return `input` itself, with no validation error: its first
/// and last bytes are neither C0 controls nor spaces, and it has no tab or newline (a fast
/// path; the property test `needs_no_preprocessing_is_preprocess_as_is` checks it).
#[inline]
pub(super) fn needs_no_preprocessing(input: &str) -> bool {
    let bytes = input.as_bytes();
    matches!((bytes.first(), bytes.last()), (Some(&first), Some(&last)) if first > b' ' && last > b' ')
        && !has_byte_below_0e(bytes)
}

/// Whether `bytes` has a byte below 0x0E (tab, LF and CR are 0x09, 0x0A and 0x0D): eight
/// bytes at a time, with the classic test for a zero-ish byte in a word (a byte below n
/// borrows when n is subtracted from it, and ASCII bytes have their top bit clear), so that
/// inputs without a control code cost a few instructions per eight bytes. The last word is
/// the last eight bytes (overlapping the one before: the question is only whether there is
/// any such byte), so only inputs shorter than eight bytes are read byte by byte.
pub(super) fn has_byte_below_0e(bytes: &[u8]) -> bool {
    const ONES: u64 = u64::from_ne_bytes([0x01; 8]);
    const HIGHS: u64 = u64::from_ne_bytes([0x80; 8]);
    let below = |word: &[u8]| {
        let word = u64::from_ne_bytes(word.try_into().unwrap_or([0xFF; 8]));
        word.wrapping_sub(ONES * 0x0E) & !word & HIGHS != 0
    };
    if bytes.len() < 8 {
        return bytes.iter().any(|&b| b < 0x0E);
    }
    let mut words = bytes.chunks_exact(8);
    words.by_ref().any(below) || below(&bytes[bytes.len() - 8..])
}
