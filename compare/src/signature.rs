//! Divergence signatures: the shape of a disagreement, without the input.
//!
//! A signature says which oracles parsed, failed, crashed or timed out, and for each shared
//! field on which they disagree, the groups of oracles that agree and the grade of the worst
//! disagreement. It holds oracle names, field names, outcome and grade names only, never a
//! value, so two inputs that split the oracles the same way have the same signature: it is
//! what the minimizer preserves and what findings are grouped by.
//!
//! Models: every oracle is compared through the projection ([`crate::divergence`]), so RFC-
//! and WHATWG-model oracles stand in the same groups of a shared field; fields only one model
//! has (`whatwg.origin`, `rfc.authority`) are not part of a signature. A field everyone agrees
//! on is left out; the outcomes are always there (who parsed is part of the shape).
//!
//! Stable: groups come sorted ([`crate::divergence`]), fields in [`SharedField`] order; the
//! one-line form ([`Signature::line`]) is the canonical text and the id is a hash of it.
//!
//! [`SharedField`]: crate::project::SharedField

use crate::divergence::Comparison;
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use std::fmt;

/// The oracles with one outcome.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct OutcomeGroup {
    pub outcome: String,
    pub oracles: Vec<String>,
}

/// How the oracles split on one field.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct FieldSignature {
    pub field: String,
    /// The grade of the worst disagreeing pair of groups.
    pub grade: String,
    /// Each group's oracles, sorted.
    pub groups: Vec<Vec<String>>,
}

/// The signature of one case's comparison.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Signature {
    pub outcomes: Vec<OutcomeGroup>,
    pub fields: Vec<FieldSignature>,
}

impl Signature {
    pub fn of(comparison: &Comparison) -> Signature {
        let outcomes = comparison
            .outcomes
            .iter()
            .map(|g| OutcomeGroup {
                outcome: g.value.text().to_owned(),
                oracles: g.oracles.clone(),
            })
            .collect();
        let fields = comparison
            .differing()
            .map(|f| FieldSignature {
                field: f.field.name().to_owned(),
                grade: f.grade.map_or("exact", |g| g.name()).to_owned(),
                groups: f.groups.iter().map(|g| g.oracles.clone()).collect(),
            })
            .collect();
        Signature { outcomes, fields }
    }

    /// Whether the oracles disagree at all.
    pub fn disagrees(&self) -> bool {
        self.outcomes.len() > 1 || !self.fields.is_empty()
    }

    /// The canonical one-line form, e.g.
    /// `parsed{ada,reference} failure{java-uri}; host/structural: {ada} {python-urllib}`.
    pub fn line(&self) -> String {
        fn braces(line: &mut String, names: &[String]) {
            line.push('{');
            for (i, name) in names.iter().enumerate() {
                line.push_str(if i == 0 { "" } else { "," });
                line.push_str(name);
            }
            line.push('}');
        }
        let mut line = String::with_capacity(128);
        for (i, g) in self.outcomes.iter().enumerate() {
            line.push_str(if i == 0 { "" } else { " " });
            line.push_str(&g.outcome);
            braces(&mut line, &g.oracles);
        }
        for f in &self.fields {
            line.push_str("; ");
            line.push_str(&f.field);
            line.push('/');
            line.push_str(&f.grade);
            line.push(':');
            for group in &f.groups {
                line.push(' ');
                braces(&mut line, group);
            }
        }
        line
    }

    /// A stable id: the first 16 hex digits of the SHA-256 of the one-line form.
    pub fn id(&self) -> String {
        Self::id_of_line(&self.line())
    }

    /// The id of the signature whose one-line form is `line` (for callers that have it).
    pub fn id_of_line(line: &str) -> String {
        let digest =
            Sha256::new().chain_update("urldiff-signature-1\n").chain_update(line).finalize();
        urldiff_corpus::hex(&digest[..8])
    }
}

impl fmt::Display for Signature {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.line())
    }
}
