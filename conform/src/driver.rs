//! The parallel driver: every selected oracle answers every suite in one batch, each oracle
//! started, answering and judged on a thread of its own (in-process oracles also split their
//! batch across rayon's threads; a subprocess oracle gets its batch whole and spreads it over
//! its own worker pool). Progress goes to the plan's [`Events`]; each oracle's answers go to
//! [`evaluate::judge`], which compares them with each suite's truth and checks its ledger
//! file, and [`evaluate::assemble`] puts the judgements together.

use crate::evaluate::{self, OracleJudged, RunResult};
use crate::events::Events;
use crate::plan::Plan;
use crate::report::OracleStatus;
use crate::Phases;
use anyhow::bail;
use rayon::prelude::*;

use std::time::Instant;
use urldiff_compare::ledger::{lost, Lost};

use urldiff_oracles::{Answer, Availability, Case, Oracle, OracleError, OracleKind};

/// How an in-process oracle's batch is split across rayon threads.
const IN_PROCESS_CHUNK: usize = 512;

/// Answer a batch, splitting it across rayon threads for in-process kinds. `Err`: the oracle
/// could not finish (a harness error).
fn answer_all(
    oracle: &dyn Oracle,
    cases: &[Case],
    events: &dyn Events,
) -> Result<Vec<Answer>, OracleError> {
    let name = oracle.name();
    match oracle.info().kind {
        OracleKind::Subprocess | OracleKind::External => {
            let answers = oracle.answer_batch(cases);
            events.answered(name, cases.len());
            answers
        }
        _ => {
            let chunks = cases
                .par_chunks(IN_PROCESS_CHUNK)
                .map(|chunk| {
                    let answers = oracle.answer_batch(chunk);
                    events.answered(name, chunk.len());
                    answers
                })
                .collect::<Result<Vec<_>, _>>()?;
            Ok(chunks.into_iter().flatten().collect())
        }
    }
}

/// Which oracles run: the selected ones (every one when none is selected).
fn oracles_to_run<'p>(plan: &'p Plan) -> anyhow::Result<Vec<&'p dyn Oracle>> {
    for name in &plan.selected {
        if !plan.oracles.iter().any(|o| o.name() == name) {
            let mut names: Vec<_> = plan.oracles.iter().map(|o| o.name()).collect();
            names.sort_unstable();
            bail!("no oracle named {name:?} (known: {})", names.join(", "));
        }
    }
    Ok(plan
        .oracles
        .iter()
        .map(|o| o.as_ref())
        .filter(|o| plan.selected.is_empty() || plan.selected.iter().any(|s| s == o.name()))
        .collect())
}

/// Run the plan: answer, compare, check the ledger. An oracle named with `--oracle` that
/// cannot run is an error: a run over zero of its cases would pass for nothing.
///
/// Every oracle starts at once, each on a thread of its own that goes on to answer as soon as
/// its oracle is up, and then to judge its answers: the in-process oracles answer and are
/// judged while the subprocess runtimes start, and a worker that starts early does not wait
/// for the slowest one (a JVM). The phase `start-up` is the time until the last oracle was up,
/// `answers` the rest until the last oracle was answered and judged; `evaluate` puts the
/// judgements together.
pub fn run(plan: &Plan, phases: &mut Phases) -> anyhow::Result<RunResult> {
    let to_run = oracles_to_run(plan)?;
    let all_cases: Vec<Case> = plan.suites.iter().flat_map(|s| s.cases.iter().cloned()).collect();
    plan.events.run_started(to_run.len(), (all_cases.len() * to_run.len()) as u64);
    let began = Instant::now();
    let each = start_and_answer_all(plan, &to_run, &all_cases);
    let last_up = each.iter().map(|e| e.up).max().unwrap_or(began);
    phases.0.push(("start-up", last_up.duration_since(began).as_secs_f64()));
    phases.0.push(("answers", last_up.elapsed().as_secs_f64()));
    plan.events.run_finished();
    for (oracle, each) in to_run.iter().zip(&each) {
        if let (Availability::Unavailable { reason }, true) =
            (&each.availability, !plan.selected.is_empty())
        {
            bail!("oracle {} was asked for with --oracle but cannot run: {reason}", oracle.name());
        }
    }
    let start_up: Vec<(String, f64)> =
        to_run.iter().zip(&each).map(|(o, e)| (o.name().to_owned(), e.start_up)).collect();
    let judged: Vec<Judged> = each.into_iter().map(|e| e.judged).collect::<Result<_, _>>()?;
    let judged = judged
        .into_iter()
        .map(|j| match j {
            Judged::Done(judged) => Ok(*judged),
            Judged::WrongCount { oracle, answers } => Err(anyhow::anyhow!(
                "oracle {oracle} returned {answers} answers for a batch of {} cases",
                all_cases.len()
            )),
        })
        .collect::<anyhow::Result<Vec<_>>>()?;
    let mut result = phases.time("evaluate", || evaluate::assemble(plan, judged));
    result.start_up_seconds = start_up;
    Ok(result)
}

