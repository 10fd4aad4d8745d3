//! Warm `urldiff conform` with every oracle against the same run restricted to the 12 oracles
//! urldiff had before the parsers of issue 31 (`--oracle` each): both answer from the answer
//! cache a first run fills. Runs the built binary, the two runs alternated; prints each one's
//! median, range and their ratio, and the load. No assertion on time.
//!
//! `URLDIFF_BENCH_ROUNDS` sets the rounds (default 7).

use std::process::{Command, Stdio};
use std::time::Instant;

/// The oracles of a default run before issue 31: the reference and its RFC mode, the
/// expectation tables and the RFC regex, and the seven real parsers of then.
const BEFORE: [&str; 12] = [
    "reference",
    "reference-rfc3986",
    "wpt",
    "rfc-examples",
    "rfc3986-regex",
    "rust-url",
    "ada",
    "python-urllib",
    "node-url",
    "whatwg-url",
    "url-parse",
    "java-uri",
];

const DEFAULT_ROUNDS: usize = 7;

/// One `urldiff conform` run with `oracles` (every one when empty): its wall time, or why it
/// could not run (exit 2: an oracle missing here).
fn conform(bin: &str, oracles: &[&str]) -> Result<f64, String> {
    let mut command = Command::new(bin);
    command.arg("conform");
    for oracle in oracles {
        command.args(["--oracle", oracle]);
    }
    let start = Instant::now();
    let out = command.stdout(Stdio::null()).stderr(Stdio::piped()).output().expect("run urldiff");
    let seconds = start.elapsed().as_secs_f64();
    match out.status.code() {
        Some(0 | 1) => Ok(seconds),
        _ => Err(String::from_utf8_lossy(&out.stderr).lines().last().unwrap_or("").to_owned()),
    }
}

/// The median, lowest and highest of `times`.
fn summary(times: &mut [f64]) -> (f64, f64, f64) {
    times.sort_by(f64::total_cmp);
    (times[times.len() / 2], times[0], times[times.len() - 1])
}

fn load() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .map(|l| l.split_whitespace().take(3).collect::<Vec<_>>().join(" "))
        .unwrap_or_else(|_| "unknown".into())
}

fn main() {
    let bin = env!("CARGO_BIN_EXE_urldiff");
    let rounds = std::env::var("URLDIFF_BENCH_ROUNDS")
        .ok()
        .and_then(|v| v.parse::<usize>().ok())
        .unwrap_or(DEFAULT_ROUNDS)
        .max(1);
    // The first run fills the answer cache (and builds the Go and Java workers if need be).
    if let Err(why) = conform(bin, &[]) {
        println!("conform_warm: skipped, urldiff conform cannot run here: {why}");
        return;
    }
    let before = load();
    let (mut every, mut twelve) = (Vec::new(), Vec::new());
    for _ in 0..rounds {
        every.push(conform(bin, &[]).expect("conform ran a moment ago"));
        match conform(bin, &BEFORE) {
            Ok(seconds) => twelve.push(seconds),
            Err(why) => {
                println!("conform_warm: the 12 oracles of before cannot all run here: {why}");
                return;
            }
        }
    }
    let (every_median, every_low, every_high) = summary(&mut every);
    let (twelve_median, twelve_low, twelve_high) = summary(&mut twelve);
    println!(
        "warm conform, every oracle: median {every_median:.3} s ({every_low:.3}–{every_high:.3}, \
         {rounds} runs)"
    );
    println!(
        "warm conform, the 12 oracles of before: median {twelve_median:.3} s \
         ({twelve_low:.3}–{twelve_high:.3}, {rounds} runs)"
    );
    println!("ratio (every / 12): {:.2}x", every_median / twelve_median);
    println!("load average before and after: {before} / {}", load());
}
