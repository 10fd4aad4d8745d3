//! What the minimizer keeps for a part: its root cause, not the partition. A candidate holds
//! when the part is still there with the same key, and it still reads like the original: a
//! special scheme stays special (`https://volans-.github.io/` must not become `a://-`), an
//! authority stays an authority, and a base keeps its scheme.

use super::deciding::{code_point_kind, END_OF_INPUT, MAX_SUBSTITUTIONS};
use super::parts::{between_standards, deviates, Judged};
use super::{FindingKind, StandardStep};
use crate::ask::{compare_answers, Request};
use crate::classify::{classify, Facts};
use crate::minimize::Goal;
use std::collections::BTreeMap;
use urldiff_oracles::{Answer, Oracle, OracleInfo, Standard};

/// The scheme a string starts with (`ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ) ":"`),
/// lowercased.
pub fn scheme_of(s: &str) -> Option<String> {
    let s = s.trim_start_matches(|c: char| c <= ' ');
    let end = s.find(':')?;
    let scheme = &s[..end];
    let mut chars = scheme.chars();
    let first_is_alpha = chars.next().is_some_and(|c| c.is_ascii_alphabetic());
    let rest_ok = chars.all(|c| c.is_ascii_alphanumeric() || matches!(c, '+' | '-' | '.'));
    (first_is_alpha && rest_ok).then(|| scheme.to_ascii_lowercase())
}

/// What a candidate must keep of the original's shape.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Shape {
    /// The scheme in effect (the input's, else the base's) is special.
    pub special: bool,
    /// The base's scheme, when there is a base.
    pub base_scheme: Option<String>,
    /// The input has an authority as RFC 3986 splits it (`//` after the scheme): a host
    /// confusion of `http://0x7f.1/` must not become one of `http:1`, a story of its own.
    pub authority: bool,
}

impl Shape {
    pub fn of(request: &Request) -> Shape {
        Shape {
            special: Self::is_special(request),
            base_scheme: request.base.as_deref().and_then(scheme_of),
            authority: Self::has_authority(request),
        }
    }

    fn is_special(request: &Request) -> bool {
        let scheme =
            scheme_of(&request.input).or_else(|| request.base.as_deref().and_then(scheme_of));
        scheme.is_some_and(|s| urldiff_parser::is_special_scheme(&s))
    }

    /// Read after the URL Standard's trimming of C0 controls and spaces, so a leading control
    /// character is not what keeps the shape.
    fn has_authority(request: &Request) -> bool {
        let input = request.input.trim_matches(|c: char| c <= ' ');
        urldiff_parser::rfc3986::split_spans(input).authority.is_some()
    }

    pub fn holds(&self, request: &Request) -> bool {
        Self::is_special(request) == self.special
            && Self::has_authority(request) == self.authority
            && (request.base.is_none()
                || request.base.as_deref().and_then(scheme_of) == self.base_scheme)
    }
}

/// Keeps a conformance part: the library (the first oracle) still deviates from its
/// standard's reference (the second) on the same field, still departs at the key's step
/// (see [`ConformanceGoal::key_read`]), and no rule of its documentation covers it.
#[derive(Clone, Debug)]
pub struct ConformanceGoal {
    pub standard: Standard,
    pub field: String,
    pub step: StandardStep,
    pub code_point: String,
    pub shape: Shape,
}

impl ConformanceGoal {
    /// The library (its answer `library`) still departs at the key's step: where the
    /// reference's run shows it, that step; else (the library failed, the hrefs agree, an RFC
    /// library) a code point of the key's kind is still read there.
    fn key_read(&self, oracles: &[&dyn Oracle], request: &Request, library: &Answer) -> bool {
        if matches!(self.field.as_str(), "crashed" | "timed-out") {
            return true; // a lost answer has no deciding code point
        }
        if self.step.id == super::unicode_skew::STEP_ID {
            // A skew holds while a code point the library's data lacks is still there.
            use super::unicode_skew::{skewed, unknown_to};
            let versions = oracles.get(1).and_then(|r| skewed(oracles[0].info(), r.info()));
            return versions.is_some_and(|(l, r)| !unknown_to(&request.input, l, r).is_empty());
        }
        // The key's own order: an RFC library accepting a character allowed only
        // percent-encoded departs at section 2.1, so a candidate showing only that keeps no
        // other step (`s$-c:/\u{1}b`, keyed where its `:` is, is not minimized to `\u{1}`).
        let encoding = super::deciding::percent_encoding_departure(self.standard, request, library);
        if let Some((step, _)) = encoding {
            return step == self.step;
        }
        let steps = super::deciding::Steps::new(self.standard, request);
        if let Some((step, _)) = steps.departure(library) {
            return step == self.step;
        }
        if self.code_point == END_OF_INPUT {
            return steps.at(None) == self.step;
        }
        request
            .input
            .char_indices()
            .take(MAX_SUBSTITUTIONS)
            .filter(|(_, c)| code_point_kind(Some(*c)) == self.code_point)
            .any(|(p, _)| steps.at(Some(p)) == self.step)
    }
}

