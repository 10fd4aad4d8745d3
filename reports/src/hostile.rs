//! Hostile text (an input, a base, an oracle's answer or name) as every report shows it: the
//! one policy for terminal, Markdown and HTML. A code point a reader could not see or that would
//! change what they see is written as a `\u{…}` escape:
//!
//! - control characters, C0 and C1 (they move a terminal's cursor; an HTML page cannot carry
//!   NUL);
//! - every code point a reader cannot see or tell from another ([`is_invisible`]), by its
//!   Unicode properties, not by a list of examples: format characters (General_Category Cf:
//!   bidi marks, zero-width characters, the BOM, U+00AD, U+061C, U+180E, the tag characters),
//!   Bidi_Control, Default_Ignorable_Code_Point (U+034F, U+115F, U+3164, variation selectors
//!   U+FE0F and U+E0100, …), the line and paragraph separators (Zl, Zp), every space but
//!   U+0020 (Zs: U+00A0 reads as a space), private-use and unassigned code points (Co, Cn: no
//!   font draws them), noncharacters, so an input cannot disguise itself;
//! - code points assigned after Unicode 14.0 (`urldiff_triage::classify::version_sensitive`,
//!   from DerivedAge.txt): our data knows them, but the reader's font, terminal and tools
//!   (CPython 3.11 has Unicode 14.0, 3.13 has 15.1) may still take them for unassigned;
//! - U+FFFD, which a reader takes for a font's missing glyph and a decoder writes for bytes
//!   that were not UTF-8 (a lone surrogate, a fuzzer's raw bytes): written as its escape, the
//!   reader knows the input holds that code point;
//! - spaces at the start or the end (` http://a` is another input than `http://a`, and every
//!   renderer trims or collapses them). Tabs and newlines are controls already.
//!
//! [`pieces`] splits a string into what is shown as is and what is escaped; each format marks
//! the escapes its own way (plain: as is; HTML: a highlighted span) from the same pieces.
//! JUnit XML is written by the same policy, its lines kept ([`xml_safe`]: [`visible_lines`]).

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

/// Whether `c` is a code point a reader cannot see or tell from another (see the module
/// documentation), read from the Unicode Character Database (ICU4X's data, the Unicode
/// version our IDNA data has); controls are [`char::is_control`].
pub fn is_invisible(c: char) -> bool {
    use icu_properties::props::{
        BidiControl, DefaultIgnorableCodePoint, GeneralCategory, NoncharacterCodePoint,
    };
    use icu_properties::{CodePointMapData, CodePointSetData};
    if c.is_ascii() && !c.is_ascii_control() {
        return false;
    }
    let category = CodePointMapData::<GeneralCategory>::new().get(c);
    matches!(
        category,
        GeneralCategory::Control
            | GeneralCategory::Format
            | GeneralCategory::LineSeparator
            | GeneralCategory::ParagraphSeparator
            | GeneralCategory::SpaceSeparator
            | GeneralCategory::PrivateUse
            | GeneralCategory::Unassigned
            | GeneralCategory::Surrogate
    ) || c == '\u{fffd}'
        || CodePointSetData::new::<DefaultIgnorableCodePoint>().contains(c)
        || CodePointSetData::new::<BidiControl>().contains(c)
        || CodePointSetData::new::<NoncharacterCodePoint>().contains(c)
        || urldiff_triage::classify::version_sensitive(c).is_some()
}

/// A byte of printable ASCII (space to `~`): a character the policy never escapes, but for a
/// space at an end.
fn is_plain_ascii_byte(b: u8) -> bool {
    (b' '..=b'~').contains(&b)
}

