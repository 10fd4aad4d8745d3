//! The memory and time of `urldiff triage` as its input grows (issue 32, item 1): for each
//! count in `URLDIFF_TRIAGE_LINES` (default `200000,1000000`), that many lines of `urldiff
//! corpus generate N --seed 1` triaged by `urldiff triage FILE --out DIR` under GNU time:
//! wall time, peak resident size, and both per input line, with the findings' size beside.
//! Memory is bounded by the groups and one batch (`--batch-size`), so the peak should barely
//! move from one count to the next and the time per line stay flat (goal: 1,000,000 lines
//! under 1 GB). The oracles are `URLDIFF_TRIAGE_ORACLES` (comma-separated; default the
//! in-process ones, `all` for every available oracle); `URLDIFF_BENCH_URLDIFF=PATH` measures
//! another urldiff binary (an older build, say) the same way. No assertion: figures to read
//! (docs/benchmarks.md). Skipped with one line without GNU time (`/usr/bin/time`).

#[path = "../tests/run_support/mod.rs"]
mod run_support;

use run_support::{this_urldiff, GNU_TIME};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

const IN_PROCESS: &str = "reference,reference-rfc3986,rfc3986-regex,rust-url,ada,curl";

fn urldiff() -> PathBuf {
    std::env::var_os("URLDIFF_BENCH_URLDIFF").map_or_else(this_urldiff, PathBuf::from)
}

/// A field of GNU time's `-v` report (`Maximum resident set size (kbytes)`, …).
fn field<'a>(report: &'a str, name: &str) -> Option<&'a str> {
    report.lines().find_map(|l| l.trim().strip_prefix(name)?.strip_prefix(": "))
}

/// `h:mm:ss` or `m:ss.ss` in seconds.
fn seconds(clock: &str) -> f64 {
    clock.split(':').fold(0.0, |total, part| total * 60.0 + part.parse::<f64>().unwrap_or(0.0))
}

/// Triage `lines` generated lines in `dir`; prints one line of figures.
fn measure(dir: &Path, lines: usize, oracles: &[String]) {
    let input = dir.join(format!("generated-{lines}.jsonl"));
    let out = Command::new(urldiff())
        .args(["corpus", "generate", &lines.to_string(), "--seed", "1"])
        .stdout(std::fs::File::create(&input).unwrap())
        .status()
        .expect("urldiff corpus generate runs");
    assert!(out.success(), "urldiff corpus generate failed");
    let findings = dir.join(format!("findings-{lines}"));
    let mut command = Command::new(GNU_TIME);
    command.arg("-v").arg(urldiff()).arg("triage").arg(&input).arg("--out").arg(&findings);
    for oracle in oracles {
        command.args(["--oracle", oracle]);
    }
    let run = command.stdout(Stdio::null()).stderr(Stdio::piped()).output().unwrap();
    let report = String::from_utf8_lossy(&run.stderr);
    let peak_kb: f64 = field(&report, "Maximum resident set size (kbytes)")
        .and_then(|v| v.parse().ok())
        .unwrap_or(0.0);
    let wall = field(&report, "Elapsed (wall clock) time (h:mm:ss or m:ss)").map_or(0.0, seconds);
    let user: f64 =
        field(&report, "User time (seconds)").and_then(|v| v.parse().ok()).unwrap_or(0.0);
    let json = std::fs::metadata(findings.join("findings.json")).map_or(0, |m| m.len());
    let input_bytes = std::fs::metadata(&input).map_or(0, |m| m.len());
    println!(
        "triage_memory: {lines} lines ({:.1} MB): exit {:?}, {wall:.1} s wall ({:.1} µs a line), \
         {user:.1} user-s, peak RSS {:.0} MB ({:.0} bytes a line); findings.json {:.1} MB",
        input_bytes as f64 / 1e6,
        run.status.code(),
        wall * 1e6 / lines as f64,
        peak_kb / 1024.0,
        peak_kb * 1024.0 / lines as f64,
        json as f64 / 1e6,
    );
    let _ = std::fs::remove_file(&input);
    let _ = std::fs::remove_dir_all(&findings);
}

fn main() {
    if !Path::new(GNU_TIME).is_file() {
        println!("triage_memory: skipped (no GNU time at {GNU_TIME})");
        return;
    }
    let counts: Vec<usize> = std::env::var("URLDIFF_TRIAGE_LINES")
        .unwrap_or_else(|_| "200000,1000000".into())
        .split(',')
        .filter_map(|n| n.trim().replace('_', "").parse().ok())
        .collect();
    let oracles = std::env::var("URLDIFF_TRIAGE_ORACLES").unwrap_or_else(|_| IN_PROCESS.into());
    let oracles: Vec<String> = match oracles.as_str() {
        "all" => Vec::new(),
        list => list.split(',').map(|o| o.trim().to_owned()).collect(),
    };
    let shown =
        if oracles.is_empty() { "every available oracle".to_owned() } else { oracles.join(", ") };
    println!("triage_memory: {} with {shown}", urldiff().display());
    let dir = tempfile::tempdir().unwrap();
    for lines in counts {
        measure(dir.path(), lines, &oracles);
    }
}
