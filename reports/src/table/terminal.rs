//! A [`Table`] as plain text for a terminal, fitted to a width the way `urldiff compare`'s
//! table is ([`crate::compare_view::table`]): columns side by side when they fit (the last
//! column cut with `…` when that is enough), else one block per row; no line ends in spaces.

use super::{text_span, Align, Cell, Span, Table};
use crate::hostile::visible;
use crate::plain::{fit, pad, pad_left, width, wrap_lines};

/// The fewest columns the last column is cut to before the table is drawn vertically.
const MIN_LAST_COLUMN: usize = 12;

/// The gap between two columns.
const GAP: usize = 2;

impl Table {
    /// The table as plain text at most `max_width` columns wide (`usize::MAX`: as wide as it
    /// is): columns padded to their widest cell, two spaces apart, titles first; when that is
    /// too wide and cutting the last column does not help, one block per row (its first cell,
    /// then a `title  value` line per other non-empty cell, the value cut to the width).
    pub fn terminal(&self, max_width: usize) -> String {
        let head: Vec<String> = self.columns.iter().map(|c| plain_cell(&c.title)).collect();
        let body: Vec<Vec<String>> =
            self.rows.iter().map(|r| r.cells.iter().map(plain_cell).collect()).collect();
        let mut widths: Vec<usize> = (0..self.columns.len())
            .map(|i| {
                let cells = std::iter::once(&head).chain(&body).filter_map(|r| r.get(i));
                cells.map(|s| width(s)).max().unwrap_or(0)
            })
            .collect();
        let total = widths.iter().sum::<usize>() + GAP * widths.len().saturating_sub(1);
        if total > max_width {
            let Some(last) = widths.last_mut() else { return String::new() };
            let room = (max_width + *last).saturating_sub(total);
            if room < MIN_LAST_COLUMN.min(*last) {
                return self.vertical(&head, &body, max_width);
            }
            *last = room;
        }
        let line = |cells: &[String]| {
            let padded: Vec<String> = cells
                .iter()
                .zip(&self.columns)
                .zip(&widths)
                .map(|((s, c), w)| {
                    let s = fit(s, *w);
                    match c.align {
                        Align::Left => pad(&s, *w),
                        Align::Right => pad_left(&s, *w),
                    }
                })
                .collect();
            format!("{}\n", padded.join(&" ".repeat(GAP)).trim_end())
        };
        std::iter::once(&head).chain(&body).map(|r| line(r)).collect()
    }

    fn vertical(&self, head: &[String], body: &[Vec<String>], max_width: usize) -> String {
        let title_w = head.iter().skip(1).map(|t| width(t)).max().unwrap_or(0);
        // As `urldiff compare`'s vertical table: the heading wraps, values are cut.
        let value_w = max_width.saturating_sub(title_w + 2 * GAP).max(MIN_LAST_COLUMN);
        let mut out = String::new();
        for (n, row) in body.iter().enumerate() {
            if n > 0 {
                out.push('\n');
            }
            if let (Some(title), Some(first)) = (head.first(), row.first()) {
                out.push_str(&wrap_lines(&format!("{title}: {first}\n"), max_width));
            }
            for (title, value) in head.iter().zip(row).skip(1) {
                if !value.is_empty() {
                    let value = fit(value, value_w);
                    let line = format!("  {}  {value}", pad(title, title_w));
                    out.push_str(line.trim_end());
                    out.push('\n');
                }
            }
        }
        out
    }
}

fn plain_cell(cell: &Cell) -> String {
    let mut out = String::new();
    let mut after_field = false;
    let n = cell.spans.len();
    for (i, span) in cell.spans.iter().enumerate() {
        let is_field = matches!(span, Span::FieldDiff { .. });
        if is_field && after_field {
            out.push_str("; ");
        }
        after_field = is_field;
        out.push_str(&match span {
            Span::Text(s) => text_span(s, i, n, visible),
            // An empty value as Markdown shows it: an empty string would vanish.
            Span::Code(s) | Span::Input(s) | Span::Base(s) if s.is_empty() => "(empty)".into(),
            Span::Prose(s) | Span::Code(s) | Span::Input(s) | Span::Base(s) => visible(s),
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
        });
    }
    out
}
