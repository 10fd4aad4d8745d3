//! Claimed-behaviour profiles: what each oracle's library says it follows — a standard and its
//! edition, in the documentation's words with a link — and each deviation its own
//! documentation states, as a named rule ([`DocumentedRule`]).
//!
//! Triage holds a library to its profile: a divergence a documented rule covers is a model
//! difference, listed with the rule's link, never an upstream draft. Profiles are data, read
//! from each oracle's folder (`oracles/parsers/<oracle>/oracle.json`, see [`crate::parsers`] and
//! [`crate::parsers::profile_of`]);
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
    /// The newest release of what the oracle's version names first (the library, or the
    /// runtime whose standard library it is), as its project published it: a draft against an
    /// older release here says to check a current one before filing.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub newest_release: Option<NewestRelease>,
}

/// A project's newest release, a fact with its source.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NewestRelease {
    /// The release, dotted numbers (`1.26.6`), as the oracle's version string writes it.
    pub version: String,
    /// Its publication date (`2026-08-13`).
    pub date: String,
    /// The project's page that lists it.
    pub link: String,
}

impl Profile {
    /// The newest release when it is a later release than `version`'s (the first dotted
    /// number of an oracle's version string: `Go go1.19.8 net/url` is 1.19.8): the oracle runs
    /// an older release than its project's newest. `None` when the version names no release.
    pub fn newer_release_than(&self, version: &str) -> Option<&NewestRelease> {
        let newest = self.newest_release.as_ref()?;
        let ran = first_release(version)?;
        later(&newest.version, ran).then_some(newest)
    }
}

/// The first dotted number of a version string: `Ruby 3.1.2p20 uri 0.11.0` → `3.1.2`.
pub fn first_release(version: &str) -> Option<&str> {
    version
        .split(|c: char| !(c.is_ascii_digit() || c == '.'))
        .find(|t| t.contains('.') && t.starts_with(|c: char| c.is_ascii_digit()))
        .map(|t| t.trim_end_matches('.'))
}

/// `a` is a later release than `b` (dotted numbers compared part by part).
fn later(a: &str, b: &str) -> bool {
    let parts = |s: &str| -> Vec<u64> { s.split('.').map(|p| p.parse().unwrap_or(0)).collect() };
    parts(a) > parts(b)
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
    /// A regular expression the base must not match (a case without a base never matches);
    /// `None`: no such condition. What a library lists it supports is written once, here.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub base_not: Option<String>,
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
                for pattern in rule.input.iter().chain(&rule.base).chain(&rule.base_not) {
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
        use crate::parsers::builtin_claim;
        use crate::standard::{Claim, Standard};
        assert_eq!(builtin_claim("java-uri"), Claim::strict(Standard::Rfc2396));
        assert_eq!(builtin_claim("python-urllib"), Claim::lenient(Standard::Rfc3986));
        assert_eq!(builtin_claim("url-parse"), Claim::strict(Standard::None));
        assert_eq!(builtin_claim("rust-url"), Claim::strict(Standard::Whatwg));
        assert_eq!(builtin_claim("no-such-oracle"), Claim::default());
    }

    /// Each profile's newest release is a dated fact with its source, and the release an
    /// oracle's version names is read from its first dotted number (the version strings of
    /// Debian 12's runtimes, as their adapters write them).
    #[test]
    fn newest_releases_are_dated_and_compared_with_the_version_run() {
        use super::first_release;
        for d in crate::parsers::descriptors() {
            if let Some(n) = &d.profile.newest_release {
                let at = &d.name;
                assert!(n.link.starts_with("https://"), "{at}: link {:?}", n.link);
                assert!(first_release(&n.version) == Some(n.version.as_str()), "{at}: {n:?}");
                let date = n.date.as_bytes();
                assert!(date.len() == 10 && date[4] == b'-' && date[7] == b'-', "{at}: {n:?}");
            }
        }
        assert_eq!(first_release("Ruby 3.1.2p20 uri 0.11.0 RFC3986_Parser"), Some("3.1.2"));
        assert_eq!(first_release("Go go1.19.8 net/url"), Some("1.19.8"));
        assert_eq!(first_release("PHP 8.2.36 parse_url"), Some("8.2.36"));
        assert_eq!(first_release("java.net.URL on OpenJDK"), None);
        let profile = |name| crate::parsers::profile_of(name).unwrap();
        // Debian 12 ships Go 1.19, Ruby 3.1 and PHP 8.2; each project has released later ones.
        for (oracle, debian) in [
            ("go-net-url", "Go go1.19.8 net/url"),
            ("ruby-uri", "Ruby 3.1.2p20 uri 0.11.0 RFC3986_Parser"),
            ("ruby-uri-rfc2396", "Ruby 3.1.2p20 uri 0.11.0 RFC2396_Parser"),
            ("php-parse-url", "PHP 8.2.36 parse_url"),
            ("php-filter-var", "PHP 8.2.36 filter_var FILTER_VALIDATE_URL"),
        ] {
            assert!(profile(oracle).newer_release_than(debian).is_some(), "{oracle}");
            let newest = &profile(oracle).newest_release.as_ref().unwrap().version;
            let current = format!("{oracle} {newest}");
            assert!(profile(oracle).newer_release_than(&current).is_none(), "{oracle}");
        }
        // No release named (the JDK's version is not a dotted number first): no claim.
        assert!(profile("go-net-url").newer_release_than("net/url").is_none());
    }
}
