//! Multi-byte code points wherever the spec's lookahead rules look (issue 8: `urldiff parse
//! --base file:/// €` panicked, slicing inside `€` to test for a Windows drive letter).
//!
//! Code points of 2, 3 and 4 bytes of UTF-8 ([`WIDE`]) are put at each position the parser
//! inspects ahead of or around the pointer: the Windows drive letter checks (first, second and
//! third code point), "remaining starts with" after a scheme and in the authority states, `%`
//! followed by zero, one or two code points, after `\`, `/`, `:`, `@` and `[`, in ports,
//! schemes, IPv4 and IPv6 addresses, opaque paths; against no base and http, file,
//! non-special and opaque-path bases; in every setter; and on the RFC side. Each parse must
//! not panic and, when it succeeds, serialize to an href that parses back to the same URL.
//! A few answers are checked exactly ([`AGREED`]).

use urldiff_parser::{rfc2396, rfc3986, Attribute, Url};

/// 2-byte (ß), 3-byte (€, 。, full-width ｆ, U+FFFD) and 4-byte (𝔘, U+3E8AC) code points.
const WIDE: [&str; 7] = ["ß", "€", "。", "ｆ", "\u{FFFD}", "𝔘", "\u{3E8AC}"];

const BASES: [Option<&str>; 6] = [
    None,
    Some("http://user:pass@h:8080/b/c?q#f"),
    Some("file:///"),
    Some("file:///C:/a/b"),
    Some("sc://x/p"),
    Some("sc:opaque"),
];

/// Inputs with a hole (`_`) where a wide code point goes. Grouped by the lookahead they
/// exercise; the names of spec rules are in the comments.
#[rustfmt::skip]
const TEMPLATES: &[&str] = &[
    // "starts with a Windows drive letter" (file state, file slash state): the first, the
    // second and the code point after the drive letter; "is a Windows drive letter"
    // (file host state, path state).
    "_", "_:", "_|", "C_", "c|_", "C|_", "C|_/", "C|/_", "/_", "/_|", "/C_", "/C|_",
    "//_", "//C_", "//C|_", "\\_", "\\C|_", "\\\\C|_", "file:_", "file:C_", "file:C|_",
    "file:/_", "file:/C|_", "file://_", "file://C_/", "file://C|_", "file:///C_",
    "file:///C|_", "file:///C:/_", "file:\\\\C|_", "FILE:_|",
    // "remaining starts with" after the scheme: "//" (file), "/" (non-special),
    // special authority slashes, special relative or authority.
    "http:_", "http:/_", "http:\\_", "http://_", "https:_x", "sc:_", "sc:/_", "sc://_",
    "sc://_/", "ws:/\\_",
    // Scheme state.
    "_:", "a_:", "_a:", "h_ttp://x", "http_://x",
    // % followed by zero, one or two code points, in each component.
    "%_", "%a_", "%_a", "%__", "http://h/%_", "http://h/%a_", "http://h/%_1", "http://h/?%_",
    "http://h/?%f_", "http://h/#%_", "http://h/#%0_", "http://%_/", "http://%a_/",
    "http://u%_@h/", "http://u:%_@h/", "sc:%_", "sc:%a_", "sc://%_/", "sc://h/%_",
    // After \ / : @ [ and in ports.
    "http://h\\_", "http://h/_", "http://h:_", "http://h:1_", "http://h:_1", "http://_@h",
    "http://u@_", "http://u:_@h", "http://@_", "http://_:@h/", "sc://h:_", "sc://u@_/",
    "http://h/a/_/../", "http://h/./_", "http://h/_/..", "http://h/%2e_",
    // IPv4 and IPv6 addresses.
    "http://1.2.3._/", "http://1._.3.4/", "http://_1.2.3.4/", "http://1.2.3.4_/", "http://0x_/",
    "http://0_/", "http://[_]/", "http://[:_]/", "http://[::_]/", "http://[1:_::]/",
    "http://[::1.2.3._]/", "http://[::1._]/", "http://[_::1]/", "http://[::1]_/",
    "sc://[_]/", "sc://[::1]_/",
    // Opaque paths: a space is %20 only if remaining starts with ? or #.
    "sc:a _", "sc:a _?x", "sc:a _#x", "sc: _", "sc:_ ?x", "javascript:_ #",
    // Relative references, query, fragment.
    "?_", "#_", "..?_", "._/", "_/..", "/.._",
];

/// Every template with every wide code point.
fn inputs() -> impl Iterator<Item = String> {
    TEMPLATES.iter().flat_map(|t| WIDE.iter().map(move |w| t.replace('_', w)))
}

fn components(url: &Url) -> Vec<String> {
    Attribute::ALL.iter().map(|&a| url.attribute(a).into_owned()).collect()
}

/// The URL's href parses (without a base) to the same URL.
fn assert_reparses(url: &Url, what: &str) {
    let reparsed = Url::parse(url.href(), None)
        .unwrap_or_else(|e| panic!("{what}: href {:?} does not reparse: {e}", url.href()));
    assert_eq!(components(&reparsed), components(url), "{what}: href {:?}", url.href());
    assert_eq!(reparsed.has_opaque_path(), url.has_opaque_path(), "{what}");
}

#[test]
fn wide_code_points_at_every_lookahead_parse_and_reparse() {
    let mut parsed = 0;
    for base in BASES {
        let base_url = base.map(|b| Url::parse(b, None).expect("base parses"));
        for input in inputs() {
            let what = format!("{input:?} against {base:?}");
            let outcome = Url::parse_with_errors(&input, base_url.as_ref());
            if let Ok(url) = outcome.result {
                assert_reparses(&url, &what);
                parsed += 1;
            }
        }
    }
    // Most of these parse: a test that only met failures would check little.
    assert!(parsed > 2000, "only {parsed} inputs parsed");
}

