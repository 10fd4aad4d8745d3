//! Which standard an oracle claims to implement, and so which answer it owes.
//!
//! Triage holds every implementation to the standard it claims ([`Standard`]): the reference
//! parser answers in each standard's mode, and a difference from that answer is a
//! *conformance* finding against the implementation; a difference between implementations of
//! *different* standards is a confusion or a model difference, never a bug of either.
//!
//! A claim is a fact about a library's documentation, so the built-in oracles state theirs
//! here ([`builtin_claim`], with the reason shown by `urldiff oracles --explain-standards`);
//! an external oracle states its own in its configuration.

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

/// One row of the built-in claims table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ClaimRow {
    pub oracle: &'static str,
    pub claim: Claim,
    /// Why: what the implementation's documentation says.
    pub reason: &'static str,
}

/// The claims of the built-in oracles, with their reasons.
pub const BUILTIN_CLAIMS: &[ClaimRow] = &[
    ClaimRow {
        oracle: "reference",
        claim: Claim::strict(Standard::Whatwg),
        reason: "urldiff's reference parser in WHATWG mode",
    },
    ClaimRow {
        oracle: "reference-rfc3986",
        claim: Claim::lenient(Standard::Rfc3986),
        reason: "urldiff's RFC 3986 mode: the Appendix B split of any string, with the ABNF \
                 violation as an error",
    },
    ClaimRow {
        oracle: "wpt",
        claim: Claim::strict(Standard::Whatwg),
        reason: "web-platform-tests' URL expectations",
    },
    ClaimRow {
        oracle: "rfc-examples",
        claim: Claim::strict(Standard::Rfc3986),
        reason: "the resolution examples of RFC 3986 section 5.4 (and RFC 2396 Appendix C, \
                 whose differences its suites' ledgers name)",
    },
    ClaimRow {
        oracle: "rfc3986-regex",
        claim: Claim::lenient(Standard::Rfc3986),
        reason: "RFC 3986 Appendix B: a regular expression that splits any string",
    },
    ClaimRow {
        oracle: "rust-url",
        claim: Claim::strict(Standard::Whatwg),
        reason: "the url crate: \"URL library for Rust, based on the WHATWG URL Standard\"",
    },
    ClaimRow {
        oracle: "ada",
        claim: Claim::strict(Standard::Whatwg),
        reason: "ada: \"WHATWG-compliant and fast URL parser\"",
    },
    ClaimRow {
        oracle: "node-url",
        claim: Claim::strict(Standard::Whatwg),
        reason: "Node's URL class: \"implements the WHATWG URL Standard\"",
    },
    ClaimRow {
        oracle: "whatwg-url",
        claim: Claim::strict(Standard::Whatwg),
        reason: "whatwg-url: \"a full implementation of the WHATWG URL Standard\"",
    },
    ClaimRow {
        oracle: "url-parse",
        claim: Claim::strict(Standard::None),
        reason: "url-parse claims no standard: its README says it predates the WHATWG URL API \
                 and recommends that API \"for better security and accuracy\"",
    },
    ClaimRow {
        oracle: "python-urllib",
        claim: Claim::lenient(Standard::Rfc3986),
        reason: "urllib.parse: urlsplit/urljoin follow RFC 3986 but do not validate (its \
                 documentation: no validation of the input)",
    },
    ClaimRow {
        oracle: "java-uri",
        claim: Claim::strict(Standard::Rfc2396),
        reason: "java.net.URI: \"RFC 2396, as amended by RFC 2732\"; rejects what it does not \
                 accept (URISyntaxException)",
    },
];

/// The standard an implementation that claims none is read against: the one whose record
/// model it speaks (url-parse offers the URL interface, so the URL Standard).
pub fn compared_with(claim: Claim, model: crate::RecordModel) -> Standard {
    match (claim.standard, model) {
        (Standard::None, crate::RecordModel::Whatwg) => Standard::Whatwg,
        (Standard::None, crate::RecordModel::Rfc) => Standard::Rfc3986,
        (standard, _) => standard,
    }
}

/// The claim of a built-in oracle (`None` claims no standard for an unknown name).
pub fn builtin_claim(oracle: &str) -> Claim {
    BUILTIN_CLAIMS.iter().find(|row| row.oracle == oracle).map(|row| row.claim).unwrap_or_default()
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
