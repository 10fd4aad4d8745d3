//! RFC 3986 (<https://www.rfc-editor.org/rfc/rfc3986>): the generic split, a strict ABNF
//! check, reference resolution and normalization.
//!
//! - [`split`] cuts any string into scheme, authority, path, query and fragment with the
//!   semantics of the Appendix B regular expression (each component *defined or undefined*),
//!   and the authority into userinfo, host and port (section 3.2). It never fails.
//! - [`check`] says whether a string matches an ABNF rule of Appendix A, and if not, the
//!   rule and byte position of the first violation ([`Violation`]).
//! - [`resolve`], [`merge`] and [`remove_dot_segments`] are section 5.2; [`UriRef::recompose`]
//!   is section 5.3.
//! - [`normalize_syntax`] and [`normalize_scheme_based`] are sections 6.2.2 and 6.2.3.
//!
//! RFC 2396's resolution variant lives in [`crate::rfc2396`]; it shares this split.
//!
//! The backslash case, read the RFC way: the `\\` is data, so the `@` ends a userinfo.
//!
//! ```
//! use urldiff_parser::rfc3986::{check, resolve, split, Rule};
//!
//! let uri = split("http://evil.example\\@good.example/");
//! assert_eq!(uri.userinfo.as_deref(), Some("evil.example\\"));
//! assert_eq!(uri.host.as_deref(), Some("good.example"));
//! assert!(check("http://evil.example\\@good.example/", Rule::UriReference).is_err());
//!
//! // Section 5.4.1's "../g" against its base.
//! let base = split("http://a/b/c/d;p?q");
//! assert_eq!(resolve(&base, &split("../g"), true).recompose(), "http://a/b/g");
//! ```

mod abnf;
mod normalize;
mod resolve;

pub use abnf::{check, Rule, Violation};
pub use normalize::{normalize, normalize_scheme_based, normalize_syntax};
pub use resolve::{merge, remove_dot_segments, resolve};

use std::fmt;
use std::ops::Range;

/// A URI reference cut into its components, each defined (`Some`, possibly empty) or
/// undefined (`None`); the path is always defined, possibly empty.
///
/// `userinfo`, `host` and `port` are the parts of `authority` (section 3.2): all three are
/// `None` when `authority` is; `host` is `Some` whenever `authority` is. [`UriRef::recompose`]
/// reads `authority`, so code that edits the parts rebuilds it with
/// [`UriRef::set_authority_parts`].
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct UriRef {
    pub scheme: Option<String>,
    pub authority: Option<String>,
    pub userinfo: Option<String>,
    pub host: Option<String>,
    pub port: Option<String>,
    pub path: String,
    pub query: Option<String>,
    pub fragment: Option<String>,
}

/// Byte ranges of the components of a split input (the Appendix B groups 2, 4, 5, 7, 9).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Spans {
    pub scheme: Option<Range<usize>>,
    pub authority: Option<Range<usize>>,
    pub path: Range<usize>,
    pub query: Option<Range<usize>>,
    pub fragment: Option<Range<usize>>,
}

/// Byte ranges of userinfo, host and port inside an authority.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AuthoritySpans {
    pub userinfo: Option<Range<usize>>,
    pub host: Range<usize>,
    pub port: Option<Range<usize>>,
}

fn find_any(bytes: &[u8], from: usize, stops: &[u8]) -> usize {
    bytes[from..].iter().position(|b| stops.contains(b)).map_or(bytes.len(), |i| from + i)
}

/// The component ranges of `input`, exactly as the Appendix B expression
/// `^(([^:/?#]+):)?(//([^/?#]*))?([^?#]*)(\?([^#]*))?(#(.*))?` groups them — with the
/// fragment running to the end of the string (the regex's `.` read as "any character").
pub fn split_spans(input: &str) -> Spans {
    crate::work::tally(input.len());
    let bytes = input.as_bytes();
    let mut pos = 0;
    // `(([^:/?#]+):)?` — a scheme only if the first of ":/?#" is a ":" after one character.
    let first_delimiter = find_any(bytes, 0, b":/?#");
    let scheme = if first_delimiter > 0 && bytes.get(first_delimiter) == Some(&b':') {
        pos = first_delimiter + 1;
        Some(0..first_delimiter)
    } else {
        None
    };
    // `(//([^/?#]*))?`
    let authority = if bytes[pos..].starts_with(b"//") {
        let end = find_any(bytes, pos + 2, b"/?#");
        let range = pos + 2..end;
        pos = end;
        Some(range)
    } else {
        None
    };
    // `([^?#]*)`
    let path_end = find_any(bytes, pos, b"?#");
    let path = pos..path_end;
    pos = path_end;
    // `(\?([^#]*))?`
    let query = if bytes.get(pos) == Some(&b'?') {
        let end = find_any(bytes, pos + 1, b"#");
        let range = pos + 1..end;
        pos = end;
        Some(range)
    } else {
        None
    };
    // `(#(.*))?`
    let fragment = (bytes.get(pos) == Some(&b'#')).then(|| pos + 1..bytes.len());
    Spans { scheme, authority, path, query, fragment }
}

