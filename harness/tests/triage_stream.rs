//! `urldiff triage` streams its input (issue 32, item 1): the findings do not depend on the
//! batch size. 3,000 inputs from `urldiff corpus generate` triaged by the binary in batches
//! of 7 (every group's members spilled as hundreds of runs and merged back) and in one
//! batch, and by the library in memory (`pipeline::triage`, `Findings::to_json`): the three
//! findings.json files are compared field by field and byte for byte (the time spent,
//! `seconds`, left out). Also: the spill folder is gone after a run, after a SIGTERM, and
//! after a SIGKILL (the next run removes it). Only in-process oracles are asked.

#[path = "findings_compare/mod.rs"]
mod findings_compare;

use findings_compare::{first_difference, without_seconds};
use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use urldiff_triage::events::NoEvents;
use urldiff_triage::findings::Tool;
use urldiff_triage::pipeline::{triage, Config};
use urldiff_triage::select::{refs, select_oracles};
use urldiff_triage::Budget;

const ORACLES: [&str; 4] = ["reference", "reference-rfc3986", "rust-url", "ada"];

fn urldiff(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_urldiff")).args(args).output().expect("run urldiff")
}

/// `n` generated cases in `dir/cases.jsonl`.
fn generated(dir: &Path, n: usize) -> PathBuf {
    let out = urldiff(&["corpus", "generate", &n.to_string(), "--seed", "29"]);
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    let path = dir.join("cases.jsonl");
    std::fs::write(&path, &out.stdout).unwrap();
    path
}

/// `urldiff triage` of `input` into `out` in batches of `batch`, with no time budget (a
/// minimization ends by its call budget alone, so it ends alike in every run).
fn triage_args(input: &Path, out: &Path, batch: usize) -> Vec<String> {
    let mut args: Vec<String> =
        ["triage", &input.display().to_string(), "--out"].map(str::to_owned).to_vec();
    args.push(out.display().to_string());
    args.extend(["--batch-size".to_owned(), batch.to_string()]);
    args.extend(["--max-seconds".to_owned(), "100000".to_owned()]);
    for oracle in ORACLES {
        args.extend(["--oracle".to_owned(), oracle.to_owned()]);
    }
    args
}

/// The text with every `"seconds": <number>` made 0.
fn text_without_seconds(text: &str) -> String {
    let mut out = String::new();
    for line in text.lines() {
        match line.split_once("\"seconds\": ") {
            Some((head, tail)) => {
                let comma = if tail.ends_with(',') { "," } else { "" };
                out.push_str(&format!("{head}\"seconds\": 0{comma}"));
            }
            None => out.push_str(line),
        }
        out.push('\n');
    }
    out
}

/// The entries of `dir` named like a temporary file or folder (`….tmp`).
fn temporary(dir: &Path) -> Vec<String> {
    std::fs::read_dir(dir)
        .map(|entries| {
            entries
                .filter_map(|e| e.ok())
                .map(|e| e.file_name().to_string_lossy().into_owned())
                .filter(|name| name.ends_with(".tmp"))
                .collect()
        })
        .unwrap_or_default()
}

fn value(text: &str) -> Value {
    let mut value: Value = serde_json::from_str(text).unwrap();
    without_seconds(&mut value);
    value
}

