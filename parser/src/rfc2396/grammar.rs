//! The strict check against RFC 2396's collected ABNF (Appendix A,
//! <https://www.rfc-editor.org/rfc/rfc2396#appendix-A>) as amended by RFC 2732
//! (<https://www.rfc-editor.org/rfc/rfc2732#section-3>): `host` gains `IPv6reference`
//! (`"[" IPv6address "]"`, the address of RFC 2373 Appendix B), `IPv4address` becomes
//! `1*3DIGIT "." 1*3DIGIT "." 1*3DIGIT "." 1*3DIGIT`, and `[` and `]` join `reserved` (so a
//! query, a fragment and an opaque part may hold them).
//!
//! Where it differs from RFC 3986's grammar ([`crate::rfc3986::check`]), both ways:
//! - valid here only: `[` and `]` in a query or fragment (`http://a/?[`); a registry-based
//!   authority (`reg_name`) holding `@` or `:` twice (`http://a@b@c/`);
//! - valid in RFC 3986 only: an absolute URI with an empty path and no authority (`a:`), a
//!   relative reference with an empty path before its query (`?q`), `IPvFuture`
//!   (`http://[v1.x]/`), an opaque part starting with `[` (`a:[`).
//!
//! The grammar is ambiguous between `server` and `reg_name`; an authority is valid when
//! either matches ([`is_server`] tells which reading a parser gives it, section 3.2).
//! Violations reuse [`Violation`], named by RFC 2396's rule names.

use crate::rfc3986::{split_spans, Violation};
use std::ops::Range;

type Check = Result<(), Violation>;

fn fail(rule: &'static str, position: usize) -> Check {
    Err(Violation { rule, position })
}

/// `mark = "-" | "_" | "." | "!" | "~" | "*" | "'" | "(" | ")"`; `unreserved = alphanum | mark`.
fn is_unreserved(c: u8) -> bool {
    c.is_ascii_alphanumeric() || b"-_.!~*'()".contains(&c)
}

/// `reserved = ";" | "/" | "?" | ":" | "@" | "&" | "=" | "+" | "$" | ","`, with RFC 2732's
/// `[` and `]`.
fn is_reserved(c: u8) -> bool {
    b";/?:@&=+$,[]".contains(&c)
}

/// `uric = reserved | unreserved | escaped`, less escaped.
fn is_uric(c: u8) -> bool {
    is_reserved(c) || is_unreserved(c)
}

/// `uric_no_slash = unreserved | escaped | ";" | "?" | ":" | "@" | "&" | "=" | "+" | "$" | ","`.
fn is_uric_no_slash(c: u8) -> bool {
    is_unreserved(c) || b";?:@&=+$,".contains(&c)
}

/// `pchar = unreserved | escaped | ":" | "@" | "&" | "=" | "+" | "$" | ","`, with the `;` of
/// `segment = *pchar *( ";" param )` (a param is `*pchar`).
fn is_segment(c: u8) -> bool {
    is_unreserved(c) || b":@&=+$,;".contains(&c)
}

/// `rel_segment = 1*( unreserved | escaped | ";" | "@" | "&" | "=" | "+" | "$" | "," )`.
fn is_rel_segment(c: u8) -> bool {
    is_unreserved(c) || b";@&=+$,".contains(&c)
}

/// `userinfo = *( unreserved | escaped | ";" | ":" | "&" | "=" | "+" | "$" | "," )`.
fn is_userinfo(c: u8) -> bool {
    is_unreserved(c) || b";:&=+$,".contains(&c)
}

/// `reg_name = 1*( unreserved | escaped | "$" | "," | ";" | ":" | "@" | "&" | "=" | "+" )`.
fn is_reg_name(c: u8) -> bool {
    is_unreserved(c) || b"$,;:@&=+".contains(&c)
}

/// `*( allowed | escaped )` over `r`, `escaped = "%" hex hex`.
fn chars(b: &[u8], r: Range<usize>, rule: &'static str, allowed: fn(u8) -> bool) -> Check {
    let mut i = r.start;
    while i < r.end {
        if b[i] == b'%' {
            for k in 1..3 {
                if i + k >= r.end || !b[i + k].is_ascii_hexdigit() {
                    return fail("escaped", i + k);
                }
            }
            i += 3;
        } else if allowed(b[i]) {
            i += 1;
        } else {
            return fail(rule, i);
        }
    }
    Ok(())
}

