//! How the byte-level targets read a fuzz input: fields separated by the byte `0xFF`.
//!
//! `0xFF` never occurs in UTF-8, so splitting on it costs the URL alphabet nothing: each
//! field is decoded lossily (an invalid sequence becomes U+FFFD, as a browser decoding bytes
//! would) and may hold any Unicode string, controls and NUL included. The dictionary carries
//! `"\xFF"` so mutations add and remove fields. Each target documents what its fields mean;
//! missing fields take defaults, extra ones are ignored or repeated.

use std::borrow::Cow;

/// The separator between fields.
pub const SEPARATOR: u8 = 0xFF;

/// The fields of `data`, each decoded as UTF-8 with replacement (borrowed when valid).
pub fn fields(data: &[u8]) -> Vec<Cow<'_, str>> {
    let mut fields = Vec::new();
    let mut rest = Some(data);
    while let Some(data) = rest {
        let (field, after) = split_first(data);
        fields.push(field);
        rest = after;
    }
    fields
}

/// The first two [`fields`] of `data`, the second empty when there is none, without building
/// the list: the differential target reads only these, on every execution.
pub fn first_two(data: &[u8]) -> [Cow<'_, str>; 2] {
    let (first, rest) = split_first(data);
    [first, rest.map_or(Cow::Borrowed(""), |rest| split_first(rest).0)]
}

/// The first field of `data`, decoded, and the bytes after its separator when there is one.
/// The separator is found first (`memchr`), so the field's text is validated once.
fn split_first(data: &[u8]) -> (Cow<'_, str>, Option<&[u8]>) {
    let (field, rest) = match memchr::memchr(SEPARATOR, data) {
        Some(end) => (&data[..end], Some(&data[end + 1..])),
        None => (data, None),
    };
    // `from_utf8` first: its validation is faster than the lossy decoder's.
    let text =
        std::str::from_utf8(field).map_or_else(|_| String::from_utf8_lossy(field), Cow::Borrowed);
    (text, rest)
}

/// The bytes whose [`fields`] are `fields` (the seeds tool writes inputs this way).
pub fn encode<S: AsRef<str>>(fields: &[S]) -> Vec<u8> {
    let mut out = Vec::new();
    for (i, field) in fields.iter().enumerate() {
        if i > 0 {
            out.push(SEPARATOR);
        }
        out.extend_from_slice(field.as_ref().as_bytes());
    }
    out
}

/// A non-empty field as an optional value: an empty or missing field is `None`.
pub fn optional<'a>(fields: &'a [Cow<'_, str>], index: usize) -> Option<&'a str> {
    fields.get(index).map(|f| f.as_ref()).filter(|s| !s.is_empty())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fields_round_trip_and_invalid_utf8_is_replaced() {
        let fields_in = ["http://a/\0\t", "", "ß\u{FEFF}"];
        assert_eq!(fields(&encode(&fields_in)), fields_in);
        assert_eq!(fields(b"a\xC3"), ["a\u{FFFD}"]);
        assert_eq!(fields(b""), [""]);
        assert_eq!(fields(b"\xFF"), ["", ""]);
        assert_eq!(optional(&fields(b"a\xFF"), 1), None);
        assert_eq!(optional(&fields(b"a\xFFb"), 1), Some("b"));
        assert_eq!(fields(b"a\xC3\xFF\xFFb\xC3"), ["a\u{FFFD}", "", "b\u{FFFD}"]);
    }

    /// `first_two` is the first two of `fields`, padded with "": valid and invalid UTF-8
    /// before, between and after separators.
    #[test]
    fn first_two_is_the_first_two_fields() {
        let inputs: [&[u8]; 11] = [
            b"",
            b"a",
            b"\xFF",
            b"\xFF\xFF",
            b"a\xFFb",
            b"a\xFFb\xFFc",
            b"\xC3",
            b"a\xC3\xFFb",
            b"a\xFF\xC3b\xFFc",
            b"\xC3\xA9\xFF\xE2\x82\xAC",
            b"a\xFFb\xC3",
        ];
        for data in inputs {
            let mut expected = fields(data);
            expected.resize(expected.len().max(2), Cow::Borrowed(""));
            assert_eq!(first_two(data), expected[..2], "{data:?}");
        }
    }
}
