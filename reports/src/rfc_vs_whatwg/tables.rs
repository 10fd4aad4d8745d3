//! The tables of the RFC-vs-WHATWG report, each built once ([`Table`]) and rendered by the
//! Markdown report ([`crate::rfc_vs_whatwg`]) and the HTML page
//! ([`crate::rfc_vs_whatwg::html`]).

use crate::rfc_vs_whatwg::{unavailable_parsers, UNAVAILABLE};
use crate::table::{Cell, Span, Table};
use urldiff_oracles::{Answer, Record};
use urldiff_triage::rfc_vs_whatwg::{
    ParserTally, RealParsers, RfcVsWhatwg, Section, SideDifference, SideExample, SourceCount,
    GENERATED_SOURCE,
};

/// Inputs, split inputs and rejections per source, then the natural ones and all.
pub fn corpus(report: &RfcVsWhatwg) -> Table {
    let mut table = Table::new(&["source", "inputs", "split", "of which the RFC side rejects"])
        .right_aligned(&[1, 2, 3]);
    for s in &report.sources {
        table.row(source_row(Cell::code(&s.source), s));
    }
    let natural: Vec<&SourceCount> =
        report.sources.iter().filter(|s| s.source != GENERATED_SOURCE).collect();
    table.row(source_row(Cell::text("natural (all but generated)"), &total(&natural)));
    table.row(source_row(Cell::text("all"), &total(&report.sources.iter().collect::<Vec<_>>())));
    table
}

/// The classes with split inputs: natural and generated inputs apart, the example, the
/// components its sides read differently.
pub fn classes(report: &RfcVsWhatwg) -> Table {
    let mut table =
        Table::new(&["class", "natural inputs", "generated", "example", "the sides differ on"])
            .right_aligned(&[1, 2]);
    for s in &report.sections {
        let fields: Vec<&str> = s.example.differences.iter().map(|d| d.field.as_str()).collect();
        let (natural, generated) = natural_and_generated(s);
        table.row(vec![
            class_cell(&s.class.id),
            Cell::number(natural),
            Cell::number(generated),
            case_cell(&s.example.input, s.example.base.as_deref()),
            Cell::text(fields.join(", ")),
        ]);
    }
    table
}

/// Every validation error: can it fail, its example, what the sides read differently on it,
/// which classes cover it.
pub fn errors(report: &RfcVsWhatwg) -> Table {
    let mut table =
        Table::new(&["error", "can fail", "example", "the sides differ on", "covered by"]);
    for e in &report.errors {
        let mut example = case_cell(&e.input, e.base.as_deref());
        if let Some(why) = &e.hand_picked {
            example = example.and(Span::Text(format!(" (hand-picked: {why})")));
        }
        let covered = e.covered_by.iter().map(|c| class_cell(c));
        table.row(vec![
            Cell::code(&e.error),
            Cell::text(if e.can_be_fatal { "yes" } else { "no" }),
            example,
            Cell::text(if e.fields.is_empty() {
                "nothing".to_owned()
            } else {
                e.fields.join(", ")
            }),
            match (e.rfc_rejects, e.covered_by.is_empty()) {
                (true, _) => Cell::link("rejected by the RFC side", "#inputs-the-rfc-side-rejects"),
                (false, true) => Cell::text("–"),
                (false, false) => Cell::joined(covered, ", "),
            },
        ]);
    }
    table
}

/// The real parsers over every split input, with their versions.
pub fn overall(report: &RfcVsWhatwg, real: &RealParsers) -> Table {
    let mut table =
        Table::new(&["parser", "version", "WHATWG side", "RFC side", "neither", "no opinion"])
            .right_aligned(&[2, 3, 4, 5]);
    for t in &real.overall {
        let version = real.parsers.iter().find(|p| p.name == t.oracle).map(|p| p.version.as_str());
        table.row(tally_cells(t, version));
    }
    for name in unavailable_parsers(report) {
        table.row(unavailable_cells(name, 5));
    }
    table
}

/// The real parsers on one class: their side on the example and over the class's inputs.
pub fn parsers(s: &Section, unavailable: &[&str]) -> Table {
    let mut table = Table::new(&[
        "parser",
        "on the example",
        "WHATWG side",
        "RFC side",
        "neither",
        "no opinion",
    ])
    .right_aligned(&[2, 3, 4, 5]);
    for t in &s.parsers {
        table.row(tally_cells(t, None));
    }
    for name in unavailable {
        table.row(unavailable_cells(name, 5));
    }
    table
}

