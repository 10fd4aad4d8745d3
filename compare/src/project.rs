//! The projection table: how WHATWG and RFC records map onto the fields they share.
//!
//! Two records are only compared on fields both can speak about. Every row of [`PROJECTION`]
//! names a shared field, how it is read from each record model, and which record fields it
//! reads. The table is data, printed by `--explain-projection`; the only other rules that
//! touch a value before comparison are the named adapter rules of [`crate::rules`], which the
//! projection applies by the oracle's name. Equivalences live in `grade`, and only grade a
//! mismatch.

use crate::rules::{effect_on, RuleEffect, RuleField};
use serde::{Deserialize, Serialize};
use urldiff_oracles::{
    declares_validation_errors, Answer, Attribute, CaseKind, OracleInfo, Record, RfcField,
    RfcRecord, WhatwgRecord,
};
use urldiff_parser::rfc3986::UriRef;

/// A field both record models can speak about.
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
    strum::EnumString,
    strum::VariantArray,
)]
#[serde(rename_all = "kebab-case")]
#[strum(serialize_all = "kebab-case")]
pub enum SharedField {
    /// Parsed versus failed (not a record field; set when the outcomes differ).
    Outcome,
    Href,
    Scheme,
    Userinfo,
    Host,
    Port,
    Path,
    Query,
    Fragment,
    /// The single string of a `Record::Text` (host-to-ASCII, percent-encode).
    Value,
    /// The name/value pairs of a `Record::Pairs` (form-urlencoded), rendered as JSON.
    Pairs,
    /// The answer's validation errors (spec names, in order), from oracles that declare them
    /// ([`urldiff_oracles::VALIDATION_ERRORS`]); of parsed and failed answers alike.
    ValidationErrors,
    /// The valid-URL-string verdict of a validity case (its `Record::Text`).
    ValidUrlString,
}

impl SharedField {
    /// Every shared field, in declaration order (the ledger's and the reports' order).
    pub const ALL: &'static [SharedField] = <SharedField as strum::VariantArray>::VARIANTS;

    /// The name used in ledgers, JSON and reports.
    pub fn name(self) -> &'static str {
        self.into()
    }

    pub fn from_name(name: &str) -> Option<SharedField> {
        name.parse().ok()
    }
}

/// A projected value. WHATWG getters return `""` both for an empty and for an absent
/// component (`search` is `""` for `http://a/` and for `http://a/?`), so such a value is
/// [`Projected::EmptyOrUndefined`], which agrees with both `Undefined` and `Defined("")`.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(tag = "state", content = "value", rename_all = "kebab-case")]
pub enum Projected {
    Defined(String),
    Undefined,
    EmptyOrUndefined,
}

impl Projected {
    /// Exact agreement, respecting defined/undefined (the `exact` equivalence).
    pub fn agrees(&self, other: &Projected) -> bool {
        use Projected::*;
        match (self, other) {
            (EmptyOrUndefined, Defined(s)) | (Defined(s), EmptyOrUndefined) => s.is_empty(),
            (EmptyOrUndefined, Undefined) | (Undefined, EmptyOrUndefined) => true,
            (a, b) => a == b,
        }
    }

    /// The text, with undefined read as empty (used by equivalences after `agrees` failed).
    pub fn text(&self) -> &str {
        match self {
            Projected::Defined(s) => s,
            _ => "",
        }
    }

    /// How the value is shown in diffs: the text in quotes, or `(undefined)`.
    pub fn display(&self) -> String {
        match self {
            Projected::Defined(s) => format!("{s:?}"),
            Projected::Undefined => "(undefined)".into(),
            Projected::EmptyOrUndefined => "\"\" (empty or undefined)".into(),
        }
    }
}

/// Who made a record: the oracle's name (adapter rules are keyed by it) and the record fields
/// it fills (`OracleInfo::fields`; empty means every field, as expectation files give).
#[derive(Clone, Copy, Debug, Default)]
pub struct Source<'a> {
    pub oracle: &'a str,
    pub fields: &'a [String],
}

impl<'a> Source<'a> {
    pub fn of(info: &'a OracleInfo) -> Self {
        Source { oracle: &info.name, fields: &info.fields }
    }

    /// Whether the source fills the RFC record field `field`.
    fn fills_rfc(&self, field: RfcField) -> bool {
        self.fills_one(field.name())
    }

    fn fills_one(&self, read: &str) -> bool {
        self.fields.is_empty() || self.fields.iter().any(|f| f == read)
    }
}

/// How a row projects the values of the WHATWG record fields it reads (in `whatwg_reads`
/// order, all present).
type WhatwgProjection = fn(&[&str]) -> Projected;
/// How a row projects the RFC record field it reads (`None`: undefined).
type RfcProjection = fn(Option<&str>) -> Option<Projected>;

