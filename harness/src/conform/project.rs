//! The projection table: how WHATWG and RFC records map onto the fields they share.
//!
//! Two records are only compared on fields both can speak about. Every row of [`PROJECTION`]
//! names a shared field, how it is read from each record model, and its severity class. The
//! table is data, printed by `urldiff conform --explain-projection`; there is no other
//! normalization anywhere (equivalences live in `grade`, and only grade a mismatch).

use serde::Serialize;
use std::fmt::Write as _;
use urldiff_oracles::{Record, RfcRecord, WhatwgRecord};

/// A field both record models can speak about.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "kebab-case")]
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
}

impl SharedField {
    pub const ALL: [SharedField; 11] = [
        SharedField::Outcome,
        SharedField::Href,
        SharedField::Scheme,
        SharedField::Userinfo,
        SharedField::Host,
        SharedField::Port,
        SharedField::Path,
        SharedField::Query,
        SharedField::Fragment,
        SharedField::Value,
        SharedField::Pairs,
    ];

    /// The name used in ledgers, JSON and reports.
    pub fn name(self) -> &'static str {
        match self {
            SharedField::Outcome => "outcome",
            SharedField::Href => "href",
            SharedField::Scheme => "scheme",
            SharedField::Userinfo => "userinfo",
            SharedField::Host => "host",
            SharedField::Port => "port",
            SharedField::Path => "path",
            SharedField::Query => "query",
            SharedField::Fragment => "fragment",
            SharedField::Value => "value",
            SharedField::Pairs => "pairs",
        }
    }

    pub fn from_name(name: &str) -> Option<SharedField> {
        SharedField::ALL.into_iter().find(|f| f.name() == name)
    }
}

/// A projected value. WHATWG getters return `""` both for an empty and for an absent
/// component (`search` is `""` for `http://a/` and for `http://a/?`), so such a value is
/// [`Projected::EmptyOrUndefined`], which agrees with both `Undefined` and `Defined("")`.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize)]
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

type WhatwgGetter = fn(&WhatwgRecord) -> Option<Projected>;
type RfcGetter = fn(&RfcRecord) -> Option<Projected>;

/// One row of the projection table. A getter returning `None` means the record cannot speak
/// about the field (the oracle does not fill it), and the field is not compared.
#[derive(Debug)]
pub struct ProjectionRow {
    pub field: SharedField,
    /// How the WHATWG record gives the field, in words (for `--explain-projection`).
    pub whatwg_rule: &'static str,
    pub whatwg: WhatwgGetter,
    /// The WHATWG record fields the getter reads; all must be in the oracle's `fields`.
    pub whatwg_reads: &'static [&'static str],
    pub rfc_rule: &'static str,
    pub rfc: RfcGetter,
    pub rfc_reads: &'static [&'static str],
}

