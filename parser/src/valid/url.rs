//! URL writing: <https://url.spec.whatwg.org/#url-writing>.
//!
//! Each function matches one production over `input[range]` (positions stay offsets into the
//! whole input) and returns the first [`Violation`].

use super::host::{url_port_string, valid_host_string, valid_opaque_host_string};
use super::{percent_encoded_byte, violation, Production as P, Violation};
use crate::host::is_url_code_point;
use crate::url::{is_special_scheme, Url};
use std::ops::Range;

type Checked = Result<(), Violation>;

/// The index of the first `byte` in `input[range]`, or `range.end`.
fn find(input: &str, range: &Range<usize>, byte: u8) -> usize {
    let bytes = &input.as_bytes()[range.clone()];
    bytes.iter().position(|&b| b == byte).map_or(range.end, |i| range.start + i)
}

fn starts_with(input: &str, range: &Range<usize>, prefix: &str) -> bool {
    input[range.clone()].starts_with(prefix)
}

/// <https://url.spec.whatwg.org/#valid-url-string>
///
/// "A valid URL string must be either a relative-URL-with-fragment string or an
/// absolute-URL-with-fragment string." An input that starts with a URL-scheme string and `:`
/// can only be the latter: no relative form starts that way.
pub(super) fn valid_url_string(input: &str, base: Option<&Url>) -> Checked {
    match scheme_prefix(input) {
        Some(colon) => absolute_url_with_fragment_string(input, colon),
        None => relative_url_with_fragment_string(input, base),
    }
}

/// <https://url.spec.whatwg.org/#url-scheme-string>: "one ASCII alpha, followed by zero or
/// more of ASCII alphanumeric, U+002B (+), U+002D (-), and U+002E (.)" — the index of the `:`
/// that follows one at the start of `input`, if any.
fn scheme_prefix(input: &str) -> Option<usize> {
    let bytes = input.as_bytes();
    if !bytes.first()?.is_ascii_alphabetic() {
        return None;
    }
    let end = bytes
        .iter()
        .position(|&b| !(b.is_ascii_alphanumeric() || matches!(b, b'+' | b'-' | b'.')))?;
    (bytes[end] == b':').then_some(end)
}

/// <https://url.spec.whatwg.org/#absolute-url-with-fragment-string>: "an absolute-URL string,
/// optionally followed by U+0023 (#) and a URL-fragment string."
fn absolute_url_with_fragment_string(input: &str, colon: usize) -> Checked {
    let hash = find(input, &(0..input.len()), b'#');
    absolute_url_string(input, 0..hash, colon)?;
    optional_fragment(input, hash)
}

/// "optionally followed by U+0023 (#) and a URL-fragment string", the `#` at `hash`.
fn optional_fragment(input: &str, hash: usize) -> Checked {
    if hash < input.len() {
        // <https://url.spec.whatwg.org/#url-fragment-string>: "zero or more URL units."
        url_units(input, hash + 1..input.len(), P::UrlFragmentString)?;
    }
    Ok(())
}

/// <https://url.spec.whatwg.org/#absolute-url-string>
///
/// "a URL-scheme string that is an ASCII case-insensitive match for a special scheme and not
/// an ASCII case-insensitive match for "file", followed by U+003A (:) and a
/// scheme-relative-special-URL string; a URL-scheme string that is not an ASCII
/// case-insensitive match for a special scheme, followed by U+003A (:) and one of: a
/// scheme-relative-URL string, a path-absolute-non-authority-URL string, or an opaque-path-URL
/// string; a URL-scheme string that is an ASCII case-insensitive match for "file", followed by
/// U+003A (:) and a scheme-relative-file-URL string" — "any optionally followed by U+003F (?)
/// and a URL-query string."
fn absolute_url_string(input: &str, range: Range<usize>, colon: usize) -> Checked {
    let scheme = input[..colon].to_ascii_lowercase();
    let question = find(input, &(colon + 1..range.end), b'?');
    let rest = colon + 1..question;
    if scheme == "file" {
        scheme_relative_file_url_string(input, rest)?;
    } else if is_special_scheme(&scheme) {
        scheme_relative_special_url_string(input, rest)?;
    } else if starts_with(input, &rest, "//") {
        scheme_relative_url_string(input, rest)?;
    } else if starts_with(input, &rest, "/") {
        path_absolute_non_authority_url_string(input, rest)?;
    } else {
        opaque_path_url_string(input, rest)?;
    }
    optional_query(input, question, range.end)
}

/// "optionally followed by U+003F (?) and a URL-query string", the `?` at `question`.
fn optional_query(input: &str, question: usize, end: usize) -> Checked {
    if question < end {
        // <https://url.spec.whatwg.org/#url-query-string>: "zero or more URL units."
        url_units(input, question + 1..end, P::UrlQueryString)?;
    }
    Ok(())
}

