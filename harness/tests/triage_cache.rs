//! `urldiff triage` shares the answer cache `urldiff conform` fills: a first run remembers
//! python-urllib's answers under `<cache>/answers/python-urllib/`, a second run over the same
//! inputs asks it nothing new (its file is not written again) and finds the same groups, and
//! `--no-cache` neither reads nor writes the cache. Skips with one line without Python (fails
//! when `$URLDIFF_REQUIRE` names it).

use std::os::unix::fs::MetadataExt as _;
use std::path::{Path, PathBuf};
use std::process::Command;

const ORACLES: [&str; 4] = ["--oracle", "reference", "--oracle", "python-urllib"];

/// Run triage of `input` into `out` with the cache in `cache`; its stdout's group lines.
fn triage(cache: &Path, input: &Path, out: &Path, extra: &[&str]) -> String {
    let output = Command::new(env!("CARGO_BIN_EXE_urldiff"))
        .arg("triage")
        .arg(input)
        .arg("--out")
        .arg(out)
        .args(ORACLES)
        .args(extra)
        .env("URLDIFF_CACHE", cache)
        .output()
        .expect("run urldiff triage");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(matches!(output.status.code(), Some(0 | 1)), "{stderr}");
    assert!(!stderr.contains("answer cache"), "{stderr}");
    let findings = std::fs::read_to_string(out.join("findings.json")).expect("findings.json");
    let findings: serde_json::Value = serde_json::from_str(&findings).unwrap();
    let ids: Vec<String> =
        findings["groups"].as_array().unwrap().iter().map(|g| g["id"].to_string()).collect();
    ids.join("\n")
}

/// The python-urllib cache files in `cache`.
fn python_files(cache: &Path) -> Vec<PathBuf> {
    let dir = cache.join("answers/python-urllib");
    let Ok(entries) = std::fs::read_dir(dir) else { return Vec::new() };
    entries.flatten().map(|e| e.path()).collect()
}

#[test]
fn triage_fills_the_answer_cache_and_a_second_run_asks_nothing_new() {
    let probe = Command::new(env!("CARGO_BIN_EXE_urldiff"))
        .args(["oracles", "--json"])
        .output()
        .expect("run urldiff oracles");
    let rows: Vec<serde_json::Value> = serde_json::from_slice(&probe.stdout).unwrap();
    let python = rows.iter().find(|r| r["name"] == "python-urllib");
    if !python.is_some_and(|r| r["available"] == true) {
        urldiff_corpus::required::skip("python", "triage_cache", "python-urllib is unavailable");
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("cases.jsonl");
    // Inputs urllib and the URL Standard read differently (a backslash, a tab, a port).
    let lines = [
        r#"{"input": "http://a\\b.example/x"}"#,
        r#"{"input": "http://ex\tample.com/"}"#,
        r#"{"input": "http://example.com:0x50/"}"#,
        r#"{"input": "../g", "base": "http://a/b/c/d;p?q"}"#,
    ];
    std::fs::write(&input, lines.join("\n") + "\n").unwrap();
    let cache = dir.path().join("cache");

    // --no-cache: nothing is written.
    triage(&cache, &input, &dir.path().join("out0"), &["--no-cache"]);
    assert!(python_files(&cache).is_empty(), "{:?}", python_files(&cache));

    let first = triage(&cache, &input, &dir.path().join("out1"), &[]);
    let files = python_files(&cache);
    assert_eq!(files.len(), 1, "{files:?}");
    assert!(files[0].extension().is_some_and(|e| e == "answers"), "{files:?}");
    let written = std::fs::metadata(&files[0]).unwrap().ino();

    // The same inputs again: every answer (minimizer candidates too) comes from the file, so
    // nothing new is remembered and the file is not replaced.
    let second = triage(&cache, &input, &dir.path().join("out2"), &[]);
    assert_eq!(second, first);
    assert_eq!(python_files(&cache), files);
    assert_eq!(std::fs::metadata(&files[0]).unwrap().ino(), written, "the cache was written again");
}
