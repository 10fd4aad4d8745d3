//! The one table model of the reports: a [`Table`] of columns and rows of [`Cell`]s, written
//! once and rendered to the terminal ([`Table::terminal`]), Markdown ([`Table::markdown`]) and
//! HTML ([`Table::html`], a maud template). A cell is made of [`Span`]s (text, code, a link, a
//! line break), so each format escapes and marks them its own way from the same data, and
//! hostile text goes through the one policy ([`crate::hostile`]) in every format.

use crate::html::escape::Visible;
use maud::{html, Markup, PreEscaped};

/// How a column's cells are aligned (numbers right).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Align {
    Left,
    Right,
}

/// A column: its title and alignment.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Column {
    pub title: String,
    pub align: Align,
}

/// A piece of a cell.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Span {
    /// Text (escaped, made visible; spaces at its ends stay spaces: they are the table's own
    /// separators, as in `` `a` against `b` ``).
    Text(String),
    /// A value, shown as code.
    Code(String),
    /// A link: an anchor on the page (`#…`) or an `https:` address of characters that need no
    /// escaping; any other address is shown as text.
    Link { text: String, href: String },
    /// A line break inside the cell.
    Break,
}

/// A cell: its spans in order.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Cell(pub Vec<Span>);

impl Cell {
    pub fn text(s: impl Into<String>) -> Cell {
        Cell(vec![Span::Text(s.into())])
    }

    pub fn code(s: impl Into<String>) -> Cell {
        Cell(vec![Span::Code(s.into())])
    }

    pub fn number(n: usize) -> Cell {
        Cell::text(n.to_string())
    }

    pub fn link(text: impl Into<String>, href: impl Into<String>) -> Cell {
        Cell(vec![Span::Link { text: text.into(), href: href.into() }])
    }

    /// The cells' spans one after another, `separator` (text) between them.
    pub fn joined(cells: impl IntoIterator<Item = Cell>, separator: &str) -> Cell {
        let mut out = Vec::new();
        for (i, cell) in cells.into_iter().enumerate() {
            if i > 0 {
                out.push(Span::Text(separator.to_owned()));
            }
            out.extend(cell.0);
        }
        Cell(out)
    }

    /// This cell followed by `span`.
    pub fn and(mut self, span: Span) -> Cell {
        self.0.push(span);
        self
    }
}

/// A table: its columns, then its rows (each as many cells as there are columns).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Table {
    pub columns: Vec<Column>,
    pub rows: Vec<Vec<Cell>>,
}

/// `href` when it may be written as a link: an anchor of this page, or a safe `https:` address.
fn safe_href(href: &str) -> Option<&str> {
    let anchor = href.starts_with('#')
        && href[1..].chars().all(|c| c.is_ascii_alphanumeric() || "-_=&.".contains(c));
    if anchor {
        return Some(href);
    }
    crate::findings::safe_link(href)
}

impl Table {
    /// A table with these column titles, every column left-aligned.
    pub fn new(titles: &[&str]) -> Table {
        let columns =
            titles.iter().map(|t| Column { title: (*t).to_owned(), align: Align::Left }).collect();
        Table { columns, rows: Vec::new() }
    }

    /// The same table with the columns `right` right-aligned (numbers).
    pub fn right_aligned(mut self, right: &[usize]) -> Table {
        for i in right {
            if let Some(c) = self.columns.get_mut(*i) {
                c.align = Align::Right;
            }
        }
        self
    }

    pub fn row(&mut self, cells: Vec<Cell>) {
        self.rows.push(cells);
    }

    /// The table as GitHub Markdown (a `|` inside a cell is escaped).
    pub fn markdown(&self) -> String {
        let head: Vec<String> =
            self.columns.iter().map(|c| crate::markdown::text(&c.title)).collect();
        let rule: Vec<&str> = self
            .columns
            .iter()
            .map(|c| if c.align == Align::Right { "--:" } else { "---" })
            .collect();
        let mut out = format!("| {} |\n|{}|\n", head.join(" | "), rule.join("|"));
        for row in &self.rows {
            let cells: Vec<String> = row.iter().map(markdown_cell).collect();
            out.push_str(&format!("| {} |\n", cells.join(" | ")));
        }
        out
    }

