//! The Markdown report: hostile strings neither render as HTML nor break a table, and the
//! ledgered divergences by class and severity keep the known confusions visible.

mod support;

use urldiff_reports::conform::markdown;

/// The `|` that separate cells: not escaped, not inside a code span... which GFM tables also
/// split on unless escaped, so every unescaped `|` counts.
fn cell_separators(line: &str) -> usize {
    let bytes = line.as_bytes();
    (0..bytes.len()).filter(|&i| bytes[i] == b'|' && (i == 0 || bytes[i - 1] != b'\\')).count()
}

/// `text` without its code spans (a run of N backticks up to the next run of exactly N), as
/// CommonMark reads them.
fn without_code_spans(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let run_at = |i: usize| chars[i..].iter().take_while(|c| **c == '`').count();
    let mut out = String::new();
    let mut i = 0;
    while i < chars.len() {
        if chars[i] != '`' {
            out.push(chars[i]);
            i += 1;
            continue;
        }
        let n = run_at(i);
        let mut j = i + n;
        let close = loop {
            if j >= chars.len() {
                break None;
            }
            if chars[j] == '`' {
                let m = run_at(j);
                if m == n {
                    break Some(j + m);
                }
                j += m;
            } else {
                j += 1;
            }
        };
        match close {
            Some(end) => i = end,
            None => {
                out.extend(&chars[i..i + n]);
                i += n;
            }
        }
    }
    out
}

#[test]
fn hostile_strings_do_not_break_tables_or_render_as_html() {
    let mut report = support::real_run();
    report.divergences.push(support::hostile("python-urllib", None));
    report.divergences.push(support::hostile("java-uri", Some("a | reason with <img src=x>")));
    let text = markdown::render(&report);
    let mut header: Option<usize> = None;
    for line in text.lines() {
        if !line.starts_with('|') {
            header = None;
            continue;
        }
        let n = cell_separators(line);
        match header {
            None => header = Some(n),
            Some(h) => assert_eq!(n, h, "a row with another cell count: {line}"),
        }
    }
    let outside_code = without_code_spans(&text);
    for markup in ["<script", "<img", "<b>"] {
        assert!(!outside_code.contains(markup), "{markup} outside a code span");
    }
    for raw in ['\u{0}', '\u{1b}', '\u{202e}'] {
        assert!(!text.contains(raw), "raw {raw:?}");
    }
}

#[test]
fn the_class_table_shows_the_ssrf_confusion() {
    let text = markdown::render(&support::real_run());
    assert!(text.starts_with("# urldiff conform: PASS\n"), "{text}");
    let row = text
        .lines()
        .find(|l| l.starts_with("| high |") && l.contains("| backslash-confusion |"))
        .unwrap_or_else(|| panic!("no high backslash-confusion class:\n{text}"));
    // The example is python-urllib reading evil.com as the host of cases/ssrf's first case.
    assert!(
        row.contains("`python-urllib` in `cases/ssrf`: `http://127.0.0.1\\@evil.com/`"),
        "{row}"
    );
    assert!(row.contains("host: `\"127.0.0.1\"` → `\"evil.com\"`"), "{row}");
    assert!(text.contains("| `python-urllib` |"), "the matrix row");
}
