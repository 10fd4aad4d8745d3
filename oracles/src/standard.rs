//! Which standard an oracle claims to implement, and so which answer it owes.
//!
//! Triage holds every implementation to the standard it claims ([`Standard`]): the reference
//! parser answers in each standard's mode, and a difference from that answer is a
//! *conformance* finding against the implementation; a difference between implementations of
//! *different* standards is a confusion or a model difference, never a bug of either.
//!
//! A claim is a fact about a library's documentation, so each oracle with a folder states its
//! own in its profile (`oracles/parsers/<oracle>/oracle.json`, read by [`crate::parsers::builtin_claim`] and
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

/// A reading a standard itself allows an implementation, whatever its documentation says:
/// triage compares the two values as the rule says before calling them apart, and
/// `urldiff oracles --explain-standards` lists each rule with its link.
#[derive(Debug, Serialize)]
pub struct StandardRule {
    /// The standards that allow it.
    pub standards: &'static [Standard],
    /// Its name, cited as `<standard>/<name>` (`rfc3986/scheme-case`).
    pub name: &'static str,
    /// What the standard allows, in its words, and how the comparison reads it.
    pub what: &'static str,
    pub link: &'static str,
    /// The shared fields it applies to (`scheme`, `href`).
    pub fields: &'static [&'static str],
}

/// Every reading a standard allows ([`StandardRule`]).
pub const STANDARD_RULES: &[StandardRule] = &[
    StandardRule {
        standards: &[Standard::Rfc3986, Standard::Rfc2396],
        name: "scheme-case",
        what:
            "RFC 3986 section 3.1: \"schemes are case-insensitive\" and \"an implementation should \
           accept uppercase letters as equivalent to lowercase in scheme names ... but should \
           only produce lowercase scheme names\" (section 6.2.2.1: case normalization; RFC 2396 \
           section 3.1 alike). A library that lowercases the scheme reads the same URI: the \
           scheme, and the scheme of a resolved reference (href), are compared lowercased",
        link: "https://www.rfc-editor.org/rfc/rfc3986#section-3.1",
        fields: &["scheme", "href"],
    },
    StandardRule {
        standards: &[Standard::Rfc3986, Standard::Rfc2396],
        name: "port-number",
        what: "RFC 3986 section 3.2.3: \"The port subcomponent of authority is designated by an \
           optional port number in decimal\": `01` and `1` designate one port, so a library \
           whose port is an integer (Python's SplitResult.port, java.net.URI.getPort, Ruby's \
           URI#port, yarl's URL.port) reads the same URI. The port, and the port of an href, \
           are compared without leading zeros",
        link: "https://www.rfc-editor.org/rfc/rfc3986#section-3.2.3",
        fields: &["port", "href"],
    },
];

/// `value` of the shared field `field` as [`STANDARD_RULES`] compare it for `standard`:
/// `scheme-case` lowercases a scheme and an href's leading scheme (the letters, digits, `+`,
/// `-` and `.` before its first `:`, starting with a letter); `port-number` drops a port's
/// leading zeros, and those of an href's port. Anything else, and any value of another
/// standard, as it is.
pub fn allowed_reading(standard: Standard, field: &str, value: &str) -> String {
    if !matches!(standard, Standard::Rfc3986 | Standard::Rfc2396) {
        return value.to_owned();
    }
    match field {
        "scheme" => value.to_ascii_lowercase(),
        "port" => port_number(value).to_owned(),
        "href" => {
            let folded = match value.split_once(':') {
                Some((scheme, rest)) if is_scheme(scheme) => {
                    format!("{}:{rest}", scheme.to_ascii_lowercase())
                }
                _ => value.to_owned(),
            };
            href_port_number(&folded)
        }
        _ => value.to_owned(),
    }
}

/// A port of decimal digits without its leading zeros (`01` is `1`, `00` is `0`); anything
/// else as it is.
fn port_number(port: &str) -> &str {
    if port.is_empty() || !port.bytes().all(|b| b.is_ascii_digit()) {
        return port;
    }
    let trimmed = port.trim_start_matches('0');
    if trimmed.is_empty() {
        &port[port.len() - 1..]
    } else {
        trimmed
    }
}

/// `href` with the port of its authority (RFC 3986 Appendix B's split) as [`port_number`].
fn href_port_number(href: &str) -> String {
    let spans = urldiff_parser::rfc3986::split_spans(href);
    let Some(authority) = spans.authority else { return href.to_owned() };
    let parts = urldiff_parser::rfc3986::split_authority_spans(&href[authority.clone()]);
    let Some(port) = parts.port else { return href.to_owned() };
    let (start, end) = (authority.start + port.start, authority.start + port.end);
    format!("{}{}{}", &href[..start], port_number(&href[start..end]), &href[end..])
}

/// RFC 3986's `scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )`.
fn is_scheme(s: &str) -> bool {
    s.starts_with(|c: char| c.is_ascii_alphabetic())
        && s.chars().all(|c| c.is_ascii_alphanumeric() || "+-.".contains(c))
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

    /// RFC 3986 section 3.1's example of case-insensitivity: `Web+Demo:` and `web+demo:` are
    /// one scheme; the rest of an href keeps its case (a path is case-sensitive, section 6.2.2.1),
    /// and the URL Standard has no such rule here.
    #[test]
    fn scheme_case_folds_only_the_scheme_of_an_rfc() {
        use super::{allowed_reading, Standard, STANDARD_RULES};
        let fold = |field, v| allowed_reading(Standard::Rfc3986, field, v);
        assert_eq!(fold("scheme", "Web+Demo"), fold("scheme", "web+demo"));
        assert_eq!(fold("href", "Web+Demo:/A/b"), "web+demo:/A/b");
        assert_ne!(fold("href", "a:/A"), fold("href", "a:/a"));
        assert_eq!(fold("href", "/x:y"), "/x:y");
        assert_eq!(fold("path", "Web+Demo:x"), "Web+Demo:x");
        assert_eq!(allowed_reading(Standard::Whatwg, "scheme", "HTTP"), "HTTP");
        // Section 3.2.3: a port is a number in decimal; other digits of an href stay.
        assert_eq!(fold("port", "01"), fold("port", "1"));
        assert_eq!(fold("port", "000"), "0");
        assert_eq!(fold("href", "http://[::]:01/a01"), "http://[::]:1/a01");
        assert_eq!(fold("href", "http://h:/x"), "http://h:/x");
        assert_ne!(fold("port", "10"), fold("port", "1"));
        assert!(STANDARD_RULES.iter().all(|r| r.link.starts_with("https://")));
    }
}
