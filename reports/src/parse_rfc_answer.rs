//! The RFC answer of `urldiff parse --rfc3986|--rfc2396` as a typed value: the RFC record of
//! the INPUT (the Appendix B split, section 3.2 for the authority) with its resolution against
//! the base, and whether the input is a URI-reference. The record is the oracles' one RFC
//! model ([`RfcRecord`], fields named by [`RfcField`]), so its keys are that model's.

use serde::Serialize;
use urldiff_oracles::{RfcField, RfcRecord, RFC_FIELDS};
use urldiff_parser::{rfc2396, rfc3986};

/// Which RFC resolves the reference against the base.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RfcMode {
    /// RFC 3986 section 5.2, the strict transform.
    Rfc3986,
    /// RFC 2396 section 5.2 (its validating parser).
    Rfc2396,
}

/// The answer: the RFC record of the input, `null` for an absent component and for `resolved`
/// without a base; whether it is a URI-reference and else its first violation.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct RfcAnswer {
    /// `scheme` … `fragment` of the input, and `resolved`, in [`RfcField`] order.
    ///
    /// [`RfcField`]: urldiff_oracles::RfcField
    #[serde(flatten)]
    pub record: RfcRecord,
    pub valid: bool,
    /// `<ABNF rule> at <byte position>`.
    pub violation: Option<String>,
}

/// The keys after the record's in every JSON answer.
const VERDICT_KEYS: [&str; 2] = ["valid", "violation"];

/// The keys of every JSON answer, in order: the RFC record's fields, then the verdict.
pub fn keys() -> impl Iterator<Item = &'static str> {
    RFC_FIELDS.iter().copied().chain(VERDICT_KEYS)
}

impl RfcAnswer {
    /// The answer for `input` (and its resolution against `base`).
    pub fn of(mode: RfcMode, input: &str, base: Option<&str>) -> RfcAnswer {
        let uri = rfc3986::split(input);
        let violation = rfc3986::check(input, rfc3986::Rule::UriReference).err();
        let resolved = base.map(|base| {
            let base = rfc3986::split(base);
            match mode {
                RfcMode::Rfc3986 => rfc3986::resolve(&base, &uri, true),
                RfcMode::Rfc2396 => rfc2396::resolve(&base, &uri),
            }
            .recompose()
        });
        RfcAnswer {
            record: RfcRecord::of(uri, resolved),
            valid: violation.is_none(),
            violation: violation.map(|v| v.to_string()),
        }
    }

    /// The answer as `urldiff parse --rfc3986` shows it to a person: one line per field, then
    /// the verdict; strings Debug-quoted so that empty, spaces and control characters show.
    pub fn for_person(&self) -> String {
        let text = |value: Option<&str>, absent: &str| match value {
            Some(s) => format!("{s:?}"),
            None => absent.to_owned(),
        };
        let mut out = String::new();
        for &field in RfcField::ALL {
            let absent = if field == RfcField::Resolved { "(no base)" } else { "(undefined)" };
            out.push_str(&format!(
                "{:>9}: {}\n",
                field.name(),
                text(self.record.field(field), absent)
            ));
        }
        let valid = if self.valid { "yes" } else { "no" };
        out.push_str(&format!("{:>9}: {valid}\n", "valid"));
        out.push_str(&format!(
            "{:>9}: {}\n",
            "violation",
            text(self.violation.as_deref(), "(none)")
        ));
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn answer_has_exactly_the_keys_in_order() {
        let a = RfcAnswer::of(RfcMode::Rfc3986, "g?y", Some("http://a/b/c/d;p?q"));
        let value = serde_json::to_value(&a).unwrap();
        let got: Vec<&str> = value.as_object().unwrap().keys().map(String::as_str).collect();
        assert_eq!(got, keys().collect::<Vec<_>>());
        // RFC 3986 section 5.4.1: "g?y" -> "http://a/b/c/g?y".
        assert_eq!(value["resolved"], "http://a/b/c/g?y");
        assert_eq!(value["query"], "y");
        assert_eq!(value["scheme"], serde_json::Value::Null);
        assert_eq!(value["valid"], true);
    }

    #[test]
    fn modes_differ_on_query_only_reference() {
        // RFC 3986 §5.4.1 vs RFC 2396 Appendix C.1.
        let base = Some("http://a/b/c/d;p?q");
        let resolved = |mode| RfcAnswer::of(mode, "?y", base).record.resolved;
        assert_eq!(resolved(RfcMode::Rfc3986).as_deref(), Some("http://a/b/c/d;p?y"));
        assert_eq!(resolved(RfcMode::Rfc2396).as_deref(), Some("http://a/b/c/?y"));
    }

    #[test]
    fn violation_is_rule_and_position() {
        let a = RfcAnswer::of(RfcMode::Rfc3986, "http://[::1::2]/", None);
        assert!(!a.valid);
        assert_eq!(a.violation.as_deref(), Some("IPv6address at 12"));
        assert_eq!(a.record.resolved, None);
    }

    #[test]
    fn the_record_describes_the_input_not_the_target() {
        let a = RfcAnswer::of(RfcMode::Rfc3986, "../g", Some("http://a/b/c/d;p?q"));
        assert_eq!((a.record.scheme, a.record.path.as_str()), (None, "../g"));
        assert_eq!(a.record.resolved.as_deref(), Some("http://a/b/g"));
    }
}
