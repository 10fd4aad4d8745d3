//! Long inputs of hostile shapes, one list for the `long_inputs` bench and the parser's
//! linear-work test (`src/work.rs`): each is a short unit repeated to a given size, framed
//! for the WHATWG parser (a prefix, a suffix, maybe a base) and for the RFC modes (a
//! reference resolved against `http://a/b/c/d;p?q`).

/// Where the repeated units go.
#[derive(Clone, Copy, Debug)]
pub struct Frame {
    pub prefix: &'static str,
    pub suffix: &'static str,
    pub base: Option<&'static str>,
}

const fn frame(prefix: &'static str, suffix: &'static str) -> Frame {
    Frame { prefix, suffix, base: None }
}

const fn against(base: &'static str) -> Frame {
    Frame { prefix: "", suffix: "", base: Some(base) }
}

/// A hostile shape: `units` repeated (the first half of the size the first unit, the second
/// half the second, when there are two), inside a WHATWG frame and an RFC frame.
#[derive(Clone, Copy, Debug)]
pub struct Shape {
    pub name: &'static str,
    pub units: &'static [&'static str],
    pub whatwg: Frame,
    pub rfc: Frame,
}

impl Shape {
    /// The input of about `bytes` bytes, and its base (WHATWG frame or RFC frame).
    pub fn build(&self, whatwg: bool, bytes: usize) -> (String, Option<&'static str>) {
        let frame = if whatwg { self.whatwg } else { self.rfc };
        let mut input = String::with_capacity(bytes + 64);
        input.push_str(frame.prefix);
        let share = bytes / self.units.len();
        for unit in self.units {
            let count = share.div_ceil(unit.len());
            for _ in 0..count {
                input.push_str(unit);
            }
        }
        input.push_str(frame.suffix);
        (input, frame.base)
    }
}

const HTTP_BASE: &str = "http://h/b/c";

pub const SHAPES: &[Shape] = &[
    Shape { name: "a/../", units: &["a/../"], whatwg: against(HTTP_BASE), rfc: frame("", "") },
    Shape { name: "./", units: &["./"], whatwg: against(HTTP_BASE), rfc: frame("", "") },
    Shape { name: "../", units: &["../"], whatwg: against(HTTP_BASE), rfc: frame("", "") },
    Shape { name: "/..", units: &["/.."], whatwg: frame("http://h", ""), rfc: frame("", "") },
    Shape {
        name: "a/ then ../",
        units: &["a/", "../"],
        whatwg: frame("http://h/", ""),
        rfc: frame("", ""),
    },
    Shape {
        name: "%2e%2E/ after a/",
        units: &["a/", "%2e%2E/"],
        whatwg: frame("http://h/", ""),
        rfc: frame("/", ""),
    },
    Shape {
        name: "long/../ segments",
        units: &["aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa/", "../"],
        whatwg: frame("http://h/", ""),
        rfc: frame("", ""),
    },
    Shape { name: "% in path", units: &["%"], whatwg: frame("http://h/", ""), rfc: frame("", "") },
    Shape {
        name: "%41 in path",
        units: &["%41"],
        whatwg: frame("http://h/", ""),
        rfc: frame("", ""),
    },
    Shape {
        name: "% in host",
        units: &["%"],
        whatwg: frame("http://", "/"),
        rfc: frame("//", "/"),
    },
    Shape {
        name: "€ in path", units: &["€"], whatwg: frame("http://h/", ""), rfc: frame("", "")
    },
    Shape { name: "[", units: &["["], whatwg: frame("http://", ""), rfc: frame("//", "") },
    Shape {
        name: ":: in brackets",
        units: &["::"],
        whatwg: frame("http://[", "]/"),
        rfc: frame("//[", "]/"),
    },
    Shape { name: "1. host", units: &["1."], whatwg: frame("http://", "/"), rfc: frame("//", "/") },
    Shape {
        name: "xn-- host",
        units: &["xn--"],
        whatwg: frame("http://", "/"),
        rfc: frame("//", "/"),
    },
    Shape {
        name: "ß host label",
        units: &["ß"],
        whatwg: frame("http://", "/"),
        rfc: frame("//", "/"),
    },
    Shape {
        name: "ß. host labels",
        units: &["ß."],
        whatwg: frame("http://", "/"),
        rfc: frame("//", "/"),
    },
    Shape {
        name: "long host",
        units: &["a"],
        whatwg: frame("http://", "/"),
        rfc: frame("//", "/"),
    },
    Shape {
        name: "opaque host",
        units: &["a"],
        whatwg: frame("sc://", "/"),
        rfc: frame("//", "/"),
    },
    Shape {
        name: "@ in authority",
        units: &["@"],
        whatwg: frame("http://", "h/"),
        rfc: frame("//", "h/"),
    },
    Shape {
        name: "u:@ userinfo",
        units: &["u:@"],
        whatwg: frame("http://", "h/"),
        rfc: frame("//", "h/"),
    },
    Shape {
        name: ": in authority",
        units: &[":"],
        whatwg: frame("sc://h", "/"),
        rfc: frame("//h", "/"),
    },
    Shape { name: "\\", units: &["\\"], whatwg: frame("http://h", ""), rfc: frame("", "") },
    Shape { name: "\\..", units: &["\\.."], whatwg: frame("http://h", ""), rfc: frame("", "") },
    Shape { name: "tabs", units: &["\t"], whatwg: frame("http://h/", "x"), rfc: frame("", "x") },
    Shape { name: "a<tab>", units: &["a\t"], whatwg: frame("http://h/", ""), rfc: frame("", "") },
    Shape {
        name: "spaces, opaque path",
        units: &[" "],
        whatwg: frame("sc:", "?"),
        rfc: frame("sc:", "?"),
    },
    Shape {
        name: "'% in query",
        units: &["'%"],
        whatwg: frame("http://h/?", ""),
        rfc: frame("?", ""),
    },
    Shape {
        name: "`ü in fragment",
        units: &["`ü"],
        whatwg: frame("http://h/#", ""),
        rfc: frame("#", ""),
    },
    Shape {
        name: "C:/../ file",
        units: &["C:/../"],
        whatwg: against("file:///C:/a"),
        rfc: frame("", ""),
    },
    Shape {
        name: "C| file",
        units: &["C|"],
        whatwg: frame("file:///", ""),
        rfc: frame("file:///", ""),
    },
];

/// A realistic long URL of about `bytes` bytes: credentials, host and port, a path of mixed
/// segments (words, percent-encoded bytes, non-ASCII, dot segments), a query and a fragment.
pub fn realistic(bytes: usize) -> String {
    const SEGMENTS: [&str; 8] =
        ["index.html", "api", "v2", "%41%42", "caf\u{e9}", "..", "users", "a%20b"];
    let mut url = String::from("https://user:pass@example.com:8080");
    let mut i = 0;
    while url.len() < bytes * 6 / 10 {
        url.push('/');
        url.push_str(SEGMENTS[i % SEGMENTS.len()]);
        i += 1;
    }
    url.push('?');
    while url.len() < bytes * 9 / 10 {
        url.push_str("key=value&x=%7B%7D&q=caf\u{e9}+au+lait&");
    }
    url.push('#');
    while url.len() < bytes {
        url.push_str("section-");
    }
    url
}
