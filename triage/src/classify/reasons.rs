//! Why each side reads a class's inputs as it does, and what a developer should do about it:
//! the text the RFC-vs-WHATWG report shows with each class (and `--explain-classes` after
//! the predicate). One entry per class of [`super::CLASSES`], in its order (a test holds
//! them together). The reasons are the standards' own: a step of the URL Standard, a rule or
//! section of RFC 3986.

/// The two standards' reasons for a class, and the advice.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ClassReasons {
    pub id: &'static str,
    /// Why the URL Standard reads it so.
    pub whatwg: &'static str,
    /// Why RFC 3986 reads it so.
    pub rfc3986: &'static str,
    /// What a developer who meets the class should do.
    pub advice: &'static str,
}

/// The reasons of every class, in the class table's order.
pub const REASONS: &[ClassReasons] = &[
    ClassReasons {
        id: "scheme-confusion",
        whatwg: "the scheme state lowercases the scheme and, when none is found, starts over \
                 in the no-scheme state, which resolves against the base or fails",
        rfc3986: "a scheme is a letter then letters, digits, `+`, `-` or `.` before the first \
                  `:`; without one the string is a relative reference",
        advice: "decide the scheme with one parser and compare it lowercased against an \
                 allow-list; reject inputs whose scheme the two parsers do not agree on",
    },
    ClassReasons {
        id: "slash-confusion",
        whatwg: "special URLs take their authority after any number of `/` and `\\` (the \
                 special authority ignore slashes state), or resolve `http:x` against a base \
                 of the same scheme",
        rfc3986: "only `//` starts an authority; `/`, `///` or none leaves the authority \
                  undefined and the rest is the path",
        advice: "normalize with the parser that will fetch the URL and check the host of its \
                 result, never a host found by counting slashes",
    },
    ClassReasons {
        id: "backslash-confusion",
        whatwg: "in special URLs a `\\` is read as `/` (with an invalid-reverse-solidus \
                 validation error), so it can end the authority",
        rfc3986: "`\\` is not allowed in a URI at all; lenient splitters keep it as data, \
                  inside the userinfo or the path",
        advice: "reject URLs containing `\\` at the boundary, or parse once with a WHATWG \
                 parser and pass its serialization on",
    },
    ClassReasons {
        id: "url-encoded-data-confusion",
        whatwg: "percent-encoded bytes are kept as written, except in domains, which are \
                 percent-decoded before domain to ASCII",
        rfc3986: "`%XX` is data; decoding is left to the application, and only unreserved \
                  characters may be decoded by normalization (§6.2.2.2)",
        advice: "compare hosts after the fetching parser's own decoding; never decode twice \
                 or check a decoded host while passing on the encoded one",
    },
    ClassReasons {
        id: "scheme-mixup",
        whatwg: "six special schemes (http, https, ws, wss, ftp, file) get hosts, default \
                 ports and path rules; every other scheme gets an opaque host or path",
        rfc3986: "one generic syntax for every scheme; scheme-specific rules belong to each \
                  scheme's own specification",
        advice: "do not apply http rules (default port, host checks) to other schemes; \
                 allow-list schemes before anything else",
    },
    ClassReasons {
        id: "userinfo-confusion",
        whatwg: "the authority state takes the last `@` before the authority's end as the \
                 end of the userinfo and percent-encodes the rest",
        rfc3986: "`@` may appear neither in the userinfo nor in the host, so an authority \
                  with two `@` is no URI; lenient splitters cut at the first or the last",
        advice: "reject URLs with credentials or more than one `@` in the authority; \
                 credentials in URLs are deprecated by both",
    },
    ClassReasons {
        id: "host-confusion",
        whatwg: "the host parser maps domains through UTS #46, reads numbers as IPv4 and \
                 percent-decodes before checking forbidden code points",
        rfc3986: "a reg-name is kept as written (case aside); only a dotted-decimal IPv4 or a \
                  bracketed IP literal is an address",
        advice: "check the host the fetching parser produces (its serialization), not the \
                 text of the input",
    },
    ClassReasons {
        id: "idna-confusion",
        whatwg: "domain to ASCII runs UTS #46 processing (mapping, Punycode, the CheckHyphens \
                 and CheckBidi rules as the standard sets them)",
        rfc3986: "a reg-name is a string of unreserved, sub-delims and percent-encoded bytes; \
                  IDNA is outside the RFC (RFC 3987 and the IDNA RFCs)",
        advice: "compare hosts in their ASCII (Punycode) form after the same IDNA processing \
                 the fetching side uses",
    },
    ClassReasons {
        id: "ipv4-number-form",
        whatwg: "the IPv4 parser accepts decimal, octal (`0`-led) and hex (`0x`) parts and \
                 fewer than four parts, so `0x7f.1` is 127.0.0.1",
        rfc3986: "an IPv4 address is exactly four decimal octets; anything else is a \
                  reg-name, to be resolved by name",
        advice: "block internal addresses by the address the fetching parser produces, \
                 never by matching the input's text",
    },
    ClassReasons {
        id: "ipv6-confusion",
        whatwg: "the IPv6 parser serializes the address in its shortest form and rejects \
                 zone identifiers",
        rfc3986: "an IP literal is kept as written; RFC 6874 adds zone identifiers, and \
                  IPvFuture is allowed",
        advice: "compare IPv6 hosts as parsed addresses, not strings; reject zone \
                 identifiers at the boundary",
    },
    ClassReasons {
        id: "whitespace-confusion",
        whatwg: "leading and trailing C0 controls and spaces are stripped and every tab and \
                 newline removed before parsing",
        rfc3986: "spaces and controls are not allowed; Appendix C only suggests removing \
                  whitespace around URIs found in text",
        advice: "trim and reject controls before the URL reaches any parser, so both see \
                 the same string",
    },
    ClassReasons {
        id: "port-confusion",
        whatwg: "the port state reads decimal digits up to 65535, drops the scheme's default \
                 port and fails on anything else",
        rfc3986: "a port is any run of digits, possibly empty; normalization may drop the \
                  scheme's default (§6.2.3)",
        advice: "compare ports as numbers with the default port filled in, and reject empty \
                 or out-of-range ports",
    },
    ClassReasons {
        id: "path-confusion",
        whatwg: "the path state removes `.` and `..` segments, including `%2e` forms, and \
                 handles Windows drive letters in file URLs",
        rfc3986: "dot segments are removed only when resolving a reference (§5.2.4); \
                  `%2e` is not a dot",
        advice: "authorize on the path the server will use after its own normalization, and \
                 reject encoded dots",
    },
    ClassReasons {
        id: "root-path-normalization",
        whatwg: "a special URL always has a path; an empty one becomes `/`",
        rfc3986: "a URI with an authority may have an empty path; `/` is only its \
                  normalized equivalent for http (§6.2.3)",
        advice: "treat an empty path and `/` as the same for special schemes",
    },
    ClassReasons {
        id: "opaque-path-confusion",
        whatwg: "a non-special scheme not followed by `/` has an opaque path that is never \
                 parsed further; it is a base only for a fragment",
        rfc3986: "such a URI has a rootless path; relative references resolve against it \
                  by merging paths",
        advice: "do not resolve relative references against `mailto:`-like URLs; compare \
                 opaque paths as opaque strings",
    },
    ClassReasons {
        id: "unicode-version-skew",
        whatwg: "UTS #46 data of the Unicode version an implementation ships decides which \
                 code points map, are valid or are disallowed",
        rfc3986: "the RFC has no Unicode tables; IDNA versions are the IDNA specifications' \
                  concern",
        advice: "pin the IDNA data of both sides, or reject hosts with code points newer \
                 than the older side knows",
    },
    ClassReasons {
        id: "file-host-confusion",
        whatwg: "file URLs have their own states: a drive letter is never a host, and \
                 `localhost` becomes the empty host",
        rfc3986: "a file URI's authority is a host like any other (RFC 8089 adds the \
                  `file:` specifics)",
        advice: "do not accept file URLs from untrusted input; when needed, parse them with \
                 the same parser that opens them",
    },
    ClassReasons {
        id: "empty-host-confusion",
        whatwg: "special URLs other than file fail on an empty host (host-missing); other \
                 schemes may keep it",
        rfc3986: "an authority with an empty host is allowed; its meaning is the scheme's",
        advice: "reject URLs with an empty host before using them",
    },
    ClassReasons {
        id: "case-normalization",
        whatwg: "the scheme state lowercases the scheme and domain to ASCII lowercases \
                 the domain; other components keep their case",
        rfc3986: "scheme and host are case-insensitive, but a parser keeps them as written; \
                  normalization lowercases them (§6.2.2.1)",
        advice: "compare schemes and hosts case-insensitively, or after the fetching \
                 parser's serialization",
    },
    ClassReasons {
        id: "percent-encoding-normalization",
        whatwg: "each component has its percent-encode set: code points in it are encoded, \
                 others are kept as typed",
        rfc3986: "characters outside the allowed set make the string invalid; an RFC 3986 \
                  parser encodes nothing",
        advice: "compare components after one side's serialization, never as raw input",
    },
    ClassReasons {
        id: "fragment-query-confusion",
        whatwg: "the first `?` starts the query and the first `#` the fragment, in every \
                 state that can meet them",
        rfc3986: "the same delimiters, but a lenient split may cut at different places \
                  when they appear in the authority",
        advice: "reject `?` and `#` inside the authority, and never route on the fragment",
    },
    ClassReasons {
        id: "setter-confusion",
        whatwg: "each URL API setter runs the basic URL parser from a state override and \
                 ignores values it cannot use",
        rfc3986: "the RFC has no setters; recomposition (§5.3) joins components as they are",
        advice: "build URLs from components with one library and check the result, not the \
                 components",
    },
    ClassReasons {
        id: "relative-resolution-confusion",
        whatwg: "the relative states resolve against the base inside the parser, with the \
                 special schemes' rules (backslashes, empty hosts, drive letters)",
        rfc3986: "§5.2 resolves a reference by its components, strict or not about a \
                  scheme equal to the base's",
        advice: "resolve redirects with the same parser as the client that follows them, \
                 and check the resolved URL",
    },
];

/// The reasons of a class id.
pub fn reasons_of(id: &str) -> Option<&'static ClassReasons> {
    REASONS.iter().find(|r| r.id == id)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_class_has_its_reasons_in_the_table_order() {
        let classes: Vec<&str> = super::super::CLASSES.iter().map(|c| c.id).collect();
        let reasons: Vec<&str> = REASONS.iter().map(|r| r.id).collect();
        assert_eq!(reasons, classes);
        for r in REASONS {
            assert!(!r.whatwg.is_empty() && !r.rfc3986.is_empty() && !r.advice.is_empty(), "{r:?}");
        }
    }
}
