//! The one place triage asks oracles: [`ask`]. The minimizer, the triage pipeline and the WPT
//! export all go through it, so a change to how oracles answer (an error type, a new answer
//! kind) touches this file only.
//!
//! A batch of requests is answered by every oracle as one batch: an in-process oracle (our
//! parser, rust-url, ada, the RFC splitters, the tables) answers it in parallel chunks on
//! rayon; a subprocess or external oracle gets the whole batch in one `answer_batch` call, on
//! its own thread (its workers pipeline it), never one call per request.
//!
//! Which case an oracle is asked is [`case_for`]: WHATWG-model oracles parse the input against
//! the base; RFC-model oracles that resolve get a resolve case when there is a base; an
//! RFC-model oracle that cannot resolve (`rfc3986-regex`) is not asked when there is a base
//! (its split of the reference alone would be compared with everyone's resolved target).

use rayon::prelude::*;
use serde::{Deserialize, Serialize};
use urldiff_compare::{compare_all, Answered, Comparison};
use urldiff_oracles::{
    Answer, Case, CaseKind, CaseKindTag, Oracle, OracleError, OracleKind, RecordModel,
};

/// One input (and base) to put to the oracles.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Request {
    pub input: String,
    pub base: Option<String>,
}

impl Request {
    pub fn new(input: impl Into<String>, base: Option<&str>) -> Self {
        Request { input: input.into(), base: base.map(str::to_owned) }
    }

    /// The case every oracle's answer is compared as (`compare_all` reads its kind).
    pub fn case(&self) -> Case {
        Case::parse(self.input.clone(), self.base.as_deref())
    }
}

/// The request triage puts to the oracles for a conform case: parse, resolve and validity
/// cases as they are; a host-to-ASCII case as the URL `https://<input>/x`, as WPT's
/// toascii.window.js tests it. `None` for the cases that are not URL parses (setter,
/// percent-encode, form-urlencoded).
pub fn request_of(case: &Case) -> Option<Request> {
    match &case.kind {
        CaseKind::Parse | CaseKind::Resolve | CaseKind::Validity => {
            Some(Request::new(case.input.clone(), case.base.as_deref()))
        }
        CaseKind::HostToAscii => Some(Request::new(format!("https://{}/x", case.input), None)),
        CaseKind::Setter { .. } | CaseKind::PercentEncode | CaseKind::FormUrlencoded => None,
    }
}

