//! The parallel driver: every selected oracle answers every suite in one batch, oracles run
//! side by side on rayon (in-process oracles also split their batch across threads; a
//! subprocess oracle gets its batch whole and spreads it over its own worker pool). Answers
//! are then compared with each suite's truth and checked against the ledger.

use crate::conform::compare::{compare, FieldDiff, Filled, Verdict};
use crate::conform::grade::Severity;
use crate::conform::ledger::{Entry, Index, Ledger};
use crate::conform::suite::{Suite, SuiteSummary, Truth};
use anyhow::bail;
use indicatif::{ProgressBar, ProgressStyle};
use rayon::prelude::*;
use serde::Serialize;
use std::collections::{BTreeSet, HashMap, HashSet};
use std::time::Instant;
use urldiff_oracles::{Answer, Availability, Case, Oracle, OracleError, OracleInfo, OracleKind};

/// How an in-process oracle's batch is split across rayon threads.
const IN_PROCESS_CHUNK: usize = 512;

/// What to run.
pub struct Plan<'a> {
    pub oracles: &'a [Box<dyn Oracle>],
    /// Oracles to report on (`--oracle`); empty means all. Truth oracles run regardless.
    pub selected: Vec<String>,
    pub suites: Vec<Suite>,
    pub ledger: &'a Ledger,
    /// Draw a progress bar (stderr is a terminal); otherwise print one line per oracle.
    pub progress_bar: bool,
    /// Print progress lines at all.
    pub quiet: bool,
}

impl std::fmt::Debug for Plan<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let oracles: Vec<&str> = self.oracles.iter().map(|o| o.name()).collect();
        let suites: Vec<&str> = self.suites.iter().map(|s| s.name.as_str()).collect();
        f.debug_struct("Plan")
            .field("oracles", &oracles)
            .field("selected", &self.selected)
            .field("suites", &suites)
            .finish_non_exhaustive()
    }
}

/// One oracle in a run.
#[derive(Clone, Debug, Serialize)]
pub struct OracleStatus {
    pub info: OracleInfo,
    /// `None` when it ran; the reason it was skipped otherwise.
    pub skipped: Option<String>,
    pub seconds: f64,
}

/// What happened to one case of one oracle × suite cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum CaseStatus {
    Passed,
    NoOpinion,
    /// Index into `RunResult::divergences`.
    Failed(usize),
    Ledgered(usize),
}

/// One oracle × suite cell of the matrix.
#[derive(Clone, Debug, Serialize)]
pub struct Cell {
    pub oracle: String,
    pub suite: String,
    pub passed: usize,
    pub failed: usize,
    pub ledgered: usize,
    pub no_opinion: usize,
    /// Per case, in suite order.
    #[serde(skip)]
    pub statuses: Vec<CaseStatus>,
}

/// An answer that disagrees with the truth.
#[derive(Clone, Debug, Serialize)]
pub struct Divergence {
    pub oracle: String,
    pub suite: String,
    pub name: String,
    pub case: Case,
    pub truth: Answer,
    pub answer: Answer,
    pub fields: Vec<FieldDiff>,
    pub severity: Severity,
    /// The ledger reason, when the divergence is expected.
    pub ledgered: Option<String>,
}

impl Divergence {
    pub fn field_set(&self) -> BTreeSet<crate::conform::project::SharedField> {
        self.fields.iter().map(|f| f.field).collect()
    }
}

/// A ledger entry that covered nothing in its scope.
#[derive(Clone, Debug, Serialize)]
pub struct Stale {
    pub oracle: String,
    pub file: String,
    pub line: usize,
    pub entry: String,
}

/// Everything a run found.
#[derive(Clone, Debug, Serialize)]
pub struct RunResult {
    pub oracles: Vec<OracleStatus>,
    pub suites: Vec<SuiteSummary>,
    pub cells: Vec<Cell>,
    pub divergences: Vec<Divergence>,
    pub stale: Vec<Stale>,
    /// Per oracle, the ledger entries (by line index) that are in scope of this run.
    #[serde(skip)]
    pub scope: HashMap<String, HashSet<usize>>,
    /// Per oracle, the ledger entries (by line index) that covered something.
    #[serde(skip)]
    pub used: HashMap<String, HashSet<usize>>,
    #[serde(skip)]
    pub suite_cases: Vec<Vec<Case>>,
}

impl RunResult {
    pub fn unexpected(&self) -> impl Iterator<Item = &Divergence> {
        self.divergences.iter().filter(|d| d.ledgered.is_none())
    }

    /// 0 nothing unexpected, 1 unexpected divergences or stale ledger entries.
    pub fn exit_code(&self) -> u8 {
        u8::from(self.unexpected().next().is_some() || !self.stale.is_empty())
    }
}

