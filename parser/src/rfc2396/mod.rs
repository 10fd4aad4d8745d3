//! RFC 2396 (with RFC 2732): its grammar ([`check_uri_reference`], [`is_server`]) and its
//! reference resolution (<https://www.rfc-editor.org/rfc/rfc2396#section-5.2>), where they
//! differ from RFC 3986.
//!
//! RFC 2396 splits references with the same Appendix B expression, so
//! [`crate::rfc3986::split`] serves both. Its section 5.2 resolution differs from RFC 3986's:
//! - "If the path component is empty and the scheme, authority, and query components are
//!   undefined, then it is a reference to the current document" (step 2): the base with the
//!   reference's fragment. A query-only reference such as `?y` is not such a reference: it
//!   is merged like a relative path, so it resolves against the base's directory
//!   (`http://a/b/c/?y`, where RFC 3986 gives `http://a/b/c/d;p?y`).
//! - Dot segments are removed only while merging a relative path (step 6). Absolute paths,
//!   network paths and absolute URIs keep theirs (`/./g` stays `http://a/./g`).
//! - `..` segments that would climb above the root are kept (step 6g, first option):
//!   `../../../g` gives `http://a/../g`.
//! - With `strict == false`, the backwards-compatible reading of step 3: a reference whose
//!   scheme equals the base's (ignoring case) is resolved as if it had none.

mod grammar;

pub use grammar::{check_absolute_uri, check_uri_reference, is_server, is_server_host};

use crate::rfc3986::UriRef;

/// Resolve `reference` against `base` as RFC 2396 section 5.2 does, as a validating parser
/// (a same-scheme reference such as `http:g` stays absolute).
pub fn resolve(base: &UriRef, reference: &UriRef) -> UriRef {
    resolve_with(base, reference, true)
}

/// Resolve per RFC 2396 section 5.2; `strict == false` drops a reference scheme equal to
/// the base's ("for backwards compatibility", step 3 and Appendix C).
pub fn resolve_with(base: &UriRef, reference: &UriRef, strict: bool) -> UriRef {
    let r = reference;
    // Step 2: a reference to the current document.
    if r.path.is_empty() && r.scheme.is_none() && r.authority.is_none() && r.query.is_none() {
        return UriRef { fragment: r.fragment.clone(), ..base.clone() };
    }
    let same_scheme = match (&r.scheme, &base.scheme) {
        (Some(a), Some(b)) => a.eq_ignore_ascii_case(b),
        _ => false,
    };
    // Step 3: an absolute URI is used as it is.
    if r.scheme.is_some() && (strict || !same_scheme) {
        return r.clone();
    }
    let mut t = UriRef { scheme: base.scheme.clone(), ..r.clone() };
    // Step 4: a network-path keeps its authority and path.
    if r.authority.is_some() {
        return t;
    }
    t.set_authority(base.authority.clone());
    // Step 5: an absolute-path is used as it is; step 6 merges a relative path.
    if !r.path.starts_with('/') {
        t.path = merge_relative_path(base, &r.path);
    }
    t
}

/// Step 6: the base path without its last segment, then the reference path, then the
/// string rewrites c) to f); g) keeps leading ".." segments.
///
/// One reading goes beyond the letter of step 6a: when the base has an authority and an
/// empty path (`http://a`), the buffer starts with "/". RFC 2396's grammar gives such a
/// base the path of its root (`net_path = "//" authority [ abs_path ]`), and copying the
/// empty path literally would glue the reference onto the authority (`http://ag`).
fn merge_relative_path(base: &UriRef, reference_path: &str) -> String {
    // a) "All but the last segment of the base URI's path component is copied"
    let mut buffer = match base.path.rfind('/') {
        Some(i) => base.path[..=i].to_string(),
        None if base.authority.is_some() => "/".to_string(),
        None => String::new(),
    };
    // b) "The reference's path component is appended to the buffer string."
    buffer.push_str(reference_path);
    let (root, body) = match buffer.strip_prefix('/') {
        Some(body) => ("/", body),
        None => ("", buffer.as_str()),
    };
    // The buffer as complete path segments (the root "/" is not one).
    let mut segments: Vec<&str> = body.split('/').collect();
    crate::work::tally(buffer.len());
    // c) "All occurrences of "./", where "." is a complete path segment, are removed"
    // d) "If the buffer string ends with "." as a complete path segment, that "." is
    //    removed" — leaving the "/" before it, so the last segment becomes empty.
    let last = segments.len() - 1;
    segments = segments
        .iter()
        .enumerate()
        .filter(|&(i, s)| *s != "." || i == last)
        .map(|(_, s)| if *s == "." { "" } else { *s })
        .collect();
    // e) "All occurrences of "<segment>/../", where <segment> is a complete path segment
    //    not equal to "..", are removed ... iteratively, removing the leftmost matching
    //    pattern on each iteration"
    if let Some(last) = segments.pop() {
        segments = remove_segment_dot_dot_pairs(segments);
        segments.push(last);
    }
    // f) "If the buffer string ends with "<segment>/..", where <segment> is a complete path
    //    segment not equal to "..", that "<segment>/.." is removed."
    let n = segments.len();
    if n >= 2 && segments[n - 1] == ".." && segments[n - 2] != ".." {
        segments.truncate(n - 2);
        segments.push("");
    }
    // g) leading ".." segments are retained; h) the rest is the new path.
    format!("{root}{}", segments.join("/"))
}

