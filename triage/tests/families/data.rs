//! The families: each one behaviour, the libraries that show it with the step where each
//! departs (read from the standard's text, cited per family), and about ten inputs that differ
//! in scheme, host, path, query, fragment, base and extra code points.

use super::Family;

pub const FAMILIES: &[Family] = &[
    // A file host before a drive letter: the URL Standard keeps it (`file://h/c:/x`); rust-url
    // drops it when it reads the drive letter in the path state (its tests/expected_failures.txt
    // lists such cases), wherever the host came from: the input or the base.
    Family {
        name: "a file host dropped before a drive letter",
        steps: &[("rust-url", "path-state:windows-drive-letter")],
        cases: &[
            ("file://h/c:/x", None),
            ("FILE://example.com/a:", None),
            ("file://server/C|/dir/file.txt", None),
            ("/d:/x?q", Some("file://host/dir/")),
            ("file://1.2.3.4/z:#f", None),
            ("file://h/c:", None),
            ("//h/C:/a/b", Some("file:///")),
            ("file://example.net/e|/p/q", None),
            ("a|", Some("file://example.com")),
            // The file state takes the base's host and path at once (no path state runs).
            ("", Some("file://example.com/a:")),
            ("?x=1", Some("file://server.test/Z|/dir/f")),
        ],
    },
    // UTS #46: a code point unassigned in the data's Unicode version is disallowed, so domain to
    // ASCII fails. U+3E8AC (Seal) is assigned in Unicode 18.0 (DerivedAge.txt); ada 4.0's data
    // is 17.0, the reference's (ICU4X) 18.0: version skew, one group, never a draft.
    Family {
        name: "a host code point newer than the library's Unicode data",
        steps: &[("ada", "unicode-version")],
        cases: &[
            ("http://\u{3E8AC}.com/", None),
            ("https://a.\u{3E8AC}/x?q", None),
            ("ws://\u{3E8AC}x.example:8080/p#f", None),
            ("//\u{3E8AC}/", Some("http://example.com/a/b")),
            ("HTTP://user@\u{3E8AC}.org", None),
            ("ftp://\u{3E8AC}\u{3E8AC}.net/a/b/c", None),
            ("wss://b.\u{3E8AC}.c.example/?x=1", None),
            ("http://\u{3E8AC}", None),
            ("//\u{3E8AC}.test/p", Some("https://example.com/")),
            ("file://\u{3E8AC}/x", None),
        ],
    },
    // Path state: "UTF-8 percent-encode c using the path percent-encode set", which holds `^`.
    Family {
        name: "^ left raw in a path",
        steps: &[("rust-url", "path-state"), ("node-url", "path-state")],
        cases: &[
            ("http://example.com/a^b", None),
            ("https://example.org/^", None),
            ("http://example.com/p/q^r?x=1", None),
            ("ws://example.com/^/x#f", None),
            ("sc://example.com/^", None),
            ("foo:/^", None),
            ("^", Some("http://example.com/a/b")),
            ("x^y", Some("https://example.com/dir/")),
            ("http://user@[::1]:8080/%41/^^", None),
            ("a:///b/^.", None),
        ],
    },
    // Port state: a `\` in a non-special URL is none of the port's terminators: "Otherwise,
    // port-invalid validation error, return failure."
    Family {
        name: "\\ after a non-special port",
        steps: &[("rust-url", "port-state")],
        cases: &[
            ("a://h:1\\", None),
            ("ssh://git@host:22\\path", None),
            ("sc://example.com:8080\\x", None),
            ("git://h:9\\", None),
            ("foo://user@example.com:1\\a/b", None),
            ("x://example.com:65535\\", None),
            ("a://example.com:\\", None),
            ("x://example.com:65535\\?q", None),
            ("a://[::1]:2\\", None),
            ("myapp://u:p@h.example:80\\#f", None),
        ],
    },
    // Relative state: against a non-special base, `\` is not `/`: "Otherwise: set url's
    // username to base's username, … host to base's host, … state to path state, and
    // decrease pointer by 1." A library that reads `\/` as `//` takes a new host.
    Family {
        name: "\\/ against a non-special base read as //",
        steps: &[("rust-url", "relative-state")],
        cases: &[
            ("\\/x", Some("sc://h/p")),
            ("\\/example.com/a", Some("foo://h/p/q")),
            ("\\/y#z", Some("sc://h/")),
            ("\\/h", Some("a://b/c")),
            ("\\/x?y", Some("git://e.org/p")),
            ("\\/a.b/c/d", Some("myapp://host/dir/file")),
            ("\\/u@h:1/p", Some("x://a/")),
            ("\\/1.2.3.4/", Some("ssh://host:22/p")),
        ],
    },
    // Authority state: "If atSignSeen is true and buffer is the empty string, host-missing
    // validation error, return failure."
    Family {
        name: "an at-sign and nothing else in a non-special authority",
        steps: &[("rust-url", "authority-state")],
        cases: &[
            ("sc://@", None),
            ("foo://@", None),
            ("sc://:@/x", None),
            ("foo://:@/p", None),
            ("git://:@", None),
            ("x://:@/a/b?c", None),
            ("myapp://:@", None),
            ("a://:@?q", None),
        ],
    },
    // Host state: domain to ASCII of `xn--` (an empty Punycode label) succeeds with
    // CheckHyphens and beStrict false; the URL Standard's WPT cases expect the host.
    Family {
        name: "an empty Punycode label",
        steps: &[("node-url", "host-state"), ("rust-url", "host-state")],
        cases: &[
            ("http://xn--/", None),
            ("https://xn--/path", None),
            ("ws://XN--/", None),
            ("http://xn--:8080/", None),
            ("//xn--/", Some("https://example.com/")),
            ("ftp://user@xn--/file", None),
            ("http://xn--.example/", None),
            ("https://a.xn--/p", None),
            ("ws://sub.xn--.org/?q", None),
        ],
    },
    // No scheme state: "If base is null, or base has an opaque path and c is not U+0023 (#),
    // missing-scheme-non-relative-URL validation error, return failure."
    Family {
        name: "a relative reference with a fragment against an opaque-path base",
        steps: &[("node-url", "no-scheme-state")],
        cases: &[
            ("//#", Some("about:")),
            ("a#", Some("mailto:")),
            ("/#", Some("about:")),
            (")#", Some("test:")),
            ("?#x", Some("sc:opaque")),
            ("x/y#z", Some("data:text/plain,a")),
            ("abc#frag", Some("javascript:void(0)")),
            ("1#", Some("urn:isbn:1")),
            ("%41#", Some("news:comp.x")),
            ("x?y#z", Some("mailto:u@example.com")),
        ],
    },
    // Opaque path state: "If c is U+0020 SPACE: if remaining starts with U+003F (?) or
    // U+0023 (#), append "%20" to url's path; otherwise append U+0020 SPACE."
    Family {
        name: "a space at the end of an opaque path before ? or #",
        steps: &[("rust-url", "cannot-be-a-base-url-path-state")],
        cases: &[
            ("a: #", None),
            ("data:,x ?y", None),
            ("urn:isbn:1 #p", None),
            ("sc:x  ?q", None),
            ("mailto:a  #f", None),
            ("javascript:void(0) #x", None),
            ("tel:+1 ?", None),
            ("foo:bar baz #", None),
        ],
    },
    // RFC 3986 §5.2.4: remove_dot_segments keeps empty segments.
    Family {
        name: "CPython's urljoin collapses an empty path segment (gh-84774)",
        steps: &[("python-urllib", "5.2.4")],
        cases: &[
            ("d//e", Some("http://a/b/c")),
            ("p//q", Some("https://example.com/x/y")),
            ("b//c/d", Some("http://h/a/")),
            ("a//b", Some("ftp://h/")),
            ("x//y?q", Some("http://example.com/a/b")),
            ("k//", Some("http://example.com/a/b")),
        ],
    },
    // (java.net.URI's resolution of an empty reference to the base's directory is no family:
    // its profile documents it, `java-uri/resolve-empty-reference`, so it is a model
    // difference, not a group.)
];
