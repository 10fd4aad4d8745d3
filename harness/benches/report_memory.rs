//! The memory of `urldiff report` on a large conform run: a generated run.json of
//! `URLDIFF_BENCH_CASES` divergences (default 1,000,000; each a real divergence of a small
//! conform run, its input made unique), then the peak resident size of `urldiff report
//! run.json` (GNU time's `%M`) against the file's size. The goal is at most ~3×. No assertion:
//! a figure to read. Skipped with one line without GNU time (`/usr/bin/time`).
//!
//! `URLDIFF_BENCH_URLDIFF=PATH` measures another urldiff binary (an older build, say) on the
//! same file.

#[path = "../tests/run_support/mod.rs"]
mod run_support;

use run_support::{generate, peak_memory, template, this_urldiff, GNU_TIME};
use std::path::{Path, PathBuf};
use std::time::Instant;

fn urldiff() -> PathBuf {
    std::env::var_os("URLDIFF_BENCH_URLDIFF").map_or_else(this_urldiff, PathBuf::from)
}

fn main() {
    if !Path::new(GNU_TIME).is_file() {
        println!("report_memory: skipped (no GNU time at {GNU_TIME})");
        return;
    }
    let n: usize =
        std::env::var("URLDIFF_BENCH_CASES").ok().and_then(|v| v.parse().ok()).unwrap_or(1_000_000);
    let dir = tempfile::tempdir().unwrap();
    let template = template(dir.path());
    let run = dir.path().join("run.json");
    let started = Instant::now();
    generate(&template, n, &run).expect("writing run.json");
    let size = std::fs::metadata(&run).unwrap().len();
    println!(
        "report_memory: generated {n} divergences, {:.1} MB, in {:.1} s",
        size as f64 / 1e6,
        started.elapsed().as_secs_f64()
    );
    let started = Instant::now();
    let (code, peak) = peak_memory(&urldiff(), &["report".as_ref(), run.as_os_str()]);
    let seconds = started.elapsed().as_secs_f64();
    println!(
        "report_memory: urldiff report: exit {code:?}, peak RSS {:.1} MB = {:.2}x the input, \
         {seconds:.1} s",
        peak as f64 / 1e6,
        peak as f64 / size as f64
    );
}
