//! Triage of many cases into findings:
//!
//! 1. every oracle answers every case, one batch per oracle ([`crate::ask`]);
//! 2. the divergent cases are kept, less those the ledger expects ([`crate::expected`]);
//! 3. they are deduplicated by *dedupe key* (signature plus the reference's validation errors
//!    of the original): only the first [`Config::minimize_per_key`] cases of a key are
//!    minimized, side by side on rayon;
//! 4. each minimized example is classified and grouped by its signature plus the validation
//!    errors of the minimized input; a case that was not minimized counts in the group of the
//!    first minimized case of its dedupe key.

use crate::ask::{ask, compare_answers, AskError, Request};
use crate::classify::{classify, Facts, UNCLASSIFIED};
use crate::events::TriageEvents;
use crate::expected::{is_expected, Ledger};
use crate::findings::{self, ClassRow, Example, Findings, Group, OracleAnswer, OracleVersion};
use crate::findings::{Original, RunSummary, SkippedOracle, Tool, SCHEMA_VERSION};
use crate::minimize::{minimize, Budget, MinimizeError, Minimized};
use rayon::prelude::*;
use sha2::{Digest, Sha256};
use std::collections::{BTreeMap, HashMap};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Instant;
use urldiff_compare::{Severity, Signature};
use urldiff_oracles::{Answer, Oracle, OracleInfo};

/// One case to triage and where it came from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TriageCase {
    pub request: Request,
    /// The suite (for ledger lookups: `wpt/urltestdata`, …) or the source file.
    pub suite: String,
    /// The case name the ledger knows it by (`<input> against <base>`).
    pub name: String,
}

/// How to triage.
pub struct Config<'a> {
    pub oracles: &'a [&'a dyn Oracle],
    pub ledger: Option<&'a dyn Ledger>,
    /// Per minimization.
    pub budget: Budget,
    pub minimize_per_key: usize,
    /// How many originals a group keeps.
    pub originals_kept: usize,
    pub tool: Tool,
    pub wpt_revision: Option<String>,
    pub sources: Vec<String>,
    pub skipped_oracles: Vec<SkippedOracle>,
    /// Cases the reader left out (kinds triage does not handle).
    pub skipped_cases: usize,
    /// Input lines the reader could not read (`file:line: why`).
    pub unreadable_lines: Vec<String>,
}

impl std::fmt::Debug for Config<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let names: Vec<&str> = self.oracles.iter().map(|o| o.name()).collect();
        f.debug_struct("Config").field("oracles", &names).field("budget", &self.budget).finish()
    }
}

impl Config<'_> {
    pub const DEFAULT_MINIMIZE_PER_KEY: usize = 2;
    pub const DEFAULT_ORIGINALS_KEPT: usize = 5;
}

/// A divergent, unexpected case with its signature and the errors of its dedupe key.
struct Kept {
    case: usize,
    signature: Signature,
    key: (String, Vec<String>),
}

/// The reference's validation-error names for a request, sorted, each once.
fn error_names(request: &Request) -> Vec<String> {
    let base = request.base.as_deref().map(|b| urldiff_parser::Url::parse(b, None));
    if matches!(base, Some(Err(_))) {
        return Vec::new();
    }
    let base = base.and_then(Result::ok);
    let outcome = urldiff_parser::Url::parse_with_errors(&request.input, base.as_ref());
    let mut names: Vec<String> = outcome.errors.iter().map(|e| e.kind.name().to_owned()).collect();
    names.sort();
    names.dedup();
    names
}

