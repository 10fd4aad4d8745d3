//! The RFC-vs-WHATWG comparison: where the WHATWG side (the reference parser, WPT's
//! expectations) and the RFC 3986 side (the strict RFC 3986 reading of
//! [`crate::standards`], Appendix B's regular expression, the RFC example tables) read a
//! component of the same input differently, which
//! class of the table ([`crate::classify::CLASSES`]) explains it, a minimized example of each
//! class with both sides' records, and which real parsers fall on which side.
//!
//! [`compare_sides`] is deterministic: in-process oracles and tables only, inputs in the order
//! given, minimization bounded by calls (never by seconds). [`tally_parsers`] adds the real
//! parsers' columns to it, the part of the report that depends on the machine.
//!
//! For each input the sides' primaries ([`WHATWG_PRIMARY`], [`RFC_PRIMARY`]) are compared
//! component by component ([`sides::side_differences`]); an input on which they differ is
//! *split* and classified from those differences, as a pair ([`Facts::of`]). The RFC side's
//! primary is a validating parser: an input that is not a URI-reference (or whose base is not
//! an absolute URI) is *rejected* by it, an outcome of its own, counted per source and kept out
//! of the classes (which explain two readings of one URI); the Appendix B regular expression
//! stays on the RFC side as the oracle of the lenient split. Each class with split inputs gets
//! a section and an example of its own: a natural input (our cases, WPT, the RFC tables) before
//! a generated one, never one another class already shows, minimized among [`MINIMIZE_WITH`]
//! only when no natural input stays in the class.
//!
//! [`Facts::of`]: crate::classify::Facts::of

mod compute;
pub mod inputs;
mod parsers;
pub mod sides;

pub use compute::compare_sides;
pub use parsers::tally_parsers;

use crate::ask::Request;
use crate::findings::{ClassRow, OracleAnswer, OracleVersion, Original, SkippedOracle, Tool};
use crate::minimize::Budget;
use serde::{Deserialize, Serialize};
use urldiff_compare::{Projected, Severity};

/// The WHATWG side, in the order shown.
pub const WHATWG_SIDE: &[&str] = &["reference", "wpt"];
/// The RFC side, in the order shown.
pub const RFC_SIDE: &[&str] = &["reference-rfc3986-strict", "rfc3986-regex", "rfc-examples"];
/// The oracle whose reading stands for the WHATWG side (it answers every input).
pub const WHATWG_PRIMARY: &str = "reference";
/// The oracle whose reading stands for the RFC side: it answers every input, and rejects what
/// RFC 3986's grammar does not allow ([`crate::standards::strict_rfc`]).
pub const RFC_PRIMARY: &str = "reference-rfc3986-strict";
/// The real parsers placed on a side, in the order shown.
pub const REAL_PARSERS: &[&str] =
    &["rust-url", "ada", "python-urllib", "node-url", "whatwg-url", "url-parse", "java-uri"];
/// What examples are minimized among: the sides' in-process oracles (the tables know their own
/// inputs only).
pub const MINIMIZE_WITH: &[&str] = &["reference", "reference-rfc3986-strict", "rfc3986-regex"];
/// The minimization budget of an example: calls only, so the result never depends on speed.
pub const EXAMPLE_BUDGET: Budget = Budget { max_calls: 4000, max_seconds: f64::MAX };
/// How many candidates of a class are minimized, at most, to find its example.
pub const EXAMPLE_TRIES: usize = 6;
/// How many unclassified inputs the report lists.
pub const UNCLASSIFIED_SHOWN: usize = 10;

/// One input of the corpus and where it came from (`wpt/urltestdata`, `rfc/…`, `cases/…`,
/// `generated`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CorpusInput {
    pub request: Request,
    pub source: String,
}

/// On which side a parser reads an input.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Side {
    Whatwg,
    Rfc,
    Neither,
    NoOpinion,
}

impl Side {
    pub fn name(self) -> &'static str {
        match self {
            Side::Whatwg => "WHATWG",
            Side::Rfc => "RFC 3986",
            Side::Neither => "neither",
            Side::NoOpinion => "no opinion",
        }
    }
}

