//! Pieces shared by the plain-text reports (the matrix file, the terminal summaries): display
//! width, the default terminal width, fitting a line to a width, wrapping lines to a width,
//! control characters made visible, the record model's name.

use std::fmt::Write as _;
use unicode_width::UnicodeWidthStr as _;

/// The width of a terminal summary when the terminal's own is unknown.
pub const WIDTH: usize = 100;

/// The record model's name, as in JSON.
pub fn model_name(model: urldiff_oracles::RecordModel) -> &'static str {
    match model {
        urldiff_oracles::RecordModel::Whatwg => "whatwg",
        urldiff_oracles::RecordModel::Rfc => "rfc",
    }
}

/// Columns a string takes on a terminal.
pub fn width(s: &str) -> usize {
    // Printable ASCII takes a column a character.
    if crate::hostile::is_plain_ascii(s) {
        return s.len();
    }
    s.width()
}

/// Prose with code spans (a class's explanation: "a `\\`, which …") as pieces, each
/// `(is_code, text)`, read as CommonMark reads them: a run of N backticks opens a span that the
/// next run of exactly N closes (so ``` `` ` `` ``` is a span holding one backtick), and one space
/// at each end is stripped when both are there; a run that is never closed stays text.
/// Markdown and HTML render the pieces each in their own way.
pub fn code_spans(s: &str) -> Vec<(bool, std::borrow::Cow<'_, str>)> {
    let run_at = |i: usize| s[i..].bytes().take_while(|b| *b == b'`').count();
    let mut out: Vec<(bool, std::borrow::Cow<'_, str>)> = Vec::new();
    let (mut text_from, mut i) = (0, 0);
    while let Some(offset) = s[i..].find('`') {
        let open = i + offset;
        let n = run_at(open);
        let mut close = None;
        let mut j = open + n;
        while let Some(off) = s[j..].find('`') {
            let m = run_at(j + off);
            if m == n {
                close = Some(j + off);
                break;
            }
            j += off + m;
        }
        let Some(close) = close else {
            i = open + n;
            continue;
        };
        if text_from < open {
            out.push((false, s[text_from..open].into()));
        }
        let inner = &s[open + n..close];
        let stripped = match inner.strip_prefix(' ').and_then(|t| t.strip_suffix(' ')) {
            Some(t) if !t.trim().is_empty() => t,
            _ => inner,
        };
        out.push((true, stripped.into()));
        text_from = close + n;
        i = text_from;
    }
    if text_from < s.len() {
        out.push((false, s[text_from..].into()));
    }
    out
}

/// `s` as one line of inert text: [`crate::hostile::visible`], under the name the plain
/// reports use.
pub use crate::hostile::visible as one_line;

/// `s` cut to at most `max` columns, ending in `…` when cut.
pub fn fit(s: &str, max: usize) -> String {
    if max == usize::MAX || width(s) <= max {
        return s.to_owned();
    }
    let mut out = String::new();
    let mut used = 0;
    for c in s.chars() {
        let w = unicode_width::UnicodeWidthChar::width(c).unwrap_or(0);
        if used + w + 1 > max {
            break;
        }
        out.push(c);
        used += w;
    }
    out.push('…');
    out
}

/// Every line of `text` wrapped to `max_width`: broken at the last space that fits (else cut
/// mid-word), continuation lines indented by two spaces.
pub fn wrap_lines(text: &str, max_width: usize) -> String {
    let mut out = String::new();
    for line in text.lines() {
        let mut rest = line.trim_end();
        let mut indent = "";
        loop {
            let room = max_width.saturating_sub(indent.len());
            if width(rest) <= room {
                let _ = writeln!(out, "{indent}{rest}");
                break;
            }
            let cut = break_at(rest, room);
            let _ = writeln!(out, "{indent}{}", rest[..cut].trim_end());
            rest = rest[cut..].trim_start();
            indent = "  ";
        }
    }
    out
}

/// Where to break `line` so the first part fits `room` columns: after the last space that
/// fits, or at the last character that fits when no space does (always at least one).
fn break_at(line: &str, room: usize) -> usize {
    let mut used = 0;
    let mut fits = 0;
    let mut space = None;
    for (i, c) in line.char_indices() {
        used += width(c.encode_utf8(&mut [0; 4]));
        if used > room {
            break;
        }
        fits = i + c.len_utf8();
        if c == ' ' && i > 0 {
            space = Some(i + 1);
        }
    }
    space.unwrap_or(fits.max(line.chars().next().map_or(0, char::len_utf8)))
}

pub use crate::hostile::first_line;

/// `render` of `s` without its spaces at either end, which are put back as spaces.
pub fn with_edge_spaces(s: &str, render: impl Fn(&str) -> String) -> String {
    let inner = s.trim_matches(' ');
    if inner.is_empty() {
        return s.to_owned();
    }
    let lead = s.len() - s.trim_start_matches(' ').len();
    let trail = s.len() - s.trim_end_matches(' ').len();
    format!("{}{}{}", " ".repeat(lead), render(inner), " ".repeat(trail))
}

#[cfg(test)]
mod tests {
    use super::code_spans;

    #[test]
    fn printable_ascii_is_as_wide_as_unicode_width_says() {
        use unicode_width::UnicodeWidthStr as _;
        let printable: String = (b' '..=b'~').map(char::from).collect();
        for (i, _) in printable.char_indices() {
            let s = &printable[i..];
            assert_eq!(super::width(s), s.width(), "{s:?}");
        }
    }

    fn spans(s: &str) -> Vec<(bool, String)> {
        code_spans(s).into_iter().map(|(c, p)| (c, p.into_owned())).collect()
    }

    #[test]
    fn code_spans_pair_backticks_and_leave_an_unpaired_one_as_text() {
        let t = |s: &str| (false, s.to_owned());
        let c = |s: &str| (true, s.to_owned());
        assert_eq!(spans("a `\\` b"), [t("a "), c("\\"), t(" b")]);
        assert_eq!(spans("x `y` z `w"), [t("x "), c("y"), t(" z `w")]);
        assert_eq!(spans("plain"), [t("plain")]);
    }

    #[test]
    fn a_double_backtick_span_holds_a_backtick_as_commonmark_reads_it() {
        // CommonMark 0.31, section 6.1 (code spans): "`` ` ``" is a code span holding "`".
        let t = |s: &str| (false, s.to_owned());
        let c = |s: &str| (true, s.to_owned());
        assert_eq!(
            spans("`<`, `` ` ``, `{`, `}`"),
            [c("<"), t(", "), c("`"), t(", "), c("{"), t(", "), c("}")]
        );
        assert_eq!(spans("`  `"), [c("  ")]);
    }
}
