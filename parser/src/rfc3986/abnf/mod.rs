//! The strict check against the ABNF of RFC 3986 Appendix A
//! (<https://www.rfc-editor.org/rfc/rfc3986#appendix-A>).
//!
//! [`check`] matches a whole string against one rule. On failure it names the first
//! violation, reading left to right: the position is the first byte that no match of the rule
//! can contain (everything before it is a prefix of some valid string), and the rule is the
//! innermost ABNF rule that was being matched there. Every rule is ASCII, so the first
//! non-ASCII character is always a violation, and the byte position of a violation is also
//! its character position.

mod ipv6;

use super::split_spans;
use std::fmt;
use std::ops::Range;

/// The first violation of an ABNF rule: the rule's name as written in RFC 3986 and the byte
/// position in the checked string. Displays as e.g. `IPv6address at 9`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Violation {
    pub rule: &'static str,
    pub position: usize,
}

impl fmt::Display for Violation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} at {}", self.rule, self.position)
    }
}

impl std::error::Error for Violation {}

pub(crate) type Check = Result<(), Violation>;

pub(crate) fn fail(rule: &'static str, position: usize) -> Check {
    Err(Violation { rule, position })
}

/// The ABNF rules [`check`] can match a whole string against.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Rule {
    UriReference,
    Uri,
    RelativeRef,
    AbsoluteUri,
    Scheme,
    Authority,
    Userinfo,
    Host,
    Port,
    IpLiteral,
    IpvFuture,
    Ipv6Address,
    H16,
    Ls32,
    Ipv4Address,
    DecOctet,
    RegName,
    PathAbempty,
    PathAbsolute,
    PathNoscheme,
    PathRootless,
    PathEmpty,
    Segment,
    SegmentNz,
    SegmentNzNc,
    Pchar,
    Query,
    Fragment,
    PctEncoded,
}

impl Rule {
    /// The rule's name in RFC 3986.
    pub const fn name(self) -> &'static str {
        match self {
            Rule::UriReference => "URI-reference",
            Rule::Uri => "URI",
            Rule::RelativeRef => "relative-ref",
            Rule::AbsoluteUri => "absolute-URI",
            Rule::Scheme => "scheme",
            Rule::Authority => "authority",
            Rule::Userinfo => "userinfo",
            Rule::Host => "host",
            Rule::Port => "port",
            Rule::IpLiteral => "IP-literal",
            Rule::IpvFuture => "IPvFuture",
            Rule::Ipv6Address => "IPv6address",
            Rule::H16 => "h16",
            Rule::Ls32 => "ls32",
            Rule::Ipv4Address => "IPv4address",
            Rule::DecOctet => "dec-octet",
            Rule::RegName => "reg-name",
            Rule::PathAbempty => "path-abempty",
            Rule::PathAbsolute => "path-absolute",
            Rule::PathNoscheme => "path-noscheme",
            Rule::PathRootless => "path-rootless",
            Rule::PathEmpty => "path-empty",
            Rule::Segment => "segment",
            Rule::SegmentNz => "segment-nz",
            Rule::SegmentNzNc => "segment-nz-nc",
            Rule::Pchar => "pchar",
            Rule::Query => "query",
            Rule::Fragment => "fragment",
            Rule::PctEncoded => "pct-encoded",
        }
    }
}

/// `unreserved = ALPHA / DIGIT / "-" / "." / "_" / "~"` (section 2.3).
pub(crate) fn is_unreserved(c: u8) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, b'-' | b'.' | b'_' | b'~')
}

/// `sub-delims = "!" / "$" / "&" / "'" / "(" / ")" / "*" / "+" / "," / ";" / "="` (2.2).
pub(crate) fn is_sub_delim(c: u8) -> bool {
    matches!(c, b'!' | b'$' | b'&' | b'\'' | b'(' | b')' | b'*' | b'+' | b',' | b';' | b'=')
}

/// `reg-name = *( unreserved / pct-encoded / sub-delims )`, less pct-encoded.
fn is_reg_name(c: u8) -> bool {
    is_unreserved(c) || is_sub_delim(c)
}

/// `userinfo = *( unreserved / pct-encoded / sub-delims / ":" )`, less pct-encoded.
fn is_userinfo(c: u8) -> bool {
    is_reg_name(c) || c == b':'
}

