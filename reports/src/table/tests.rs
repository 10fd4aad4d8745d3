//! The table renderers on one small table: escaping, alignment, links.

use super::*;

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
