//! Normalization, RFC 3986 section 6.2.2 (syntax-based) and 6.2.3 (scheme-based)
//! (<https://www.rfc-editor.org/rfc/rfc3986#section-6.2.2>).

use super::abnf::is_unreserved;
use super::{remove_dot_segments, UriRef};

/// Syntax-based normalization (section 6.2.2):
/// - 6.2.2.1 case: the scheme and host to lowercase, the hex digits of every
///   percent-encoding to uppercase;
/// - 6.2.2.2 percent-encoding: percent-encoded octets of unreserved characters decoded;
/// - 6.2.2.3 path segments: remove_dot_segments applied to the path — when the reference
///   has a scheme or its path is absolute. A relative-path reference keeps its dot segments,
///   because removing a leading ".." would change what it refers to once resolved.
///
/// The authority is rebuilt from its normalized userinfo, host and port.
pub fn normalize_syntax(uri: &UriRef) -> UriRef {
    let mut n = uri.clone();
    n.scheme = n.scheme.map(|s| s.to_ascii_lowercase());
    n.userinfo = n.userinfo.as_deref().map(normalize_percent_encoding);
    // Decode first so a decoded letter is lowercased too; the second pass puts the hex
    // digits of what stays encoded back in uppercase.
    n.host = n
        .host
        .as_deref()
        .map(|h| normalize_percent_encoding(&normalize_percent_encoding(h).to_ascii_lowercase()));
    n.set_authority_parts();
    let path = normalize_percent_encoding(&n.path);
    n.path =
        if n.scheme.is_some() || path.starts_with('/') { remove_dot_segments(&path) } else { path };
    n.query = n.query.as_deref().map(normalize_percent_encoding);
    n.fragment = n.fragment.as_deref().map(normalize_percent_encoding);
    n
}

/// Scheme-based normalization (section 6.2.3), for a few schemes with an authority:
/// - "the port component and its ':' delimiter" are omitted "if port is empty or if its
///   value would be the same as that of the scheme's default" (section 3.2.3) — an empty
///   port for any scheme, a default one for the schemes whose default port urldiff knows:
///   the WHATWG special schemes' table, [`crate::default_port`] (http 80, https 443, ws 80,
///   wss 443, ftp 21);
/// - "an empty path component should be normalized to a path of '/'" when there is an
///   authority, for those same schemes.
pub fn normalize_scheme_based(uri: &UriRef) -> UriRef {
    let mut n = uri.clone();
    let default_port =
        n.scheme.as_deref().and_then(|scheme| crate::default_port(&scheme.to_ascii_lowercase()));
    let is_default = |port: &str| {
        port.is_empty()
            || (port.bytes().all(|c| c.is_ascii_digit())
                && default_port.is_some_and(|d| port.trim_start_matches('0') == d.to_string()))
    };
    if n.port.as_deref().is_some_and(is_default) {
        n.port = None;
        n.set_authority_parts();
    }
    if default_port.is_some() && n.authority.is_some() && n.path.is_empty() {
        n.path = "/".to_string();
    }
    n
}

/// Both normalizations: syntax-based, then scheme-based.
pub fn normalize(uri: &UriRef) -> UriRef {
    normalize_scheme_based(&normalize_syntax(uri))
}

/// Decode percent-encoded unreserved characters and uppercase the hex digits of the rest
/// (sections 6.2.2.1 and 6.2.2.2). A `%` not followed by two hex digits is left alone.
fn normalize_percent_encoding(s: &str) -> String {
    crate::work::tally(s.len());
    let b = s.as_bytes();
    let mut out = String::with_capacity(s.len());
    let mut copied = 0;
    let mut i = 0;
    while i + 3 <= b.len() {
        if b[i] == b'%' && b[i + 1].is_ascii_hexdigit() && b[i + 2].is_ascii_hexdigit() {
            out.push_str(&s[copied..i]);
            let byte = hex_value(b[i + 1]) * 16 + hex_value(b[i + 2]);
            if is_unreserved(byte) {
                out.push(char::from(byte));
            } else {
                out.push('%');
                out.push(char::from(b[i + 1].to_ascii_uppercase()));
                out.push(char::from(b[i + 2].to_ascii_uppercase()));
            }
            i += 3;
            copied = i;
        } else {
            i += 1;
        }
    }
    out.push_str(&s[copied..]);
    out
}

fn hex_value(c: u8) -> u8 {
    match c {
        b'0'..=b'9' => c - b'0',
        _ => c.to_ascii_lowercase() - b'a' + 10,
    }
}

#[cfg(test)]
mod tests {
    use super::super::split;
    use super::*;

    #[test]
    fn section_6_2_2_examples() {
        // 6.2.2: "example://a/b/c/%7Bfoo%7D" and "eXAMPLE://a/./b/../b/%63/%7bfoo%7d" are
        // equivalent.
        let a = normalize_syntax(&split("example://a/b/c/%7Bfoo%7D"));
        let b = normalize_syntax(&split("eXAMPLE://a/./b/../b/%63/%7bfoo%7d"));
        assert_eq!(a, b);
        assert_eq!(b.recompose(), "example://a/b/c/%7Bfoo%7D");
        // 6.2.2.1: "HTTP://www.EXAMPLE.com/" is equivalent to "http://www.example.com/".
        assert_eq!(
            normalize_syntax(&split("HTTP://www.EXAMPLE.com/")).recompose(),
            "http://www.example.com/"
        );
    }

    #[test]
    fn section_6_2_3_examples() {
        // 6.2.3: these four are equivalent; the first is the normal form.
        for input in [
            "http://example.com",
            "http://example.com/",
            "http://example.com:/",
            "http://example.com:80/",
        ] {
            assert_eq!(normalize(&split(input)).recompose(), "http://example.com/", "{input}");
        }
    }

    #[test]
    fn percent_encoding_edges() {
        assert_eq!(normalize_percent_encoding("%"), "%");
        assert_eq!(normalize_percent_encoding("%4"), "%4");
        assert_eq!(normalize_percent_encoding("%41%2f%zz"), "A%2F%zz");
    }
}
