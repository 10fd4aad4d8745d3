//! `urldiff conform --timings` on fixture files (a cases folder as the suite, a table oracle
//! as the fake): the tables and the JSON report's `timings` have the run's phases, oracles and
//! suites; without the option neither appears and the gate's exit code is the same. Only the
//! structure is checked, never a duration.

mod conform_support;

use std::path::Path;
use std::process::Output;

/// One case; the fake answers as the truth (hand-checked: a tab is removed from the input).
const TABLE: &str = r#"[
  {"input": "http://a/\tb", "base": null, "href": "http://a/b", "protocol": "http:",
   "username": "", "password": "", "host": "a", "hostname": "a", "port": "",
   "pathname": "/b", "search": "", "hash": ""}
]"#;

fn fixture() -> tempfile::TempDir {
    conform_support::fixture(TABLE, TABLE, None)
}

/// `urldiff conform` on the fixture, writing the JSON report to `run.json`.
fn conform(dir: &Path, extra: &[&str]) -> Output {
    let json = dir.join("run.json");
    let mut args = vec!["--json", json.to_str().unwrap()];
    args.extend_from_slice(extra);
    conform_support::conform(dir, &args)
}

fn run_json(dir: &Path) -> serde_json::Value {
    serde_json::from_slice(&std::fs::read(dir.join("run.json")).unwrap()).unwrap()
}

/// The first cells of the rows of the table titled `timings: NAME` on stdout.
fn first_cells(stdout: &str, name: &str) -> Vec<String> {
    let title = format!("timings: {name}");
    let mut lines = stdout.lines().skip_while(|l| *l != title).skip(1);
    let head = lines.next().unwrap_or_else(|| panic!("no table {title:?} in {stdout}"));
    assert!(!head.trim().is_empty());
    lines
        .take_while(|l| !l.trim().is_empty() && !l.starts_with("timings: "))
        .map(|l| l.split_whitespace().next().unwrap().to_owned())
        .collect()
}

const RUN_PHASES: [&str; 8] =
    ["suites", "registry", "cache", "ledger", "start-up", "answers", "evaluate", "classify"];

#[test]
fn timings_show_every_phase_oracle_and_suite_in_tables_and_in_the_json_report() {
    let dir = fixture();
    let out = conform(dir.path(), &["--timings"]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{stdout}");
    let mut phases: Vec<String> = RUN_PHASES.iter().map(|p| p.to_string()).collect();
    phases.extend(["reports", "total", "total"].map(String::from));
    assert_eq!(first_cells(&stdout, "phases"), phases, "{stdout}");
    assert_eq!(first_cells(&stdout, "oracles"), ["fake"], "{stdout}");
    assert_eq!(first_cells(&stdout, "suites"), ["cases/mini"], "{stdout}");

    let json = run_json(dir.path());
    let timings = &json["timings"];
    let names: Vec<&str> = timings["phases"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["phase"].as_str().unwrap())
        .collect();
    // The JSON report is written during the `reports` phase: its copy stops before it.
    assert_eq!(names, RUN_PHASES);
    let by = |phase: &str| {
        timings["phases"].as_array().unwrap().iter().find(|p| p["phase"] == phase).unwrap()["by"]
            .clone()
    };
    assert_eq!(by("answers"), "oracles");
    assert_eq!(by("evaluate"), "driver");
    for phase in timings["phases"].as_array().unwrap() {
        assert!(phase["seconds"].as_f64().unwrap() >= 0.0, "{phase}");
    }
    let oracle = &timings["oracles"][0];
    assert_eq!(oracle["oracle"], "fake");
    assert_eq!(oracle["kind"], json["oracles"][0]["info"]["kind"]);
    assert!(oracle["skipped"].is_null(), "{oracle}");
    let suites = timings["suites"].as_array().unwrap();
    assert_eq!(suites.len(), 1);
    assert_eq!(suites[0]["suite"], "cases/mini");
    assert_eq!(suites[0]["cases"], 1);
}

#[test]
fn without_timings_neither_the_tables_nor_the_json_field_appear() {
    let dir = fixture();
    let out = conform(dir.path(), &[]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{stdout}");
    assert!(!stdout.contains("timings:"), "{stdout}");
    let json = run_json(dir.path());
    assert!(json.get("timings").is_none(), "{json}");
    assert!(json.get("oracles").is_some(), "{json}");
}
