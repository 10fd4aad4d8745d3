//! Triage of many cases into findings, grouped by root cause ([`crate::rootcause`]), a batch
//! of cases at a time ([`triage_stream`]; [`triage`] is one batch): steps 1 to 3 run per
//! batch, and what a group keeps of its members is bounded ([`groups`]), so memory follows
//! the groups and one batch, not the input:
//!
//! 1. every oracle, and the reference of every standard they claim, answers every case of
//!    the batch (one batch per oracle, [`crate::ask`]), asked while the batch before goes
//!    through steps 2 and 3;
//! 2. each divergent case is cut into parts: conformance, confusion, model difference; the
//!    ledger removes each implementation whose part it expects, and a case with no part left
//!    is *expected*;
//! 3. each part gets its root-cause key ([`crate::rootcause::keys`]);
//! 4. conformance parts and confusions group by key (each member's original to the member
//!    store, [`crate::spill`]): once every batch is in, the first
//!    [`Config::minimize_per_key`] members of a group are minimized keeping the key (side by
//!    side on rayon) and the smallest result is the group's example; model differences are only counted per key, with their
//!    shortest case;
//! 5. the examples are asked of every oracle once more, for the report: every answer, the
//!    differences, the classes (those of the original that the example keeps), the validation
//!    errors.

use crate::ask::{ask, compare_answers, AskError, Request};
use crate::classify::{classify, Facts, UNCLASSIFIED};
use crate::events::TriageEvents;
use crate::expected::{Ledger, TRUTH};
use crate::findings::{Findings, OracleVersion};
use crate::findings::{Original, RunSummary, SkippedOracle, Tool, SCHEMA_VERSION};
use crate::minimize::{Budget, Minimized};
use crate::rootcause::keys::{keys, ToKey};
use crate::rootcause::parts::{parts_of, Judged, Part};
use crate::rootcause::{FindingKind, RootCause};
use crate::standards::references_for;
use rayon::prelude::*;
use std::collections::BTreeMap;
use std::time::Instant;
use urldiff_compare::DisagreeingFields;
use urldiff_oracles::{Answer, Oracle, OracleInfo};

mod examples;
mod groups;

/// One case to triage and where it came from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TriageCase {
    pub request: Request,
    /// The suite (for ledger lookups: `wpt/urltestdata`, …) or the source file.
    pub suite: String,
    /// The case name the ledger knows it by (`<input> against <base>`).
    pub name: String,
}

impl TriageCase {
    fn original(&self) -> Original {
        Original {
            input: self.request.input.clone(),
            base: self.request.base.clone(),
            source: self.suite.clone(),
        }
    }
}

/// How to triage.
pub struct Config<'a> {
    pub oracles: &'a [&'a dyn Oracle],
    /// Leaves out what it expects, per implementation (`--ledger`).
    pub ledger: Option<&'a dyn Ledger>,
    /// Read only for what is known upstream (links, fixing versions, regressions) when
    /// `ledger` is not given; never leaves anything out.
    pub known: Option<&'a dyn Ledger>,
    /// Per minimization.
    pub budget: Budget,
    /// How many cases of a group are minimized.
    pub minimize_per_key: usize,
    /// How many originals a group keeps as a sample (`members` lists them all).
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

impl<'a> Config<'a> {
    pub const DEFAULT_MINIMIZE_PER_KEY: usize = 2;
    pub const DEFAULT_ORIGINALS_KEPT: usize = 5;

    /// A run of urldiff (its version, the WPT revision found here) over `oracles`, with the
    /// default budget and sizes, no ledger and no input described yet; `unavailable`: the
    /// oracles left out, with the reason. The one constructor: callers then set what differs.
    pub fn new(oracles: &'a [&'a dyn Oracle], unavailable: &[(String, String)]) -> Self {
        Config {
            oracles,
            ledger: None,
            known: None,
            budget: Budget::default(),
            minimize_per_key: Self::DEFAULT_MINIMIZE_PER_KEY,
            originals_kept: Self::DEFAULT_ORIGINALS_KEPT,
            tool: Tool { name: "urldiff".into(), version: crate::select::tool_version() },
            wpt_revision: urldiff_corpus::wpt::locate().ok().map(|d| d.revision),
            sources: Vec::new(),
            skipped_oracles: unavailable
                .iter()
                .map(|(name, reason)| SkippedOracle { name: name.clone(), reason: reason.clone() })
                .collect(),
            skipped_cases: 0,
            unreadable_lines: Vec::new(),
        }
    }
}

