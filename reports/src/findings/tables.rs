//! The tables of the findings reports, each built once ([`Table`]) and rendered by
//! `findings.md` ([`super::markdown`]) and `findings.html` ([`crate::findings::html`]): the
//! groups, each group's differing fields and every oracle's answer, the model differences and
//! the class table.

use super::{answer_errors, answer_text, baseline, root_cause_text};
use crate::hostile::slug;
use crate::table::ClassTag;
use crate::table::{Cell, Span, Table};
use urldiff_triage::findings::{ClassRow, Findings, Group};

/// A class as a link to its row of the class table.
fn class_ref(class: &str) -> Cell {
    Cell::link(class, format!("#class-{}", slug(class)))
}

/// A safe link (`label`), or the label and the address as text.
fn section_link(label: &str, url: &str) -> Vec<Span> {
    vec![Span::Link { text: label.to_owned(), href: url.to_owned() }]
}

/// The groups `rows` (numbered as in the findings): kind, severity, size, root cause, what is
/// known of it, classes and minimized example.
pub fn groups(rows: &[(usize, &Group)]) -> Table {
    let titles =
        ["#", "kind", "severity", "count", "root cause", "marks", "classes", "minimized example"];
    let mut t = Table::new(&titles).right_aligned(&[3]);
    for &(n, g) in rows {
        t.row(vec![
            Cell::link(n.to_string(), format!("#group-{n}")),
            Cell::text(g.kind.name()),
            Cell::severity(g.severity),
            Cell::number(g.count),
            Cell::text(root_cause_text(&g.root_cause)),
            Cell::text(super::status_text(g)),
            Cell::joined(g.classes.iter().map(|c| class_ref(c)), ", "),
            Cell::case(&g.example.input, g.example.base.as_deref()),
        ]);
    }
    t
}

/// Each differing field of a group: its groups of oracles, the baseline's first, with their
/// values (the field, grade and severity on its first row).
pub fn field_values(g: &Group) -> Table {
    let mut t = Table::new(&["field", "grade", "severity", "oracles", "value"]);
    for d in super::shown_differences(g) {
        let base = baseline(d);
        for (row, (i, v)) in super::baseline_first(d).into_iter().enumerate() {
            let mut oracles = Cell::joined(v.oracles.iter().map(Cell::code), ", ");
            if i == base {
                oracles = oracles.and(Span::Text(" (baseline)".into()));
            }
            let (field, grade, severity) = if row == 0 {
                (Cell::text(&d.field), Cell::text(&d.grade), Cell::severity(d.severity))
            } else {
                (Cell::default(), Cell::default(), Cell::default())
            };
            t.row(vec![field, grade, severity, oracles, Cell::code(v.value.display())]);
        }
    }
    t
}

/// Every oracle's answer to a group's example.
pub fn answers(g: &Group) -> Table {
    let mut t = Table::new(&["oracle", "outcome", "record or reason", "errors"]);
    for a in &g.answers {
        t.row(vec![
            Cell::code(&a.oracle),
            Cell::text(a.answer.outcome()),
            Cell::code(answer_text(&a.answer)),
            Cell::joined(answer_errors(&a.answer).iter().map(Cell::code), ", "),
        ]);
    }
    t
}

/// The model differences, counted per root cause, with the shortest case.
pub fn model_differences(findings: &Findings) -> Table {
    let titles =
        ["standards", "field", "class or documented rule", "cases", "implementations", "example"];
    let mut t = Table::new(&titles).right_aligned(&[3]);
    for m in &findings.model_differences {
        let rc = &m.root_cause;
        let standards: Vec<&str> = rc.standards.iter().map(|s| s.name()).collect();
        let documented = m.marks.iter().find_map(|mark| match mark {
            urldiff_triage::mark::Mark::Documented { rule, link, .. } => Some((rule, link)),
            _ => None,
        });
        let class = match documented {
            Some((rule, link)) => Cell::link(rule, link.clone()),
            None => class_ref(rc.class.as_deref().unwrap_or("unclassified")).styled("class-ref"),
        };
        t.row(vec![
            Cell::text(standards.join(" vs ")),
            Cell::text(rc.fields.join(", ")),
            class,
            Cell::number(m.cases),
            Cell::joined(m.libraries.iter().map(Cell::code), ", "),
            Cell::case(&m.example.input, m.example.base.as_deref()),
        ]);
    }
    t
}

/// The class table with a run's counts: each class (a filter link on a page) with its
/// explanation, the two standards' sections, validation errors and predicate; each row is
/// `class-…`, which the other tables link to.
pub fn classes(rows: &[ClassRow]) -> Table {
    let titles =
        ["class", "groups", "cases", "explanation", "sections", "validation errors", "when"];
    let mut t = Table::new(&titles).right_aligned(&[1, 2]).with_id("class-table");
    for c in rows {
        let mut sections = section_link("WHATWG", &c.whatwg);
        sections.push(Span::Break);
        sections.extend(section_link("RFC 3986", &c.rfc3986));
        t.row_with_id(
            format!("class-{}", slug(&c.id)),
            false,
            vec![
                Cell::new(vec![Span::Class(ClassTag::of(&c.id))]),
                Cell::number(c.groups),
                Cell::number(c.cases),
                Cell::new(vec![Span::Prose(c.explanation.clone())]),
                Cell::new(sections),
                Cell::joined(c.validation_errors.iter().map(Cell::code), ", "),
                Cell::new(vec![Span::Prose(c.predicate.clone())]).styled("predicate"),
            ],
        );
    }
    t
}
