//! One module per fuzz target, each with one check over the raw fuzz input.
//!
//! A check returns `Err(Violation)` when an invariant of the reference parser breaks (the
//! fuzz target panics: libFuzzer keeps the input as a crash) and `Ok(findings)` otherwise,
//! where findings are divergences between parsers: recorded, deduplicated by signature, and
//! the run goes on ([`crate::findings`]). The same functions run under libFuzzer (the
//! binaries in `fuzz_targets/`) and under `cargo test` (the seed replay, [`crate::replay`]).
//!
pub mod differential;
pub mod rfc_split;
pub mod roundtrip;
pub mod setters;
pub mod structured;
pub mod validity;

use crate::findings::Finding;
use std::fmt;

/// What a check returns: findings to record, or the invariant that broke.
pub type CheckResult = Result<Vec<Finding>, Violation>;

/// One fuzz target: its name (the binary's), what it checks, its check, and the libFuzzer
/// options it runs with everywhere (`make fuzz`, the seeds tool's options files, build.sh).
#[derive(Debug)]
pub struct Target {
    pub name: &'static str,
    pub about: &'static str,
    pub check: fn(&[u8]) -> CheckResult,
    /// libFuzzer's `-max_len`.
    pub max_len: usize,
    /// Whether the URL dictionary helps (not for targets that read bytes as choices).
    pub uses_dictionary: bool,
}

pub const ROUNDTRIP: Target = Target {
    name: "roundtrip",
    about: "the reference parser never panics; parse, serialize, parse gives the same record; \
            every setter keeps a URL that reparses to itself",
    check: roundtrip::check,
    max_len: 1024,
    uses_dictionary: true,
};

pub const SETTERS: Target = Target {
    name: "setters",
    about: "random sequences of setter calls, reference vs ada, every getter compared after \
            each step",
    check: setters::check,
    max_len: 1024,
    uses_dictionary: true,
};

pub const RFC_SPLIT: Target = Target {
    name: "rfc_split",
    about: "the RFC 3986 split agrees with the Appendix B regex; resolving a valid reference \
            against a valid base gives a valid URI; normalization is idempotent",
    check: rfc_split::check,
    max_len: 1024,
    uses_dictionary: true,
};

pub const DIFFERENTIAL: Target = Target {
    name: "differential",
    about: "the reference vs rust-url vs ada in process, compared by the comparison core; a \
            divergence the ledger does not expect is recorded by signature",
    check: differential::check,
    max_len: 1024,
    uses_dictionary: true,
};

pub const VALIDITY: Target = Target {
    name: "validity",
    about: "\"no validation error\" vs the valid-URL-string grammar; a disagreement is recorded \
            by signature",
    check: validity::check,
    max_len: 1024,
    uses_dictionary: true,
};

pub const STRUCTURED: Target = Target {
    name: "structured",
    about: "an Arbitrary URL description rendered to a string, through the roundtrip and the \
            differential checks",
    check: structured::check,
    max_len: 4096,
    uses_dictionary: false,
};

/// Every target, in the order reports list them.
pub const TARGETS: &[&Target] =
    &[&ROUNDTRIP, &DIFFERENTIAL, &STRUCTURED, &SETTERS, &RFC_SPLIT, &VALIDITY];

/// The target named `name`.
pub fn target(name: &str) -> Option<&'static Target> {
    TARGETS.iter().copied().find(|t| t.name == name)
}

/// A broken invariant, with the evidence to reproduce it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Violation {
    pub target: &'static str,
    /// A short stable name, e.g. `reparse-same-record`.
    pub invariant: &'static str,
    pub detail: String,
}

impl Violation {
    pub fn new(target: &'static str, invariant: &'static str, detail: String) -> Self {
        Violation { target, invariant, detail }
    }
}

impl fmt::Display for Violation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: invariant {} broken: {}", self.target, self.invariant, self.detail)
    }
}

impl std::error::Error for Violation {}