/// One component the sides read differently.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SideDifference {
    /// `outcome` or a component (`host`, …).
    pub field: String,
    pub grade: String,
    pub severity: Severity,
    pub whatwg: Projected,
    pub rfc: Projected,
}

/// How many inputs a source gave, how many of them split the sides, and how many of those the
/// RFC side rejects (not a URI-reference, or a base that is not an absolute URI).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SourceCount {
    pub source: String,
    pub inputs: usize,
    pub split: usize,
    pub rfc_rejects: usize,
}

/// The source name of generated inputs: counted apart, since their numbers say how the
/// generator works, not how common a cause is.
pub const GENERATED_SOURCE: &str = "generated";

/// An input the RFC side rejects and the WHATWG side parses, with the RFC side's reason.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Rejected {
    pub original: Original,
    pub reason: String,
}

/// A class's example: minimized, with both sides' answers.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SideExample {
    pub input: String,
    pub base: Option<String>,
    pub original: Original,
    /// Minimized (false: the shortest input of the class, as read, because no minimized
    /// candidate stayed in the class).
    pub minimized: bool,
    pub one_minimal: bool,
    /// The reference's validation errors for the example (spec names, sorted, each once).
    pub validation_errors: Vec<String>,
    pub classes: Vec<String>,
    /// The WHATWG primary's answer and the RFC primary's.
    pub whatwg: OracleAnswer,
    pub rfc: OracleAnswer,
    pub differences: Vec<SideDifference>,
}

/// The real parsers on one class (or on every split input): how each reads the example and
/// how many of the inputs it reads as each side.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ParserTally {
    pub oracle: String,
    /// `None` for the overall tally.
    pub example: Option<Side>,
    pub whatwg: usize,
    pub rfc: usize,
    pub neither: usize,
    pub no_opinion: usize,
}

/// One class in which the sides split.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Section {
    /// The class's row of the table (`groups` 0, `cases` the split inputs in it).
    pub class: ClassRow,
    pub by_source: Vec<SourceCount>,
    pub example: SideExample,
    /// The real parsers (empty in the deterministic part).
    pub parsers: Vec<ParserTally>,
}

/// A validation error, its example, what the sides read differently on it and which classes
/// with a section cover it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ErrorRow {
    pub error: String,
    /// The standard's table marks it as one that can make parsing fail.
    pub can_be_fatal: bool,
    pub input: String,
    pub base: Option<String>,
    pub hand_picked: Option<String>,
    /// The fields the sides read differently on the example (empty: it changes no component).
    pub fields: Vec<String>,
    /// The example's classes.
    pub classes: Vec<String>,
    /// Those of its classes that list the error and have a section.
    pub covered_by: Vec<String>,
    /// The RFC side rejects the example (the WHATWG side parses it): an outcome of its own, in
    /// no class.
    #[serde(default)]
    pub rfc_rejects: bool,
}

/// The real parsers of the run, stamped with their versions.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RealParsers {
    pub tool: Tool,
    pub parsers: Vec<OracleVersion>,
    pub skipped: Vec<SkippedOracle>,
    /// Over every split input.
    pub overall: Vec<ParserTally>,
}

/// The whole comparison: what the RFC-vs-WHATWG report renders.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RfcVsWhatwg {
    pub whatwg_side: Vec<OracleVersion>,
    pub rfc_side: Vec<OracleVersion>,
    pub wpt_revision: Option<String>,
    pub sources: Vec<SourceCount>,
    pub inputs: usize,
    pub split: usize,
    /// Split inputs the RFC side rejects (kept out of the classes), and the first few of them,
    /// natural inputs first.
    pub rfc_rejects: usize,
    pub rfc_reject_examples: Vec<Rejected>,
    /// Split inputs in no class, and the first few of them.
    pub unclassified: usize,
    pub unclassified_examples: Vec<Original>,
    /// One per class with split inputs, in table order.
    pub sections: Vec<Section>,
    pub errors: Vec<ErrorRow>,
    /// The real parsers' part (`None`: deterministic part only).
    pub real: Option<RealParsers>,
}
