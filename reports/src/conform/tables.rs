//! Tables that more than one format shows, each built once as a [`Table`] and rendered by
//! each report in its format: a conform report's matrix (the matrix file, Markdown, HTML, the
//! dashboard), ledgered divergences by class, divergences, oracles, suites and adapter rules,
//! and the oracles of a findings file.

use super::classes::{classes_of, ledgered_by_class, shown_fields};
use super::text::cell_text;
use crate::plain::{first_line, fit};
use crate::table::{Cell, Span, Table};
use urldiff_conform::report::{ConformReport, Divergence};
use urldiff_oracles::CaseKind;
use urldiff_triage::findings::Findings;

/// The suites of a conform run: name, cases, truth, data revision.
pub fn suites(report: &ConformReport) -> Table {
    let mut t = Table::new(&["suite", "cases", "truth", "data"]).right_aligned(&[1]);
    for s in &report.suites {
        t.row(vec![
            Cell::code(&s.name),
            Cell::number(s.cases),
            Cell::text(&s.truth),
            Cell::text(&s.revision),
        ]);
    }
    t
}

/// What each adapter does to its parser's answers.
pub fn adapter_rules(report: &ConformReport) -> Table {
    let mut t = Table::new(&["rule", "fields", "what"]);
    for r in &report.adapter_rules {
        t.row(vec![
            Cell::code(format!("{}/{}", r.oracle, r.name)),
            Cell::text(r.fields.join(", ")),
            Cell::text(&r.what),
        ]);
    }
    t
}

/// The oracles of a triage run with their exact versions, then those skipped and why.
pub fn findings_oracles(findings: &Findings) -> Table {
    let mut t = Table::new(&["oracle", "kind", "model", "version"]);
    for o in &findings.oracles {
        t.row(vec![
            Cell::code(&o.name),
            Cell::text(o.kind.name()),
            Cell::text(crate::plain::model_name(o.model)),
            Cell::text(&o.version),
        ]);
    }
    for s in &findings.skipped_oracles {
        t.row(vec![
            Cell::code(&s.name),
            Cell::text("skipped"),
            Cell::default(),
            Cell::text(crate::hostile::first_line(&s.reason)),
        ]);
    }
    t
}

/// How many columns a class label takes in the divergence table before it is cut.
const CLASS_LABEL_WIDTH: usize = 70;

/// The whole matrix: oracles down, suites across, `passed/failed/ledgered/no-opinion` cells.
pub fn matrix(report: &ConformReport) -> Table {
    let titles = report.suites.iter().map(|s| Cell::code(&s.name));
    let mut t = Table::with_columns(std::iter::once(Cell::text("oracle")).chain(titles))
        .right_aligned(&(1..=report.suites.len()).collect::<Vec<_>>());
    for o in &report.oracles {
        let mut row = vec![Cell::code(&o.info.name)];
        row.extend(report.suites.iter().map(|s| {
            let text = cell_text(report, &o.info.name, &s.name);
            let muted = text == "(truth)" || text == "skipped";
            let cell = Cell::text(text);
            if muted {
                cell.styled("truth")
            } else {
                cell
            }
        }));
        t.row(row);
    }
    t
}

/// Every differing field of a divergence, with both values.
pub fn field_diffs(d: &Divergence) -> Vec<Span> {
    shown_fields(d)
        .into_iter()
        .map(|f| Span::FieldDiff {
            field: f.field.name().to_owned(),
            grade: f.grade.name().to_owned(),
            truth: f.truth.clone(),
            got: f.got.clone(),
        })
        .collect()
}

/// The case of a divergence: its input, its base and what a setter case sets.
pub fn case(d: &Divergence) -> Cell {
    let mut spans = vec![Span::Input(d.case.input.clone())];
    if let Some(base) = &d.case.base {
        spans.extend([Span::Break, Span::Text("against ".into()), Span::Base(base.clone())]);
    }
    match &d.case.kind {
        CaseKind::Parse => {}
        CaseKind::Setter { property, value } => spans.extend([
            Span::Break,
            Span::Text(format!("set {property} to ")),
            Span::Code(value.clone()),
        ]),
        other => spans.extend([Span::Break, Span::Text(format!("{:?}", other.tag()))]),
    }
    Cell::new(spans)
}

