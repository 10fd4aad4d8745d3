//! A [`Table`] as plain text for a terminal, fitted to a width the way `urldiff compare`'s
//! table is ([`crate::compare_view::table`]): columns side by side when they fit (the last
//! column cut with `…` when that is enough), else one block per row; no line ends in spaces.

use super::{with_edge_spaces, Align, Cell, Span, Table};
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
    /// then a `title  value` line per other non-empty cell, wrapped).
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
        let mut out = String::new();
        for (n, row) in body.iter().enumerate() {
            if n > 0 {
                out.push('\n');
            }
            let mut block = String::new();
            if let (Some(title), Some(first)) = (head.first(), row.first()) {
                block.push_str(&format!("{title}: {first}\n"));
            }
            for (title, value) in head.iter().zip(row).skip(1) {
                if !value.is_empty() {
                    block.push_str(&format!("  {}  {value}\n", pad(title, title_w)));
                }
            }
            out.push_str(&wrap_lines(&block, max_width));
        }
        out
    }
}

fn plain_cell(cell: &Cell) -> String {
    let mut out = String::new();
    let mut after_field = false;
    for span in &cell.spans {
        let is_field = matches!(span, Span::FieldDiff { .. });
        if is_field && after_field {
            out.push_str("; ");
        }
        after_field = is_field;
        out.push_str(&match span {
            Span::Text(s) => with_edge_spaces(s, visible),
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