impl Goal for ConformanceGoal {
    fn holds(&self, oracles: &[&dyn Oracle], request: &Request, answers: &[Answer]) -> bool {
        if !self.shape.holds(request) {
            return false;
        }
        // The reference is the second oracle when there is one (`keys::pair`: a library with
        // no reference of its own, the reference itself, comes alone and cannot deviate).
        let reference_of = match oracles.len() {
            0 | 1 => BTreeMap::new(),
            _ => BTreeMap::from([(self.standard, 1)]),
        };
        let judged = Judged { oracles: oracles.to_vec(), implementations: 1, reference_of };
        let comparison = compare_answers(oracles, request, answers);
        // A smaller input that the library's documentation covers is another finding (a
        // documented model difference): the draft's example must stay undocumented.
        deviates(&judged, answers, &comparison, 0, &self.field)
            && self.key_read(oracles, request, &answers[0])
            && crate::rootcause::documented::covering(&judged, request, answers, &comparison, 0)
                .is_empty()
    }

    fn readable(&self) -> bool {
        true
    }
}

/// Keeps a confusion or model difference among the part's implementations: the same
/// standards, the same fields, and the class still read from the facts.
#[derive(Clone, Debug)]
pub struct BetweenStandardsGoal {
    pub kind: FindingKind,
    pub standards: Vec<Standard>,
    pub fields: Vec<String>,
    pub class: Option<String>,
    pub shape: Shape,
    /// The name of each standard's reference among the oracles asked: a pair shows a
    /// confusion only where the references read the field otherwise (`parts::between_standards`).
    pub references: BTreeMap<Standard, String>,
}

impl Goal for BetweenStandardsGoal {
    fn holds(&self, oracles: &[&dyn Oracle], request: &Request, answers: &[Answer]) -> bool {
        if !self.shape.holds(request) {
            return false;
        }
        let reference_of = self
            .references
            .iter()
            .filter_map(|(s, name)| Some((*s, oracles.iter().position(|o| o.name() == name)?)))
            .collect();
        let judged =
            Judged { oracles: oracles.to_vec(), implementations: oracles.len(), reference_of };
        let comparison = compare_answers(oracles, request, answers);
        let same = between_standards(&judged, answers, &comparison).iter().any(|p| {
            p.kind == self.kind && p.standards == self.standards && p.fields == self.fields
        });
        same && self.class.as_ref().is_none_or(|class| {
            let infos: Vec<&OracleInfo> = oracles.iter().map(|o| o.info()).collect();
            classify(&Facts::new(request, &comparison, &infos)).contains(&class.as_str())
        })
    }

    fn readable(&self) -> bool {
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A library that comes alone (`keys::pair` of the reference itself, whose standard has no
    /// other reference) cannot deviate: the goal does not hold, and nothing indexes a missing
    /// reference (a stress run's triage panicked in `documented::covering` so).
    #[test]
    fn a_library_alone_does_not_hold_and_does_not_panic() {
        let reference = urldiff_oracles::reference::ReferenceOracle::new();
        let oracles: Vec<&dyn Oracle> = vec![&reference];
        let request = Request::new("a://@", None);
        let answers = crate::ask::ask(&oracles, std::slice::from_ref(&request)).unwrap().remove(0);
        let goal = ConformanceGoal {
            standard: Standard::Whatwg,
            field: "outcome".into(),
            step: super::super::deciding::whatwg_state_step(urldiff_parser::State::Authority),
            code_point: "U+0040".into(),
            shape: Shape::of(&request),
        };
        assert!(!goal.holds(&oracles, &request, &answers));
    }
}
