//! Merging findings files by root cause: shards of one large input, nightly campaigns,
//! ClusterFuzzLite's outputs and conform runs join into one findings file, their groups (and
//! model differences) matched by root-cause id. Members are joined (each input and base
//! once, in member order), counts are the members; the example is the one a single run would
//! choose: each group keeps the candidates (its first members, minimized, with what the report
//! shows of each), and the merge chooses among those of the joined group's first members;
//! severities the worse, run totals add up (the minimizations counted are the kept
//! candidates'). `--shard K/N` ([`in_shard`]) takes one deterministic Nth of an input, so that
//! N shards merged are one run, field by field (`harness/tests/merge_one_run.rs`).

use crate::findings::{chosen, known_first, member_key, Candidate, ExampleView, RunSummary};
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

/// A findings file `urldiff triage --merge` cannot read, named.
#[derive(Debug, thiserror::Error)]
pub enum ReadFilesError {
    #[error("cannot read {path}: {error}")]
    Unreadable { path: String, error: std::io::Error },
    #[error("{path}: {why}")]
    NotFindings { path: String, why: crate::findings::FindingsReadError },
}

/// Every findings file of `paths`, in order; all must read.
pub fn read_files(paths: &[std::path::PathBuf]) -> Result<Vec<Findings>, ReadFilesError> {
    let path_of = |p: &std::path::PathBuf| p.display().to_string();
    let read = |p: &std::path::PathBuf| {
        let text = std::fs::read_to_string(p)
            .map_err(|error| ReadFilesError::Unreadable { path: path_of(p), error })?;
        Findings::from_json(&text)
            .map_err(|why| ReadFilesError::NotFindings { path: path_of(p), why })
    };
    paths.iter().map(read).collect()
}

/// A merge error with the path of the file it is about, as [`read_files`] read them.
pub fn naming_the_file(e: MergeError, paths: &[std::path::PathBuf]) -> String {
    match &e {
        MergeError::Overflow { file, .. } => format!("{}: {e}", paths[file - 1].display()),
        MergeError::Nothing => e.to_string(),
    }
}

/// The run summary of shard `k` of `n`: its sources say so, and what the input holds besides
/// cases (skipped cases, unreadable lines) is one fact of the whole input, which shard 1
/// records, so that N shards merged count it once.
pub fn as_shard(run: &mut crate::findings::RunSummary, (k, n): (usize, usize)) {
    run.sources = run.sources.iter().map(|s| format!("{s} (shard {k}/{n})")).collect();
    if k != 1 {
        run.skipped_cases = 0;
        run.unreadable_lines.clear();
    }
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
    into.sort_by(|a, b| {
        member_key(&a.input, a.base.as_deref()).cmp(&member_key(&b.input, b.base.as_deref()))
    });
}

/// What `g` shows of its example.
fn view(g: &Group) -> ExampleView {
    ExampleView {
        expected: g.expected.clone(),
        signature: g.signature.clone(),
        signature_id: g.signature_id.clone(),
        validation_errors: g.validation_errors.clone(),
        classes: g.classes.clone(),
        answers: g.answers.clone(),
        differences: g.differences.clone(),
    }
}

/// The candidates of the first `per_key` of `members`, from `pool` (in member order); `None`
/// when one of them is missing (a file written before candidates were kept).
fn candidates_of(
    members: &[Original],
    pool: Vec<Candidate>,
    per_key: usize,
) -> Option<Vec<Candidate>> {
    let firsts = members.iter().take(per_key);
    let found: Vec<Candidate> = firsts
        .filter_map(|m| {
            pool.iter()
                .find(|c| c.example.original.input == m.input && c.example.original.base == m.base)
                .cloned()
        })
        .collect();
    (found.len() == per_key.min(members.len()) && !found.is_empty()).then_some(found)
}

