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
