//! Adapter rules: what an adapter or its worker does to a parser's answer before urldiff sees
//! it, and how the comparison reads the result. Each rule is a named row of [`ADAPTER_RULES`],
//! printed by `--explain-projection` and named in reports, so no adapter normalizes silently.
//!
//! A rule is either applied by the comparison ([`RuleEffect`] says how, on which record
//! fields; the projection reads the table, see `project`), or done by the adapter itself and
//! listed here so that a reader of a difference knows it ([`RuleEffect::None`]).

use serde::{Deserialize, Serialize};
use urldiff_oracles::{Attribute, RfcField};

/// What the comparison does for a rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum RuleEffect {
    /// Done by the adapter; listed for the reader, nothing for the comparison to do.
    None,
    /// A defined-empty value of the rule's fields is read as *empty or undefined*, which
    /// agrees with both (the oracle cannot tell the two apart).
    EmptyIsEmptyOrUndefined,
    /// A host holding `:` (an IPv6 literal without its brackets) is read with its brackets.
    BracketIpLiteral,
}

/// A record field an adapter rule touches: one of the RFC record's, one of the WHATWG
/// record's, or the answer's validation-error list. Serialized as its name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RuleField {
    Rfc(RfcField),
    Whatwg(Attribute),
    /// The answer's `errors`.
    Errors,
}

impl RuleField {
    /// The field's name in its record (the RFC field's or the WHATWG attribute's), or
    /// `errors`.
    pub fn name(self) -> &'static str {
        match self {
            RuleField::Rfc(field) => field.name(),
            RuleField::Whatwg(attribute) => attribute.name(),
            RuleField::Errors => "errors",
        }
    }
}

impl Serialize for RuleField {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.name())
    }
}

/// One row of the adapter-rule table.
#[derive(Debug, Serialize)]
pub struct AdapterRule {
    /// The oracle whose answers the rule concerns.
    pub oracle: &'static str,
    /// The rule's name, as reports cite it (`<oracle>/<name>`).
    pub name: &'static str,
    /// The record fields it touches.
    pub fields: &'static [RuleField],
    /// What the adapter does, and why.
    pub what: &'static str,
    pub effect: RuleEffect,
}

