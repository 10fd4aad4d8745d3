//! Judging a conform run's answers: each oracle × suite cell compared with the suite's truth
//! (`urldiff_compare::compare`), each divergence looked up in the ledger, and the ledger
//! checked back: entries in scope that covered nothing (stale), case entries that name no
//! case of any suite (unknown), entries written twice (duplicates). Each oracle is judged on
//! its own ([`judge`], so the driver judges one while others still answer), and [`assemble`]
//! puts the judgements together in the plan's order. The result is the
//! [`ConformReport`] every report renders; [`RunResult::finish`] completes it when the run
//! ends, and [`crate::bless`] rewrites the ledger from it. Pure: the [`crate::driver`] gets the
//! answers.

use crate::plan::Plan;
use crate::report::{
    CaseStatus, ConformReport, Divergence, LedgerLine, MatrixCell, OracleStatus, RuleRow,
    SuiteReport,
};
use std::collections::{BTreeSet, HashMap, HashSet};
use std::time::Instant;
use urldiff_compare::ledger::{difference, Entry, Index, Matcher};
use urldiff_compare::{compare, Severity, SharedField, Source, Sources, Verdict};
use urldiff_oracles::suite::Suite;
use urldiff_oracles::{Answer, CaseKindTag};

/// What a run found ([`ConformReport`], which every report renders) and what only the
/// harness needs: which ledger lines were in scope and which covered something (for stale
/// entries and bless).
#[derive(Clone, Debug)]
pub struct RunResult {
    pub report: ConformReport,
    /// Per oracle, the ledger entries (by line index) that are in scope of this run.
    pub scope: HashMap<String, HashSet<usize>>,
    /// Per oracle, the ledger entries (by line index) that covered something.
    pub used: HashMap<String, HashSet<usize>>,
    /// Per suite (in the plan's order), the seconds spent judging its cells.
    pub evaluate_seconds: Vec<f64>,
    /// Per oracle that ran or was skipped, the seconds its start-up took (set by the driver).
    pub start_up_seconds: Vec<(String, f64)>,
}

impl RunResult {
    /// 0 nothing unexpected; 1 unexpected divergences or a wrong ledger.
    pub fn exit_code(&self) -> u8 {
        self.report.gate_code()
    }

    /// The report of the finished run, with its wall time, the code the process exits with
    /// (0 for `--bless`, else the gate's) and the adapter rules of the oracles that ran.
    pub fn finish(self, wall_seconds: f64, exit_code: u8) -> ConformReport {
        let mut report = self.report;
        report.wall_seconds = wall_seconds;
        report.exit_code = exit_code;
        let names = report.oracles.iter().map(|o| o.info.name.as_str());
        report.adapter_rules =
            urldiff_compare::rules::rules_of(names).into_iter().map(RuleRow::from).collect();
        report
    }
}

/// The shared fields a divergence differs in.
pub fn field_set(d: &Divergence) -> BTreeSet<SharedField> {
    d.fields.iter().map(|f| f.field).collect()
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

/// One oracle's answers judged: its cells, divergences and stale entries, and the ledger
/// lines in scope and used. Judging is per oracle, so the driver judges each oracle on its own
/// thread as soon as it has answered; [`assemble`] puts them together in the plan's order.
#[derive(Debug)]
pub struct OracleJudged {
    status: OracleStatus,
    cells: Vec<MatrixCell>,
    divergences: Vec<Divergence>,
    stale: Vec<LedgerLine>,
    /// The ledger lines in scope (`None`: no case put any in scope).
    scope: Option<HashSet<usize>>,
    /// The ledger lines that covered a divergence (`None`: none did).
    used: Option<HashSet<usize>>,
    /// Per suite (in the plan's order), the seconds spent judging this oracle's cell.
    seconds: Vec<f64>,
}

/// Compare one oracle's answers (`None`: it was skipped) with each suite's truth and check its
/// ledger file. `answers` holds one answer per case of the plan's suites, in order.
pub fn judge(plan: &Plan, status: OracleStatus, answers: Option<Vec<Answer>>) -> OracleJudged {
    let mut judged = OracleJudged {
        status,
        cells: Vec::new(),
        divergences: Vec::new(),
        stale: Vec::new(),
        scope: None,
        used: None,
        seconds: vec![0.0; plan.suites.len()],
    };
    let Some(answers) = &answers else { return judged };
    let info = judged.status.info.clone();
    let name = info.name.as_str();
    let each_suite = plan.suites.iter().zip(per_suite(&plan.suites, answers));
    for (nth, (suite, answers)) in each_suite.enumerate() {
        if suite.truth.oracle_name() == Some(name) {
            continue;
        }
        let started = Instant::now();
        let truth_source = truth_source(plan, suite);
        let sources = Sources { truth: truth_source, got: Source::of(&info) };
        let names = &plan.case_names[nth];
        let input = CellInput { suite, names, answers, sources, kinds: &info.case_kinds };
        let cell = evaluate_cell(plan, &mut judged, input);
        judged.cells.push(cell);
        judged.seconds[nth] += started.elapsed().as_secs_f64();
    }
    find_stale(plan, &mut judged, name);
    judged
}

/// Every oracle's judgement, in the plan's order of oracles, as one run's result.
pub fn assemble(plan: &Plan, judged: Vec<OracleJudged>) -> RunResult {
    let mut report = ConformReport::new(crate::VERSION);
    report.suites = plan.suites.iter().map(SuiteReport::of).collect();
    report.unknown = unknown_entries(plan);
    report.duplicates = plan.ledger.duplicates();
    let mut result = RunResult {
        report,
        scope: HashMap::new(),
        used: HashMap::new(),
        evaluate_seconds: vec![0.0; plan.suites.len()],
        start_up_seconds: Vec::new(),
    };
    for one in judged {
        let name = &one.status.info.name;
        if let Some(scope) = one.scope {
            result.scope.insert(name.clone(), scope);
        }
        if let Some(used) = one.used {
            result.used.insert(name.clone(), used);
        }
        for (total, seconds) in result.evaluate_seconds.iter_mut().zip(&one.seconds) {
            *total += seconds;
        }
        result.report.cells.extend(one.cells);
        result.report.divergences.extend(one.divergences);
        result.report.stale.extend(one.stale);
        result.report.oracles.push(one.status);
    }
    result
}

/// Who made a suite's truth: its oracle, with the fields that oracle declares (so a truth that
/// declares `validation-errors`, the reference's, speaks about them, and WPT's tables do not);
/// embedded expectations fill every record field and declare no errors.
fn truth_source<'p>(plan: &'p Plan<'p>, suite: &'p Suite) -> Source<'p> {
    let oracle = suite.truth.oracle_name().unwrap_or("");
    let declared = plan.oracles.iter().find(|o| o.name() == oracle).map(|o| o.info());
    Source { oracle, fields: declared.map_or(&[][..], |info| &info.fields) }
}

