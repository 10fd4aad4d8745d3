//! `urldiff conform --bless`: the ledger rewritten to match a run. Stale entries in scope are
//! removed; each unexpected divergence becomes a case entry (one per case name, its fields the
//! union over suites). Comments and entries outside the run's scope are kept as they were.
//! This computes the new files and what changed; the binary writes and prints them.

use crate::evaluate::{field_set, RunResult};
use crate::report::Divergence;
use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::path::PathBuf;
use urldiff_compare::ledger::{lost, Entry, Ledger, LedgerFile, Line, Lost, Matcher};

/// The header of a ledger file bless creates.
const HEADER: &str = "# Known divergences of this oracle from each suite's truth; see README.md here.\n\
# <case name> | <fields or *> | <reason>   or   class: <suite-glob> /<regex>/ | <fields or *> | <reason>";

/// What bless changed in one file.
#[derive(Debug)]
pub struct BlessChange {
    pub oracle: String,
    pub path: PathBuf,
    pub added: Vec<String>,
    pub removed: Vec<String>,
    pub contents: String,
}

/// The reason written for a divergence nobody has explained yet.
fn unreviewed_reason(d: &Divergence) -> String {
    let fields: Vec<String> =
        d.fields.iter().map(|f| format!("{} {}", f.field.name(), f.grade.name())).collect();
    format!("unreviewed ({}): {}", d.severity.name(), fields.join(", "))
}

/// Compute the new ledger files of every oracle that ran. Unchanged files are left out.
pub fn bless(ledger: &Ledger, result: &RunResult) -> Vec<BlessChange> {
    let mut changes = Vec::new();
    for status in result.report.oracles.iter().filter(|o| o.skipped.is_none()) {
        let oracle = status.info.name.as_str();
        let mut file = ledger.files.get(oracle).cloned().unwrap_or_else(|| LedgerFile {
            path: ledger.path_for(oracle),
            lines: HEADER.lines().map(|l| Line::Text(l.to_owned())).collect(),
        });
        let scope = result.scope.get(oracle);
        let used = result.used.get(oracle);
        let mut removed = Vec::new();
        let mut old_entries: HashMap<String, Entry> = HashMap::new();
        let mut kept = Vec::new();
        for (i, line) in file.lines.into_iter().enumerate() {
            let stale =
                scope.is_some_and(|s| s.contains(&i)) && !used.is_some_and(|u| u.contains(&i));
            match line {
                Line::Entry(entry) if stale => {
                    if let Matcher::Case(name) = &entry.matcher {
                        old_entries.insert(name.clone(), entry.clone());
                    }
                    removed.push(entry.render());
                }
                other => kept.push(other),
            }
        }
        let mut added = Vec::new();
        for entry in new_entries(result, oracle, &old_entries) {
            added.push(entry.render());
            kept.push(Line::Entry(entry));
        }
        if added.is_empty() && removed.is_empty() {
            continue;
        }
        file.lines = kept;
        let contents = file.render();
        changes.push(BlessChange {
            oracle: oracle.to_owned(),
            path: file.path,
            added,
            removed,
            contents,
        });
    }
    changes
}

/// One case entry per unexpected divergent case name, in run order.
fn new_entries(
    result: &RunResult,
    oracle: &str,
    old_entries: &HashMap<String, Entry>,
) -> Vec<Entry> {
    let mut order: Vec<&str> = Vec::new();
    let mut by_name: BTreeMap<&str, (BTreeSet<_>, BTreeSet<Lost>, &Divergence)> = BTreeMap::new();
    for d in result.report.unexpected().filter(|d| d.oracle == oracle) {
        let slot = by_name.entry(&d.name).or_insert_with(|| {
            order.push(&d.name);
            (BTreeSet::new(), BTreeSet::new(), d)
        });
        // A lost answer is ledgered by naming it (crashed, timed-out), never as `outcome`.
        match lost(&d.answer) {
            Some(lost) => slot.1.extend([lost]),
            None => slot.0.extend(field_set(d)),
        }
    }
    order
        .into_iter()
        .map(|name| {
            let (fields, lost, first) = &by_name[name];
            // A case written anew keeps its reason, upstream issue and fixing version.
            let old = old_entries.get(name);
            let reason = old.map_or_else(|| unreviewed_reason(first), |e| e.reason.clone());
            Entry {
                matcher: Matcher::Case(name.to_owned()),
                fields: Some(fields.clone()),
                lost: lost.clone(),
                reason,
                upstream: old.and_then(|e| e.upstream.clone()),
                fixed_in: old.and_then(|e| e.fixed_in.clone()),
                step: old.and_then(|e| e.step.clone()),
                line: 0,
            }
        })
        .collect()
}
