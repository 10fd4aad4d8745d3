//! The JSON report reads back into the same data (so `urldiff report` renders what `conform`
//! would have), keeps the keys of the first JSON report, and refuses other files.

mod support;

use urldiff_compare::{Equivalence, Grade};
use urldiff_conform::report::ReportReadError;
use urldiff_reports::ConformReport;

fn report_with_hostile() -> ConformReport {
    let mut report = support::real_run();
    report.divergences.push(support::hostile("python-urllib", None));
    report.divergences.push(support::hostile("java-uri", Some("a reason with <b> and \"quotes\"")));
    report.divergences[0].classes = vec!["backslash-confusion".into(), "host-confusion".into()];
    report
}

#[test]
fn the_json_report_reads_back_into_the_same_data() {
    let report = report_with_hostile();
    let text = report.to_json().unwrap();
    let back = ConformReport::from_json(&text).unwrap();
    assert_eq!(back, report);
    assert_eq!(back.to_json().unwrap(), text);
}

#[test]
fn every_grade_reads_back() {
    let grades = Equivalence::ORDER.map(Grade::Equivalent).into_iter().chain([Grade::Structural]);
    for grade in grades {
        let json = serde_json::to_string(&grade).unwrap();
        assert_eq!(json, format!("\"{}\"", grade.name()));
        assert_eq!(serde_json::from_str::<Grade>(&json).unwrap(), grade);
    }
    assert!(serde_json::from_str::<Grade>("\"fuzzy\"").is_err());
}

#[test]
fn the_first_json_report_keys_are_kept() {
    let report = report_with_hostile();
    let value: serde_json::Value = serde_json::from_str(&report.to_json().unwrap()).unwrap();
    let keys: Vec<&str> = value.as_object().unwrap().keys().map(String::as_str).collect();
    let first = [
        "tool",
        "version",
        "exit_code",
        "wall_seconds",
        "oracles",
        "suites",
        "cells",
        "divergences",
        "stale",
        "unknown",
        "duplicates",
        "adapter_rules",
    ];
    assert_eq!(keys, first);
    let d = &value["divergences"][0];
    for key in
        ["oracle", "suite", "name", "case", "truth", "answer", "fields", "severity", "ledgered"]
    {
        assert!(d.get(key).is_some(), "divergence key {key}");
    }
    for key in ["field", "truth", "got", "grade", "severity"] {
        assert!(d["fields"][0].get(key).is_some(), "field key {key}");
    }
    for key in ["name", "revision", "truth", "cases"] {
        assert!(value["suites"][0].get(key).is_some(), "suite key {key}");
    }
    assert_eq!(value["oracles"][0]["info"]["name"], "reference");
    assert_eq!(value["adapter_rules"][0]["oracle"], report.adapter_rules[0].oracle);
}

#[test]
fn other_files_are_not_conform_reports() {
    assert!(matches!(ConformReport::from_json("not json"), Err(ReportReadError::NotJson(_))));
    assert!(matches!(ConformReport::from_json("[]"), Err(ReportReadError::NotUrldiff)));
    let findings = r#"{"schema_version": 1, "groups": []}"#;
    assert!(matches!(ConformReport::from_json(findings), Err(ReportReadError::NotUrldiff)));
    let other = r#"{"tool": "urldiff", "groups": []}"#;
    let err = ConformReport::from_json(other).unwrap_err();
    assert!(matches!(err, ReportReadError::NotConform(_)), "{err}");
    assert!(err.to_string().contains("not a conform report"), "{err}");
}