/// Triage `cases`: see the module documentation.
pub fn triage(
    cases: &[TriageCase],
    config: &Config,
    events: &dyn TriageEvents,
) -> Result<Findings, AskError> {
    let started = Instant::now();
    let requests: Vec<Request> = cases.iter().map(|c| c.request.clone()).collect();
    let answers = ask(config.oracles, &requests)?;
    events.asked(cases.len(), started.elapsed().as_secs_f64());
    let mut divergent = 0;
    let mut expected = 0;
    let mut kept: Vec<Kept> = Vec::new();
    for (i, (case, answers)) in cases.iter().zip(&answers).enumerate() {
        let comparison = compare_answers(config.oracles, &case.request, answers);
        let signature = Signature::of(&comparison);
        if !signature.disagrees() {
            continue;
        }
        divergent += 1;
        if let Some(ledger) = config.ledger {
            if is_expected(ledger, config.oracles, answers, &comparison, (&case.suite, &case.name))
            {
                expected += 1;
                continue;
            }
        }
        let key = (signature.line(), error_names(&case.request));
        kept.push(Kept { case: i, signature, key });
    }
    let mut keys: BTreeMap<&(String, Vec<String>), Vec<usize>> = BTreeMap::new();
    for (k, kept) in kept.iter().enumerate() {
        keys.entry(&kept.key).or_default().push(k);
    }
    let jobs: Vec<usize> =
        keys.values().flat_map(|ks| ks.iter().take(config.minimize_per_key).copied()).collect();
    events.kept(divergent, expected, jobs.len());
    let done = AtomicUsize::new(0);
    let results: Vec<Result<Option<Minimized>, AskError>> = jobs
        .par_iter()
        .map(|&k| {
            let result = match minimize(config.oracles, &cases[kept[k].case].request, config.budget)
            {
                Ok(m) => Ok(Some(m)),
                // The oracles agree this time (a flaky answer): nothing to group.
                Err(MinimizeError::NotDivergent { .. }) => Ok(None),
                Err(MinimizeError::Ask(e)) => Err(e),
            };
            events.minimized(done.fetch_add(1, Ordering::Relaxed) + 1, jobs.len());
            result
        })
        .collect();
    let mut minimized: HashMap<usize, Minimized> = HashMap::new();
    for (&k, result) in jobs.iter().zip(results) {
        if let Some(m) = result? {
            minimized.insert(k, m);
        }
    }
    let grouped = group(cases, &kept, &keys, &minimized, config);
    let mut summary = RunSummary {
        sources: config.sources.clone(),
        cases: cases.len(),
        skipped_cases: config.skipped_cases,
        unreadable_lines: config.unreadable_lines.clone(),
        divergent,
        expected,
        minimized: minimized.len(),
        not_one_minimal: minimized.values().filter(|m| !m.one_minimal).count(),
        oracle_calls: cases.len() + minimized.values().map(|m| m.oracle_calls).sum::<usize>(),
        seconds: 0.0,
        unclassified_cases: 0,
    };
    summary.unclassified_cases = grouped
        .iter()
        .filter(|g| g.classes.iter().any(|c| c == UNCLASSIFIED))
        .map(|g| g.count)
        .sum();
    summary.seconds = started.elapsed().as_secs_f64();
    events.finished(grouped.len());
    Ok(Findings {
        schema_version: SCHEMA_VERSION,
        tool: config.tool.clone(),
        wpt_revision: config.wpt_revision.clone(),
        oracles: config.oracles.iter().map(|o| OracleVersion::of(o.info())).collect(),
        skipped_oracles: config.skipped_oracles.clone(),
        run: summary,
        classes: class_rows(&grouped),
        groups: grouped,
    })
}

/// The groups: each minimized case by signature plus its minimized errors; the cases of a
/// dedupe key that were not minimized go with the key's first minimized case.
fn group(
    cases: &[TriageCase],
    kept: &[Kept],
    keys: &BTreeMap<&(String, Vec<String>), Vec<usize>>,
    minimized: &HashMap<usize, Minimized>,
    config: &Config,
) -> Vec<Group> {
    let infos: Vec<&OracleInfo> = config.oracles.iter().map(|o| o.info()).collect();
    let mut groups: BTreeMap<(String, Vec<String>), Group> = BTreeMap::new();
    for members in keys.values() {
        let Some(first) = members.iter().find(|k| minimized.contains_key(k)) else { continue };
        for &k in members {
            let owner = minimized.get(&k).map_or(*first, |_| k);
            let m = &minimized[&owner];
            let errors = error_names(&m.minimized);
            let entry = groups
                .entry((m.signature.line(), errors.clone()))
                .or_insert_with(|| new_group(m, &kept[owner].signature, errors, config, &infos));
            entry.count += 1;
            if entry.originals.len() < config.originals_kept {
                let case = &cases[kept[k].case];
                entry.originals.push(Original {
                    input: case.request.input.clone(),
                    base: case.request.base.clone(),
                    source: case.suite.clone(),
                });
            }
        }
    }
    let mut groups: Vec<Group> = groups.into_values().collect();
    groups.sort_by(|a, b| {
        b.severity.cmp(&a.severity).then(b.count.cmp(&a.count)).then(a.id.cmp(&b.id))
    });
    groups
}

fn new_group(
    m: &Minimized,
    signature: &Signature,
    errors: Vec<String>,
    config: &Config,
    infos: &[&OracleInfo],
) -> Group {
    let comparison = compare_answers(config.oracles, &m.minimized, &m.answers);
    let classes = classify(&Facts::new(&m.minimized, &comparison, infos));
    let digest =
        Sha256::digest(format!("urldiff-group-1\n{}\n{}", signature.line(), errors.join(",")));
    Group {
        id: urldiff_corpus::hex(&digest[..8]),
        signature: signature.line(),
        signature_id: signature.id(),
        validation_errors: errors,
        classes: classes.iter().map(|c| (*c).to_owned()).collect(),
        severity: findings::severity(&comparison).unwrap_or(Severity::High),
        count: 0,
        example: Example {
            input: m.minimized.input.clone(),
            base: m.minimized.base.clone(),
            original: m.original.clone(),
            one_minimal: m.one_minimal,
            oracle_calls: m.oracle_calls,
            seconds: m.seconds,
        },
        originals: Vec::new(),
        answers: config
            .oracles
            .iter()
            .zip(&m.answers)
            .map(|(o, a): (&&dyn Oracle, &Answer)| OracleAnswer {
                oracle: o.name().to_owned(),
                answer: a.clone(),
            })
            .collect(),
        differences: findings::differences(&comparison),
    }
}

/// The class table with each class's group and case counts.
fn class_rows(groups: &[Group]) -> Vec<ClassRow> {
    let mut rows = ClassRow::table();
    for row in &mut rows {
        for g in groups.iter().filter(|g| g.classes.contains(&row.id)) {
            row.groups += 1;
            row.cases += g.count;
        }
    }
    rows
}
