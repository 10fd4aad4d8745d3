//! Shared test data: a real run's report (`tests/data/conform-run.json`) and hostile
//! divergences.

#![allow(dead_code)]

use urldiff_compare::project::Projected;
use urldiff_compare::{FieldDiff, Grade, Severity, SharedField};
use urldiff_conform::report::Divergence;
use urldiff_oracles::{Answer, Case, Record, WhatwgRecord};
use urldiff_reports::ConformReport;

/// The real run (see tests/data/README.md), classified as `urldiff report` classifies a report
/// saved before divergences carried classes.
pub fn real_run() -> ConformReport {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/conform-run.json");
    let text = std::fs::read_to_string(path).unwrap();
    let mut report = ConformReport::from_json(&text).unwrap();
    urldiff_conform::classify::classify(&mut report);
    report
}

/// The hostile input of the escaping tests.
pub const SCRIPT_INPUT: &str = "\"><script>alert(1)</script>";

fn whatwg(href: &str, host: &str) -> Answer {
    let record = WhatwgRecord::from_fields(|name| {
        Some(match name {
            "href" => href.to_owned(),
            "host" | "hostname" => host.to_owned(),
            _ => String::new(),
        })
    });
    Answer::Parsed { record: Record::Whatwg(record), errors: vec![] }
}

fn field(field: SharedField, truth: &str, got: &str, severity: Severity) -> FieldDiff {
    FieldDiff {
        field,
        truth: Projected::Defined(truth.to_owned()),
        got: Projected::Defined(got.to_owned()),
        grade: Grade::Structural,
        severity,
    }
}

/// A divergence of `oracle` whose input, base, values and ledger reason are all hostile:
/// markup, quotes, a NUL, a right-to-left override, `|` and backticks.
pub fn hostile(oracle: &str, ledgered: Option<&str>) -> Divergence {
    let input = SCRIPT_INPUT.to_owned();
    let base = "'\"><img src=x onerror=alert(2)>\u{0}\u{202e}|`".to_owned();
    let case = Case::parse(input, Some(&base));
    Divergence {
        oracle: oracle.to_owned(),
        suite: "cases/<b>hostile</b>".to_owned(),
        name: case.name(),
        case_index: 0,
        case,
        truth: whatwg("http://good.example/", "good.example"),
        answer: whatwg("http://evil.example/<script>", "evil.example"),
        fields: vec![
            field(SharedField::Host, "good.example", "<script>alert(3)</script>", Severity::High),
            field(SharedField::Path, "/a|b", "/a`b\u{1b}[31m", Severity::Medium),
        ],
        severity: Severity::High,
        ledgered: ledgered.map(str::to_owned),
        ledger_line: ledgered.map(|_| 7),
        classes: vec![],
    }
}

pub mod findings;
