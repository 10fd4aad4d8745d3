//! The one table model of the reports: a [`Table`] of columns and rows of [`Cell`]s, written
//! once and rendered to the terminal ([`Table::terminal`] and [`Table::terminal_with`], fitted
//! to a width: the one fit-or-blocks layout of every terminal table), Markdown
//! ([`Table::markdown`]) and HTML ([`Table::html`], a maud template). A cell is made of
//! [`Span`]s that say what they are (text, code, a case's input, a severity, a class, a field's
//! two values …), so each format marks them its own way from the same data, and hostile text
//! goes through the one policy ([`crate::hostile`]) in every format.

mod html;
mod markdown;
mod terminal;

pub use terminal::{Blocks, Highlight, TerminalLayout};
use urldiff_compare::{Projected, Severity};

/// A class as reports show it: `id` for filters and links (no spaces), `label` for people.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ClassTag {
    pub id: String,
    pub label: String,
}

impl ClassTag {
    /// The tag of a class id (its label is the id: ids are made to be read).
    pub fn of(id: &str) -> ClassTag {
        ClassTag { id: id.to_owned(), label: id.to_owned() }
    }
}

/// How a column's cells are aligned (numbers right).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Align {
    Left,
    Right,
}

/// A column: its title (a [`Span::Break`] in it starts a new title line on a terminal),
/// alignment, optionally a name for what it holds (HTML gives the column that class, for its
/// width), and whether its cells may be marked as differing ([`Cell::differs`]: the terminal
/// keeps a character before each of its cells for the mark).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Column {
    pub title: Cell,
    pub align: Align,
    pub style: Option<&'static str>,
    pub marks: bool,
}

/// A piece of a cell.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Span {
    /// Text (escaped, made visible). Spaces at an end that touches another span stay spaces:
    /// they are the table's own separators, as in `` `a` against `b` ``; at the cell's edge
    /// they are the text's own and shown as escapes, like any hostile text.
    Text(String),
    /// Prose of ours with code spans (a class's explanation: "a `\\`, which …").
    Prose(String),
    /// A value, shown as code.
    Code(String),
    /// A case's input, shown as code.
    Input(String),
    /// A case's base, shown as code.
    Base(String),
    /// A link: an anchor on the page (`#…`) or an `https:` address of characters that need no
    /// escaping; any other address is shown as text.
    Link { text: String, href: String },
    /// A severity (a coloured badge in HTML).
    Severity(Severity),
    /// A class (in HTML a link that sets the page's filter to it).
    Class(ClassTag),
    /// A field whose two values differ: its name, grade and both values (an inline diff in
    /// HTML, `truth → got` elsewhere).
    FieldDiff { field: String, grade: String, truth: Projected, got: Projected },
    /// A line break inside the cell.
    Break,
}

/// A cell: its spans in order, a name for what it shows (`style`: HTML writes it as the
/// cell's class; the other formats have no use for it), a note shown on hover (HTML), and
/// whether it differs from the first cell of its row that speaks (`differs`: the terminal
/// marks it by [`Highlight`], Markdown bolds it, HTML gives it the class `differs`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Cell {
    pub spans: Vec<Span>,
    pub style: Option<&'static str>,
    pub title: Option<String>,
    pub differs: bool,
}

impl Cell {
    pub fn new(spans: Vec<Span>) -> Cell {
        Cell { spans, ..Cell::default() }
    }

    pub fn text(s: impl Into<String>) -> Cell {
        Cell::new(vec![Span::Text(s.into())])
    }

    pub fn code(s: impl Into<String>) -> Cell {
        Cell::new(vec![Span::Code(s.into())])
    }

    pub fn number(n: impl ToString) -> Cell {
        Cell::text(n.to_string())
    }

    pub fn link(text: impl Into<String>, href: impl Into<String>) -> Cell {
        Cell::new(vec![Span::Link { text: text.into(), href: href.into() }])
    }

    pub fn severity(severity: Severity) -> Cell {
        Cell::new(vec![Span::Severity(severity)])
    }

    /// A case: its input, and ` against ` its base when it has one.
    pub fn case(input: &str, base: Option<&str>) -> Cell {
        let mut cell = Cell::new(vec![Span::Input(input.to_owned())]);
        if let Some(base) = base {
            cell.spans.push(Span::Text(" against ".to_owned()));
            cell.spans.push(Span::Base(base.to_owned()));
        }
        cell
    }

    /// The cells' spans one after another, `separator` (text) between them.
    pub fn joined(cells: impl IntoIterator<Item = Cell>, separator: &str) -> Cell {
        let mut out = Vec::new();
        for (i, cell) in cells.into_iter().enumerate() {
            if i > 0 {
                out.push(Span::Text(separator.to_owned()));
            }
            out.extend(cell.spans);
        }
        Cell::new(out)
    }

    /// This cell followed by `span`.
    pub fn and(mut self, span: Span) -> Cell {
        self.spans.push(span);
        self
    }

