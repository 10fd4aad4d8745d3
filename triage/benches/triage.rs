//! Triage speed: 10,000 divergent inputs through `urldiff_triage::pipeline::triage` with the
//! in-process oracles (ask, compare, dedupe, minimize, classify, group), as inputs/s.
//!
//! The inputs are deterministic: cases from the one generator (`urldiff_corpus::urlgen`,
//! mutations of WPT's urltestdata inputs and grammar-built URLs), the first 10,000 on which
//! the oracles disagree (found before the clock starts). Prints; asserts nothing about time.
//!
//! `cargo bench -p urldiff-triage --bench triage` (part of `make bench`).

use std::time::Instant;
use urldiff_corpus::urlgen;
use urldiff_oracles::{default_oracles, Oracle, OracleKind, RegistryConfig};
use urldiff_triage::events::NoEvents;
use urldiff_triage::findings::Tool;
use urldiff_triage::pipeline::{triage, Config, TriageCase};
use urldiff_triage::{ask, Budget, Request};

const INPUTS: usize = 10_000;

/// WPT's urltestdata inputs and bases, the generator's seeds (none when WPT is not found).
fn seeds() -> Vec<urlgen::GenCase> {
    let Ok(data) = urldiff_corpus::wpt::locate() else { return Vec::new() };
    let Ok(text) = data.read("urltestdata.json") else { return Vec::new() };
    let Ok(file) = urldiff_corpus::urltestdata::parse(&text, "urltestdata.json") else {
        return Vec::new();
    };
    file.entries.into_iter().map(|e| urlgen::GenCase { input: e.input, base: e.base }).collect()
}

fn divergent(oracles: &[&dyn Oracle]) -> Vec<TriageCase> {
    let seeds = seeds();
    let mut out = Vec::new();
    let mut seed = 1;
    while out.len() < INPUTS {
        let generated = urlgen::generate(&seeds, INPUTS, seed);
        seed += 1;
        let requests: Vec<Request> =
            generated.into_iter().map(|c| Request::new(c.input, c.base.as_deref())).collect();
        let answers = ask(oracles, &requests).expect("oracles answer");
        for (request, answers) in requests.into_iter().zip(answers) {
            let comparison = urldiff_triage::ask::compare_answers(oracles, &request, &answers);
            if comparison.disagrees() && out.len() < INPUTS {
                let name = request.case().name();
                out.push(TriageCase { request, suite: "bench".into(), name });
            }
        }
    }
    out
}

fn main() {
    let all = default_oracles(&RegistryConfig::default());
    let oracles: Vec<&dyn Oracle> = all
        .iter()
        .map(|o| o.as_ref())
        .filter(|o| matches!(o.info().kind, OracleKind::InProcess | OracleKind::SpecAlgorithm))
        .collect();
    let cases = divergent(&oracles);
    let config = Config {
        oracles: &oracles,
        ledger: None,
        budget: Budget::default(),
        minimize_per_key: Config::DEFAULT_MINIMIZE_PER_KEY,
        originals_kept: Config::DEFAULT_ORIGINALS_KEPT,
        tool: Tool { name: "urldiff".into(), version: "bench".into() },
        wpt_revision: None,
        sources: vec!["bench".into()],
        skipped_oracles: Vec::new(),
        skipped_cases: 0,
        unreadable_lines: Vec::new(),
    };
    let names: Vec<&str> = oracles.iter().map(|o| o.name()).collect();
    println!("triage: {} divergent generated inputs, oracles: {}", cases.len(), names.join(", "));
    let started = Instant::now();
    let findings = triage(&cases, &config, &NoEvents).expect("triage runs");
    let seconds = started.elapsed().as_secs_f64();
    let run = &findings.run;
    println!(
        "  {:.2} s, {:.0} inputs/s: {} minimizations ({} oracle calls, {} not 1-minimal), {} \
         groups, {} unclassified cases ({:.1} %)",
        seconds,
        cases.len() as f64 / seconds,
        run.minimized,
        run.oracle_calls,
        run.not_one_minimal,
        findings.groups.len(),
        run.unclassified_cases,
        100.0 * run.unclassified_cases as f64 / cases.len() as f64
    );
}
