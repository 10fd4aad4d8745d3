//! Diffs of field values, made with the `similar` crate at character level: as HTML for the
//! conform report ([`inline`]: `<del>` the truth's characters, `<ins>` the oracle's, every
//! piece through [`Visible`]; a maud template), and as [`Segment`]s, data for the findings
//! page's script ([`value`]: a character diff only for the fields of
//! [`character_diff_field`], any other value whole).

use crate::html_text::Visible;
use maud::{html, Markup};
use similar::{capture_diff_slices, get_diff_ratio, Algorithm, ChangeTag, DiffTag};
use urldiff_compare::project::Projected;

/// Below this similarity the two values are shown whole (deleted, then inserted): a
/// character-level diff of unrelated strings is noise.
const MIN_RATIO: f32 = 0.5;

/// A value as shown when it is not diffed: the text, `(undefined)`, or `""|undef`.
pub fn whole(value: &Projected) -> Markup {
    html! {
        @match value {
            Projected::Defined(s) if s.is_empty() => { span.empty { "(empty)" } }
            Projected::Defined(s) => { (Visible(s)) }
            Projected::Undefined => { span.undef { "(undefined)" } }
            Projected::EmptyOrUndefined => { span.undef { "\"\"|undef" } }
        }
    }
}

/// The inline diff of `truth` against `got`, as HTML.
pub fn inline(truth: &Projected, got: &Projected) -> String {
    inline_markup(truth, got).into_string()
}

/// [`inline`] as markup: runs of shared, deleted and inserted characters, or both values
/// whole when one is not text or they have too little in common.
pub fn inline_markup(truth: &Projected, got: &Projected) -> Markup {
    let whole_pair = html! { del { (whole(truth)) } ins { (whole(got)) } };
    let (Projected::Defined(a), Projected::Defined(b)) = (truth, got) else { return whole_pair };
    if a.is_empty() || b.is_empty() {
        return whole_pair;
    }
    let Some(runs) = char_runs(a, b) else { return whole_pair };
    html! {
        @for (tag, s) in &runs {
            @match tag {
                ChangeTag::Equal => { (Visible(s)) }
                ChangeTag::Delete => { del { (Visible(s)) } }
                ChangeTag::Insert => { ins { (Visible(s)) } }
            }
        }
    }
}

/// The character diff of `a` against `b` (similar's Myers, as `TextDiff::from_chars` makes
/// it) as runs of shared and deleted text of `a` and inserted text of `b`, a run of one tag
/// as long as it goes (a replacement is its deletion, then its insertion, as
/// `iter_all_changes` gives them); `None` when the ratio of shared characters is below
/// [`MIN_RATIO`]. The diff is made over the characters themselves (over the bytes when both
/// are ASCII, where bytes are characters), not over one string slice per character, and the
/// runs are slices of the inputs: the same runs without an allocation per character
/// (`tests::char_runs_are_those_of_text_diff`).
pub fn char_runs<'s>(a: &'s str, b: &'s str) -> Option<Vec<(ChangeTag, &'s str)>> {
    // Most differing values are unrelated ("parsed" against "failure: …"): when even every
    // character they could share leaves the ratio low, no diff is made. The ratio of a diff
    // is never above this bound (`get_diff_ratio`: twice the equal characters over both
    // lengths), and f32 division keeps the order.
    let (a_len, b_len, shareable) = shareable_chars(a, b);
    if ratio_of(shareable, a_len + b_len) < MIN_RATIO {
        return None;
    }
    let (ops, a_at, b_at) = if a.is_ascii() && b.is_ascii() {
        let ops = capture_diff_slices(Algorithm::Myers, a.as_bytes(), b.as_bytes());
        (ops, None, None)
    } else {
        let (a_chars, b_chars): (Vec<char>, Vec<char>) = (a.chars().collect(), b.chars().collect());
        let ops = capture_diff_slices(Algorithm::Myers, &a_chars, &b_chars);
        (ops, Some(char_starts(a)), Some(char_starts(b)))
    };
    if get_diff_ratio(&ops, a_len, b_len) < MIN_RATIO {
        return None;
    }
    // Character index to byte offset: itself for ASCII.
    let byte = |at: &Option<Vec<usize>>, i: usize| at.as_ref().map_or(i, |at| at[i]);
    // (tag, byte range in its string): `a` for shared and deleted text, `b` for inserted.
    let mut runs: Vec<(ChangeTag, std::ops::Range<usize>)> = Vec::with_capacity(ops.len() + 1);
    let mut push = |tag: ChangeTag, range: std::ops::Range<usize>, at: &Option<Vec<usize>>| {
        let (start, end) = (byte(at, range.start), byte(at, range.end));
        match runs.last_mut() {
            // Changes of one tag in a row are next to each other in their string.
            Some((last, run)) if *last == tag => run.end = end,
            _ if start < end => runs.push((tag, start..end)),
            _ => {}
        }
    };
    for op in &ops {
        let (tag, old, new) = op.as_tag_tuple();
        match tag {
            DiffTag::Equal => push(ChangeTag::Equal, old, &a_at),
            DiffTag::Delete => push(ChangeTag::Delete, old, &a_at),
            DiffTag::Insert => push(ChangeTag::Insert, new, &b_at),
            DiffTag::Replace => {
                push(ChangeTag::Delete, old, &a_at);
                push(ChangeTag::Insert, new, &b_at);
            }
        }
    }
    let text = |tag: ChangeTag, range: std::ops::Range<usize>| match tag {
        ChangeTag::Insert => &b[range],
        ChangeTag::Equal | ChangeTag::Delete => &a[range],
    };
    Some(runs.into_iter().map(|(tag, range)| (tag, text(tag, range))).collect())
}

