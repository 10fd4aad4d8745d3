//! Hostile text in Markdown: every string from a run goes through [`code`] (a code span,
//! control characters escaped; [`table_code`] in a table cell, with `|` escaped, which only a
//! table reads) or [`text`] (Markdown and HTML characters escaped), so an input such as
//! `<script>` or `|` neither renders as HTML nor breaks a table, and outside tables shows as
//! written. [`prose`] is text with code spans (a class's explanation).

use crate::plain::{self, one_line};

/// `s` as an inline code span (outside a table: a code span shows a backslash as is, so `|`
/// is not escaped); the empty string as *(empty)* (an empty code span would read as a space).
pub fn code(s: &str) -> String {
    code_span(&one_line(s))
}

/// `s` as an inline code span in a table cell: `|` escaped (a table splits cells on it before
/// it reads code spans, and shows `\|` in a span as `|`).
pub fn table_code(s: &str) -> String {
    code_span(&one_line(s).replace('|', "\\|"))
}

fn code_span(s: &str) -> String {
    if s.is_empty() {
        return "*(empty)*".to_owned();
    }
    let longest = s.split(|c| c != '`').map(str::len).max().unwrap_or(0);
    let fence = "`".repeat(longest + 1);
    let pad = if s.starts_with('`') || s.ends_with('`') || s.is_empty() { " " } else { "" };
    format!("{fence}{pad}{s}{pad}{fence}")
}

/// `s` as plain Markdown text: one line, with the characters Markdown or HTML would read
/// escaped.
pub fn text(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in one_line(s).chars() {
        match c {
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '&' => out.push_str("&amp;"),
            '\\' | '`' | '*' | '_' | '[' | ']' | '|' | '#' | '~' => {
                out.push('\\');
                out.push(c);
            }
            c => out.push(c),
        }
    }
    out
}

/// Prose with code spans (a class's explanation: "a `\\`, which …"): the spans as [`code`],
/// the rest as [`text`]; an unpaired backtick is text.
pub fn prose(s: &str) -> String {
    prose_with(s, code)
}

/// [`prose`] in a table cell (its spans as [`table_code`]).
pub fn table_prose(s: &str) -> String {
    prose_with(s, table_code)
}

fn prose_with(s: &str, code: fn(&str) -> String) -> String {
    let mut out = String::new();
    for (is_code, piece) in plain::code_spans(s) {
        if is_code {
            out.push_str(&code(&piece));
            continue;
        }
        // The prose's own spaces around its code spans are not hostile: kept as spaces.
        let inner = piece.trim_matches(' ');
        let lead = piece.len() - piece.trim_start_matches(' ').len();
        let trail =
            if inner.is_empty() { 0 } else { piece.len() - piece.trim_end_matches(' ').len() };
        out.push_str(&" ".repeat(lead));
        out.push_str(&text(inner));
        out.push_str(&" ".repeat(trail));
    }
    out
}
