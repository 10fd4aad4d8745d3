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

/// The fields of `data`, each decoded as UTF-8 with replacement (borrowed when valid: the
/// differential target runs this on every execution).
pub fn fields(data: &[u8]) -> Vec<Cow<'_, str>> {
    // `from_utf8` first: it checks valid text faster than the lossy decoder does.
    let decode =
        |f| std::str::from_utf8(f).map_or_else(|_| String::from_utf8_lossy(f), Cow::Borrowed);
    data.split(|b| *b == SEPARATOR).map(decode).collect()
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
    }
}
