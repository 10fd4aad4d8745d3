//! Inline diffs of field values, made with the `similar` crate at character level and rendered
//! on the server as `<del>` (the truth's characters) and `<ins>` (the oracle's), every piece
//! escaped by [`super::escape::text`].

use super::escape::text;
use similar::{ChangeTag, TextDiff};
use urldiff_compare::project::Projected;

/// Below this similarity the two values are shown whole (deleted, then inserted): a
/// character-level diff of unrelated strings is noise.
const MIN_RATIO: f32 = 0.5;

/// A value as shown when it is not diffed: the text, `(undefined)`, or `""|undef`.
pub fn whole(value: &Projected) -> String {
    match value {
        Projected::Defined(s) if s.is_empty() => "<span class=\"empty\">(empty)</span>".into(),
        Projected::Defined(s) => text(s),
        Projected::Undefined => "<span class=\"undef\">(undefined)</span>".into(),
        Projected::EmptyOrUndefined => "<span class=\"undef\">\"\"|undef</span>".into(),
    }
}

/// The inline diff of `truth` against `got`, as HTML.
pub fn inline(truth: &Projected, got: &Projected) -> String {
    let (Projected::Defined(a), Projected::Defined(b)) = (truth, got) else {
        return format!("<del>{}</del><ins>{}</ins>", whole(truth), whole(got));
    };
    if a.is_empty() || b.is_empty() {
        return format!("<del>{}</del><ins>{}</ins>", whole(truth), whole(got));
    }
    let diff = TextDiff::from_chars(a.as_str(), b.as_str());
    if diff.ratio() < MIN_RATIO {
        return format!("<del>{}</del><ins>{}</ins>", whole(truth), whole(got));
    }
    let mut out = String::new();
    let mut run: Option<(ChangeTag, String)> = None;
    for change in diff.iter_all_changes() {
        let tag = change.tag();
        match &mut run {
            Some((t, s)) if *t == tag => s.push_str(change.value()),
            _ => {
                if let Some((t, s)) = run.take() {
                    push_run(&mut out, t, &s);
                }
                run = Some((tag, change.value().to_owned()));
            }
        }
    }
    if let Some((t, s)) = run {
        push_run(&mut out, t, &s);
    }
    out
}

fn push_run(out: &mut String, tag: ChangeTag, s: &str) {
    let (open, close) = match tag {
        ChangeTag::Equal => ("", ""),
        ChangeTag::Delete => ("<del>", "</del>"),
        ChangeTag::Insert => ("<ins>", "</ins>"),
    };
    out.push_str(open);
    out.push_str(&text(s));
    out.push_str(close);
}

/// Fields whose values are long and mostly alike (a path, a query, a fragment): a character
/// diff shows where they part. Any other field (a host, a port, a scheme) is shown whole: a
/// character diff of `127.0.0.1` against `0x7f.1` mixes the two into neither.
const CHARACTER_DIFF_FIELDS: [&str; 6] = ["pathname", "search", "hash", "path", "query", "fragment"];

/// One value group's value of `field` beside the baseline's `truth`: a character diff for
/// the fields of [`CHARACTER_DIFF_FIELDS`], else the whole value.
pub fn value(field: &str, truth: &Projected, got: &Projected) -> maud::Markup {
    let html = if CHARACTER_DIFF_FIELDS.contains(&field) {
        inline(truth, got)
    } else {
        format!("<span class=\"other\">{}</span>", whole(got))
    };
    maud::PreEscaped(html)
}
