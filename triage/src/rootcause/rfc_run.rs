//! Where an RFC library departs, read from its reference's own run: which section of RFC 3986
//! (or RFC 2396) reads the part the library answers otherwise, not which code point's deletion
//! happened to end the deviation.
//!
//! The validating reference ([`crate::standards::strict_rfc`]) splits the input into its
//! components (section 3), checks each against the grammar (Appendix A) and, with a base,
//! resolves it (section 5.2: 5.2.2 transform references chooses each component's source,
//! 5.2.3 merges a relative path with the base's directory, 5.2.4 removes dot segments).
//!
//! - **The reference rejects, the library parses** ([`departure`]): the grammar rule that
//!   fails names the section (`port` §3.2.3, `reg-name` §3.2.2, `segment-nz-nc` §3.3, …);
//!   a rule of the whole (`URI`, `absolute-URI`) the component holding the position.
//! - **Both parse** ([`departure`]): the first component, in URL order, the library reads
//!   otherwise (a scheme or host in another case, a port with leading zeros, an absent and an
//!   empty userinfo, host, port, query or fragment are the same). Its section, unless a base
//!   resolved it: a component the library took from the base where the reference did not
//!   (or one the reference takes from the base by 5.2.2) is 5.2.2; a relative path that
//!   keeps the base's directory merge wrote and differs after it is 5.2.4, one that does not
//!   keep it is 5.2.3.
//! - **The library fails, the reference parses** ([`neutral_variants`], [`failure_step`]):
//!   the reference's components are each put back to a plain value (port left out, host
//!   `example.com`, userinfo left out, path `/`, query and fragment left out) and asked of
//!   the library; the first (port, host, userinfo, path, query, fragment) whose plain value
//!   the library parses, with the reference parsing it too, is where it departs. With a base:
//!   when the library parses the input alone, it departs in resolution (5.2.2).
//!
//! `None` where the run says nothing (the hrefs differ only in a getter the components do not
//! hold, no plain value helps): the caller falls back to deletion ([`super::deciding`]).

use super::deciding::{code_point_kind, rfc_section_step};
use super::StandardStep;
use crate::ask::Request;
use crate::standards::{strict_rfc, StrictRfcRejection};
use urldiff_oracles::{Answer, Record, RfcRecord, Standard};
use urldiff_parser::rfc3986::{self, UriRef};

/// Whether `standard` is one of the RFCs this run reads.
pub fn is_rfc(standard: Standard) -> bool {
    matches!(standard, Standard::Rfc3986 | Standard::Rfc2396)
}

/// Where an RFC library that parsed (`answer`) departs (see the module documentation).
pub fn departure(
    standard: Standard,
    request: &Request,
    answer: &Answer,
) -> Option<(StandardStep, String)> {
    if !is_rfc(standard) {
        return None;
    }
    let Answer::Parsed { record: Record::Rfc(library), .. } = answer else { return None };
    let input = &request.input;
    match strict_rfc(standard, input, request.base.as_deref()) {
        Err(StrictRfcRejection::NotAUriReference(v)) => {
            let c = input.get(v.position..).and_then(|rest| rest.chars().next());
            Some((rule_step(standard, input, v.rule, v.position), code_point_kind(c)))
        }
        Err(StrictRfcRejection::BaseNotAnAbsoluteUri(_)) => {
            Some((rfc_section_step(standard, "5.1", "establishing a base URI"), end()))
        }
        Ok(expected) => {
            let field = first_difference(&expected, library)?;
            let step = parsed_step(standard, request, field, &expected, library);
            Some((step, first_code_point(input, field)))
        }
    }
}

fn end() -> String {
    code_point_kind(None)
}

/// The section a failing grammar rule belongs to (`None`: a rule of the whole reference).
fn rule_section(rule: &str) -> Option<(&'static str, &'static str)> {
    Some(match rule {
        "scheme" => ("3.1", "scheme"),
        "userinfo" => ("3.2.1", "user information"),
        "host" | "IP-literal" | "IPvFuture" | "IPv6address" | "h16" | "ls32" | "IPv4address"
        | "dec-octet" | "reg-name" | "hostname" | "IPv6reference" | "domainlabel" | "toplabel"
        | "hostport" => ("3.2.2", "host"),
        "port" => ("3.2.3", "port"),
        "authority" | "server" | "reg_name" => ("3.2", "authority"),
        "path-abempty" | "path-absolute" | "path-noscheme" | "path-rootless" | "path-empty"
        | "segment" | "segment-nz" | "segment-nz-nc" | "pchar" | "rel_segment" | "abs_path"
        | "rel_path" | "path_segments" | "opaque_part" | "path" | "param" => ("3.3", "path"),
        "query" => ("3.4", "query"),
        "fragment" => ("3.5", "fragment"),
        "pct-encoded" | "escaped" => ("2.1", "percent-encoding"),
        _ => return None,
    })
}

