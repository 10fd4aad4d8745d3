//! The data model shared by every oracle and by the harness (see docs/oracle-protocol.md):
//! cases ([`case`]), the records of both models ([`whatwg`], [`rfc`]), answers and their
//! evidence ([`answer`]); here, what an oracle says about itself ([`OracleInfo`]) and the
//! [`Oracle`] trait.

pub mod answer;
pub mod case;
pub mod rfc;
pub mod whatwg;

pub use answer::{Answer, Crash, OracleError, ProcessEnd, Record, TimeOut};
pub use case::{escape_for_name, Case, CaseKind, CaseKindTag, INVALID, VALID};
pub use rfc::{Component, RfcField, RfcRecord, RFC_FIELDS};
pub use urldiff_parser::Attribute;
pub use whatwg::{WhatwgRecord, WHATWG_FIELDS};

use serde::{Deserialize, Serialize};

/// Which record model an oracle speaks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum RecordModel {
    Whatwg,
    Rfc,
}

impl RecordModel {
    /// Every field of this model's records, in record order.
    pub fn fields(self) -> &'static [&'static str] {
        match self {
            RecordModel::Whatwg => WHATWG_FIELDS,
            RecordModel::Rfc => RFC_FIELDS,
        }
    }

    /// The fields as owned names, for `OracleInfo::fields`.
    pub fn field_names(self) -> Vec<String> {
        self.fields().iter().map(|f| (*f).to_owned()).collect()
    }
}

/// How an oracle comes by its answers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, strum::IntoStaticStr)]
#[serde(rename_all = "kebab-case")]
#[strum(serialize_all = "kebab-case")]
pub enum OracleKind {
    ExpectationTable,
    SpecAlgorithm,
    InProcess,
    Subprocess,
    External,
}

impl OracleKind {
    /// The name in JSON and listings (`expectation-table`, …).
    pub fn name(self) -> &'static str {
        self.into()
    }
}

/// What an oracle says about itself.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct OracleInfo {
    /// Contract name, e.g. `reference`, `rust-url`, `python-urllib`.
    pub name: String,
    pub kind: OracleKind,
    /// Exact version: crate version, interpreter patch level, WPT data revision, …
    pub version: String,
    pub model: RecordModel,
    /// The record fields this oracle fills (names as in the record structs), plus
    /// [`VALIDATION_ERRORS`] when its answers' `errors` are the URL Standard's validation
    /// errors (see [`OracleInfo::reports_validation_errors`]).
    pub fields: Vec<String>,
    pub case_kinds: Vec<CaseKindTag>,
    /// The Unicode version of the parser's IDNA (or character) data, where it can be known:
    /// probed (`urldiff_corpus::unicode::PROBES`) and/or as the data declares it. `None`:
    /// unknown.
    #[serde(default)]
    pub unicode: Option<String>,
    /// The standard it claims ([`crate::standard`]); no standard when not said.
    #[serde(default)]
    pub claim: crate::standard::Claim,
}

/// The capability an oracle declares in `OracleInfo::fields` (and a worker in its handshake's
/// `fields`) when the `errors` of its answers are the URL Standard's validation errors: spec
/// names, every occurrence, in the order the parser meets them. Only such oracles are compared
/// on them (the shared field of the same name). An adapter that maps its parser's own
/// diagnostics onto spec names by a catch-all (rust-url's syntax violations), reports none
/// (ada, Node's URL) or reports something else (the RFC modes' ABNF violation) does not
/// declare it, and an expectation table without errors (WPT) has no opinion on them.
pub const VALIDATION_ERRORS: &str = "validation-errors";

impl OracleInfo {
    /// Whether this oracle's `errors` are spec validation errors: [`VALIDATION_ERRORS`] is
    /// named in `fields`. Never implied, not even by an empty `fields` (which means "every
    /// record field" to the projection).
    pub fn reports_validation_errors(&self) -> bool {
        declares_validation_errors(&self.fields)
    }
}