/// The ledgered divergences by class and severity, each class with an example.
pub fn ledgered_classes(report: &ConformReport) -> Table {
    let titles = ["severity", "count", "oracles", "fields", "class", "example"];
    let mut t = Table::new(&titles).right_aligned(&[1]).with_id("class-table");
    for g in ledgered_by_class(report) {
        let oracles = g.oracles.iter().map(|o| Cell::code(*o));
        let fields: Vec<&str> = g.fields.iter().map(|f| f.name()).collect();
        let e = g.example;
        let mut example = Cell::new(vec![
            Span::Code(e.oracle.clone()),
            Span::Text(" in ".into()),
            Span::Code(e.suite.clone()),
            Span::Text(": ".into()),
        ]);
        example.spans.extend(case(e).spans);
        example.spans.push(Span::Break);
        example.spans.extend(field_diffs(e));
        t.row(vec![
            Cell::severity(g.severity),
            Cell::number(g.members.len()),
            Cell::joined(oracles, ", "),
            Cell::text(fields.join(", ")),
            Cell::new(vec![Span::Class(g.class.clone())]).styled("class-label"),
            example,
        ]);
    }
    t
}

/// Divergences, one row each (`divergence-N` in the order given, filtered on a page): the
/// status (a ledgered one's reason on hover), the case, the differing fields and the classes.
pub fn divergences<'a>(divergences: impl IntoIterator<Item = &'a Divergence>) -> Table {
    let titles = ["severity", "status", "oracle", "suite", "case", "differing fields", "class"];
    let styles = [
        Some("c-sev"),
        Some("c-status"),
        Some("c-oracle"),
        Some("c-suite"),
        Some("c-case"),
        None,
        Some("c-class"),
    ];
    let mut t = Table::new(&titles).column_styles(&styles).with_id("divergences");
    for (n, d) in divergences.into_iter().enumerate() {
        let (status, style) = match d.ledgered {
            Some(_) => ("ledgered", "status-ledgered"),
            None => ("unexpected", "status-unexpected"),
        };
        let mut status = Cell::text(status).styled(style);
        status.title = d.ledgered.clone();
        let labels = classes_of(d)
            .into_iter()
            .map(|c| Cell::text(fit(&c.label, CLASS_LABEL_WIDTH)))
            .collect::<Vec<_>>();
        let mut classes = Cell::default();
        for (i, label) in labels.into_iter().enumerate() {
            if i > 0 {
                classes.spans.push(Span::Break);
            }
            classes.spans.extend(label.spans);
        }
        t.row_with_id(
            format!("divergence-{}", n + 1),
            true,
            vec![
                Cell::severity(d.severity),
                status,
                Cell::text(&d.oracle).styled("nowrap"),
                Cell::text(&d.suite).styled("nowrap"),
                case(d),
                Cell::new(field_diffs(d)),
                classes.styled("class-cell"),
            ],
        );
    }
    t
}

/// The oracles of a run: kind, version, time or why skipped, lost answers.
pub fn oracles(report: &ConformReport) -> Table {
    let titles = ["oracle", "kind", "version", "status", "crashed", "timed out"];
    let mut t = Table::new(&titles).right_aligned(&[4, 5]);
    for o in &report.oracles {
        let status = match &o.skipped {
            Some(reason) => format!("skipped: {}", first_line(reason)),
            None => format!("{:.2} s", o.seconds),
        };
        t.row(vec![
            Cell::code(&o.info.name),
            Cell::text(o.info.kind.name()),
            Cell::text(&o.info.version),
            Cell::text(status),
            Cell::number(o.crashed),
            Cell::number(o.timed_out),
        ]);
    }
    t
}

/// The whole matrix as an aligned text table: oracles down, suites across.
pub fn matrix_table(report: &ConformReport) -> String {
    matrix(report).terminal(usize::MAX)
}