/// <https://url.spec.whatwg.org/#relative-url-with-fragment-string>: "U+0023 (#) followed by a
/// URL-fragment string, if base URL has an opaque path; otherwise, a relative-URL string,
/// optionally followed by U+0023 (#) and a URL-fragment string."
///
/// Without a base there is nothing to be relative to ("A non-null base URL is necessary when
/// parsing a relative-URL-with-fragment string"): a violation at 0.
fn relative_url_with_fragment_string(input: &str, base: Option<&Url>) -> Checked {
    let Some(base) = base else {
        return violation(P::RelativeUrlWithFragmentString, 0);
    };
    if base.has_opaque_path() {
        if !input.starts_with('#') {
            return violation(P::RelativeUrlWithFragmentString, 0);
        }
        return optional_fragment(input, 0);
    }
    let hash = find(input, &(0..input.len()), b'#');
    relative_url_string(input, 0..hash, base)?;
    optional_fragment(input, hash)
}

/// <https://url.spec.whatwg.org/#relative-url-string>: "a path-absolute-non-authority-URL
/// string, a path-relative-scheme-less-URL string, or, switching on base URL's scheme: a
/// special scheme that is not "file": a scheme-relative-special-URL string; "file": a
/// scheme-relative-file-URL string; otherwise: a scheme-relative-URL string" — "any
/// optionally followed by U+003F (?) and a URL-query string."
fn relative_url_string(input: &str, range: Range<usize>, base: &Url) -> Checked {
    let question = find(input, &range, b'?');
    let rest = range.start..question;
    if starts_with(input, &rest, "//") {
        match base.scheme() {
            "file" => scheme_relative_file_url_string(input, rest)?,
            scheme if is_special_scheme(scheme) => scheme_relative_special_url_string(input, rest)?,
            _ => scheme_relative_url_string(input, rest)?,
        }
    } else if starts_with(input, &rest, "/") {
        path_absolute_non_authority_url_string(input, rest)?;
    } else {
        path_relative_scheme_less_url_string(input, rest)?;
    }
    optional_query(input, question, range.end)
}

/// The end of the host that starts at `start`: past the first `]` when it starts with `[`,
/// else at the first of `stops` (or the range's end).
fn host_end(input: &str, start: usize, end: usize, stops: &[u8]) -> usize {
    let bytes = &input.as_bytes()[start..end];
    if bytes.first() == Some(&b'[') {
        if let Some(i) = bytes.iter().position(|&b| b == b']') {
            return start + i + 1;
        }
    }
    bytes.iter().position(|b| stops.contains(b)).map_or(end, |i| start + i)
}

/// <https://url.spec.whatwg.org/#scheme-relative-special-url-string>: ""//", followed by a
/// valid host string, optionally followed by U+003A (:) and a URL-port string, optionally
/// followed by a path-absolute-URL string."
fn scheme_relative_special_url_string(input: &str, range: Range<usize>) -> Checked {
    if !starts_with(input, &range, "//") {
        return violation(P::SchemeRelativeSpecialUrlString, range.start);
    }
    let host_start = range.start + 2;
    let host_end = host_end(input, host_start, range.end, b":/");
    valid_host_string(input, host_start..host_end)?;
    port_then_path(input, host_end..range.end, P::SchemeRelativeSpecialUrlString)
}

/// "optionally followed by U+003A (:) and a URL-port string, optionally followed by a
/// path-absolute-URL string", over what follows a host.
fn port_then_path(input: &str, range: Range<usize>, enclosing: P) -> Checked {
    let mut at = range.start;
    if input[range.clone()].starts_with(':') {
        let port_end = find(input, &(at..range.end), b'/');
        url_port_string(input, at + 1..port_end)?;
        at = port_end;
    }
    if at < range.end {
        if input.as_bytes()[at] != b'/' {
            return violation(enclosing, at);
        }
        path_absolute_url_string(input, at..range.end)?;
    }
    Ok(())
}

/// <https://url.spec.whatwg.org/#scheme-relative-url-string>: ""//", followed by an
/// opaque-host-and-port string, optionally followed by a path-absolute-URL string."
fn scheme_relative_url_string(input: &str, range: Range<usize>) -> Checked {
    if !starts_with(input, &range, "//") {
        return violation(P::SchemeRelativeUrlString, range.start);
    }
    let host_start = range.start + 2;
    let host_end = host_end(input, host_start, range.end, b":/");
    // <https://url.spec.whatwg.org/#opaque-host-and-port-string>: "either the empty string
    // or: a valid opaque-host string, optionally followed by U+003A (:) and a URL-port string."
    let after_host = input.as_bytes().get(host_end).copied();
    if host_start == host_end && after_host == Some(b':') {
        return violation(P::OpaqueHostAndPortString, host_start);
    }
    if host_start < host_end {
        valid_opaque_host_string(input, host_start..host_end)?;
    }
    port_then_path(input, host_end..range.end, P::SchemeRelativeUrlString)
}

