//! Escaping for HTML: the only way a string from a run reaches a page. Inputs are hostile
//! (`"><script>`, quotes, control characters, bidi overrides, U+FFFD standing for a lone
//! surrogate), so:
//!
//! - [`text`] escapes `& < > " '` and shows every control and invisible format character as a
//!   marked `\u{…}` (an HTML page cannot carry NUL, and a U+202E would reverse what follows);
//! - [`attr`] does the same for attribute values, where markup cannot go, so the escapes are
//!   plain text.
//!
//! Rust strings hold no lone surrogates; readers replace them with U+FFFD before they get here.

use crate::plain::is_invisible_format;
use std::fmt::Write as _;

fn is_hidden(c: char) -> bool {
    c.is_control() || is_invisible_format(c)
}

fn push_escaped(out: &mut String, c: char) {
    match c {
        '&' => out.push_str("&amp;"),
        '<' => out.push_str("&lt;"),
        '>' => out.push_str("&gt;"),
        '"' => out.push_str("&quot;"),
        '\'' => out.push_str("&#39;"),
        c => out.push(c),
    }
}

/// `s` as HTML text content.
pub fn text(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + s.len() / 8);
    for c in s.chars() {
        if is_hidden(c) {
            let _ = write!(out, "<span class=\"ctl\">\\u{{{:x}}}</span>", c as u32);
        } else {
            push_escaped(&mut out, c);
        }
    }
    out
}

/// `s` as a double-quoted attribute value (without the quotes).
pub fn attr(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        if is_hidden(c) {
            let _ = write!(out, "\\u{{{:x}}}", c as u32);
        } else {
            push_escaped(&mut out, c);
        }
    }
    out
}

/// Prose with code spans (a class's explanation: "a `\\`, which …"): the spans as
/// `<code>`, everything escaped; an unpaired backtick is text.
pub fn prose(s: &str) -> String {
    let mut out = String::new();
    for (is_code, piece) in crate::plain::code_spans(s) {
        if is_code {
            let _ = write!(out, "<code>{}</code>", text(&piece));
        } else {
            out.push_str(&text(&piece));
        }
    }
    out
}
