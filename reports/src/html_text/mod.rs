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

use crate::hostile::{is_plain_ascii, pieces, Piece};
use crate::plain::with_edge_spaces;
use maud::{html, Markup, PreEscaped, Render};
use urldiff_compare::Severity;

/// `s` with `& < > " '` escaped, pushed onto `out` a run at a time.
fn push_escaped(out: &mut String, s: &str) {
    let mut from = 0;
    for (i, b) in s.bytes().enumerate() {
        let escape = match b {
            b'&' => "&amp;",
            b'<' => "&lt;",
            b'>' => "&gt;",
            b'"' => "&quot;",
            b'\'' => "&#39;",
            _ => continue,
        };
        out.push_str(&s[from..i]);
        out.push_str(escape);
        from = i + 1;
    }
    out.push_str(&s[from..]);
}

/// Hostile text in a maud template: escaped, with the escaped code points marked.
#[derive(Clone, Copy, Debug)]
pub struct Visible<'a>(pub &'a str);

impl Render for Visible<'_> {
    fn render_to(&self, buffer: &mut String) {
        push_text(buffer, self.0);
    }
}

/// `s` as HTML text content.
pub fn text(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + s.len() / 8);
    push_text(&mut out, s);
    out
}

/// [`text`] pushed onto `out`.
fn push_text(out: &mut String, s: &str) {
    if is_plain_ascii(s) && !s.starts_with(' ') && !s.ends_with(' ') {
        // Nothing the policy escapes: only the markup characters.
        return push_escaped(out, s);
    }
    for piece in pieces(s) {
        match piece {
            Piece::Plain(p) => push_escaped(out, p),
            escaped => {
                out.push_str("<span class=\"ctl\">");
                escaped.push_to(out);
                out.push_str("</span>");
            }
        }
    }
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
