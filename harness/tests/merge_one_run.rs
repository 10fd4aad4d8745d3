//! "N shards merged are one run", field by field: 3,000 inputs from `urldiff corpus generate`
//! triaged whole and as 3 shards (the oracles in process, through the library as
//! `urldiff triage` calls it), the shards merged (`urldiff_triage::merge`), and every field
//! of the two findings files compared: run totals, the class table's counts, each group's
//! members, example, classes and answers, the model differences. Only the time spent
//! (`seconds`) is left out: it is never the same twice.

#[path = "findings_compare/mod.rs"]
mod findings_compare;

use findings_compare::{first_difference, without_seconds};
use serde_json::Value;
use std::process::Command;
use urldiff_triage::events::NoEvents;
use urldiff_triage::findings::{Findings, Tool};
use urldiff_triage::merge::{in_shard, merge};
use urldiff_triage::pipeline::{triage, Config, TriageCase};
use urldiff_triage::select::{refs, select_oracles};
use urldiff_triage::Budget;

fn json(findings: &Findings) -> Value {
    let mut value = serde_json::to_value(findings).unwrap();
    without_seconds(&mut value);
    value
}

#[test]
fn three_shards_merged_equal_one_run_in_every_field() {
    let dir = tempfile::tempdir().unwrap();
    let generated = Command::new(env!("CARGO_BIN_EXE_urldiff"))
        .args(["corpus", "generate", "3000", "--seed", "29"])
        .output()
        .unwrap();
    assert_eq!(generated.status.code(), Some(0));
    let path = dir.path().join("cases.jsonl");
    std::fs::write(&path, &generated.stdout).unwrap();
    let read = urldiff_triage::input::read(&path).unwrap();
    assert!(read.cases.len() >= 2900, "{} cases", read.cases.len());
    let names: Vec<String> =
        ["reference", "reference-rfc3986", "rust-url", "ada"].map(str::to_owned).to_vec();
    let selection = select_oracles(&names).unwrap();
    let oracles = refs(&selection.oracles);
    let source = path.display().to_string();
    let run = |cases: &[TriageCase], source: String| {
        let config = Config {
            oracles: &oracles,
            ledger: None,
            known: None,
            // No time limit: a minimization ends by its call budget alone, so the same case
            // minimizes the same way in any run.
            budget: Budget { max_calls: Budget::DEFAULT_MAX_CALLS, max_seconds: 1e9 },
            minimize_per_key: Config::DEFAULT_MINIMIZE_PER_KEY,
            originals_kept: Config::DEFAULT_ORIGINALS_KEPT,
            tool: Tool { name: "urldiff".into(), version: "test".into() },
            wpt_revision: None,
            sources: vec![source],
            skipped_oracles: Vec::new(),
            skipped_cases: 0,
            unreadable_lines: Vec::new(),
        };
        triage(cases, &config, &NoEvents).unwrap()
    };
    let whole = run(&read.cases, source.clone());
    let shards: Vec<Findings> = (1..=3)
        .map(|k| {
            let cases: Vec<TriageCase> = read
                .cases
                .iter()
                .filter(|c| in_shard(&c.request.input, c.request.base.as_deref(), k, 3))
                .cloned()
                .collect();
            run(&cases, format!("{source} (shard {k}/3)"))
        })
        .collect();
    assert!(whole.groups.len() > 20, "a run worth merging: {} groups", whole.groups.len());
    // Groups whose first members lie in different shards: the merge must choose among them.
    let spread = whole
        .groups
        .iter()
        .filter(|g| {
            let shard = |m: &urldiff_triage::findings::Original| {
                (1..=3).find(|&k| in_shard(&m.input, m.base.as_deref(), k, 3))
            };
            let firsts: Vec<_> = g.members.iter().take(2).map(shard).collect();
            firsts.len() == 2 && firsts[0] != firsts[1]
        })
        .count();
    assert!(spread > 5, "{spread} groups have their first two members in two shards");
    let merged = merge(shards, Config::DEFAULT_ORIGINALS_KEPT).unwrap();
    let (one, merged) = (json(&whole), json(&merged));
    if let Some(difference) = first_difference("findings", &one, &merged) {
        panic!("the merged shards differ from the one run at {difference}");
    }
    assert_eq!(one, merged);
}
