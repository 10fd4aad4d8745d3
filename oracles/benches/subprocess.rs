//! Throughput of each subprocess oracle, three ways (`cargo bench -p urldiff-oracles --bench
//! subprocess`; `make bench` runs it):
//! - through the harness: `Oracle::answer_batch` on a warm worker;
//! - standalone: the same worker command fed the same request lines from a file, output to
//!   /dev/null (marginal rate: start-up and warm-up cancel out);
//! - one process per case: a fresh worker for each case, on a small sample.
//!
//! Prints cases/s and the ratios; the goal is harness/standalone ≥ 0.9. `URLDIFF_BENCH_CASES`
//! sets the batch size (default 20 000).

use std::fs::File;
use std::io::Write;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use urldiff_oracles::subprocess::{java, node, protocol, python, WorkerCommand, WorkerOracle};
use urldiff_oracles::{Availability, Case, Oracle};

/// A deterministic mix of absolute, relative and odd inputs.
fn inputs(n: usize) -> Vec<Case> {
    let schemes = ["http", "https", "file", "ftp", "mailto", "foo", "ws"];
    let hosts =
        ["example.com", "u:p@h.test:8080", "0x7f.1", "[::1]", "EXAMPLE.org", "a_b", "xn--nxasmq6b"];
    let paths = ["/", "/a/b/../c", "/%7Efoo/x y", "\\x\\y", "/p?q=1#f", "", "/./a//b?#"];
    (0..n)
        .map(|i| {
            let (s, h, p) = (schemes[i % 7], hosts[(i / 7) % 7], paths[(i / 49) % 7]);
            match i % 5 {
                0 => Case::parse(format!("{p}{i}"), Some("http://base.test/a/b?c")),
                1 => Case::parse(format!("  {s}://{h}{p}\t{i}"), None),
                _ => Case::parse(format!("{s}://{h}{p}{i}"), None),
            }
        })
        .collect()
}

/// Seconds for the worker to read `file` and exit, output discarded.
fn run_from_file(command: &WorkerCommand, file: &std::path::Path) -> f64 {
    let mut cmd = Command::new(&command.program);
    cmd.args(&command.args)
        .stdin(File::open(file).unwrap())
        .stdout(Stdio::null())
        .stderr(Stdio::null());
    if let Some(cwd) = &command.cwd {
        cmd.current_dir(cwd);
    }
    let start = Instant::now();
    let status = cmd.status().expect("worker runs");
    assert!(status.success(), "{} failed: {status}", command.display());
    start.elapsed().as_secs_f64()
}

/// The worker's marginal rate fed from a file: 3N cases per (time for 4N − time for N), so
/// both its start-up and its JIT warm-up cancel out; the harness side is measured warm too.
fn standalone_rate(command: &WorkerCommand, cases: &[Case]) -> f64 {
    let dir = tempfile::tempdir().unwrap();
    let write = |name: &str, copies: u64| {
        let path = dir.path().join(name);
        let mut f = std::io::BufWriter::new(File::create(&path).unwrap());
        for (id, case) in (0..).zip(cases.iter().cycle().take(cases.len() * copies as usize)) {
            f.write_all(protocol::request_line(id, case).as_bytes()).unwrap();
        }
        f.flush().unwrap();
        path
    };
    let (once, four) = (write("once.jsonl", 1), write("four.jsonl", 4));
    let best = |file: &std::path::Path| {
        (0..3).map(|_| run_from_file(command, file)).fold(f64::MAX, f64::min)
    };
    3.0 * cases.len() as f64 / (best(&four) - best(&once)).max(1e-9)
}

fn harness_rate(oracle: &WorkerOracle, cases: &[Case]) -> f64 {
    let best = (0..3)
        .map(|_| {
            let start = Instant::now();
            let answers = oracle.answer_batch(cases);
            assert_eq!(answers.len(), cases.len());
            start.elapsed()
        })
        .min()
        .unwrap_or(Duration::MAX);
    cases.len() as f64 / best.as_secs_f64()
}

fn process_per_case_rate(command: &WorkerCommand, cases: &[Case]) -> f64 {
    let start = Instant::now();
    for (id, case) in (0..).zip(cases) {
        let mut cmd = Command::new(&command.program);
        cmd.args(&command.args).stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::null());
        if let Some(cwd) = &command.cwd {
            cmd.current_dir(cwd);
        }
        let mut child = cmd.spawn().unwrap();
        child.stdin.take().unwrap().write_all(protocol::request_line(id, case).as_bytes()).unwrap();
        let out = child.wait_with_output().unwrap();
        assert_eq!(out.stdout.iter().filter(|b| **b == b'\n').count(), 2, "hello + one answer");
    }
    cases.len() as f64 / start.elapsed().as_secs_f64()
}

fn main() {
    let n: usize =
        std::env::var("URLDIFF_BENCH_CASES").ok().and_then(|v| v.parse().ok()).unwrap_or(20_000);
    let cases = inputs(n);
    let oracles = [
        python::python_urllib(),
        node::node_url(),
        node::whatwg_url(),
        node::url_parse(),
        java::java_uri(),
    ];
    println!("subprocess oracles, {n} cases per batch (best of 3); process-per-case on 40 cases");
    println!(
        "{:<14} {:>12} {:>12} {:>9} {:>14} {:>10}",
        "oracle", "harness/s", "standalone/s", "ratio", "proc-per-case/s", "speed-up"
    );
    for oracle in &oracles {
        let name = oracle.info().name.clone();
        if let Availability::Unavailable { reason } = oracle.availability() {
            println!("{name:<14} skipped: {reason}");
            continue;
        }
        let command = oracle.command().expect("available").clone();
        let harness = harness_rate(oracle, &cases);
        let standalone = standalone_rate(&command, &cases);
        let per_case = process_per_case_rate(&command, &cases[..40]);
        println!(
            "{name:<14} {harness:>12.0} {standalone:>12.0} {:>9.2} {per_case:>14.1} {:>9.0}x   ({})",
            harness / standalone,
            harness / per_case,
            oracle.info().version
        );
    }
}