/// `segment-nz-nc = 1*( unreserved / pct-encoded / sub-delims / "@" )`, less pct-encoded.
fn is_segment_nc(c: u8) -> bool {
    is_reg_name(c) || c == b'@'
}

/// `pchar = unreserved / pct-encoded / sub-delims / ":" / "@"`, less pct-encoded.
fn is_pchar(c: u8) -> bool {
    is_segment_nc(c) || c == b':'
}

/// `query = fragment = *( pchar / "/" / "?" )`, less pct-encoded.
fn is_query(c: u8) -> bool {
    is_pchar(c) || c == b'/' || c == b'?'
}

/// `pct-encoded = "%" HEXDIG HEXDIG` at `i` (a `%`); returns the end.
fn pct_encoded(b: &[u8], i: usize, end: usize) -> Result<usize, Violation> {
    for k in 1..3 {
        if i + k >= end || !b[i + k].is_ascii_hexdigit() {
            return Err(Violation { rule: "pct-encoded", position: i + k });
        }
    }
    Ok(i + 3)
}

/// `*( allowed / pct-encoded )` over `range`; a disallowed byte violates `rule`.
fn chars(b: &[u8], range: Range<usize>, rule: &'static str, allowed: fn(u8) -> bool) -> Check {
    crate::work::tally(range.len());
    let mut i = range.start;
    while i < range.end {
        if b[i] == b'%' {
            i = pct_encoded(b, i, range.end)?;
        } else if allowed(b[i]) {
            i += 1;
        } else {
            return fail(rule, i);
        }
    }
    Ok(())
}

/// `1*( allowed / pct-encoded )`.
fn chars_nz(b: &[u8], r: Range<usize>, rule: &'static str, allowed: fn(u8) -> bool) -> Check {
    if r.is_empty() {
        return fail(rule, r.start);
    }
    chars(b, r, rule, allowed)
}

/// Exactly one `( allowed / pct-encoded )`, as `pchar` is.
fn one_char(b: &[u8], r: Range<usize>, rule: &'static str, allowed: fn(u8) -> bool) -> Check {
    let next = match b.get(r.start) {
        None => return fail(rule, r.start),
        Some(b'%') => pct_encoded(b, r.start, r.end)?,
        Some(&c) if allowed(c) => r.start + 1,
        Some(_) => return fail(rule, r.start),
    };
    if next != r.end {
        return fail(rule, next);
    }
    Ok(())
}

/// `scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )` (section 3.1).
fn scheme(b: &[u8], r: Range<usize>) -> Check {
    match b[r.clone()].iter().position(|&c| !(c.is_ascii_alphanumeric() || b"+-.".contains(&c))) {
        _ if r.is_empty() || !b[r.start].is_ascii_alphabetic() => fail("scheme", r.start),
        Some(i) => fail("scheme", r.start + i),
        None => Ok(()),
    }
}

/// `port = *DIGIT` (section 3.2.3).
fn port(b: &[u8], r: Range<usize>) -> Check {
    match b[r.clone()].iter().position(|c| !c.is_ascii_digit()) {
        Some(i) => fail("port", r.start + i),
        None => Ok(()),
    }
}

/// `IPvFuture = "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" )` (section 3.2.2;
/// ABNF strings are case-insensitive, so `V` too).
fn ipvfuture(b: &[u8], r: Range<usize>) -> Check {
    const RULE: &str = "IPvFuture";
    let mut i = r.start;
    if i == r.end || !b[i].eq_ignore_ascii_case(&b'v') {
        return fail(RULE, i);
    }
    i += 1;
    let hex = b[i..r.end].iter().take_while(|c| c.is_ascii_hexdigit()).count();
    if hex == 0 {
        return fail(RULE, i);
    }
    i += hex;
    if i == r.end || b[i] != b'.' {
        return fail(RULE, i);
    }
    i += 1;
    if i == r.end {
        return fail(RULE, i);
    }
    match b[i..r.end].iter().position(|&c| !(is_reg_name(c) || c == b':')) {
        Some(k) => fail(RULE, i + k),
        None => Ok(()),
    }
}

