//! Groups of one cause that the key still splits, joined by a rule over the finished groups.
//!
//! Where a library fails and the reference parses, the step of the key comes from deletion
//! (which code point's absence ends the failure), and one behaviour can land at two steps:
//! rust-url fails on `///a` and on `///a/` against a special base, and deletion picks the
//! special authority ignore slashes state for one and the path start state for the other.
//!
//! **The rule.** Two conformance groups of one library are one cause when each one's example
//! reproduces the other's difference, that is, shows the same one of:
//! 1. the library fails, with the same reason (the input, or a component of it standing as a
//!    word, that it quotes left out) and validation errors, where its standard's reference
//!    parses (rust-url's "empty host" above);
//! 2. the reference fails, with the same reason, where the library parses (the reason names
//!    the standard's rule and position: RFC 3986's `segment-nz-nc at 0` for `>` and ` #`),
//!    whatever the reason when the library fails on no group's example at all (w3lib's
//!    `safe_url_string` rejects nothing: one cause);
//! 3. (RFC libraries) both parse, and the first component, in URL order, that the library
//!    reads otherwise (a scheme or host in another case is the same) has the same change: the
//!    two values less their common beginning and end
//!    (`(` read as `/(` and `a` as `/a`: a `/` put first), or absent against present (an
//!    absent and an empty userinfo, host, port, query or fragment are one; an absent and an
//!    empty authority are not; an empty authority not kept is one change, whatever stands in
//!    its place: none, or the base's). curl's path `/` for an empty one, in `http://example.com#` (keyed at §3.5, where
//!    the `#` sits) and `a://example.com` (§3.2), is one cause. A URL Standard library that
//!    parses is keyed by where the reference's run shows it depart, and is not joined by this
//!    rule (a host `example.com` left out is two causes in `/\` against `ssh://…` and before a
//!    drive letter);
//! 4. (URL Standard libraries) both parse, and the library read the same code point as the
//!    same delimiter at its departure ([`read_as`]): rust-url's `x://` for `\\` against
//!    `x://h/p` (relative state) and for `/\` against `x://h/p` (relative slash state) is the
//!    reference's answer to `//`: `\` read as `/` both times.
//!
//! The group kept is the one already settled (known, fixed, documented; not one known as
//! fixed in a later release, whose link says nothing of the groups joined to it), else one
//! not known as fixed later, else the largest, else the least id; each other one is marked `same-cause` with the kept group's id and
//! example ([`crate::mark::Mark::SameCause`]) and is no draft.
//!
//! The rule reads only the finished groups (their examples and answers), never the order they
//! were found in, so it is applied to the whole set: at the end of a run, and again after
//! findings files merge (each file's `same-cause` marks are dropped first), which keeps "N
//! shards merged are one run".
//!
//! How it can fail: a library whose failure reason is one text for every failure (Ruby's
//! `URI::InvalidURIError`) joins failures of different causes; two bugs making the same change
//! to the same component are joined; one bug leaving values read from the input (a host `%11`
//! where RFC 2396 reads none, a host `!`) is joined only as absent against present.

use crate::findings::Group;
use crate::mark::Mark;
use crate::rootcause::FindingKind;
use std::collections::BTreeMap;
use urldiff_oracles::Answer;

/// What a group's example shows of its library's failure: (library, reason, errors), when
/// the library fails and the reference (the `expected` answer) parses.
fn failure_of(g: &Group) -> Option<(String, String, Vec<String>)> {
    if g.kind != FindingKind::Conformance {
        return None;
    }
    let library = g.root_cause.library.clone()?;
    let expected = g.expected.as_ref()?;
    if !matches!(expected.answer, Answer::Parsed { .. }) {
        return None;
    }
    let answer = &g.answers.iter().find(|a| a.oracle == library)?.answer;
    match answer {
        Answer::Failure { reason, errors } => {
            Some((library, without_quoted_input(reason, &g.example.input), errors.clone()))
        }
        _ => None,
    }
}

