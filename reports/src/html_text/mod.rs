//! Hostile text on a page: the only way a string from a run reaches one. Inputs are hostile
//! (`"><script>`, quotes, control characters, bidi overrides, U+FFFD standing for a lone
//! surrogate), so every piece of [`crate::hostile::pieces`] is escaped: [`Visible`] (in maud
//! templates; [`text`] is the same as a string, for the few texts shared with Markdown)
//! escapes `& < > " '` and shows each code point the hostile-text policy escapes as a marked
//! `\u{…}`. An attribute value of hostile text is [`crate::hostile::visible`] (the policy's
//! escapes as plain text: markup cannot go there), which maud then escapes.
//!
//! Data for the page's script never goes through here: it is JSON in a data block
//! ([`crate::page::data_block`]), read with `JSON.parse`.
//!
//! Also here: [`diff`] (inline diffs of field values) and [`severity_badge`].
//!
//! Rust strings hold no lone surrogates; readers replace them with U+FFFD before they get here.

pub mod diff;

use crate::hostile::{pieces, Piece};
use crate::plain::with_edge_spaces;
use maud::{html, Markup, PreEscaped, Render};
use urldiff_compare::Severity;

fn push_escaped(out: &mut String, s: &str) {
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
}

/// Hostile text in a maud template: escaped, with the escaped code points marked.
#[derive(Clone, Copy, Debug)]
pub struct Visible<'a>(pub &'a str);

impl Render for Visible<'_> {
    fn render_to(&self, buffer: &mut String) {
        buffer.push_str(&text(self.0));
    }
}

/// `s` as HTML text content.
pub fn text(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + s.len() / 8);
    for piece in pieces(s) {
        match piece {
            Piece::Plain(p) => push_escaped(&mut out, p),
            escaped => {
                out.push_str("<span class=\"ctl\">");
                escaped.push_to(&mut out);
                out.push_str("</span>");
            }
        }
    }
    out
}

/// Prose with code spans (a class's explanation: "a `\\`, which …"): the spans as
/// `<code>`, the prose around them as text (its spaces at the ends are the writer's own),
/// both through the policy; an unpaired backtick is text.
pub fn prose_markup(s: &str) -> Markup {
    html! {
        @for (is_code, piece) in crate::plain::code_spans(s) {
            @if is_code {
                code { (Visible(&piece)) }
            } @else {
                (PreEscaped(with_edge_spaces(&piece, text)))
            }
        }
    }
}

/// A severity as a coloured badge.
pub fn severity_badge(severity: Severity) -> Markup {
    html! { span class={ "sev sev-" (severity.name()) } { (severity.name()) } }
}