/// Answer a batch, splitting it across rayon threads for in-process kinds. `Err`: the oracle
/// could not finish (a harness error).
fn answer_all(
    oracle: &dyn Oracle,
    cases: &[Case],
    bar: &ProgressBar,
) -> Result<Vec<Answer>, OracleError> {
    match oracle.info().kind {
        OracleKind::Subprocess | OracleKind::External => {
            let answers = oracle.answer_batch(cases);
            bar.inc(cases.len() as u64);
            answers
        }
        _ => {
            let chunks = cases
                .par_chunks(IN_PROCESS_CHUNK)
                .map(|chunk| {
                    let answers = oracle.answer_batch(chunk);
                    bar.inc(chunk.len() as u64);
                    answers
                })
                .collect::<Result<Vec<_>, _>>()?;
            Ok(chunks.into_iter().flatten().collect())
        }
    }
}

fn progress(plan: &Plan, total: u64) -> ProgressBar {
    if !plan.progress_bar || plan.quiet {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::new(total);
    let style =
        ProgressStyle::with_template("conform [{elapsed_precise}] {bar:40} {pos}/{len} answers")
            .unwrap_or_else(|_| ProgressStyle::default_bar());
    bar.set_style(style);
    bar
}

/// Which oracles run: the selected ones plus every truth oracle.
fn oracles_to_run<'p>(plan: &'p Plan) -> anyhow::Result<Vec<&'p dyn Oracle>> {
    let known: HashSet<&str> = plan.oracles.iter().map(|o| o.name()).collect();
    for name in &plan.selected {
        if !known.contains(name.as_str()) {
            let mut names: Vec<_> = known.iter().copied().collect();
            names.sort_unstable();
            bail!("no oracle named {name:?} (known: {})", names.join(", "));
        }
    }
    // Only truths that must be asked; a `Truth::Table` carries its answers.
    let truths: HashSet<&str> = plan
        .suites
        .iter()
        .filter_map(|s| match &s.truth {
            Truth::Oracle(name) => Some(name.as_str()),
            _ => None,
        })
        .collect();
    Ok(plan
        .oracles
        .iter()
        .map(|o| o.as_ref())
        .filter(|o| {
            let name = o.name();
            plan.selected.is_empty()
                || plan.selected.iter().any(|s| s == name)
                || truths.contains(name)
        })
        .collect())
}

/// Run the plan: answer, compare, check the ledger.
pub fn run(plan: &Plan) -> anyhow::Result<RunResult> {
    let to_run = oracles_to_run(plan)?;
    // Start every selected oracle at once (availability is cached), not two at a time on
    // rayon's per-core threads.
    urldiff_oracles::registry::check_all(&to_run);
    let all_cases: Vec<Case> = plan.suites.iter().flat_map(|s| s.cases.iter().cloned()).collect();
    let bar = progress(plan, (all_cases.len() * to_run.len()) as u64);
    let answered: Vec<(OracleStatus, Option<Vec<Answer>>)> = to_run
        .par_iter()
        .map(|oracle| {
            let start = Instant::now();
            let info = oracle.info().clone();
            if let Availability::Unavailable { reason } = oracle.availability() {
                bar.inc(all_cases.len() as u64);
                if !plan.quiet {
                    bar.println(format!("conform: skipping {}: {reason}", info.name));
                }
                return Ok((OracleStatus { info, skipped: Some(reason), seconds: 0.0 }, None));
            }
            let answers = answer_all(*oracle, &all_cases, &bar)?;
            let seconds = start.elapsed().as_secs_f64();
            if !plan.progress_bar && !plan.quiet {
                eprintln!(
                    "conform: {} answered {} cases in {seconds:.2} s",
                    info.name,
                    answers.len()
                );
            }
            Ok((OracleStatus { info, skipped: None, seconds }, Some(answers)))
        })
        .collect::<Result<_, OracleError>>()?;
    bar.finish_and_clear();
    for (status, answers) in &answered {
        if let Some(answers) = answers.as_ref().filter(|a| a.len() != all_cases.len()) {
            bail!(
                "oracle {} returned {} answers for a batch of {} cases",
                status.info.name,
                answers.len(),
                all_cases.len()
            );
        }
    }
    Ok(evaluate(plan, answered))
}

/// Split one oracle's answers back into per-suite slices.
fn per_suite<'a>(suites: &[Suite], answers: &'a [Answer]) -> Vec<&'a [Answer]> {
    let mut out = Vec::new();
    let mut start = 0;
    for suite in suites {
        out.push(&answers[start..start + suite.cases.len()]);
        start += suite.cases.len();
    }
    out
}