/// The step of a grammar violation: its rule's section, else the component at its position.
/// A "scheme" before a colon that no scheme can be (`[:`, `$:`, `a[:`) is the first segment
/// of a relative-path reference holding a colon, which section 3.3's path-noscheme (RFC
/// 2396's rel_segment) forbids: a library accepting it reads a path, not a scheme.
fn rule_step(standard: Standard, input: &str, rule: &str, position: usize) -> StandardStep {
    let rule = if rule == "scheme" && !is_scheme(input.split(':').next().unwrap_or("")) {
        "path-noscheme"
    } else {
        rule
    };
    let (id, title) = rule_section(rule).unwrap_or_else(|| component_at(input, position));
    rfc_section_step(standard, id, title)
}

/// `scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )` (RFC 3986 section 3.1, RFC 2396's).
fn is_scheme(text: &str) -> bool {
    let mut bytes = text.bytes();
    bytes.next().is_some_and(|b| b.is_ascii_alphabetic())
        && bytes.all(|b| b.is_ascii_alphanumeric() || b"+-.".contains(&b))
}

/// The component (section) holding byte `p` of `input`.
fn component_at(input: &str, p: usize) -> (&'static str, &'static str) {
    let spans = rfc3986::split_spans(input);
    if spans.scheme.as_ref().is_some_and(|s| p <= s.end) {
        return ("3.1", "scheme");
    }
    if let Some(a) = spans.authority.as_ref().filter(|a| p + 2 >= a.start && p <= a.end) {
        if p < a.start {
            return ("3.2", "authority");
        }
        let parts = rfc3986::split_authority_spans(&input[a.clone()]);
        let at = p - a.start;
        return if parts.userinfo.as_ref().is_some_and(|u| at <= u.end) {
            ("3.2.1", "user information")
        } else if at < parts.host.end {
            ("3.2.2", "host")
        } else {
            ("3.2.3", "port")
        };
    }
    if spans.fragment.as_ref().is_some_and(|f| p + 1 >= f.start) {
        ("3.5", "fragment")
    } else if spans.query.as_ref().is_some_and(|q| p + 1 >= q.start) {
        ("3.4", "query")
    } else {
        ("3.3", "path")
    }
}

/// The components compared, in URL order.
const FIELDS: [&str; 8] =
    ["scheme", "authority", "userinfo", "host", "port", "path", "query", "fragment"];

fn value<'r>(record: &'r RfcRecord, field: &str) -> Option<&'r str> {
    match field {
        "scheme" => record.scheme.as_deref(),
        "authority" => record.authority.as_deref(),
        "userinfo" => record.userinfo.as_deref(),
        "host" => record.host.as_deref(),
        "port" => record.port.as_deref(),
        "path" => Some(record.path.as_str()),
        "query" => record.query.as_deref(),
        _ => record.fragment.as_deref(),
    }
}

fn uri_value<'r>(uri: &'r UriRef, field: &str) -> Option<&'r str> {
    match field {
        "scheme" => uri.scheme.as_deref(),
        "authority" => uri.authority.as_deref(),
        "userinfo" => uri.userinfo.as_deref(),
        "host" => uri.host.as_deref(),
        "port" => uri.port.as_deref(),
        "path" => Some(uri.path.as_str()),
        "query" => uri.query.as_deref(),
        _ => uri.fragment.as_deref(),
    }
}

