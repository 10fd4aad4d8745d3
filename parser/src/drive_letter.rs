//! Windows drive letters, which the file, file host and path states and the path shortening
//! read: <https://url.spec.whatwg.org/#url-miscellaneous>. Apart from the parser because the
//! URL record's path shortening reads them too.

/// <https://url.spec.whatwg.org/#windows-drive-letter>: an ASCII alpha followed by `:` or `|`.
pub(crate) fn is_windows_drive_letter(s: &str) -> bool {
    let b = s.as_bytes();
    b.len() == 2 && b[0].is_ascii_alphabetic() && (b[1] == b':' || b[1] == b'|')
}

/// <https://url.spec.whatwg.org/#normalized-windows-drive-letter>
pub(crate) fn is_normalized_windows_drive_letter(s: &str) -> bool {
    let b = s.as_bytes();
    b.len() == 2 && b[0].is_ascii_alphabetic() && b[1] == b':'
}

/// <https://url.spec.whatwg.org/#start-with-a-windows-drive-letter>: "its length is greater
/// than or equal to 2; its first two code points are a Windows drive letter; its length is 2
/// or its third code point is U+002F (/), U+005C (\), U+003F (?), or U+0023 (#)."
///
/// Byte tests, never a slice: a drive letter is two ASCII code points, so when the first two
/// bytes are one, they are the first two code points and the third byte starts the third
/// code point; any other first bytes (a multi-byte code point among them) are not one.
pub(crate) fn starts_with_windows_drive_letter(s: &str) -> bool {
    match s.as_bytes() {
        [letter, b':' | b'|', rest @ ..] if letter.is_ascii_alphabetic() => {
            matches!(rest.first(), None | Some(b'/' | b'\\' | b'?' | b'#'))
        }
        _ => false,
    }
}
