//! Root causes: what a divergent input says about *whom*, by *which* standard, and which of
//! many inputs show the same thing.
//!
//! A divergence among N oracles is cut into *parts* ([`parts`]), each of one of three kinds
//! ([`FindingKind`]):
//! - **conformance**: an implementation answers otherwise than the reference in the mode of the
//!   standard it claims ([`crate::standards`]); a bug candidate against that library;
//! - **confusion**: implementations of different standards both accept the input and read a
//!   different scheme, userinfo, host or port (the SSRF and open-redirect kind);
//! - **model difference**: anything else two standards read differently by design.
//!
//! Each part has a key ([`RootCause`]) that names its cause, not the partition of oracles that
//! happened to agree: for conformance, the library and the step of its standard where it
//! departs (a URL Standard state read from the reference's own run, [`departure`], or where
//! the input's *deciding code point* is read, [`deciding`]: a URL Standard state or an RFC
//! 3986 section), whatever the symptom field or the code point; for confusions and model
//! differences, the pair of standards, the fields and the class. Inputs with one key are one
//! group; findings files merge by it.
//!
//! A conformance part a library's documentation states ([`documented`], its profile's rules)
//! is a model difference instead.

pub mod deciding;
pub mod departure;
pub mod documented;
pub mod goal;
pub mod keys;
pub mod parts;
pub mod rfc_run;
pub mod severity;
pub mod unicode_skew;

use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use urldiff_oracles::Standard;

/// The three kinds of finding.
#[derive(
    Clone,
    Copy,
    Debug,
    PartialEq,
    Eq,
    Hash,
    PartialOrd,
    Ord,
    Serialize,
    Deserialize,
    Default,
    strum::IntoStaticStr,
)]
#[serde(rename_all = "kebab-case")]
#[strum(serialize_all = "kebab-case")]
pub enum FindingKind {
    /// An implementation against the standard it claims.
    #[default]
    Conformance,
    /// Two standards' implementations accept and read a different scheme, userinfo, host,
    /// port or origin.
    Confusion,
    /// Two standards read the input differently by design.
    ModelDifference,
}

impl FindingKind {
    pub const ALL: [FindingKind; 3] =
        [FindingKind::Conformance, FindingKind::Confusion, FindingKind::ModelDifference];

    /// The name in `findings.json` and reports (`model-difference`, …).
    pub fn name(self) -> &'static str {
        self.into()
    }
}

/// Where a standard decides: a state of the URL Standard's basic URL parser, or a section of
/// an RFC.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct StandardStep {
    pub standard: Standard,
    /// `port-state` (the URL Standard's anchor) or `3.2.3` (an RFC section).
    pub id: String,
    /// `port state`, `§3.2.3 port`.
    pub title: String,
    pub link: String,
}

/// The key of a group: what makes two divergent inputs one finding.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct RootCause {
    pub kind: FindingKind,
    /// The standards involved: the one a conformance finding's library claims, or the pair
    /// (sorted) of a confusion or model difference.
    pub standards: Vec<Standard>,
    /// Conformance: the deviating implementation.
    #[serde(default)]
    pub library: Option<String>,
    /// The field (`outcome`, `host`, `path`, …; `crashed` or `timed-out` for a lost answer):
    /// for conformance the fields its members showed (not part of the key), the differing
    /// ones for the others.
    pub fields: Vec<String>,
    /// Conformance: the standard's step where the deciding code point is read.
    #[serde(default)]
    pub step: Option<StandardStep>,
    /// Conformance: the kind of the deciding code point (a kind of the minimizer's table,
    /// `U+005C` for a code point of no kind, `end-of-input` when none decides), of the group's
    /// first member; not part of the key.
    #[serde(default)]
    pub code_point: Option<String>,
    /// Confusion and model difference: the class.
    #[serde(default)]
    pub class: Option<String>,
    /// A documented model difference: the rule of its library's documentation
    /// (`<oracle>/<rule>`, [`crate::rootcause::documented`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub documented: Option<String>,
}

impl RootCause {
    /// The key as one line: `conformance whatwg rust-url whatwg#port-state`. A conformance
    /// key is the library and its step: its field and code point are what one member showed,
    /// not part of the cause (one departure shows as `host` in one input, `outcome` in another).
    pub fn line(&self) -> String {
        let standards: Vec<&str> = self.standards.iter().map(|s| s.name()).collect();
        let mut parts = vec![self.kind.name().to_owned(), standards.join("/")];
        parts.extend(self.library.clone());
        if self.kind != FindingKind::Conformance {
            parts.push(self.fields.join(","));
        }
        if let Some(step) = &self.step {
            parts.push(format!("{}#{}", step.standard.name(), step.id));
        }
        parts.extend(self.class.clone());
        parts.extend(self.documented.clone());
        parts.join(" ")
    }

    /// The code point (or its kind) a report may say the standard's step reads: the URL
    /// Standard's reference reads it in the step named (its own run says so); an RFC step is
    /// only the component that holds the code point deletion picked, which is not where an
    /// RFC library decides, so none is said.
    pub fn code_point_read(&self) -> Option<&str> {
        let step = self.step.as_ref()?;
        (step.standard == Standard::Whatwg).then_some(self.code_point.as_deref()).flatten()
    }

    /// A stable id: 16 hex digits of the key's hash (the group's id; merges and campaign
    /// histories compare it).
    pub fn id(&self) -> String {
        let digest = Sha256::digest(format!("urldiff-root-cause-1\n{}", self.line()));
        urldiff_corpus::hex(&digest[..8])
    }
}

#[cfg(test)]
mod tests {
    use super::FindingKind;

    /// docs/findings-schema.md's kinds, as `findings.json` writes them.
    #[test]
    fn kind_names_are_the_schema_ones() {
        let names: Vec<&str> = FindingKind::ALL.iter().map(|k| k.name()).collect();
        assert_eq!(names, ["conformance", "confusion", "model-difference"]);
        for kind in FindingKind::ALL {
            assert_eq!(serde_json::to_value(kind).unwrap(), kind.name());
        }
    }
}