/// Whether two values of `field` are the same URI's: a scheme or host in another case
/// (section 6.2.2.1), a port with leading zeros (section 3.2.3: a number), an absent and an
/// empty userinfo, host, port, query or fragment (an absent and an empty authority are not:
/// `file:/` and `file:///`).
fn same(field: &str, e: Option<&str>, a: Option<&str>) -> bool {
    let empty_is_absent = ["userinfo", "host", "port", "query", "fragment"].contains(&field);
    let present = |v: &&str| !(empty_is_absent && v.is_empty());
    match (e.filter(present), a.filter(present)) {
        (Some(e), Some(a)) if field == "scheme" || field == "host" => e.eq_ignore_ascii_case(a),
        (Some(e), Some(a)) if field == "port" => {
            e.trim_start_matches('0') == a.trim_start_matches('0')
        }
        (e, a) => e == a,
    }
}

/// The first component, in URL order, the library reads otherwise.
fn first_difference(expected: &RfcRecord, library: &RfcRecord) -> Option<&'static str> {
    let differs = |f: &str| !same(f, value(expected, f), value(library, f));
    // An authority read otherwise in its userinfo, host or port is named by that part; the
    // authority itself only when the parts agree (absent against empty).
    let part_differs = ["userinfo", "host", "port"].into_iter().any(differs);
    FIELDS.into_iter().filter(|f| *f != "authority" || !part_differs).find(|f| differs(f))
}

/// `v` with the hexadecimal digits of its percent-encodings in upper case (RFC 3986 §2.1:
/// "uppercase and lowercase hexadecimal digits within a percent-encoding triplet are
/// equivalent").
fn hex_upper(v: &str) -> String {
    let mut out = String::with_capacity(v.len());
    let mut rest = v;
    while let Some(at) = rest.find('%') {
        out.push_str(&rest[..at]);
        let triplet =
            rest.get(at..at + 3).filter(|t| t[1..].bytes().all(|b| b.is_ascii_hexdigit()));
        let taken = triplet.map_or("%".to_owned(), str::to_ascii_uppercase);
        rest = &rest[at + taken.len()..];
        out.push_str(&taken);
    }
    out.push_str(rest);
    out
}

/// The section of each component.
fn component_section(field: &str) -> (&'static str, &'static str) {
    match field {
        "scheme" => ("3.1", "scheme"),
        "authority" => ("3.2", "authority"),
        "userinfo" => ("3.2.1", "user information"),
        "host" => ("3.2.2", "host"),
        "port" => ("3.2.3", "port"),
        "path" => ("3.3", "path"),
        "query" => ("3.4", "query"),
        _ => ("3.5", "fragment"),
    }
}

const TRANSFORM: (&str, &str) = ("5.2.2", "transform references");

/// The step where a library that parsed departs at `field` (see the module documentation).
fn parsed_step(
    standard: Standard,
    request: &Request,
    field: &str,
    expected: &RfcRecord,
    library: &RfcRecord,
) -> StandardStep {
    let hex_case_only = match (value(expected, field), value(library, field)) {
        (Some(e), Some(a)) => hex_upper(e) == hex_upper(a),
        _ => false,
    };
    let (id, title) = match request.base.as_deref() {
        _ if hex_case_only => ("2.1", "percent-encoding"),
        None => component_section(field),
        Some(base) => resolved_section(request, base, field, expected, library),
    };
    rfc_section_step(standard, id, title)
}

fn resolved_section(
    request: &Request,
    base: &str,
    field: &str,
    expected: &RfcRecord,
    library: &RfcRecord,
) -> (&'static str, &'static str) {
    let base = rfc3986::split(base);
    let reference = rfc3986::split(&request.input);
    let (from_base, got) = (uri_value(&base, field), value(library, field));
    // The library took the base's value where the reference's target has another: 5.2.2
    // chooses each component's source (a non-empty base value: an absent one says nothing).
    let took_base = from_base.is_some_and(|b| !b.is_empty())
        && same(field, from_base, got)
        && !same(field, value(expected, field), got);
    if took_base {
        return TRANSFORM;
    }
    if reference.scheme.is_some() {
        return component_section(field);
    }
    let authority_part = ["scheme", "authority", "userinfo", "host", "port"].contains(&field);
    match field {
        _ if authority_part => {
            if reference.authority.is_some() && field != "scheme" {
                component_section(field)
            } else {
                TRANSFORM
            }
        }
        "path" => path_section(&base, &reference, library),
        "query" if reference.path.is_empty() && reference.query.is_none() => TRANSFORM,
        _ => component_section(field),
    }
}

