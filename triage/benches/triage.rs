//! Triage speed: 10,000 divergent inputs through `urldiff_triage::pipeline::triage` with the
//! in-process oracles (ask, cut into parts, find each conformance part's deciding code point,
//! group by root cause, minimize, classify), as inputs/s, with the groups by kind and the
//! minimizer's oracle calls per group.
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
use urldiff_triage::rootcause::FindingKind;
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
        .filter(|o| matches!(o.kind(), OracleKind::InProcess | OracleKind::SpecAlgorithm))
        .collect();
    let cases = divergent(&oracles);
    let config = Config {
        oracles: &oracles,
        ledger: None,
        known: None,
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
    let kind = |k: FindingKind| findings.groups.iter().filter(|g| g.kind == k).count();
    let minimizer_calls: usize = findings.groups.iter().map(|g| g.example.oracle_calls).sum();
    println!(
        "  {:.2} s, {:.0} inputs/s: {} groups ({} conformance, {} confusion), {} model \
         differences; {} minimizations ({} not 1-minimal), {} oracle calls in all, {:.0} per \
         group's example minimization; {} unclassified cases ({:.1} %)",
        seconds,
        cases.len() as f64 / seconds,
        findings.groups.len(),
        kind(FindingKind::Conformance),
        kind(FindingKind::Confusion),
        findings.model_differences.len(),
        run.minimized,
        run.not_one_minimal,
        run.oracle_calls,
        minimizer_calls as f64 / findings.groups.len().max(1) as f64,
        run.unclassified_cases,
        100.0 * run.unclassified_cases as f64 / cases.len() as f64
    );
}
