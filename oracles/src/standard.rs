//! Which standard an oracle claims to implement, and so which answer it owes.
//!
//! Triage holds every implementation to the standard it claims ([`Standard`]): the reference
//! parser answers in each standard's mode, and a difference from that answer is a
//! *conformance* finding against the implementation; a difference between implementations of
//! *different* standards is a confusion or a model difference, never a bug of either.
//!
//! A claim is a fact about a library's documentation, so each oracle with a folder states its
//! own in its profile (`oracles/parsers/<oracle>/oracle.json`, read by [`builtin_claim`] and
//! shown by `urldiff oracles --explain-standards`); an external oracle states its own in its
//! configuration.

use serde::{Deserialize, Serialize};

/// A URL standard an implementation can claim.
#[derive(
    Clone,
    Copy,
    Debug,
    Default,
    PartialEq,
    Eq,
    Hash,
    PartialOrd,
    Ord,
    Serialize,
    Deserialize,
    strum::IntoStaticStr,
)]
#[serde(rename_all = "kebab-case")]
#[strum(serialize_all = "kebab-case")]
pub enum Standard {
    /// The WHATWG URL Standard (<https://url.spec.whatwg.org/>).
    Whatwg,
    /// RFC 3986, Uniform Resource Identifier (URI): Generic Syntax.
    Rfc3986,
    /// RFC 2396, its predecessor (java.net.URI's, amended by RFC 2732 for IPv6).
    Rfc2396,
    /// No standard: compared with others, held to none.
    #[default]
    None,
}

impl Standard {
    pub const ALL: [Standard; 4] =
        [Standard::Whatwg, Standard::Rfc3986, Standard::Rfc2396, Standard::None];

    /// The name in JSON, ledgers and reports.
    pub fn name(self) -> &'static str {
        self.into()
    }

    /// The name a person reads.
    pub fn title(self) -> &'static str {
        match self {
            Standard::Whatwg => "WHATWG URL Standard",
            Standard::Rfc3986 => "RFC 3986",
            Standard::Rfc2396 => "RFC 2396",
            Standard::None => "none",
        }
    }
}

/// What an oracle claims: a standard, and whether it rejects what that standard rejects.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Claim {
    pub standard: Standard,
    /// It splits inputs its standard rejects, by design and documented (a splitter that does
    /// not validate): it is held to its standard only where the standard accepts the input.
    #[serde(default)]
    pub lenient: bool,
}

impl Claim {
    pub const fn strict(standard: Standard) -> Claim {
        Claim { standard, lenient: false }
    }

    pub const fn lenient(standard: Standard) -> Claim {
        Claim { standard, lenient: true }
    }

    /// `whatwg`, `rfc3986 (lenient)`, …
    pub fn label(self) -> String {
        if self.lenient {
            format!("{} (lenient)", self.standard.name())
        } else {
            self.standard.name().to_owned()
        }
    }
}

/// The standard an implementation that claims none is read against: the one whose record
/// model it speaks (url-parse offers the URL interface, so the URL Standard).
pub fn compared_with(claim: Claim, model: crate::RecordModel) -> Standard {
    match (claim.standard, model) {
        (Standard::None, crate::RecordModel::Whatwg) => Standard::Whatwg,
        (Standard::None, crate::RecordModel::Rfc) => Standard::Rfc3986,
        (standard, _) => standard,
    }
}

/// The claim of an oracle with a folder: its profile's (`oracles/parsers/<oracle>/oracle.json`);
/// `none` for a name without one.
pub fn builtin_claim(oracle: &str) -> Claim {
    crate::profile::of(oracle).map(|p| p.claim()).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::OracleKind;

    /// The names ledgers, claims and listings use (docs/oracle-protocol.md), and the same as
    /// the JSON.
    #[test]
    fn names_are_the_documented_ones_and_the_json_ones() {
        let standards: Vec<&str> = Standard::ALL.iter().map(|s| s.name()).collect();
        assert_eq!(standards, ["whatwg", "rfc3986", "rfc2396", "none"]);
        for standard in Standard::ALL {
            assert_eq!(serde_json::to_value(standard).unwrap(), standard.name());
        }
        let kinds = [
            (OracleKind::ExpectationTable, "expectation-table"),
            (OracleKind::SpecAlgorithm, "spec-algorithm"),
            (OracleKind::InProcess, "in-process"),
            (OracleKind::Subprocess, "subprocess"),
            (OracleKind::External, "external"),
        ];
        for (kind, name) in kinds {
            assert_eq!((kind.name(), serde_json::to_value(kind).unwrap()), (name, name.into()));
        }
    }
}
