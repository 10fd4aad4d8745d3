//! Throughput of each subprocess oracle, three ways (`cargo bench -p urldiff-oracles --bench
//! subprocess`; `make bench` runs it):
//! - through the harness: `Oracle::answer_batch` on a warm worker;
//! - standalone: the same worker command fed the same request lines from a file, output to
//!   /dev/null (marginal rate: start-up and warm-up cancel out);
//! - one process per case: a fresh worker for each case, on a small sample.
//!
//! Prints cases/s and the ratios; the goal is harness/standalone ≥ 0.9. Settings:
//! `URLDIFF_BENCH_CASES` the batch size (default 20 000), `URLDIFF_BENCH_RUNS` the best-of count
//! for both rates (default 3), `URLDIFF_BENCH_PER_CASE` the process-per-case sample (default 40,
//! 0 skips it), `URLDIFF_BENCH_ORACLES` a comma-separated list of oracles to run (default all),
//! `URLDIFF_BENCH_ONLY=harness` only the harness side (for profiling it with `perf`).

use std::fs::File;
use std::io::Write;
use std::process::{Command, Stdio};
use std::time::Instant;

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

/// The request files for the standalone runs: the cases once, and four times over.
struct Standalone {
    _dir: tempfile::TempDir,
    once: std::path::PathBuf,
    four: std::path::PathBuf,
}

impl Standalone {
    fn new(cases: &[Case]) -> Standalone {
        let dir = tempfile::tempdir().unwrap();
        let write = |name: &str, copies: usize| {
            let path = dir.path().join(name);
            let mut f = std::io::BufWriter::new(File::create(&path).unwrap());
            for (id, case) in (0..).zip(cases.iter().cycle().take(cases.len() * copies)) {
                f.write_all(protocol::request_line(id, case).as_bytes()).unwrap();
            }
            f.flush().unwrap();
            path
        };
        let (once, four) = (write("once.jsonl", 1), write("four.jsonl", 4));
        Standalone { _dir: dir, once, four }
    }
}

/// Seconds for one harness batch on a warm worker.
fn harness_seconds(oracle: &WorkerOracle, cases: &[Case]) -> f64 {
    let start = Instant::now();
    let answers = oracle.answer_batch(cases).unwrap();
    assert_eq!(answers.len(), cases.len());
    start.elapsed().as_secs_f64()
}

/// Best-of-`runs` rates (harness, standalone), the runs of both interleaved so that the
/// machine's load drifts over both alike. The standalone rate is the worker's marginal rate fed
/// from a file: 3N cases per (best time for 4N − best time for N), so both its start-up and
/// its JIT warm-up cancel out; the harness side is measured on a warm worker (one batch first).
fn rates(
    oracle: &WorkerOracle,
    command: &WorkerCommand,
    cases: &[Case],
    runs: usize,
) -> (f64, f64) {
    let files = Standalone::new(cases);
    harness_seconds(oracle, cases);
    let (mut harness, mut once, mut four) = (f64::MAX, f64::MAX, f64::MAX);
    for _ in 0..runs {
        harness = harness.min(harness_seconds(oracle, cases));
        once = once.min(run_from_file(command, &files.once));
        four = four.min(run_from_file(command, &files.four));
    }
    let n = cases.len() as f64;
    (n / harness, 3.0 * n / (four - once).max(1e-9))
}

fn process_per_case_rate(command: &WorkerCommand, cases: &[Case]) -> f64 {
    if cases.is_empty() {
        return f64::NAN;
    }
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

fn env_number(name: &str, default: usize) -> usize {
    std::env::var(name).ok().and_then(|v| v.parse().ok()).unwrap_or(default)
}

fn main() {
    let n = env_number("URLDIFF_BENCH_CASES", 20_000);
    let runs = env_number("URLDIFF_BENCH_RUNS", 3).max(1);
    let per_case_sample = env_number("URLDIFF_BENCH_PER_CASE", 40).min(n);
    let only = std::env::var("URLDIFF_BENCH_ORACLES").unwrap_or_default();
    let harness_only = std::env::var("URLDIFF_BENCH_ONLY").is_ok_and(|v| v == "harness");
    let cases = inputs(n);
    let oracles = [
        python::python_urllib(),
        node::node_url(),
        node::whatwg_url(),
        node::url_parse(),
        java::java_uri(),
    ];
    println!(
        "subprocess oracles, {n} cases per batch (best of {runs}); \
         process-per-case on {per_case_sample} cases"
    );
    println!(
        "{:<14} {:>12} {:>12} {:>9} {:>14} {:>10}",
        "oracle", "harness/s", "standalone/s", "ratio", "proc-per-case/s", "speed-up"
    );
    for oracle in &oracles {
        let name = oracle.info().name.clone();
        if !only.is_empty() && !only.split(',').any(|o| o.trim() == name) {
            continue;
        }
        if let Availability::Unavailable { reason } = oracle.availability() {
            println!("{name:<14} skipped: {reason}");
            continue;
        }
        let command = oracle.command().expect("available").clone();
        if harness_only {
            let best = (0..runs).map(|_| harness_seconds(oracle, &cases)).fold(f64::MAX, f64::min);
            println!("{name:<14} {:>12.0}", n as f64 / best);
            continue;
        }
        let (harness, standalone) = rates(oracle, &command, &cases, runs);
        let per_case = process_per_case_rate(&command, &cases[..per_case_sample]);
        println!(
            "{name:<14} {harness:>12.0} {standalone:>12.0} {:>9.2} {per_case:>14.1} {:>9.0}x   ({})",
            harness / standalone,
            harness / per_case,
            oracle.info().version
        );
    }
}
