//! The default view of `urldiff compare`: one table read at a glance.
//!
//! Rows are the outcome, the shared fields, then the fields only one model has
//! (`whatwg.host`, `whatwg.origin`, `rfc.authority`). Columns are oracles grouped by agreement:
//! oracles whose answers show the same in every row share a column, its header listing them.
//! A cell that disagrees with the first column speaking about that row (the reference's,
//! normally) is highlighted: in colour on a terminal, with a `*` otherwise. Values are quoted;
//! `undefined` and `""|undef` (a WHATWG getter's `""`, empty or undefined) are shown as such.
//! The validity rows, `validation-errors` (names, or `(none)`) and `valid-url-string`
//! (`true`/`false`), are filled by the oracles that report them (the reference, whatwg-url).
//! Below: the reference's validation errors and valid-URL-string verdict (with the grammar's
//! first violation), failure reasons, lost answers, a summary of who disagrees with whom, the
//! classes and the signature.
//!
//! Everything fits a given width (the terminal's): no line ends in padding, long note lines
//! wrap (at spaces when they can), and the table is a [`Table`] drawn by its one terminal
//! layout: wider than the width, one block per column (its oracles, then a `label value`
//! line per row).

use super::validity::{answered_verdict, url_string_check};
use crate::hostile::first_line;
use crate::plain::{one_line, wrap_lines};
use crate::table::{Blocks, Cell, Span, Table, TerminalLayout};
use std::fmt::Write as _;
use urldiff_compare::verdict::{evidence, is_lost};
use urldiff_compare::{Comparison, Group, Projected, SharedField};
use urldiff_oracles::{Answer, Oracle};
use urldiff_triage::compared::Compared;

/// The widest a cell gets; longer values are cut with `…` (`--wide` shows them whole).
const MAX_CELL: usize = 40;

pub use crate::table::Highlight;

/// One row: its label and, per oracle (selection order), its group index, value and shown
/// text.
struct Row {
    label: String,
    cells: Vec<Option<(usize, Projected, String)>>,
}

/// The narrowest width the text is fitted to (a smaller one is taken as this).
const MIN_WIDTH: usize = 40;

/// The table and everything under it, as text at most `width` columns wide (a single value
/// wider than that is cut).
pub fn render(
    oracles: &[Box<dyn Oracle>],
    compared: &Compared,
    highlight: Highlight,
    width: usize,
) -> String {
    let width = width.max(MIN_WIDTH);
    let grid = grid(oracles, compared);
    let mut head = String::new();
    if let Some(why) = &compared.base_failure {
        let base = quoted(compared.request.base.as_deref().unwrap_or(""));
        let why = one_line(why);
        let _ = writeln!(
            head,
            "note: the base {base} does not parse (WHATWG): {why}; WHATWG-model oracles fail"
        );
    }
    let _ = writeln!(head, "input: {}", quoted(&compared.request.input));
    if let Some(base) = &compared.request.base {
        let _ = writeln!(head, "base:  {}", quoted(base));
    }
    let mut out = wrap_lines(&head, width);
    out.push('\n');
    let layout = TerminalLayout {
        width,
        max_cell: MAX_CELL,
        highlight,
        blocks: Blocks::PerColumn,
        head: true,
    };
    out.push_str(&grid_table(&grid).terminal_with(&layout));
    let mut notes = String::new();
    write_notes(&mut notes, oracles, compared);
    out.push_str(&wrap_lines(&notes, width));
    out
}

/// A value in quotes, escaped as every report escapes hostile text (so leading and trailing
/// spaces show, and control, invisible and bidi code points are `\u{…}`). Inside quotes a
/// `\` or `"` of the value is written `\\` or `\"` first, as in a JSON string, so neither a
/// value ending in `\` nor one holding the text `\u{202e}` reads as something else.
pub fn quoted(value: &str) -> String {
    format!("\"{}\"", one_line(&value.replace('\\', "\\\\").replace('"', "\\\"")))
}

/// The table as data: the columns (oracles grouped by agreement, each column its oracles'
/// names) and the rows, one cell per column. The text table draws it, and so does
/// `urldiff serve`'s page, so both group and highlight alike.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Grid {
    pub columns: Vec<Vec<String>>,
    pub rows: Vec<GridRow>,
}

/// One row of a [`Grid`]: its label and one cell per column (`None`: that column's oracles
/// say nothing about the row).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GridRow {
    pub label: String,
    pub cells: Vec<Option<GridCell>>,
}

/// One cell: the value, as the text table shows it, and whether it differs from the first
/// column that speaks about the row (the highlighted cells).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GridCell {
    pub value: Projected,
    pub shown: String,
    pub differs: bool,
}