/// `scheme = alpha *( alpha | digit | "+" | "-" | "." )`.
fn scheme(b: &[u8], r: Range<usize>) -> Check {
    if r.is_empty() || !b[r.start].is_ascii_alphabetic() {
        return fail("scheme", r.start);
    }
    match b[r.clone()].iter().position(|&c| !(c.is_ascii_alphanumeric() || b"+-.".contains(&c))) {
        Some(i) => fail("scheme", r.start + i),
        None => Ok(()),
    }
}

/// `hostname = *( domainlabel "." ) toplabel [ "." ]`, `domainlabel = alphanum | alphanum
/// *( alphanum | "-" ) alphanum`, `toplabel = alpha | alpha *( alphanum | "-" ) alphanum`.
fn is_hostname(host: &[u8]) -> bool {
    let name = host.strip_suffix(b".").unwrap_or(host);
    let label = |l: &[u8]| {
        !l.is_empty()
            && l.iter().all(|c| c.is_ascii_alphanumeric() || *c == b'-')
            && l[0] != b'-'
            && l[l.len() - 1] != b'-'
    };
    let labels: Vec<&[u8]> = name.split(|&c| c == b'.').collect();
    labels.iter().all(|l| label(l)) && labels.last().is_some_and(|l| l[0].is_ascii_alphabetic())
}

/// RFC 2732's `IPv4address = 1*3DIGIT "." 1*3DIGIT "." 1*3DIGIT "." 1*3DIGIT`.
fn is_ipv4(host: &[u8]) -> bool {
    let parts: Vec<&[u8]> = host.split(|&c| c == b'.').collect();
    parts.len() == 4
        && parts.iter().all(|p| (1..=3).contains(&p.len()) && p.iter().all(u8::is_ascii_digit))
}

/// RFC 2373 Appendix B's `hexseq = hex4 *( ":" hex4 )`, `hex4 = 1*4HEXDIG`.
fn is_hexseq(s: &[u8]) -> bool {
    s.split(|&c| c == b':')
        .all(|h| (1..=4).contains(&h.len()) && h.iter().all(u8::is_ascii_hexdigit))
}

/// RFC 2373 Appendix B's `IPv6address = hexpart [ ":" IPv4address ]`, `hexpart = hexseq |
/// hexseq "::" [ hexseq ] | "::" [ hexseq ]`, as written (so `::1.2.3.4`, which the
/// grammar cannot reach, is not one).
fn is_ipv6(s: &[u8]) -> bool {
    let hexpart = match s.iter().position(|&c| c == b'.') {
        None => s,
        Some(_) => match s.iter().rposition(|&c| c == b':') {
            Some(colon) if is_ipv4(&s[colon + 1..]) => &s[..colon],
            _ => return false,
        },
    };
    match hexpart.windows(2).position(|w| w == b"::") {
        None => !hexpart.is_empty() && is_hexseq(hexpart),
        Some(at) => {
            let (left, right) = (&hexpart[..at], &hexpart[at + 2..]);
            (left.is_empty() || is_hexseq(left)) && (right.is_empty() || is_hexseq(right))
        }
    }
}

/// `host = hostname | IPv4address | IPv6reference` (RFC 2732).
pub fn is_server_host(host: &str) -> bool {
    let b = host.as_bytes();
    match b.strip_prefix(b"[").and_then(|r| r.strip_suffix(b"]")) {
        Some(address) => is_ipv6(address),
        None => is_hostname(b) || is_ipv4(b),
    }
}

/// Whether `authority` is a `server = [ [ userinfo "@" ] hostport ]` (section 3.2.2), the
/// reading that has a userinfo, host and port; otherwise it is registry-based.
pub fn is_server(authority: &str) -> bool {
    let b = authority.as_bytes();
    if b.is_empty() {
        return true;
    }
    let (userinfo, hostport) = match b.iter().position(|&c| c == b'@') {
        Some(at) => (&authority[..at], &authority[at + 1..]),
        None => ("", authority),
    };
    if chars(userinfo.as_bytes(), 0..userinfo.len(), "userinfo", is_userinfo).is_err() {
        return false;
    }
    // `hostport = host [ ":" port ]`, `port = *digit`: the port follows the last ":" (a
    // literal's colons are inside its brackets).
    let host_end = match hostport.rfind(':') {
        Some(colon) if !hostport[colon..].contains(']') => colon,
        _ => hostport.len(),
    };
    let port_ok = hostport[host_end..].bytes().skip(1).all(|c| c.is_ascii_digit());
    port_ok && is_server_host(&hostport[..host_end])
}

