//! `urldiff triage --shard` and `--merge` from the outside, on what a real input holds: lines
//! that cannot be read, cases triage skips, campaign reports, flags that do not apply to a
//! merge, and the temporary files a killed merge leaves. Only in-process oracles are asked.

use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

const PAIR: [&str; 4] = ["--oracle", "reference", "--oracle", "reference-rfc3986"];

fn urldiff(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_urldiff")).args(args).output().expect("run urldiff")
}

fn code(out: &Output) -> i32 {
    out.status.code().expect("exited")
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

fn json(path: &Path) -> Value {
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

/// A folder with a conform report (two setter cases triage skips, three parse cases) and a
/// JSON Lines file of 40 generated cases, with one line that is not a request when
/// `unreadable`.
fn input_folder(dir: &Path, unreadable: bool) -> PathBuf {
    let input = dir.join("input");
    std::fs::create_dir_all(&input).unwrap();
    let divergence = |case: Value| serde_json::json!({ "case": case, "suite": "wpt/test" });
    let report = serde_json::json!({ "divergences": [
        divergence(serde_json::json!({"input": "http://a/", "base": null, "kind": "setter",
                                      "property": "host", "value": "b\\c"})),
        divergence(serde_json::json!({"input": "http://x/", "base": null, "kind": "setter",
                                      "property": "port", "value": "8\\0"})),
        divergence(serde_json::json!({"input": "http://e\\@g/", "base": null, "kind": "parse"})),
        divergence(serde_json::json!({"input": "HTTP://A/", "base": null, "kind": "parse"})),
        divergence(serde_json::json!({"input": "a\\b", "base": "http://h/", "kind": "parse"})),
    ]});
    std::fs::write(input.join("run.json"), report.to_string()).unwrap();
    let generated = urldiff(&["corpus", "generate", "40", "--seed", "3"]);
    assert_eq!(code(&generated), 0, "{}", stderr(&generated));
    let mut lines = String::from_utf8(generated.stdout).unwrap();
    if unreadable {
        lines.push_str("this line is not a request\n");
    }
    std::fs::write(input.join("cases.jsonl"), lines).unwrap();
    input
}

fn triage(input: &Path, out: &Path, shard: Option<&str>) -> Output {
    let (input, out) = (input.display().to_string(), out.display().to_string());
    let mut args = vec!["triage", input.as_str(), "--out", out.as_str()];
    args.extend(PAIR);
    if let Some(shard) = shard {
        args.extend(["--shard", shard]);
    }
    urldiff(&args)
}

fn merge(files: &[PathBuf], out: &Path) -> Output {
    let files: Vec<String> = files.iter().map(|p| p.display().to_string()).collect();
    let out = out.display().to_string();
    let mut args = vec!["triage", "--merge"];
    args.extend(files.iter().map(String::as_str));
    args.extend(["--out", out.as_str()]);
    urldiff(&args)
}

#[test]
fn shards_count_skipped_cases_and_unreadable_lines_once_and_the_merge_exits_as_one_run() {
    let dir = tempfile::tempdir().unwrap();
    let input = input_folder(dir.path(), true);
    let whole = triage(&input, &dir.path().join("whole"), None);
    assert_eq!(code(&whole), 2, "an unreadable line: {}", stderr(&whole));
    let whole = json(&dir.path().join("whole/findings.json"));
    assert_eq!(whole["run"]["skipped_cases"], 2, "the two setter cases");
    assert_eq!(whole["run"]["unreadable_lines"].as_array().unwrap().len(), 1);
    let mut shards = Vec::new();
    for k in 1..=3 {
        let out = dir.path().join(format!("shard{k}"));
        let run = triage(&input, &out, Some(&format!("{k}/3")));
        assert_eq!(code(&run), 2, "each shard read the unreadable line: {}", stderr(&run));
        shards.push(out.join("findings.json"));
    }
    let merged_dir = dir.path().join("merged");
    let merged = merge(&shards, &merged_dir);
    assert_eq!(code(&merged), 2, "as the one run: {}", stderr(&merged));
    let merged = json(&merged_dir.join("findings.json"));
    assert_eq!(merged["run"]["skipped_cases"], whole["run"]["skipped_cases"]);
    assert_eq!(merged["run"]["unreadable_lines"], whole["run"]["unreadable_lines"]);
    assert_eq!(merged["run"]["cases"], whole["run"]["cases"]);
}

#[test]
fn flags_that_do_not_apply_to_a_merge_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let input = input_folder(dir.path(), false);
    triage(&input, &dir.path().join("one"), None);
    let file = dir.path().join("one/findings.json").display().to_string();
    let out = dir.path().join("merged").display().to_string();
    for (flag, value) in [
        ("--shard", "1/2"),
        ("--ledger", "/no/such/ledger"),
        ("--oracle", "no-such-oracle"),
        ("--minimize-per-key", "3"),
        ("--max-calls", "10"),
    ] {
        let run = urldiff(&["triage", "--merge", &file, "--out", &out, flag, value]);
        assert_eq!(code(&run), 2, "{flag}: {}", stderr(&run));
        let why = stderr(&run);
        assert!(why.contains(flag) && why.contains("--merge"), "{flag}: {why}");
        assert!(!Path::new(&out).join("findings.json").exists(), "{flag}: nothing written");
    }
}

#[test]
fn a_campaign_report_keeps_its_signatures_and_crashes_when_merged() {
    let dir = tempfile::tempdir().unwrap();
    let input = input_folder(dir.path(), false);
    triage(&input, &dir.path().join("one"), None);
    let mut report = json(&dir.path().join("one/findings.json"));
    let signature = |id: &str| {
        serde_json::json!({"target": "setters", "signature_id": id, "signature": "setters:x",
                           "input": "http://a/", "base": null, "detail": "host setter"})
    };
    report["campaign"] = serde_json::json!({"state": "finished"});
    report["signatures"] = serde_json::json!([signature("aa"), signature("bb")]);
    report["crashes"] = serde_json::json!(["crashes/structured/crash-1"]);
    let night1 = dir.path().join("night1.json");
    std::fs::write(&night1, report.to_string()).unwrap();
    report["signatures"] = serde_json::json!([signature("bb"), signature("cc")]);
    report["crashes"] = serde_json::json!(["crashes/differential/crash-2"]);
    let night2 = dir.path().join("night2.json");
    std::fs::write(&night2, report.to_string()).unwrap();
    let out = dir.path().join("merged");
    let run = merge(&[night1, night2], &out);
    assert!(code(&run) < 2, "{}", stderr(&run));
    let merged = json(&out.join("findings.json"));
    let ids: Vec<&str> = merged["signatures"]
        .as_array()
        .unwrap_or_else(|| panic!("no signatures in the merged file"))
        .iter()
        .map(|s| s["signature_id"].as_str().unwrap())
        .collect();
    assert_eq!(ids, ["aa", "bb", "cc"], "each signature once");
    assert_eq!(
        merged["crashes"],
        serde_json::json!(["crashes/differential/crash-2", "crashes/structured/crash-1"])
    );
}

/// A temporary file a killed merge left: `.findings.json.<pid>.<random>.tmp`, its pid dead.
#[test]
fn temporary_files_of_a_killed_run_are_removed_by_the_next_run() {
    let dir = tempfile::tempdir().unwrap();
    let input = input_folder(dir.path(), false);
    triage(&input, &dir.path().join("one"), None);
    let out = dir.path().join("merged");
    std::fs::create_dir_all(&out).unwrap();
    let mut finished = Command::new("true").spawn().unwrap();
    let dead = finished.id();
    finished.wait().unwrap();
    let stale = [
        out.join(format!(".findings.json.{dead}.a1b2c3.tmp")),
        out.join(format!(".findings.html.{dead}.zz9y8x.tmp")),
    ];
    for path in &stale {
        std::fs::write(path, vec![b'x'; 4096]).unwrap();
    }
    // A temporary file of a writer that is alive (this test) is not another run's leftover.
    let live = out.join(format!(".findings.json.{}.q1w2e3.tmp", std::process::id()));
    std::fs::write(&live, b"x").unwrap();
    let run = merge(&[dir.path().join("one/findings.json")], &out);
    assert!(code(&run) < 2, "{}", stderr(&run));
    for path in &stale {
        assert!(!path.exists(), "{} is left", path.display());
    }
    assert!(live.exists(), "a live writer's file is kept");
}

/// SIGTERM while the merge writes (its temporary files seen in the out folder): none is left.
#[test]
fn sigterm_during_a_merge_leaves_no_temporary_file() {
    let dir = tempfile::tempdir().unwrap();
    let input = input_folder(dir.path(), false);
    triage(&input, &dir.path().join("one"), None);
    // A large findings file: the one run's groups copied under other ids, so writing the
    // merged files takes a while.
    let mut big = json(&dir.path().join("one/findings.json"));
    let groups = big["groups"].as_array().unwrap().clone();
    let mut many = Vec::new();
    for i in 0..4000 {
        for g in &groups {
            let mut g = g.clone();
            g["id"] = Value::String(format!("{}-{i}", g["id"].as_str().unwrap()));
            many.push(g);
        }
    }
    big["groups"] = Value::Array(many);
    let big_path = dir.path().join("big.json");
    std::fs::write(&big_path, big.to_string()).unwrap();
    let mut caught = false;
    for attempt in 0..5 {
        let out = dir.path().join(format!("merged{attempt}"));
        std::fs::create_dir_all(&out).unwrap();
        let mut child = Command::new(env!("CARGO_BIN_EXE_urldiff"))
            .args(["triage", "--merge"])
            .arg(&big_path)
            .arg("--out")
            .arg(&out)
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .spawn()
            .unwrap();
        let temporary = |out: &Path| {
            std::fs::read_dir(out)
                .unwrap()
                .filter_map(|e| e.ok())
                .filter(|e| e.file_name().to_string_lossy().ends_with(".tmp"))
                .count()
        };
        // Wait for the writing to start (or the run to end), then SIGTERM.
        while child.try_wait().unwrap().is_none() && temporary(&out) == 0 {
            std::thread::yield_now();
        }
        if child.try_wait().unwrap().is_none() {
            let _ = Command::new("kill").args(["-TERM", &child.id().to_string()]).status();
            caught = true;
        }
        child.wait().unwrap();
        assert_eq!(temporary(&out), 0, "attempt {attempt}: temporary files left");
        if caught {
            break;
        }
    }
    if !caught {
        eprintln!("sigterm_during_a_merge: every merge ended before its files were staged");
    }
}
