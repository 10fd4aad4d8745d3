//! The RFC 3986 split against the Appendix B regular expression, applied with the `regex`
//! crate to ≥100,000 generated strings and to every WPT input and base.
//!
//! Verbatim means the expression as printed, `^(([^:/?#]+):)?(//([^/?#]*))?([^?#]*)(\?([^#]*))?(#(.*))?`.
//! Its only part that cares about line ends is `.*` in the fragment group: regex syntax, in
//! the RFC's day and in the `regex` crate, lets `.` match anything but `\n`, so applied
//! verbatim to a string whose fragment holds a newline it stops there and leaves the rest
//! unmatched (the expression has no `$`). Appendix B's intent is that "#" starts a fragment
//! that runs to the end of the reference, and that is what `split` does. So the comparison
//! uses the expression with the `s` flag (`.` matches `\n` too) for every component, and
//! the verbatim expression too, which must agree on everything except that its fragment is
//! ours cut at the first `\n`.

use regex::{Captures, Regex};
use urldiff_parser::rfc3986::{split, UriRef};

const APPENDIX_B: &str = r"^(([^:/?#]+):)?(//([^/?#]*))?([^?#]*)(\?([^#]*))?(#(.*))?";

struct Regexes {
    verbatim: Regex,
    dot_all: Regex,
}

impl Regexes {
    fn new() -> Self {
        Regexes {
            verbatim: Regex::new(APPENDIX_B).unwrap(),
            dot_all: Regex::new(&format!("(?s){APPENDIX_B}")).unwrap(),
        }
    }
}

/// The five components as Appendix B reads them: scheme = $2, authority = $4, path = $5,
/// query = $7, fragment = $9; a group that did not participate is undefined.
fn components(c: &Captures<'_>) -> [Option<String>; 5] {
    let group = |i: usize| c.get(i).map(|m| m.as_str().to_string());
    [group(2), group(4), Some(group(5).unwrap_or_default()), group(7), group(9)]
}

fn ours(u: &UriRef) -> [Option<String>; 5] {
    [
        u.scheme.clone(),
        u.authority.clone(),
        Some(u.path.clone()),
        u.query.clone(),
        u.fragment.clone(),
    ]
}

/// Compare one input; return a description of the disagreement, if any.
fn disagreement(re: &Regexes, input: &str) -> Option<String> {
    let mine = ours(&split(input));
    let dot_all = components(&re.dot_all.captures(input).expect("Appendix B matches every string"));
    if mine != dot_all {
        return Some(format!("{input:?}: split {mine:?}, Appendix B (?s) {dot_all:?}"));
    }
    let verbatim = components(&re.verbatim.captures(input).expect("matches every string"));
    let mut expected = mine.clone();
    if let Some(f) = &mut expected[4] {
        f.truncate(f.find('\n').unwrap_or(f.len()));
    }
    if verbatim != expected {
        return Some(format!("{input:?}: verbatim Appendix B {verbatim:?}, expected {expected:?}"));
    }
    None
}

/// xorshift64*: a small deterministic generator, so a failure reproduces.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// Pieces biased towards the delimiters the split cares about.
const PIECES: &[&str] = &[
    ":", ":", "/", "/", "//", "?", "?", "#", "#", "@", "[", "]", "%", ".", "..", "a", "a", "1",
    "http:", "h", "::", "v1.x", "%2F", "é", "\n", " ", "\\", "\t", "-", "+", "~", "ab", "\u{FFFD}",
];

fn generate(rng: &mut Rng) -> String {
    let len = rng.below(16);
    (0..len).map(|_| PIECES[rng.below(PIECES.len())]).collect()
}

#[test]
fn split_agrees_with_appendix_b_on_generated_strings() {
    let re = Regexes::new();
    let mut rng = Rng(0x5EED_3986_2396);
    let mut failures = Vec::new();
    let mut with_fragment_newline = 0;
    const COUNT: usize = 120_000;
    for _ in 0..COUNT {
        let input = generate(&mut rng);
        if input.split_once('#').is_some_and(|(_, f)| f.contains('\n')) {
            with_fragment_newline += 1;
        }
        failures.extend(disagreement(&re, &input));
    }
    assert!(
        failures.is_empty(),
        "{} of {COUNT} disagree:\n{}",
        failures.len(),
        failures[..failures.len().min(20)].join("\n")
    );
    // The verbatim-vs-(?s) distinction was exercised, not just assumed.
    assert!(with_fragment_newline > 1000, "only {with_fragment_newline} fragments with newlines");
}

#[test]
fn split_agrees_with_appendix_b_on_every_wpt_input() {
    let wpt = urldiff_corpus::wpt::locate().expect("WPT data (run `cargo fetch`)");
    let text = wpt.read("urltestdata.json").expect("urltestdata.json");
    let file = urldiff_corpus::urltestdata::parse(&text, "urltestdata.json")
        .unwrap_or_else(|e| panic!("{e}"));
    let re = Regexes::new();
    let mut checked = 0;
    let mut failures = Vec::new();
    for entry in &file.entries {
        for s in std::iter::once(entry.input.as_str()).chain(entry.base.as_deref()) {
            checked += 1;
            failures.extend(disagreement(&re, s));
        }
    }
    let shown = wpt.shown("urltestdata.json");
    assert!(checked > 500, "only {checked} WPT strings found in {shown}");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
