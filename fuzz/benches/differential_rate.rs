//! The `differential` target's rate against its ideal, in one run (`make bench`):
//!
//! - the ideal is 1 ÷ the sum of the three parsers' per-case times: `new URL(input, base)` in
//!   the reference, rust-url and ada, base parse included (as `parser/benches/throughput.rs`
//!   measures them), the least any differential check of the three must do;
//! - the check is `urldiff_fuzz::checks::differential::check` on the same inputs: decoding the
//!   fuzz input, the agreement check, and for inputs the parsers do not answer identically the
//!   cut-down answers, who disagrees with the reference, the ledger, and for a
//!   divergence the ledger does not expect the whole comparison and its signature (no findings
//!   are written: that is the fuzz driver's part).
//!
//! Two sets of inputs, each measured on its own: the corpus `make bench` measures the parsers
//! on (`parser/benches/corpus_gen.rs`: realistic URLs, relative references, invalid inputs,
//! WPT's), and the target's seeds with cases generated from them (mutations and grammar-built
//! URLs, fixed seed, [`urldiff_fuzz::seeds::differential_workload`]), whose share of divergent
//! inputs is more like a campaign's. Each measurement runs whole rounds for about 1.5 s
//! (a fifth with `--quick`) and counts this thread's CPU time over them (Linux; elsewhere the
//! best round's wall time), so that a loaded machine does not skew the ratios. Prints, asserts
//! nothing. Under libFuzzer the rate is far lower (coverage instrumentation and libFuzzer's own
//! work per execution): see the README's "Fuzzing" section for measured executions per second.
//!
//! `cargo bench --manifest-path fuzz/Cargo.toml --bench differential_rate`; `--quick` for a
//! shorter run. With `--once`, nothing is timed: each set runs once through
//! [`three_input_by_input`] and once through [`check_once`], for instruction counts under
//! `valgrind --tool=callgrind --toggle-collect='*three_input_by_input*'
//! --toggle-collect='*check_once*'` (each function's inclusive count is its set's work).

use std::hint::black_box;
use std::time::{Duration, Instant};
use urldiff_fuzz::checks::differential;
use urldiff_fuzz::input;
use urldiff_fuzz::seeds::{differential_workload, Sources, Strings};
use urldiff_oracles::agreement::{parse_answers, Getters, ParseAnswers};

#[path = "../../parser/benches/corpus_gen.rs"]
mod corpus_gen;

#[path = "../../parser/benches/parsers.rs"]
mod parsers;

use parsers::{Case, Runner};

/// The differential check on every input; the number of findings.
fn check(inputs: &[Vec<u8>]) -> usize {
    let findings = inputs.iter().map(|data| differential::check(data).map_or(1, |f| f.len()));
    black_box(findings.sum())
}

/// Seconds per item of `run` over `n` items, run in whole rounds for about `budget`: this
/// thread's CPU time over all rounds where Linux tells it, so that other processes' load on a
/// shared machine counts only through the caches they disturb; else the best round's wall time.
fn per_item(n: usize, budget: Duration, mut run: impl FnMut() -> usize) -> f64 {
    black_box(run()); // warm-up: page in code and data, fill the ledger and oracle state
    let (start, cpu_start, mut best, mut rounds) =
        (Instant::now(), thread_cpu_time(), Duration::MAX, 0);
    while start.elapsed() < budget || rounds == 0 {
        let round = Instant::now();
        black_box(run());
        best = best.min(round.elapsed());
        rounds += 1;
    }
    let cpu = cpu_start.zip(thread_cpu_time()).map(|(from, to)| (to - from) / rounds);
    cpu.unwrap_or(best).as_secs_f64() / n as f64
}

/// This thread's time on a CPU so far: the first field of `/proc/thread-self/schedstat`
/// (nanoseconds; brought up to date at each scheduler tick, so a budget of a second is
/// measured to about 1%). `None` where there is no such file.
fn thread_cpu_time() -> Option<Duration> {
    let stat = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    Some(Duration::from_nanos(stat.split_whitespace().next()?.parse().ok()?))
}

/// The three parsers one input after the other, as the check must run them, with no
/// comparison; how many parsed.
#[inline(never)]
fn three_input_by_input(cases: &[Case], runners: &[(&str, Runner); 3]) -> usize {
    let each = cases
        .iter()
        .map(|case| runners.iter().map(|(_, run)| run(std::slice::from_ref(case))).sum::<usize>());
    black_box(each.sum())
}