/// `get_diff_ratio`'s formula: twice `equal` characters over `len` in all.
fn ratio_of(equal: usize, len: usize) -> f32 {
    if len == 0 {
        1.0
    } else {
        2.0 * equal as f32 / len as f32
    }
}

/// The characters of `a` and of `b`, and at most how many of them a diff can find equal: for
/// each ASCII character the fewer of its two counts, and the fewer of the two strings'
/// counts of other characters.
fn shareable_chars(a: &str, b: &str) -> (usize, usize, usize) {
    let count = |s: &str| {
        let (mut ascii, mut others, mut chars) = ([0u32; 128], 0usize, 0usize);
        for c in s.chars() {
            chars += 1;
            match usize::try_from(u32::from(c)) {
                Ok(i) if i < 128 => ascii[i] += 1,
                _ => others += 1,
            }
        }
        (ascii, others, chars)
    };
    let ((a_ascii, a_others, a_len), (b_ascii, b_others, b_len)) = (count(a), count(b));
    let ascii: u32 = a_ascii.iter().zip(&b_ascii).map(|(x, y)| *x.min(y)).sum();
    (a_len, b_len, ascii as usize + a_others.min(b_others))
}

/// The byte offset of each character of `s`, and `s.len()` last.
fn char_starts(s: &str) -> Vec<usize> {
    s.char_indices().map(|(i, _)| i).chain(std::iter::once(s.len())).collect()
}

/// A piece of a shown value: how it is marked, and its text (made visible,
/// [`crate::hostile`]).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Segment(pub SegmentMark, pub String);

/// How a [`Segment`] is shown.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub enum SegmentMark {
    /// Text both values share, or a whole value.
    #[serde(rename = "=")]
    Same,
    /// The truth's characters only.
    #[serde(rename = "-")]
    Deleted,
    /// The oracle's characters only.
    #[serde(rename = "+")]
    Inserted,
    /// A stand-in for no text: `(empty)`, `(undefined)`, `""|undef`.
    #[serde(rename = "?")]
    Absent,
}

/// Fields whose values are long and mostly alike (a path, a query, a fragment): a character
/// diff shows where they part. Any other field (a host, a port, a scheme) is shown whole: a
/// character diff of `127.0.0.1` against `0x7f.1` mixes the two into neither.
pub fn character_diff_field(field: &str) -> bool {
    use urldiff_oracles::RfcField;
    use urldiff_parser::Attribute;
    let whatwg = [Attribute::Pathname, Attribute::Search, Attribute::Hash].map(Attribute::name);
    let rfc = [RfcField::Path, RfcField::Query, RfcField::Fragment].map(RfcField::name);
    whatwg.contains(&field) || rfc.contains(&field)
}

/// A value as segments, not diffed: its text, or the stand-in for an absent one.
pub fn whole_segments(value: &Projected) -> Vec<Segment> {
    let absent = |s: &str| vec![Segment(SegmentMark::Absent, s.to_owned())];
    match value {
        Projected::Defined(s) if s.is_empty() => absent("(empty)"),
        Projected::Defined(s) => vec![Segment(SegmentMark::Same, crate::hostile::visible(s))],
        Projected::Undefined => absent("(undefined)"),
        Projected::EmptyOrUndefined => absent("\"\"|undef"),
    }
}

