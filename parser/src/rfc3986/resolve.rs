//! Reference resolution, RFC 3986 section 5.2
//! (<https://www.rfc-editor.org/rfc/rfc3986#section-5.2>).

use super::UriRef;

/// Transform a reference against a base (section 5.2.2); the result has no dot segments
/// left from the reference's path.
///
/// `strict == false` is the RFC's backwards-compatible variant: "if (R.scheme == Base.scheme)
/// then undefine(R.scheme)", so `http:g` against an `http` base resolves like `g`. Schemes
/// are compared ignoring ASCII case, as section 3.1 makes them case-insensitive.
///
/// The base should be an absolute URI (section 5.2.1, "the base URI is … parsed … and
/// must be absolute"); the algorithm is applied as written whatever it is given.
pub fn resolve(base: &UriRef, reference: &UriRef, strict: bool) -> UriRef {
    let r = reference;
    let same_scheme = match (&r.scheme, &base.scheme) {
        (Some(a), Some(b)) => a.eq_ignore_ascii_case(b),
        _ => false,
    };
    let mut t = UriRef::default();
    // "if (not strict) and (R.scheme == Base.scheme) then undefine(R.scheme)"
    let r_scheme = if !strict && same_scheme { None } else { r.scheme.clone() };
    if r_scheme.is_some() {
        t.scheme = r_scheme;
        take_authority(&mut t, r);
        t.path = remove_dot_segments(&r.path);
        t.query = r.query.clone();
    } else if r.authority.is_some() {
        take_authority(&mut t, r);
        t.path = remove_dot_segments(&r.path);
        t.query = r.query.clone();
        t.scheme = base.scheme.clone();
    } else {
        if r.path.is_empty() {
            t.path = base.path.clone();
            // "if defined(R.query) then T.query = R.query; else T.query = Base.query"
            t.query = r.query.clone().or_else(|| base.query.clone());
        } else {
            t.path = if r.path.starts_with('/') {
                remove_dot_segments(&r.path)
            } else {
                remove_dot_segments(&merge(base, &r.path))
            };
            t.query = r.query.clone();
        }
        take_authority(&mut t, base);
        t.scheme = base.scheme.clone();
    }
    t.fragment = r.fragment.clone();
    t
}

fn take_authority(t: &mut UriRef, from: &UriRef) {
    t.authority = from.authority.clone();
    t.userinfo = from.userinfo.clone();
    t.host = from.host.clone();
    t.port = from.port.clone();
}

/// Merge a relative-path reference with the base path (section 5.2.3): "/" + path when the
/// base has an authority and an empty path; otherwise the base path up to and including its
/// last "/" (nothing if it has none), then the reference's path.
pub fn merge(base: &UriRef, reference_path: &str) -> String {
    if base.authority.is_some() && base.path.is_empty() {
        return format!("/{reference_path}");
    }
    let keep = base.path.rfind('/').map_or(0, |i| i + 1);
    format!("{}{reference_path}", &base.path[..keep])
}

/// remove_dot_segments, section 5.2.4, with its input and output buffers.
pub fn remove_dot_segments(path: &str) -> String {
    let mut input = path;
    let mut output = String::with_capacity(path.len());
    while !input.is_empty() {
        crate::work::tally(1);
        // "A. If the input buffer begins with a prefix of "../" or "./", then remove that
        // prefix from the input buffer"
        if let Some(rest) = input.strip_prefix("../").or_else(|| input.strip_prefix("./")) {
            input = rest;
        }
        // "B. if the input buffer begins with a prefix of "/./" or "/.", where "." is a
        // complete path segment, then replace that prefix with "/" in the input buffer"
        else if input.starts_with("/./") {
            input = &input[2..];
        } else if input == "/." {
            input = "/";
        }
        // "C. if the input buffer begins with a prefix of "/../" or "/..", where ".." is a
        // complete path segment, then replace that prefix with "/" in the input buffer and
        // remove the last segment and its preceding "/" (if any) from the output buffer"
        else if input.starts_with("/../") || input == "/.." {
            input = if input == "/.." { "/" } else { &input[3..] };
            let last_slash = output.rfind('/').unwrap_or(0);
            crate::work::tally(output.len() - last_slash);
            output.truncate(last_slash);
        }
        // "D. if the input buffer consists only of "." or "..", then remove that from the
        // input buffer"
        else if input == "." || input == ".." {
            input = "";
        }
        // "E. move the first path segment in the input buffer to the end of the output
        // buffer, including the initial "/" character (if any) and any subsequent characters
        // up to, but not including, the next "/""
        else {
            let skip = usize::from(input.starts_with('/'));
            let end = input[skip..].find('/').map_or(input.len(), |i| i + skip);
            crate::work::tally(end);
            output.push_str(&input[..end]);
            input = &input[end..];
        }
    }
    output
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn remove_dot_segments_section_5_2_4_walkthroughs() {
        // The two step-by-step examples printed in section 5.2.4.
        assert_eq!(remove_dot_segments("/a/b/c/./../../g"), "/a/g");
        assert_eq!(remove_dot_segments("mid/content=5/../6"), "mid/6");
    }

    #[test]
    fn remove_dot_segments_edges() {
        assert_eq!(remove_dot_segments(""), "");
        assert_eq!(remove_dot_segments("."), "");
        assert_eq!(remove_dot_segments("/.."), "/");
        assert_eq!(remove_dot_segments("../a"), "a");
        assert_eq!(remove_dot_segments("a/.."), "/");
        assert_eq!(remove_dot_segments("/a//../b"), "/a/b");
    }

    #[test]
    fn merge_with_empty_base_path() {
        let base = super::super::split("http://a");
        assert_eq!(merge(&base, "g"), "/g");
        let base = super::super::split("x:y");
        assert_eq!(merge(&base, "g"), "g");
    }
}