/// The comparison as a [`Grid`].
pub fn grid(oracles: &[Box<dyn Oracle>], compared: &Compared) -> Grid {
    let names: Vec<&str> = oracles.iter().map(|o| o.name()).collect();
    let rows = rows(&names, &compared.comparison);
    let columns = columns(&names, &rows);
    let grid_rows = rows
        .iter()
        .map(|row| {
            // The baseline: the group of the first column that speaks about this row.
            let baseline =
                columns.iter().find_map(|c| row.cells[c[0]].as_ref().map(|(g, _, _)| *g));
            let cells = columns
                .iter()
                .map(|c| {
                    row.cells[c[0]].as_ref().map(|(g, value, shown)| GridCell {
                        value: value.clone(),
                        shown: shown.clone(),
                        differs: Some(*g) != baseline,
                    })
                })
                .collect();
            GridRow { label: row.label.clone(), cells }
        })
        .collect();
    let columns =
        columns.iter().map(|c| c.iter().map(|&i| names[i].to_owned()).collect()).collect();
    Grid { columns, rows: grid_rows }
}

/// The rows of the comparison, each cell with its group's index.
fn rows(names: &[&str], comparison: &Comparison) -> Vec<Row> {
    let row = |label: &str, groups: &[Group], shown: fn(&Projected) -> String| Row {
        label: label.to_owned(),
        cells: names
            .iter()
            .map(|name| {
                let (i, value) =
                    groups.iter().enumerate().find_map(|(i, g)| Some((i, g.value_of(name)?)))?;
                Some((i, value.clone(), shown(value)))
            })
            .collect(),
    };
    let mut rows = vec![row("outcome", &comparison.outcomes, show_unquoted)];
    rows.extend(comparison.fields.iter().map(|f| {
        let shown = match f.field {
            SharedField::ValidationErrors => show_errors,
            SharedField::ValidUrlString => show_unquoted,
            _ => show,
        };
        row(f.field.name(), &f.groups, shown)
    }));
    rows.extend(comparison.own.iter().map(|f| row(f.field, &f.groups, show)));
    rows
}

/// A value as a cell shows it.
fn show(value: &Projected) -> String {
    match value {
        Projected::Defined(s) => quoted(s),
        Projected::Undefined => "undefined".into(),
        Projected::EmptyOrUndefined => "\"\"|undef".into(),
    }
}

/// A word rather than a string: an outcome, a verdict (`true`, `false`).
fn show_unquoted(value: &Projected) -> String {
    value.text().to_owned()
}

/// A list of validation-error names, or `(none)`.
fn show_errors(value: &Projected) -> String {
    match value.text() {
        "" => "(none)".to_owned(),
        names => names.to_owned(),
    }
}

/// Oracles (indices) that show the same in every row share a column; columns in the order of
/// their first oracle, which is the selection order (the reference first).
fn columns(names: &[&str], rows: &[Row]) -> Vec<Vec<usize>> {
    let mut columns: Vec<Vec<usize>> = Vec::new();
    for i in 0..names.len() {
        let same = |j: usize| rows.iter().all(|r| r.cells[i] == r.cells[j]);
        match columns.iter_mut().find(|c| same(c[0])) {
            Some(column) => column.push(i),
            None => columns.push(vec![i]),
        }
    }
    columns.retain(|c| rows[0].cells[c[0]].is_some());
    columns
}

/// The grid as a [`Table`]: a column of row labels, then one per group of oracles (its title
/// the oracles, one a line), the differing cells marked.
pub fn grid_table(grid: &Grid) -> Table {
    let titles = std::iter::once(Cell::default()).chain(grid.columns.iter().map(|names| {
        let mut spans = Vec::new();
        for (i, name) in names.iter().enumerate() {
            if i > 0 {
                spans.push(Span::Break);
            }
            spans.push(Span::Text(name.clone()));
        }
        Cell::new(spans)
    }));
    let mut table = Table::with_columns(titles).marked_columns(1..=grid.columns.len());
    for row in &grid.rows {
        let cells = row.cells.iter().map(|cell| match cell {
            Some(c) => Cell::text(c.shown.as_str()).differing(c.differs),
            None => Cell::default(),
        });
        table.row(std::iter::once(Cell::text(row.label.as_str())).chain(cells).collect());
    }
    table
}