/// One value group's value of `field` beside the baseline's `truth`: for the fields of
/// [`character_diff_field`], the character diff when both are non-empty and alike; else
/// the whole value.
pub fn value(field: &str, truth: &Projected, got: &Projected) -> Vec<Segment> {
    let (Projected::Defined(a), Projected::Defined(b)) = (truth, got) else {
        return whole_segments(got);
    };
    if !character_diff_field(field) || a.is_empty() || b.is_empty() {
        return whole_segments(got);
    }
    let Some(runs) = char_runs(a, b) else { return whole_segments(got) };
    runs.into_iter()
        .map(|(tag, s)| {
            let mark = match tag {
                ChangeTag::Equal => SegmentMark::Same,
                ChangeTag::Delete => SegmentMark::Deleted,
                ChangeTag::Insert => SegmentMark::Inserted,
            };
            Segment(mark, crate::hostile::visible(s))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::{char_runs, MIN_RATIO};
    use similar::{ChangeTag, TextDiff};

    /// The runs as `TextDiff::from_chars` and `iter_all_changes` give them (what
    /// [`char_runs`] replaced), or `None` below the ratio.
    fn text_diff_runs(a: &str, b: &str) -> Option<Vec<(ChangeTag, String)>> {
        let diff = TextDiff::from_chars(a, b);
        if diff.ratio() < MIN_RATIO {
            return None;
        }
        let mut runs: Vec<(ChangeTag, String)> = Vec::new();
        for change in diff.iter_all_changes() {
            match runs.last_mut() {
                Some((tag, s)) if *tag == change.tag() => s.push_str(change.value()),
                _ => runs.push((change.tag(), change.value().to_owned())),
            }
        }
        Some(runs)
    }

    /// A deterministic xorshift generator: the same pairs every run.
    struct Rng(u64);

    impl Rng {
        fn below(&mut self, n: usize) -> usize {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            (self.0 % n as u64) as usize
        }
    }

    /// A string of `len` characters from `alphabet`, and a copy of it with a few characters
    /// deleted, inserted or replaced (mostly alike, so most pairs are diffed).
    fn pair(rng: &mut Rng, alphabet: &[char], len: usize) -> (String, String) {
        let a: Vec<char> = (0..len).map(|_| alphabet[rng.below(alphabet.len())]).collect();
        let mut b = a.clone();
        for _ in 0..=rng.below(len / 4 + 2) {
            let at = rng.below(b.len() + 1);
            match rng.below(3) {
                0 if at < b.len() => drop(b.remove(at)),
                1 if at < b.len() => b[at] = alphabet[rng.below(alphabet.len())],
                _ => b.insert(at, alphabet[rng.below(alphabet.len())]),
            }
        }
        (a.into_iter().collect(), b.into_iter().collect())
    }

    #[test]
    fn char_runs_are_those_of_text_diff() {
        let ascii: Vec<char> = "ab/%2F?#.:c".chars().collect();
        let mixed: Vec<char> = "ab/é\u{200b}日\u{1f600}%x".chars().collect();
        let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
        let (mut diffed, mut whole) = (0, 0);
        for round in 0..4000 {
            let alphabet = if round % 2 == 0 { &ascii } else { &mixed };
            // Up to 240 characters: past 100, similar diffs the characters' ids instead.
            let len = 1 + rng.below(if round % 10 == 0 { 240 } else { 30 });
            let (a, b) = if round % 7 == 0 {
                let other = pair(&mut rng, alphabet, len).1;
                (pair(&mut rng, alphabet, len).0, other)
            } else {
                pair(&mut rng, alphabet, len)
            };
            let ours: Option<Vec<(ChangeTag, String)>> =
                char_runs(&a, &b).map(|r| r.into_iter().map(|(t, s)| (t, s.to_owned())).collect());
            assert_eq!(ours, text_diff_runs(&a, &b), "{a:?} against {b:?}");
            if ours.is_some() {
                diffed += 1;
            } else {
                whole += 1;
            }
        }
        // Both outcomes are exercised.
        assert!(diffed > 1000 && whole > 100, "{diffed} diffed, {whole} whole");
    }
}
