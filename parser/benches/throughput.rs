//! `make bench`: the reference parser's throughput against rust-url (`url`) and ada (`ada-url`)
//! on one corpus, in one run, as cases/s and ratios — on the whole corpus and on each of its
//! parts (absolute, relative, invalid, WPT), with the reference's RFC 3986 mode beside.
//!
//! Each case is `new URL(input, base)`: the base string (when there is one) is parsed, then
//! the input against it, then the href is read — the same work for all three, since ada's
//! Rust API only takes a base as a string. The RFC 3986 mode's case is its counterpart: the
//! grammar check and split of the input, the split of the base and the resolution against
//! it (strict), then the recomposition. The corpus is generated deterministically (fixed
//! seed): absolute URLs of realistic shapes, relative references with a base, and invalid
//! inputs, plus every WPT urltestdata input when the data is found. Each parser runs each set
//! of cases several rounds, interleaved with the others, and the best round counts. In a
//! round each parser first goes over the cases once untimed, then is timed over at least
//! [`MIN_CASES_TIMED`] cases, going over a small part (WPT's 891 cases, about 0.15 ms)
//! several times: one pass of it right after the other parsers ran would measure mostly how
//! fast a parser's code and tables come back into the caches, not its throughput. That cold
//! figure is printed too, below the table, for the parts smaller than that.
//!
//! Options: `--quick` (a smaller corpus, fewer rounds); `--only NAME` runs one parser on the
//! whole corpus (for profiling: `reference`, `rfc3986`, `rust-url`, `ada`) and prints nothing;
//! with it, `--part NAME` (`absolute`, `relative`, `invalid`, `WPT`) runs that part alone.

use std::time::{Duration, Instant};
use urldiff_parser::rfc3986;

#[path = "corpus_gen.rs"]
mod corpus_gen;

#[path = "parsers.rs"]
mod parsers;

use corpus_gen::Part;
use parsers::{Case, Runner};

/// The reference's RFC 3986 mode on each case; how many inputs are valid URI references.
fn rfc3986_mode(cases: &[Case]) -> usize {
    let mut valid = 0;
    for (input, base) in cases {
        valid += usize::from(rfc3986::check(input, rfc3986::Rule::UriReference).is_ok());
        let reference = rfc3986::split(input);
        let target = match base {
            Some(b) => rfc3986::resolve(&rfc3986::split(b), &reference, true),
            None => reference,
        };
        std::hint::black_box(target.recompose());
    }
    valid
}

const PARSERS: [(&str, Runner); 4] = [
    ("reference", parsers::reference),
    ("rfc3986", rfc3986_mode),
    ("rust-url", parsers::rust_url),
    ("ada", parsers::ada),
];

/// How each parser's pass over a set of cases is timed.
#[derive(Clone, Copy, PartialEq)]
enum Timing {
    /// After an untimed pass over the same cases, as many passes as cover
    /// [`MIN_CASES_TIMED`] cases: the parser's throughput with its code and tables in the
    /// caches, as on the large parts, whose one pass is long enough for that anyway.
    Warm,
    /// One pass, right after the other parsers ran theirs: mostly how fast a parser's code
    /// and tables come back into the caches (printed for the small parts, beside).
    Cold,
}

/// The fewest cases a warm timing covers: a smaller part is gone over several times.
const MIN_CASES_TIMED: usize = 10_000;

/// The best of `rounds` rounds of each parser over `cases`, interleaved, as the time of one
/// pass.
fn best_times(cases: &[Case], rounds: usize, timing: Timing) -> [Duration; 4] {
    let passes = match timing {
        Timing::Warm => MIN_CASES_TIMED.div_ceil(cases.len().max(1)),
        Timing::Cold => 1,
    };
    let mut best = [Duration::MAX; 4];
    for _ in 0..rounds {
        for (i, (_, run)) in PARSERS.iter().enumerate() {
            if timing == Timing::Warm {
                std::hint::black_box(run(cases));
            }
            let start = Instant::now();
            for _ in 0..passes {
                std::hint::black_box(run(cases));
            }
            best[i] = best[i].min(start.elapsed() / passes as u32);
        }
    }
    best
}

