//! A [`Table`] as plain text for a terminal, fitted to a width: the one terminal layout of
//! every table (the conform summary's, `urldiff compare`'s grid, the explain tables …).
//! Columns side by side when they fit (the last column cut with `…` when that is enough and
//! the layout allows it), else one block per row or per column ([`Blocks`]); no line ends in
//! spaces.

use super::{spans_text, Align, Cell, Column, Span, Table};
use crate::hostile::visible;
use crate::plain::{fit, width, wrap_lines};

/// The fewest columns a value is cut to: the last column side by side, a value in a block.
const MIN_LAST_COLUMN: usize = 12;

/// The gap between two columns.
const GAP: usize = 2;

/// How much deeper than its row a row's note starts.
const NOTE_INDENT: &str = "    ";

/// The ANSI sequences around a highlighted value.
const COLOUR_ON: &str = "\x1b[1;31m";
const COLOUR_OFF: &str = "\x1b[0m";

/// How differing cells ([`Cell::differs`]) are marked.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Highlight {
    /// ANSI colour (a terminal).
    Colour,
    /// A `*` before the value.
    #[default]
    Marker,
}

/// The layout of a table too wide for side by side.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Blocks {
    /// One block per row: its first cell, then a `title  value` line per other cell. The last
    /// column may be cut first, to stay side by side.
    #[default]
    PerRow,
    /// One block per column after the first: its title, then a `key  value` line per row (the
    /// row's first cell as the key). For tables whose columns are what is compared: no column
    /// is cut to stay side by side.
    PerColumn,
}

/// How a table is drawn on a terminal.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TerminalLayout {
    /// The widest a line may be (`usize::MAX`: as wide as the table is).
    pub width: usize,
    /// The widest a body cell is side by side (cut with `…`); `usize::MAX`: whole.
    pub max_cell: usize,
    pub highlight: Highlight,
    pub blocks: Blocks,
    /// Whether the titles head the columns side by side (blocks always name them).
    pub head: bool,
}

impl Default for TerminalLayout {
    fn default() -> TerminalLayout {
        TerminalLayout {
            width: usize::MAX,
            max_cell: usize::MAX,
            highlight: Highlight::Marker,
            blocks: Blocks::PerRow,
            head: true,
        }
    }
}

/// The table's text: title lines per column, body cells per row, notes per row.
struct Plain {
    head: Vec<Vec<String>>,
    body: Vec<Vec<String>>,
    notes: Vec<Option<String>>,
}

impl Table {
    /// The table as plain text at most `max_width` columns wide (`usize::MAX`: as wide as it
    /// is), in the default [`TerminalLayout`].
    pub fn terminal(&self, max_width: usize) -> String {
        self.terminal_with(&TerminalLayout { width: max_width, ..TerminalLayout::default() })
    }

    /// The table as plain text in `layout`: columns padded to their widest cell, two spaces
    /// apart, titles first, each row's note under it; when that is wider than the width (and,
    /// per row, cutting the last column does not help), in blocks.
    pub fn terminal_with(&self, layout: &TerminalLayout) -> String {
        let plain = Plain {
            head: self.columns.iter().map(|c| title_lines(&c.title)).collect(),
            body: self.rows.iter().map(|r| r.cells.iter().map(plain_cell).collect()).collect(),
            notes: self.rows.iter().map(|r| r.note.as_ref().map(plain_cell)).collect(),
        };
        let side_cells: Vec<Vec<String>> = plain
            .body
            .iter()
            .map(|r| r.iter().map(|s| fit(s, layout.max_cell)).collect())
            .collect();
        let mut widths: Vec<usize> = self
            .columns
            .iter()
            .enumerate()
            .map(|(i, c)| {
                let titles = plain.head[i].iter().filter(|_| layout.head).map(|s| width(s));
                let slot = usize::from(c.marks);
                let cells = side_cells.iter().filter_map(|r| r.get(i)).map(|s| width(s) + slot);
                titles.chain(cells).max().unwrap_or(0)
            })
            .collect();
        let total = widths.iter().sum::<usize>() + GAP * widths.len().saturating_sub(1);
        if total > layout.width {
            let Some(last) = widths.last_mut() else { return String::new() };
            let room = (layout.width + *last).saturating_sub(total);
            if layout.blocks == Blocks::PerColumn || room < MIN_LAST_COLUMN.min(*last) {
                return self.blocks(&plain, layout);
            }
            *last = room;
        }
        self.side_by_side(&plain, &side_cells, &widths, layout)
    }

    fn side_by_side(
        &self,
        plain: &Plain,
        cells: &[Vec<String>],
        widths: &[usize],
        layout: &TerminalLayout,
    ) -> String {
        let depth =
            if layout.head { plain.head.iter().map(Vec::len).max().unwrap_or(0) } else { 0 };
        let mut out = String::new();
        for k in 0..depth {
            let line: Vec<String> = (plain.head.iter().zip(&self.columns).zip(widths))
                .map(|((lines, column), w)| {
                    let title = fit(lines.get(k).map_or("", String::as_str), *w);
                    match column.align {
                        Align::Left => pad(&title, *w),
                        Align::Right => pad_left(&title, *w),
                    }
                })
                .collect();
            push_line(&mut out, &line.join(&" ".repeat(GAP)));
        }
        let mut line = String::new();
        for (n, row) in self.rows.iter().enumerate() {
            line.clear();
            let columns = self.columns.iter().zip(widths).zip(&row.cells).zip(&cells[n]);
            for (k, (((column, w), cell), text)) in columns.enumerate() {
                if k > 0 {
                    line.push_str(&" ".repeat(GAP));
                }
                let slot = usize::from(column.marks);
                let text = fit(text, w.saturating_sub(slot));
                let padding = " ".repeat(w.saturating_sub(width(&text) + slot));
                let shown = marked(column, cell.differs, &text, layout.highlight);
                match column.align {
                    Align::Left => line.extend([shown, padding]),
                    Align::Right => line.extend([padding, shown]),
                }
            }
            push_line(&mut out, &line);
            if let Some(note) = &plain.notes[n] {
                push_line(&mut out, &fit(&format!("{NOTE_INDENT}{note}"), layout.width));
            }
        }
        out
    }