/// What the sides read differently on an example.
pub fn differences(e: &SideExample) -> Table {
    let mut table = Table::new(&["component", "WHATWG side", "RFC side", "grade"]);
    for d in &e.differences {
        table.row(difference_row(d));
    }
    table
}

/// Both sides' records of an example.
pub fn records(e: &SideExample) -> Table {
    let mut table = Table::new(&["side", "record", "errors"]);
    for side in [&e.whatwg, &e.rfc] {
        let errors = crate::findings::answer_errors(&side.answer).iter().map(Cell::code);
        table.row(vec![
            Cell::code(&side.oracle),
            record_cell(&side.answer),
            Cell::joined(errors, ", "),
        ]);
    }
    table
}

/// The counts of `sources` added up.
pub fn total(sources: &[&SourceCount]) -> SourceCount {
    let sum = |f: fn(&SourceCount) -> usize| sources.iter().map(|s| f(s)).sum();
    SourceCount {
        source: String::new(),
        inputs: sum(|s| s.inputs),
        split: sum(|s| s.split),
        rfc_rejects: sum(|s| s.rfc_rejects),
    }
}

/// A section's split inputs: natural (our cases, WPT, the RFC tables) and generated.
pub fn natural_and_generated(s: &Section) -> (usize, usize) {
    let generated: usize =
        s.by_source.iter().filter(|b| b.source == GENERATED_SOURCE).map(|b| b.inputs).sum();
    (s.class.cases - generated, generated)
}

/// A case as a table cell: the input as code, and ` against ` the base.
fn case_cell(input: &str, base: Option<&str>) -> Cell {
    let cell = Cell::code(input);
    match base {
        Some(b) => cell.and(Span::Text(" against ".into())).and(Span::Code(b.into())),
        None => cell,
    }
}

fn class_cell(id: &str) -> Cell {
    Cell::link(id, format!("#{}", crate::hostile::slug(id)))
}

fn source_row(name: Cell, s: &SourceCount) -> Vec<Cell> {
    vec![name, Cell::number(s.inputs), Cell::number(s.split), Cell::number(s.rfc_rejects)]
}

/// A parser's tally as cells: its name, its version or its side on the example (when given),
/// then its counts per side.
fn tally_cells(t: &ParserTally, version: Option<&str>) -> Vec<Cell> {
    let mut cells = vec![Cell::code(&t.oracle)];
    cells.extend(version.map(Cell::text));
    cells.extend(t.example.map(|s| Cell::text(s.name())));
    cells.extend([t.whatwg, t.rfc, t.neither, t.no_opinion].map(Cell::number));
    cells
}

/// A row for a parser that could not run: its name, then `columns` cells that say so.
fn unavailable_cells(name: &str, columns: usize) -> Vec<Cell> {
    std::iter::once(Cell::code(name)).chain((0..columns).map(|_| Cell::text(UNAVAILABLE))).collect()
}

fn difference_row(d: &SideDifference) -> Vec<Cell> {
    vec![
        Cell::text(&d.field),
        Cell::code(d.whatwg.display()),
        Cell::code(d.rfc.display()),
        Cell::text(&d.grade),
    ]
}

/// A record, every field: `field` `value`, one per line.
fn record_cell(answer: &Answer) -> Cell {
    let line = |f: &str, value: Option<String>| match value {
        Some(v) => Cell::text(format!("{f} ")).and(Span::Code(v)),
        None => Cell::text(format!("{f} undefined")),
    };
    let lines: Vec<Cell> = match answer {
        Answer::Parsed { record: Record::Whatwg(r), .. } => urldiff_oracles::WHATWG_FIELDS
            .iter()
            .filter_map(|f| Some(line(f, Some(format!("{:?}", r.get(f)?)))))
            .collect(),
        Answer::Parsed { record: Record::Rfc(r), .. } => urldiff_oracles::RFC_FIELDS
            .iter()
            .map(|f| line(f, r.get(f).flatten().map(|v| format!("{v:?}"))))
            .collect(),
        other => vec![Cell::code(crate::findings::answer_text(other))],
    };
    let mut out = Cell::default();
    for (i, l) in lines.into_iter().enumerate() {
        if i > 0 {
            out.spans.push(Span::Break);
        }
        out.spans.extend(l.spans);
    }
    out
}