/// `reason` without what it quotes of `input`: the whole input (`bad URI(absolute but no
/// path): a://`), or one of its components standing as a word of its own (Ruby's `does not
/// accept registry part: @ (or bad hostname?)` and `…: : (or …` are one reason; the `:` of
/// `part:` is no quotation). Longer components first.
pub(crate) fn without_quoted_input(reason: &str, input: &str) -> String {
    if input.is_empty() {
        return reason.to_owned();
    }
    let mut reason = reason.replace(input, "<input>");
    let spans = urldiff_parser::rfc3986::split_spans(input);
    let mut parts: Vec<&str> = [spans.authority, Some(spans.path), spans.query, spans.fragment]
        .into_iter()
        .flatten()
        .map(|r| &input[r])
        .filter(|p| !p.is_empty())
        .collect();
    parts.sort_by_key(|p| std::cmp::Reverse(p.len()));
    let apart = |c: Option<char>| c.is_none_or(|c| c.is_whitespace() || "\"'`()[],".contains(c));
    for part in parts {
        let mut out = String::with_capacity(reason.len());
        let mut rest = reason.as_str();
        while let Some(at) = rest.find(part) {
            let (before, after) =
                (rest[..at].chars().next_back(), rest[at + part.len()..].chars().next());
            out.push_str(&rest[..at]);
            let whole = apart(before) && apart(after);
            out.push_str(if whole { "<part>" } else { part });
            rest = &rest[at + part.len()..];
        }
        out.push_str(rest);
        reason = out;
    }
    reason
}

/// The components compared, in URL order (an RFC record's, a URL Standard record's).
const RFC_FIELDS: [&str; 8] =
    ["scheme", "authority", "userinfo", "host", "port", "path", "query", "fragment"];
const WHATWG_FIELDS: [&str; 8] =
    ["protocol", "username", "password", "hostname", "port", "pathname", "search", "hash"];

/// What a group's example shows where the library and the reference both parse: the first
/// component (URL order) they read apart, with the reference's and the library's values
/// (see [`edit`]), as (library, component,
/// expected, actual).
pub fn parsed_difference(g: &Group) -> Option<(String, String, String, String)> {
    if g.kind != FindingKind::Conformance {
        return None;
    }
    // A URL Standard library that parses is keyed where the reference's run shows it depart:
    // not joined (a host `example.com` left out is two causes in `/\` against `ssh://…` and
    // in `file://example.com/a:`).
    if g.root_cause.standards.first() == Some(&urldiff_oracles::Standard::Whatwg) {
        return None;
    }
    let library = g.root_cause.library.clone()?;
    let expected = match &g.expected.as_ref()?.answer {
        Answer::Parsed { record, .. } => serde_json::to_value(record).ok()?,
        _ => return None,
    };
    let actual = match &g.answers.iter().find(|a| a.oracle == library)?.answer {
        Answer::Parsed { record, .. } => serde_json::to_value(record).ok()?,
        _ => return None,
    };
    let fields: &[&str] =
        if expected.get("pathname").is_some() { &WHATWG_FIELDS } else { &RFC_FIELDS };
    // An absent userinfo, host, port, query or fragment reads as an empty one (`urlsplit`'s
    // `hostname` and alike cannot tell them apart, as the parts of a case are read); an
    // absent authority is not an empty one (`file:/` and `file:///`).
    const EMPTY_IS_ABSENT: [&str; 5] = ["userinfo", "host", "port", "query", "fragment"];
    let text = |v: &serde_json::Value, f: &str| match v.get(f) {
        Some(serde_json::Value::String(s)) if !s.is_empty() || !EMPTY_IS_ABSENT.contains(&f) => {
            Some(s.clone())
        }
        _ => None,
    };
    // A scheme or host in another case is the same (RFC 3986 section 6.2.2.1).
    let same = |f: &str, e: &Option<String>, a: &Option<String>| match (e, a) {
        (Some(e), Some(a)) if ["scheme", "host"].contains(&f) => e.eq_ignore_ascii_case(a),
        _ => e == a,
    };
    fields.iter().find_map(|f| {
        let (e, a) = (text(&expected, f), text(&actual, f));
        (!same(f, &e, &a)).then(|| {
            // An empty authority not kept is one change whatever stands in its place: none
            // (`a:///` read as `a:/`) or the base's (`///` against `file://example.com`).
            if *f == "authority" && e.as_deref() == Some("") {
                return (
                    library.clone(),
                    (*f).to_owned(),
                    "\"\"".to_owned(),
                    "(not kept)".to_owned(),
                );
            }
            let (e, a) = edit(e.as_deref(), a.as_deref());
            (library.clone(), (*f).to_owned(), e, a)
        })
    })
}

