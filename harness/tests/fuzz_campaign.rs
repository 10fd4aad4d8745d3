//! `urldiff fuzz` end to end: bad arguments, a short differential campaign producing grouped
//! findings with classes, and a campaign killed with SIGKILL and resumed.
//!
//! The campaign tests need the fuzz workspace's libFuzzer binaries as `urldiff fuzz` builds
//! them (`make fuzz-campaign-build`, or `URLDIFF_FUZZ_BIN_DIR`); without them they are skipped
//! with one line. They run with `--no-build`: a test never starts a fuzz build.

use serde_json::Value;
use std::path::Path;
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

fn urldiff() -> Command {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_urldiff"));
    cmd.current_dir(Path::new(env!("CARGO_MANIFEST_DIR")).join(".."));
    cmd
}

fn run(args: &[&str]) -> Output {
    urldiff().args(args).stdin(Stdio::null()).output().unwrap()
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// Whether the campaign's fuzz binaries are built (`$URLDIFF_FUZZ_BIN_DIR`, else the
/// checkout's campaign build and seeds tool); says so in one line when they are not.
fn fuzz_binaries() -> bool {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let found = match std::env::var_os("URLDIFF_FUZZ_BIN_DIR") {
        Some(dir) => Path::new(&dir).join("differential").is_file(),
        None => {
            let seeds = root.join("fuzz/target/debug/urldiff-fuzz-seeds").is_file();
            let campaign = root.join("fuzz/target/campaign");
            let targets = std::fs::read_dir(campaign).ok().is_some_and(|entries| {
                entries.filter_map(|e| e.ok()).any(|e| {
                    let release = e.path().join("release");
                    ["differential", "structured"].iter().all(|t| release.join(t).is_file())
                })
            });
            seeds && targets
        }
    };
    static SAID: std::sync::Once = std::sync::Once::new();
    if !found {
        // Once, straight to stderr, past libtest's capture: the line shows in `make test`.
        use std::io::Write as _;
        SAID.call_once(|| {
            let _ = writeln!(
            std::io::stderr(),
            "fuzz campaign tests: skipped (no campaign fuzz binaries; `make fuzz-campaign-build` \
             builds them)"
            );
        });
    }
    found
}

fn json(path: &Path) -> Value {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    serde_json::from_str(&text).unwrap()
}

fn files(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .map(|es| {
            es.filter_map(|e| e.ok()).map(|e| e.file_name().to_string_lossy().into()).collect()
        })
        .unwrap_or_default();
    names.sort();
    names
}

#[test]
fn bad_arguments_are_clear_harness_errors() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().to_str().unwrap();
    let cases: [(&[&str], &str); 5] = [
        (
            &["fuzz", "--target", "nope", "--duration", "10s", "--out", out],
            "unknown fuzz target `nope`",
        ),
        (&["fuzz", "--duration", "ten", "--out", out], "`ten` is not a duration"),
        (&["fuzz", "--duration", "0", "--out", out], "at least one second"),
        (&["fuzz", "--jobs", "0", "--duration", "5s", "--out", out], "--jobs must be at least 1"),
        (
            &[
                "fuzz",
                "--target",
                "roundtrip",
                "--target",
                "roundtrip",
                "--duration",
                "5s",
                "--out",
                out,
            ],
            "named twice",
        ),
    ];
    for (args, message) in cases {
        let got = run(args);
        assert_eq!(got.status.code(), Some(2), "{args:?}: {}", stderr(&got));
        assert!(stderr(&got).contains(message), "{args:?}: {}", stderr(&got));
    }
    let got = run(&["fuzz", "--out", out]);
    assert_eq!(got.status.code(), Some(2), "a missing --duration: {}", stderr(&got));
    // No binaries where it is told to look: exit 2 with the command that builds them.
    let empty = tempfile::tempdir().unwrap();
    let got = urldiff()
        .args(["fuzz", "--target", "differential", "--duration", "5s", "--out", out])
        .env("URLDIFF_FUZZ_BIN_DIR", empty.path())
        .output()
        .unwrap();
    assert_eq!(got.status.code(), Some(2), "{}", stderr(&got));
    assert!(stderr(&got).contains("make fuzz-campaign-build"), "{}", stderr(&got));
    assert!(stderr(&got).contains("differential"), "{}", stderr(&got));
}