    /// The table in blocks (see [`Blocks`]), each `key  value` line's value cut to the width.
    fn blocks(&self, plain: &Plain, layout: &TerminalLayout) -> String {
        let title = |i: usize| plain.head[i].join(", ");
        let (keys, blocks): (Vec<String>, usize) = match layout.blocks {
            Blocks::PerRow => ((1..self.columns.len()).map(title).collect(), self.rows.len()),
            Blocks::PerColumn => (
                plain.body.iter().map(|r| r.first().cloned().unwrap_or_default()).collect(),
                self.columns.len().saturating_sub(1),
            ),
        };
        let key_w = keys.iter().map(|k| width(k)).max().unwrap_or(0);
        let value_w = layout.width.saturating_sub(key_w + 2 * GAP).max(MIN_LAST_COLUMN);
        let mut out = String::new();
        for b in 0..blocks {
            if b > 0 {
                out.push('\n');
            }
            // (row, column) of each line of this block, under its heading.
            let (heading, cells): (String, Vec<(usize, usize)>) = match layout.blocks {
                Blocks::PerRow => {
                    let first = plain.body[b].first().map_or("", String::as_str);
                    let heading = format!("{}: {first}", title(0));
                    (heading, (1..self.columns.len()).map(|c| (b, c)).collect())
                }
                Blocks::PerColumn => {
                    (title(b + 1), (0..self.rows.len()).map(|r| (r, b + 1)).collect())
                }
            };
            out.push_str(&wrap_lines(&format!("{heading}\n"), layout.width));
            for (line, (r, c)) in cells.into_iter().enumerate() {
                let value = &plain.body[r][c];
                if !value.is_empty() {
                    let column = &self.columns[c];
                    let text = fit(value, value_w);
                    let shown =
                        marked(column, self.rows[r].cells[c].differs, &text, layout.highlight);
                    let shown = if column.marks { shown } else { format!(" {shown}") };
                    push_line(&mut out, &format!("  {} {shown}", pad(&keys[line], key_w)));
                }
                let note_here = layout.blocks == Blocks::PerColumn && b == 0;
                if let (true, Some(note)) = (note_here, &plain.notes[r]) {
                    push_line(&mut out, &fit(&format!("{NOTE_INDENT}{note}"), layout.width));
                }
            }
            if let (Blocks::PerRow, Some(note)) = (layout.blocks, &plain.notes[b]) {
                push_line(&mut out, &fit(&format!("  {note}"), layout.width));
            }
        }
        out
    }
}

/// `s` padded with spaces to `w` columns (left-aligned). Private: column layout is this
/// module's alone (`harness/tests/one_table_renderer.rs`).
fn pad(s: &str, w: usize) -> String {
    let mut out = String::with_capacity(s.len() + w);
    out.push_str(s);
    out.extend(std::iter::repeat_n(' ', w.saturating_sub(width(s))));
    out
}

/// `s` padded with spaces to `w` columns (right-aligned).
fn pad_left(s: &str, w: usize) -> String {
    format!("{}{s}", " ".repeat(w.saturating_sub(width(s))))
}

/// `line` without its trailing spaces, and a newline.
fn push_line(out: &mut String, line: &str) {
    out.push_str(line.trim_end());
    out.push('\n');
}

/// `text` with the mark slot of a marking column before it: a space, or the mark when it
/// differs (`*`, or a space and the text in colour).
fn marked(column: &Column, differs: bool, text: &str, highlight: Highlight) -> String {
    match (column.marks, differs, highlight) {
        (false, _, _) => text.to_owned(),
        (true, false, _) => format!(" {text}"),
        (true, true, Highlight::Marker) => format!("*{text}"),
        (true, true, Highlight::Colour) => format!(" {COLOUR_ON}{text}{COLOUR_OFF}"),
    }
}

/// A title's lines: its text split at each [`Span::Break`].
fn title_lines(title: &Cell) -> Vec<String> {
    if !title.spans.contains(&Span::Break) {
        return vec![plain_cell(title)];
    }
    let mut lines = vec![Vec::new()];
    for span in &title.spans {
        match span {
            Span::Break => lines.push(Vec::new()),
            span => lines.last_mut().expect("one line at least").push(span.clone()),
        }
    }
    lines.into_iter().map(|spans| plain_cell(&Cell::new(spans))).collect()
}

fn plain_cell(cell: &Cell) -> String {
    spans_text(cell, "; ", visible, |span| match span {
        // An empty value as Markdown shows it: an empty string would vanish.
        Span::Code(s) | Span::Input(s) | Span::Base(s) if s.is_empty() => "(empty)".into(),
        Span::Text(s) | Span::Prose(s) | Span::Code(s) | Span::Input(s) | Span::Base(s) => {
            visible(s)
        }
        Span::Link { text, .. } => visible(text),
        Span::Severity(s) => s.name().to_owned(),
        Span::Class(c) => visible(&c.label),
        Span::FieldDiff { field, grade, truth, got } => format!(
            "{}: {} → {} ({})",
            visible(field),
            visible(&truth.display()),
            visible(&got.display()),
            visible(grade)
        ),
        Span::Break => "; ".to_owned(),
    })
}