/// A divergent case with the parts the ledger left.
struct Divergent {
    case: usize,
    parts: Vec<Part>,
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

/// Why a streamed triage stopped.
#[derive(Debug, thiserror::Error)]
pub enum TriageError {
    #[error(transparent)]
    Ask(#[from] AskError),
    /// The member store could not be written or read back.
    #[error("the members' spill folder: {0}")]
    Spill(#[from] std::io::Error),
}

/// Triage `cases` as one batch, every group's members listed in memory: see the module
/// documentation.
pub fn triage(
    cases: &[TriageCase],
    config: &Config,
    events: &dyn TriageEvents,
) -> Result<Findings, AskError> {
    let mut members = crate::spill::Members::memory();
    let mut once = Some(cases.to_vec());
    let in_memory = |e: std::io::Error| -> AskError {
        unreachable!("members kept in memory are never written: {e}")
    };
    let mut findings = match triage_stream(|| once.take(), config, &mut members, events) {
        Ok(findings) => findings,
        Err(TriageError::Ask(e)) => return Err(e),
        Err(TriageError::Spill(e)) => return Err(in_memory(e)),
    };
    for group in &mut findings.groups {
        group.members = members.take(&group.id).map_err(in_memory)?;
    }
    Ok(findings)
}

/// What the batches added up to.
#[derive(Default)]
struct Totals {
    cases: usize,
    divergent: usize,
    expected: usize,
    variants: usize,
}

/// Triage the batches `next_batch` gives until it gives `None`, one at a time: each batch is
/// asked, cut and keyed, and only its groups' counts and first members are kept
/// ([`groups`]); each member's original goes to `members` (in memory or spilled, see
/// [`crate::spill`]), not into the findings' `members`, which stay empty (write them with
/// [`crate::findings_json::write`]). The findings are the same whatever the batches: a
/// group's first members, severity and notes depend on the cases, not on their order.
pub fn triage_stream(
    mut next_batch: impl FnMut() -> Option<Vec<TriageCase>>,
    config: &Config,
    members: &mut crate::spill::Members,
    events: &dyn TriageEvents,
) -> Result<Findings, TriageError> {
    let started = Instant::now();
    let references = references_for(config.oracles.iter().map(|o| o.info().claim.standard));
    let judged = Judged::new(config.oracles, &references);
    let mut groups = groups::Groups::new(config.minimize_per_key.max(config.originals_kept));
    let mut totals = Totals::default();
    // Each batch is asked while the one before is cut and keyed, so the workers do not wait
    // for urldiff between batches (the findings do not depend on it: the batches are still
    // cut in order).
    std::thread::scope(|scope| -> Result<(), TriageError> {
        let oracles = &judged.oracles;
        let ask_ahead = |cases: Vec<TriageCase>| {
            scope.spawn(move || {
                let requests: Vec<Request> = cases.iter().map(|c| c.request.clone()).collect();
                let answers = ask(oracles, &requests);
                (cases, answers)
            })
        };
        let mut asking = next_batch().map(ask_ahead);
        while let Some(handle) = asking.take() {
            let (cases, answers) =
                handle.join().unwrap_or_else(|panic| std::panic::resume_unwind(panic));
            let answers = answers?;
            asking = next_batch().map(ask_ahead);
            triage_batch(&cases, &answers, config, &judged, (&mut groups, members), &mut totals)?;
        }
        Ok(())
    })?;
    events.asked(totals.cases, started.elapsed().as_secs_f64());
    let built = &mut groups.built;
    let model_differences = groups::model_differences(built, &judged);
    let counts = (totals.divergent, totals.expected);
    let minimized = examples::minimize_groups(built, &judged, config, events, counts)?;
    let findings_groups = examples::finish(built, &minimized, &judged, config)?;
    // What is known already: older releases folded into or fixed by the newest, rust-url's
    // own expected failures; drafts first again.
    let mut findings_groups = crate::marks::releases::mark(&judged, findings_groups);
    crate::marks::expected_failures::mark(&judged, &mut findings_groups)?;
    crate::marks::same_cause::mark(&mut findings_groups);
    crate::findings::sort_groups(&mut findings_groups);
    let summary = RunSummary {
        sources: config.sources.clone(),
        cases: totals.cases,
        skipped_cases: config.skipped_cases,
        unreadable_lines: config.unreadable_lines.clone(),
        divergent: totals.divergent,
        expected: totals.expected,
        minimized: minimized.values().map(Vec::len).sum(),
        not_one_minimal: minimized.values().flatten().filter(|m| !m.1.one_minimal).count(),
        oracle_calls: totals.cases
            + totals.variants
            + minimized.values().flatten().map(|m| m.1.oracle_calls).sum::<usize>(),
        seconds: started.elapsed().as_secs_f64(),
        unclassified_cases: findings_groups
            .iter()
            .filter(|g| g.classes.iter().any(|c| c == UNCLASSIFIED))
            .map(|g| g.count)
            .sum(),
        minimize_per_key: config.minimize_per_key.max(1),
    };
    events.finished(findings_groups.len());
    Ok(Findings {
        schema_version: SCHEMA_VERSION,
        tool: config.tool.clone(),
        wpt_revision: config.wpt_revision.clone(),
        oracles: config.oracles.iter().map(|o| OracleVersion::of(o.info())).collect(),
        skipped_oracles: config.skipped_oracles.clone(),
        run: summary,
        classes: crate::merge::class_rows(&findings_groups),
        groups: findings_groups,
        model_differences,
        signatures: Vec::new(),
        crashes: Vec::new(),
    })
}

/// One batch, with every oracle's answers to its cases (one [`ask`] call): each case is cut
/// into parts and each part keyed; the parts go into `groups` and the new members into
/// `members`. Its answers are dropped when it is done, but those of the cases a group keeps as
/// a first member.
fn triage_batch(
    cases: &[TriageCase],
    answers: &[Vec<Answer>],
    config: &Config,
    judged: &Judged,
    (groups, members): (&mut groups::Groups, &mut crate::spill::Members),
    totals: &mut Totals,
) -> Result<(), TriageError> {
    let (divergent, expected, kept) = cut(cases, config, judged, answers);
    let mut owners: Vec<usize> = Vec::new();
    let mut to_key: Vec<ToKey> = Vec::new();
    for d in &kept {
        for part in &d.parts {
            owners.push(d.case);
            to_key.push(ToKey { request: &cases[d.case].request, answers: &answers[d.case], part });
        }
    }
    let part_keys: Vec<RootCause> = keys(judged, &to_key)?;
    totals.variants += crate::rootcause::keys::variants_asked(judged, &to_key);
    for ((&case, t), key) in owners.iter().zip(&to_key).zip(part_keys) {
        let number = (totals.cases + case) as u64;
        let keyed = groups::Keyed { number, case: &cases[case], to_key: t, key };
        if let Some((id, original)) = groups.add(keyed) {
            members.push(id, original);
        }
    }
    members.end_batch()?;
    totals.cases += cases.len();
    totals.divergent += divergent;
    totals.expected += expected;
    Ok(())
}

/// What [`cut`] made of one case.
enum Cut {
    /// No part: the oracles and references agree where it matters.
    Agreeing,
    /// Every part is in the ledger.
    Expected,
    Kept(Divergent),
}

/// The divergent cases and their parts, less what the ledger expects: (divergent, expected,
/// kept). Each case is cut on its own, so the cases are cut side by side on rayon.
fn cut(
    cases: &[TriageCase],
    config: &Config,
    judged: &Judged,
    answers: &[Vec<Answer>],
) -> (usize, usize, Vec<Divergent>) {
    let each: Vec<Cut> = cases
        .par_iter()
        .zip(answers)
        .enumerate()
        .map(|(i, (case, answers))| cut_one(i, case, config, judged, answers))
        .collect();
    let mut divergent = 0;
    let mut expected = 0;
    let mut kept = Vec::new();
    for cut in each {
        match cut {
            Cut::Agreeing => {}
            Cut::Expected => (divergent, expected) = (divergent + 1, expected + 1),
            Cut::Kept(d) => {
                divergent += 1;
                kept.push(d);
            }
        }
    }
    (divergent, expected, kept)
}

/// One case (the `i`-th) cut into its parts, less what the ledger expects.
fn cut_one(
    i: usize,
    case: &TriageCase,
    config: &Config,
    judged: &Judged,
    answers: &[Answer],
) -> Cut {
    let comparison = compare_answers(&judged.oracles, &case.request, answers);
    if !comparison.disagrees() {
        return Cut::Agreeing;
    }
    let mut parts = parts_of(judged, answers, &comparison);
    if parts.is_empty() {
        return Cut::Agreeing;
    }
    crate::rootcause::documented::apply(judged, &case.request, answers, &comparison, &mut parts);
    if let Some(ledger) = config.ledger.or(config.known) {
        annotate(ledger, judged, case, answers, &comparison, &mut parts);
    }
    if let Some(ledger) = config.ledger {
        parts = unexpected_parts(ledger, judged, case, answers, &comparison, parts);
        if parts.is_empty() {
            return Cut::Expected;
        }
    }
    Cut::Kept(Divergent { case: i, parts })
}

/// Mark each conformance part whose library's ledger entry names an upstream issue or a fixing
/// version; a library at or past the fixing version makes it a regression.
fn annotate(
    ledger: &dyn Ledger,
    judged: &Judged,
    case: &TriageCase,
    answers: &[Answer],
    comparison: &urldiff_compare::Comparison,
    parts: &mut [Part],
) {
    if !judged.oracles.iter().any(|o| o.name() == TRUTH) {
        return;
    }
    for part in parts.iter_mut().filter(|p| p.kind == FindingKind::Conformance) {
        let Some(i) = part.library else { continue };
        let info = judged.oracles[i].info();
        let fields = comparison.disagreeing_fields(truth_for(judged, i), &info.name);
        let known = ledger.known(&info.name, &case.suite, &case.name, &answers[i], &fields);
        part.known = known.map(|mut k| {
            k.case = Some(case.original());
            k.regression = k
                .fixed_in
                .as_deref()
                .is_some_and(|fixed| urldiff_corpus::ledger::at_or_past(&info.version, fixed));
            k
        });
    }
}

/// The oracle a library's ledger entries are read against for what is known upstream: the
/// reference of the standard it claims (an RFC library's entries name its departures from
/// RFC 3986, not its differences from the URL Standard: `fIle:///y:/` keeps its scheme's case
/// there), else [`TRUTH`].
pub(crate) fn truth_for<'j>(judged: &'j Judged, library: usize) -> &'j str {
    judged.reference_for(library).map_or(TRUTH, |r| judged.oracles[r].name())
}

/// `parts` less each implementation whose ledger covers its difference from the reference on
/// this case, but for a regression (past the entry's fixing version); a part with no
/// implementation left (or, between standards, no side left) goes.
fn unexpected_parts(
    ledger: &dyn Ledger,
    judged: &Judged,
    case: &TriageCase,
    answers: &[Answer],
    comparison: &urldiff_compare::Comparison,
    parts: Vec<Part>,
) -> Vec<Part> {
    let covered = |i: usize| {
        let name = judged.oracles[i].name();
        let lost = urldiff_compare::verdict::is_lost(&answers[i]);
        let fields =
            if lost { Default::default() } else { comparison.disagreeing_fields(TRUTH, name) };
        (lost || !fields.is_empty())
            && ledger.covers(name, &case.suite, &case.name, &answers[i], &fields)
    };
    let standard = |i: usize| judged.oracles[i].info().claim.standard;
    parts
        .into_iter()
        .filter_map(|mut part| {
            if part.known.as_ref().is_some_and(|k| k.regression) {
                return Some(part);
            }
            part.libraries.retain(|&i| !covered(i));
            let sides_left =
                part.standards.iter().all(|s| part.libraries.iter().any(|&i| standard(i) == *s));
            let keep = match part.kind {
                FindingKind::Conformance => !part.libraries.is_empty(),
                _ => sides_left,
            };
            keep.then_some(part)
        })
        .collect()
}

/// The classes of a case among the implementations (`infos` name them).
fn classes_of(
    oracles: &[&dyn Oracle],
    infos: &[&OracleInfo],
    request: &Request,
    answers: &[Answer],
) -> Vec<&'static str> {
    classify(&Facts::new(request, &compare_answers(oracles, request, answers), infos))
}

/// A minimized example and which of its group's first members it came from.
type MinimizedMember = (usize, Minimized);
type ByGroup = BTreeMap<String, Vec<MinimizedMember>>;