/// One oracle's answers, judged; or how many it gave when that was not one per case.
enum Judged {
    Done(Box<OracleJudged>),
    WrongCount { oracle: String, answers: usize },
}

/// One oracle's run: whether it could start, when it was up and how long that took, and its
/// answers judged.
struct Started {
    availability: Availability,
    up: Instant,
    start_up: f64,
    judged: Result<Judged, OracleError>,
}

/// Every oracle started (availability is cached: the first check starts its runtime and
/// first worker), answering and judged, each on a thread of its own; how long each took to
/// start goes to the events.
fn start_and_answer_all(plan: &Plan, oracles: &[&dyn Oracle], cases: &[Case]) -> Vec<Started> {
    std::thread::scope(|scope| {
        let each: Vec<_> = oracles
            .iter()
            .map(|oracle| {
                scope.spawn(move || {
                    let start = Instant::now();
                    let availability = oracle.availability();
                    let up = Instant::now();
                    let start_up = up.duration_since(start).as_secs_f64();
                    if availability == Availability::Available {
                        plan.events.oracle_started(oracle.name(), start_up);
                    }
                    let judged = answer_one(plan, *oracle, cases).map(|(status, answers)| {
                        match answers.as_ref().map(Vec::len) {
                            Some(n) if n != cases.len() => {
                                Judged::WrongCount { oracle: status.info.name, answers: n }
                            }
                            _ => Judged::Done(Box::new(evaluate::judge(plan, status, answers))),
                        }
                    });
                    Started { availability, up, start_up, judged }
                })
            })
            .collect();
        each.into_iter().map(|h| h.join().expect("an oracle's thread panicked")).collect()
    })
}

/// One oracle's whole batch, or the reason it is skipped.
fn answer_one(
    plan: &Plan,
    oracle: &dyn Oracle,
    cases: &[Case],
) -> Result<(OracleStatus, Option<Vec<Answer>>), OracleError> {
    let start = Instant::now();
    let info = oracle.info().clone();
    let status = |skipped, seconds, answers: &[Answer]| OracleStatus {
        info: info.clone(),
        skipped,
        seconds,
        crashed: answers.iter().filter(|a| lost(a) == Some(Lost::Crashed)).count(),
        timed_out: answers.iter().filter(|a| lost(a) == Some(Lost::TimedOut)).count(),
    };
    if let Availability::Unavailable { reason } = oracle.availability() {
        plan.events.answered(&info.name, cases.len());
        plan.events.oracle_skipped(&info.name, &reason);
        return Ok((status(Some(reason), 0.0, &[]), None));
    }
    let answers = answer_all(oracle, cases, plan.events)?;
    let seconds = start.elapsed().as_secs_f64();
    plan.events.oracle_finished(&info.name, answers.len(), seconds);
    Ok((status(None, seconds, &answers), Some(answers)))
}
