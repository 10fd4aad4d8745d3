//! The page's data for one input (`POST /api/view`): the `urldiff compare --json` object and,
//! made by the same code as `urldiff compare`'s table, what the table and the notes under it
//! show:
//!
//! - `compare`: exactly `urldiff compare --json`;
//! - `table`: `{"columns": [[oracle, …], …], "rows": [{"label", "cells": [cell | null, …]}]}`,
//!   a cell `{"state": "defined" | "undefined" | "empty-or-undefined", "value", "shown",
//!   "differs"}` (`compare::table::grid`);
//! - `reference`: its validation errors `[{"name", "position", "href"}]` (`href`: the row of
//!   the standard's validation-error table) and its valid-URL-string verdict as text;
//! - `notes` (failure reasons, lost answers), `no_opinion`, `summary`, `classes` (`[{"id",
//!   "explanation"}]`), `severity` (the worst over the differing fields, or null),
//!   `signature` (`{"id", "line"}`), `base_failure`, `unavailable` (`[{"name", "reason"}]`).

use urldiff_reports::compare_view::json::{classes, ComparedJson};
use urldiff_reports::compare_view::table::{self, Grid};
use urldiff_triage::compared::{first_line, Compared};
use serde_json::{json, Value};
use urldiff_compare::Projected;
use urldiff_oracles::{Answer, Oracle};
use urldiff_parser::{Url, ValidationErrorKind};

/// The page's data for one comparison.
pub fn view_json(
    oracles: &[Box<dyn Oracle>],
    unavailable: &[(String, String)],
    compared: &Compared,
) -> Value {
    let names: Vec<&str> = oracles.iter().map(|o| o.name()).collect();
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
    let no_opinion: Vec<&str> = names
        .iter()
        .zip(&compared.answers)
        .filter(|(_, a)| matches!(a, Answer::NoOpinion))
        .map(|(n, _)| *n)
        .collect();
    let severity = urldiff_triage::findings::severity(&compared.comparison);
    json!({
        "compare": ComparedJson::of(oracles, compared),
        "table": grid_json(&table::grid(oracles, compared)),
        "reference": reference_json(oracles, compared),
        "notes": notes,
        "no_opinion": no_opinion,
        "summary": table::summary(&compared.comparison),
        "classes": classes_json(&classes(oracles, compared)),
        "severity": severity.map(|s| s.name()),
        "signature": {"id": compared.signature.id(), "line": compared.signature.line()},
        "base_failure": compared.base_failure,
        "unavailable": unavailable
            .iter()
            .map(|(name, reason)| json!({"name": name, "reason": first_line(reason)}))
            .collect::<Vec<_>>(),
    })
}

fn grid_json(grid: &Grid) -> Value {
    let rows: Vec<Value> = grid
        .rows
        .iter()
        .map(|row| {
            let cells: Vec<Value> = row
                .cells
                .iter()
                .map(|cell| match cell {
                    None => Value::Null,
                    Some(c) => {
                        let (state, value) = match &c.value {
                            Projected::Defined(s) => ("defined", Value::String(s.clone())),
                            Projected::Undefined => ("undefined", Value::Null),
                            Projected::EmptyOrUndefined => ("empty-or-undefined", Value::Null),
                        };
                        json!({"state": state, "value": value, "shown": c.shown, "differs": c.differs})
                    }
                })
                .collect();
            json!({"label": row.label, "cells": cells})
        })
        .collect();
    json!({"columns": grid.columns, "rows": rows})
}

/// The reference's validation errors, with positions and links, and its verdict.
fn reference_json(oracles: &[Box<dyn Oracle>], compared: &Compared) -> Value {
    let Some(i) = oracles.iter().position(|o| o.name() == "reference") else {
        return Value::Null;
    };
    let names = match &compared.answers[i] {
        Answer::Parsed { errors, .. } | Answer::Failure { errors, .. } => errors.clone(),
        _ => Vec::new(),
    };
    // The positions, from the parser itself (the answer carries names only); used only when
    // the parse reports the same names, in the same order.
    let positions = reference_positions(&compared.request.input, compared.request.base.as_deref());
    let positions = positions.filter(|p| p.iter().map(|(n, _)| n).eq(names.iter()));
    let errors: Vec<Value> = names
        .iter()
        .enumerate()
        .map(|(k, name)| {
            let href = ValidationErrorKind::from_name(name).map(|kind| kind.spec_url());
            let position = positions.as_ref().map(|p| p[k].1);
            json!({"name": name, "position": position, "href": href})
        })
        .collect();
    json!({
        "errors": errors,
        "valid_url_string": table::reference_verdict(compared, &compared.validity[i]),
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

fn classes_json(ids: &[&str]) -> Vec<Value> {
    ids.iter()
        .map(|id| {
            let class = urldiff_triage::classify::CLASSES.iter().find(|c| c.id == *id);
            json!({"id": id, "explanation": class.map(|c| c.explanation)})
        })
        .collect()
}