/// What a library's value changes of the reference's, without what they share: the two
/// values less their common beginning and end (`(` and `/(`: `""` and `"/"`), or that one is
/// absent. So the change, not the input it was made on, is compared.
fn edit(expected: Option<&str>, actual: Option<&str>) -> (String, String) {
    let (Some(e), Some(a)) = (expected, actual) else {
        let side = |v: Option<&str>| if v.is_some() { "(present)" } else { "(absent)" };
        return (side(expected).to_owned(), side(actual).to_owned());
    };
    let (e, a): (Vec<char>, Vec<char>) = (e.chars().collect(), a.chars().collect());
    let prefix = e.iter().zip(&a).take_while(|(x, y)| x == y).count();
    let (e_rest, a_rest) = (&e[prefix..], &a[prefix..]);
    let suffix = e_rest.iter().rev().zip(a_rest.iter().rev()).take_while(|(x, y)| x == y).count();
    let middle = |v: &[char]| format!("{:?}", v[..v.len() - suffix].iter().collect::<String>());
    (middle(e_rest), middle(a_rest))
}

/// Where the reference fails and the library parses: the reference's failure reason (its
/// text names the rule and position the standard fails at), as (library, reason).
fn accepted_failure(g: &Group) -> Option<(String, String)> {
    if g.kind != FindingKind::Conformance {
        return None;
    }
    let library = g.root_cause.library.clone()?;
    let Answer::Failure { reason, .. } = &g.expected.as_ref()?.answer else { return None };
    let answer = &g.answers.iter().find(|a| a.oracle == library)?.answer;
    matches!(answer, Answer::Parsed { .. }).then(|| (library, reason.clone()))
}

/// Where a URL Standard library parses and departs from its reference, what it read the code
/// point at its departure as ([`crate::rootcause::departure::read_as`]): (library, `c`, `d`).
pub fn read_as(g: &Group) -> Option<(String, char, char)> {
    use crate::rootcause::departure::{departure, library_href, read_as};
    if g.kind != FindingKind::Conformance
        || g.root_cause.standards.first() != Some(&urldiff_oracles::Standard::Whatwg)
    {
        return None;
    }
    let library = g.root_cause.library.clone()?;
    let href = library_href(&g.answers.iter().find(|a| a.oracle == library)?.answer)?;
    let base = match g.example.base.as_deref() {
        Some(b) => Some(urldiff_parser::Url::parse(b, None).ok()?),
        None => None,
    };
    let input = (g.example.input.as_str(), base.as_ref());
    let trace = urldiff_parser::Url::trace_run(input.0, input.1);
    let (_, at) = departure(&trace, input, href)?;
    let (c, d, _) = read_as(input, at, href)?;
    Some((library, c, d))
}

/// The behaviour a group's example shows, for the rule: a failure with its reason and
/// errors, the first component read apart with both values, or a code point read as another.
fn behaviour(g: &Group) -> Option<Vec<String>> {
    if let Some((library, c, d)) = read_as(g) {
        let name = |c: char| format!("U+{:04X}", c as u32);
        return Some(vec![library, "reads".to_owned(), name(c), "as".to_owned(), name(d)]);
    }
    if let Some((library, reason, errors)) = failure_of(g) {
        let mut key = vec![library, "fails".to_owned(), reason];
        key.extend(errors);
        return Some(key);
    }
    if let Some((library, reason)) = accepted_failure(g) {
        return Some(vec![library, "accepts".to_owned(), reason]);
    }
    parsed_difference(g).map(|(library, field, e, a)| vec![library, field, e, a])
}