/// What one oracle × suite cell is computed from.
struct CellInput<'a> {
    suite: &'a Suite,
    /// The suite's case names, in order.
    names: &'a [String],
    answers: &'a [Answer],
    sources: Sources<'a>,
    /// The case kinds the oracle answers: only such cases put its ledger entries in scope.
    kinds: &'a [CaseKindTag],
}

fn evaluate_cell(plan: &Plan, judged: &mut OracleJudged, input: CellInput) -> MatrixCell {
    let CellInput { suite, names, answers, sources, kinds } = input;
    let oracle = sources.got.oracle;
    let mut cell = MatrixCell {
        oracle: oracle.to_owned(),
        suite: suite.name.clone(),
        passed: 0,
        failed: 0,
        ledgered: 0,
        no_opinion: 0,
        statuses: Vec::with_capacity(answers.len()),
    };
    let index = Index::new(plan.ledger.files.get(oracle));
    let cases = suite.cases.iter().zip(names).zip(&suite.expected).zip(answers);
    for (case_index, (((case, name), truth), got)) in cases.enumerate() {
        // A case entry names a case in every suite; a suite of a kind the oracle does not answer
        // (validity cases, for most) cannot make it stale.
        let answerable = kinds.contains(&case.kind.tag());
        if answerable && matches!(truth, Answer::Parsed { .. } | Answer::Failure { .. }) {
            let scope = judged.scope.get_or_insert_with(HashSet::new);
            scope.extend(index.candidates(&suite.name, name).map(|(line, _)| line));
        }
        let status = match compare(case, truth, got, sources) {
            Verdict::Pass => CaseStatus::Passed,
            Verdict::NoOpinion => CaseStatus::NoOpinion,
            Verdict::Fail(fields) => {
                let severity = fields.iter().map(|f| f.severity).max().unwrap_or(Severity::Info);
                let div = Divergence {
                    oracle: oracle.to_owned(),
                    suite: suite.name.clone(),
                    name: name.clone(),
                    case_index,
                    case: case.clone(),
                    truth: truth.clone(),
                    answer: got.clone(),
                    fields,
                    severity,
                    ledgered: None,
                    ledger_line: None,
                    classes: Vec::new(),
                };
                record_divergence(judged, &index, div)
            }
        };
        match status {
            CaseStatus::Passed => cell.passed += 1,
            CaseStatus::NoOpinion => cell.no_opinion += 1,
            CaseStatus::Failed => cell.failed += 1,
            CaseStatus::Ledgered => cell.ledgered += 1,
        }
        cell.statuses.push(status);
    }
    cell
}

/// Look a divergence up in the ledger and keep it; its status in the cell.
fn record_divergence(judged: &mut OracleJudged, index: &Index, mut div: Divergence) -> CaseStatus {
    let fields = field_set(&div);
    let difference = difference(&div.answer, &fields);
    let covering = index.covering(&div.suite, &div.name, difference).next();
    let status = match covering {
        Some((line, entry)) => {
            judged.used.get_or_insert_with(HashSet::new).insert(line);
            div.ledgered = Some(entry.reason.clone());
            div.ledger_line = (entry.line > 0).then_some(entry.line);
            CaseStatus::Ledgered
        }
        None => CaseStatus::Failed,
    };
    judged.divergences.push(div);
    status
}

/// Entries in scope (their case or class met a case with a truth) that covered nothing.
fn find_stale(plan: &Plan, judged: &mut OracleJudged, oracle: &str) {
    let Some(file) = plan.ledger.files.get(oracle) else { return };
    let scope = judged.scope.as_ref();
    let used = judged.used.as_ref();
    for (line, entry) in file.entries() {
        let in_scope = scope.is_some_and(|s| s.contains(&line));
        if in_scope && !used.is_some_and(|u| u.contains(&line)) {
            judged.stale.push(stale(oracle, file.path.display().to_string(), entry));
        }
    }
}

/// Case entries, in every ledger file, whose case is in no suite known to the run.
fn unknown_entries(plan: &Plan) -> Vec<LedgerLine> {
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

fn stale(oracle: &str, file: String, entry: &Entry) -> LedgerLine {
    LedgerLine { oracle: oracle.to_owned(), file, line: entry.line, entry: entry.render() }
}
