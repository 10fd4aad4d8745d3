//! The opened part of each group of `findings.html`, as data: a JSON block the page's script
//! turns into elements when a group is first opened (`details.js`), so a page of a thousand
//! groups carries each group's details once, compactly, and builds only what is looked at.
//!
//! Every string is hostile text made visible here ([`crate::hostile::visible`]); the script
//! only places it with `textContent`, so the escaping policy stays in one place. Oracles are
//! numbers into [`GroupDetails::oracles`], the names said once.

use crate::findings::{baseline, baseline_first, shown_differences};
use crate::hostile::visible;
use crate::html_text::diff::{self, Segment};
use crate::page::index;
use serde::Serialize;
use urldiff_triage::findings::{Findings, Group};

/// Originals an opened group lists (the rest are in `findings.json`).
pub const ORIGINALS_SHOWN: usize = 2;

/// The differences an opened group shows: all but `href` when a component differs too (the
/// `href` repeats the components; `findings.json` keeps it).
fn shown(g: &Group) -> Vec<&urldiff_triage::findings::FieldDifference> {
    let all = shown_differences(g);
    let component = all.iter().any(|d| d.field != "href" && d.field != "outcome");
    all.into_iter().filter(|d| !(component && d.field == "href")).collect()
}

/// The details of every group, in the findings file's order (`group-N` is `groups[N - 1]`).
/// Positional (tuples, not objects) and with oracles and classes as numbers into their lists:
/// a thousand groups' details stay near half a megabyte.
#[derive(Debug, Serialize)]
pub struct GroupDetails {
    pub oracles: Vec<String>,
    /// Each class id with its anchor in the class table (`class-…`).
    pub classes: Vec<(String, String)>,
    pub groups: Vec<Details>,
}

/// One group's details: its differing fields (most severe first; [`shown`]), its classes (indices into
/// [`GroupDetails::classes`]), its validation errors, how its example was minimized
/// (`1-minimal, 34 oracle calls; from …`), its first originals (`case in source`), how many
/// cases it has, and its id.
#[derive(Debug, Serialize)]
pub struct Details(
    pub Vec<Field>,
    pub Vec<usize>,
    pub Vec<String>,
    pub String,
    pub Vec<String>,
    pub usize,
    pub String,
);

/// A differing field: its name, grade and severity, and its value groups, the baseline
/// first.
#[derive(Debug, Serialize)]
pub struct Field(pub String, pub String, pub &'static str, pub Vec<Value>);

/// A value group: its oracles (indices into [`GroupDetails::oracles`]) and its value, whole
/// or diffed against the baseline's ([`diff::value`]).
#[derive(Debug, Serialize)]
pub struct Value(pub Vec<usize>, pub Vec<Segment>);

/// A case as text: `"input"` or `"input" against "base"`, made visible.
pub fn case_text(input: &str, base: Option<&str>) -> String {
    match base {
        Some(base) => format!("{} against {}", visible(input), visible(base)),
        None => visible(input),
    }
}

impl GroupDetails {
    /// The details of every group of `findings`.
    pub fn of(findings: &Findings) -> GroupDetails {
        let mut names = Names {
            oracles: findings.oracles.iter().map(|o| o.name.clone()).collect(),
            classes: Vec::new(),
        };
        let groups = findings.groups.iter().map(|g| details(g, &mut names)).collect();
        GroupDetails {
            oracles: names.oracles.iter().map(|o| visible(o)).collect(),
            classes: names
                .classes
                .iter()
                .map(|c| (visible(c), format!("class-{}", crate::hostile::slug(c))))
                .collect(),
            groups,
        }
    }
}

/// The oracle and class names met so far, each numbered by its place.
struct Names {
    oracles: Vec<String>,
    classes: Vec<String>,
}

fn details(g: &Group, names: &mut Names) -> Details {
    let fields = shown(g)
        .into_iter()
        .map(|d| {
            let base = &d.groups[baseline(d)].value;
            let values = baseline_first(d)
                .into_iter()
                .map(|(i, v)| {
                    let value = if i == baseline(d) {
                        diff::whole_segments(&v.value)
                    } else {
                        diff::value(&d.field, base, &v.value)
                    };
                    Value(v.oracles.iter().map(|o| index(&mut names.oracles, o)).collect(), value)
                })
                .collect();
            Field(visible(&d.field), visible(&d.grade), d.severity.name(), values)
        })
        .collect();
    let e = &g.example;
    let minimal = if e.one_minimal { "1-minimal" } else { "not proven 1-minimal" };
    let originals = g.originals.iter().take(ORIGINALS_SHOWN);
    Details(
        fields,
        g.classes.iter().map(|c| index(&mut names.classes, c)).collect(),
        g.validation_errors.iter().map(|v| visible(v)).collect(),
        format!(
            "{minimal}, {} oracle calls; from {}",
            e.oracle_calls,
            case_text(&e.original.input, e.original.base.as_deref())
        ),
        originals
            .map(|o| {
                format!("{} in {}", case_text(&o.input, o.base.as_deref()), visible(&o.source))
            })
            .collect(),
        g.count,
        visible(&g.id),
    )
}