/// Whether a declared field list names [`VALIDATION_ERRORS`].
pub fn declares_validation_errors(fields: &[String]) -> bool {
    fields.iter().any(|f| f == VALIDATION_ERRORS)
}

/// Whether an oracle can run on this machine.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Availability {
    Available,
    /// Missing runtime or data; the reason says what and how to fix it.
    Unavailable {
        reason: String,
    },
}

/// Something that answers cases.
pub trait Oracle: Send + Sync {
    fn info(&self) -> &OracleInfo;

    /// The contract name, without any setup work: an oracle that starts a worker to learn its
    /// version (in `info`) answers this from its declaration, so that selecting oracles by
    /// name starts nothing.
    fn name(&self) -> &str {
        &self.info().name
    }

    /// The kind, without any setup work, as [`Oracle::name`]: so that choosing oracles by kind
    /// (in-process only, no expectation tables) starts no worker.
    fn kind(&self) -> OracleKind {
        self.info().kind
    }

    /// Checked once before a run; an unavailable oracle is skipped with its reason.
    fn availability(&self) -> Availability {
        Availability::Available
    }

    /// A digest of everything that decides this oracle's answers (its worker files, runtime,
    /// library), known without starting it, under which its answers may be remembered across
    /// runs ([`crate::answer_cache`]); `None`: never cached (in-process oracles answer faster
    /// than a cache reads, and an external oracle's library cannot be seen).
    fn cache_identity(&self) -> Option<String> {
        None
    }

    /// Answer a batch; the result has exactly one answer per case, in order. A case the oracle
    /// cannot handle gets `NoOpinion`; a crash on one case must not lose the others (it is
    /// that case's `Crashed` answer). `Err` is for an oracle that cannot go on at all (a worker
    /// that cannot be restarted, an unavailable oracle): a harness error, not an answer.
    fn answer_batch(&self, cases: &[Case]) -> Result<Vec<Answer>, OracleError>;
}

/// An oracle's answers to `cases` when it answers only the kinds in `kinds`: the cases of those
/// kinds go to `answer` (each with its index in `cases`, in order), which gives one answer
/// each; every other case gets [`Answer::NoOpinion`]. Every batching oracle answers through
/// this one filter.
///
/// ```
/// use urldiff_oracles::model::{answer_supported_kinds, Answer, Case, CaseKind, CaseKindTag};
///
/// let host = Case { kind: CaseKind::HostToAscii, ..Case::parse("example.com", None) };
/// let cases = [Case::parse("a:b", None), host, Case::parse("c:d", None)];
/// // An oracle answering parse cases only: it sees cases 0 and 2, with their indexes.
/// let answers = answer_supported_kinds(&[CaseKindTag::Parse], &cases, |asked| {
///     assert_eq!(asked.iter().map(|(i, _)| *i).collect::<Vec<_>>(), [0, 2]);
///     let failed = |(_, c): (u64, &Case)| Answer::Failure { reason: c.input.clone(), errors: vec![] };
///     Ok::<_, ()>(asked.into_iter().map(failed).collect())
/// });
/// let outcomes: Vec<_> = answers.unwrap().iter().map(|a| a.outcome()).collect();
/// assert_eq!(outcomes, ["failure", "no-opinion", "failure"]);
/// ```
pub fn answer_supported_kinds<'a, E>(
    kinds: &[CaseKindTag],
    cases: &'a [Case],
    answer: impl FnOnce(Vec<(u64, &'a Case)>) -> Result<Vec<Answer>, E>,
) -> Result<Vec<Answer>, E> {
    let supported = |c: &Case| kinds.contains(&c.kind.tag());
    let asked: Vec<(u64, &Case)> = (0..).zip(cases).filter(|(_, c)| supported(c)).collect();
    let mut answered = answer(asked)?.into_iter();
    Ok(cases
        .iter()
        .map(|c| match supported(c) {
            true => answered.next().expect("one answer per supported case"),
            false => Answer::NoOpinion,
        })
        .collect())
}
