//! What the ledgers expect.
//!
//! The ledgers in `corpus/expected/` are per oracle: each says where that oracle is known to
//! differ from a suite's *truth*, for a case (or a class of cases) and a set of fields. Triage
//! compares every oracle with every other, so it needs a truth to read them against: the
//! `reference` oracle (the WHATWG side of every suite; where WPT and the reference part, the
//! reference's own ledger says so, and triage does not read it).
//!
//! Triage asks [`Ledger::covers`] per implementation: an implementation whose ledger covers
//! its difference from the reference (the case's suite and name, and the set of fields on
//! which it stands in another group than the reference; `outcome` when one parsed and the
//! other failed; a crashed or timed-out answer as itself, which only an entry naming `crashed`
//! or `timed-out` covers) is removed from the case's parts (`crate::pipeline`).
//!
//! [`is_expected`] is the whole-case question the fuzz differential target asks: a divergent
//! case is expected when every oracle whose answer differs from the reference's is covered.
//! One uncovered oracle makes the whole case unexpected.

use std::collections::BTreeSet;
pub use urldiff_compare::DisagreeingFields;
use urldiff_compare::SharedField;
use urldiff_oracles::{Answer, Oracle};

/// The ledger, as triage asks it (the binary implements it over `corpus/expected/`).
pub trait Ledger: Sync {
    /// Whether `oracle`'s ledger covers its difference from the truth on the case named
    /// `case_name` in `suite`: the differing `fields`, or the lost `answer` (crashed or
    /// timed out, when `fields` is empty).
    fn covers(
        &self,
        oracle: &str,
        suite: &str,
        case_name: &str,
        answer: &Answer,
        fields: &BTreeSet<SharedField>,
    ) -> bool;

    /// The upstream issue and fixing version of the entry of `oracle`'s ledger that covers
    /// this difference, when it names them (`None`: not covered, or covered without them).
    fn known(
        &self,
        _oracle: &str,
        _suite: &str,
        _case_name: &str,
        _answer: &Answer,
        _fields: &BTreeSet<SharedField>,
    ) -> Option<KnownIssue> {
        None
    }
}

/// What a ledger entry says is known upstream about a finding.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct KnownIssue {
    /// The issue or pull request.
    pub upstream: Option<String>,
    /// The version that fixes it.
    pub fixed_in: Option<String>,
    /// The standard's steps the issue is about, comma-separated (`whatwg#path-state`, the
    /// ledger's `step:`): a group at another step is not what the issue knows.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub step: Option<String>,
    /// The implementation's version is at or past `fixed_in`: it is back.
    #[serde(default)]
    pub regression: bool,
    /// The case of the group the entry covers (the first met): what a draft reproduces, since
    /// the group's minimized example may show the root cause on another input.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub case: Option<crate::original::Original>,
}

/// The entries of `oracle`'s ledger file that cover its difference (`fields`, or the lost
/// `answer`) on the case `case_name` of `suite`, in the file's order: the ledger's one lookup
/// (`urldiff_corpus::ledger::Index::covering`), which `urldiff conform` asks too.
fn covering<'l>(
    ledger: &'l urldiff_compare::ledger::Ledger,
    oracle: &str,
    (suite, case_name): (&str, &str),
    answer: &Answer,
    fields: &BTreeSet<SharedField>,
) -> Vec<&'l urldiff_corpus::ledger::Entry<SharedField>> {
    let difference = urldiff_compare::ledger::difference(answer, fields);
    let index = urldiff_compare::ledger::Index::new(ledger.files.get(oracle));
    let mut found: Vec<_> = index.covering(suite, case_name, difference).collect();
    found.sort_by_key(|(line, _)| *line);
    found.into_iter().map(|(_, entry)| entry).collect()
}

impl Ledger for urldiff_compare::ledger::Ledger {
    fn covers(
        &self,
        oracle: &str,
        suite: &str,
        case_name: &str,
        answer: &Answer,
        fields: &BTreeSet<SharedField>,
    ) -> bool {
        !covering(self, oracle, (suite, case_name), answer, fields).is_empty()
    }

    fn known(
        &self,
        oracle: &str,
        suite: &str,
        case_name: &str,
        answer: &Answer,
        fields: &BTreeSet<SharedField>,
    ) -> Option<KnownIssue> {
        covering(self, oracle, (suite, case_name), answer, fields)
            .into_iter()
            .find(|entry| entry.upstream.is_some() || entry.fixed_in.is_some())
            .map(|entry| KnownIssue {
                upstream: entry.upstream.clone(),
                fixed_in: entry.fixed_in.clone(),
                step: entry.step.clone(),
                regression: false,
                case: None,
            })
    }
}

/// The oracle whose answers the ledgers are read against.
pub const TRUTH: &str = "reference";

/// Whether the ledger expects this divergence (see the module documentation). `false` when
/// the truth did not answer. Who disagrees with the truth is read from `comparison`: a whole
/// `Comparison`, or `AgreementGroups` when the comparison is not built yet.
pub fn is_expected(
    ledger: &dyn Ledger,
    oracles: &[&dyn Oracle],
    answers: &[Answer],
    comparison: &dyn DisagreeingFields,
    (suite, case_name): (&str, &str),
) -> bool {
    let Some(truth) = oracles.iter().position(|o| o.name() == TRUTH) else { return false };
    if matches!(answers[truth], Answer::NoOpinion)
        || urldiff_compare::verdict::is_lost(&answers[truth])
    {
        return false;
    }
    oracles.iter().zip(answers).enumerate().all(|(i, (oracle, answer))| {
        if i == truth || matches!(answer, Answer::NoOpinion) {
            return true;
        }
        let lost = urldiff_compare::verdict::is_lost(answer);
        let fields = if lost {
            BTreeSet::new()
        } else {
            comparison.disagreeing_fields(TRUTH, oracle.name())
        };
        (!lost && fields.is_empty())
            || ledger.covers(oracle.name(), suite, case_name, answer, &fields)
    })
}