/// `IP-literal = "[" ( IPv6address / IPvFuture ) "]"` at the start of `r`; returns its end.
fn ip_literal_prefix(b: &[u8], r: Range<usize>) -> Result<usize, Violation> {
    if b.get(r.start) != Some(&b'[') || r.is_empty() {
        return Err(Violation { rule: "IP-literal", position: r.start });
    }
    let inner_start = r.start + 1;
    let close = b[inner_start..r.end].iter().position(|&c| c == b']').map(|k| inner_start + k);
    let inner_end = close.unwrap_or(r.end);
    match b.get(inner_start) {
        Some(b'v' | b'V') if inner_start < r.end => ipvfuture(b, inner_start..inner_end)?,
        _ => ipv6::ipv6address(b, inner_start, inner_end)?,
    }
    close.map(|c| c + 1).ok_or(Violation { rule: "IP-literal", position: r.end })
}

/// `host = IP-literal / IPv4address / reg-name` (section 3.2.2). `IPv4address` strings are
/// also `reg-name` strings, so only the first byte decides between literal and name.
fn host(b: &[u8], r: Range<usize>) -> Check {
    if b.get(r.start) == Some(&b'[') && !r.is_empty() {
        let end = ip_literal_prefix(b, r.clone())?;
        return if end == r.end { Ok(()) } else { fail("host", end) };
    }
    chars(b, r, "reg-name", is_reg_name)
}

/// `authority = [ userinfo "@" ] host [ ":" port ]` (section 3.2), read left to right: the
/// userinfo ends at the first `@`, and after a reg-name the first `:` starts the port.
fn authority(b: &[u8], r: Range<usize>) -> Check {
    let mut i = r.start;
    if let Some(at) = b[r.clone()].iter().position(|&c| c == b'@') {
        chars(b, i..i + at, "userinfo", is_userinfo)?;
        i += at + 1;
    }
    let host_end = if b.get(i) == Some(&b'[') && i < r.end {
        ip_literal_prefix(b, i..r.end)?
    } else {
        let end = b[i..r.end].iter().position(|&c| c == b':').map_or(r.end, |k| i + k);
        chars(b, i..end, "reg-name", is_reg_name)?;
        end
    };
    match b.get(host_end) {
        _ if host_end == r.end => Ok(()),
        Some(b':') => port(b, host_end + 1..r.end),
        _ => fail("authority", host_end),
    }
}

/// `path-abempty`, `path-absolute`, `path-rootless` all are `segment`s joined by `/`; a
/// `path-noscheme`'s first segment is a `segment-nz-nc` (no `:`).
fn segments(b: &[u8], r: Range<usize>, first_no_colon: bool) -> Check {
    let first_end = b[r.clone()].iter().position(|&c| c == b'/').map_or(r.end, |k| r.start + k);
    if first_no_colon {
        chars(b, r.start..first_end, "segment-nz-nc", is_segment_nc)?;
    }
    let mut start = r.start;
    for segment in b[r.clone()].split(|&c| c == b'/') {
        chars(b, start..start + segment.len(), "segment", is_pchar)?;
        start += segment.len() + 1;
    }
    Ok(())
}

fn path_rule(b: &[u8], r: Range<usize>, rule: Rule) -> Check {
    let name = rule.name();
    let starts_slash = b.get(r.start) == Some(&b'/') && !r.is_empty();
    match rule {
        Rule::PathEmpty if !r.is_empty() => fail(name, r.start),
        Rule::PathAbempty if !r.is_empty() && !starts_slash => fail(name, r.start),
        Rule::PathAbsolute if !starts_slash => fail(name, r.start),
        Rule::PathAbsolute if b.get(r.start + 1) == Some(&b'/') && r.start + 1 < r.end => {
            fail("segment-nz", r.start + 1)
        }
        Rule::PathNoscheme | Rule::PathRootless if r.is_empty() || starts_slash => {
            fail(if rule == Rule::PathNoscheme { "segment-nz-nc" } else { "segment-nz" }, r.start)
        }
        _ => segments(b, r, rule == Rule::PathNoscheme),
    }
}

/// `URI = scheme ":" hier-part [ "?" query ] [ "#" fragment ]`, or `absolute-URI` when
/// `fragment_allowed` is false (section 4.3).
fn uri(input: &str, fragment_allowed: bool) -> Check {
    let b = input.as_bytes();
    let spans = split_spans(input);
    let Some(scheme_range) = spans.scheme else {
        // No `scheme ":"`: the violation is where the scheme stops being one.
        let run = b.iter().take_while(|c| c.is_ascii_alphanumeric() || b"+-.".contains(c));
        return match run.count() {
            _ if !b.first().is_some_and(u8::is_ascii_alphabetic) => fail("scheme", 0),
            n => fail("URI", n),
        };
    };
    scheme(b, scheme_range)?;
    if let Some(a) = spans.authority {
        authority(b, a)?;
    }
    // With an authority the path is empty or starts with "/" (path-abempty); without, it
    // cannot start with "//", so path-absolute, path-rootless and path-empty all reduce
    // to segments.
    segments(b, spans.path, false)?;
    tail(b, spans.query, spans.fragment, fragment_allowed)
}

