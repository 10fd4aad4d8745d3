//! The page's data for one input (`POST /api/view`): the `urldiff compare --json` object and,
//! made by the same code as `urldiff compare`'s table, what the table and the notes under it
//! show:
//!
//! - `compare`: exactly `urldiff compare --json`;
//! - `table`: `{"columns": [[oracle, …], …], "standards": [name, …], "rows": [{"label",
//!   "cells": [cell | null, …]}]}` (`standards`: the standard each column's oracles claim,
//!   `mixed` when they claim several; the page groups the columns by it),
//!   a cell `{"state": "defined" | "undefined" | "empty-or-undefined", "value", "shown",
//!   "differs"}` (`urldiff_reports::compare_view::table::grid`);
//! - `reference`: its validation errors `[{"name", "position", "href"}]` (`href`: the row of
//!   the standard's validation-error table) and its valid-URL-string verdict as text;
//! - `notes` (failure reasons, lost answers), `no_opinion`, `summary`, `classes` (`[{"id",
//!   "explanation"}]`), `severity` (the worst over the differing fields, or null),
//!   `signature` (`{"id", "line"}`), `base_failure`, `unavailable` (`[{"name", "reason"}]`).

use serde::Serialize;
use urldiff_compare::Projected;
use urldiff_oracles::{Answer, Oracle};
use urldiff_parser::{Url, ValidationErrorKind};
use urldiff_reports::compare_view::json::{classes, ComparedJson};
use urldiff_reports::compare_view::table::{self, Grid};
use urldiff_reports::hostile::first_line;
use urldiff_triage::compared::Compared;

/// The page's data for one comparison.
#[derive(Debug, Serialize)]
pub struct View<'a> {
    pub compare: ComparedJson<'a>,
    pub table: TableJson<'a>,
    pub reference: Option<ReferenceJson>,
    pub notes: Vec<String>,
    pub no_opinion: Vec<&'a str>,
    pub summary: String,
    pub classes: Vec<ClassJson>,
    pub severity: Option<&'static str>,
    pub signature: SignatureJson,
    pub base_failure: Option<&'a str>,
    pub unavailable: Vec<UnavailableJson<'a>>,
}

/// `{"columns": [[oracle, …], …], "standards": [name, …], "rows": [{"label", "cells":
/// [cell | null, …]}]}`.
#[derive(Debug, Serialize)]
pub struct TableJson<'a> {
    pub columns: &'a [Vec<String>],
    /// The standard each column's oracles claim (`whatwg`, `rfc3986`, …), or `mixed`.
    pub standards: Vec<&'static str>,
    pub rows: Vec<RowJson<'a>>,
}

#[derive(Debug, Serialize)]
pub struct RowJson<'a> {
    pub label: &'a str,
    pub cells: Vec<Option<CellJson<'a>>>,
}

/// `{"state": "defined" | "undefined" | "empty-or-undefined", "value", "shown", "differs"}`.
#[derive(Debug, Serialize)]
pub struct CellJson<'a> {
    pub state: &'static str,
    pub value: Option<&'a str>,
    pub shown: &'a str,
    pub differs: bool,
}

/// The reference's validation errors and its valid-URL-string verdict as text.
#[derive(Debug, Serialize)]
pub struct ReferenceJson {
    pub errors: Vec<ReferenceError>,
    pub valid_url_string: Option<String>,
}

/// `{"name", "position", "href"}` (`href`: the row of the standard's validation-error table).
#[derive(Debug, Serialize)]
pub struct ReferenceError {
    pub name: String,
    pub position: Option<u32>,
    pub href: Option<String>,
}

#[derive(Debug, Serialize)]
pub struct ClassJson {
    pub id: String,
    pub explanation: Option<&'static str>,
}

#[derive(Debug, Serialize)]
pub struct SignatureJson {
    pub id: String,
    pub line: String,
}

#[derive(Debug, Serialize)]
pub struct UnavailableJson<'a> {
    pub name: &'a str,
    pub reason: String,
}