/// Every adapter rule, by oracle.
pub const ADAPTER_RULES: &[AdapterRule] = &[
    AdapterRule {
        oracle: "python-urllib",
        name: "urlsplit-empty-is-unknown",
        fields: &[
            RuleField::Rfc(RfcField::Authority),
            RuleField::Rfc(RfcField::Query),
            RuleField::Rfc(RfcField::Fragment),
        ],
        what: "urlsplit returns \"\" both for an absent and for an empty netloc, query or \
               fragment, and the worker reports what urllib returns; the comparison reads that \
               \"\" as empty-or-undefined, like a WHATWG getter's \"\", so it agrees with both",
        effect: RuleEffect::EmptyIsEmptyOrUndefined,
    },
    AdapterRule {
        oracle: "python-urllib",
        name: "hostname-unbracketed",
        fields: &[RuleField::Rfc(RfcField::Host)],
        what: "host is SplitResult.hostname, which lowercases the host and drops the brackets \
               of an IP literal; the comparison puts the brackets back on a host holding \":\" \
               (the lowercasing stays: a case difference shows as ascii-case)",
        effect: RuleEffect::BracketIpLiteral,
    },
    AdapterRule {
        oracle: "python-urllib",
        name: "port-as-integer",
        fields: &[RuleField::Rfc(RfcField::Port)],
        what: "port is str(SplitResult.port), an integer: leading zeros are dropped (\"080\" \
               gives \"80\"), and a port that is not a number in 0-65535 is a failure \
               (ValueError)",
        effect: RuleEffect::None,
    },
    AdapterRule {
        oracle: "python-urllib",
        name: "userinfo-from-username",
        fields: &[RuleField::Rfc(RfcField::Userinfo)],
        what: "userinfo is SplitResult.username, plus \":\" and password when urllib gives a \
               password; undefined when there is no username",
        effect: RuleEffect::None,
    },
    AdapterRule {
        oracle: "python-urllib",
        name: "empty-scheme-undefined",
        fields: &[RuleField::Rfc(RfcField::Scheme)],
        what: "urlsplit returns \"\" for no scheme; the worker reports undefined (an RFC 3986 \
               scheme is never empty)",
        effect: RuleEffect::None,
    },
    AdapterRule {
        oracle: "url-parse",
        name: "query-as-search",
        fields: &[RuleField::Whatwg(Attribute::Search)],
        what: "url-parse has no `search`: the worker reports its `query` (unparsed, with its \
               \"?\") as search",
        effect: RuleEffect::None,
    },
    AdapterRule {
        oracle: "rust-url",
        name: "syntax-violation-names",
        fields: &[RuleField::Errors],
        what: "rust-url reports syntax violations, not validation errors: backslash, \
               credentials, missing slashes and a file host with a drive letter map to their \
               spec names, and every other violation is reported as invalid-URL-unit (a \
               catch-all that may not be the spec's error for the input); so it does not \
               declare validation-errors, and its errors are never compared",
        effect: RuleEffect::None,
    },
    AdapterRule {
        oracle: "ada",
        name: "no-validation-errors",
        fields: &[RuleField::Errors],
        what: "ada reports no validation errors: its errors list is always empty (it does not \
               declare validation-errors: an empty list is not \"no errors\")",
        effect: RuleEffect::None,
    },
    AdapterRule {
        oracle: "node-url",
        name: "no-validation-errors",
        fields: &[RuleField::Errors],
        what: "Node's URL reports no validation errors: its errors list is always empty (it \
               does not declare validation-errors: an empty list is not \"no errors\")",
        effect: RuleEffect::None,
    },
    AdapterRule {
        oracle: "reference-rfc3986",
        name: "first-violation",
        fields: &[RuleField::Errors],
        what: "errors holds the first RFC 3986 ABNF violation of the input (\"<rule> at \
               <byte>\"), not a list of every problem (not validation errors: never compared as \
               validation-errors)",
        effect: RuleEffect::None,
    },
    AdapterRule {
        oracle: "java-uri",
        name: "opaque-part-as-path",
        fields: &[RuleField::Rfc(RfcField::Path)],
        what: "an opaque URI (mailto:x) has no path in java.net.URI; the worker reports its \
               raw scheme-specific part as the path",
        effect: RuleEffect::None,
    },
    AdapterRule {
        oracle: "yarl",
        name: "empty-is-missing",
        fields: &[RuleField::Rfc(RfcField::Query), RuleField::Rfc(RfcField::Fragment)],
        what: "yarl's raw_query_string and raw_fragment are \"empty string if query (fragment) \
               is missing\": the worker reports that \"\" as yarl gives it; the comparison \
               reads it as empty-or-undefined",
        effect: RuleEffect::EmptyIsEmptyOrUndefined,
    },
    AdapterRule {
        oracle: "hyperlink",
        name: "empty-is-missing",
        fields: &[
            RuleField::Rfc(RfcField::Userinfo),
            RuleField::Rfc(RfcField::Query),
            RuleField::Rfc(RfcField::Fragment),
        ],
        what: "hyperlink's URL gives \"\" (or no query pairs) both for an absent and for an \
               empty userinfo, query and fragment: the worker reports \"\", read as \
               empty-or-undefined",
        effect: RuleEffect::EmptyIsEmptyOrUndefined,
    },
    AdapterRule {
        oracle: "hyperlink",
        name: "default-port-hidden",
        fields: &[RuleField::Rfc(RfcField::Port)],
        what: "hyperlink fills in the scheme's default port; the worker reports a port only \
               when it differs from the default (as to_text writes it), so an explicit default \
               port reads as none",
        effect: RuleEffect::None,
    },
    AdapterRule {
        oracle: "go-net-url",
        name: "empty-is-missing",
        fields: &[
            RuleField::Rfc(RfcField::Authority),
            RuleField::Rfc(RfcField::Host),
            RuleField::Rfc(RfcField::Fragment),
        ],
        what: "Go's URL cannot tell \"#\" from no fragment, nor \"http://\" from \"http:\" \
               (an empty host with an empty path; URL.String writes neither): the worker \
               reports \"\", read as empty-or-undefined",
        effect: RuleEffect::EmptyIsEmptyOrUndefined,
    },
    AdapterRule {
        oracle: "go-net-url",
        name: "decoded-userinfo-and-host",
        fields: &[
            RuleField::Rfc(RfcField::Userinfo),
            RuleField::Rfc(RfcField::Host),
            RuleField::Rfc(RfcField::Authority),
        ],
        what: "Go keeps userinfo and host decoded only: the worker reports them decoded (bytes \
               that are not UTF-8 as %XX), and the authority built from them; the path and \
               fragment are reported as written (RawPath or EscapedPath)",
        effect: RuleEffect::None,
    },
    AdapterRule {
        oracle: "php-parse-url",
        name: "empty-authority-unknown",
        fields: &[RuleField::Rfc(RfcField::Authority), RuleField::Rfc(RfcField::Host)],
        what: "parse_url gives no host both for an empty authority and for none \
               (\"file:///x\", \"file:/x\"): with a path starting with \"/\" the worker \
               reports the authority and host \"\", read as empty-or-undefined; the authority \
               is rebuilt from user, pass, host and port",
        effect: RuleEffect::EmptyIsEmptyOrUndefined,
    },
    AdapterRule {
        oracle: "php-filter-var",
        name: "empty-authority-unknown",
        fields: &[RuleField::Rfc(RfcField::Authority), RuleField::Rfc(RfcField::Host)],
        what: "an accepted URL's record is parse_url's, which gives no host both for an empty \
               authority and for none: reported \"\", read as empty-or-undefined",
        effect: RuleEffect::EmptyIsEmptyOrUndefined,
    },
    AdapterRule {
        oracle: "ruby-uri",
        name: "opaque-part-as-path",
        fields: &[RuleField::Rfc(RfcField::Path), RuleField::Rfc(RfcField::Query)],
        what: "an opaque URI (\"mailto:a@b?x\") has no path in Ruby's URI: the worker reports \
               its opaque part as the path, with the \"?query\" Ruby keeps inside it (URI#query \
               is nil)",
        effect: RuleEffect::None,
    },
    AdapterRule {
        oracle: "ruby-uri-rfc2396",
        name: "opaque-part-as-path",
        fields: &[RuleField::Rfc(RfcField::Path), RuleField::Rfc(RfcField::Query)],
        what: "an opaque URI has no path in Ruby's URI: the worker reports its opaque part \
               (RFC 2396's opaque_part, \"?\" included) as the path",
        effect: RuleEffect::None,
    },
];

