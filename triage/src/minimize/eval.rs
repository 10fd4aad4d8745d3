//! Testing candidates: does a candidate keep the [`Goal`] (the target signature, or a root
//! cause)? Answers are cached per candidate, a round's candidates are asked as one batch
//! ([`crate::ask::ask`]), and the budget (oracle calls, seconds) is enforced here.
//!
//! An *oracle call* is one distinct candidate put to every chosen oracle: a candidate met
//! again (the same input and base) is answered from the cache and not counted.

use crate::ask::{ask, compare_answers, AskError, Request};
use std::collections::HashMap;
use std::time::Instant;
use urldiff_compare::Signature;
use urldiff_oracles::{Answer, Oracle};

/// How much a minimization may spend. The defaults bound a run well above what a 200-code-point
/// input needs (`make bench`), so `urldiff serve` can run minimizations bounded.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Budget {
    /// Distinct candidates put to the oracles, the original included.
    pub max_calls: usize,
    /// Wall-clock seconds.
    pub max_seconds: f64,
}

impl Budget {
    pub const DEFAULT_MAX_CALLS: usize = 5_000;
    pub const DEFAULT_MAX_SECONDS: f64 = 30.0;
}

impl Default for Budget {
    fn default() -> Self {
        Budget { max_calls: Self::DEFAULT_MAX_CALLS, max_seconds: Self::DEFAULT_MAX_SECONDS }
    }
}

/// What a minimization keeps: a candidate *holds* when its answers still show it.
pub trait Goal: Sync {
    fn holds(&self, oracles: &[&dyn Oracle], request: &Request, answers: &[Answer]) -> bool;

    /// Whether the result should also be dressed toward what a person writes (`http`,
    /// `example.com`, an ordinary base) where the goal still holds ([`super::dress`]).
    fn readable(&self) -> bool {
        false
    }
}

/// The divergence signature among the oracles stays the same.
#[derive(Clone, Debug)]
pub struct SameSignature(pub Signature);

impl Goal for SameSignature {
    fn holds(&self, oracles: &[&dyn Oracle], request: &Request, answers: &[Answer]) -> bool {
        Signature::of(&compare_answers(oracles, request, answers)) == self.0
    }
}

/// The oracles' verdict on one candidate, cached.
enum Verdict {
    /// The signature held; the answers, one per oracle (kept for the result).
    Holds(Vec<Answer>),
    Changed,
}

/// Tests candidates against the target signature.
pub(crate) struct Evaluator<'a> {
    oracles: &'a [&'a dyn Oracle],
    goal: &'a dyn Goal,
    cache: HashMap<Request, Verdict>,
    pub calls: usize,
    budget: Budget,
    started: Instant,
    /// Set when a candidate went unasked because the budget ran out.
    pub exhausted: bool,
}

impl<'a> Evaluator<'a> {
    pub fn new(
        oracles: &'a [&'a dyn Oracle],
        goal: &'a dyn Goal,
        budget: Budget,
        started: Instant,
    ) -> Self {
        Evaluator {
            oracles,
            goal,
            cache: HashMap::new(),
            calls: 0,
            budget,
            started,
            exhausted: false,
        }
    }

    /// Ask the original (unless its `answers` are known) and return its answers, and whether
    /// it holds the goal. The original counts as one call either way.
    pub fn start(
        &mut self,
        original: &Request,
        answers: Option<Vec<Answer>>,
    ) -> Result<(bool, Vec<Answer>), AskError> {
        let answers = match answers {
            Some(answers) => answers,
            None => ask(self.oracles, std::slice::from_ref(original))?.remove(0),
        };
        self.calls += 1;
        let holds = self.goal.holds(self.oracles, original, &answers);
        let verdict = if holds { Verdict::Holds(answers.clone()) } else { Verdict::Changed };
        self.cache.insert(original.clone(), verdict);
        Ok((holds, answers))
    }

    pub fn seconds(&self) -> f64 {
        self.started.elapsed().as_secs_f64()
    }

    /// How many more distinct candidates the budget allows now.
    fn allowance(&self) -> usize {
        if self.seconds() >= self.budget.max_seconds {
            return 0;
        }
        self.budget.max_calls.saturating_sub(self.calls)
    }

    /// Whether each candidate keeps the target signature. Unknown candidates are asked as one
    /// batch; those beyond the budget count as not holding (and set `exhausted`).
    pub fn test(&mut self, candidates: &[Request]) -> Result<Vec<bool>, AskError> {
        let mut fresh: Vec<Request> = Vec::new();
        for c in candidates {
            if !self.cache.contains_key(c) && !fresh.contains(c) {
                fresh.push(c.clone());
            }
        }
        let allowance = self.allowance();
        if fresh.len() > allowance {
            self.exhausted = true;
            fresh.truncate(allowance);
        }
        if !fresh.is_empty() {
            let answers = ask(self.oracles, &fresh)?;
            self.calls += fresh.len();
            for (request, answers) in fresh.into_iter().zip(answers) {
                let verdict = if self.goal.holds(self.oracles, &request, &answers) {
                    Verdict::Holds(answers)
                } else {
                    Verdict::Changed
                };
                self.cache.insert(request, verdict);
            }
        }
        Ok(candidates
            .iter()
            .map(|c| matches!(self.cache.get(c), Some(Verdict::Holds(_))))
            .collect())
    }

    /// The cached answers of a candidate that held.
    pub fn answers_of(&self, request: &Request) -> Option<&[Answer]> {
        match self.cache.get(request) {
            Some(Verdict::Holds(answers)) => Some(answers),
            _ => None,
        }
    }
}