/// Under the table: the reference's validation errors, failure reasons (not the WHATWG ones
/// when the base does not parse: the note at the top said it once), lost answers, the oracles
/// without an opinion, the summary and the signature.
fn write_notes(out: &mut String, oracles: &[Box<dyn Oracle>], compared: &Compared) {
    out.push('\n');
    let names: Vec<&str> = oracles.iter().map(|o| o.name()).collect();
    for (i, ((oracle, name), answer)) in
        oracles.iter().zip(&names).zip(&compared.answers).enumerate()
    {
        let base_said = base_failure_said(compared, oracle.as_ref());
        match answer {
            Answer::Parsed { errors, .. } | Answer::Failure { errors, .. }
                if *name == "reference" && !errors.is_empty() =>
            {
                let _ = writeln!(out, "reference validation errors: {}", errors.join(", "));
            }
            _ => {}
        }
        if *name == "reference" {
            write_reference_verdict(out, compared, &compared.validity[i]);
        }
        for note in answer_notes(name, answer, &compared.validity[i], base_said) {
            let _ = writeln!(out, "{note}");
        }
    }
    let silent: Vec<&str> = names
        .iter()
        .zip(&compared.answers)
        .filter(|(_, a)| matches!(a, Answer::NoOpinion))
        .map(|(n, _)| *n)
        .collect();
    if !silent.is_empty() {
        let _ = writeln!(out, "no opinion: {}", silent.join(", "));
    }
    let applied: Vec<String> = urldiff_compare::rules::rules_of(names.iter().copied())
        .into_iter()
        .filter(|r| r.effect != urldiff_compare::rules::RuleEffect::None)
        .map(|r| format!("{}/{}", r.oracle, r.name))
        .collect();
    if !applied.is_empty() {
        let _ = writeln!(out, "adapter rules read: {} (--explain-projection)", applied.join(", "));
    }
    let _ = writeln!(out, "summary: {}", summary(&compared.comparison));
    let classes = super::json::classes(oracles, compared);
    if !classes.is_empty() {
        let _ = writeln!(out, "classes: {} (urldiff triage --explain-classes)", classes.join(", "));
    }
    let _ = writeln!(out, "signature {}: {}", compared.signature.id(), compared.signature.line());
}

/// Whether the note at the top (the base does not parse) already explains this oracle's
/// failure: a WHATWG-model oracle fails with the base.
pub fn base_failure_said(compared: &Compared, oracle: &dyn Oracle) -> bool {
    compared.base_failure.is_some() && oracle.info().model == urldiff_oracles::RecordModel::Whatwg
}

/// What the table cannot show about one oracle's answers, one line each: its failure reason
/// (unless `base_said`: the base's failure was said once already), a lost (crashed or
/// timed-out) answer with the first line of its evidence, a lost validity case.
pub fn answer_notes(
    name: &str,
    answer: &Answer,
    validity: &Answer,
    base_said: bool,
) -> Vec<String> {
    let mut notes = Vec::new();
    match answer {
        Answer::Failure { reason, .. } if !reason.is_empty() && !base_said => {
            notes.push(format!("{name}: failure: {}", one_line(reason)));
        }
        lost if is_lost(lost) => {
            let why = evidence(answer).unwrap_or_default();
            notes.push(format!("{name}: {}: {}", answer.outcome(), first_line(&why)));
        }
        _ => {}
    }
    if is_lost(validity) {
        let why = evidence(validity).unwrap_or_default();
        let (outcome, why) = (validity.outcome(), first_line(&why));
        notes.push(format!("{name}: validity case {outcome}: {why}"));
    }
    notes
}

/// The reference's valid-URL-string verdict, with the grammar's first violation when it is no.
fn write_reference_verdict(out: &mut String, compared: &Compared, validity: &Answer) {
    if let Some(text) = reference_verdict(compared, validity) {
        let _ = writeln!(out, "reference valid URL string: {text}");
    }
}

/// The reference's verdict as text (`yes`, `no: not a valid domain string at 7`), from its
/// validity answer; `None` when it gave none.
pub fn reference_verdict(compared: &Compared, validity: &Answer) -> Option<String> {
    let Some(Some(valid)) = answered_verdict(validity) else { return None };
    let request = &compared.request;
    Some(match url_string_check(&request.input, request.base.as_deref()) {
        Some(Err(violation)) if !valid => format!("no: {violation}"),
        _ if valid => "yes".to_owned(),
        _ => "no".to_owned(),
    })
}

/// Who disagrees with whom, on which fields, in one line.
pub fn summary(comparison: &Comparison) -> String {
    let groups = |gs: &[Group]| {
        gs.iter().map(|g| format!("{{{}}}", g.oracles.join(", "))).collect::<Vec<_>>().join(" vs ")
    };
    let mut parts = Vec::new();
    if comparison.outcome_differs() {
        let by_outcome: Vec<String> = comparison
            .outcomes
            .iter()
            .map(|g| format!("{} {{{}}}", g.value.text(), g.oracles.join(", ")))
            .collect();
        parts.push(format!("outcome (high): {}", by_outcome.join(" vs ")));
    }
    for split in comparison.differing() {
        let grade = split.grade.map_or("exact", |g| g.name());
        let severity = split.severity.map_or("info", |s| s.name());
        parts.push(format!(
            "{} ({severity}, {grade}): {}",
            split.field.name(),
            groups(&split.groups)
        ));
    }
    if parts.is_empty() {
        "every oracle agrees on every shared field".to_owned()
    } else {
        parts.join("; ")
    }
}