fn evaluate(plan: &Plan, answered: Vec<(OracleStatus, Option<Vec<Answer>>)>) -> RunResult {
    let by_name: HashMap<&str, Vec<&[Answer]>> = answered
        .iter()
        .filter_map(|(s, a)| Some((s.info.name.as_str(), per_suite(&plan.suites, a.as_ref()?))))
        .collect();
    let truths: Vec<Option<&[Answer]>> = plan
        .suites
        .iter()
        .enumerate()
        .map(|(i, suite)| match &suite.truth {
            Truth::Oracle(name) => by_name.get(name.as_str()).map(|a| a[i]),
            Truth::Table { answers, .. } | Truth::Embedded { answers, .. } => {
                Some(answers.as_slice())
            }
        })
        .collect();
    let mut result = RunResult {
        oracles: Vec::new(),
        suites: plan.suites.iter().map(Suite::summary).collect(),
        cells: Vec::new(),
        divergences: Vec::new(),
        stale: Vec::new(),
        scope: HashMap::new(),
        used: HashMap::new(),
        suite_cases: plan.suites.iter().map(|s| s.cases.clone()).collect(),
    };
    let filled_of: HashMap<&str, &[String]> =
        answered.iter().map(|(s, _)| (s.info.name.as_str(), s.info.fields.as_slice())).collect();
    for (status, answers) in &answered {
        let name = status.info.name.clone();
        let reported = plan.selected.is_empty() || plan.selected.contains(&name);
        if let (Some(_), true) = (answers, reported) {
            for (i, suite) in plan.suites.iter().enumerate() {
                if suite.truth.oracle_name() == Some(name.as_str()) {
                    continue;
                }
                let truth_filled = match &suite.truth {
                    Truth::Oracle(t) => filled_of.get(t.as_str()).copied().unwrap_or(&[]),
                    _ => &[],
                };
                let input = CellInput {
                    oracle: &name,
                    suite,
                    truth: truths[i],
                    answers: by_name[name.as_str()][i],
                    filled: Filled { truth: truth_filled, got: &status.info.fields },
                };
                let cell = evaluate_cell(plan, &mut result, input);
                result.cells.push(cell);
            }
            find_stale(plan, &mut result, &name);
        }
        if reported {
            result.oracles.push(status.clone());
        }
    }
    result
}

/// What one oracle × suite cell is computed from.
struct CellInput<'a> {
    oracle: &'a str,
    suite: &'a Suite,
    truth: Option<&'a [Answer]>,
    answers: &'a [Answer],
    filled: Filled<'a>,
}

fn evaluate_cell(plan: &Plan, result: &mut RunResult, input: CellInput) -> Cell {
    let CellInput { oracle, suite, truth, answers, filled } = input;
    let mut cell = Cell {
        oracle: oracle.to_owned(),
        suite: suite.name.clone(),
        passed: 0,
        failed: 0,
        ledgered: 0,
        no_opinion: 0,
        statuses: Vec::with_capacity(answers.len()),
    };
    let index = Index::new(plan.ledger.files.get(oracle));
    for (i, (case, got)) in suite.cases.iter().zip(answers).enumerate() {
        let truth_answer = truth.map_or(&Answer::NoOpinion, |t| &t[i]);
        let name = case.name();
        if matches!(truth_answer, Answer::Parsed { .. } | Answer::Failure { .. }) {
            let scope = result.scope.entry(oracle.to_owned()).or_default();
            scope.extend(index.candidates(&suite.name, &name).map(|(line, _)| line));
        }
        let status = match compare(case, truth_answer, got, filled) {
            Verdict::Pass => CaseStatus::Passed,
            Verdict::NoOpinion => CaseStatus::NoOpinion,
            Verdict::Fail(fields) => {
                let severity = fields.iter().map(|f| f.severity).max().unwrap_or(Severity::Info);
                let mut div = Divergence {
                    oracle: oracle.to_owned(),
                    suite: suite.name.clone(),
                    name,
                    case: case.clone(),
                    truth: truth_answer.clone(),
                    answer: got.clone(),
                    fields,
                    severity,
                    ledgered: None,
                };
                let fields = div.field_set();
                let covering = index
                    .candidates(&suite.name, &div.name)
                    .find(|(_, e)| e.covers(&div.suite, &div.name, &fields));
                let index = result.divergences.len();
                let status = match covering {
                    Some((line, entry)) => {
                        result.used.entry(oracle.to_owned()).or_default().insert(line);
                        div.ledgered = Some(entry.reason.clone());
                        CaseStatus::Ledgered(index)
                    }
                    None => CaseStatus::Failed(index),
                };
                result.divergences.push(div);
                status
            }
        };
        match status {
            CaseStatus::Passed => cell.passed += 1,
            CaseStatus::NoOpinion => cell.no_opinion += 1,
            CaseStatus::Failed(_) => cell.failed += 1,
            CaseStatus::Ledgered(_) => cell.ledgered += 1,
        }
        cell.statuses.push(status);
    }
    cell
}

/// Entries in scope (their case or class met a case with a truth) that covered nothing.
fn find_stale(plan: &Plan, result: &mut RunResult, oracle: &str) {
    let Some(file) = plan.ledger.files.get(oracle) else { return };
    let scope = result.scope.get(oracle);
    let used = result.used.get(oracle);
    for (line, entry) in file.entries() {
        let in_scope = scope.is_some_and(|s| s.contains(&line));
        if in_scope && !used.is_some_and(|u| u.contains(&line)) {
            result.stale.push(stale(oracle, file.path.display().to_string(), entry));
        }
    }
}

fn stale(oracle: &str, file: String, entry: &Entry) -> Stale {
    Stale { oracle: oracle.to_owned(), file, line: entry.line, entry: entry.render() }
}
