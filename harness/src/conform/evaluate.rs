//! Judging a run's answers: each oracle × suite cell compared with the suite's truth
//! (`urldiff_compare::compare`), each divergence looked up in the ledger, and the ledger
//! checked back: entries in scope that covered nothing (stale), case entries that name no
//! case of any suite (unknown), entries written twice (duplicates).

use crate::conform::driver::{OracleStatus, Plan};
use crate::conform::ledger::{Difference, Duplicate, Entry, Index, Matcher};
use serde::Serialize;
use std::collections::{BTreeSet, HashMap, HashSet};
use urldiff_compare::{compare, FieldDiff, Severity, SharedField, Source, Sources, Verdict};
use urldiff_oracles::suite::{Suite, SuiteSummary};
use urldiff_oracles::{Answer, Case, CaseKindTag};

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
    pub fn field_set(&self) -> BTreeSet<SharedField> {
        self.fields.iter().map(|f| f.field).collect()
    }
}

/// A ledger entry that is wrong: stale (covered nothing in its scope) or unknown (names no
/// case of any suite).
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
    /// Case entries whose case is in no suite known to the run.
    pub unknown: Vec<Stale>,
    pub duplicates: Vec<Duplicate>,
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

    /// 0 nothing unexpected; 1 unexpected divergences or a wrong ledger (stale, unknown or
    /// duplicate entries).
    pub fn exit_code(&self) -> u8 {
        let wrong_ledger =
            !self.stale.is_empty() || !self.unknown.is_empty() || !self.duplicates.is_empty();
        u8::from(self.unexpected().next().is_some() || wrong_ledger)
    }

    /// The oracles that were skipped, with their reasons.
    pub fn skipped(&self) -> impl Iterator<Item = (&str, &str)> {
        self.oracles.iter().filter_map(|o| Some((o.info.name.as_str(), o.skipped.as_deref()?)))
    }
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

/// Compare every answer with its truth, then check the ledger.
pub fn evaluate(plan: &Plan, answered: Vec<(OracleStatus, Option<Vec<Answer>>)>) -> RunResult {
    let mut result = RunResult {
        oracles: Vec::new(),
        suites: plan.suites.iter().map(Suite::summary).collect(),
        cells: Vec::new(),
        divergences: Vec::new(),
        stale: Vec::new(),
        unknown: unknown_entries(plan),
        duplicates: plan.ledger.duplicates(),
        scope: HashMap::new(),
        used: HashMap::new(),
        suite_cases: plan.suites.iter().map(|s| s.cases.clone()).collect(),
    };
    for (status, answers) in &answered {
        if let Some(answers) = answers {
            let name = status.info.name.as_str();
            for (suite, answers) in plan.suites.iter().zip(per_suite(&plan.suites, answers)) {
                if suite.truth.oracle_name() == Some(name) {
                    continue;
                }
                let truth_source = truth_source(plan, suite);
                let sources = Sources { truth: truth_source, got: Source::of(&status.info) };
                let kinds = &status.info.case_kinds;
                let input = CellInput { suite, answers, sources, kinds };
                let cell = evaluate_cell(plan, &mut result, input);
                result.cells.push(cell);
            }
            find_stale(plan, &mut result, name);
        }
        result.oracles.push(status.clone());
    }
    result
}

/// Who made a suite's truth: its oracle, with the fields that oracle declares (so a truth that
/// declares `validation-errors`, the reference's, speaks about them, and WPT's tables do not);
/// embedded expectations fill every record field and declare no errors.
fn truth_source<'p>(plan: &'p Plan, suite: &'p Suite) -> Source<'p> {
    let oracle = suite.truth.oracle_name().unwrap_or("");
    let declared = plan.oracles.iter().find(|o| o.name() == oracle).map(|o| o.info());
    Source { oracle, fields: declared.map_or(&[][..], |info| &info.fields) }
}

/// What one oracle × suite cell is computed from.
struct CellInput<'a> {
    suite: &'a Suite,
    answers: &'a [Answer],
    sources: Sources<'a>,
    /// The case kinds the oracle answers: only such cases put its ledger entries in scope.
    kinds: &'a [CaseKindTag],
}

fn evaluate_cell(plan: &Plan, result: &mut RunResult, input: CellInput) -> Cell {
    let CellInput { suite, answers, sources, kinds } = input;
    let oracle = sources.got.oracle;
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
    for ((case, truth), got) in suite.cases.iter().zip(&suite.expected).zip(answers) {
        let name = case.name();
        // A case entry names a case in every suite; a suite of a kind the oracle does not answer
        // (validity cases, for most) cannot make it stale.
        let answerable = kinds.contains(&case.kind.tag());
        if answerable && matches!(truth, Answer::Parsed { .. } | Answer::Failure { .. }) {
            let scope = result.scope.entry(oracle.to_owned()).or_default();
            scope.extend(index.candidates(&suite.name, &name).map(|(line, _)| line));
        }
        let status = match compare(case, truth, got, sources) {
            Verdict::Pass => CaseStatus::Passed,
            Verdict::NoOpinion => CaseStatus::NoOpinion,
            Verdict::Fail(fields) => {
                let severity = fields.iter().map(|f| f.severity).max().unwrap_or(Severity::Info);
                let div = Divergence {
                    oracle: oracle.to_owned(),
                    suite: suite.name.clone(),
                    name,
                    case: case.clone(),
                    truth: truth.clone(),
                    answer: got.clone(),
                    fields,
                    severity,
                    ledgered: None,
                };
                record_divergence(result, &index, div)
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

/// Look a divergence up in the ledger and keep it; its status in the cell.
fn record_divergence(result: &mut RunResult, index: &Index, mut div: Divergence) -> CaseStatus {
    let fields = div.field_set();
    let difference = Difference::of(&div.answer, &fields);
    let covering = index
        .candidates(&div.suite, &div.name)
        .find(|(_, e)| e.covers(&div.suite, &div.name, difference));
    let at = result.divergences.len();
    let status = match covering {
        Some((line, entry)) => {
            result.used.entry(div.oracle.clone()).or_default().insert(line);
            div.ledgered = Some(entry.reason.clone());
            CaseStatus::Ledgered(at)
        }
        None => CaseStatus::Failed(at),
    };
    result.divergences.push(div);
    status
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

/// Case entries, in every ledger file, whose case is in no suite known to the run.
fn unknown_entries(plan: &Plan) -> Vec<Stale> {
    let Some(known) = &plan.known_cases else { return Vec::new() };
    let mut out = Vec::new();
    for (oracle, file) in &plan.ledger.files {
        for (_, entry) in file.entries() {
            if let Matcher::Case(name) = &entry.matcher {
                if !known.contains(name) {
                    out.push(stale(oracle, file.path.display().to_string(), entry));
                }
            }
        }
    }
    out
}

fn stale(oracle: &str, file: String, entry: &Entry) -> Stale {
    Stale { oracle: oracle.to_owned(), file, line: entry.line, entry: entry.render() }
}
