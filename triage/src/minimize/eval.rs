//! Testing candidates: does a candidate keep the target signature? Answers are cached per
//! candidate, a round's candidates are asked as one batch ([`crate::ask::ask`]), and the
//! budget (oracle calls, seconds) is enforced here.
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

/// The oracles' verdict on one candidate, cached.
enum Verdict {
    /// The signature held; the answers, one per oracle (kept for the result).
    Holds(Vec<Answer>),
    Changed,
}

/// Tests candidates against the target signature.
pub(crate) struct Evaluator<'a> {
    oracles: &'a [&'a dyn Oracle],
    pub target: Signature,
    cache: HashMap<Request, Verdict>,
    pub calls: usize,
    budget: Budget,
    started: Instant,
    /// Set when a candidate went unasked because the budget ran out.
    pub exhausted: bool,
}

impl<'a> Evaluator<'a> {
    pub fn new(oracles: &'a [&'a dyn Oracle], budget: Budget, started: Instant) -> Self {
        Evaluator {
            oracles,
            target: Signature { outcomes: Vec::new(), fields: Vec::new() },
            cache: HashMap::new(),
            calls: 0,
            budget,
            started,
            exhausted: false,
        }
    }

    /// Ask the original, make its signature the target, and return its answers.
    pub fn start(&mut self, original: &Request) -> Result<(Signature, Vec<Answer>), AskError> {
        let answers = ask(self.oracles, std::slice::from_ref(original))?.remove(0);
        self.calls += 1;
        let signature = Signature::of(&compare_answers(self.oracles, original, &answers));
        self.target = signature.clone();
        self.cache.insert(original.clone(), Verdict::Holds(answers.clone()));
        Ok((signature, answers))
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
                let signature = Signature::of(&compare_answers(self.oracles, &request, &answers));
                let verdict = if signature == self.target {
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
