//! In-process oracle rates: cases per second for `reference`, `rust-url` and `ada` over the
//! WPT URL-parsing inputs (urltestdata.json, with their bases), each batch answered through the
//! oracle layer (catch_unwind per case, record building included), plus the ratios against
//! the reference. Runs about a second per oracle; prints, asserts nothing.
//!
//! `cargo bench -p urldiff-oracles --bench oracle_rates` (part of `make bench`).

use std::time::{Duration, Instant};
use urldiff_oracles::ada::AdaOracle;
use urldiff_oracles::reference::ReferenceOracle;
use urldiff_oracles::rust_url::RustUrlOracle;
use urldiff_oracles::wpt::load_suites;
use urldiff_oracles::{Case, CaseKind, Oracle};

const BUDGET: Duration = Duration::from_millis(1000);

fn main() {
    let data = match urldiff_corpus::wpt::locate() {
        Ok(data) => data,
        Err(e) => {
            eprintln!("oracle_rates: skipped: {e}");
            return;
        }
    };
    let suites = load_suites(&data).expect("the WPT files load");
    let cases: Vec<Case> =
        suites.into_iter().flat_map(|s| s.cases).filter(|c| c.kind == CaseKind::Parse).collect();
    println!("oracle_rates: {} WPT parse cases ({})", cases.len(), data.revision);
    let oracles: Vec<Box<dyn Oracle>> = vec![
        Box::new(ReferenceOracle::new()),
        Box::new(RustUrlOracle::new()),
        Box::new(AdaOracle::new()),
    ];
    let mut rates = Vec::new();
    for oracle in &oracles {
        let rate = cases_per_second(oracle.as_ref(), &cases);
        rates.push(rate);
        println!("  {:<10} {:>12.0} cases/s", oracle.info().name, rate);
    }
    let reference = rates[0];
    for (oracle, rate) in oracles.iter().zip(&rates).skip(1) {
        println!("  reference rate / {:<8} rate {:>6.2}x", oracle.info().name, reference / rate);
    }
}

/// Answer the whole batch repeatedly for about [`BUDGET`]; cases answered per second.
fn cases_per_second(oracle: &dyn Oracle, cases: &[Case]) -> f64 {
    // One warm-up round (page in code and data, let the allocator settle).
    std::hint::black_box(oracle.answer_batch(cases).unwrap());
    let start = Instant::now();
    let mut answered = 0usize;
    while start.elapsed() < BUDGET {
        answered += std::hint::black_box(oracle.answer_batch(cases).unwrap()).len();
    }
    answered as f64 / start.elapsed().as_secs_f64()
}