fn main() {
    // `cargo bench` passes `--bench`; anything else is ignored.
    let args: Vec<String> = std::env::args().collect();
    let quick = args.iter().any(|a| a == "--quick");
    let only = args.iter().position(|a| a == "--only").and_then(|i| args.get(i + 1)).cloned();
    let labelled = corpus_gen::labelled(if quick { 5_000 } else { 50_000 });
    let all: Vec<Case> = labelled.iter().map(|(_, case)| case.clone()).collect();
    let rounds = if quick { 3 } else { 9 };
    if let Some(only) = only {
        let (_, run) = PARSERS.iter().find(|(name, _)| *name == only).expect("a parser's name");
        let part = args.iter().position(|a| a == "--part").and_then(|i| args.get(i + 1));
        let cases: Vec<Case> = match part {
            Some(name) => {
                let part = Part::ALL.into_iter().find(|p| p.name() == name).expect("a part's name");
                labelled.iter().filter(|(p, _)| *p == part).map(|(_, case)| case.clone()).collect()
            }
            None => all,
        };
        for _ in 0..rounds {
            std::hint::black_box(run(&cases));
        }
        return;
    }
    let relative = all.iter().filter(|c| c.1.is_some()).count();
    println!(
        "corpus: {} cases ({} with a base), seed fixed; best of {rounds} rounds",
        all.len(),
        relative
    );
    let best = best_times(&all, rounds, Timing::Warm);
    for (i, (name, run)) in PARSERS.iter().enumerate() {
        let rate = all.len() as f64 / best[i].as_secs_f64();
        let ms = best[i].as_secs_f64() * 1e3;
        println!("{name:>10}: {rate:>12.0} cases/s  ({ms:.2} ms per corpus, {} parsed)", run(&all));
    }
    println!(
        "{:<9} {:>6} {:>11} {:>11} {:>11} {:>11} {:>8} {:>8} {:>8} {:>8}",
        "part",
        "cases",
        "reference/s",
        "rfc3986/s",
        "rust-url/s",
        "ada/s",
        "ref/ada",
        "ref/rust",
        "rfc/ada",
        "rfc/rust"
    );
    print_row("all", all.len(), &best);
    let mut cold = Vec::new();
    for part in Part::ALL {
        let cases: Vec<Case> =
            labelled.iter().filter(|(p, _)| *p == part).map(|(_, case)| case.clone()).collect();
        if !cases.is_empty() {
            // Parts are smaller than the corpus: more rounds for a steady best.
            print_row(part.name(), cases.len(), &best_times(&cases, 2 * rounds, Timing::Warm));
            if cases.len() < MIN_CASES_TIMED {
                cold.push((part.name(), cases.len(), best_times(&cases, 2 * rounds, Timing::Cold)));
            }
        }
    }
    println!("goals: reference / ada >= 1.3x, reference / rust-url >= 1.5x (each row)");
    for (part, n, best) in cold {
        println!("{part}, timed one pass at a time (cold caches), for comparison:");
        print_row(part, n, &best);
    }
}

/// One row: each parser's rate and the reference's (WHATWG and RFC 3986) ratios.
fn print_row(part: &str, n: usize, best: &[Duration; 4]) {
    let rate = |i: usize| n as f64 / best[i].as_secs_f64();
    println!(
        "{part:<9} {n:>6} {:>11.0} {:>11.0} {:>11.0} {:>11.0} {:>7.2}x {:>7.2}x {:>7.2}x {:>7.2}x",
        rate(0),
        rate(1),
        rate(2),
        rate(3),
        rate(0) / rate(3),
        rate(0) / rate(2),
        rate(1) / rate(3),
        rate(1) / rate(2)
    );
}