/// The oracle whose adapter answers for `oracle`: an older release of a library
/// (`python-urllib@3.11`) runs the same adapter as the library's oracle (`python-urllib`).
fn adapter_of(oracle: &str) -> &str {
    oracle.split('@').next().unwrap_or(oracle)
}

/// The rules of one oracle.
pub fn rules_for(oracle: &str) -> impl Iterator<Item = &'static AdapterRule> + '_ {
    ADAPTER_RULES.iter().filter(move |rule| rule.oracle == adapter_of(oracle))
}

/// The rules that concern any of `oracles`, in table order (for reports).
pub fn rules_of<'a>(oracles: impl IntoIterator<Item = &'a str>) -> Vec<&'static AdapterRule> {
    let names: Vec<&str> = oracles.into_iter().map(adapter_of).collect();
    ADAPTER_RULES.iter().filter(|rule| names.contains(&rule.oracle)).collect()
}

/// The comparison's effect on `field` of `oracle`'s records, if a rule has one.
pub fn effect_on(oracle: &str, field: RuleField) -> Option<&'static AdapterRule> {
    rules_for(oracle).find(|rule| rule.effect != RuleEffect::None && rule.fields.contains(&field))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `python-urllib@3.11` is CPython 3.11's urllib through the same worker: its answers are
    /// read by the same rules as `python-urllib`'s.
    #[test]
    fn an_older_release_has_its_librarys_rules() {
        let names = |o: &str| rules_for(o).map(|r| r.name).collect::<Vec<_>>();
        assert!(names("python-urllib").contains(&"urlsplit-empty-is-unknown"));
        assert_eq!(names("python-urllib@3.11"), names("python-urllib"));
        assert!(names("no-such-oracle@1.0").is_empty());
    }
}