/// The libraries that fail on no group's example: each accepts whatever its standard
/// rejects, one cause however the standard words its failures.
fn never_failing(groups: &[Group]) -> std::collections::BTreeSet<String> {
    let library = |g: &Group| g.root_cause.library.clone();
    let fails = |g: &Group| {
        g.answers.iter().any(|a| {
            Some(&a.oracle) == g.root_cause.library.as_ref()
                && matches!(a.answer, Answer::Failure { .. })
        })
    };
    let conformance = || groups.iter().filter(|g| g.kind == FindingKind::Conformance);
    let failing: std::collections::BTreeSet<String> =
        conformance().filter(|g| fails(g)).filter_map(library).collect();
    conformance().filter_map(library).filter(|l| !failing.contains(l)).collect()
}

/// Mark every group of one cause but the kept one (see the module documentation); earlier
/// `same-cause` marks are dropped first.
pub fn mark(groups: &mut [Group]) {
    for g in groups.iter_mut() {
        g.marks.retain(|m| !matches!(m, Mark::SameCause { .. }));
    }
    let lenient = never_failing(groups);
    let mut classes: BTreeMap<Vec<String>, Vec<usize>> = BTreeMap::new();
    for (i, g) in groups.iter().enumerate() {
        if let Some(mut key) = behaviour(g) {
            if key.get(1).is_some_and(|k| k == "accepts") && lenient.contains(&key[0]) {
                key.truncate(2); // the library rejects nothing: one cause
            }
            classes.entry(key).or_default().push(i);
        }
    }
    for members in classes.into_values().filter(|m| m.len() > 1) {
        // A group known as fixed in a later release than the one run does not speak for the
        // groups the rule joins to it: theirs may be another behaviour that release still has
        // (ruby-uri's empty host, fixed in uri 0.12.0, joined as "authority left out" with
        // `//example.com` against `mailto:a@a`, which uri 1.1.1 still resolves to the base).
        let fixed_later = |i: usize| groups[i].known.as_ref().is_some_and(|k| k.fixed_in.is_some());
        let settled = |i: usize| !fixed_later(i) && groups[i].marks.iter().any(Mark::settles);
        let kept = *members
            .iter()
            .min_by(|&&a, &&b| {
                let order = |i: usize| {
                    (!settled(i), fixed_later(i), std::cmp::Reverse(groups[i].count), &groups[i].id)
                };
                order(a).cmp(&order(b))
            })
            .expect("two or more");
        let (id, example) = (groups[kept].id.clone(), groups[kept].example.clone());
        for &i in members.iter().filter(|&&i| i != kept) {
            groups[i].marks.push(Mark::SameCause {
                group: id.clone(),
                input: example.input.clone(),
                base: example.base.clone(),
            });
        }
    }
    for g in groups.iter_mut() {
        g.marks = crate::mark::with_new(std::mem::take(&mut g.marks));
    }
}

#[cfg(test)]
mod quoted_tests {
    use super::without_quoted_input;

    /// Ruby's RFC2396_Parser quotes the registry part it refuses; Go quotes the whole input.
    #[test]
    fn a_reason_is_read_without_what_it_quotes_of_the_input() {
        let ruby = |part: &str| {
            format!("URI::InvalidURIError: the scheme a does not accept registry part: {part} (or bad hostname?)")
        };
        assert_eq!(
            without_quoted_input(&ruby("@"), "a://@/"),
            without_quoted_input(&ruby(":"), "a://:")
        );
        let go = "parse \"a://%zz\": invalid URL escape \"%zz\"";
        assert_eq!(
            without_quoted_input(go, "a://%zz"),
            "parse \"<input>\": invalid URL escape \"<part>\""
        );
        // A component inside a word is no quotation.
        assert_eq!(without_quoted_input("bad scheme name", "b:x"), "bad scheme name");
    }
}