/// A harness error met while asking oracles (exit 2 in the binary).
#[derive(Debug, thiserror::Error)]
pub enum AskError {
    #[error("oracle {oracle} returned {got} answers for a batch of {asked} cases")]
    WrongAnswerCount { oracle: String, got: usize, asked: usize },
    /// The oracle could not finish the batch (a worker that cannot be restarted, …).
    #[error(transparent)]
    Oracle(#[from] OracleError),
}

/// The case an oracle is asked, given its model and the case kinds it answers; `None` when
/// its answer could not describe the target (see the module documentation).
pub fn case_for(oracle: &dyn Oracle, request: &Request) -> Option<Case> {
    let info = oracle.info();
    let resolves = info.case_kinds.contains(&CaseKindTag::Resolve);
    match (info.model, &request.base) {
        (RecordModel::Rfc, Some(base)) if resolves => Some(Case {
            input: request.input.clone(),
            base: Some(base.clone()),
            kind: CaseKind::Resolve,
        }),
        (RecordModel::Rfc, Some(_)) => None,
        _ => Some(Case::parse(request.input.clone(), request.base.as_deref())),
    }
}

/// Whether an oracle answers in this process (so its batch is split over rayon's threads).
fn in_process(oracle: &dyn Oracle) -> bool {
    matches!(
        oracle.info().kind,
        OracleKind::InProcess | OracleKind::SpecAlgorithm | OracleKind::ExpectationTable
    )
}

/// Every request's answers: `answers[r][o]` is oracle `o`'s answer to request `r` (oracles in
/// the order given). Each oracle answers the whole batch once (see the module documentation).
pub fn ask(oracles: &[&dyn Oracle], requests: &[Request]) -> Result<Vec<Vec<Answer>>, AskError> {
    if requests.is_empty() {
        return Ok(Vec::new());
    }
    // Every request's parse case, made once for every oracle that is asked those (all but
    // the RFC-model oracles when a request has a base).
    let parse_cases: Vec<Case> = requests.iter().map(Request::case).collect();
    let any_base = requests.iter().any(|r| r.base.is_some());
    let parse_cases = &parse_cases;
    let per_oracle: Vec<Result<Vec<Answer>, AskError>> = std::thread::scope(|scope| {
        let remote: Vec<_> = oracles
            .iter()
            .enumerate()
            .filter(|(_, o)| !in_process(**o))
            .map(|(i, o)| {
                (i, scope.spawn(move || answer_requests(*o, requests, parse_cases, any_base)))
            })
            .collect();
        let mut results: Vec<Option<Result<Vec<Answer>, AskError>>> =
            oracles.iter().map(|_| None).collect();
        for (i, oracle) in oracles.iter().enumerate().filter(|(_, o)| in_process(**o)) {
            results[i] = Some(answer_requests(*oracle, requests, parse_cases, any_base));
        }
        for (i, handle) in remote {
            results[i] = Some(handle.join().expect("an oracle thread panicked"));
        }
        results.into_iter().map(|r| r.expect("every oracle answered")).collect()
    });
    let per_oracle: Vec<Vec<Answer>> = per_oracle.into_iter().collect::<Result<_, _>>()?;
    let mut columns: Vec<std::vec::IntoIter<Answer>> =
        per_oracle.into_iter().map(Vec::into_iter).collect();
    Ok((0..requests.len())
        .map(|_| columns.iter_mut().map(|c| c.next().unwrap_or(Answer::NoOpinion)).collect())
        .collect())
}

/// Below this many cases an in-process batch is answered on the calling thread.
const PARALLEL_FROM: usize = 16;

/// One oracle's answers to every request: the asked cases as one batch (split over rayon for
/// an in-process oracle), `NoOpinion` for the requests it is not asked. `parse_cases` holds
/// every request's parse case ([`Request::case`]): what [`case_for`] gives every oracle when
/// no request has a base (`any_base`), and a WHATWG-model oracle always.
fn answer_requests(
    oracle: &dyn Oracle,
    requests: &[Request],
    parse_cases: &[Case],
    any_base: bool,
) -> Result<Vec<Answer>, AskError> {
    if !any_base || oracle.info().model != RecordModel::Rfc {
        return answer_cases(oracle, parse_cases);
    }
    let cases: Vec<Option<Case>> = requests.iter().map(|r| case_for(oracle, r)).collect();
    let asked: Vec<Case> = cases.iter().flatten().cloned().collect();
    let mut answers = answer_cases(oracle, &asked)?.into_iter();
    Ok(cases
        .iter()
        .map(|case| match case {
            Some(_) => answers.next().unwrap_or(Answer::NoOpinion),
            None => Answer::NoOpinion,
        })
        .collect())
}

/// One oracle's answers to `asked`, one each, in order.
fn answer_cases(oracle: &dyn Oracle, asked: &[Case]) -> Result<Vec<Answer>, AskError> {
    let answers = if in_process(oracle) && asked.len() >= PARALLEL_FROM {
        let chunk = asked.len().div_ceil(rayon::current_num_threads() * 4).max(8);
        let chunks: Vec<Vec<Answer>> =
            asked.par_chunks(chunk).map(|c| oracle.answer_batch(c)).collect::<Result<_, _>>()?;
        chunks.into_iter().flatten().collect()
    } else {
        oracle.answer_batch(asked)?
    };
    if answers.len() != asked.len() {
        return Err(AskError::WrongAnswerCount {
            oracle: oracle.name().to_owned(),
            got: answers.len(),
            asked: asked.len(),
        });
    }
    Ok(answers)
}

/// Compare one request's answers (one per oracle, in `oracles` order).
pub fn compare_answers(
    oracles: &[&dyn Oracle],
    request: &Request,
    answers: &[Answer],
) -> Comparison {
    let answered: Vec<Answered> = oracles
        .iter()
        .zip(answers)
        .map(|(oracle, answer)| Answered { info: oracle.info(), answer })
        .collect();
    compare_all(&request.case(), &answered)
}