/// Step 6e on the segments before the last one (the last is never followed by "/", so it
/// can be neither half of a "<segment>/../"), in one pass with a stack.
///
/// The rewriting removes a segment other than ".." together with a ".." right after it. Two
/// such pairs never overlap (a pair's second half is "..", which cannot start another), so
/// the removals can be made in any order and end in the same string; this pass makes them
/// as a stack does, each segment pushed or popped once, instead of rescanning from the left
/// after each removal (quadratic: `a/../` repeated 200,000 times took 22 s).
fn remove_segment_dot_dot_pairs(segments: Vec<&str>) -> Vec<&str> {
    crate::work::tally(segments.len());
    let mut kept: Vec<&str> = Vec::with_capacity(segments.len());
    for segment in segments {
        match kept.last() {
            Some(&previous) if segment == ".." && previous != ".." => {
                kept.pop();
            }
            _ => kept.push(segment),
        }
    }
    kept
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rfc3986::split;

    fn resolved(base: &str, reference: &str) -> String {
        resolve(&split(base), &split(reference)).recompose()
    }

    #[test]
    fn empty_base_path_with_authority_merges_under_the_root() {
        assert_eq!(resolved("http://a", "g"), "http://a/g");
        assert_eq!(resolved("x:y", "g"), "x:g");
    }

    /// Step 6e as the RFC words it: find the leftmost "<segment>/../" (a segment other than
    /// "..", then "..", then a "/" — so never the last segment), remove it, start again.
    fn step_e_as_written(mut segments: Vec<&str>) -> Vec<&str> {
        while let Some(i) = (0..segments.len().saturating_sub(2))
            .find(|&i| segments[i] != ".." && segments[i + 1] == "..")
        {
            segments.drain(i..i + 2);
        }
        segments
    }

    fn step_e_in_one_pass(mut segments: Vec<&str>) -> Vec<&str> {
        let last = segments.pop().unwrap();
        let mut kept = remove_segment_dot_dot_pairs(segments);
        kept.push(last);
        kept
    }

    proptest::proptest! {
        #![proptest_config(crate::property_test_config(256))]
        #[test]
        fn step_e_in_one_pass_is_step_e_as_written(
            segments in proptest::collection::vec(
                proptest::sample::select(&["a", "b", "..", "..", "", "..."][..]), 1..16)
        ) {
            proptest::prop_assert_eq!(
                step_e_in_one_pass(segments.clone()),
                step_e_as_written(segments)
            );
        }
    }

    #[test]
    fn step_e_examples() {
        let split = |s: &'static str| s.split('/').collect::<Vec<_>>();
        for (buffer, expected) in [
            ("a/../b", "b"),
            ("a/b/../../c", "c"),
            ("../a/../b", "../b"),
            ("a/../../b", "../b"),
            ("a/..", "a/.."),
            ("a/b/..", "a/b/.."),
            ("../../a", "../../a"),
        ] {
            assert_eq!(step_e_in_one_pass(split(buffer)).join("/"), expected, "{buffer}");
            assert_eq!(step_e_as_written(split(buffer)).join("/"), expected, "{buffer}");
        }
    }

    #[test]
    fn step_6_rewrites_on_complete_segments_only() {
        // e) is applied leftmost first and again until nothing matches; "..": kept at g).
        assert_eq!(resolved("http://a/b/c/d", "x/../../y/./z/."), "http://a/b/y/z/");
        // buffer "/../../g/..": no "<segment>/../" to remove; f) removes the final "g/..".
        assert_eq!(resolved("http://a/b", "../../g/.."), "http://a/../../");
        assert_eq!(resolved("http://a/b/c/d", "..x/../y"), "http://a/b/c/y");
    }
}