/// One row of the projection table. Each side names the record fields it reads once; the
/// projection gets their values. A record that does not fill a field the row reads (the oracle
/// does not declare it, or the record leaves it out) cannot speak about the shared field, and
/// it is not compared.
#[derive(Debug)]
pub struct ProjectionRow {
    pub field: SharedField,
    /// How the WHATWG record gives the field, in words (for `--explain-projection`).
    pub whatwg_rule: &'static str,
    /// The WHATWG record fields the row reads; all must be in the oracle's `fields`.
    pub whatwg_reads: &'static [Attribute],
    /// The shared value from the values of `whatwg_reads`, in that order.
    pub whatwg: WhatwgProjection,
    pub rfc_rule: &'static str,
    /// The RFC record field the row reads (adapter rules apply to it).
    pub rfc_reads: RfcField,
    /// The shared value from the value of `rfc_reads`; `None` when that cannot speak about
    /// the field (`resolved` without a base).
    pub rfc: RfcProjection,
}

impl ProjectionRow {
    /// The row's value for a WHATWG record: `None` when the record leaves out a field the row
    /// reads.
    pub fn project_whatwg(&self, w: &WhatwgRecord) -> Option<Projected> {
        let mut values = [""; MAX_WHATWG_READS];
        for (value, &attribute) in values.iter_mut().zip(self.whatwg_reads) {
            *value = w.field(attribute)?;
        }
        Some((self.whatwg)(&values[..self.whatwg_reads.len()]))
    }

    /// The row's value for an RFC record (`None`: it cannot speak about the field).
    pub fn project_rfc(&self, r: &RfcRecord) -> Option<Projected> {
        (self.rfc)(r.field(self.rfc_reads))
    }
}

/// The most WHATWG record fields a row reads (userinfo's two; a test holds every row to it).
const MAX_WHATWG_READS: usize = 2;

/// The RFC fields an oracle that fills only `authority` gets from it (RFC 3986 §3.2).
const FROM_AUTHORITY: [RfcField; 3] = [RfcField::Userinfo, RfcField::Host, RfcField::Port];

/// The projection table, in comparison order.
pub const PROJECTION: &[ProjectionRow] = &[
    ProjectionRow {
        field: SharedField::Href,
        whatwg_rule: "href",
        whatwg_reads: &[Attribute::Href],
        whatwg: |v| defined(v[0]),
        rfc_rule: "resolved (only when the case has a base)",
        rfc_reads: RfcField::Resolved,
        rfc: |c| c.map(defined),
    },
    ProjectionRow {
        field: SharedField::Scheme,
        whatwg_rule: "protocol without its trailing `:`",
        whatwg_reads: &[Attribute::Protocol],
        whatwg: |v| defined(v[0].strip_suffix(':').unwrap_or(v[0])),
        rfc_rule: "scheme (defined/undefined)",
        rfc_reads: RfcField::Scheme,
        rfc: |c| Some(component(c)),
    },
    ProjectionRow {
        field: SharedField::Userinfo,
        whatwg_rule:
            "username, plus `:` password when password is non-empty; `\"\"` = empty or undefined",
        whatwg_reads: &[Attribute::Username, Attribute::Password],
        whatwg: |v| whatwg_userinfo(v[0], v[1]),
        rfc_rule: "userinfo (defined/undefined); from authority (§3.2) if only that is given",
        rfc_reads: RfcField::Userinfo,
        rfc: |c| Some(component(c)),
    },
    ProjectionRow {
        field: SharedField::Host,
        whatwg_rule: "hostname; `\"\"` = empty or undefined",
        whatwg_reads: &[Attribute::Hostname],
        whatwg: |v| empty_or(v[0]),
        rfc_rule: "host (defined/undefined); from authority (§3.2) if only that is given",
        rfc_reads: RfcField::Host,
        rfc: |c| Some(component(c)),
    },
    ProjectionRow {
        field: SharedField::Port,
        whatwg_rule: "port; `\"\"` = empty or undefined",
        whatwg_reads: &[Attribute::Port],
        whatwg: |v| empty_or(v[0]),
        rfc_rule: "port (defined/undefined); from authority (§3.2) if only that is given",
        rfc_reads: RfcField::Port,
        rfc: |c| Some(component(c)),
    },
    ProjectionRow {
        field: SharedField::Path,
        whatwg_rule: "pathname",
        whatwg_reads: &[Attribute::Pathname],
        whatwg: |v| defined(v[0]),
        rfc_rule: "path",
        rfc_reads: RfcField::Path,
        rfc: |c| Some(component(c)),
    },
    ProjectionRow {
        field: SharedField::Query,
        whatwg_rule: "search without its leading `?`; `\"\"` = empty or undefined",
        whatwg_reads: &[Attribute::Search],
        whatwg: |v| empty_or(v[0].strip_prefix('?').unwrap_or(v[0])),
        rfc_rule: "query (defined/undefined)",
        rfc_reads: RfcField::Query,
        rfc: |c| Some(component(c)),
    },
    ProjectionRow {
        field: SharedField::Fragment,
        whatwg_rule: "hash without its leading `#`; `\"\"` = empty or undefined",
        whatwg_reads: &[Attribute::Hash],
        whatwg: |v| empty_or(v[0].strip_prefix('#').unwrap_or(v[0])),
        rfc_rule: "fragment (defined/undefined)",
        rfc_reads: RfcField::Fragment,
        rfc: |c| Some(component(c)),
    },
];

