//! Every available oracle's answer to one input (or a batch of inputs), compared with
//! `urldiff_compare` — across models, through the projection: what `urldiff compare` and
//! `urldiff serve`'s `/api/compare` show (the views are `urldiff_reports::compare_view`).
//!
//! WHATWG-model oracles get a parse case; RFC-model oracles get a resolve case when a base is
//! given and they answer those, a parse case otherwise — except that an RFC-model oracle that
//! cannot resolve (`rfc3986-regex`) is not asked when there is a base: its split of the
//! reference alone would be compared with everyone's resolved target. Oracles that answer
//! validity cases (the reference, whatwg-url) are also asked one for each input, in the same
//! batch: its verdict joins the comparison as the field `valid-url-string` (the validation
//! errors are already there, from the parse case, as `validation-errors`). A batch is answered
//! by each oracle as one batch (workers stay up), oracles side by side.

use urldiff_compare::{compare_all, Answered, Comparison, SharedField, Signature};
use urldiff_oracles::registry::check_all;
use urldiff_oracles::{Answer, Availability, Case, CaseKind, CaseKindTag, Oracle};

pub use crate::ask::{case_for, Request};
use urldiff_oracles::OracleError;

/// Why oracles could not be chosen or could not answer a batch.
#[derive(Debug, thiserror::Error)]
pub enum CompareError {
    /// Two oracles with one name would mix their answers and ledgers.
    #[error(
        "two oracles are named {0:?} (an external oracle may reuse a built-in name): \
         rename one in the oracle configuration"
    )]
    DuplicateName(String),
    #[error("no oracle named {name:?} (known: {known})")]
    UnknownOracle { name: String, known: String },
    #[error("oracle {oracle} cannot run: {reason}")]
    CannotRun { oracle: String, reason: String },
    #[error("oracle {oracle} returned {answers} answers for a batch of {cases} cases")]
    BatchLength { oracle: String, answers: usize, cases: usize },
    #[error(transparent)]
    Oracle(#[from] OracleError),
}

/// Two oracles with one name would mix their answers and ledgers: a configuration error.
pub fn check_unique_names(oracles: &[Box<dyn Oracle>]) -> Result<(), CompareError> {
    let mut seen = std::collections::HashSet::new();
    for oracle in oracles {
        if !seen.insert(oracle.name()) {
            return Err(CompareError::DuplicateName(oracle.name().to_owned()));
        }
    }
    Ok(())
}

/// The oracles of a compare run: those that can run, and the (name, reason) of the others.
pub struct Selection {
    pub oracles: Vec<Box<dyn Oracle>>,
    pub unavailable: Vec<(String, String)>,
}

impl std::fmt::Debug for Selection {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let names: Vec<&str> = self.oracles.iter().map(|o| o.name()).collect();
        f.debug_struct("Selection")
            .field("oracles", &names)
            .field("unavailable", &self.unavailable)
            .finish()
    }
}

/// Keep the oracles named in `wanted` (every one when empty) and check they can run. Two
/// oracles with one name, an unknown name, or a wanted oracle that cannot run are errors.
pub fn select(all: Vec<Box<dyn Oracle>>, wanted: &[String]) -> Result<Selection, CompareError> {
    check_unique_names(&all)?;
    for name in wanted {
        if !all.iter().any(|o| o.name() == name) {
            let names: Vec<&str> = all.iter().map(|o| o.name()).collect();
            return Err(CompareError::UnknownOracle {
                name: name.clone(),
                known: names.join(", "),
            });
        }
    }
    let chosen: Vec<Box<dyn Oracle>> = all
        .into_iter()
        .filter(|o| wanted.is_empty() || wanted.iter().any(|w| w == o.name()))
        .collect();
    let checks = check_all(&chosen.iter().map(|o| o.as_ref()).collect::<Vec<_>>());
    let mut selection = Selection { oracles: Vec::new(), unavailable: Vec::new() };
    for (oracle, check) in chosen.into_iter().zip(checks) {
        match check {
            Availability::Available => selection.oracles.push(oracle),
            Availability::Unavailable { reason } if wanted.is_empty() => {
                selection.unavailable.push((oracle.name().to_owned(), reason))
            }
            Availability::Unavailable { reason } => {
                return Err(CompareError::CannotRun {
                    oracle: oracle.name().to_owned(),
                    reason: reason.lines().next().unwrap_or_default().to_owned(),
                })
            }
        }
    }
    Ok(selection)
}