/// Join `from` into `into` (one root cause): members joined, in member order; the example the
/// one run would choose among the candidates of the first `per_key` members (else, for files
/// without candidates, the smaller example); the worst severity (then the rule's id); a
/// regression's note first, then the earlier member's.
fn merge_group(into: &mut Group, mut from: Group, originals_kept: usize, per_key: usize) {
    let mut members = std::mem::take(&mut into.members);
    join_members(&mut members, std::mem::take(&mut from.members));
    let libraries: BTreeSet<String> =
        into.libraries.drain(..).chain(from.libraries.clone()).collect();
    let mut marks = std::mem::take(&mut into.marks);
    for mark in from.marks.drain(..) {
        if !marks.contains(&mark) {
            marks.push(mark);
        }
    }
    let rule = |g: &Group| (g.severity, std::cmp::Reverse(g.severity_rule.clone()));
    if rule(&from) > rule(into) {
        into.severity = from.severity;
        into.severity_rule = from.severity_rule.clone();
    }
    into.known = match (into.known.take(), from.known.take()) {
        (Some(a), Some(b)) => Some(if known_first(&b, &a) { b } else { a }),
        (a, b) => a.or(b),
    };
    // A conformance key's fields and code point are what its members showed, not keyed: every
    // member's fields, sorted, and the least code point kind, as one run writes them.
    let rc = &mut into.root_cause;
    for field in std::mem::take(&mut from.root_cause.fields) {
        if !rc.fields.contains(&field) {
            rc.fields.push(field);
        }
    }
    rc.fields.sort();
    rc.code_point = rc.code_point.take().into_iter().chain(from.root_cause.code_point.take()).min();
    let mut pool = std::mem::take(&mut into.candidates);
    pool.extend(std::mem::take(&mut from.candidates));
    match candidates_of(&members, pool, per_key) {
        Some(candidates) => {
            let shown = candidates[chosen(&candidates).expect("candidates")].clone();
            into.show(shown.example, shown.view);
            into.candidates = candidates;
        }
        None if size(&from.example.input, from.example.base.as_deref())
            < size(&into.example.input, into.example.base.as_deref()) =>
        {
            let shown = view(&from);
            into.show(from.example, shown);
        }
        None => {}
    }
    into.members = members;
    into.libraries = libraries.into_iter().collect();
    into.count = into.members.len();
    into.marks = crate::mark::with_new(marks);
    into.originals = into.members.iter().take(originals_kept).cloned().collect();
}

/// (minimized, not one-minimal, oracle calls) of the candidates of `groups`: the
/// minimizations a run counted in its totals.
fn candidate_totals(groups: &[Group]) -> (usize, usize, usize) {
    let minimized = groups.iter().flat_map(|g| &g.candidates).filter(|c| c.minimized);
    minimized.fold((0, 0, 0), |(n, not_one, calls), c| {
        (n + 1, not_one + usize::from(!c.example.one_minimal), calls + c.example.oracle_calls)
    })
}

/// `names` in the order of `oracles` (the order one run lists them in), others after.
fn in_oracle_order(names: &mut [String], oracles: &[crate::findings::OracleVersion]) {
    let place = |n: &String| oracles.iter().position(|o| o.name == *n).unwrap_or(usize::MAX);
    names.sort_by(|a, b| place(a).cmp(&place(b)).then(a.cmp(b)));
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
    let files: Vec<(usize, Findings)> = std::iter::once((1, first)).chain(files).collect();
    let per_key = files.iter().map(|(_, f)| f.run.minimize_per_key).max().unwrap_or(0);
    merged.run.minimize_per_key = per_key;
    for (position, mut file) in files {
        // The minimizations counted are those of the merged groups' candidates (added
        // below): one run minimizes only the first members of the whole group.
        let (minimized, not_one, calls) = candidate_totals(&file.groups);
        file.run.minimized = file.run.minimized.saturating_sub(minimized);
        file.run.not_one_minimal = file.run.not_one_minimal.saturating_sub(not_one);
        file.run.oracle_calls = file.run.oracle_calls.saturating_sub(calls);
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
                Some(into) => merge_group(into, g, originals_kept, per_key),
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
    crate::marks::same_cause::mark(&mut groups);
    crate::findings::sort_groups(&mut groups);
    let (minimized, not_one, calls) = candidate_totals(&groups);
    merged.run.minimized += minimized;
    merged.run.not_one_minimal += not_one;
    merged.run.oracle_calls += calls;
    for g in &mut groups {
        in_oracle_order(&mut g.libraries, &merged.oracles);
    }
    let mut models: Vec<ModelDifference> = models.into_values().collect();
    for m in &mut models {
        in_oracle_order(&mut m.libraries, &merged.oracles);
    }
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
