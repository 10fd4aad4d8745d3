//! Severity: what a difference between two parsers lets an attacker do.
//!
//! The model is the one behind SSRF and open-redirect bugs: one parser *checks* a URL (an
//! allow-list or deny-list of schemes, hosts, ports, paths) and another *uses* it (fetches,
//! redirects). A difference matters as much as the check it defeats, and checks compare
//! strings. So an equivalence does not make a difference harmless: a host that differs only
//! by percent-encoding (`%31%32%37.0.0.1` against `127.0.0.1`) or by IDNA mapping is missed by
//! an allow-list exactly like another host. Only where a *correct* check already normalizes
//! (hosts and schemes are case-insensitive, so a correct check lowercases) or where both
//! values name the same thing by definition (an empty port and the default port) is the
//! severity lowered. Each row of [`SEVERITY_TABLE`] carries its reason beside it; the first row
//! that matches a field and grade wins.

use crate::grade::{Equivalence, Grade};
use crate::project::SharedField;
use serde::{Deserialize, Serialize};

/// How much a difference matters.
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
    strum::IntoStaticStr,
)]
#[serde(rename_all = "kebab-case")]
#[strum(serialize_all = "kebab-case")]
pub enum Severity {
    Info,
    Low,
    Medium,
    High,
}

impl Severity {
    pub fn name(self) -> &'static str {
        self.into()
    }
}

/// Which grades a row covers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Grades {
    Any,
    /// Agreeing under one of these equivalences.
    Only(&'static [Equivalence]),
    /// Agreeing under any equivalence (not structural).
    Equivalent,
}

impl Grades {
    fn matches(self, grade: Grade) -> bool {
        match (self, grade) {
            (Grades::Any, _) => true,
            (Grades::Only(list), Grade::Equivalent(eq)) => list.contains(&eq),
            (Grades::Equivalent, Grade::Equivalent(_)) => true,
            _ => false,
        }
    }

    /// In words, for `--explain-projection`.
    pub fn describe(self) -> String {
        match self {
            Grades::Any => "any grade".into(),
            Grades::Only(list) => list.iter().map(|e| e.name()).collect::<Vec<_>>().join(", "),
            Grades::Equivalent => "any equivalence".into(),
        }
    }
}

/// One row of the severity table.
#[derive(Debug)]
pub struct SeverityRow {
    pub fields: &'static [SharedField],
    pub grades: Grades,
    pub severity: Severity,
    /// Why: what the difference lets an attacker do.
    pub why: &'static str,
}

use Equivalence::{AsciiCase, DefaultPort};
use SharedField::*;