/// A resolved path the library reads otherwise: 5.2.2 for an empty reference path (the
/// base's is taken), 5.2.4 where merge's output (or an absolute path) is kept up to where
/// the segments are read, else 5.2.3.
fn path_section(
    base: &UriRef,
    reference: &UriRef,
    library: &RfcRecord,
) -> (&'static str, &'static str) {
    const DOTS: (&str, &str) = ("5.2.4", "remove_dot_segments");
    if reference.path.is_empty() {
        return TRANSFORM;
    }
    if reference.authority.is_some() || reference.path.starts_with('/') {
        let dotted = reference.path.split('/').any(|s| s == "." || s == "..");
        return if dotted { DOTS } else { component_section("path") };
    }
    let merged = rfc3986::merge(base, &reference.path);
    let directory = &merged[..merged.len() - reference.path.len()];
    // Kept: the library's path is merge's directory, then only segments of the reference's
    // path (dot and empty segments aside, which 5.2.4 reads).
    let from_reference: Vec<String> = reference.path.split('/').map(hex_upper).collect();
    let kept = library.path.strip_prefix(directory).is_some_and(|rest| {
        !(directory.is_empty() && rest.starts_with('/'))
            && rest
                .split('/')
                .filter(|s| !s.is_empty() && *s != "." && *s != "..")
                .all(|s| from_reference.contains(&hex_upper(s)))
    });
    if kept {
        DOTS
    } else {
        ("5.2.3", "merge paths")
    }
}

/// The kind of the first code point of `field` in the input (the end of input when the input
/// has none there).
fn first_code_point(input: &str, field: &str) -> String {
    let uri = rfc3986::split(input);
    let c = uri_value(&uri, field).and_then(|v| v.chars().next());
    code_point_kind(c)
}