/// [`check`] once over `inputs`, out of line so that callgrind can count it alone.
#[inline(never)]
fn check_once(inputs: &[Vec<u8>]) -> usize {
    check(inputs)
}

const RUNNERS: [(&str, Runner); 3] =
    [("reference", parsers::reference), ("rust-url", parsers::rust_url), ("ada", parsers::ada)];

fn main() {
    let quick = std::env::args().any(|a| a == "--quick");
    let once = std::env::args().any(|a| a == "--once");
    let (generated, budget) = if quick { (2_000, 300) } else { (20_000, 1_500) };
    let budget = Duration::from_millis(budget);
    let strings = match Sources::locate().and_then(|s| Strings::read(&s)) {
        Ok(strings) => strings,
        Err(e) => return eprintln!("differential_rate: skipped: {e:#}"),
    };
    let throughput: Vec<Vec<u8>> = corpus_gen::corpus(if quick { 5_000 } else { 50_000 })
        .iter()
        .map(|(input, base)| input::encode(&[input.as_str(), base.as_deref().unwrap_or("")]))
        .collect();
    let fuzz_like = differential_workload(&strings, generated);
    let label = format!("the target's seeds and {generated} cases generated from them");
    let sets = [
        ("make bench's throughput corpus (parser/benches/corpus_gen.rs)", &throughput),
        (label.as_str(), &fuzz_like),
    ];
    for (label, inputs) in sets {
        if once {
            let cases = cases_of(inputs);
            check(inputs); // the ledger and the oracles' state, made outside the count
            let (parsed, found) = (three_input_by_input(&cases, &RUNNERS), check_once(inputs));
            println!(
                "differential_rate --once: {label}: {} inputs, {parsed} parsed, {found} findings",
                cases.len()
            );
        } else {
            measure(label, inputs, budget);
        }
    }
}

/// The `(input, base)` of each fuzz input.
fn cases_of(inputs: &[Vec<u8>]) -> Vec<Case> {
    let case = |data: &Vec<u8>| {
        let fields = input::fields(data);
        (fields[0].to_string(), input::optional(&fields, 1).map(str::to_owned))
    };
    inputs.iter().map(case).collect()
}

/// The three parsers and the check on `inputs` (fuzz inputs, `input ⟨FF⟩ base`), printed.
fn measure(label: &str, inputs: &[Vec<u8>], budget: Duration) {
    let cases = cases_of(inputs);
    let getters = Getters::new(&urldiff_compare::project::whatwg_fields_read());
    let alike = |(input, base): &Case| {
        matches!(parse_answers(input, base.as_deref(), &getters), ParseAnswers::Alike)
    };
    let (mut alike_inputs, mut differing) = (Vec::new(), Vec::new());
    for (data, case) in inputs.iter().zip(&cases) {
        if alike(case) { &mut alike_inputs } else { &mut differing }.push(data.clone());
    }
    let n = cases.len();
    println!(
        "differential_rate: {label}: {n} inputs, {} ({:.1}%) answered alike by the three parsers",
        alike_inputs.len(),
        100.0 * alike_inputs.len() as f64 / n as f64
    );
    let row = |name: &str, t: f64, unit: &str| {
        println!("  {name:<26} {:>10.0} {unit}s/s {:>8.3} µs/{unit}", 1.0 / t, t * 1e6);
    };
    let mut sum = 0.0;
    for (name, run) in RUNNERS {
        let t = per_item(n, budget, || run(&cases));
        sum += t;
        row(name, t, "case");
    }
    row("ideal (1 ÷ sum)", sum, "case");
    // The three parsers one input after the other, as the check must run them: the ideal
    // runs each over all inputs on its own, with its code and branch history warm.
    let input_by_input = per_item(n, budget, || three_input_by_input(&cases, &RUNNERS));
    row("three, input by input", input_by_input, "case");
    for (name, part) in [("check, inputs alike", &alike_inputs), ("check, the others", &differing)]
    {
        if !part.is_empty() {
            row(name, per_item(part.len(), budget, || check(part)), "input");
        }
    }
    let t = per_item(n, budget, || check(inputs));
    row("differential check", t, "input");
    println!("  check rate / ideal rate {:>6.2}", sum / t);
    println!("  check rate / input by input {:>6.2} (goal: at least 0.90)", input_by_input / t);
}
