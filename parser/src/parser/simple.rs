//! The commonest absolute URL written straight into its record: a special scheme other than
//! `file` in lowercase, `//`, a host of ASCII letters, digits, `-` and `.`, and a path, query
//! and fragment of code points their states append unchanged (no dot segment, no `%`).
//!
//! For such an input the basic URL parser's run comes down to copying: the scheme state sets
//! the scheme (lowercase already, special); the special authority slashes and ignore slashes
//! states skip `//`; the authority state finds no `@` and the host state hands the host to
//! the host parser (whose answer is taken as it is: a domain or an IPv4 address, or failure,
//! which the host state returns); after a `:`, the port state reads digits (a number over
//! 65535 is failure, the scheme's default port is no port, no digits set nothing); the path
//! start and path states append each segment unchanged (no segment is `.` or `..`, no `%` can
//! spell one) or, for a URL ending after the authority or going on to its query or fragment,
//! make the path the one empty segment the serializer writes as `/`; the query and fragment
//! states append their code points unchanged. A base URL changes nothing: after a special
//! scheme and `//`, the special relative or authority state goes to the authority as the
//! special authority slashes state does. Validation errors are not kept (only [`Url::parse`]
//! takes this path), and the code points taken are URL code points, so none would be
//! reported.
//!
//! The property test `simple_urls_are_the_full_path` (tests of this module) compares this
//! with the parser without shortcuts on generated URLs that take it and that just miss it.

use super::path::{FRAGMENT_RUN, PATH_RUN, SPECIAL_QUERY_RUN};
use crate::errors::{Errors, ParseError};
use crate::host::{parse_host, Host};
use crate::record::push_port;
use crate::url::{default_port, HostKind, Url};

/// The special schemes (but `file`) with the `://` after them.
const SCHEMES: [&[u8]; 5] = [b"https://", b"http://", b"wss://", b"ws://", b"ftp://"];

/// The URL `input` (pre-processing leaves it as it is) parses to, or the parser's failure
/// when the host parser fails on its host, when it has the shape the module describes;
/// `None` for any other input, which the parser then runs on.
#[inline]
pub(crate) fn simple_special_url(input: &str) -> Option<Result<Url, ParseError>> {
    let bytes = input.as_bytes();
    let scheme = SCHEMES.iter().find(|s| bytes.starts_with(s))?;
    after_scheme(input, scheme.len())
}

/// [`simple_special_url`] past its scheme and `//`, which end at `host_start` (out of line:
/// most inputs have none of those schemes, and they pay only for the test above).
#[inline(never)]
fn after_scheme(input: &str, host_start: usize) -> Option<Result<Url, ParseError>> {
    let bytes = input.as_bytes();
    let scheme_end = host_start - 3;
    let rest = &bytes[host_start..];
    let is_ldh = |b: &u8| b.is_ascii_alphanumeric() || *b == b'-' || *b == b'.';
    let host_len = rest.iter().position(|b| !is_ldh(b)).unwrap_or(rest.len());
    let (port_digits, authority_len) = port_after_host(rest, host_len);
    if host_len == 0 || !matches!(rest.get(authority_len), None | Some(b'/' | b'?' | b'#')) {
        return None;
    }
    let host_text = &input[host_start..host_start + host_len];
    let (path, query, fragment) = split_after_host(&input[host_start + authority_len..])?;
    // The host state: "If host is failure, then return failure."
    let Ok(host) = parse_host(host_text, false, &mut Errors::discarding(), host_start) else {
        return Some(Err(ParseError::InvalidHost));
    };
    let host_kind = match host {
        Host::Domain(_) => HostKind::Domain,
        Host::Ipv4(_) => HostKind::Ipv4,
        _ => return None,
    };
    // The port state at the end of the authority: "If port is greater than 2^16 − 1,
    // port-out-of-range validation error, return failure." "Set url's port to null, if port
    // is url's scheme's default port; otherwise to port." (An empty buffer sets nothing.)
    let port = match port_digits {
        [] => None,
        digits => {
            let value = digits
                .iter()
                .try_fold(0u16, |n, &d| n.checked_mul(10)?.checked_add(u16::from(d - b'0')));
            let Some(value) = value else { return Some(Err(ParseError::InvalidPort)) };
            (default_port(&input[..scheme_end]) != Some(value)).then_some(value)
        }
    };
    let mut serialization = String::with_capacity(input.len() + 16);
    serialization.push_str(&input[..host_start]);
    host.serialize_into(&mut serialization);
    let host_end = serialization.len();
    if let Some(port) = port {
        serialization.push(':');
        push_port(&mut serialization, port);
    }
    let path_start = serialization.len();
    serialization.push_str(if path.is_empty() { "/" } else { path });
    let query_start = query.map(|query| {
        let start = serialization.len();
        serialization.push_str(query);
        start
    });
    let fragment_start = fragment.map(|fragment| {
        let start = serialization.len();
        serialization.push_str(fragment);
        start
    });
    Some(Ok(Url {
        serialization,
        scheme_end,
        username_end: host_start,
        host_start,
        host_end,
        port,
        path_start,
        query_start,
        fragment_start,
        host_kind,
        opaque_path: false,
    }))
}