fn defined(s: &str) -> Projected {
    Projected::Defined(s.to_owned())
}

fn empty_or(s: &str) -> Projected {
    if s.is_empty() {
        Projected::EmptyOrUndefined
    } else {
        defined(s)
    }
}

fn component(c: Option<&str>) -> Projected {
    c.map_or(Projected::Undefined, defined)
}

/// Userinfo needs both halves (a record that leaves either out, as WPT's setter expectations
/// may, has nothing to say about it: the row reads both).
fn whatwg_userinfo(user: &str, pass: &str) -> Projected {
    match (user, pass) {
        ("", "") => Projected::EmptyOrUndefined,
        (u, "") => defined(u),
        (u, p) => Projected::Defined(format!("{u}:{p}")),
    }
}

/// A record projected onto the shared fields it can speak about, in table order.
pub type Projection = Vec<(SharedField, Projected)>;

/// Apply the comparison's adapter rule for `field` of `oracle`, if there is one.
pub fn apply_rules(oracle: &str, field: RuleField, value: Projected) -> Projected {
    let Some(rule) = effect_on(oracle, field) else { return value };
    match (rule.effect, value) {
        (RuleEffect::EmptyIsEmptyOrUndefined, Projected::Defined(s)) if s.is_empty() => {
            Projected::EmptyOrUndefined
        }
        (RuleEffect::BracketIpLiteral, Projected::Defined(s))
            if s.contains(':') && !s.starts_with('[') =>
        {
            Projected::Defined(format!("[{s}]"))
        }
        (_, value) => value,
    }
}

/// An RFC record whose source fills `authority` but not its parts gets them by RFC 3986
/// §3.2 (the parser's own authority split); `None` when nothing needs deriving.
fn with_authority_parts(r: &RfcRecord, source: &Source) -> Option<RfcRecord> {
    if source.fills_rfc(RfcField::Host) || !source.fills_rfc(RfcField::Authority) {
        return None;
    }
    let mut uri = UriRef::default();
    uri.set_authority(r.authority.clone());
    Some(RfcRecord { userinfo: uri.userinfo, host: uri.host, port: uri.port, ..r.clone() })
}

/// Every WHATWG record field the projection reads, in table order: the getters whose values
/// can make a shared field differ. The others (`host`, `origin`) are own fields
/// ([`own_fields`]), compared but never a divergence.
pub fn whatwg_fields_read() -> Vec<Attribute> {
    PROJECTION.iter().flat_map(|row| row.whatwg_reads.iter().copied()).collect()
}

/// Project a record made by `source`. `Text` and `Pairs` records project onto `value` and
/// `pairs` only.
pub fn project(record: &Record, source: Source) -> Projection {
    match record {
        Record::Whatwg(w) => PROJECTION
            .iter()
            .filter_map(|row| Some((row.field, project_whatwg_row(row, w, source)?)))
            .collect(),
        Record::Rfc(r) => {
            let derived = with_authority_parts(r, &source);
            let record = derived.as_ref().unwrap_or(r);
            PROJECTION
                .iter()
                .filter(|row| {
                    source.fills_rfc(row.rfc_reads)
                        || (derived.is_some() && FROM_AUTHORITY.contains(&row.rfc_reads))
                })
                .filter_map(|row| {
                    let field = RuleField::Rfc(row.rfc_reads);
                    let value = apply_rules(source.oracle, field, row.project_rfc(record)?);
                    Some((row.field, value))
                })
                .collect()
        }
        Record::Text { value } => vec![(SharedField::Value, defined(value))],
        Record::Pairs { pairs } => {
            let json = serde_json::to_string(pairs).unwrap_or_default();
            vec![(SharedField::Pairs, Projected::Defined(json))]
        }
    }
}

/// One row of the projection of a WHATWG record made by `source` (what [`project`] does for
/// each row): `None` when the source does not fill what the row reads, or the record leaves it
/// out. A pure function of the record fields the row reads (`whatwg_reads`).
pub fn project_whatwg_row(
    row: &ProjectionRow,
    w: &WhatwgRecord,
    source: Source,
) -> Option<Projected> {
    let fills = row.whatwg_reads.iter().all(|a| source.fills_one(a.name()));
    fills.then(|| row.project_whatwg(w)).flatten()
}

