//! A [`Table`] as HTML, a maud template: maud escapes by construction and hostile text is
//! shown through [`Visible`] (the one policy, its escapes marked). Right-aligned cells are
//! `td.num`; a cell's style is its class (and `differs` when it differs); a column's style
//! its `<col>` class; a row's note a `tr.note` under it, one cell across the table.

use super::{safe_href, text_span, Align, Cell, Row, Span, Table};
use crate::hostile::visible;
use crate::html_text::diff;
use crate::html_text::{prose_markup, Visible};
use maud::{html, Markup, Render};

impl Table {
    /// The table as HTML (`class` on the `<table>`, when given).
    pub fn html(&self, class: Option<&str>) -> Markup {
        let styled = self.columns.iter().any(|c| c.style.is_some());
        html! {
            table id=[self.id.as_deref()] class=[class] {
                @if styled { colgroup { @for c in &self.columns { col class=[c.style]; } } }
                thead { tr { @for c in &self.columns { th { (html_cell(&c.title)) } } } }
                tbody { @for row in &self.rows { (html_row(self, row)) } }
            }
        }
    }
}

fn html_row(table: &Table, row: &Row) -> Markup {
    html! {
        tr id=[row.id.as_deref()] data-row[row.filtered] {
            @for (cell, column) in row.cells.iter().zip(&table.columns) {
                td class=[td_class(cell, column.align)] title=[cell.title.as_deref().map(visible)] {
                    (html_cell(cell))
                }
            }
        }
        @if let Some(note) = &row.note {
            tr.note { td colspan=(table.columns.len()) { (html_cell(note)) } }
        }
    }
}

fn td_class(cell: &Cell, align: Align) -> Option<String> {
    let num = (align == Align::Right).then_some("num");
    let differs = cell.differs.then_some("differs");
    let mut classes = String::new();
    for class in [num, cell.style, differs].into_iter().flatten() {
        if !classes.is_empty() {
            classes.push(' ');
        }
        classes.push_str(class);
    }
    (!classes.is_empty()).then_some(classes)
}

/// A cell's spans, written straight into the page (a table of thousands of rows would copy
/// each cell once more through a markup value of its own).
fn html_cell(cell: &Cell) -> HtmlCell<'_> {
    HtmlCell(cell)
}

struct HtmlCell<'a>(&'a Cell);

impl Render for HtmlCell<'_> {
    fn render_to(&self, page: &mut String) {
        let n = self.0.spans.len();
        for (i, span) in self.0.spans.iter().enumerate() {
            match span {
                // A lone text span keeps no edge spaces: the text itself, straight in.
                Span::Text(s) if n == 1 => Visible(s).render_to(page),
                Span::Text(s) => page.push_str(&text_span(s, i, n, crate::html_text::text)),
                // The commonest spans of a table of divergences, as `html_span` writes them,
                // without a markup value of their own each.
                Span::Code(s) => in_tag(page, "<code>", s),
                Span::Input(s) => in_tag(page, "<code class=\"input\">", s),
                Span::Base(s) => in_tag(page, "<code class=\"base\">", s),
                span => html_span(span).render_to(page),
            }
        }
    }
}

/// `text` shown in a `<code>` element opened by `start`.
fn in_tag(page: &mut String, start: &str, text: &str) {
    page.push_str(start);
    Visible(text).render_to(page);
    page.push_str("</code>");
}

fn html_span(span: &Span) -> Markup {
    html! {
        @match span {
            Span::Text(s) => { (Visible(s)) }
            Span::Prose(s) => { (prose_markup(s)) }
            Span::Code(s) => { code { (Visible(s)) } }
            Span::Input(s) => { code.input { (Visible(s)) } }
            Span::Base(s) => { code.base { (Visible(s)) } }
            Span::Link { text, href } => @match safe_href(href) {
                Some(href) => { a href=(href) { (Visible(text)) } }
                None => { (Visible(text)) " (" (Visible(href)) ")" }
            }
            Span::Severity(s) => { (crate::html_text::severity_badge(*s)) }
            Span::Class(c) => {
                a.class-link data-class-link=(visible(&c.id)) href={ "#class=" (visible(&c.id)) } {
                    (Visible(&c.label))
                }
            }
            Span::FieldDiff { field, grade, truth, got } => {
                div.fd {
                    span.fname { (Visible(field)) }
                    span.grade { (Visible(grade)) }
                    code.diff { (diff::inline_markup(truth, got)) }
                }
            }
            Span::Break => { br; }
        }
    }
}