/// Userinfo, host and port of an authority (section 3.2:
/// `authority = [ userinfo "@" ] host [ ":" port ]`).
///
/// The split is total, so it must pick one reading of strings the grammar rejects:
/// userinfo ends at the *last* `@` (neither host nor port may hold one), and the port starts
/// after the last `:` that follows the last `]` (so `[::1]` keeps its colons). An empty port
/// after `:` is defined and empty, as `port = *DIGIT` allows.
pub fn split_authority_spans(authority: &str) -> AuthoritySpans {
    let (userinfo, host_start) = match authority.rfind('@') {
        Some(at) => (Some(0..at), at + 1),
        None => (None, 0),
    };
    let rest = &authority[host_start..];
    let after_literal = rest.rfind(']').map_or(0, |i| i + 1);
    match rest[after_literal..].rfind(':') {
        Some(i) => {
            let colon = host_start + after_literal + i;
            AuthoritySpans {
                userinfo,
                host: host_start..colon,
                port: Some(colon + 1..authority.len()),
            }
        }
        None => AuthoritySpans { userinfo, host: host_start..authority.len(), port: None },
    }
}

/// Split a URI reference into its components with the semantics of RFC 3986 Appendix B
/// (<https://www.rfc-editor.org/rfc/rfc3986#appendix-B>), and its authority per section 3.2.
/// Every string splits; whether it is a valid URI reference is [`check`]'s question.
pub fn split(input: &str) -> UriRef {
    let spans = split_spans(input);
    let part = |r: Option<Range<usize>>| r.map(|r| input[r].to_string());
    let mut uri = UriRef {
        scheme: part(spans.scheme),
        path: input[spans.path].to_string(),
        query: part(spans.query),
        fragment: part(spans.fragment),
        ..UriRef::default()
    };
    uri.set_authority(part(spans.authority));
    uri
}

impl UriRef {
    /// Set `authority` and derive `userinfo`, `host` and `port` from it.
    pub fn set_authority(&mut self, authority: Option<String>) {
        match authority.as_deref() {
            None => (self.userinfo, self.host, self.port) = (None, None, None),
            Some(a) => {
                let s = split_authority_spans(a);
                self.userinfo = s.userinfo.map(|r| a[r].to_string());
                self.host = Some(a[s.host].to_string());
                self.port = s.port.map(|r| a[r].to_string());
            }
        }
        self.authority = authority;
    }

    /// Rebuild `authority` from `userinfo`, `host` and `port`
    /// (`[ userinfo "@" ] host [ ":" port ]`); no host means no authority.
    pub fn set_authority_parts(&mut self) {
        self.authority = self.host.as_ref().map(|host| {
            let mut a = String::new();
            if let Some(userinfo) = &self.userinfo {
                a.push_str(userinfo);
                a.push('@');
            }
            a.push_str(host);
            if let Some(port) = &self.port {
                a.push(':');
                a.push_str(port);
            }
            a
        });
    }

    /// Component recomposition, section 5.3
    /// (<https://www.rfc-editor.org/rfc/rfc3986#section-5.3>).
    pub fn recompose(&self) -> String {
        self.to_string()
    }
}

impl fmt::Display for UriRef {
    /// Section 5.3: `scheme ":"` if defined, `"//" authority` if defined, the path,
    /// `"?" query` and `"#" fragment` if defined.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(scheme) = &self.scheme {
            write!(f, "{scheme}:")?;
        }
        if let Some(authority) = &self.authority {
            write!(f, "//{authority}")?;
        }
        f.write_str(&self.path)?;
        if let Some(query) = &self.query {
            write!(f, "?{query}")?;
        }
        if let Some(fragment) = &self.fragment {
            write!(f, "#{fragment}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn s(v: &str) -> Option<String> {
        Some(v.to_string())
    }

    #[test]
    fn appendix_b_example() {
        // RFC 3986 Appendix B: "http://www.ics.uci.edu/pub/ietf/uri/#Related"
        let u = split("http://www.ics.uci.edu/pub/ietf/uri/#Related");
        assert_eq!(u.scheme, s("http"));
        assert_eq!(u.authority, s("www.ics.uci.edu"));
        assert_eq!(u.path, "/pub/ietf/uri/");
        assert_eq!(u.query, None);
        assert_eq!(u.fragment, s("Related"));
    }

    #[test]
    fn empty_query_is_defined() {
        assert_eq!(split("http://a/?").query, s(""));
        assert_eq!(split("http://a/").query, None);
        assert_eq!(split("#").fragment, s(""));
    }

    #[test]
    fn authority_parts() {
        let u = split("ftp://user:pw@[::1]:21/x");
        assert_eq!((u.userinfo, u.host, u.port), (s("user:pw"), s("[::1]"), s("21")));
        let u = split("http://[::1]/");
        assert_eq!((u.userinfo, u.host, u.port), (None, s("[::1]"), None));
        let u = split("http://h:/");
        assert_eq!((u.host, u.port), (s("h"), s("")));
        let u = split("file:///x");
        assert_eq!((u.authority, u.host), (s(""), s("")));
    }

    #[test]
    fn recomposition_round_trips() {
        for input in ["", "a:", "//", "?", "#", "http://u@h:1/p?q#f", "x:/a?#"] {
            assert_eq!(split(input).recompose(), input);
        }
    }
}
