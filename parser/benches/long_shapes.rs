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
const LONG_SEGMENT: &str = "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa/";

const fn shape(
    name: &'static str,
    units: &'static [&'static str],
    whatwg: Frame,
    rfc: Frame,
) -> Shape {
    Shape { name, units, whatwg, rfc }
}

#[rustfmt::skip]
pub const SHAPES: &[Shape] = &[
    shape("a/../", &["a/../"], against(HTTP_BASE), frame("", "")),
    shape("./", &["./"], against(HTTP_BASE), frame("", "")),
    shape("../", &["../"], against(HTTP_BASE), frame("", "")),
    shape("/..", &["/.."], frame("http://h", ""), frame("", "")),
    shape("a/ then ../", &["a/", "../"], frame("http://h/", ""), frame("", "")),
    shape("%2e%2E/ after a/", &["a/", "%2e%2E/"], frame("http://h/", ""), frame("/", "")),
    shape("long/../ segments", &[LONG_SEGMENT, "../"], frame("http://h/", ""), frame("", "")),
    shape("% in path", &["%"], frame("http://h/", ""), frame("", "")),
    shape("%41 in path", &["%41"], frame("http://h/", ""), frame("", "")),
    shape("% in host", &["%"], frame("http://", "/"), frame("//", "/")),
    shape("€ in path", &["€"], frame("http://h/", ""), frame("", "")),
    shape("[", &["["], frame("http://", ""), frame("//", "")),
    shape(":: in brackets", &["::"], frame("http://[", "]/"), frame("//[", "]/")),
    shape("1. host", &["1."], frame("http://", "/"), frame("//", "/")),
    shape("xn-- host", &["xn--"], frame("http://", "/"), frame("//", "/")),
    shape("ß host label", &["ß"], frame("http://", "/"), frame("//", "/")),
    shape("ß. host labels", &["ß."], frame("http://", "/"), frame("//", "/")),
    shape("long host", &["a"], frame("http://", "/"), frame("//", "/")),
    shape("opaque host", &["a"], frame("sc://", "/"), frame("//", "/")),
    shape("@ in authority", &["@"], frame("http://", "h/"), frame("//", "h/")),
    shape("u:@ userinfo", &["u:@"], frame("http://", "h/"), frame("//", "h/")),
    shape("%€ userinfo", &["%€"], frame("http://", "@h/"), frame("//", "@h/")),
    shape(": in authority", &[":"], frame("sc://h", "/"), frame("//h", "/")),
    shape("\\", &["\\"], frame("http://h", ""), frame("", "")),
    shape("\\..", &["\\.."], frame("http://h", ""), frame("", "")),
    shape("tabs", &["\t"], frame("http://h/", "x"), frame("", "x")),
    shape("a<tab>", &["a\t"], frame("http://h/", ""), frame("", "")),
    shape("spaces, opaque path", &[" "], frame("sc:", "?"), frame("sc:", "?")),
    shape("'% in query", &["'%"], frame("http://h/?", ""), frame("?", "")),
    shape("`ü in fragment", &["`ü"], frame("http://h/#", ""), frame("#", "")),
    shape("C:/../ file", &["C:/../"], against("file:///C:/a"), frame("", "")),
    shape("C| file", &["C|"], frame("file:///", ""), frame("file:///", "")),
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
