//! `make bench`: the reference parser on long inputs, in each mode, as MB/s; and on the
//! WHATWG side against rust-url (`url`) and ada (`ada-url`) on the same input, as ratios.
//!
//! Every algorithm of the parser is meant to be linear in its input (issue 8): this bench
//! shows the rate on a realistic 1 MB URL and on hostile shapes (`a/../` repeated, `%`
//! repeated, `::` inside brackets, …) that would expose a quadratic step. A rate that falls
//! as the size grows is the sign; compare `--mb 1` with `--mb 10`.
//!
//! Options: `--mb N` (input size, default 1), `--shape NAME` and `--mode whatwg|rfc3986|rfc2396`
//! (run one, e.g. under `timeout` or a profiler), `--list`.

use std::hint::black_box;
use std::time::{Duration, Instant};
use urldiff_parser::{rfc2396, rfc3986, Url};

#[path = "long_shapes.rs"]
mod long_shapes;
use long_shapes::{realistic, Shape, SHAPES};

/// The base every relative shape is resolved against (the RFC 3986 section 5.4 base).
const RFC_BASE: &str = "http://a/b/c/d;p?q";

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Mode {
    Whatwg,
    Rfc3986,
    Rfc2396,
}

const MODES: [Mode; 3] = [Mode::Whatwg, Mode::Rfc3986, Mode::Rfc2396];

impl Mode {
    fn name(self) -> &'static str {
        match self {
            Mode::Whatwg => "whatwg",
            Mode::Rfc3986 => "rfc3986",
            Mode::Rfc2396 => "rfc2396",
        }
    }
}

/// One mode's whole work on `input` (against `base` when given): WHATWG parses; RFC 3986
/// splits, checks the grammar, resolves (strict and not) and normalizes; RFC 2396 splits and
/// resolves (strict and not).
fn run_mode(mode: Mode, input: &str, base: Option<&str>) -> usize {
    match mode {
        Mode::Whatwg => {
            let base = base.and_then(|b| Url::parse(b, None).ok());
            let outcome = Url::parse_with_errors(input, base.as_ref());
            outcome.result.map_or(0, |u| u.href().len()) + outcome.errors.len()
        }
        Mode::Rfc3986 => {
            let r = rfc3986::split(input);
            let valid = rfc3986::check(input, rfc3986::Rule::UriReference).is_ok();
            let base = rfc3986::split(base.unwrap_or(RFC_BASE));
            let strict = rfc3986::resolve(&base, &r, true);
            let loose = rfc3986::resolve(&base, &r, false);
            let normal = rfc3986::normalize(&strict);
            strict.path.len() + loose.path.len() + normal.path.len() + usize::from(valid)
        }
        Mode::Rfc2396 => {
            let r = rfc3986::split(input);
            let base = rfc3986::split(base.unwrap_or(RFC_BASE));
            let strict = rfc2396::resolve_with(&base, &r, true);
            let loose = rfc2396::resolve_with(&base, &r, false);
            strict.path.len() + loose.path.len()
        }
    }
}

/// The best of `rounds` runs of `f` (at least one; fewer when one run is slow).
fn best_time(rounds: usize, mut f: impl FnMut() -> usize) -> Duration {
    let mut best = Duration::MAX;
    let started = Instant::now();
    for _ in 0..rounds {
        let t = Instant::now();
        black_box(f());
        best = best.min(t.elapsed());
        if started.elapsed() > Duration::from_secs(3) {
            break;
        }
    }
    best
}

fn mb_per_s(bytes: usize, time: Duration) -> f64 {
    bytes as f64 / 1e6 / time.as_secs_f64()
}

struct Options {
    mb: usize,
    shape: Option<String>,
    mode: Option<String>,
    list: bool,
}

fn options() -> Options {
    let args: Vec<String> = std::env::args().collect();
    let value = |flag: &str| args.iter().position(|a| a == flag).and_then(|i| args.get(i + 1));
    Options {
        mb: value("--mb").and_then(|v| v.parse().ok()).unwrap_or(1),
        shape: value("--shape").cloned(),
        mode: value("--mode").cloned(),
        list: args.iter().any(|a| a == "--list"),
    }
}

/// The realistic 1 MB (or `--mb`) WHATWG input: reference, rust-url and ada, as ratios.
fn compare_with_competitors(bytes: usize) {
    let input = realistic(bytes);
    let rounds = 5;
    let reference = best_time(rounds, || run_mode(Mode::Whatwg, &input, None));
    let rust_url = best_time(rounds, || url::Url::parse(&input).map_or(0, |u| u.as_str().len()));
    let ada = best_time(rounds, || {
        ada_url::Url::parse(input.as_str(), None).map_or(0, |u| u.href().len())
    });
    println!("realistic {} byte URL (path, query, fragment; WHATWG):", input.len());
    for (name, time) in [("reference", reference), ("rust-url", rust_url), ("ada", ada)] {
        println!("  {name:>10}: {:>9.1} MB/s", mb_per_s(input.len(), time));
    }
    let rate = |t: Duration| 1.0 / t.as_secs_f64();
    println!("  reference / ada      = {:.2}x", rate(reference) / rate(ada));
    println!("  reference / rust-url = {:.2}x", rate(reference) / rate(rust_url));
}

fn run_shape(shape: &Shape, mode: Mode, bytes: usize) {
    let (input, base) = shape.build(mode == Mode::Whatwg, bytes);
    let time = best_time(3, || run_mode(mode, &input, base));
    println!(
        "  {:<22} {:<8} {:>9.1} MB/s  ({:.3} s for {} bytes)",
        shape.name,
        mode.name(),
        mb_per_s(input.len(), time),
        time.as_secs_f64(),
        input.len()
    );
}

fn main() {
    let options = options();
    if options.list {
        for shape in SHAPES {
            println!("{}", shape.name);
        }
        return;
    }
    let bytes = options.mb * 1_000_000;
    if options.shape.is_none() && options.mode.is_none() {
        compare_with_competitors(bytes);
    }
    println!("hostile shapes, {bytes} bytes each (input against a base where relative):");
    for shape in SHAPES.iter().filter(|s| options.shape.as_ref().is_none_or(|n| n == s.name)) {
        for mode in MODES.iter().filter(|m| options.mode.as_ref().is_none_or(|n| n == m.name())) {
            run_shape(shape, *mode, bytes);
        }
    }
}
