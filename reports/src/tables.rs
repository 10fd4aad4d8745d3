//! Tables that more than one format shows, each built once as a [`Table`] and rendered by
//! each report in its format: the suites and adapter rules of a conform report, and the oracles
//! of a findings file.

use crate::table::{Cell, Table};
use crate::ConformReport;
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
            Cell::text(crate::findings::model_name(o.model)),
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
