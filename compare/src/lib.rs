//! urldiff-compare: the comparison core, shared by `urldiff conform`, `urldiff compare`, and
//! later triage, fuzzing and the web viewer. No I/O, no printing: data in, data out.
//!
//! - [`project`]: the projection table, mapping WHATWG and RFC records onto shared fields;
//! - [`rules`]: the named adapter rules (what adapters do to answers; some the projection
//!   applies);
//! - [`grade`]: the equivalences a mismatch is graded by (exact, ASCII case,
//!   percent-encoding, IDNA, dot segments, default port, else structural);
//! - [`severity`]: what a difference lets an attacker do, a table with its reasons;
//! - [`ledger`]: the ledger's reader (`urldiff_corpus::ledger`) over the shared fields;
//! - [`verdict`]: one answer against a suite's truth (conform);
//! - [`divergence`]: every oracle's answer to one case, as groups of agreeing oracles per
//!   shared field (compare, triage);
//! - [`signature`]: the shape of a divergence without the input, printable and hashable;
//! - [`agreement_groups`]: which oracle disagrees with which, field by field (what the ledger
//!   reads), without building a whole comparison.
//!
//! The tables are data; `urldiff_reports::explain_projection` renders them as text.
//!
//! ```
//! use urldiff_compare::{compare, SharedField, Source, Sources, Verdict};
//! use urldiff_oracles::{reference::ReferenceOracle, Answer, Case, Oracle};
//! let reference = ReferenceOracle::new();
//! let case = Case::parse("http://example.com/", None);
//! let truth = &reference.answer_batch(std::slice::from_ref(&case)).unwrap()[0];
//! let sources = Sources { truth: Source::of(reference.info()), got: Source::of(reference.info()) };
//! assert_eq!(compare(&case, truth, truth, sources), Verdict::Pass);
//! // An oracle that fails where the truth parsed differs in the outcome.
//! let failed = Answer::Failure { reason: "refused".into(), errors: Vec::new() };
//! let Verdict::Fail(fields) = compare(&case, truth, &failed, sources) else { panic!() };
//! assert_eq!(fields[0].field, SharedField::Outcome);
//! ```

pub mod agreement_groups;
pub mod divergence;
pub mod grade;
pub mod ledger;
pub mod project;
pub mod rules;
pub mod severity;
pub mod signature;
pub mod verdict;

pub use agreement_groups::{AgreementGroups, DisagreeingFields};
pub use divergence::{compare_all, Answered, Comparison, FieldSplit, Group};
pub use grade::{Equivalence, Grade};
pub use project::{project, Projected, SharedField, Source};
pub use severity::Severity;
pub use signature::Signature;
pub use verdict::{compare, FieldDiff, Sources, Verdict};