/// The projection table, in comparison order.
pub const PROJECTION: &[ProjectionRow] = &[
    ProjectionRow {
        field: SharedField::Href,
        whatwg_rule: "href",
        whatwg: |r| r.href.clone().map(Projected::Defined),
        whatwg_reads: &["href"],
        rfc_rule: "resolved (only when the case has a base)",
        rfc: |r| r.resolved.clone().map(Projected::Defined),
        rfc_reads: &["resolved"],
    },
    ProjectionRow {
        field: SharedField::Scheme,
        whatwg_rule: "protocol without its trailing `:`",
        whatwg: |r| r.protocol.as_ref().map(|p| defined(p.strip_suffix(':').unwrap_or(p))),
        whatwg_reads: &["protocol"],
        rfc_rule: "scheme (defined/undefined)",
        rfc: |r| Some(component(&r.scheme)),
        rfc_reads: &["scheme"],
    },
    ProjectionRow {
        field: SharedField::Userinfo,
        whatwg_rule:
            "username, plus `:` password when password is non-empty; `\"\"` = empty or undefined",
        whatwg: whatwg_userinfo,
        whatwg_reads: &["username"],
        rfc_rule: "userinfo (defined/undefined)",
        rfc: |r| Some(component(&r.userinfo)),
        rfc_reads: &["userinfo"],
    },
    ProjectionRow {
        field: SharedField::Host,
        whatwg_rule: "hostname; `\"\"` = empty or undefined",
        whatwg: |r| r.hostname.as_deref().map(empty_or),
        whatwg_reads: &["hostname"],
        rfc_rule: "host (defined/undefined)",
        rfc: |r| Some(component(&r.host)),
        rfc_reads: &["host"],
    },
    ProjectionRow {
        field: SharedField::Port,
        whatwg_rule: "port; `\"\"` = empty or undefined",
        whatwg: |r| r.port.as_deref().map(empty_or),
        whatwg_reads: &["port"],
        rfc_rule: "port (defined/undefined)",
        rfc: |r| Some(component(&r.port)),
        rfc_reads: &["port"],
    },
    ProjectionRow {
        field: SharedField::Path,
        whatwg_rule: "pathname",
        whatwg: |r| r.pathname.clone().map(Projected::Defined),
        whatwg_reads: &["pathname"],
        rfc_rule: "path",
        rfc: |r| Some(Projected::Defined(r.path.clone())),
        rfc_reads: &["path"],
    },
    ProjectionRow {
        field: SharedField::Query,
        whatwg_rule: "search without its leading `?`; `\"\"` = empty or undefined",
        whatwg: |r| r.search.as_deref().map(|s| empty_or(s.strip_prefix('?').unwrap_or(s))),
        whatwg_reads: &["search"],
        rfc_rule: "query (defined/undefined)",
        rfc: |r| Some(component(&r.query)),
        rfc_reads: &["query"],
    },
    ProjectionRow {
        field: SharedField::Fragment,
        whatwg_rule: "hash without its leading `#`; `\"\"` = empty or undefined",
        whatwg: |r| r.hash.as_deref().map(|s| empty_or(s.strip_prefix('#').unwrap_or(s))),
        whatwg_reads: &["hash"],
        rfc_rule: "fragment (defined/undefined)",
        rfc: |r| Some(component(&r.fragment)),
        rfc_reads: &["fragment"],
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

fn component(c: &Option<String>) -> Projected {
    c.as_deref().map_or(Projected::Undefined, defined)
}

/// Userinfo needs both halves: a record that leaves either out (WPT's setter expectations
/// list only some fields) has nothing to say about it.
fn whatwg_userinfo(r: &WhatwgRecord) -> Option<Projected> {
    let user = r.username.as_deref()?;
    let pass = r.password.as_deref()?;
    Some(match (user, pass) {
        ("", "") => Projected::EmptyOrUndefined,
        (u, "") => defined(u),
        (u, p) => Projected::Defined(format!("{u}:{p}")),
    })
}

/// A record projected onto the shared fields it can speak about, in table order.
pub type Projection = Vec<(SharedField, Projected)>;

/// Whether an oracle that declares `filled` fields fills every one of `reads` (an empty
/// declaration, as expectation files give, means every field).
fn fills(filled: &[String], reads: &[&str]) -> bool {
    filled.is_empty() || reads.iter().all(|r| filled.iter().any(|f| f == r))
}

/// Project a record made by an oracle that fills `filled` (`OracleInfo::fields`). `Text` and
/// `Pairs` records project onto `value` and `pairs` only.
pub fn project(record: &Record, filled: &[String]) -> Projection {
    match record {
        Record::Whatwg(w) => PROJECTION
            .iter()
            .filter(|row| fills(filled, row.whatwg_reads))
            .filter_map(|row| Some((row.field, (row.whatwg)(w)?)))
            .collect(),
        Record::Rfc(r) => PROJECTION
            .iter()
            .filter(|row| fills(filled, row.rfc_reads))
            .filter_map(|row| Some((row.field, (row.rfc)(r)?)))
            .collect(),
        Record::Text { value } => vec![(SharedField::Value, defined(value))],
        Record::Pairs { pairs } => {
            let json = serde_json::to_string(pairs).unwrap_or_default();
            vec![(SharedField::Pairs, Projected::Defined(json))]
        }
    }
}

/// The projection table as text, for `--explain-projection`.
pub fn explain() -> String {
    let mut out = String::from(
        "Projection: WHATWG and RFC records onto shared fields (a field is compared only when\n\
         both records speak about it; `\"\"` from a WHATWG getter agrees with both an empty and\n\
         an undefined RFC component).\n\n",
    );
    out.push_str("A row is used only when the oracle's declared fields include what it reads.\n\n");
    let _ = writeln!(out, "{:<10} {:<58} RFC model", "field", "WHATWG model");
    for row in PROJECTION {
        let _ = writeln!(out, "{:<10} {:<58} {}", row.field.name(), row.whatwg_rule, row.rfc_rule);
    }
    let _ = writeln!(
        out,
        "{:<10} {:<58} -",
        "value", "Record::Text value (host-to-ASCII, percent-encode)"
    );
    let _ = writeln!(out, "{:<10} {:<58} -", "pairs", "Record::Pairs as JSON (form-urlencoded)");
    let _ = writeln!(out, "{:<10} {:<58} parsed vs failure", "outcome", "parsed vs failure");
    out.push_str("\nGrades, tried in order (first that agrees wins, else structural):\n");
    for eq in crate::conform::grade::Equivalence::ORDER {
        let _ = writeln!(out, "  {:<17} {}", eq.name(), eq.description());
    }
    out.push_str(
        "\nSeverity: structural in outcome, scheme, userinfo, host or port = high; path or href\n\
         = medium; query, fragment, value, pairs = low (host-to-ASCII `value` = high);\n\
         any difference that agrees under an equivalence = info.\n",
    );
    out
}