/// The port's digits after the host (`rest[..host_len]`) and a `:` (the port state appends
/// digits to its buffer), none without a `:`; and where the authority ends.
fn port_after_host(rest: &[u8], host_len: usize) -> (&[u8], usize) {
    match rest.get(host_len..) {
        Some([b':', after @ ..]) => {
            let digits = after.iter().take_while(|b| b.is_ascii_digit()).count();
            (&after[..digits], host_len + 1 + digits)
        }
        _ => (&[], host_len),
    }
}

/// What follows the host: the path (empty, or `/` and segments), the query with its `?` and
/// the fragment with its `#`, when each is taken unchanged; `None` otherwise. One pass over
/// the bytes.
fn split_after_host(after: &str) -> Option<(&str, Option<&str>, Option<&str>)> {
    let bytes = after.as_bytes();
    let mut i = 0;
    // The path: segments of bytes the path state appends unchanged, none of them `.` or `..`.
    if bytes.first() == Some(&b'/') {
        let mut segment_start = 1;
        i = 1;
        loop {
            match bytes.get(i) {
                Some(&b) if PATH_RUN.contains(b) => i += 1,
                Some(b'/') | None | Some(b'?' | b'#') => {
                    if matches!(&bytes[segment_start..i], b"." | b"..") {
                        return None;
                    }
                    if bytes.get(i) != Some(&b'/') {
                        break;
                    }
                    i += 1;
                    segment_start = i;
                }
                Some(_) => return None,
            }
        }
    }
    let path_end = i;
    if bytes.get(i) == Some(&b'?') {
        i += 1 + SPECIAL_QUERY_RUN.prefix_len(&bytes[i + 1..]);
    }
    let query_end = i;
    if bytes.get(i) == Some(&b'#') {
        i += 1 + FRAGMENT_RUN.prefix_len(&bytes[i + 1..]);
    }
    if i != bytes.len() {
        return None;
    }
    let query = (query_end > path_end).then(|| &after[path_end..query_end]);
    let fragment = (i > query_end).then(|| &after[query_end..]);
    Some((&after[..path_end], query, fragment))
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// URLs of the shape the shortcut takes and of shapes that just miss it: other schemes
    /// and cases, fewer slashes, hosts with upper case, IPv4 forms, ports, credentials, `%`
    /// and non-ASCII; dot segments in every spelling, backslashes, code points the path,
    /// query or fragment encode or report, a second `#`; against a base or none.
    fn near_simple_url() -> impl Strategy<Value = (String, Option<String>)> {
        let scheme = prop_oneof![
            6 => Just("https://"), 3 => Just("http://"), 1 => Just("ws://"), 1 => Just("wss://"),
            1 => Just("ftp://"), 1 => Just("HTTP://"), 1 => Just("file://"), 1 => Just("foo://"),
            1 => Just("http:/"), 1 => Just("http:///"), 1 => Just("http:\\\\"),
        ];
        let host = prop_oneof![
            6 => "[a-z0-9-]{1,8}(\\.[a-z0-9-]{1,6}){0,2}",
            1 => "[A-Za-z0-9.-]{0,8}",
            1 => "(0x7f|127|0|1|255|256|0x100000000)(\\.[0-9]{1,3}){0,3}",
            1 => "(xn--n3h|xn--a|XN--N3H|a..b|a\\.)",
            1 => "[a-z]{1,4}(:[0-9]{0,3}|@[a-z]{1,3}|%41|\u{fc}|_|\\[::1\\])",
            2 => "[a-z0-9.]{1,6}:(|0|21|80|443|0080|00443|65535|65536|99999999999|8080|8a|:)",
        ];
        let segment = prop_oneof![
            6 => "[a-zA-Z0-9_~!$&'()*+,;=:@-]{0,6}",
            1 => "(\\.|\\.\\.|%2e|%2E|\\.%2e|[a-z]\\.[a-z]{1,3})",
            1 => "[ \"<>`{}^|\\\\%\u{e9}\t]{1,2}",
        ];
        let path = proptest::collection::vec(segment, 0..4).prop_map(|s| {
            if s.is_empty() {
                String::new()
            } else {
                format!("/{}", s.join("/"))
            }
        });
        let query = proptest::option::of("[a-z0-9=&?/:@'\" <>#%\u{e9}-]{0,6}");
        let fragment = proptest::option::of("[a-z0-9=&?/:@'\" <>`#%\u{e9}-]{0,6}");
        let base = proptest::option::of(prop_oneof![
            Just("https://example.org/a/b".to_owned()),
            Just("file:///c:/x".to_owned()),
            Just("foo:opaque".to_owned()),
        ]);
        (scheme, host, path, query, fragment, base).prop_map(|(s, h, p, q, f, base)| {
            let mut url = format!("{s}{h}{p}");
            if let Some(q) = q {
                url.push('?');
                url.push_str(&q);
            }
            if let Some(f) = f {
                url.push('#');
                url.push_str(&f);
            }
            (url, base)
        })
    }

    proptest! {
        #![proptest_config(crate::property_test_config(8192))]
        /// `Url::parse`, shortcut and all, gives what the parser without shortcuts gives:
        /// the whole record (serialization and every offset) or the same failure.
        #[test]
        fn simple_urls_are_the_full_path((input, base) in near_simple_url()) {
            let base = base.map(|b| Url::parse(&b, None).expect("a valid base"));
            let parsed = Url::parse(&input, base.as_ref());
            let full = Url::parse_step_by_step(&input, base.as_ref()).result;
            prop_assert_eq!(parsed, full, "{:?}", input);
        }
    }

    #[test]
    fn the_shortcut_takes_the_common_shapes_and_leaves_the_others() {
        for input in [
            "https://example.com/a/b?q#f",
            "http://EXAMPLE.com",
            "wss://1.2.3.4/",
            "ftp://0x7f.1/x.y/z?",
            "ws://a/b/#",
            "http://a:8080/x",
            "https://a:443?q",
            "ftp://a:",
        ] {
            assert!(matches!(simple_special_url(input), Some(Ok(_))), "{input}");
        }
        for input in [
            "http://a/./b",
            "http://a/%2e",
            "http://a/b/..",
            "http://a\\b",
            "http://a:80x/",
            "http://u@a/",
            "HTTP://a/",
            "file://a/",
            "http://a/?'",
            "http://a/#`",
            "http://a/#a#b",
            "http:/a",
            "http://",
            "http://a b/",
            " http://a/",
            "http://1.2.3.999/%2e",
        ] {
            assert!(simple_special_url(input).is_none(), "{input}");
        }
        // The host parser's failure is the parser's (the host state returns failure).
        for input in ["http://1.2.3.999/", "https://256.0.0.1/x?y#z", "http://a.0x100000000"] {
            assert_eq!(simple_special_url(input), Some(Err(ParseError::InvalidHost)), "{input}");
        }
        assert_eq!(simple_special_url("http://a:65536/"), Some(Err(ParseError::InvalidPort)));
        // The default port is no port; leading zeros are the number's.
        let url = simple_special_url("https://a:00443/x").and_then(Result::ok).expect("taken");
        assert_eq!((url.href(), url.port()), ("https://a/x", ""));
        let url = simple_special_url("http://a:0080/").and_then(Result::ok).expect("taken");
        assert_eq!(url.href(), "http://a/");
    }
}
