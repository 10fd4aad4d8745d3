//! `make bench`: the reference parser's throughput against rust-url (`url`) and ada (`ada-url`)
//! on two corpora, in one run, as cases/s and ratios — on each whole corpus and on each of its
//! parts, with the reference's RFC 3986 mode beside. The first corpus (`generated`: absolute,
//! relative, invalid, WPT) is the one the parser was tuned on; the second (`reshaped`:
//! absolute, relative, idna, ip, invalid; `corpus_reshaped.rs`) is made differently, from
//! WPT's and the RFCs' data recombined and urlgen's output, so that a gain fitted to the first
//! shows up as a gap on the second.
//!
//! Each case is `new URL(input, base)`: the base string (when there is one) is parsed, then
//! the input against it, then the href is read — the same work for all three, since ada's
//! Rust API only takes a base as a string. The RFC 3986 mode's case is its counterpart: the
//! grammar check and split of the input, the split of the base and the resolution against
//! it (strict), then the recomposition. The first corpus is generated deterministically (fixed
//! seed): absolute URLs of realistic shapes, relative references with a base, and invalid
//! inputs, plus every WPT urltestdata input when the data is found. Each parser runs each set
//! of cases several rounds, interleaved with the others, and the best round counts. In a
//! round each parser first goes over the cases once untimed, then is timed over at least
//! [`MIN_CASES_TIMED`] cases, going over a small part (WPT's 891 cases, about 0.15 ms)
//! several times: one pass of it right after the other parsers ran would measure mostly how
//! fast a parser's code and tables come back into the caches, not its throughput. That cold
//! figure is printed too, below the table, for the parts smaller than that.
//!
//! Options: `--quick` (smaller corpora, fewer rounds); `--only NAME` runs one parser on a
//! whole corpus (for profiling: `reference`, `rfc3986`, `rust-url`, `ada`) and prints nothing;
//! with it, `--corpus generated|reshaped` (the first by default), `--part NAME` runs that part
//! alone, and `--case INPUT [--base BASE]` one input 10,000 times instead of a corpus;
//! `--dump` prints those cases with the reference's answers instead of running them.

use std::time::{Duration, Instant};
use urldiff_parser::rfc3986;

#[path = "corpus_gen.rs"]
mod corpus_gen;

#[path = "parsers.rs"]
mod parsers;

#[path = "corpus_reshaped.rs"]
mod corpus_reshaped;

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

/// The parts of both corpora, in the order the tables show them.
const PART_ORDER: [&str; 6] = ["absolute", "relative", "idna", "ip", "invalid", "WPT"];

/// A corpus with each case's part, by name.
type Labelled = Vec<(&'static str, Case)>;

/// The two corpora: the one the parser was tuned on, and the reshaped one it was not.
fn corpora(quick: bool) -> [(&'static str, Labelled); 2] {
    let n = if quick { 5_000 } else { 50_000 };
    let first = corpus_gen::labelled(n).into_iter().map(|(p, c)| (p.name(), c)).collect();
    let reshaped = corpus_reshaped::labelled(n).into_iter().map(|(p, c)| (p.name(), c)).collect();
    [("generated", first), ("reshaped", reshaped)]
}

fn arg<'a>(args: &'a [String], name: &str) -> Option<&'a String> {
    args.iter().position(|a| a == name).and_then(|i| args.get(i + 1))
}

/// `--only NAME` (with `--corpus`, `--part` or `--case`): one parser, nothing printed.
fn run_only(args: &[String], only: &str, quick: bool, rounds: usize) {
    let (_, run) = PARSERS.iter().find(|(name, _)| *name == only).expect("a parser's name");
    let cases: Vec<Case> = if let Some(input) = arg(args, "--case") {
        // One input (against `--base`), 10,000 times: for profiling one shape.
        vec![(input.clone(), arg(args, "--base").cloned()); 10_000]
    } else {
        let corpus = arg(args, "--corpus").map_or("generated", String::as_str);
        let [first, reshaped] = corpora(quick);
        let labelled = if corpus == "reshaped" { reshaped.1 } else { first.1 };
        let part = arg(args, "--part");
        labelled.into_iter().filter(|(p, _)| part.is_none_or(|n| n == p)).map(|(_, c)| c).collect()
    };
    assert!(!cases.is_empty(), "no case in that corpus and part");
    // `--dump`: the cases instead of a run, one JSON array a line: input, base, and the
    // reference's answers (`Url::parse`'s href or failure, `Url::parse_with_errors`'s outcome
    // with every validation error and its position), to compare two builds' answers.
    if args.iter().any(|a| a == "--dump") {
        for (input, base) in &cases {
            let base_url = base.as_deref().map(|b| urldiff_parser::Url::parse(b, None));
            let answers = match &base_url {
                Some(Err(e)) => vec![format!("base: {e:?}")],
                _ => {
                    let base = base_url.and_then(Result::ok);
                    let parsed = urldiff_parser::Url::parse(input, base.as_ref());
                    let with_errors = urldiff_parser::Url::parse_with_errors(input, base.as_ref());
                    vec![
                        format!("{:?}", parsed.map(|u| u.href().to_owned())),
                        format!("{with_errors:?}"),
                    ]
                }
            };
            println!("{}", serde_json::json!([input, base, answers]));
        }
        return;
    }
    for _ in 0..rounds {
        std::hint::black_box(run(&cases));
    }
}

fn main() {
    // `cargo bench` passes `--bench`; anything else is ignored.
    let args: Vec<String> = std::env::args().collect();
    let quick = args.iter().any(|a| a == "--quick");
    let rounds = if quick { 3 } else { 9 };
    if let Some(only) = arg(&args, "--only") {
        return run_only(&args, only, quick, rounds);
    }
    let corpora = corpora(quick);
    for (name, labelled) in &corpora {
        report(name, labelled, rounds);
    }
    println!(
        "goals: reference / ada >= 1.3x, reference / rust-url >= 1.5x (each row, both corpora)"
    );
}

/// One corpus's table: the whole and each part.
fn report(corpus: &str, labelled: &Labelled, rounds: usize) {
    let all: Vec<Case> = labelled.iter().map(|(_, case)| case.clone()).collect();
    let relative = all.iter().filter(|c| c.1.is_some()).count();
    println!(
        "corpus {corpus}: {} cases ({} with a base), seed fixed; best of {rounds} rounds",
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
    for part in PART_ORDER.into_iter().filter(|n| labelled.iter().any(|(p, _)| p == n)) {
        let cases: Vec<Case> =
            labelled.iter().filter(|(p, _)| *p == part).map(|(_, case)| case.clone()).collect();
        // Parts are smaller than the corpus: more rounds for a steady best.
        print_row(part, cases.len(), &best_times(&cases, 2 * rounds, Timing::Warm));
        if cases.len() < MIN_CASES_TIMED {
            cold.push((part, cases.len(), best_times(&cases, 2 * rounds, Timing::Cold)));
        }
    }
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
