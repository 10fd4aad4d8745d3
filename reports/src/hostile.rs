//! Hostile text (an input, a base, an oracle's answer or name) as every report shows it: the
//! one policy for terminal, Markdown and HTML. A code point a reader could not see or that would
//! change what they see is written as a `\u{…}` escape:
//!
//! - control characters (they move a terminal's cursor; an HTML page cannot carry NUL);
//! - invisible format characters and noncharacters ([`is_invisible`]: bidi overrides, zero-width
//!   characters, the BOM), so an input cannot disguise itself;
//! - U+FFFD, which a reader takes for a font's missing glyph and a decoder writes for bytes
//!   that were not UTF-8 (a lone surrogate, a fuzzer's raw bytes): written as its escape, the
//!   reader knows the input holds that code point;
//! - spaces at the start or the end (` http://a` is another input than `http://a`, and every
//!   renderer trims or collapses them). Tabs and newlines are controls already.
//!
//! [`pieces`] splits a string into what is shown as is and what is escaped; each format marks
//! the escapes its own way (plain: as is; HTML: a highlighted span) from the same pieces.

use std::fmt::Write as _;

/// A piece of hostile text: shown as is, or a code point shown as its escape.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Piece<'a> {
    Plain(&'a str),
    Escaped(char),
}

impl Piece<'_> {
    /// The piece as text: itself, or `\u{…}`.
    pub fn push_to(&self, out: &mut String) {
        match self {
            Piece::Plain(s) => out.push_str(s),
            Piece::Escaped(c) => {
                let _ = write!(out, "\\u{{{:x}}}", *c as u32);
            }
        }
    }
}

/// Format characters that reorder or hide text (bidi controls, zero-width characters, the
/// BOM, the tag characters that can smuggle ASCII unseen), the line and paragraph separators
/// (they break a line where no newline is), U+FFFD and noncharacters.
pub fn is_invisible(c: char) -> bool {
    matches!(c,
        '\u{200b}'..='\u{200f}' | '\u{2028}'..='\u{202e}' | '\u{2060}'..='\u{2069}'
        | '\u{feff}' | '\u{fff9}'..='\u{fffb}' | '\u{fffd}' | '\u{fdd0}'..='\u{fdef}'
        | '\u{e0000}'..='\u{e007f}')
        // The noncharacters U+FDD0..U+FDEF above and the last two code points of every plane
        // (U+FFFE, U+FFFF, U+1FFFE, …): no font draws them.
        || (c as u32) & 0xfffe == 0xfffe
}

/// `s` as pieces: runs shown as is, and each code point to escape (see the module docs).
pub fn pieces(s: &str) -> Vec<Piece<'_>> {
    let lead = s.len() - s.trim_start_matches(' ').len();
    let trail = s.len() - s.trim_end_matches(' ').len();
    let tail_from = s.len() - trail;
    let mut out = Vec::new();
    let mut start = 0;
    for (i, c) in s.char_indices() {
        let edge_space = c == ' ' && (i < lead || i >= tail_from);
        if c.is_control() || is_invisible(c) || edge_space {
            if start < i {
                out.push(Piece::Plain(&s[start..i]));
            }
            out.push(Piece::Escaped(c));
            start = i + c.len_utf8();
        }
    }
    if start < s.len() {
        out.push(Piece::Plain(&s[start..]));
    }
    out
}

/// `s` with every code point to escape written as `\u{…}`: one line of inert text.
pub fn visible(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for piece in pieces(s) {
        piece.push_to(&mut out);
    }
    out
}

/// The first line of a (possibly multi-line) message, made visible: what a report shows of a
/// skip reason or an error.
pub fn first_line(message: &str) -> String {
    visible(message.lines().next().unwrap_or(""))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn edge_spaces_controls_and_invisible_code_points_are_escaped_inner_spaces_are_not() {
        assert_eq!(visible(" http://a b "), "\\u{20}http://a b\\u{20}");
        assert_eq!(visible("a\tb\u{200b}c\u{202e}"), "a\\u{9}b\\u{200b}c\\u{202e}");
        assert_eq!(visible("\u{feff}x\u{ffff}"), "\\u{feff}x\\u{ffff}");
        assert_eq!(visible("a\u{2028}b\u{2029}"), "a\\u{2028}b\\u{2029}");
        assert_eq!(visible("a\u{e0041}"), "a\\u{e0041}");
        assert_eq!(visible("  "), "\\u{20}\\u{20}");
        assert_eq!(visible("é中"), "é中");
        assert_eq!(visible("a\u{fffd}b"), "a\\u{fffd}b");
        assert_eq!(first_line("one\ttwo\nthree"), "one\\u{9}two");
    }

    #[test]
    fn pieces_keep_plain_runs_whole() {
        assert_eq!(
            pieces("ab\u{0}cd"),
            [Piece::Plain("ab"), Piece::Escaped('\0'), Piece::Plain("cd")]
        );
    }
}
