//! The benchmark corpus: deterministic, realistic, mixed.

/// A tiny xorshift generator: the corpus must be the same on every machine and run.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    fn pick<'a>(&mut self, items: &[&'a str]) -> &'a str {
        items[self.below(items.len())]
    }
}

const SCHEMES: &[&str] =
    &["https", "http", "https", "https", "ws", "ftp", "file", "mailto", "data"];
const HOSTS: &[&str] = &[
    "example.com",
    "www.example.org",
    "api.service.internal",
    "cdn.static.example.net",
    "127.0.0.1",
    "[2001:db8::1]",
    "xn--nxasmq6b.example",
    "münchen.example",
    "LOCALHOST",
    "0x7f.1",
    "sub.domain.co.uk",
];
const WORDS: &[&str] = &[
    "index.html",
    "api",
    "v1",
    "users",
    "42",
    "search",
    "a%20b",
    "..",
    ".",
    "images",
    "logo.png",
    "caf\u{e9}",
    "docs",
    "read me",
    "en-US",
];
const INVALID: &[&str] = &[
    "http://exa mple.com/",
    "http://[::1/",
    "://nope",
    "http://a:99999/",
    "https://%zz/",
    "http://1.2.3.4.5/",
    "no scheme here",
    "http://user@/",
    "https://xn--a.\u{df}/",
];

fn path(rng: &mut Rng) -> String {
    let mut p = String::new();
    for _ in 0..rng.below(5) {
        p.push('/');
        p.push_str(rng.pick(WORDS));
    }
    p
}

fn absolute(rng: &mut Rng) -> String {
    let scheme = rng.pick(SCHEMES);
    match scheme {
        "mailto" => format!("mailto:user{}@example.com", rng.below(1000)),
        "data" => format!("data:text/plain,hello%20{}", rng.below(1000)),
        "file" => format!("file:///C:/Users/u{}{}", rng.below(100), path(rng)),
        _ => {
            let mut s = format!("{scheme}://");
            if rng.below(8) == 0 {
                s.push_str("user:pass@");
            }
            s.push_str(rng.pick(HOSTS));
            if rng.below(6) == 0 {
                s.push_str(&format!(":{}", 1000 + rng.below(9000)));
            }
            s.push_str(&path(rng));
            if rng.below(2) == 0 {
                s.push_str(&format!("?q={}&lang=en&x=a+b", rng.below(10_000)));
            }
            if rng.below(4) == 0 {
                s.push_str("#section-2");
            }
            s
        }
    }
}

fn relative(rng: &mut Rng) -> String {
    match rng.below(6) {
        0 => format!("../{}", rng.pick(WORDS)),
        1 => format!("/{}{}", rng.pick(WORDS), path(rng)),
        2 => format!("?page={}", rng.below(50)),
        3 => "#top".to_owned(),
        4 => format!("//{}/{}", rng.pick(HOSTS), rng.pick(WORDS)),
        _ => format!("{}{}", rng.pick(WORDS), path(rng)),
    }
}

/// WPT urltestdata inputs (with their bases), when the data can be located.
fn wpt_cases() -> Vec<(String, Option<String>)> {
    let Ok(data) = urldiff_corpus::wpt::locate() else { return Vec::new() };
    let Ok(text) = data.read("urltestdata.json") else {
        return Vec::new();
    };
    let Ok((value, _)) = urldiff_corpus::usv_json::parse(&text) else { return Vec::new() };
    value
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|c| {
            Some((c.get("input")?.as_str()?.to_owned(), c.get("base")?.as_str().map(str::to_owned)))
        })
        .collect()
}

/// The parts of the corpus, each measured apart as well as together.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[allow(dead_code)] // the fuzz workspace's bench reads the corpus whole
pub enum Part {
    Absolute,
    Relative,
    Invalid,
    Wpt,
}

#[allow(dead_code)]
impl Part {
    pub const ALL: [Part; 4] = [Part::Absolute, Part::Relative, Part::Invalid, Part::Wpt];

    pub fn name(self) -> &'static str {
        match self {
            Part::Absolute => "absolute",
            Part::Relative => "relative",
            Part::Invalid => "invalid",
            Part::Wpt => "WPT",
        }
    }
}

/// `n` generated cases (60% absolute, 25% relative with a base, 15% invalid) plus WPT's,
/// each with its part.
pub fn labelled(n: usize) -> Vec<(Part, (String, Option<String>))> {
    let mut rng = Rng(0x5eed_1234_abcd_9876);
    let base = "https://example.com/dir/sub/page.html?x=1#f".to_owned();
    let mut cases: Vec<_> = (0..n)
        .map(|_| match rng.below(20) {
            0..=11 => (Part::Absolute, (absolute(&mut rng), None)),
            12..=16 => (Part::Relative, (relative(&mut rng), Some(base.clone()))),
            _ => (Part::Invalid, (rng.pick(INVALID).to_owned(), None)),
        })
        .collect();
    cases.extend(wpt_cases().into_iter().map(|case| (Part::Wpt, case)));
    cases
}

/// [`labelled`] without the parts.
#[allow(dead_code)]
pub fn corpus(n: usize) -> Vec<(String, Option<String>)> {
    labelled(n).into_iter().map(|(_, case)| case).collect()
}
