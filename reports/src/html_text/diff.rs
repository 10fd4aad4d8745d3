//! Diffs of field values, made with the `similar` crate at character level: as HTML for the
//! conform report ([`inline`]: `<del>` the truth's characters, `<ins>` the oracle's, every
//! piece through [`Visible`]; a maud template), and as [`Segment`]s, data for the findings
//! page's script ([`value`]: a character diff only for the fields of
//! [`character_diff_field`], any other value whole).

use crate::html_text::Visible;
use maud::{html, Markup};
use similar::{ChangeTag, TextDiff};
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
    let diff = TextDiff::from_chars(a.as_str(), b.as_str());
    if diff.ratio() < MIN_RATIO {
        return whole_pair;
    }
    let mut runs: Vec<(ChangeTag, String)> = Vec::new();
    for change in diff.iter_all_changes() {
        match runs.last_mut() {
            Some((tag, s)) if *tag == change.tag() => s.push_str(change.value()),
            _ => runs.push((change.tag(), change.value().to_owned())),
        }
    }
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
    let diff = TextDiff::from_chars(a.as_str(), b.as_str());
    let diffable = character_diff_field(field) && !a.is_empty() && !b.is_empty();
    if !diffable || diff.ratio() < MIN_RATIO {
        return whole_segments(got);
    }
    let mut out: Vec<Segment> = Vec::new();
    for change in diff.iter_all_changes() {
        let mark = match change.tag() {
            ChangeTag::Equal => SegmentMark::Same,
            ChangeTag::Delete => SegmentMark::Deleted,
            ChangeTag::Insert => SegmentMark::Inserted,
        };
        match out.last_mut() {
            Some(Segment(m, s)) if *m == mark => s.push_str(change.value()),
            _ => out.push(Segment(mark, change.value().to_owned())),
        }
    }
    for s in &mut out {
        s.1 = crate::hostile::visible(&s.1);
    }
    out
}
