//! The families of `families_steps.rs`: each one behaviour of one library, with the step its
//! standard's text names, cited.

use super::StepFamily;

/// RFC 3986 §3.2.3: `port = *DIGIT`, "The type of port designated by the port number ... is
/// defined by the scheme": no range; a library refusing a port above 65535 departs there.
const PORTS: &[(&str, Option<&str>)] = &[
    ("http://u@h:99999/x", None),
    ("https://example.com:65536/", None),
    ("ftp://h.example:123456?q", None),
    ("ws://[::1]:99999/", None),
];

/// RFC 3986 §3.2.2: `reg-name = *( unreserved / pct-encoded / sub-delims )`: `! $ , ; =` are
/// sub-delims, allowed in a host.
const SUB_DELIM_HOSTS: &[(&str, Option<&str>)] = &[
    ("http://a!b/", None),
    ("http://x,y.example/p", None),
    ("http://a;b/", None),
    ("https://h$.org/?q", None),
];

/// A base with an opaque path (no authority, a path not starting with `/`): RFC 3986 §5.2.2
/// (RFC 2396 §5.2 steps 2 to 5) resolves against any base URI: the reference's path is
/// merged (`a` against `sc:b` is `sc:a`), its query and fragment kept. A library that returns
/// the base, or the reference unresolved, or fails, departs where those steps choose each
/// component's source.
const OPAQUE_BASE: &[(&str, Option<&str>)] = &[
    ("a", Some("sc:b")),
    ("x/y", Some("mailto:u@example.com")),
    ("g?q", Some("news:comp.x")),
    ("b?c", Some("urn:x:y")),
];

pub const STEP_FAMILIES: &[StepFamily] = &[
    StepFamily {
        name: "yarl refuses a port above 65535",
        library: "yarl",
        runtime: "python",
        step: "3.2.3",
        cases: PORTS,
    },
    // RFC 3986 §5.2.2: a reference without an authority takes the base's: "T.authority =
    // Base.authority", undefined for `http:`; CPython's urljoin writes an empty one
    // (`http:///a` for `a`).
    StepFamily {
        name: "CPython's urljoin writes an empty authority against a base without one",
        library: "python-urllib",
        runtime: "python",
        step: "5.2.2",
        cases: &[
            ("a", Some("http:")),
            ("x?q", Some("https:")),
            ("b#f", Some("ftp:")),
            ("c/d", Some("ws:")),
        ],
    },
    StepFamily {
        name: "curl refuses a sub-delim in a host",
        library: "curl",
        runtime: "curl",
        step: "3.2.2",
        cases: SUB_DELIM_HOSTS,
    },
    // RFC 2396 §5.2 step 6: a) the base path's last segment removed, b) the reference's path
    // appended, c)-f) "./" and "<segment>/../" removed; nothing there removes an empty segment.
    // java.net.URI's resolve collapses `//` in the merged path.
    StepFamily {
        name: "java.net.URI collapses an empty segment when it resolves",
        library: "java-uri",
        runtime: "java",
        step: "5.2/6c-f",
        cases: &[
            ("(//", Some("http://example.com/a/b")),
            ("~//", Some("sc://example.com/a/b")),
            ("x//y?q", Some("https://h/p/")),
            ("a//b#f", Some("ftp://h/d/")),
        ],
    },
    // Ruby's RFC2396_Parser returns the base for a relative reference against an opaque base
    // (`sc:b` for `a`) and fails on one with a query ("query conflicts with opaque").
    StepFamily {
        name: "Ruby's RFC 2396 parser keeps an opaque base",
        library: "ruby-uri-rfc2396",
        runtime: "ruby",
        step: "5.2/2-5",
        cases: OPAQUE_BASE,
    },
    // RFC 2396 §3.2: `authority = server | reg_name`; `@`, `:1`, `test:x` are no server
    // (`hostport` needs a host, a port digits) but a `reg_name`. Ruby's RFC2396_Parser refuses
    // them for a scheme it reads server-based: "does not accept registry part".
    StepFamily {
        name: "Ruby's RFC 2396 parser refuses a registry-based authority",
        library: "ruby-uri-rfc2396",
        runtime: "ruby",
        step: "3.2",
        cases: &[
            ("x://@", None),
            ("a://:1", None),
            ("data://test:tEST", None),
            ("sc://:12/", None),
            ("http://www.@::e.com", None),
        ],
    },
    StepFamily {
        name: "Ruby's RFC 3986 parser keeps an opaque base",
        library: "ruby-uri",
        runtime: "ruby",
        step: "5.2.2",
        cases: OPAQUE_BASE,
    },
    // Go's ResolveReference gives the target an empty authority (`sc:///a`-like: `//` written)
    // where §5.2.2 takes the base's undefined one: "T.authority = Base.authority".
    StepFamily {
        name: "Go's ResolveReference adds an empty authority against a base without one",
        library: "go-net-url",
        runtime: "go",
        step: "5.2.2",
        cases: &[
            ("a", Some("sc:b")),
            ("x/y", Some("mailto:u@example.com")),
            ("g?q", Some("news:comp.x")),
            ("#f", Some("urn:a")),
        ],
    },
    // URL Standard, authority state: "If c is U+0040 (@): ... percent-encode ... using the
    // userinfo percent-encode set" (which holds `[` and `]`): a `[` or `]` in the userinfo is
    // no failure. w3lib's safe_url_string (Python's urlsplit) refuses it ("Invalid IPv6 URL").
    StepFamily {
        name: "w3lib refuses a bracket in the userinfo",
        library: "w3lib-safe-url",
        runtime: "python",
        step: "authority-state",
        cases: &[
            ("ws://]@example.com", None),
            ("http://a]b@h/", None),
            ("https://[@example.com/x", None),
            ("ftp://x:y]@h.test?q", None),
        ],
    },
    // URL Standard, special authority ignore slashes state: "If c is neither U+002F (/) nor
    // U+005C (\\), then set state to authority state and decrease pointer by 1. Otherwise,
    // special-missing-slashes validation error": any number of slashes. rust-url 2.5.8 fails
    // ("empty host") on three or more against a special base (with four, no deletion of one
    // code point ends the failure: the run of slashes shortened to two does).
    StepFamily {
        name: "rust-url refuses three slashes against a special base",
        library: "rust-url",
        runtime: "rust",
        step: "special-authority-ignore-slashes-state",
        cases: &[
            ("///a", Some("http://example.com/a/b")),
            ("///x.y?q", Some("wss://h/")),
            ("////h/p", Some("https://example.org/")),
            ("///u@h.test:1/#f", Some("ftp://e/")),
        ],
    },
];