impl<'a> View<'a> {
    /// The page's data for one comparison.
    pub fn of(
        oracles: &'a [Box<dyn Oracle>],
        unavailable: &'a [(String, String)],
        grid: &'a Grid,
        compared: &'a Compared,
    ) -> Self {
        let mut notes = Vec::new();
        for (i, oracle) in oracles.iter().enumerate() {
            let said = table::base_failure_said(compared, oracle.as_ref());
            notes.extend(table::answer_notes(
                oracle.name(),
                &compared.answers[i],
                &compared.validity[i],
                said,
            ));
        }
        let no_opinion = oracles
            .iter()
            .zip(&compared.answers)
            .filter(|(_, a)| matches!(a, Answer::NoOpinion))
            .map(|(o, _)| o.name())
            .collect();
        let severity = urldiff_triage::findings::severity(&compared.comparison);
        View {
            compare: ComparedJson::of(oracles, compared),
            table: table_json(grid, oracles),
            reference: reference_json(oracles, compared),
            notes,
            no_opinion,
            summary: table::summary(&compared.comparison),
            classes: classes_json(&classes(oracles, compared)),
            severity: severity.map(|s| s.name()),
            signature: SignatureJson {
                id: compared.signature.id(),
                line: compared.signature.line(),
            },
            base_failure: compared.base_failure.as_deref(),
            unavailable: unavailable
                .iter()
                .map(|(name, reason)| UnavailableJson { name, reason: first_line(reason) })
                .collect(),
        }
    }
}

/// The standard the oracles of one column claim, or `mixed`.
fn column_standard(names: &[String], oracles: &[Box<dyn Oracle>]) -> &'static str {
    let claimed = |name: &String| {
        oracles.iter().find(|o| o.name() == name).map(|o| o.info().claim.standard.name())
    };
    let mut standards = names.iter().filter_map(claimed);
    let first = standards.next().unwrap_or("none");
    if standards.all(|s| s == first) {
        first
    } else {
        "mixed"
    }
}

fn table_json<'a>(grid: &'a Grid, oracles: &[Box<dyn Oracle>]) -> TableJson<'a> {
    let rows = grid
        .rows
        .iter()
        .map(|row| RowJson {
            label: &row.label,
            cells: row
                .cells
                .iter()
                .map(|cell| {
                    let c = cell.as_ref()?;
                    let (state, value) = match &c.value {
                        Projected::Defined(s) => ("defined", Some(s.as_str())),
                        Projected::Undefined => ("undefined", None),
                        Projected::EmptyOrUndefined => ("empty-or-undefined", None),
                    };
                    Some(CellJson { state, value, shown: &c.shown, differs: c.differs })
                })
                .collect(),
        })
        .collect();
    let standards = grid.columns.iter().map(|names| column_standard(names, oracles)).collect();
    TableJson { columns: &grid.columns, standards, rows }
}

/// The reference's validation errors, with positions and links, and its verdict.
fn reference_json(oracles: &[Box<dyn Oracle>], compared: &Compared) -> Option<ReferenceJson> {
    let i = oracles.iter().position(|o| o.name() == "reference")?;
    let names = match &compared.answers[i] {
        Answer::Parsed { errors, .. } | Answer::Failure { errors, .. } => errors.clone(),
        _ => Vec::new(),
    };
    // The positions, from the parser itself (the answer carries names only); used only when
    // the parse reports the same names, in the same order.
    let positions = reference_positions(&compared.request.input, compared.request.base.as_deref());
    let positions = positions.filter(|p| p.iter().map(|(n, _)| n).eq(names.iter()));
    let errors = names
        .iter()
        .enumerate()
        .map(|(k, name)| ReferenceError {
            href: ValidationErrorKind::from_name(name).map(|kind| kind.spec_url()),
            position: positions.as_ref().map(|p| p[k].1),
            name: name.clone(),
        })
        .collect();
    Some(ReferenceJson {
        errors,
        valid_url_string: table::reference_verdict(compared, &compared.validity[i]),
    })
}

/// The (name, byte position) of every validation error of the reference's parse, as
/// `urldiff parse --json` reports them: the base's when the base fails.
fn reference_positions(input: &str, base: Option<&str>) -> Option<Vec<(String, u32)>> {
    let named = |errors: &[urldiff_parser::ValidationError]| {
        errors.iter().map(|e| (e.kind.name().to_owned(), e.position)).collect()
    };
    let base = match base.map(|b| Url::parse_with_errors(b, None)) {
        None => None,
        Some(outcome) => match outcome.result {
            Ok(url) => Some(url),
            Err(_) => return Some(named(&outcome.errors)),
        },
    };
    Some(named(&Url::parse_with_errors(input, base.as_ref()).errors))
}

fn classes_json(ids: &[&str]) -> Vec<ClassJson> {
    ids.iter()
        .map(|id| {
            let class = urldiff_triage::classify::CLASSES.iter().find(|c| c.id == *id);
            ClassJson { id: (*id).to_owned(), explanation: class.map(|c| c.explanation) }
        })
        .collect()
}
