//! The minimizer: shrink an input (and its base) while its divergence signature among the
//! chosen oracles stays the same.
//!
//! 1. The original is asked first; when the oracles agree there is nothing to minimize
//!    ([`MinimizeError::NotDivergent`]).
//! 2. A base that is not needed is dropped.
//! 3. Delta debugging on code-point boundaries ([`ddmin`]): remove chunks, large ones first
//!    (halving the chunk size when none can go), every chunk of a round tested as one batch;
//!    when several can go, their union is tried, then halves of it.
//! 4. A readability pass ([`kinds`]): every code point is rewritten to the simplest one of its
//!    kind (letters to `a`, digits to `1`, a C0 control to U+0001, …; the named table
//!    [`kinds::KINDS`]), each change kept only when the signature holds.
//! 5. Verification: the result is 1-minimal when no single code point of the input or the
//!    base can be removed; if one can, it is removed and the passes run again.
//! 6. For goals that ask for it (root causes), dressing toward what a person writes
//!    ([`dress`]: `http`, `example.com`, an ordinary base), each change kept only when the goal
//!    holds; `one_minimal` then speaks of the result before dressing.
//!
//! Answers are cached per candidate ([`eval`]), so `oracle_calls` counts distinct candidates.
//! When the [`Budget`] runs out, the best candidate so far is returned with
//! `one_minimal: false`.

mod ddmin;
mod dress;
mod eval;
pub mod kinds;

pub use eval::{Budget, Goal, SameSignature};

use crate::ask::{AskError, Request};
use eval::Evaluator;
use std::time::Instant;
use urldiff_compare::Signature;
use urldiff_oracles::{Answer, Oracle};

/// The result of a minimization.
#[derive(Clone, Debug)]
pub struct Minimized {
    pub original: Request,
    pub minimized: Request,
    /// The signature both share.
    pub signature: Signature,
    /// Every oracle's answer to the minimized request (in the order the oracles were given).
    pub answers: Vec<Answer>,
    /// Distinct candidates asked, the original included.
    pub oracle_calls: usize,
    pub seconds: f64,
    /// No single code point of the input or base can be removed (false when the budget ran
    /// out first).
    pub one_minimal: bool,
}

/// Why there is no minimized result.
#[derive(Debug, thiserror::Error)]
pub enum MinimizeError {
    /// The oracles agree on the original: nothing to minimize.
    #[error("nothing to minimize: the oracles agree on this input")]
    NotDivergent { answers: Vec<Answer> },
    #[error(transparent)]
    Ask(#[from] AskError),
}

/// Which string of a candidate a step changes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Part {
    Input,
    Base,
}

/// A candidate as code points.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Candidate {
    pub input: Vec<char>,
    pub base: Option<Vec<char>>,
}

impl Candidate {
    pub(crate) fn of(request: &Request) -> Self {
        Candidate {
            input: request.input.chars().collect(),
            base: request.base.as_ref().map(|b| b.chars().collect()),
        }
    }

    pub fn part(&self, part: Part) -> Option<&[char]> {
        match part {
            Part::Input => Some(&self.input),
            Part::Base => self.base.as_deref(),
        }
    }

    pub fn with_part(&self, part: Part, chars: Vec<char>) -> Candidate {
        let mut next = self.clone();
        match part {
            Part::Input => next.input = chars,
            Part::Base => next.base = Some(chars),
        }
        next
    }

    pub fn request(&self) -> Request {
        Request {
            input: self.input.iter().collect(),
            base: self.base.as_ref().map(|b| b.iter().collect()),
        }
    }
}

/// Minimize `original` among `oracles` within `budget`.
pub fn minimize(
    oracles: &[&dyn Oracle],
    original: &Request,
    budget: Budget,
) -> Result<Minimized, MinimizeError> {
    let started = Instant::now();
    let answers = crate::ask::ask(oracles, std::slice::from_ref(original))?.remove(0);
    let signature = Signature::of(&crate::ask::compare_answers(oracles, original, &answers));
    if !signature.disagrees() {
        return Err(MinimizeError::NotDivergent { answers });
    }
    let goal = SameSignature(signature.clone());
    let mut m = run(oracles, original, &goal, budget, Some(answers))?;
    m.signature = signature;
    m.seconds = started.elapsed().as_secs_f64();
    Ok(m)
}

/// Minimize `original` among `oracles` while `goal` holds, within `budget`. The result's
/// `signature` is that of the minimized request among `oracles`.
pub fn minimize_for(
    oracles: &[&dyn Oracle],
    original: &Request,
    goal: &dyn Goal,
    budget: Budget,
) -> Result<Minimized, MinimizeError> {
    run(oracles, original, goal, budget, None)
}

/// [`minimize_for`], with the original's answers when the caller has them.
fn run(
    oracles: &[&dyn Oracle],
    original: &Request,
    goal: &dyn Goal,
    budget: Budget,
    known: Option<Vec<Answer>>,
) -> Result<Minimized, MinimizeError> {
    let started = Instant::now();
    let mut ev = Evaluator::new(oracles, goal, budget, started);
    let (holds, answers) = ev.start(original, known)?;
    if !holds {
        return Err(MinimizeError::NotDivergent { answers });
    }
    let mut current = Candidate::of(original);
    if current.base.is_some() {
        let without = Candidate { base: None, ..current.clone() };
        if ev.test(&[without.request()])?[0] {
            current = without;
        }
    }
    let mut one_minimal = false;
    while !ev.exhausted {
        current = ddmin::shrink(&mut ev, current, Part::Input)?;
        current = ddmin::shrink(&mut ev, current, Part::Base)?;
        current = kinds::simplify(&mut ev, current)?;
        match ddmin::remove_one(&mut ev, &current)? {
            Some(smaller) => current = smaller,
            None => {
                one_minimal = !ev.exhausted;
                break;
            }
        }
    }
    if goal.readable() && !ev.exhausted {
        current = dress::dress(&mut ev, current)?;
    }
    let minimized = current.request();
    let answers = ev.answers_of(&minimized).map(<[Answer]>::to_vec).unwrap_or_default();
    let signature = Signature::of(&crate::ask::compare_answers(oracles, &minimized, &answers));
    Ok(Minimized {
        original: original.clone(),
        minimized,
        signature,
        answers,
        oracle_calls: ev.calls,
        seconds: ev.seconds(),
        one_minimal,
    })
}

/// Whether no single code point of `request`'s input or base can be removed without changing
/// its signature among `oracles` — checked on its own (no cache, one batch), for tests and
/// benches that verify the minimizer's claim.
pub fn is_one_minimal(oracles: &[&dyn Oracle], request: &Request) -> Result<bool, AskError> {
    let answers = crate::ask::ask(oracles, std::slice::from_ref(request))?.remove(0);
    let goal =
        SameSignature(Signature::of(&crate::ask::compare_answers(oracles, request, &answers)));
    let mut ev = Evaluator::new(
        oracles,
        &goal,
        Budget { max_calls: usize::MAX, max_seconds: f64::MAX },
        Instant::now(),
    );
    ev.start(request, Some(answers))?;
    Ok(ddmin::remove_one(&mut ev, &Candidate::of(request))?.is_none())
}
