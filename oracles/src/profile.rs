//! Claimed-behaviour profiles: what each oracle's library says it follows — a standard and its
//! edition, in the documentation's words with a link — and each deviation its own
//! documentation states, as a named rule ([`DocumentedRule`]).
//!
//! Triage holds a library to its profile: a divergence a documented rule covers is a model
//! difference, listed with the rule's link, never an upstream draft. Profiles are data, read
//! from each oracle's folder (`oracles/parsers/<oracle>/oracle.json`, see [`crate::parsers`]);
//! an external oracle states only a claim (`standard`, `lenient`) in its configuration.

use serde::{Deserialize, Serialize};

use crate::standard::{Claim, Standard};

/// What a library says it follows.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Profile {
    /// The standard it claims.
    pub standard: Standard,
    /// It splits what its standard rejects, by design and documented.
    #[serde(default)]
    pub lenient: bool,
    /// The exact text it follows (`RFC 2396, as amended by RFC 2732`).
    pub edition: String,
    /// The documentation's own words.
    pub says: String,
    /// Where it says so.
    pub link: String,
    /// The deviations from that standard its documentation states.
    #[serde(default)]
    pub documented: Vec<DocumentedRule>,
}

impl Profile {
    /// The claim triage holds the library to.
    pub fn claim(&self) -> Claim {
        Claim { standard: self.standard, lenient: self.lenient }
    }
}

/// One deviation a library documents.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DocumentedRule {
    /// Its name, cited as `<oracle>/<name>`.
    pub name: String,
    /// What the library does, in the documentation's words where it has them.
    pub what: String,
    /// The documentation that states it.
    pub link: String,
    /// The shared fields it explains (`outcome` for accept against reject); empty: any.
    #[serde(default)]
    pub fields: Vec<String>,
    /// A regular expression the input must match for the rule to apply; `None`: any input.
    #[serde(default)]
    pub input: Option<String>,
    /// A regular expression the base must match (a case without a base never matches);
    /// `None`: any base, or none.
    #[serde(default)]
    pub base: Option<String>,
    /// Which outcomes it explains.
    #[serde(default)]
    pub when: RuleWhen,
}

/// Which divergences of a library from its standard's reference a [`DocumentedRule`]
/// explains, by outcome.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, strum::IntoStaticStr,
)]
#[serde(rename_all = "kebab-case")]
#[strum(serialize_all = "kebab-case")]
pub enum RuleWhen {
    /// Any outcome.
    #[default]
    Any,
    /// The library parses what its standard rejects.
    StandardRejects,
    /// The library rejects what its standard parses.
    StandardAccepts,
    /// The input has a scheme, the same (ignoring ASCII case) as the base's.
    SameSchemeAsBase,
}

/// The profile of `oracle`, from its folder (`None`: no folder, such as an external oracle).
pub fn of(oracle: &str) -> Option<&'static Profile> {
    crate::parsers::descriptor(oracle).map(|d| &d.profile)
}

#[cfg(test)]
mod tests {
    /// Every documented rule's pattern compiles and every link is absolute, so a rule never
    /// fails at triage time.
    #[test]
    fn every_documented_rule_is_usable() {
        for descriptor in crate::parsers::descriptors() {
            for rule in &descriptor.profile.documented {
                let at = format!("{}/{}", descriptor.name, rule.name);
                assert!(rule.link.starts_with("https://"), "{at}: link {:?}", rule.link);
                for pattern in rule.input.iter().chain(&rule.base) {
                    regex::Regex::new(pattern).unwrap_or_else(|e| panic!("{at}: {e}"));
                }
            }
        }
    }

    /// The claims some libraries' documentation states, read through the profiles: java.net.URI
    /// "RFC 2396, as amended by RFC 2732" and rejects (URISyntaxException); urllib.parse does
    /// "not perform validation"; url-parse claims no standard; the url crate is "based on the
    /// WHATWG URL Standard".
    #[test]
    fn claims_are_read_from_the_profiles() {
        use crate::standard::{builtin_claim, Claim, Standard};
        assert_eq!(builtin_claim("java-uri"), Claim::strict(Standard::Rfc2396));
        assert_eq!(builtin_claim("python-urllib"), Claim::lenient(Standard::Rfc3986));
        assert_eq!(builtin_claim("url-parse"), Claim::strict(Standard::None));
        assert_eq!(builtin_claim("rust-url"), Claim::strict(Standard::Whatwg));
        assert_eq!(builtin_claim("no-such-oracle"), Claim::default());
    }
}