/// `authority = server | reg_name`.
fn authority(b: &[u8], r: Range<usize>) -> Check {
    let text = std::str::from_utf8(&b[r.clone()]).unwrap_or("");
    if text.is_ascii() && is_server(text) {
        return Ok(());
    }
    if r.is_empty() {
        return Ok(()); // an empty server
    }
    chars(b, r, "reg_name", is_reg_name)
}

/// `query = fragment = *uric`, after the path.
fn tail(b: &[u8], query: Option<Range<usize>>, fragment: Option<Range<usize>>) -> Check {
    if let Some(q) = query {
        chars(b, q, "query", is_uric)?;
    }
    match fragment {
        Some(f) => chars(b, f, "fragment", is_uric),
        None => Ok(()),
    }
}

/// `URI-reference = [ absoluteURI | relativeURI ] [ "#" fragment ]`.
pub fn check_uri_reference(input: &str) -> Check {
    check(input, false)
}

/// `absoluteURI [ "#" fragment ]`: what a base URI must be (section 5.2 resolves against an
/// absolute URI; a base's fragment is ignored).
pub fn check_absolute_uri(input: &str) -> Check {
    check(input, true)
}

fn check(input: &str, absolute: bool) -> Check {
    let b = input.as_bytes();
    let spans = split_spans(input);
    let fragment = spans.fragment.clone();
    match spans.scheme.clone() {
        // `absoluteURI = scheme ":" ( hier_part | opaque_part )`.
        Some(s) => {
            scheme(b, s.clone())?;
            if spans.authority.is_none() && !b[spans.path.clone()].starts_with(b"/") {
                // `opaque_part = uric_no_slash *uric`: everything up to the fragment.
                let end = fragment.as_ref().map_or(b.len(), |f| f.start - 1);
                let start = s.end + 1;
                if start == end {
                    return fail("opaque_part", start);
                }
                // The first is a uric_no_slash: an escaped triple or one character.
                let first_end = if b[start] == b'%' { (start + 3).min(end) } else { start + 1 };
                chars(b, start..first_end, "opaque_part", is_uric_no_slash)?;
                chars(b, first_end..end, "opaque_part", is_uric)?;
                return tail(b, None, fragment);
            }
            hierarchical(b, &spans)?;
            tail(b, spans.query, fragment)
        }
        None if absolute => fail("absoluteURI", 0),
        // `relativeURI = ( net_path | abs_path | rel_path ) [ "?" query ]`.
        None => {
            let path = spans.path.clone();
            if spans.authority.is_none() && path.is_empty() {
                // No relativeURI at all: only `[ "#" fragment ]` may follow.
                if let Some(q) = spans.query {
                    return fail("rel_segment", q.start - 1);
                }
                return tail(b, None, fragment);
            }
            if spans.authority.is_none() && !b[path.clone()].starts_with(b"/") {
                // `rel_path = rel_segment [ abs_path ]`.
                let first = b[path.clone()].iter().position(|&c| c == b'/');
                let first_end = first.map_or(path.end, |k| path.start + k);
                if first_end == path.start {
                    return fail("rel_segment", path.start);
                }
                chars(b, path.start..first_end, "rel_segment", is_rel_segment)?;
            }
            hierarchical(b, &spans)?;
            tail(b, spans.query, fragment)
        }
    }
}

/// `net_path = "//" authority [ abs_path ]` or `abs_path = "/" path_segments`, `segment =
/// *pchar *( ";" param )`.
fn hierarchical(b: &[u8], spans: &crate::rfc3986::Spans) -> Check {
    if let Some(a) = spans.authority.clone() {
        authority(b, a)?;
    }
    let mut start = spans.path.start;
    for segment in b[spans.path.clone()].split(|&c| c == b'/') {
        chars(b, start..start + segment.len(), "segment", is_segment)?;
        start += segment.len() + 1;
    }
    Ok(())
}

#[cfg(test)]
mod tests;