/// The severity table, first match wins. A host-to-ASCII `value` is graded as a host.
pub const SEVERITY_TABLE: &[SeverityRow] = &[
    SeverityRow {
        fields: &[Outcome],
        grades: Grades::Any,
        severity: Severity::High,
        why: "one parser rejects what another accepts: a validator that rejects (or accepts) \
              a URL its consumer reads otherwise is bypassed",
    },
    SeverityRow {
        fields: &[Host],
        grades: Grades::Only(&[AsciiCase]),
        severity: Severity::Medium,
        why: "hosts are case-insensitive (RFC 3986 §3.2.2, DNS), so a correct check lowercases \
              both; only a check comparing case-sensitively is fooled",
    },
    SeverityRow {
        fields: &[Host],
        grades: Grades::Any,
        severity: Severity::High,
        why: "the host decides where a request goes (SSRF); allow-lists compare strings, so a \
              host differing only by percent-encoding (%31%32%37.0.0.1 vs 127.0.0.1) or by IDNA \
              mapping is missed exactly like another host",
    },
    SeverityRow {
        fields: &[Scheme],
        grades: Grades::Only(&[AsciiCase]),
        severity: Severity::Medium,
        why: "schemes are case-insensitive (RFC 3986 §3.1): only a case-sensitive scheme check \
              (a deny-list holding \"javascript\") is fooled",
    },
    SeverityRow {
        fields: &[Scheme],
        grades: Grades::Any,
        severity: Severity::High,
        why: "the scheme decides the protocol and whether the URL is special; another scheme \
              defeats a scheme allow-list (scheme confusion)",
    },
    SeverityRow {
        fields: &[Userinfo],
        grades: Grades::Any,
        severity: Severity::High,
        why: "userinfo is case-sensitive credentials, and where it ends decides the host \
              (http://good@evil/): any difference, even of case or encoding, is another \
              credential or a hidden host",
    },
    SeverityRow {
        fields: &[Port],
        grades: Grades::Only(&[DefaultPort]),
        severity: Severity::Low,
        why: "an empty port and the scheme's default port reach the same service; only a check \
              naming the default port as text sees a difference",
    },
    SeverityRow {
        fields: &[Port],
        grades: Grades::Any,
        severity: Severity::High,
        why: "another port is another service (SSRF to an internal port)",
    },
    SeverityRow {
        fields: &[Path],
        grades: Grades::Only(&[AsciiCase]),
        severity: Severity::Low,
        why: "mostly the hex case of a percent-encoding (%7e vs %7E), which servers decode \
              alike; a letter's case matters only to a case-sensitive rule on a server that \
              ignores case",
    },
    SeverityRow {
        fields: &[Path],
        grades: Grades::Any,
        severity: Severity::Medium,
        why: "the path picks the resource: path rules (/admin, /public/) are bypassed by dot \
              segments and percent-encodings one side resolves and the other does not",
    },
    SeverityRow {
        fields: &[Href],
        grades: Grades::Equivalent,
        severity: Severity::Info,
        why: "a normalization of the serialization; the component rows carry the severity",
    },
    SeverityRow {
        fields: &[Href],
        grades: Grades::Any,
        severity: Severity::Medium,
        why: "the URL as a whole differs; the component rows say how much that matters",
    },
    SeverityRow {
        fields: &[ValidationErrors],
        grades: Grades::Any,
        severity: Severity::Low,
        why: "validation errors change no parse result; two parsers naming different errors \
              mislead a conformance checker or a strict mode that rejects URLs with errors, \
              and the names are what explains the other divergences",
    },
    SeverityRow {
        fields: &[ValidUrlString],
        grades: Grades::Any,
        severity: Severity::Low,
        why: "a verdict on how the URL is written, not on what it means: it misleads a \
              validator (a linter, a form field) that accepts or rejects strings by it",
    },
    SeverityRow {
        fields: &[Query, Fragment, Value, Pairs],
        grades: Grades::Equivalent,
        severity: Severity::Info,
        why: "the same data written differently; the application decodes both alike",
    },
    SeverityRow {
        fields: &[Query, Fragment, Value, Pairs],
        grades: Grades::Any,
        severity: Severity::Low,
        why: "query and fragment select within a resource; they matter to an attacker only \
              through parameters the application reads (a redirect target)",
    },
];

/// The severity of a difference in `field` at `grade`. `host_value` says a `value` field is a
/// host (host-to-ASCII cases), which is graded as a host.
pub fn severity(field: SharedField, grade: Grade, host_value: bool) -> Severity {
    let field = if field == Value && host_value { Host } else { field };
    SEVERITY_TABLE
        .iter()
        .find(|row| row.fields.contains(&field) && row.grades.matches(grade))
        .map_or(Severity::High, |row| row.severity)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The names ledgers, JSON and reports use (docs/findings-schema.md): the variant names in
    /// kebab case, the same as serde writes.
    #[test]
    fn enum_names_are_the_json_names() {
        let severities = [Severity::Info, Severity::Low, Severity::Medium, Severity::High];
        let names: Vec<&str> = severities.iter().map(|s| s.name()).collect();
        assert_eq!(names, ["info", "low", "medium", "high"]);
        for s in severities {
            assert_eq!(serde_json::to_value(s).unwrap(), s.name());
        }
        let equivalences: Vec<&str> = Equivalence::ORDER.iter().map(|e| e.name()).collect();
        let documented =
            ["exact", "ascii-case", "percent-encoding", "idna", "dot-segments", "default-port"];
        assert_eq!(equivalences, documented);
        for e in Equivalence::ORDER {
            assert_eq!(serde_json::to_value(e).unwrap(), e.name());
        }
        for &field in SharedField::ALL {
            assert_eq!(serde_json::to_value(field).unwrap(), field.name());
            assert_eq!(SharedField::from_name(field.name()), Some(field));
        }
        assert_eq!(SharedField::ValidUrlString.name(), "valid-url-string");
        assert_eq!(SharedField::from_name("Href"), None);
    }
}
