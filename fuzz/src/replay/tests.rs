//! The seed replay: every target's generated seeds, the committed regression inputs and any
//! local corpus (`fuzz/corpus/<target>/`, left by `make fuzz`) through every check.

use super::*;
use crate::checks::{CheckResult, TARGETS};
use crate::seeds::{self, Sources, Strings};
use std::sync::OnceLock;

fn strings() -> &'static Strings {
    static STRINGS: OnceLock<Strings> = OnceLock::new();
    STRINGS.get_or_init(|| {
        let sources =
            Sources::locate().expect("the WPT data and the RFC tables (run `cargo fetch`)");
        Strings::read(&sources).expect("the seed sources read")
    })
}

fn assert_no_violations(target: &str, replay: &Replay) {
    let shown: Vec<String> =
        replay.violations.iter().take(20).map(|(label, v)| format!("{label}: {v}")).collect();
    assert!(
        replay.violations.is_empty(),
        "{target}: {} of {} inputs break an invariant:\n{}",
        replay.violations.len(),
        replay.executed,
        shown.join("\n")
    );
}

#[test]
fn every_target_passes_its_generated_seeds() {
    // Fewer seeds than this means a source file went missing or changed shape.
    let minimum = |name: &str| match name {
        "roundtrip" => 3500,
        "setters" => 1000,
        "rfc_split" => 800,
        _ => 200,
    };
    for target in TARGETS {
        let seeds = seeds::generate(target, strings());
        let inputs = seeds.into_iter().enumerate().map(|(i, s)| (format!("seed {i}"), s));
        let replay = replay(target, inputs);
        assert!(
            replay.executed >= minimum(target.name),
            "{}: only {} seeds",
            target.name,
            replay.executed
        );
        assert_no_violations(target.name, &replay);
        // The byte-level seeds are WPT's and the RFCs' own tests, which the reference and ada
        // pass; the differential targets compare with rust-url too, and validity with the
        // writing grammar, whose disagreements are what those targets are for.
        if !FINDS_ON_SEEDS.contains(&target.name) {
            let findings: Vec<&str> = replay.findings.iter().map(|f| f.detail.as_str()).collect();
            assert!(findings.is_empty(), "{}: {findings:#?}", target.name);
        }
        for f in &replay.findings {
            assert_eq!(f.target, target.name, "{f:?}");
            assert!(!f.signature.is_empty() && f.signature_id.len() == 16, "{f:?}");
        }
    }
}

/// The targets whose seeds diverge by design (see above).
const FINDS_ON_SEEDS: [&str; 3] = ["differential", "structured", "validity"];

#[test]
fn the_differential_seeds_find_rust_url_divergences_and_group_them_by_signature() {
    // The seeds alone (WPT, RFC tables) diverge only where the ledger expects it; the cases
    // generated from them find what it does not.
    let target = crate::checks::target("differential").unwrap();
    let inputs = seeds::differential_workload(strings(), 2000);
    let replay = replay(target, inputs.into_iter().map(|s| (String::new(), s)));
    let signatures: std::collections::BTreeSet<&str> =
        replay.findings.iter().map(|f| f.signature_id.as_str()).collect();
    assert!(replay.findings.iter().any(|f| f.signature.contains("{rust-url}")));
    assert!(signatures.len() > 1 && signatures.len() < replay.findings.len(), "{signatures:?}");
}

#[test]
fn committed_regressions_and_the_local_corpus_pass() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    for target in TARGETS {
        let mut inputs = read_dir(&root.join("regressions").join(target.name)).unwrap();
        inputs.extend(read_dir(&root.join("corpus").join(target.name)).unwrap());
        // A local corpus may hold divergences (findings); it may not break an invariant.
        assert_no_violations(target.name, &replay(target, inputs));
    }
}

#[test]
fn replay_reports_violations_and_panics_with_their_inputs() {
    fn check(data: &[u8]) -> CheckResult {
        match data {
            b"bad" => Err(Violation::new("t", "demo", "broken".into())),
            b"boom" => panic!("exploded"),
            _ => Ok(Vec::new()),
        }
    }
    let target = Target { name: "t", about: "", check, max_len: 1, uses_dictionary: false };
    let inputs = [("a", "ok"), ("b", "bad"), ("c", "boom")]
        .map(|(label, data)| (label.to_owned(), data.as_bytes().to_vec()));
    let replay = replay(&target, inputs);
    assert_eq!(replay.executed, 3);
    let got: Vec<(&str, &str, &str)> = replay
        .violations
        .iter()
        .map(|(label, v)| (label.as_str(), v.invariant, v.detail.as_str()))
        .collect();
    assert_eq!(got, [("b", "demo", "broken"), ("c", "no-panic", "panicked on \"boom\": exploded")]);
}

#[test]
fn seeds_without_findings_find_nothing_for_crash_on_divergence_builds() {
    let target = crate::checks::target("differential").unwrap();
    let all = seeds::differential_workload(strings(), 2000);
    let clean = seeds::without_findings(target, all.clone());
    assert!(!clean.is_empty() && clean.len() < all.len(), "{} of {}", clean.len(), all.len());
    let replay = replay(target, clean.into_iter().map(|s| (String::new(), s)));
    assert!(replay.findings.is_empty() && replay.violations.is_empty());
}
