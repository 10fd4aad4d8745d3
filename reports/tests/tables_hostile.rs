//! A hostile oracle name (a bidi override, a zero-width space, `<script>`, a trailing space)
//! in every table of the conform and findings reports and of `urldiff oracles`, rendered in
//! each format: never raw, always as the hostile-text policy's escape, never as markup, and no
//! terminal line ends in spaces or passes the width.

mod support;

use urldiff_oracles::Standard;
use urldiff_reports::conform::tables;
use urldiff_reports::findings::tables as findings_tables;
use urldiff_reports::oracle_listing::{self, OracleRow};
use urldiff_reports::table::Table;
use urldiff_reports::{plain, ConformReport};
use urldiff_triage::findings::Findings;

const HOSTILE: &str = "ev\u{202e}il\u{200b}<script>x ";

/// The real run with python-urllib renamed [`HOSTILE`] everywhere, and its first divergence
/// taken out of the ledger (so the unexpected table has a row too).
fn hostile_run() -> ConformReport {
    let mut report = support::real_run();
    let rename = |name: &mut String| {
        if name == "python-urllib" {
            *name = HOSTILE.to_owned();
        }
    };
    report.oracles.iter_mut().for_each(|o| rename(&mut o.info.name));
    report.cells.iter_mut().for_each(|c| rename(&mut c.oracle));
    report.divergences.iter_mut().for_each(|d| rename(&mut d.oracle));
    let first = report.divergences.iter_mut().find(|d| d.oracle == HOSTILE).unwrap();
    first.ledgered = None;
    report
}

fn hostile_findings() -> Findings {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/findings-cases.json");
    let text = std::fs::read_to_string(path).unwrap();
    let escaped = serde_json::to_string(HOSTILE).unwrap();
    let text = text.replace("\"python-urllib\"", &escaped);
    assert_ne!(text, std::fs::read_to_string(path).unwrap(), "python-urllib is in the file");
    Findings::from_json(&text).unwrap()
}

/// The checks every format shares: the name's invisible code points never raw, always escaped.
fn shown_escaped(format: &str, table: &str, out: &str) {
    for raw in ['\u{202e}', '\u{200b}'] {
        assert!(!out.contains(raw), "{table} ({format}): raw {raw:?}:\n{out}");
    }
    for escape in ["\\u{202e}", "\\u{200b}"] {
        assert!(out.contains(escape), "{table} ({format}): no {escape}:\n{out}");
    }
}

fn check(name: &str, table: &Table) {
    let terminal = table.terminal(100);
    shown_escaped("terminal", name, &terminal);
    for line in terminal.lines() {
        assert_eq!(line, line.trim_end(), "{name}: a line ends in spaces: {line:?}");
        assert!(plain::width(line) <= 100, "{name}: wider than 100: {line}");
    }
    let markdown = table.markdown();
    shown_escaped("markdown", name, &markdown);
    let html = table.html(None).into_string();
    shown_escaped("html", name, &html);
    assert!(!html.contains("<script"), "{name}: markup in the HTML:\n{html}");
    assert!(html.contains("&lt;script&gt;"), "{name}: the name's <script> not shown:\n{html}");
    // The trailing space is part of the name: shown as an escape, not trimmed away.
    assert!(html.contains("<span class=\"ctl\">\\u{20}</span>"), "{name}:\n{html}");
}

#[test]
fn a_hostile_oracle_name_is_escaped_in_every_conform_table() {
    let report = hostile_run();
    check("matrix", &tables::matrix(&report));
    check("ledgered classes", &tables::ledgered_classes(&report));
    check("unexpected divergences", &tables::divergences(report.unexpected()));
    check("all divergences", &tables::divergences(&report.divergences));
    check("oracles", &tables::oracles(&report));
}

#[test]
fn a_hostile_oracle_name_is_escaped_in_every_findings_table() {
    let findings = hostile_findings();
    let group = findings
        .groups
        .iter()
        .find(|g| g.answers.iter().any(|a| a.oracle == HOSTILE))
        .expect("a group python-urllib answered");
    check("field values", &findings_tables::field_values(group));
    check("answers", &findings_tables::answers(group));
    check("oracles", &tables::findings_oracles(&findings));
}

#[test]
fn a_hostile_oracle_name_is_escaped_in_the_oracle_listing() {
    let row = |name: &str, available: bool| OracleRow {
        name: name.to_owned(),
        kind: "subprocess",
        library: Some(format!("{name} library")),
        version: "1.0".to_owned(),
        unicode: None,
        standard: Standard::Rfc3986,
        lenient: false,
        available,
        reason: (!available).then(|| format!("no runtime for {name}\nfix: install it")),
    };
    let rows = [row("reference", true), row(HOSTILE, false)];
    let text = oracle_listing::text(&rows, 40);
    shown_escaped("terminal", "oracle listing", &text);
    for line in text.lines() {
        assert_eq!(line, line.trim_end(), "a line ends in spaces: {line:?}");
        assert!(plain::width(line) <= 40, "wider than 40: {line}");
    }
    assert!(text.contains("fix: install it"), "the reason's every line:\n{text}");
}
