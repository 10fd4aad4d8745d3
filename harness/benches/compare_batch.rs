//! `urldiff compare --jsonl` over 1,000 inputs with every available oracle, against separate
//! `urldiff compare --json` runs (one process, and one start-up of every worker, per input).
//! Runs the built binary; prints wall times and their ratio. No assertion on time.
//!
//! The separate runs take about a second each, so by default only a sample of them runs and
//! the time of 1,000 is extrapolated from it; `URLDIFF_BENCH_SEPARATE=1000` runs them all.

use serde_json::json;
use std::io::Write as _;
use std::process::{Command, Stdio};
use std::time::Instant;

const INPUTS: usize = 1000;
const DEFAULT_SEPARATE: usize = 20;

/// 1,000 deterministic inputs of the shapes parsers disagree on (confusions, encodings,
/// IDNA, IPv4 forms, dot segments, relative references against a base).
fn inputs() -> Vec<(String, Option<String>)> {
    let schemes = ["http", "https", "HTTP", "file", "ftp", "ws", "foo", "javascript"];
    let hosts = [
        "example.com",
        "EXAMPLE.com",
        "127.0.0.1",
        "%31%32%37.0.0.1",
        "0x7f.1",
        "[::1]",
        "ｅｘａｍｐｌｅ.com",
        "bücher.example",
        r"evil.example\@good.example",
        "user:pass@host.test:8080",
        "host.test:80",
        "",
    ];
    let paths = ["/", "/a/../b", "/%2e%2e/x", "/a b", "/p?q=1#f", "\\\\x", "/./c?", "#", "?"];
    let relatives = ["../g", "//h/p", "?y", "g;x?y#s", "/./g", "..\\x", ""];
    let mut state: u64 = 0x2545_f491_4f6c_dd1d;
    let mut next = |n: usize| {
        state =
            state.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
        (state >> 33) as usize % n
    };
    (0..INPUTS)
        .map(|i| {
            if i % 5 == 4 {
                let base = format!("http://a/b/c/d;p?q{}", next(10));
                (relatives[next(relatives.len())].to_owned(), Some(base))
            } else {
                let scheme = schemes[next(schemes.len())];
                let input =
                    format!("{scheme}://{}{}", hosts[next(hosts.len())], paths[next(paths.len())]);
                (input, None)
            }
        })
        .collect()
}

fn batch(bin: &str, inputs: &[(String, Option<String>)]) -> f64 {
    let lines: String =
        inputs.iter().map(|(i, b)| format!("{}\n", json!({"input": i, "base": b}))).collect();
    let start = Instant::now();
    let mut child = Command::new(bin)
        .args(["compare", "--jsonl"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("run urldiff compare --jsonl");
    let mut stdin = child.stdin.take().expect("stdin");
    let writer = std::thread::spawn(move || stdin.write_all(lines.as_bytes()));
    let out = child.wait_with_output().expect("urldiff compare --jsonl");
    writer.join().expect("writer").expect("write stdin");
    let seconds = start.elapsed().as_secs_f64();
    let answered = out.stdout.iter().filter(|&&b| b == b'\n').count();
    assert_eq!(answered, inputs.len(), "one answer line per input");
    seconds
}

fn separate(bin: &str, inputs: &[(String, Option<String>)], runs: usize) -> f64 {
    let start = Instant::now();
    for (input, base) in inputs.iter().take(runs) {
        let mut command = Command::new(bin);
        command.args(["compare", "--json"]);
        if let Some(base) = base {
            command.args(["--base", base]);
        }
        let out = command.arg("--").arg(input).stderr(Stdio::null()).output().expect("run urldiff");
        assert!(out.status.success(), "compare --json {input:?}");
    }
    start.elapsed().as_secs_f64() / runs as f64
}

fn main() {
    let bin = env!("CARGO_BIN_EXE_urldiff");
    let runs = std::env::var("URLDIFF_BENCH_SEPARATE")
        .ok()
        .and_then(|v| v.parse::<usize>().ok())
        .unwrap_or(DEFAULT_SEPARATE)
        .clamp(1, INPUTS);
    let inputs = inputs();
    // A first run warms the caches (compiled Java worker, npm packages, page cache).
    batch(bin, &inputs[..10]);
    let batch_seconds = batch(bin, &inputs);
    let per_run = separate(bin, &inputs, runs);
    let separate_seconds = per_run * INPUTS as f64;
    println!(
        "compare --jsonl: {INPUTS} inputs in {batch_seconds:.2} s ({:.0} inputs/s), every available oracle",
        INPUTS as f64 / batch_seconds
    );
    let how = if runs == INPUTS {
        "measured".to_owned()
    } else {
        format!("extrapolated from {runs} runs")
    };
    println!(
        "compare --json: {per_run:.3} s per run; {INPUTS} separate runs: {separate_seconds:.1} s ({how})"
    );
    println!("ratio (separate / batch): {:.0}x", separate_seconds / batch_seconds);
}
