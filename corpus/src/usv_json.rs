//! JSON with lone surrogates, read as USVStrings.
//!
//! WPT's data files contain escapes such as `"\uD800"` that are not valid Unicode scalar
//! values. serde_json rejects them; the URL API would see them through a USVString
//! conversion, which replaces each lone surrogate with U+FFFD. [`parse`] does the same
//! rewrite on the JSON text (escapes only; paired surrogates are kept) and reports how many
//! lone surrogates it replaced, so callers can say so instead of silently dropping cases.

/// Parse JSON text, replacing each lone-surrogate `\uXXXX` escape with `\uFFFD`.
/// Returns the value and the number of replacements.
pub fn parse(text: &str) -> Result<(serde_json::Value, usize), serde_json::Error> {
    let (fixed, count) = replace_lone_surrogate_escapes(text);
    Ok((serde_json::from_str(&fixed)?, count))
}

fn hex4(bytes: &[u8]) -> Option<u16> {
    if bytes.len() < 4 {
        return None;
    }
    let s = std::str::from_utf8(&bytes[..4]).ok()?;
    u16::from_str_radix(s, 16).ok()
}

/// Rewrite lone surrogate escapes in JSON text to `\uFFFD`; return the text and the count.
pub fn replace_lone_surrogate_escapes(text: &str) -> (String, usize) {
    let bytes = text.as_bytes();
    let mut out = String::with_capacity(text.len());
    let mut count = 0;
    let mut i = 0;
    let mut copied = 0;
    while i < bytes.len() {
        if bytes[i] != b'\\' {
            i += 1;
            continue;
        }
        // An escape: `\\` must be skipped as a pair so `\\uD800` is not read as an escape.
        if bytes.get(i + 1) != Some(&b'u') {
            i += 2;
            continue;
        }
        let Some(unit) = hex4(&bytes[i + 2..]) else {
            i += 2;
            continue;
        };
        let is_high = (0xD800..0xDC00).contains(&unit);
        let is_low = (0xDC00..0xE000).contains(&unit);
        if is_high {
            let next_is_low = bytes.get(i + 6) == Some(&b'\\')
                && bytes.get(i + 7) == Some(&b'u')
                && hex4(&bytes[(i + 8).min(bytes.len())..])
                    .is_some_and(|u| (0xDC00..0xE000).contains(&u));
            if next_is_low {
                i += 12;
                continue;
            }
        }
        if is_high || is_low {
            out.push_str(&text[copied..i]);
            out.push_str("\\uFFFD");
            count += 1;
            i += 6;
            copied = i;
            continue;
        }
        i += 6;
    }
    out.push_str(&text[copied..]);
    (out, count)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lone_surrogates_become_replacement_characters() {
        let (v, n) = parse(r#"["a\uD800b", "\uDFFF", "\uD83D\uDE00", "\\uD800"]"#).unwrap();
        assert_eq!(n, 2);
        assert_eq!(v[0], "a\u{FFFD}b");
        assert_eq!(v[1], "\u{FFFD}");
        assert_eq!(v[2], "\u{1F600}");
        assert_eq!(v[3], "\\uD800");
    }

    #[test]
    fn high_surrogate_followed_by_high_is_two_lone_ones() {
        let (v, n) = parse(r#""\uD800\uD800""#).unwrap();
        assert_eq!((v.as_str().unwrap(), n), ("\u{FFFD}\u{FFFD}", 2));
    }
}
