//! Merging findings files by root cause: shards of one large input, nightly campaigns,
//! ClusterFuzzLite's outputs and conform runs join into one findings file, their groups (and
//! model differences) matched by root-cause id. Members are joined (each input and base
//! once), counts are the members, the example kept is the smaller one, severities the worse;
//! run totals add up. `--shard K/N` ([`in_shard`]) takes one deterministic Nth of an input, so
//! that N shards merged give the groups, members and counts of one run.

use crate::findings::{ClassRow, Findings, Group, ModelDifference, Original};
use sha2::{Digest, Sha256};
use std::collections::{BTreeMap, BTreeSet};

/// Why findings cannot be merged.
#[derive(Debug, thiserror::Error)]
pub enum MergeError {
    #[error("nothing to merge: no findings file given")]
    Nothing,
}

/// Whether a case (input and base) is in shard `k` of `n` (1-based): a hash of the case, so
/// the shards do not depend on the order of the input.
pub fn in_shard(input: &str, base: Option<&str>, k: usize, n: usize) -> bool {
    let digest = Sha256::digest(format!("{input}\u{0}{}", base.unwrap_or("\u{0}")));
    let value = u64::from_be_bytes(digest[..8].try_into().expect("8 bytes"));
    n > 0 && (value % n as u64) as usize == k.saturating_sub(1)
}

fn size(input: &str, base: Option<&str>) -> (usize, String, Option<String>) {
    let n = input.chars().count() + base.map_or(0, |b| b.chars().count());
    (n, input.to_owned(), base.map(str::to_owned))
}

fn join_members(into: &mut Vec<Original>, from: Vec<Original>) {
    let mut seen: BTreeSet<(String, Option<String>)> =
        into.iter().map(|m| (m.input.clone(), m.base.clone())).collect();
    for m in from {
        if seen.insert((m.input.clone(), m.base.clone())) {
            into.push(m);
        }
    }
}

fn merge_group(into: &mut Group, mut from: Group, originals_kept: usize) {
    let mut members = std::mem::take(&mut into.members);
    join_members(&mut members, std::mem::take(&mut from.members));
    let libraries: BTreeSet<String> =
        into.libraries.drain(..).chain(from.libraries.clone()).collect();
    let worse = if from.severity > into.severity { &from } else { &*into };
    let (severity, rule) = (worse.severity, worse.severity_rule.clone());
    if size(&from.example.input, from.example.base.as_deref())
        < size(&into.example.input, into.example.base.as_deref())
    {
        *into = from; // the smaller example, with its answers
    }
    into.members = members;
    into.libraries = libraries.into_iter().collect();
    into.severity = severity;
    into.severity_rule = rule;
    into.count = into.members.len();
    into.originals = into.members.iter().take(originals_kept).cloned().collect();
}

fn merge_model(into: &mut ModelDifference, from: ModelDifference) {
    into.cases += from.cases;
    let libraries: BTreeSet<String> = into.libraries.drain(..).chain(from.libraries).collect();
    into.libraries = libraries.into_iter().collect();
    if size(&from.example.input, from.example.base.as_deref())
        < size(&into.example.input, into.example.base.as_deref())
    {
        into.example = from.example;
    }
}

/// Merge `files` (see the module documentation); the first file's tool and WPT revision stay.
pub fn merge(files: Vec<Findings>, originals_kept: usize) -> Result<Findings, MergeError> {
    let mut files = files.into_iter();
    let mut merged = files.next().ok_or(MergeError::Nothing)?;
    let mut groups: BTreeMap<String, Group> =
        merged.groups.drain(..).map(|g| (g.id.clone(), g)).collect();
    let mut models: BTreeMap<String, ModelDifference> =
        merged.model_differences.drain(..).map(|m| (m.id.clone(), m)).collect();
    for file in files {
        let run = &mut merged.run;
        run.sources.extend(file.run.sources);
        run.cases += file.run.cases;
        run.skipped_cases += file.run.skipped_cases;
        run.unreadable_lines.extend(file.run.unreadable_lines);
        run.divergent += file.run.divergent;
        run.expected += file.run.expected;
        run.minimized += file.run.minimized;
        run.not_one_minimal += file.run.not_one_minimal;
        run.oracle_calls += file.run.oracle_calls;
        run.seconds += file.run.seconds;
        merged.wpt_revision = merged.wpt_revision.or(file.wpt_revision);
        for oracle in file.oracles {
            if !merged.oracles.iter().any(|o| o.name == oracle.name && o.version == oracle.version)
            {
                merged.oracles.push(oracle);
            }
        }
        for skipped in file.skipped_oracles {
            if !merged.skipped_oracles.contains(&skipped) {
                merged.skipped_oracles.push(skipped);
            }
        }
        for g in file.groups {
            match groups.get_mut(&g.id) {
                Some(into) => merge_group(into, g, originals_kept),
                None => {
                    groups.insert(g.id.clone(), g);
                }
            }
        }
        for m in file.model_differences {
            match models.get_mut(&m.id) {
                Some(into) => merge_model(into, m),
                None => {
                    models.insert(m.id.clone(), m);
                }
            }
        }
    }
    let mut groups: Vec<Group> = groups.into_values().collect();
    crate::findings::sort_groups(&mut groups);
    let mut models: Vec<ModelDifference> = models.into_values().collect();
    models.sort_by(|a, b| b.cases.cmp(&a.cases).then(a.id.cmp(&b.id)));
    merged.run.unclassified_cases = groups
        .iter()
        .filter(|g| g.classes.iter().any(|c| c == crate::classify::UNCLASSIFIED))
        .map(|g| g.count)
        .sum();
    merged.classes = class_rows(&groups);
    merged.groups = groups;
    merged.model_differences = models;
    Ok(merged)
}

/// The class table with each class's group and case counts.
pub fn class_rows(groups: &[Group]) -> Vec<ClassRow> {
    let mut rows = ClassRow::table();
    for row in &mut rows {
        for g in groups.iter().filter(|g| g.classes.contains(&row.id)) {
            row.groups += 1;
            row.cases += g.count;
        }
    }
    rows
}
