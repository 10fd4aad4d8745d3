//! Merging findings files by root cause: shards of one large input, nightly campaigns,
//! ClusterFuzzLite's outputs and conform runs join into one findings file, their groups (and
//! model differences) matched by root-cause id. Members are joined (each input and base
//! once), counts are the members, the example kept is the smaller one, severities the worse;
//! run totals add up. `--shard K/N` ([`in_shard`]) takes one deterministic Nth of an input, so
//! that N shards merged give the groups, members and counts of one run.

use crate::findings::RunSummary;
use crate::findings::{ClassRow, Findings, Group, ModelDifference, Original, OtherSignature};
use sha2::{Digest, Sha256};
use std::collections::{BTreeMap, BTreeSet};

/// Why findings cannot be merged.
#[derive(Debug, thiserror::Error)]
pub enum MergeError {
    #[error("nothing to merge: no findings file given")]
    Nothing,
    /// A count would pass the largest number a count can hold: refused, never wrapped around.
    #[error(
        "{field} of findings file {file} (1-based, in the order given), added to the files \
         before it, passes {max}: refused rather than wrapped around",
        max = usize::MAX
    )]
    Overflow { field: String, file: usize },
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

fn merge_model(
    into: &mut ModelDifference,
    from: ModelDifference,
    file: usize,
) -> Result<(), MergeError> {
    add(&mut into.cases, from.cases, "model_differences[].cases", file)?;
    let libraries: BTreeSet<String> = into.libraries.drain(..).chain(from.libraries).collect();
    into.libraries = libraries.into_iter().collect();
    if size(&from.example.input, from.example.base.as_deref())
        < size(&into.example.input, into.example.base.as_deref())
    {
        into.example = from.example;
    }
    Ok(())
}

/// `into + from`, or the overflow of `field` in the `file`-th file.
fn add(into: &mut usize, from: usize, field: &str, file: usize) -> Result<(), MergeError> {
    *into = into
        .checked_add(from)
        .ok_or_else(|| MergeError::Overflow { field: field.to_owned(), file })?;
    Ok(())
}

/// Add `from`'s run totals to `into` (the `file`-th file).
fn add_run(into: &mut RunSummary, from: RunSummary, file: usize) -> Result<(), MergeError> {
    into.sources.extend(from.sources);
    into.unreadable_lines.extend(from.unreadable_lines);
    for (into, from, field) in [
        (&mut into.cases, from.cases, "run.cases"),
        (&mut into.skipped_cases, from.skipped_cases, "run.skipped_cases"),
        (&mut into.divergent, from.divergent, "run.divergent"),
        (&mut into.expected, from.expected, "run.expected"),
        (&mut into.minimized, from.minimized, "run.minimized"),
        (&mut into.not_one_minimal, from.not_one_minimal, "run.not_one_minimal"),
        (&mut into.oracle_calls, from.oracle_calls, "run.oracle_calls"),
    ] {
        add(into, from, field, file)?;
    }
    into.seconds += from.seconds;
    Ok(())
}

/// The 1-based positions of the files equal to an earlier one, each with that earlier
/// file's position: merged once, since a file merged with itself is that file.
pub fn repeated(files: &[Findings]) -> Vec<(usize, usize)> {
    (0..files.len())
        .filter_map(|i| files[..i].iter().position(|f| *f == files[i]).map(|j| (i + 1, j + 1)))
        .collect()
}

/// `sources` with each name once, and the shards `X (shard 1/N)` … `X (shard N/N)` of one
/// source, all present, as `X`: N shards merged are one run.
fn join_sources(sources: Vec<String>) -> Vec<String> {
    fn shard_of(source: &str) -> Option<(&str, usize, usize)> {
        let (name, shard) = source.strip_suffix(')')?.rsplit_once(" (shard ")?;
        let (k, n) = shard.split_once('/')?;
        Some((name, k.parse().ok()?, n.parse().ok()?))
    }
    let mut shards: BTreeMap<(String, usize), BTreeSet<usize>> = BTreeMap::new();
    for (name, k, n) in sources.iter().filter_map(|s| shard_of(s)) {
        shards.entry((name.to_owned(), n)).or_default().insert(k);
    }
    let whole = |name: &str, n: usize| {
        shards
            .get(&(name.to_owned(), n))
            .is_some_and(|ks| ks.len() == n && ks.iter().all(|&k| (1..=n).contains(&k)))
    };
    let mut out: Vec<String> = Vec::new();
    for source in sources {
        let source = match shard_of(&source) {
            Some((name, _, n)) if whole(name, n) => name.to_owned(),
            _ => source,
        };
        if !out.contains(&source) {
            out.push(source);
        }
    }
    out
}

/// Merge `files` (see the module documentation); the first file's tool and WPT revision stay.
/// A file equal to an earlier one is merged once ([`repeated`]); a group id written twice in
/// one file is joined like one met in two files.
pub fn merge(files: Vec<Findings>, originals_kept: usize) -> Result<Findings, MergeError> {
    let repeats: BTreeSet<usize> = repeated(&files).into_iter().map(|(i, _)| i).collect();
    let mut files = files
        .into_iter()
        .enumerate()
        .map(|(i, f)| (i + 1, f))
        .filter(|(i, _)| !repeats.contains(i));
    let (_, first) = files.next().ok_or(MergeError::Nothing)?;
    let mut merged = Findings {
        run: RunSummary::default(),
        oracles: Vec::new(),
        skipped_oracles: Vec::new(),
        groups: Vec::new(),
        model_differences: Vec::new(),
        signatures: Vec::new(),
        crashes: Vec::new(),
        ..first.clone()
    };
    let mut groups: BTreeMap<String, Group> = BTreeMap::new();
    let mut models: BTreeMap<String, ModelDifference> = BTreeMap::new();
    for (position, file) in std::iter::once((1, first)).chain(files) {
        add_run(&mut merged.run, file.run, position)?;
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
        for s in file.signatures {
            let same =
                |o: &OtherSignature| o.target == s.target && o.signature_id == s.signature_id;
            if !merged.signatures.iter().any(same) {
                merged.signatures.push(s);
            }
        }
        merged.crashes.extend(file.crashes);
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
                Some(into) => merge_model(into, m, position)?,
                None => {
                    models.insert(m.id.clone(), m);
                }
            }
        }
    }
    merged.run.sources = join_sources(std::mem::take(&mut merged.run.sources));
    merged.crashes.sort();
    merged.crashes.dedup();
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