    /// This cell named as showing `style` (its class in HTML).
    pub fn styled(mut self, style: &'static str) -> Cell {
        self.style = Some(style);
        self
    }

    /// This cell marked as differing from the first cell of its row that speaks, when `differs`.
    pub fn differing(mut self, differs: bool) -> Cell {
        self.differs = differs;
        self
    }

    /// This cell with a note shown on hover.
    pub fn titled(mut self, title: impl Into<String>) -> Cell {
        self.title = Some(title.into());
        self
    }
}

/// A row: its cells (as many as there are columns), an id others link to (HTML: the row's
/// `id`; Markdown: an anchor in its first cell), whether the page's filter shows or hides it
/// (HTML: `data-row`), and a note drawn under it across the table's width (an example of what
/// the row counts).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Row {
    pub cells: Vec<Cell>,
    pub id: Option<String>,
    pub filtered: bool,
    pub note: Option<Cell>,
}

/// A table: its columns, then its rows; `id` names it on an HTML page.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Table {
    pub columns: Vec<Column>,
    pub rows: Vec<Row>,
    pub id: Option<String>,
}

/// `href` when it may be written as a link: an anchor of this page, or a safe `https:` address.
fn safe_href(href: &str) -> Option<&str> {
    let anchor = href.starts_with('#')
        && href[1..].chars().all(|c| c.is_ascii_alphanumeric() || "-_=&.".contains(c));
    if anchor {
        return Some(href);
    }
    crate::hostile::safe_link(href)
}

/// A [`Span::Text`] at `i` of `n` spans, rendered by `render`: see [`Span::Text`].
fn text_span(s: &str, i: usize, n: usize, render: impl Fn(&str) -> String) -> String {
    let keep_lead = i > 0;
    let keep_trail = i + 1 < n;
    if !keep_lead && !keep_trail {
        return render(s);
    }
    let inner_start = if keep_lead { s.len() - s.trim_start_matches(' ').len() } else { 0 };
    let inner_end = if keep_trail { s.trim_end_matches(' ').len() } else { s.len() };
    if inner_start >= inner_end {
        return if keep_lead || keep_trail { s.to_owned() } else { render(s) };
    }
    format!("{}{}{}", &s[..inner_start], render(&s[inner_start..inner_end]), &s[inner_end..])
}

/// A cell's spans as text, one format's way: a text span through `text` (its edge spaces kept
/// where another span borders them, see [`Span::Text`]), any other through `other`, and
/// `between_fields` between two field diffs in a row.
fn spans_text(
    cell: &Cell,
    between_fields: &str,
    text: impl Fn(&str) -> String,
    other: impl Fn(&Span) -> String,
) -> String {
    let mut out = String::new();
    let mut after_field = false;
    let n = cell.spans.len();
    for (i, span) in cell.spans.iter().enumerate() {
        let is_field = matches!(span, Span::FieldDiff { .. });
        if is_field && after_field {
            out.push_str(between_fields);
        }
        after_field = is_field;
        match span {
            Span::Text(s) => out.push_str(&text_span(s, i, n, &text)),
            span => out.push_str(&other(span)),
        }
    }
    out
}

impl Table {
    /// A table with these column titles, every column left-aligned.
    pub fn new(titles: &[&str]) -> Table {
        Table::with_columns(titles.iter().map(|t| Cell::text(*t)))
    }

    /// A table with these column titles (cells: a title may be code), left-aligned.
    pub fn with_columns(titles: impl IntoIterator<Item = Cell>) -> Table {
        let columns = titles
            .into_iter()
            .map(|title| Column { title, align: Align::Left, style: None, marks: false })
            .collect();
        Table { columns, ..Table::default() }
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

    /// The same table with each column named for what it holds (HTML: a `<col>` class).
    pub fn column_styles(mut self, styles: &[Option<&'static str>]) -> Table {
        for (c, style) in self.columns.iter_mut().zip(styles) {
            c.style = *style;
        }
        self
    }

    /// The same table with the columns `marked` keeping room for the differs mark.
    pub fn marked_columns(mut self, marked: impl IntoIterator<Item = usize>) -> Table {
        for i in marked {
            if let Some(c) = self.columns.get_mut(i) {
                c.marks = true;
            }
        }
        self
    }

    /// The same table with `id` (HTML).
    pub fn with_id(mut self, id: &str) -> Table {
        self.id = Some(id.to_owned());
        self
    }

    pub fn row(&mut self, cells: Vec<Cell>) {
        self.rows.push(Row { cells, ..Row::default() });
    }

    /// A row with an id, filtered by the page's filter when `filtered`.
    pub fn row_with_id(&mut self, id: String, filtered: bool, cells: Vec<Cell>) {
        self.rows.push(Row { cells, id: Some(id), filtered, note: None });
    }

    /// A row with a note under it.
    pub fn row_with_note(&mut self, cells: Vec<Cell>, note: Cell) {
        self.rows.push(Row { cells, note: Some(note), ..Row::default() });
    }
}

#[cfg(test)]
mod tests;