#[test]
fn batches_of_seven_one_batch_and_the_library_in_memory_write_one_findings_file() {
    let dir = tempfile::tempdir().unwrap();
    let input = generated(dir.path(), 3000);
    let mut texts = Vec::new();
    for batch in [7, 1_000_000] {
        let out = dir.path().join(format!("batch-{batch}"));
        let args = triage_args(&input, &out, batch);
        let run = urldiff(&args.iter().map(String::as_str).collect::<Vec<_>>());
        assert_eq!(run.status.code(), Some(1), "{}", String::from_utf8_lossy(&run.stderr));
        assert_eq!(temporary(&out), Vec::<String>::new(), "nothing temporary is left");
        texts.push(std::fs::read_to_string(out.join("findings.json")).unwrap());
    }
    // The library as campaigns and tests call it: one batch, members in memory.
    let read = urldiff_triage::input::read(&input).unwrap();
    let names: Vec<String> = ORACLES.map(str::to_owned).to_vec();
    let selection = select_oracles(&names).unwrap();
    let oracles = refs(&selection.oracles);
    let theirs: Value = serde_json::from_str(&texts[0]).unwrap();
    // What is known upstream, as the binary reads it without --ledger.
    let known = urldiff_conform::sources::LedgerSource::find(None)
        .ok()
        .and_then(|source| urldiff_compare::ledger::Ledger::load(source.dir()).ok());
    let config = Config {
        known: known.as_ref().map(|l| l as &dyn urldiff_triage::expected::Ledger),
        budget: Budget { max_calls: Budget::DEFAULT_MAX_CALLS, max_seconds: 100000.0 },
        tool: serde_json::from_value::<Tool>(theirs["tool"].clone()).unwrap(),
        wpt_revision: theirs["wpt_revision"].as_str().map(str::to_owned),
        sources: vec![input.display().to_string()],
        ..Config::new(&oracles, &[])
    };
    let in_memory = triage(&read.cases, &config, &NoEvents).unwrap();
    texts.push(in_memory.to_json());
    // A run worth the comparison: many groups, members in hundreds of batches.
    let members: usize = in_memory.groups.iter().map(|g| g.members.len()).sum();
    assert!(in_memory.groups.len() > 20, "{} groups", in_memory.groups.len());
    assert!(members > 1000, "{members} members");
    let names = ["batches of 7", "one batch", "the library in memory"];
    let values: Vec<Value> = texts.iter().map(|t| value(t)).collect();
    for i in 1..3 {
        if let Some(difference) = first_difference("findings", &values[0], &values[i]) {
            panic!("{} / {} differ at {difference}", names[0], names[i]);
        }
        assert_eq!(
            text_without_seconds(&texts[0]),
            text_without_seconds(&texts[i]),
            "{} / {}: the same fields, other bytes",
            names[0],
            names[i]
        );
    }
}

/// SIGTERM while the members spill (the spill folder seen in the out folder): nothing
/// temporary is left, and the run exits 143.
#[test]
fn sigterm_during_triage_leaves_no_spill_folder() {
    let dir = tempfile::tempdir().unwrap();
    let input = generated(dir.path(), 3000);
    let out = dir.path().join("out");
    let args = triage_args(&input, &out, 10);
    let mut child = Command::new(env!("CARGO_BIN_EXE_urldiff"))
        .args(&args[..])
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let spilling = |out: &Path| temporary(out).iter().any(|n| n.starts_with(".triage-spill."));
    while child.try_wait().unwrap().is_none() && !spilling(&out) {
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    assert!(child.try_wait().unwrap().is_none(), "the run ended before it spilled");
    let _ = Command::new("kill").args(["-TERM", &child.id().to_string()]).status();
    let status = child.wait().unwrap();
    assert_eq!(status.code(), Some(143));
    assert_eq!(temporary(&out), Vec::<String>::new(), "temporary files or folders left");
}

/// A spill folder a killed run left (`.triage-spill.<pid>.<random>.tmp`, its pid dead) is
/// removed by the next run into the folder; one of a live process is kept.
#[test]
fn a_killed_runs_spill_folder_is_removed_by_the_next_run() {
    let dir = tempfile::tempdir().unwrap();
    let input = generated(dir.path(), 50);
    let out = dir.path().join("out");
    let mut finished = Command::new("true").spawn().unwrap();
    let dead = finished.id();
    finished.wait().unwrap();
    let stale = out.join(format!(".triage-spill.{dead}.a1b2c3.tmp"));
    std::fs::create_dir_all(&stale).unwrap();
    std::fs::write(stale.join("0123456789abcdef"), vec![b'x'; 4096]).unwrap();
    let live = out.join(format!(".triage-spill.{}.q1w2e3.tmp", std::process::id()));
    std::fs::create_dir_all(&live).unwrap();
    let args = triage_args(&input, &out, 10);
    let run = urldiff(&args.iter().map(String::as_str).collect::<Vec<_>>());
    assert!(run.status.code().is_some_and(|c| c < 2), "{}", String::from_utf8_lossy(&run.stderr));
    assert!(!stale.exists(), "{} is left", stale.display());
    assert!(live.exists(), "a live process's folder is kept");
}
