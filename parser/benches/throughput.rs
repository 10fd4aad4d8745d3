//! `make bench`: the reference parser's throughput against rust-url (`url`) and ada (`ada-url`)
//! on one corpus, in one run, as cases/s and ratios.
//!
//! Each case is `new URL(input, base)`: the base string (when there is one) is parsed, then
//! the input against it, then the href is read — the same work for all three, since ada's
//! Rust API only takes a base as a string. The corpus is generated deterministically (fixed
//! seed): absolute URLs of realistic shapes, relative references with a base, and invalid
//! inputs, plus every WPT urltestdata input when the data is found. Each parser runs the
//! whole corpus several rounds, interleaved, and the best round counts.

use std::time::{Duration, Instant};

#[path = "corpus_gen.rs"]
mod corpus_gen;

#[path = "parsers.rs"]
mod parsers;

use parsers::Runner;

fn main() {
    // `cargo bench` passes `--bench`; anything else is ignored.
    let args: Vec<String> = std::env::args().collect();
    let quick = args.iter().any(|a| a == "--quick");
    // `--only NAME` runs one parser (for profiling); the ratios then need the full run.
    let only = args.iter().position(|a| a == "--only").and_then(|i| args.get(i + 1)).cloned();
    let cases = corpus_gen::corpus(if quick { 5_000 } else { 50_000 });
    let relative = cases.iter().filter(|c| c.1.is_some()).count();
    println!("corpus: {} cases ({} with a base), seed fixed", cases.len(), relative);
    let parsers: [(&str, Runner); 3] =
        [("reference", parsers::reference), ("rust-url", parsers::rust_url), ("ada", parsers::ada)];
    let rounds = if quick { 3 } else { 9 };
    let mut best = [Duration::MAX; 3];
    let mut parsed = [0usize; 3];
    for _ in 0..rounds {
        for (i, (name, run)) in parsers.iter().enumerate() {
            if only.as_ref().is_some_and(|o| o != name) {
                continue;
            }
            let start = Instant::now();
            parsed[i] = run(&cases);
            best[i] = best[i].min(start.elapsed());
        }
    }
    if only.is_some() {
        return;
    }
    let rate = |i: usize| cases.len() as f64 / best[i].as_secs_f64();
    for (i, (name, _)) in parsers.iter().enumerate() {
        println!(
            "{name:>10}: {:>12.0} cases/s  ({:.2} ms per corpus, {} parsed)",
            rate(i),
            best[i].as_secs_f64() * 1e3,
            parsed[i]
        );
    }
    println!("reference / ada      = {:.2}x  (goal >= 1.0)", rate(0) / rate(2));
    println!("reference / rust-url = {:.2}x  (goal >= 1.5)", rate(0) / rate(1));
}
