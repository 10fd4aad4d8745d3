//! `urldiff minimize`, `urldiff triage` and `urldiff export-wpt` from the outside: exit codes,
//! the `--json` shape, the findings file and the class table. Runs ask only in-process
//! oracles (`--oracle`), so no runtime is needed and the results are the hand-checked ones
//! of `triage/tests/minimize.rs`.

use serde_json::Value;
use std::process::{Command, Output};

const PAIR: [&str; 4] = ["--oracle", "reference", "--oracle", "reference-rfc3986"];

fn urldiff(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_urldiff")).args(args).output().expect("run urldiff")
}

fn urldiff_with_stdin(args: &[&str], stdin: &str) -> Output {
    use std::io::Write as _;
    let mut child = Command::new(env!("CARGO_BIN_EXE_urldiff"))
        .args(args)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("run urldiff");
    child.stdin.take().unwrap().write_all(stdin.as_bytes()).unwrap();
    child.wait_with_output().unwrap()
}

fn code(out: &Output) -> i32 {
    out.status.code().expect("exited")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

#[test]
fn minimize_prints_the_hand_checked_result_and_exits_0() {
    let out = urldiff(
        &[&["minimize", "--json"][..], &PAIR, &["http://evil.example\\@good.example/"]].concat(),
    );
    assert_eq!(code(&out), 0, "{}", text(&out.stderr));
    let json: Value = serde_json::from_slice(&out.stdout).unwrap();
    let keys: Vec<&str> = json.as_object().unwrap().keys().map(String::as_str).collect();
    assert_eq!(
        keys,
        ["original", "base", "minimized", "minimized_base", "signature", "oracle_calls", "seconds"]
    );
    assert_eq!(json["minimized"], "http://a\\@");
    assert_eq!(json["base"], Value::Null);
    assert!(json["signature"].as_str().unwrap().contains("host/structural"));
    assert!(json["oracle_calls"].as_u64().unwrap() > 1);
}

#[test]
fn minimize_exits_1_when_the_oracles_agree_and_2_on_a_harness_error() {
    let agree = urldiff(&[&["minimize"][..], &PAIR, &["http://a/"]].concat());
    assert_eq!(code(&agree), 1);
    assert!(text(&agree.stderr).contains("nothing to minimize"), "{}", text(&agree.stderr));
    assert!(agree.stdout.is_empty());
    let unknown = urldiff(&["minimize", "--oracle", "no-such-oracle", "http://a\\@b"]);
    assert_eq!(code(&unknown), 2);
    assert!(text(&unknown.stderr).contains("no-such-oracle"));
}

#[test]
fn triage_writes_findings_and_exits_1_on_groups_0_without_and_2_on_bad_input() {
    let dir = tempfile::tempdir().unwrap();
    let cases = dir.path().join("cases.jsonl");
    std::fs::write(
        &cases,
        "{\"input\": \"http://evil.example\\\\@good.example/\", \"base\": null}\n\n\
         {\"input\": \"HTTP://A/\"}\n{\"input\": \"http://a/\", \"base\": null}\n",
    )
    .unwrap();
    let out_dir = dir.path().join("out");
    let args = |input: &std::path::Path| {
        let mut a = vec!["triage".to_owned(), input.display().to_string(), "--out".into()];
        a.push(out_dir.display().to_string());
        a.extend(PAIR.iter().map(|s| (*s).to_owned()));
        a
    };
    let run = |input: &std::path::Path| {
        let a = args(input);
        urldiff(&a.iter().map(String::as_str).collect::<Vec<_>>())
    };
    let out = run(&cases);
    assert_eq!(code(&out), 1, "{}", text(&out.stderr));
    let findings: Value =
        serde_json::from_str(&std::fs::read_to_string(out_dir.join("findings.json")).unwrap())
            .unwrap();
    assert_eq!(findings["schema_version"], 2);
    // The backslash case is a confusion of the two standards; the upper-case one a model
    // difference, counted and not a group.
    assert_eq!(findings["groups"].as_array().unwrap().len(), 1);
    assert_eq!(findings["groups"][0]["kind"], "confusion");
    assert_eq!(findings["groups"][0]["example"]["input"], "http://example.com\\@");
    assert_eq!(findings["model_differences"][0]["example"]["input"], "HTTP://A/");
    assert!(text(&out.stdout).contains("whatwg vs rfc3986: userinfo"), "{}", text(&out.stdout));
    // Export what was found: readable by our urltestdata reader.
    let exported = dir.path().join("wpt.json");
    let export = urldiff(&[
        "export-wpt",
        &out_dir.join("findings.json").display().to_string(),
        "--out",
        &exported.display().to_string(),
    ]);
    assert_eq!(code(&export), 0, "{}", text(&export.stderr));
    let file = urldiff_corpus::urltestdata::read(&exported).unwrap();
    assert_eq!(file.entries.len(), 0, "a confusion is no WPT test");
    // Only agreeing cases: no group, exit 0.
    let agree = dir.path().join("agree.jsonl");
    std::fs::write(&agree, "{\"input\": \"http://a/\"}\n").unwrap();
    assert_eq!(code(&run(&agree)), 0);
    // Lines that are not requests (not JSON, not UTF-8) are named with file:line and set
    // aside; every other line is triaged and written; the run then exits 2, as ripgrep does
    // when some input could not be read.
    let bad = dir.path().join("bad.jsonl");
    let mut bytes = b"not json\n{\"input\": \"http://evil.example\\\\@good.example/\"}\n".to_vec();
    bytes.extend_from_slice(b"{\"input\": \"http://\xff/\"}\n{\"input\": \"http://a/\"}\n");
    std::fs::write(&bad, bytes).unwrap();
    std::fs::remove_dir_all(&out_dir).unwrap();
    let out = run(&bad);
    let stderr = text(&out.stderr);
    assert_eq!(code(&out), 2, "{stderr}");
    assert!(stderr.contains("bad.jsonl:1: invalid JSON"), "{stderr}");
    assert!(stderr.contains("bad.jsonl:3: not UTF-8"), "{stderr}");
    let findings: Value =
        serde_json::from_str(&std::fs::read_to_string(out_dir.join("findings.json")).unwrap())
            .unwrap();
    assert_eq!(findings["run"]["cases"], 2, "{findings}");
    assert_eq!(findings["run"]["unreadable_lines"].as_array().unwrap().len(), 2);
    assert_eq!(findings["groups"].as_array().unwrap().len(), 1);
}

#[test]
fn triage_reads_a_conform_report_and_the_ledger_needs_the_reference() {
    let dir = tempfile::tempdir().unwrap();
    let report = dir.path().join("run.json");
    let divergence = |input: &str, kind: Value| {
        let mut case = serde_json::json!({ "input": input, "base": null });
        case.as_object_mut().unwrap().extend(kind.as_object().unwrap().clone());
        serde_json::json!({ "oracle": "x", "suite": "wpt/urltestdata", "name": "n", "case": case })
    };
    let doc = serde_json::json!({ "divergences": [
        divergence("http://a\\@b", serde_json::json!({"kind": "parse"})),
        divergence("http://a\\@b", serde_json::json!({"kind": "parse"})),
        divergence("http://a/", serde_json::json!({"kind": "setter", "property": "host", "value": "x"})),
    ]});
    std::fs::write(&report, doc.to_string()).unwrap();
    let out_dir = dir.path().join("out");
    let out = urldiff(
        &[
            &["triage", &report.display().to_string(), "--out", &out_dir.display().to_string()][..],
            &PAIR,
        ]
        .concat(),
    );
    assert_eq!(code(&out), 1, "{}", text(&out.stderr));
    let findings: Value =
        serde_json::from_str(&std::fs::read_to_string(out_dir.join("findings.json")).unwrap())
            .unwrap();
    assert_eq!(findings["run"]["cases"], 1, "the same case once");
    assert_eq!(findings["run"]["skipped_cases"], 1, "the setter case");
    let without_reference = urldiff(&[
        "triage",
        &report.display().to_string(),
        "--out",
        &out_dir.display().to_string(),
        "--ledger",
        "corpus/expected",
        "--oracle",
        "rust-url",
    ]);
    assert_eq!(code(&without_reference), 2);
    assert!(text(&without_reference.stderr).contains("reference"));
}

#[test]
fn explain_classes_and_compare_json_show_the_classes() {
    let out = urldiff(&["triage", "--explain-classes"]);
    assert_eq!(code(&out), 0);
    let table = text(&out.stdout);
    for id in ["scheme-confusion", "backslash-confusion", "unicode-version-skew", "unclassified"] {
        assert!(table.contains(id), "{id} missing from --explain-classes");
    }
    let compare = urldiff(&[&["compare", "--json"][..], &PAIR, &["http://a\\@b"]].concat());
    let json: Value = serde_json::from_slice(&compare.stdout).unwrap();
    let classes: Vec<&str> =
        json["classes"].as_array().unwrap().iter().map(|c| c.as_str().unwrap()).collect();
    assert_eq!(classes, ["backslash-confusion", "userinfo-confusion"]);
    let table = urldiff(&[&["compare"][..], &PAIR, &["http://a\\@b"]].concat());
    assert!(text(&table.stdout).contains("\nclasses: backslash-confusion, userinfo-confusion"));
}

#[test]
fn empty_missing_and_malformed_inputs_are_harness_errors() {
    let dir = tempfile::tempdir().unwrap();
    let empty = dir.path().join("empty.jsonl");
    std::fs::write(&empty, "\n  \n").unwrap();
    let malformed = dir.path().join("malformed.json");
    std::fs::write(&malformed, "{\"divergences\": [").unwrap();
    let missing = dir.path().join("missing.json");
    let out_dir = dir.path().join("out").display().to_string();
    let cases: [(&[&str], &std::path::Path, &str); 7] = [
        (&["triage", "--out", &out_dir], &empty, "is empty"),
        (&["triage", "--out", &out_dir], &missing, "cannot read"),
        (&["triage", "--out", &out_dir], &malformed, "invalid JSON"),
        (&["report"], &empty, "is empty"),
        (&["report"], &malformed, "not JSON"),
        (&["export-wpt"], &empty, "empty"),
        (&["export-wpt"], &missing, "cannot read"),
    ];
    for (args, file, says) in cases {
        let mut all: Vec<String> = args.iter().map(|s| (*s).to_owned()).collect();
        all.push(file.display().to_string());
        let out = urldiff(&all.iter().map(String::as_str).collect::<Vec<_>>());
        let stderr = text(&out.stderr);
        assert_eq!(code(&out), 2, "{all:?}: {stderr}");
        assert!(stderr.contains(says), "{all:?} should say {says:?}: {stderr}");
        assert!(!stderr.contains("panicked"), "{all:?}: {stderr}");
    }
}

/// A group as the merge test compares it: id, count, members (sorted).
type GroupView = (String, u64, Vec<String>);

/// The groups of a findings file, and its model differences (id, cases).
fn grouping(path: &std::path::Path) -> (Vec<GroupView>, Vec<(String, u64)>) {
    let findings: Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    let mut groups: Vec<GroupView> = findings["groups"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| {
            let mut members: Vec<String> =
                g["members"].as_array().unwrap().iter().map(|m| m.to_string()).collect();
            members.sort();
            (g["id"].as_str().unwrap().to_owned(), g["count"].as_u64().unwrap(), members)
        })
        .collect();
    groups.sort();
    let mut models: Vec<(String, u64)> = findings["model_differences"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| (m["id"].as_str().unwrap().to_owned(), m["cases"].as_u64().unwrap()))
        .collect();
    models.sort();
    (groups, models)
}

#[test]
fn shards_merged_by_root_cause_are_the_whole_run() {
    let dir = tempfile::tempdir().unwrap();
    let cases = dir.path().join("cases.jsonl");
    let generated = urldiff(&["corpus", "generate", "300", "--seed", "5"]);
    assert_eq!(code(&generated), 0, "{}", text(&generated.stderr));
    assert_eq!(text(&generated.stdout).lines().count(), 300);
    let too_many = urldiff(&["corpus", "generate", "2000000"]);
    assert_eq!(code(&too_many), 2, "a count past 1,000,000 is refused, not allocated");
    std::fs::write(&cases, &generated.stdout).unwrap();
    let oracles = [
        "--oracle",
        "reference",
        "--oracle",
        "reference-rfc3986",
        "--oracle",
        "rust-url",
        "--oracle",
        "ada",
    ];
    let triage = |out: &str, shard: Option<&str>| {
        let out = dir.path().join(out);
        let mut args = vec![
            "triage".to_owned(),
            cases.display().to_string(),
            "--out".into(),
            out.display().to_string(),
        ];
        args.extend(oracles.iter().map(|s| (*s).to_owned()));
        if let Some(shard) = shard {
            args.extend(["--shard".to_owned(), shard.to_owned()]);
        }
        let run = urldiff(&args.iter().map(String::as_str).collect::<Vec<_>>());
        assert_eq!(code(&run), 1, "{}", text(&run.stderr));
        out.join("findings.json")
    };
    let whole = triage("whole", None);
    let shards: Vec<std::path::PathBuf> = ["1/3", "2/3", "3/3"]
        .iter()
        .enumerate()
        .map(|(i, s)| triage(&format!("shard{i}"), Some(s)))
        .collect();
    let merged = dir.path().join("merged");
    let mut args = vec!["triage".to_owned(), "--merge".into()];
    args.extend(shards.iter().map(|p| p.display().to_string()));
    args.extend(["--out".to_owned(), merged.display().to_string()]);
    let run = urldiff(&args.iter().map(String::as_str).collect::<Vec<_>>());
    assert_eq!(code(&run), 1, "{}", text(&run.stderr));
    let (whole_groups, whole_models) = grouping(&whole);
    let (merged_groups, merged_models) = grouping(&merged.join("findings.json"));
    assert!(whole_groups.len() > 3, "a run worth merging: {whole_groups:?}");
    assert_eq!(merged_groups, whole_groups);
    assert_eq!(merged_models, whole_models);
    // Each shard holds a part, and every case is in exactly one shard.
    let cases_in = |p: &std::path::Path| -> u64 {
        let f: Value = serde_json::from_str(&std::fs::read_to_string(p).unwrap()).unwrap();
        f["run"]["cases"].as_u64().unwrap()
    };
    let total: u64 = shards.iter().map(|p| cases_in(p)).sum();
    assert_eq!(total, cases_in(&whole));
    assert!(shards.iter().all(|p| cases_in(p) < total));
    // A bad shard or a file that is not findings: a harness error naming it.
    let bad = urldiff(&["triage", &cases.display().to_string(), "--out", "x", "--shard", "4/3"]);
    assert_eq!(code(&bad), 2);
    assert!(text(&bad.stderr).contains("K/N"), "{}", text(&bad.stderr));
    let not_findings = urldiff(&[
        "triage",
        "--merge",
        &cases.display().to_string(),
        "--out",
        &dir.path().join("m2").display().to_string(),
    ]);
    assert_eq!(code(&not_findings), 2);
    assert!(text(&not_findings.stderr).contains("cases.jsonl"), "{}", text(&not_findings.stderr));
}

#[test]
fn explain_severity_prints_the_consequence_table() {
    let out = urldiff(&["triage", "--explain-severity"]);
    assert_eq!(code(&out), 0);
    let table = text(&out.stdout);
    for row in ["accepted-authority-differs", "accept-reject-with-host", "model-difference"] {
        assert!(table.contains(row), "{table}");
    }
}

#[test]
fn exported_wpt_entries_are_what_whatwg_url_reads() {
    let dir = tempfile::tempdir().unwrap();
    let cases = dir.path().join("cases.jsonl");
    let lines = [
        r#"{"input": "a://h:1\\", "base": null}"#,
        r#"{"input": "ssh://git@host:22\\path", "base": null}"#,
        r#"{"input": "http://example.com/a^b", "base": null}"#,
        r#"{"input": "///x", "base": "http://example.com/a/b"}"#,
    ];
    std::fs::write(&cases, lines.join("\n")).unwrap();
    let out_dir = dir.path().join("out");
    let oracles = ["--oracle", "reference", "--oracle", "rust-url", "--oracle", "whatwg-url"];
    let mut args = vec!["triage", cases.to_str().unwrap(), "--out", out_dir.to_str().unwrap()];
    args.extend(oracles);
    let triage = urldiff(&args);
    if code(&triage) == 2 && text(&triage.stderr).contains("whatwg-url") {
        let why = "whatwg-url is unavailable (node or its packages missing)";
        urldiff_corpus::required::skip(
            "node",
            "exported_wpt_entries_are_what_whatwg_url_reads",
            why,
        );
        return;
    }
    assert_eq!(code(&triage), 1, "{}", text(&triage.stderr));
    let exported = dir.path().join("wpt.json");
    let findings = out_dir.join("findings.json");
    let export =
        urldiff(&["export-wpt", findings.to_str().unwrap(), "--out", exported.to_str().unwrap()]);
    assert_eq!(code(&export), 0, "{}", text(&export.stderr));
    let file = urldiff_corpus::urltestdata::read(&exported).unwrap();
    assert!(!file.entries.is_empty(), "rust-url's port case is not in WPT");
    let requests: String = file
        .entries
        .iter()
        .map(|e| serde_json::json!({"input": e.input, "base": e.base}).to_string() + "\n")
        .collect();
    let compared = urldiff_with_stdin(&["compare", "--jsonl", "--oracle", "whatwg-url"], &requests);
    assert!(matches!(code(&compared), 0 | 1), "{}", text(&compared.stderr));
    let answers: Vec<Value> =
        text(&compared.stdout).lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(answers.len(), file.entries.len());
    for (entry, line) in file.entries.iter().zip(&answers) {
        let answer = &line["answers"][0];
        assert_eq!(answer["oracle"], "whatwg-url");
        match &entry.expected {
            urldiff_corpus::urltestdata::Expected::Failure => {
                assert_eq!(answer["outcome"], "failure", "{}: {line}", entry.input)
            }
            expected => {
                assert_eq!(answer["outcome"], "parsed", "{}: {line}", entry.input);
                assert_eq!(
                    answer["record"]["href"].as_str(),
                    expected.field("href"),
                    "{}",
                    entry.input
                );
            }
        }
    }
}

/// A library of no standard with a reference (urijs claims none) minimized beside the two
/// references: urldiff 0.1.0 at f0a33bb panicked (index out of bounds in
/// `documented::covering`) on this input of `stress.py 2000 31337`. Needs node for urijs.
#[test]
fn a_library_without_a_reference_is_triaged_without_a_panic() {
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("one.jsonl");
    let line = r#"{"input": "HTTP:\\\\[]\ud8ba\udcac", "base": "file://host/x/y"}"#;
    std::fs::write(&input, format!("{line}\n")).unwrap();
    let out_dir = dir.path().join("out");
    let args = [
        "triage",
        input.to_str().unwrap(),
        "--out",
        out_dir.to_str().unwrap(),
        "--oracle",
        "reference",
        "--oracle",
        "reference-rfc3986",
        "--oracle",
        "urijs",
    ];
    let out = urldiff(&args);
    let stderr = text(&out.stderr);
    if code(&out) == 2 && stderr.contains("urijs") {
        urldiff_corpus::required::skip("node", "urijs", "not available");
        return;
    }
    assert!(matches!(code(&out), 0 | 1), "exit {}: {stderr}", code(&out));
    assert!(out_dir.join("findings.json").is_file(), "{stderr}");
}