    /// The table as plain text for a terminal: columns padded to their widest cell, two
    /// spaces apart, titles first.
    pub fn terminal(&self) -> String {
        let head: Vec<String> =
            self.columns.iter().map(|c| crate::hostile::visible(&c.title)).collect();
        let body: Vec<Vec<String>> =
            self.rows.iter().map(|r| r.iter().map(plain_cell).collect()).collect();
        let widths: Vec<usize> = (0..self.columns.len())
            .map(|i| {
                std::iter::once(&head)
                    .chain(&body)
                    .filter_map(|r| r.get(i))
                    .map(|s| crate::plain::width(s))
                    .max()
                    .unwrap_or(0)
            })
            .collect();
        let line = |cells: &[String]| {
            let padded: Vec<String> = cells
                .iter()
                .zip(&self.columns)
                .zip(&widths)
                .map(|((s, c), w)| match c.align {
                    Align::Left => crate::plain::pad(s, *w),
                    Align::Right => crate::plain::pad_left(s, *w),
                })
                .collect();
            format!("{}\n", padded.join("  ").trim_end())
        };
        let mut out = line(&head);
        for row in &body {
            out.push_str(&line(row));
        }
        out
    }

    /// The table as HTML (`class` on the `<table>`, when given).
    pub fn html(&self, class: Option<&str>) -> Markup {
        html! {
            table class=[class] {
                thead { tr { @for c in &self.columns { th { (Visible(&c.title)) } } } }
                tbody {
                    @for row in &self.rows {
                        tr {
                            @for (cell, column) in row.iter().zip(&self.columns) {
                                @if column.align == Align::Right {
                                    td.num { (html_cell(cell)) }
                                } @else {
                                    td { (html_cell(cell)) }
                                }
                            }
                        }
                    }
                }
            }
        }
    }
}

/// `render` of `s` without its spaces at either end, which are put back as spaces.
fn with_edge_spaces(s: &str, render: impl Fn(&str) -> String) -> String {
    let inner = s.trim_matches(' ');
    if inner.is_empty() {
        return s.to_owned();
    }
    let lead = s.len() - s.trim_start_matches(' ').len();
    let trail = s.len() - s.trim_end_matches(' ').len();
    format!("{}{}{}", " ".repeat(lead), render(inner), " ".repeat(trail))
}

fn markdown_cell(cell: &Cell) -> String {
    cell.0
        .iter()
        .map(|span| match span {
            Span::Text(s) => with_edge_spaces(s, crate::markdown::text),
            Span::Code(s) => crate::markdown::code(s),
            Span::Link { text, href } => match safe_href(href) {
                Some(href) => format!("[{}]({href})", crate::markdown::text(text)),
                None => crate::markdown::text(&format!("{text} ({href})")),
            },
            Span::Break => "<br>".to_owned(),
        })
        .collect()
}

fn plain_cell(cell: &Cell) -> String {
    cell.0
        .iter()
        .map(|span| match span {
            Span::Text(s) => with_edge_spaces(s, crate::hostile::visible),
            Span::Code(s) | Span::Link { text: s, .. } => crate::hostile::visible(s),
            Span::Break => "; ".to_owned(),
        })
        .collect()
}

fn html_cell(cell: &Cell) -> Markup {
    html! {
        @for span in &cell.0 {
            @match span {
                Span::Text(s) => { (PreEscaped(with_edge_spaces(s, crate::html::escape::text))) }
                Span::Code(s) => { code { (Visible(s)) } }
                Span::Link { text, href } => @match safe_href(href) {
                    Some(href) => { a href=(href) { (Visible(text)) } }
                    None => { (Visible(text)) " (" (Visible(href)) ")" }
                }
                Span::Break => { br; }
            }
        }
    }
}

#[cfg(test)]
mod tests {
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
        let text = table().terminal();
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
}