#[test]
fn a_differential_campaign_writes_grouped_findings_with_classes() {
    if !fuzz_binaries() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("campaign");
    let got = urldiff()
        .args(["fuzz", "--target", "differential", "--duration", "12s", "--no-build"])
        .args(["--minimize-seconds", "2", "--out"])
        .arg(&out)
        .output()
        .unwrap();
    let text = format!("{}\n{}", String::from_utf8_lossy(&got.stdout), stderr(&got));
    assert_eq!(got.status.code(), Some(1), "new groups on a first campaign: {text}");
    let findings = files(&out.join("findings/differential"));
    assert!(!findings.is_empty(), "{text}");
    let finding = json(&out.join("findings/differential").join(&findings[0]));
    assert_eq!(finding["target"], "differential");
    assert_eq!(format!("{}.json", finding["signature_id"].as_str().unwrap()), findings[0]);
    assert!(finding["signature"].as_str().unwrap().contains('{'), "{finding}");
    let report = json(&out.join("report.json"));
    let groups = report["groups"].as_array().unwrap();
    assert!(!groups.is_empty(), "{text}");
    for g in groups {
        assert!(!g["classes"].as_array().unwrap().is_empty(), "{g}");
    }
    assert!(groups.iter().any(|g| g["classes"]
        .as_array()
        .unwrap()
        .iter()
        .any(|c| c != "unclassified")));
    assert_eq!(report["campaign"]["state"], "finished");
    let status = json(&out.join("status.json"));
    assert_eq!(status["state"], "finished");
    assert!(status["execs"].as_u64().unwrap() > 0);
    let history = std::fs::read_to_string(out.join("history.jsonl")).unwrap();
    let lines: Vec<Value> = history.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(lines.len(), 1);
    assert_eq!(lines[0]["groups"].as_u64().unwrap() as usize, groups.len());
    assert_eq!(lines[0]["new_groups"], lines[0]["groups"]);
    let html = std::fs::read_to_string(out.join("report.html")).unwrap();
    assert!(html.contains("<svg") && !html.contains("<script src"), "self-contained with a plot");
    assert!(std::fs::read_to_string(out.join("report.md")).unwrap().contains("## Groups"));
}

#[test]
fn a_killed_campaign_resumes_with_its_corpus_findings_and_time() {
    if !fuzz_binaries() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("campaign");
    let start = || {
        urldiff()
            .args(["fuzz", "--target", "differential", "--duration", "24s", "--no-build"])
            .args(["--minimize-seconds", "1", "--out"])
            .arg(&out)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap()
    };
    let mut first = start();
    // Wait until the fuzzer has run a while and written a status with executions.
    let waited = Instant::now();
    let killed_status = loop {
        assert!(waited.elapsed() < Duration::from_secs(120), "no progress in status.json");
        std::thread::sleep(Duration::from_millis(500));
        let Ok(text) = std::fs::read_to_string(out.join("status.json")) else { continue };
        let Ok(status) = serde_json::from_str::<Value>(&text) else { continue };
        let fuzzed = status["resume"]["elapsed_seconds"]["differential"].as_u64().unwrap_or(0);
        if status["execs"].as_u64().unwrap_or(0) > 0 && fuzzed >= 4 {
            break status;
        }
    };
    first.kill().unwrap(); // SIGKILL
    first.wait().unwrap();
    let status = json(&out.join("status.json"));
    assert_eq!(status["state"], "running", "a killed campaign's status is left as it was");
    let orphan = status["resume"]["fuzzer_groups"][0].as_u64().unwrap();
    let corpus_before = files(&out.join("corpus/differential"));
    let findings_before = files(&out.join("findings/differential"));
    assert!(!corpus_before.is_empty());
    let fuzzed = status["resume"]["elapsed_seconds"]["differential"].as_u64().unwrap();
    assert!(fuzzed >= killed_status["resume"]["elapsed_seconds"]["differential"].as_u64().unwrap());

    let second = start().wait_with_output().unwrap();
    let text = format!("{}\n{}", String::from_utf8_lossy(&second.stdout), stderr(&second));
    assert!(matches!(second.status.code(), Some(0 | 1)), "{text}");
    assert!(text.contains("resuming the campaign"), "{text}");
    // Gone, or a zombie nobody reaps (a container's init may not): not running either way.
    let stat = std::fs::read_to_string(format!("/proc/{orphan}/stat")).unwrap_or_default();
    let running = stat.rsplit(')').next().is_some_and(|s| !s.trim_start().starts_with('Z'));
    assert!(stat.is_empty() || !running, "the orphaned fuzzer was stopped: {stat}");
    // Corpus and findings were kept (a finding never leaves; the corpus only grows).
    let corpus_after = files(&out.join("corpus/differential"));
    let findings_after = files(&out.join("findings/differential"));
    assert!(corpus_before.iter().all(|f| corpus_after.contains(f)), "corpus entries lost");
    assert!(findings_before.iter().all(|f| findings_after.contains(f)), "findings lost");
    // The second run fuzzed only what was left of the 24 s, and the history has one campaign.
    let log = std::fs::read_to_string(out.join("logs/differential.log")).unwrap();
    let runs: Vec<&str> = log.lines().filter(|l| l.starts_with("=== urldiff fuzz:")).collect();
    assert_eq!(runs.len(), 2, "{runs:?}");
    assert!(
        runs[1].contains(&format!("-max_total_time={} ", 24 - fuzzed)),
        "{runs:?} after {fuzzed} s"
    );
    let history = std::fs::read_to_string(out.join("history.jsonl")).unwrap();
    let lines: Vec<Value> = history.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(lines.len(), 1, "{history}");
    assert_eq!(lines[0]["duration_seconds"], 24);
    let end = json(&out.join("status.json"));
    assert_eq!(end["state"], "finished");
    assert_eq!(end["started"], status["started"], "the same campaign, resumed");
    assert!(end["execs"].as_u64().unwrap() >= status["execs"].as_u64().unwrap());
}