/// Whether `s` is printable ASCII alone: then it is shown as is but for spaces at its ends
/// (the shortcut of the common case; every other string goes through [`pieces`]).
pub fn is_plain_ascii(s: &str) -> bool {
    s.bytes().all(is_plain_ascii_byte)
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
/// ```
/// use urldiff_reports::hostile::visible;
/// // A zero-width space (U+200B, a format character) and a right-to-left override (U+202E)
/// // cannot hide in a report; nor can spaces at the ends.
/// assert_eq!(visible("a\u{200b}b\u{202e}"), "a\\u{200b}b\\u{202e}");
/// assert_eq!(visible(" http://a "), "\\u{20}http://a\\u{20}");
/// assert_eq!(visible("http://exämple/"), "http://exämple/");
/// ```
pub fn visible(s: &str) -> String {
    if is_plain_ascii(s) && !s.starts_with(' ') && !s.ends_with(' ') {
        return s.to_owned();
    }
    let mut out = String::with_capacity(s.len());
    for piece in pieces(s) {
        piece.push_to(&mut out);
    }
    out
}

/// The code points [`is_invisible`] escapes, as inclusive ranges in code point order, the
/// surrogates among them (a browser's string can hold a lone one): what the live viewer's
/// script reads (`/assets/hidden.js`), so the browser escapes by this policy, not by a list of
/// its own.
pub fn escaped_ranges() -> Vec<(u32, u32)> {
    let mut ranges: Vec<(u32, u32)> = Vec::new();
    let mut add = |v: u32| match ranges.last_mut() {
        Some((_, last)) if *last + 1 == v => *last = v,
        _ => ranges.push((v, v)),
    };
    for v in 0..=char::MAX as u32 {
        match char::from_u32(v) {
            Some(c) if is_invisible(c) || c.is_control() => add(v),
            Some(_) => {}
            None => add(v), // a surrogate
        }
    }
    ranges
}

/// A message of several lines (an error with its causes) as inert text: each code point to
/// escape written as [`visible`] writes it, the newlines and each line's indentation kept (a
/// file name or an input in an error is hostile text too).
/// ```
/// use urldiff_reports::hostile::visible_lines;
/// assert_eq!(visible_lines("cannot read a\u{202e}b\n  cause"), "cannot read a\\u{202e}b\n  cause");
/// ```
pub fn visible_lines(s: &str) -> String {
    if s.bytes().all(|b| b == b'\n' || is_plain_ascii_byte(b)) {
        return s.to_owned();
    }
    let mut out = String::with_capacity(s.len());
    for (n, line) in s.split('\n').enumerate() {
        if n > 0 {
            out.push('\n');
        }
        for c in line.chars() {
            if c.is_control() || is_invisible(c) {
                Piece::Escaped(c).push_to(&mut out);
            } else {
                out.push(c);
            }
        }
    }
    out
}

/// `s` as JUnit XML carries it: this policy with its lines kept ([`visible_lines`]), which
/// also escapes everything XML 1.0 cannot carry, not even as a reference (the C0 controls,
/// U+FFFE, U+FFFF); the XML writer escapes the markup characters. A CI page shows a case name
/// or a diff as the other reports do: a bidi override or a zero-width space cannot hide there.
/// ```
/// use urldiff_reports::hostile::xml_safe;
/// assert_eq!(xml_safe("a\u{0}b\u{ffff}"), "a\\u{0}b\\u{ffff}");
/// assert_eq!(xml_safe("one\u{202e}two\nthree"), "one\\u{202e}two\nthree");
/// ```
pub fn xml_safe(s: &str) -> String {
    visible_lines(s)
}

/// The first line of a (possibly multi-line) message, made visible: what a report shows of a
/// skip reason or an error.
/// ```
/// // A skip reason of several lines shows its first, a tab in it escaped.
/// assert_eq!(urldiff_reports::hostile::first_line("one\ttwo\nthree"), "one\\u{9}two");
/// ```
pub fn first_line(message: &str) -> String {
    visible(message.lines().next().unwrap_or(""))
}

/// `s` made safe for an anchor id: ASCII letters, digits and `-` kept, anything else `-`.
pub fn slug(s: &str) -> String {
    s.chars().map(|c| if c.is_ascii_alphanumeric() || c == '-' { c } else { '-' }).collect()
}

/// `url` when it is an `https:` link made of characters that need no escaping anywhere (the
/// class table's spec links); `None` for anything else a hand-edited file might hold.
pub fn safe_link(url: &str) -> Option<&str> {
    let safe = url.starts_with("https://")
        && url.chars().all(|c| c.is_ascii_alphanumeric() || "-._~:/#?=&%+".contains(c));
    safe.then_some(url)
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

    /// Every class the policy names, with code points the Unicode Character Database gives
    /// that property (UnicodeData.txt, PropList.txt, DerivedCoreProperties.txt); none of them
    /// is in a hand list.
    #[test]
    fn every_class_of_unseen_code_point_is_escaped() {
        let classes: &[(&str, &[char])] = &[
            ("C0 control (Cc)", &['\u{0}', '\u{1b}', '\u{7f}']),
            ("C1 control (Cc)", &['\u{80}', '\u{85}', '\u{9b}', '\u{9f}']),
            (
                "format (Cf)",
                &[
                    '\u{ad}',
                    '\u{600}',
                    '\u{61c}',
                    '\u{180e}',
                    '\u{200b}',
                    '\u{2064}',
                    '\u{110bd}',
                    '\u{e0001}',
                ],
            ),
            ("Bidi_Control", &['\u{200e}', '\u{202a}', '\u{202e}', '\u{2066}', '\u{2069}']),
            (
                "Default_Ignorable_Code_Point",
                &[
                    '\u{34f}',
                    '\u{115f}',
                    '\u{1160}',
                    '\u{17b4}',
                    '\u{3164}',
                    '\u{fe00}',
                    '\u{fe0f}',
                    '\u{ffa0}',
                    '\u{1d173}',
                    '\u{e0100}',
                    '\u{e01ef}',
                ],
            ),
            ("line and paragraph separators (Zl, Zp)", &['\u{2028}', '\u{2029}']),
            (
                "spaces other than U+0020 (Zs)",
                &['\u{a0}', '\u{1680}', '\u{2000}', '\u{202f}', '\u{3000}'],
            ),
            ("private use (Co)", &['\u{e000}', '\u{f8ff}', '\u{f0000}', '\u{10fffd}']),
            ("unassigned (Cn)", &['\u{378}', '\u{2fffd}']),
            (
                "noncharacters",
                &['\u{fdd0}', '\u{fdef}', '\u{fffe}', '\u{ffff}', '\u{1fffe}', '\u{10ffff}'],
            ),
            ("replacement character", &['\u{fffd}']),
            (
                "assigned after Unicode 14.0 (DerivedAge.txt: 15.0, 15.1, 16.0, 17.0, 18.0)",
                &['\u{1fae8}', '\u{31350}', '\u{2ebf0}', '\u{1cc00}', '\u{3e8ac}'],
            ),
        ];
        for (class, chars) in classes {
            for &c in *chars {
                let shown = visible(&format!("a{c}b"));
                assert_eq!(
                    shown,
                    format!("a\\u{{{:x}}}b", c as u32),
                    "{class}: U+{:04X}",
                    c as u32
                );
            }
        }
        for seen in ["é", "中", "ｆ", "①", "。", "😀", "ß", "\u{301}x", "a b", "|"] {
            assert_eq!(visible(seen), seen, "a code point a reader sees is shown as is");
        }
    }

    /// The ranges hold exactly the code points the policy escapes, the surrogates too.
    #[test]
    fn escaped_ranges_are_the_policy() {
        let ranges = escaped_ranges();
        let inside = |v: u32| ranges.iter().any(|&(a, b)| a <= v && v <= b);
        for (v, escaped) in [(0, true), (0x41, false), (0xa0, true), (0xe9, false), (0x202e, true)]
        {
            assert_eq!(inside(v), escaped, "U+{v:04X}");
        }
        assert!(inside(0xd800) && inside(0xdfff), "surrogates");
        assert!(ranges.windows(2).all(|w| w[0].1 + 1 < w[1].0), "sorted, apart: {ranges:?}");
        let shown_as_escape = |c: char| pieces(&format!("a{c}b")).len() == 3;
        for v in (0..=0x10ffffu32).step_by(97).filter_map(char::from_u32) {
            assert_eq!(inside(v as u32), shown_as_escape(v), "U+{:04X}", v as u32);
        }
    }

    #[test]
    fn pieces_keep_plain_runs_whole() {
        assert_eq!(
            pieces("ab\u{0}cd"),
            [Piece::Plain("ab"), Piece::Escaped('\0'), Piece::Plain("cd")]
        );
    }

    /// `& < > " '` as HTML references.
    fn html_escape(s: &str) -> String {
        s.replace('&', "&amp;")
            .replace('<', "&lt;")
            .replace('>', "&gt;")
            .replace('"', "&quot;")
            .replace('\'', "&#39;")
    }

    /// The printable-ASCII shortcuts of `visible`, `visible_lines` and HTML's text give what
    /// the policy's pieces give, on every string of up to two ASCII characters and those
    /// between spaces, tabs and newlines.
    #[test]
    fn ascii_shortcuts_are_the_policy() {
        let by_pieces = |s: &str| {
            let mut out = String::new();
            pieces(s).iter().for_each(|p| p.push_to(&mut out));
            out
        };
        // Without spaces no edge space is escaped: each line as the pieces give it.
        let lines_by_pieces = |s: &str| s.split('\n').map(by_pieces).collect::<Vec<_>>().join("\n");
        let ascii = (0u8..0x80).map(char::from);
        let mut strings: Vec<String> = Vec::new();
        for a in ascii.clone() {
            for b in ascii.clone() {
                strings.push(format!("{a}{b}"));
            }
        }
        for edge in [" ", "\t", "\n"] {
            let more: Vec<String> = strings.iter().map(|s| format!("{edge}{s}{edge}")).collect();
            strings.extend(more);
        }
        let html_by_pieces = |s: &str| {
            let mut out = String::new();
            for piece in pieces(s) {
                match piece {
                    Piece::Plain(p) => out.push_str(&html_escape(p)),
                    escaped => {
                        out.push_str("<span class=\"ctl\">");
                        escaped.push_to(&mut out);
                        out.push_str("</span>");
                    }
                }
            }
            out
        };
        for s in &strings {
            assert_eq!(visible(s), by_pieces(s), "{s:?}");
            assert_eq!(crate::html_text::text(s), html_by_pieces(s), "{s:?}");
            if !s.contains(' ') {
                assert_eq!(visible_lines(s), lines_by_pieces(s), "{s:?}");
            }
        }
    }
}