/// A variant of [`neutral_variants`]: the component it puts back to a plain value (`None`: the
/// input alone, without its base) and the request.
pub type Plain = (Option<&'static str>, Request);

/// The order the plain values are tried in (each a component the library may refuse).
pub const NEUTRAL_ORDER: [&str; 6] = ["port", "host", "userinfo", "path", "query", "fragment"];

/// The variants asked for a library that failed where its reference parsed: with a base, the
/// input alone first; then, for each component of [`NEUTRAL_ORDER`] the input holds, the
/// input with that component put back to a plain value. With each, the component it tests
/// (`None`: the input alone).
pub fn neutral_variants(request: &Request) -> Vec<Plain> {
    let mut out = Vec::new();
    if request.base.is_some() {
        out.push((None, Request { input: request.input.clone(), base: None }));
    }
    let uri = rfc3986::split(&request.input);
    for field in NEUTRAL_ORDER {
        if let Some(plain) = neutralized(&uri, field) {
            out.push((Some(field), Request { input: plain, base: request.base.clone() }));
        }
    }
    out
}

/// `uri` with `field` put back to a plain value, recomposed (`None`: it has no such
/// component, or it is plain already).
fn neutralized(uri: &UriRef, field: &str) -> Option<String> {
    let mut u = uri.clone();
    match field {
        "port" => {
            u.port.take()?;
        }
        "host" => {
            let _ = u.host.as_ref()?;
            u.host = Some("example.com".to_owned());
        }
        "userinfo" => {
            u.userinfo.take()?;
        }
        "path" => {
            // The plainest path: `/` (a rootless or empty path made absolute too).
            if u.path == "/" {
                return None;
            }
            u.path = "/".to_owned();
        }
        "query" => {
            u.query.take()?;
        }
        _ => {
            u.fragment.take()?;
        }
    }
    if ["port", "host", "userinfo"].contains(&field) {
        u.set_authority_parts();
    }
    let plain = u.recompose();
    (plain != uri.recompose()).then_some(plain)
}

/// Where a library that failed departs, given each variant of [`neutral_variants`] with
/// whether the library and the reference both parse it: the input alone (a base's
/// resolution: 5.2.2), else the first component whose plain value both parse.
pub fn failure_step(
    standard: Standard,
    request: &Request,
    tried: &[(Option<&'static str>, bool)],
) -> Option<(StandardStep, String)> {
    let (field, _) = tried.iter().find(|(_, both_parse)| *both_parse)?;
    let Some(field) = field else {
        return Some((rfc_section_step(standard, TRANSFORM.0, TRANSFORM.1), end()));
    };
    // RFC 2396 §3.2: `authority = server | reg_name`; an authority that is no server
    // (`@`, `:1`, `h:x`) is registry-based, and a library refusing it refuses a registry
    // authority, whichever part's plain value makes it a server.
    let authority = rfc3986::split(&request.input).authority;
    let registry = authority.is_some_and(|a| !urldiff_parser::rfc2396::is_server(&a));
    let (id, title) = if standard == Standard::Rfc2396
        && registry
        && ["port", "host", "userinfo"].contains(field)
    {
        ("3.2", "authority")
    } else {
        component_section(field)
    };
    Some((rfc_section_step(standard, id, title), first_code_point(&request.input, field)))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn step(input: &str, base: Option<&str>, library: RfcRecord) -> Option<String> {
        let answer = Answer::Parsed { record: Record::Rfc(library), errors: Vec::new() };
        departure(Standard::Rfc3986, &Request::new(input, base), &answer).map(|(s, _)| s.id)
    }

    fn record(uri: &str) -> RfcRecord {
        RfcRecord::of(rfc3986::split(uri), None)
    }

    /// RFC 3986 section 3.2.3: `port = *DIGIT`, so `a:x` as a port is the port's rule.
    #[test]
    fn a_rejected_port_is_the_port_section() {
        assert_eq!(step("http://h:x/", None, record("http://h/")).as_deref(), Some("3.2.3"));
    }

    /// Section 5.2.2: "if defined(R.authority) then T.authority = R.authority": a library
    /// keeping the base's host for `///` departs there; section 5.2.4 keeps the empty
    /// segment that CPython's urljoin collapses; section 5.2.3 puts no `/` before a path
    /// merged with a base that has no authority and an empty path.
    #[test]
    fn resolution_steps_follow_section_5_2() {
        let kept_host = record("file://example.com/");
        assert_eq!(step("///", Some("file://example.com"), kept_host).as_deref(), Some("5.2.2"));
        let collapsed = record("http://a/b/d/e");
        assert_eq!(step("d//e", Some("http://a/b/c"), collapsed).as_deref(), Some("5.2.4"));
        assert_eq!(step("a", Some("sc:"), record("sc:/a")).as_deref(), Some("5.2.3"));
        // Merge's directory of `sc:sd` is empty: a segment `s` is none of the reference's.
        assert_eq!(step("i", Some("sc:sd"), record("sc:s/i")).as_deref(), Some("5.2.3"));
    }

    /// Section 3.2.1: a userinfo read otherwise is the userinfo's, though the authority that
    /// holds it differs too; section 2.1: hexadecimal digits' case is no component's.
    #[test]
    fn the_part_of_an_authority_and_the_case_of_a_percent_encoding() {
        let encoded = record("foo://:%3A@/");
        assert_eq!(step("foo://::@", None, encoded).as_deref(), Some("3.2.1"));
        let upper = record("http://h/%2E%2Ei");
        assert_eq!(step("http://h/%2e%2ei", None, upper).as_deref(), Some("2.1"));
    }

    /// Section 3.3: `[:` and `$:` cannot start with a scheme (section 3.1: `scheme = ALPHA
    /// *( ALPHA / DIGIT / "+" / "-" / "." )`), so they are relative-path references whose
    /// first segment holds a colon, which path-noscheme forbids; `a:b` has a scheme.
    #[test]
    fn a_colon_after_no_scheme_is_the_path_section() {
        for input in ["[:", "$:", "a[:x"] {
            assert_eq!(step(input, None, record(&format!("./{input}"))).as_deref(), Some("3.3"));
        }
        assert!(is_scheme("a+b.c-1") && !is_scheme("1a") && !is_scheme(""));
    }

    #[test]
    fn plain_values_leave_the_other_components() {
        let request = Request::new("http://u@h:99999/p?q#f", None);
        let plain: Vec<(Option<&str>, String)> =
            neutral_variants(&request).into_iter().map(|(f, r)| (f, r.input)).collect();
        assert_eq!(plain[0], (Some("port"), "http://u@h/p?q#f".to_owned()));
        assert_eq!(plain[1], (Some("host"), "http://u@example.com:99999/p?q#f".to_owned()));
        assert_eq!(plain[2], (Some("userinfo"), "http://h:99999/p?q#f".to_owned()));
    }
}
