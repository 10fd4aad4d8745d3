//! `urldiff compare`'s table fits the width it is given: with many oracles that each answer
//! differently, a side-by-side table would be far wider than 100 columns, so it is drawn one
//! block per column; no line is wider than the width or ends in spaces, and a long summary or
//! signature wraps. Hostile values are escaped by the reports' one policy (`plain::one_line`)
//! and quoted, so a trailing space and a bidi control show.
//!
//! The oracles: the real reference, and fakes that answer as the reference does with the host
//! (and hostname) replaced by a name of their own, so no two of them agree on the host.

use urldiff_oracles::reference::ReferenceOracle;
use urldiff_oracles::{Answer, Case, Oracle, OracleError, OracleInfo, Record};
use urldiff_reports::compare_view::table::{self, Highlight};
use urldiff_reports::plain::width;
use urldiff_triage::compared::{compare_batch, Request};

/// The reference's answers with another host.
#[derive(Debug)]
struct OtherHost {
    inner: ReferenceOracle,
    info: OracleInfo,
    host: String,
}

impl OtherHost {
    fn new(name: &str, host: &str) -> Self {
        let inner = ReferenceOracle::new();
        let info = OracleInfo { name: name.into(), ..inner.info().clone() };
        OtherHost { inner, info, host: host.into() }
    }
}

impl Oracle for OtherHost {
    fn info(&self) -> &OracleInfo {
        &self.info
    }
    fn answer_batch(&self, cases: &[Case]) -> Result<Vec<Answer>, OracleError> {
        let answers = self.inner.answer_batch(cases)?;
        Ok(answers
            .into_iter()
            .map(|answer| match answer {
                Answer::Parsed { record: Record::Whatwg(mut r), errors } => {
                    r.host = Some(self.host.clone());
                    r.hostname = Some(self.host.clone());
                    Answer::Parsed { record: Record::Whatwg(r), errors }
                }
                other => other,
            })
            .collect())
    }
}

/// The reference and `n` fakes, each with a host of its own (`host-<i>.example.org`, or a
/// hostile one with a trailing space and a right-to-left override for the first).
fn oracles(n: usize) -> Vec<Box<dyn Oracle>> {
    let mut all: Vec<Box<dyn Oracle>> = vec![Box::new(ReferenceOracle::new())];
    for i in 0..n {
        let host = match i {
            0 => "evil\u{202e}gro.elpmaxe ".to_owned(),
            _ => format!("host-{i}.example.org"),
        };
        all.push(Box::new(OtherHost::new(&format!("fake-oracle-{i:02}"), &host)));
    }
    all
}

fn render(n: usize, width: usize) -> String {
    let oracles = oracles(n);
    let request = Request { input: "https://example.org/a".into(), base: None };
    let compared = compare_batch(&oracles, &[request]).unwrap().remove(0);
    table::render(&oracles, &compared, Highlight::Marker, width)
}

#[test]
fn many_oracles_fit_100_columns_without_trailing_spaces() {
    let text = render(9, 100);
    for line in text.lines() {
        assert!(width(line) <= 100, "{} columns: {line:?}\n{text}", width(line));
        assert_eq!(line, line.trim_end(), "trailing spaces: {line:?}\n{text}");
    }
    // Vertical: each fake's column starts with its name alone on a line, then its rows; the
    // reference's host is the baseline, every fake's host is marked.
    let block = text.split("\nfake-oracle-03\n").nth(1).unwrap_or_else(|| panic!("{text}"));
    let host = block.lines().find(|l| l.trim_start().starts_with("host ")).unwrap();
    assert!(host.contains("*\"host-3.example.org\""), "{text}");
    let reference = text.split("\nreference\n").nth(1).unwrap_or_else(|| panic!("{text}"));
    let host = reference.lines().find(|l| l.trim_start().starts_with("host ")).unwrap();
    assert!(host.contains(" \"example.org\"") && !host.contains('*'), "{text}");
    // The summary names ten groups on the host: it wraps, its continuation lines indented.
    let summary = text.lines().position(|l| l.starts_with("summary: ")).unwrap();
    assert!(text.lines().nth(summary + 1).unwrap().starts_with("  "), "{text}");
}

#[test]
fn hostile_values_show_their_spaces_and_controls() {
    let text = render(1, 100);
    // The one hostile-text policy (`reports::hostile`): the bidi override and the value's
    // trailing space are both written as escapes.
    assert!(text.contains("\"evil\\u{202e}gro.elpmaxe\\u{20}\""), "{text}");
    assert!(!text.contains('\u{202e}'), "{text}");
}

#[test]
fn a_table_that_fits_stays_side_by_side() {
    let text = render(1, 100);
    let host = text.lines().find(|l| l.starts_with("host ")).unwrap_or_else(|| panic!("{text}"));
    assert!(host.contains(" \"example.org\"") && host.contains("*\"evil"), "{text}");
    assert!(text.lines().all(|l| l == l.trim_end()), "{text}");
}

#[test]
fn the_same_oracles_are_side_by_side_when_the_width_allows() {
    let wide = render(9, 1000);
    assert!(wide.lines().any(|l| width(l) > 100), "{wide}");
    assert!(wide.lines().any(|l| l.starts_with("host ")), "{wide}");
}

#[test]
fn quoted_values_cannot_pass_for_other_values() {
    use urldiff_reports::compare_view::table::quoted;
    // A value ending in a backslash does not look like an escaped closing quote.
    assert_eq!(quoted("evil.example\\"), r#""evil.example\\""#);
    assert_eq!(quoted("a\"b"), r#""a\"b""#);
    // The text `\u{202e}` and the code point U+202E read differently.
    assert_eq!(quoted("\\u{202e}"), r#""\\u{202e}""#);
    assert_eq!(quoted("\u{202e}"), r#""\u{202e}""#);
}
