//! A [`Table`] as GitHub Markdown: every span escaped by [`crate::markdown`] (so a `|` inside
//! a cell cannot end it), a row's id as an HTML anchor in its first cell.

use super::{safe_href, spans_text, Align, Cell, Span, Table};
use crate::markdown_text::{table_code, table_prose, text};

impl Table {
    /// The table as GitHub Markdown.
    pub fn markdown(&self) -> String {
        let head: Vec<String> = self.columns.iter().map(|c| markdown_cell(&c.title)).collect();
        let rule: Vec<&str> = self
            .columns
            .iter()
            .map(|c| if c.align == Align::Right { "--:" } else { "---" })
            .collect();
        let mut out = format!("| {} |\n|{}|\n", head.join(" | "), rule.join("|"));
        for row in &self.rows {
            let mut cells: Vec<String> = row.cells.iter().map(markdown_cell).collect();
            if let (Some(id), Some(first)) = (&row.id, cells.first_mut()) {
                // Ids are ours (`class-…`, `group-…`), made of characters an attribute takes.
                *first = format!("<a id=\"{}\"></a>{first}", text(id));
            }
            out.push_str(&format!("| {} |\n", cells.join(" | ")));
            if let Some(note) = &row.note {
                let rest = " |".repeat(self.columns.len().saturating_sub(1));
                out.push_str(&format!("| {} |{rest}\n", markdown_cell(note)));
            }
        }
        out
    }
}

fn markdown_cell(cell: &Cell) -> String {
    let out = spans_text(cell, "<br>", text, markdown_span);
    if cell.differs && !out.is_empty() {
        return format!("**{out}**");
    }
    out
}

fn markdown_span(span: &Span) -> String {
    match span {
        Span::Text(s) => text(s),
        Span::Prose(s) => table_prose(s),
        Span::Code(s) | Span::Input(s) | Span::Base(s) => table_code(s),
        Span::Link { text: shown, href } => match safe_href(href) {
            Some(href) => format!("[{}]({href})", text(shown)),
            None => text(&format!("{shown} ({href})")),
        },
        Span::Severity(s) => s.name().to_owned(),
        Span::Class(c) => text(&c.label),
        Span::FieldDiff { field, grade, truth, got } => format!(
            "{}: {} → {} ({})",
            text(field),
            table_code(&truth.display()),
            table_code(&got.display()),
            text(grade)
        ),
        Span::Break => "<br>".to_owned(),
    }
}
