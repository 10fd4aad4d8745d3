//! The table renderers on one small table: escaping, alignment, links.

use super::*;
use crate::classes::ClassTag;
use urldiff_compare::Projected;

fn table() -> Table {
    let mut t = Table::new(&["suite", "cases"]).right_aligned(&[1]);
    t.row(vec![Cell::code("cases/ssrf"), Cell::number(11)]);
    t.row(vec![Cell::code("a|b`c"), Cell::number(2)]);
    t.row(vec![Cell::link("x", "javascript:alert(1)"), Cell::text("<b>\u{202e}")]);
    t
}

#[test]
fn markdown_escapes_pipes_backticks_and_hostile_links() {
    let md = table().markdown();
    let lines: Vec<&str> = md.lines().collect();
    assert_eq!(lines[0], "| suite | cases |");
    assert_eq!(lines[1], "|---|--:|");
    assert_eq!(lines[2], "| `cases/ssrf` | 11 |");
    assert_eq!(lines[3], "| ``a\\|b`c`` | 2 |");
    // Markdown text escapes the escape's backslash, so it renders as `\u{202e}`.
    assert_eq!(lines[4], "| x (javascript:alert(1)) | &lt;b&gt;\\\\u{202e} |");
}

#[test]
fn the_terminal_pads_columns_and_right_aligns_numbers() {
    let text = table().terminal(usize::MAX);
    let lines: Vec<&str> = text.lines().collect();
    // Widths: 10 (`cases/ssrf`) and 11 (`<b>\u{202e}`, the escape shown).
    assert_eq!(lines[0], format!("suite{}cases", " ".repeat(5 + 2 + 6)));
    assert_eq!(lines[1], format!("cases/ssrf{}11", " ".repeat(2 + 9)));
    assert_eq!(lines[2], format!("a|b`c{}2", " ".repeat(5 + 2 + 10)));
    assert_eq!(lines[3], "x           <b>\\u{202e}");
}

#[test]
fn html_escapes_every_span_and_writes_no_unsafe_link() {
    let page = table().html(Some("t")).into_string();
    assert!(page.starts_with("<table class=\"t\"><thead><tr><th>suite</th>"), "{page}");
    assert!(page.contains("<td class=\"num\">11</td>"), "{page}");
    assert!(!page.contains("href=\"javascript"), "{page}");
    assert!(page.contains("&lt;b&gt;<span class=\"ctl\">\\u{202e}</span>"), "{page}");
}

fn wide() -> Table {
    let mut t = Table::new(&["oracle", "passed", "version"]).right_aligned(&[1]);
    t.row(vec![Cell::text("reference"), Cell::number(3948), Cell::text("x".repeat(60))]);
    t.row(vec![Cell::text("ada"), Cell::number(7), Cell::text("ada-url 4.0.0")]);
    t
}

#[test]
fn a_table_too_wide_cuts_its_last_column_to_the_width() {
    // Widths 9 + 2 + 6 + 2 + 60 = 79; at 40 the version column keeps 40 - 19 = 21 columns.
    let text = wide().terminal(40);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "oracle     passed  version");
    assert_eq!(lines[1], format!("reference    3948  {}…", "x".repeat(20)));
    assert_eq!(lines[2], "ada             7  ada-url 4.0.0");
}

#[test]
fn a_table_that_cannot_fit_is_drawn_one_block_per_row() {
    // At 25 the last column would keep 6 columns (< 12): vertical, each line within 25.
    let text = wide().terminal(25);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "oracle: reference");
    assert_eq!(lines[1], "  passed   3948");
    assert_eq!(lines[2], format!("  version  {}…", "x".repeat(13)));
    assert!(text.contains("\noracle: ada\n  passed   7\n  version  ada-url 4.0.0\n"), "{text}");
    for line in text.lines() {
        assert!(crate::plain::width(line) <= 25, "{line}");
        assert_eq!(line, line.trim_end(), "trailing spaces");
    }
}

#[test]
fn no_line_ends_in_padding_when_a_last_cell_is_empty() {
    let mut t = Table::new(&["a", "b"]);
    t.row(vec![Cell::text("long value"), Cell::default()]);
    t.row(vec![Cell::text("x"), Cell::text("y")]);
    assert_eq!(t.terminal(usize::MAX), "a           b\nlong value\nx           y\n");
}

#[test]
fn every_span_kind_goes_through_the_policy_in_every_format() {
    let hostile = "<script>\u{202e}\u{200b} ";
    let mut t = Table::new(&["x"]);
    let spans = vec![
        Span::Text(hostile.into()),
        Span::Code(hostile.into()),
        Span::Input(hostile.into()),
        Span::Base(hostile.into()),
        Span::Prose(hostile.into()),
        Span::Class(ClassTag { id: "c".into(), label: hostile.into() }),
        Span::Link { text: hostile.into(), href: "#a".into() },
        Span::FieldDiff {
            field: hostile.into(),
            grade: "exact".into(),
            truth: Projected::Defined(hostile.into()),
            got: Projected::Undefined,
        },
    ];
    t.row(vec![Cell::new(spans)]);
    let html = t.html(None).into_string();
    let outputs =
        [("terminal", t.terminal(usize::MAX)), ("markdown", t.markdown()), ("html", html)];
    for (format, out) in &outputs {
        for raw in ['\u{202e}', '\u{200b}'] {
            assert!(!out.contains(raw), "{format}: raw {raw:?} in {out}");
        }
        assert!(out.contains("\\u{202e}") && out.contains("\\u{200b}"), "{format}: {out}");
        assert!(!out.lines().any(|l| l.ends_with(' ')), "{format}: a line ends in a space");
    }
    assert!(!outputs[2].1.contains("<script"), "{}", outputs[2].1);
    // Each span's trailing space is shown, not trimmed: as an escape in code and values.
    assert!(outputs[0].1.contains("\\u{20}"), "{}", outputs[0].1);
}