fn tail(b: &[u8], query: Option<Range<usize>>, frag: Option<Range<usize>>, frag_ok: bool) -> Check {
    if let Some(q) = query {
        chars(b, q, "query", is_query)?;
    }
    match frag {
        Some(f) if !frag_ok => fail("absolute-URI", f.start - 1),
        Some(f) => chars(b, f, "fragment", is_query),
        None => Ok(()),
    }
}

/// `relative-ref = relative-part [ "?" query ] [ "#" fragment ]` (section 4.2).
fn relative_ref(input: &str) -> Check {
    let b = input.as_bytes();
    let spans = split_spans(input);
    if let Some(s) = spans.scheme {
        // "scheme:" here would be a first path segment holding ":" (path-noscheme).
        return chars(b, 0..s.end + 1, "segment-nz-nc", is_segment_nc);
    }
    if let Some(a) = spans.authority {
        authority(b, a)?;
        segments(b, spans.path, false)?;
    } else {
        let relative = b.get(spans.path.start) != Some(&b'/') && !spans.path.is_empty();
        segments(b, spans.path, relative)?;
    }
    tail(b, spans.query, spans.fragment, true)
}

/// `URI-reference = URI / relative-ref` (section 4.1). When both fail, the violation is
/// the later one (the alternative that matched the longer prefix); a tie goes to `URI`.
fn uri_reference(input: &str) -> Check {
    if split_spans(input).scheme.is_none() {
        return relative_ref(input);
    }
    let as_uri = uri(input, true);
    match (as_uri, relative_ref(input)) {
        (Ok(()), _) | (_, Ok(())) => Ok(()),
        (Err(u), Err(r)) => Err(if r.position > u.position { r } else { u }),
    }
}

/// Match the whole of `input` against the ABNF `rule` of RFC 3986 Appendix A.
///
/// `Ok(())` when it matches; otherwise the first violation (see the module doc).
pub fn check(input: &str, rule: Rule) -> Result<(), Violation> {
    let b = input.as_bytes();
    let all = 0..b.len();
    let name = rule.name();
    match rule {
        Rule::UriReference => uri_reference(input),
        Rule::Uri => uri(input, true),
        Rule::AbsoluteUri => uri(input, false),
        Rule::RelativeRef => relative_ref(input),
        Rule::Scheme => scheme(b, all),
        Rule::Authority => authority(b, all),
        Rule::Userinfo => chars(b, all, name, is_userinfo),
        Rule::Host => host(b, all),
        Rule::Port => port(b, all),
        Rule::IpLiteral => match ip_literal_prefix(b, all.clone())? {
            end if end == all.end => Ok(()),
            end => fail(name, end),
        },
        Rule::IpvFuture => ipvfuture(b, all),
        Rule::Ipv6Address => ipv6::ipv6address(b, 0, all.end),
        Rule::H16 => ipv6::h16(b, 0, all.end),
        Rule::Ls32 => ipv6::ls32(b, 0, all.end),
        Rule::Ipv4Address => ipv6::ipv4address(b, 0, all.end),
        Rule::DecOctet => match ipv6::dec_octet(b, 0, all.end)? {
            end if end == all.end => Ok(()),
            end => fail(name, end),
        },
        Rule::RegName => chars(b, all, name, is_reg_name),
        Rule::PathAbempty
        | Rule::PathAbsolute
        | Rule::PathNoscheme
        | Rule::PathRootless
        | Rule::PathEmpty => path_rule(b, all, rule),
        Rule::Segment => chars(b, all, name, is_pchar),
        Rule::SegmentNz => chars_nz(b, all, name, is_pchar),
        Rule::SegmentNzNc => chars_nz(b, all, name, is_segment_nc),
        Rule::Pchar => one_char(b, all, name, is_pchar),
        Rule::Query | Rule::Fragment => chars(b, all, name, is_query),
        Rule::PctEncoded => one_char(b, all, name, |_| false),
    }
}
