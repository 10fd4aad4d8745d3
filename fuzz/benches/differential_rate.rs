//! The `differential` target's rate against its ideal, in one run (`make bench`):
//!
//! - the ideal is 1 ÷ the sum of the three parsers' per-case times: `new URL(input, base)` in
//!   the reference, rust-url and ada, base parse included (as `parser/benches/throughput.rs`
//!   measures them), the least any differential check of the three must do;
//! - the check is `urldiff_fuzz::checks::differential::check` on the same inputs: decoding the
//!   fuzz input, the agreement check, and for inputs the parsers do not answer identically the
//!   full comparison and the ledger (no findings are written: that is the fuzz driver's part).
//!
//! The inputs are the target's seeds and cases generated from them (mutations and
//! grammar-built URLs, fixed seed, [`urldiff_fuzz::seeds::differential_workload`]), so the
//! share of divergent inputs is like a campaign's. Each measurement runs whole rounds for
//! about a second; the best round counts. Prints, asserts nothing.
//!
//! `cargo bench --manifest-path fuzz/Cargo.toml --bench differential_rate`; `--quick` for a
//! shorter run.

use std::hint::black_box;
use std::time::{Duration, Instant};
use urldiff_fuzz::checks::differential;
use urldiff_fuzz::input;
use urldiff_fuzz::seeds::{differential_workload, Sources, Strings};

type Case = (String, Option<String>);

fn reference(cases: &[Case]) -> usize {
    let mut parsed = 0;
    for (input, base) in cases {
        let base = match base.as_deref().map(|b| urldiff_parser::Url::parse(b, None)) {
            Some(Err(_)) => continue,
            base => base.and_then(Result::ok),
        };
        if let Ok(url) = urldiff_parser::Url::parse(input, base.as_ref()) {
            parsed += black_box(url.href().len()) & 1 | 1;
        }
    }
    parsed
}

fn rust_url(cases: &[Case]) -> usize {
    let mut parsed = 0;
    for (input, base) in cases {
        let url = match base {
            Some(b) => url::Url::parse(b).and_then(|b| b.join(input)),
            None => url::Url::parse(input),
        };
        if let Ok(url) = url {
            parsed += black_box(url.as_str().len()) & 1 | 1;
        }
    }
    parsed
}

fn ada(cases: &[Case]) -> usize {
    let mut parsed = 0;
    for (input, base) in cases {
        if let Ok(url) = ada_url::Url::parse(input.as_str(), base.as_deref()) {
            parsed += black_box(url.href().len()) & 1 | 1;
        }
    }
    parsed
}

/// The differential check on every input; the number of findings.
fn check(inputs: &[Vec<u8>]) -> usize {
    let findings = inputs.iter().map(|data| differential::check(data).map_or(1, |f| f.len()));
    black_box(findings.sum())
}

/// Seconds per item of the best of rounds of `run` over `n` items, run for about `budget`.
fn per_item(n: usize, budget: Duration, mut run: impl FnMut() -> usize) -> f64 {
    black_box(run()); // warm-up: page in code and data, fill the ledger and oracle state
    let (start, mut best) = (Instant::now(), Duration::MAX);
    while start.elapsed() < budget {
        let round = Instant::now();
        black_box(run());
        best = best.min(round.elapsed());
    }
    best.as_secs_f64() / n as f64
}

fn main() {
    let quick = std::env::args().any(|a| a == "--quick");
    let (generated, budget) = if quick { (2_000, 300) } else { (20_000, 1_500) };
    let budget = Duration::from_millis(budget);
    let strings = match Sources::locate().and_then(|s| Strings::read(&s)) {
        Ok(strings) => strings,
        Err(e) => return eprintln!("differential_rate: skipped: {e:#}"),
    };
    let inputs = differential_workload(&strings, generated);
    let cases: Vec<Case> = inputs
        .iter()
        .map(|data| {
            let fields = input::fields(data);
            (fields[0].to_string(), input::optional(&fields, 1).map(str::to_owned))
        })
        .collect();
    let agreeing = cases
        .iter()
        .filter(|(i, b)| urldiff_oracles::agreement::parse_agrees(i, b.as_deref()))
        .count();
    let n = cases.len();
    println!(
        "differential_rate: {n} inputs ({} seeds, {generated} generated), {agreeing} ({:.1}%) \
         answered identically by the three parsers",
        n - generated,
        100.0 * agreeing as f64 / n as f64
    );
    let mut sum = 0.0;
    for (name, run) in
        [("reference", reference as fn(&[Case]) -> usize), ("rust-url", rust_url), ("ada", ada)]
    {
        let t = per_item(n, budget, || run(&cases));
        sum += t;
        println!("  {name:<22} {:>12.0} cases/s {:>8.3} µs/case", 1.0 / t, t * 1e6);
    }
    println!("  {:<22} {:>12.0} cases/s {:>8.3} µs/case", "ideal (1 ÷ sum)", 1.0 / sum, sum * 1e6);
    let agree = |(i, b): &Case| urldiff_oracles::agreement::parse_agrees(i, b.as_deref());
    let t = per_item(n, budget, || cases.iter().filter(|c| agree(c)).count());
    println!("  {:<22} {:>12.0} inputs/s {:>7.3} µs/input", "agreement check", 1.0 / t, t * 1e6);
    let rest: Vec<Vec<u8>> =
        inputs.iter().zip(&cases).filter(|(_, c)| !agree(c)).map(|(d, _)| d.clone()).collect();
    let t = per_item(rest.len(), budget, || check(&rest));
    println!("  {:<22} {:>12.0} inputs/s {:>7.3} µs/input", "check, the others", 1.0 / t, t * 1e6);
    let t = per_item(n, budget, || check(&inputs));
    println!("  {:<22} {:>12.0} inputs/s {:>7.3} µs/input", "differential check", 1.0 / t, t * 1e6);
    println!("  check rate / ideal rate {:>6.2} (goal: at least 0.50)", sum / t);
}