/// <https://url.spec.whatwg.org/#scheme-relative-file-url-string>: ""//", optionally
/// followed by one of the following: a valid host string, optionally followed by a
/// path-absolute-URL string; a path-absolute-URL string."
fn scheme_relative_file_url_string(input: &str, range: Range<usize>) -> Checked {
    if !starts_with(input, &range, "//") {
        return violation(P::SchemeRelativeFileUrlString, range.start);
    }
    let host_start = range.start + 2;
    if host_start == range.end {
        return Ok(());
    }
    let host_end = host_end(input, host_start, range.end, b"/");
    if host_start < host_end {
        valid_host_string(input, host_start..host_end)?;
    }
    if host_end < range.end {
        if input.as_bytes()[host_end] != b'/' {
            return violation(P::SchemeRelativeFileUrlString, host_end);
        }
        path_absolute_url_string(input, host_end..range.end)?;
    }
    Ok(())
}

/// <https://url.spec.whatwg.org/#path-absolute-url-string>: "U+002F (/), followed by zero or
/// more URL-path-segment strings, separated from each other by U+002F (/)."
fn path_absolute_url_string(input: &str, range: Range<usize>) -> Checked {
    if !starts_with(input, &range, "/") {
        return violation(P::PathAbsoluteUrlString, range.start);
    }
    path_segments(input, range.start + 1..range.end)
}

/// <https://url.spec.whatwg.org/#path-absolute-non-authority-url-string>: "a
/// path-absolute-URL string that does not start with two U+002F (/) code points."
fn path_absolute_non_authority_url_string(input: &str, range: Range<usize>) -> Checked {
    if starts_with(input, &range, "//") {
        return violation(P::PathAbsoluteNonAuthorityUrlString, range.start);
    }
    path_absolute_url_string(input, range)
}

/// <https://url.spec.whatwg.org/#path-relative-url-string>: "zero or more URL-path-segment
/// strings, separated from each other by U+002F (/), and not start with U+002F (/)."
fn path_relative_url_string(input: &str, range: Range<usize>) -> Checked {
    if starts_with(input, &range, "/") {
        return violation(P::PathRelativeUrlString, range.start);
    }
    path_segments(input, range)
}

/// <https://url.spec.whatwg.org/#path-relative-scheme-less-url-string>: "a path-relative-URL
/// string that does not start with: a URL-scheme string, followed by U+003A (:)."
fn path_relative_scheme_less_url_string(input: &str, range: Range<usize>) -> Checked {
    if scheme_prefix(&input[range.clone()]).is_some() {
        return violation(P::PathRelativeSchemeLessUrlString, range.start);
    }
    path_relative_url_string(input, range)
}

/// URL-path-segment strings separated by `/`.
///
/// <https://url.spec.whatwg.org/#url-path-segment-string>: "zero or more URL units excluding
/// U+002F (/) and U+003F (?), that together are not a single-dot URL path segment or a
/// double-dot URL path segment; a single-dot URL path segment; a double-dot URL path segment"
/// — together, any URL units but `/` and `?` (neither can be in a segment here: `/` separates
/// them and `?` ended the path).
fn path_segments(input: &str, range: Range<usize>) -> Checked {
    url_units(input, range, P::UrlPathSegmentString)
}

/// <https://url.spec.whatwg.org/#opaque-path-url-string>: "zero or more URL units excluding
/// U+003F (?), the first of which (if any) is not U+002F (/)."
fn opaque_path_url_string(input: &str, range: Range<usize>) -> Checked {
    if starts_with(input, &range, "/") {
        return violation(P::OpaquePathUrlString, range.start);
    }
    url_units(input, range, P::OpaquePathUrlString)
}

/// <https://url.spec.whatwg.org/#url-units>: "URL code points and percent-encoded bytes", for
/// every code point of `input[range]`; `production` is the one that consists of them. `/` is
/// allowed (callers that exclude it split on it first).
pub(super) fn url_units(input: &str, range: Range<usize>, production: P) -> Checked {
    let text = &input[range.clone()];
    for (i, c) in text.char_indices() {
        if c == '%' {
            percent_encoded_byte(text, i, range.start)?;
        } else if !is_url_code_point(c) {
            return violation(production, range.start + i);
        }
    }
    Ok(())
}
