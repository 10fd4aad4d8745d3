//! Minimizer speed: 200-code-point divergent inputs minimized to a 1-minimal result, with the
//! in-process oracles (goal: at most 1 s and 2,000 oracle calls each), then with
//! python-urllib among them (goal: at most 5 s; skipped with one line without Python).
//!
//! The inputs are deterministic: the backslash confusion padded to 200 code points, an SSRF
//! shape (IPv4 number form, encoded userinfo, dot segments), and three inputs made by joining
//! generated cases (`urldiff_corpus::urlgen`, the one generator) and cutting at 200
//! code points, the first of each seed that diverge. Every result is checked 1-minimal
//! independently of the minimizer's own claim. Prints; asserts nothing about time.
//!
//! `cargo bench -p urldiff-triage --bench minimize` (part of `make bench`).

use urldiff_corpus::urlgen;

use urldiff_oracles::{default_oracles, Availability, Oracle, OracleKind, RegistryConfig};
use urldiff_triage::minimize::is_one_minimal;
use urldiff_triage::{ask, minimize, Budget, Request};

const LENGTH: usize = 200;

fn pad(prefix: &str, filler: &str, suffix: &str) -> String {
    let mut s = prefix.to_owned();
    while s.chars().count() + suffix.chars().count() < LENGTH {
        s.push_str(filler);
    }
    let keep = LENGTH - suffix.chars().count();
    let mut s: String = s.chars().take(keep).collect();
    s.push_str(suffix);
    s
}

fn diverges(oracles: &[&dyn Oracle], request: &Request) -> bool {
    let answers = ask(oracles, std::slice::from_ref(request)).expect("oracles answer").remove(0);
    urldiff_triage::ask::compare_answers(oracles, request, &answers).disagrees()
}

/// The inputs, each exactly 200 code points and divergent among `oracles`.
fn inputs(oracles: &[&dyn Oracle]) -> Vec<(String, Request)> {
    let mut out = vec![
        (
            "backslash".to_owned(),
            Request::new(
                pad("http://evil.", "example-label.", "\\@good.example/some/path?q=1#f"),
                None,
            ),
        ),
        (
            "ssrf-shape".to_owned(),
            Request::new(
                pad(
                    "HTTPS://user:pa%20ss@0x7f.0.0.1:0443/a/./b/../%2e%2e/",
                    "segment/",
                    "c?q=1#frag",
                ),
                None,
            ),
        ),
    ];
    for seed in 1..=3u64 {
        let generated = urlgen::generate(&[], 400, seed);
        let joined: String =
            generated.iter().map(|c| c.input.as_str()).collect::<Vec<_>>().join("");
        let chars: Vec<char> = joined.chars().collect();
        let found = chars
            .windows(LENGTH)
            .step_by(37)
            .map(|w| w.iter().collect::<String>())
            .find(|s| diverges(oracles, &Request::new(s.clone(), None)));
        if let Some(input) = found {
            out.push((format!("generated-{seed}"), Request::new(input, None)));
        }
    }
    for (_, r) in &out {
        assert_eq!(r.input.chars().count(), LENGTH);
        assert!(diverges(oracles, r), "{:?} must diverge", r.input);
    }
    out
}

fn run(label: &str, oracles: &[&dyn Oracle], goal_seconds: f64, goal_calls: Option<usize>) {
    let names: Vec<&str> = oracles.iter().map(|o| o.name()).collect();
    println!("minimize: {label}: {}", names.join(", "));
    let mut worst = (0.0f64, 0usize);
    for (name, request) in inputs(oracles) {
        let m = minimize(oracles, &request, Budget::default()).expect("divergent input");
        let proven = is_one_minimal(oracles, &m.minimized).expect("oracles answer");
        println!(
            "  {name:<12} {:>4} calls {:>7.3} s  {} -> {} code points, 1-minimal: {} (checked: {proven})  {:?}",
            m.oracle_calls,
            m.seconds,
            LENGTH,
            m.minimized.input.chars().count(),
            m.one_minimal,
            m.minimized.input
        );
        worst = (worst.0.max(m.seconds), worst.1.max(m.oracle_calls));
    }
    let calls_goal = goal_calls.map_or(String::new(), |g| format!(", {g} calls"));
    let met = worst.0 <= goal_seconds && goal_calls.is_none_or(|g| worst.1 <= g);
    println!(
        "  worst: {:.3} s, {} calls (goal: {goal_seconds} s{calls_goal}: {})",
        worst.0,
        worst.1,
        if met { "met" } else { "NOT met" }
    );
}

fn main() {
    let all = default_oracles(&RegistryConfig::default());
    let in_process: Vec<&dyn Oracle> = all
        .iter()
        .map(|o| o.as_ref())
        .filter(|o| matches!(o.kind(), OracleKind::InProcess | OracleKind::SpecAlgorithm))
        .collect();
    run("in-process oracles", &in_process, 1.0, Some(2000));
    let Some(python) = all.iter().find(|o| o.name() == "python-urllib") else { return };
    if let Availability::Unavailable { reason } = python.availability() {
        println!("minimize: with python-urllib: skipped: {}", reason.lines().next().unwrap_or(""));
        return;
    }
    let mut with_python = in_process.clone();
    with_python.push(python.as_ref());
    run("in-process oracles and python-urllib", &with_python, 5.0, None);
}