/// The validity case an oracle is asked for a request, when it answers validity cases.
pub fn validity_case_for(oracle: &dyn Oracle, request: &Request) -> Option<Case> {
    let answers = oracle.info().case_kinds.contains(&CaseKindTag::Validity);
    answers.then(|| Case {
        input: request.input.clone(),
        base: request.base.clone(),
        kind: CaseKind::Validity,
    })
}

/// One request's answers, one per oracle in selection order, and their comparison.
#[derive(Debug)]
pub struct Compared {
    pub request: Request,
    pub answers: Vec<Answer>,
    /// Each oracle's answer to the validity case (`NoOpinion` when it was not asked one).
    pub validity: Vec<Answer>,
    pub comparison: Comparison,
    pub signature: Signature,
    /// Why the base does not parse as a WHATWG URL (said once, above everything else).
    pub base_failure: Option<String>,
}

/// Every oracle answers every request, each oracle the whole batch at once and the oracles
/// side by side; then each request's answers are compared. An oracle that returns the wrong
/// number of answers is a harness error.
pub fn compare_batch(
    oracles: &[Box<dyn Oracle>],
    requests: &[Request],
) -> Result<Vec<Compared>, CompareError> {
    let per_oracle: Vec<Result<Vec<(Answer, Answer)>, CompareError>> =
        std::thread::scope(|scope| {
            let handles: Vec<_> = oracles
                .iter()
                .map(|oracle| scope.spawn(move || answer_requests(oracle.as_ref(), requests)))
                .collect();
            handles.into_iter().map(|h| h.join().expect("an oracle thread panicked")).collect()
        });
    let per_oracle: Vec<Vec<(Answer, Answer)>> =
        per_oracle.into_iter().collect::<Result<_, _>>()?;
    Ok(requests
        .iter()
        .enumerate()
        .map(|(i, request)| {
            let (answers, validity) = per_oracle.iter().map(|a| a[i].clone()).unzip();
            compared(oracles, request.clone(), answers, validity)
        })
        .collect())
}

/// One oracle's answers to every request, as (parse or resolve answer, validity answer): the
/// asked cases as one batch, `NoOpinion` for what it is not asked. A short or long batch is an
/// error.
fn answer_requests(
    oracle: &dyn Oracle,
    requests: &[Request],
) -> Result<Vec<(Answer, Answer)>, CompareError> {
    let cases: Vec<Option<Case>> =
        requests.iter().flat_map(|r| [case_for(oracle, r), validity_case_for(oracle, r)]).collect();
    let asked: Vec<Case> = cases.iter().flatten().cloned().collect();
    let answers = oracle.answer_batch(&asked)?;
    if answers.len() != asked.len() {
        return Err(CompareError::BatchLength {
            oracle: oracle.name().to_owned(),
            answers: answers.len(),
            cases: asked.len(),
        });
    }
    let mut answers = answers.into_iter();
    let mut all = cases.iter().map(|case| match case {
        Some(_) => answers.next().unwrap_or(Answer::NoOpinion),
        None => Answer::NoOpinion,
    });
    Ok(std::iter::from_fn(|| Some((all.next()?, all.next()?))).collect())
}

fn compared(
    oracles: &[Box<dyn Oracle>],
    request: Request,
    answers: Vec<Answer>,
    validity: Vec<Answer>,
) -> Compared {
    let case = Case::parse(request.input.clone(), request.base.as_deref());
    let mut comparison = compare_all(&case, &answered(oracles, &answers));
    let validity_case = Case { kind: CaseKind::Validity, ..case };
    let verdicts = compare_all(&validity_case, &answered(oracles, &validity));
    comparison
        .fields
        .extend(verdicts.fields.into_iter().filter(|f| f.field == SharedField::ValidUrlString));
    let signature = Signature::of(&comparison);
    let base_failure = request
        .base
        .as_deref()
        .and_then(|base| urldiff_parser::Url::parse(base, None).err().map(|e| e.to_string()));
    Compared { request, answers, validity, comparison, signature, base_failure }
}

/// Each oracle with its answer, for `compare_all`.
fn answered<'a>(oracles: &'a [Box<dyn Oracle>], answers: &'a [Answer]) -> Vec<Answered<'a>> {
    oracles
        .iter()
        .zip(answers)
        .map(|(oracle, answer)| Answered { info: oracle.info(), answer })
        .collect()
}
