//! The table renderers on one small table: escaping, alignment, links.

use super::*;
use crate::table::ClassTag;
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

/// `urldiff compare`'s shape: a label column, then columns that mark their differing cells,
/// one titled by two lines.
fn grid() -> Table {
    let two_lines = Cell::new(vec![Span::Text("a".into()), Span::Break, Span::Text("b".into())]);
    let mut t =
        Table::with_columns([Cell::default(), two_lines, Cell::text("c")]).marked_columns([1, 2]);
    t.row(vec![Cell::text("outcome"), Cell::text("parsed"), Cell::text("failure").differing(true)]);
    t.row(vec![Cell::text("href"), Cell::text("\"x\""), Cell::default()]);
    t
}

#[test]
fn marked_columns_keep_a_slot_for_the_mark_and_titles_break_into_lines() {
    // Widths: 7 (`outcome`), 7 (`parsed` and its slot), 8 (`failure` and its slot).
    let text = grid().terminal(usize::MAX);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(
        lines,
        ["         a        c", "         b", "outcome   parsed  *failure", "href      \"x\""]
    );
    let layout = TerminalLayout { highlight: Highlight::Colour, ..TerminalLayout::default() };
    let text = grid().terminal_with(&layout);
    assert_eq!(text.lines().nth(2), Some("outcome   parsed   \x1b[1;31mfailure\x1b[0m"));
}

#[test]
fn cells_are_cut_to_the_widest_cell_side_by_side() {
    let layout = TerminalLayout { max_cell: 4, ..TerminalLayout::default() };
    let text = grid().terminal_with(&layout);
    // Every body cell, the labels too; the slot stays.
    assert_eq!(text.lines().nth(2), Some("out…   par…  *fai…"));
}

#[test]
fn a_table_too_wide_may_be_drawn_one_block_per_column() {
    // 26 columns side by side; per column, the last one is not cut first.
    let layout =
        TerminalLayout { width: 20, blocks: Blocks::PerColumn, ..TerminalLayout::default() };
    let text = grid().terminal_with(&layout);
    assert_eq!(text, "a, b\n  outcome  parsed\n  href     \"x\"\n\nc\n  outcome *failure\n");
}

#[test]
fn a_note_goes_under_its_row_in_every_format() {
    let mut t = Table::new(&["class", "n"]);
    t.row_with_note(vec![Cell::text("x"), Cell::number(1)], Cell::text("e.g. y"));
    t.row(vec![Cell::text("z"), Cell::number(2)]);
    let layout = TerminalLayout { head: false, ..TerminalLayout::default() };
    assert_eq!(t.terminal_with(&layout), "x  1\n    e.g. y\nz  2\n");
    assert!(t.markdown().contains("| x | 1 |\n| e.g. y | |\n| z | 2 |\n"), "{}", t.markdown());
    let html = t.html(None).into_string();
    assert!(html.contains("<tr class=\"note\"><td colspan=\"2\">e.g. y</td></tr>"), "{html}");
    // Blocks per row (62 columns side by side; cutting the last column leaves 8 at 30): the
    // note closes its row's block.
    let mut t = Table::new(&["class", "oracles"]);
    let cells = vec![Cell::text("x".repeat(20)), Cell::text("y".repeat(40))];
    t.row_with_note(cells, Cell::text("e.g. y"));
    let expected = format!("class: {}\n  oracles  {}…\n  e.g. y\n", "x".repeat(20), "y".repeat(18));
    assert_eq!(t.terminal(30), expected);
}

#[test]
fn a_differing_cell_is_bold_in_markdown_and_classed_in_html() {
    let mut t = Table::new(&["a", "b"]).marked_columns([1]);
    t.row(vec![Cell::text("href"), Cell::code("v").differing(true)]);
    assert!(t.markdown().contains("| href | **`v`** |"), "{}", t.markdown());
    let html = t.html(None).into_string();
    assert!(html.contains("<td class=\"differs\"><code>v</code></td>"), "{html}");
}