/// Answers for wide code points at drive-letter and other lookahead positions, as
/// whatwg-url (the standard's reference implementation), ada, rust-url and Node's URL all
/// give them (run through `urldiff compare`; recorded by hand). `None` is failure.
const AGREED: &[(&str, Option<&str>, Option<&str>)] = &[
    ("€", Some("file:///"), Some("file:///%E2%82%AC")),
    ("C€", Some("file:///a/b"), Some("file:///a/C%E2%82%AC")),
    ("€:", Some("file:///a/b"), Some("file:///a/%E2%82%AC:")),
    ("C|€", Some("file:///a/b"), Some("file:///a/C|%E2%82%AC")),
    ("C|/€", Some("file:///a/b"), Some("file:///C:/%E2%82%AC")),
    ("/C|€", Some("file:///a/b"), Some("file:///C|%E2%82%AC")),
    ("/€", Some("file:///C:/a"), Some("file:///C:/%E2%82%AC")),
    ("€|/", Some("file:///C:/a"), Some("file:///C:/%E2%82%AC|/")),
    ("//€", Some("file:///"), Some("file://xn--lzg/")),
    ("//C|€", Some("file:///a/b"), None),
    ("file:€", None, Some("file:///%E2%82%AC")),
    ("file:C|€", None, Some("file:///C|%E2%82%AC")),
    ("file:/C|€", None, Some("file:///C|%E2%82%AC")),
    ("file:///C€/", None, Some("file:///C%E2%82%AC/")),
    ("file://C€/", None, Some("file://xn--c-xpn/")),
    ("%€", Some("http://h/"), Some("http://h/%%E2%82%AC")),
    ("http://h:€", None, None),
    ("http://[€]", None, None),
    ("http://1.2.3.€/", None, Some("http://1.2.3.xn--lzg/")),
    ("http://u€@h/", None, Some("http://u%E2%82%AC@h/")),
    ("sc:a €?x", None, Some("sc:a %E2%82%AC?x")),
    ("ß", Some("sc:opaque"), None),
    ("#ß", Some("sc:opaque"), Some("sc:opaque#%C3%9F")),
];

#[test]
fn wide_code_points_give_the_agreed_answers() {
    for &(input, base, expected) in AGREED {
        let base_url = base.map(|b| Url::parse(b, None).expect("base parses"));
        let got = Url::parse(input, base_url.as_ref()).ok();
        assert_eq!(got.as_ref().map(Url::href), expected, "{input:?} against {base:?}");
    }
}

/// Setter values with a wide code point where the setters' state overrides look.
#[rustfmt::skip]
const SETTER_TEMPLATES: &[&str] = &[
    "_", "_:", "a_", "_a", "C|_", "_|", "%_", "%a_", "x:_", "_@", "h:_", "h:1_", "[_]", "[::_]",
    "1.2.3._", "/_", "\\_", "?_", "#_", "_ ", " _?", "//_", "..\\_", "http_", "_://",
];

const SETTER_URLS: &[&str] = &[
    "http://u:p@h:8080/p?q#f",
    "file:///C:/a",
    "file://host/a",
    "sc://x/p",
    "sc:/p",
    "sc:opaque?q#f",
    "blob:https://h/x",
];

#[test]
fn every_setter_with_wide_code_points_keeps_a_url_that_reparses() {
    for &start in SETTER_URLS {
        let url = Url::parse(start, None).expect("starting URL parses");
        for &attribute in Attribute::ALL.iter().filter(|a| a.is_settable()) {
            for template in SETTER_TEMPLATES {
                for wide in WIDE {
                    let value = template.replace('_', wide);
                    let mut changed = url.clone();
                    let _ = changed.set_attribute(attribute, &value);
                    assert_reparses(&changed, &format!("{start:?}.{attribute} = {value:?}"));
                }
            }
        }
    }
}

#[test]
fn rfc_side_with_wide_code_points() {
    use rfc3986::Rule;
    #[rustfmt::skip]
    let rules = [
        Rule::UriReference, Rule::Uri, Rule::AbsoluteUri, Rule::RelativeRef, Rule::Scheme,
        Rule::Authority, Rule::Userinfo, Rule::Host, Rule::Port, Rule::IpLiteral, Rule::IpvFuture,
        Rule::Ipv6Address, Rule::H16, Rule::Ls32, Rule::Ipv4Address, Rule::DecOctet,
        Rule::RegName, Rule::PathAbempty, Rule::PathAbsolute, Rule::PathNoscheme,
        Rule::PathRootless, Rule::PathEmpty, Rule::Segment, Rule::SegmentNz, Rule::SegmentNzNc,
        Rule::Pchar, Rule::Query, Rule::Fragment, Rule::PctEncoded,
    ];
    let bases = ["http://a/b/c/d;p?q", "file:///C:/a", "sc:opaque", "//a", ""];
    let more = ["//[_]", "//[::_]", "//h:_", "//u_@h", "_:", "a/_/../", "%_", "%a_", "_/.."];
    for input in inputs().chain(more.iter().flat_map(|t| WIDE.map(|w| t.replace('_', w)))) {
        let reference = rfc3986::split(&input);
        assert_eq!(reference.recompose(), input);
        for rule in rules {
            if let Err(v) = rfc3986::check(&input, rule) {
                // A violation's position is a character position: callers may slice there.
                assert!(input.is_char_boundary(v.position), "{input:?}: {v}");
            }
        }
        for base in bases.map(rfc3986::split) {
            for strict in [true, false] {
                let resolved = rfc3986::resolve(&base, &reference, strict);
                rfc3986::normalize(&resolved);
                rfc2396::resolve_with(&base, &reference, strict);
            }
        }
    }
}