/// How the validation errors are read, for `--explain-projection`.
pub const VALIDATION_ERRORS_RULE: &str = "the answer's errors, spec names in order joined by \
     \", \" (of parsed and failed answers), only from oracles that declare `validation-errors` \
     (reference, whatwg-url); a truth that does not (WPT) has no opinion";

/// How the valid-URL-string verdict is read, for `--explain-projection`.
pub const VALID_URL_STRING_RULE: &str = "a validity case's Record::Text, \"true\" or \"false\" \
     (reference: urldiff_parser::valid; whatwg-url: isValidURLString)";

/// The validation errors of an answer as one value, when `source` declares them and the answer
/// has them (parsed or failed): the spec names in order, joined by `", "` (`""` for none).
pub fn validation_errors(answer: &Answer, source: Source) -> Option<Projected> {
    if !declares_validation_errors(source.fields) {
        return None;
    }
    match answer {
        Answer::Parsed { errors, .. } | Answer::Failure { errors, .. } => {
            Some(Projected::Defined(errors.join(", ")))
        }
        _ => None,
    }
}

/// Project an answer to a case of `kind`: a parsed answer's record ([`project`]; a validity
/// case's text is its `valid-url-string` verdict), then the validation errors of a parsed or
/// failed answer ([`validation_errors`]).
pub fn project_answer(kind: &CaseKind, answer: &Answer, source: Source) -> Projection {
    let mut projection = match answer {
        Answer::Parsed { record, .. } => project(record, source),
        _ => Vec::new(),
    };
    if matches!(kind, CaseKind::Validity) {
        for (field, _) in &mut projection {
            if *field == SharedField::Value {
                *field = SharedField::ValidUrlString;
            }
        }
    }
    if let Some(errors) = validation_errors(answer, source) {
        projection.push((SharedField::ValidationErrors, errors));
    }
    // In field order, as every report lists fields (stable: record rows keep theirs).
    projection.sort_by_key(|(field, _)| *field);
    projection
}

/// The fields of a record that no projection row reads, which only oracles of the same model
/// can be compared on: WHATWG `host` (with its port) and `origin`, RFC `authority`. Each is
/// named `<model>.<field>`; adapter rules apply as in [`project`].
pub fn own_fields(record: &Record, source: Source) -> Vec<(&'static str, Projected)> {
    match record {
        Record::Whatwg(w) => {
            [("whatwg.host", Attribute::Host), ("whatwg.origin", Attribute::Origin)]
                .into_iter()
                .filter(|(_, attribute)| source.fills_one(attribute.name()))
                .filter_map(|(label, attribute)| Some((label, defined(w.field(attribute)?))))
                .collect()
        }
        Record::Rfc(r) if source.fills_rfc(RfcField::Authority) => {
            let field = RuleField::Rfc(RfcField::Authority);
            let value = apply_rules(source.oracle, field, component(r.authority.as_deref()));
            vec![("rfc.authority", value)]
        }
        _ => Vec::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn userinfo(record: &WhatwgRecord, fields: &[String]) -> Option<Projected> {
        let projection = project(&Record::Whatwg(record.clone()), Source { oracle: "o", fields });
        projection.into_iter().find(|(f, _)| *f == SharedField::Userinfo).map(|(_, v)| v)
    }

    /// RFC 3986 §3.2.1: userinfo is `user:password` (WPT's `https://u:p@h/` has username `u`,
    /// password `p`), so the row reads the password too: a password alone makes the userinfo
    /// differ, and an oracle that does not fill the password cannot speak about userinfo.
    #[test]
    fn the_userinfo_row_reads_username_and_password() {
        let url = |input| {
            let parsed = urldiff_parser::Url::parse(input, None).unwrap();
            WhatwgRecord::from_attributes(|a| Some(parsed.attribute(a).into_owned()))
        };
        let all = Vec::new();
        let with_password = url("https://u:p@h/");
        let without = url("https://u@h/");
        assert_eq!(userinfo(&with_password, &all), Some(Projected::Defined("u:p".into())));
        assert_eq!(userinfo(&without, &all), Some(Projected::Defined("u".into())));
        assert_eq!(userinfo(&url("https://h/"), &all), Some(Projected::EmptyOrUndefined));
        let row = PROJECTION.iter().find(|r| r.field == SharedField::Userinfo).unwrap();
        assert_eq!(row.whatwg_reads, [Attribute::Username, Attribute::Password]);
        assert!(PROJECTION.iter().all(|r| r.whatwg_reads.len() <= MAX_WHATWG_READS));
        let no_password: Vec<String> = ["href", "username"].map(String::from).to_vec();
        assert_eq!(userinfo(&with_password, &no_password), None);
    }
}
