//! Classification: which named causes a divergence shows. The classes are the rows of
//! [`CLASSES`] ([`table`]): each has an id, a one-line explanation, the WHATWG and RFC 3986
//! sections it concerns, the validation errors it covers, its predicate in words and the
//! predicate itself, a function of the [`Facts`]. No class rule lives anywhere else.
//!
//! The facts of a case: the input and base as written ([`shape::Shape`]), the reference
//! parser's reading and validation errors (computed here with `urldiff-parser`, the reference
//! oracle's own parser), and the comparison of every oracle's answer (which fields differ, at
//! which grade, with which values). Predicates are meant for *minimized* inputs, where every
//! remaining feature is needed for the divergence: a `\` still there matters.
//!
//! An input may be in several classes; a divergent input in none is [`UNCLASSIFIED`].

pub mod divergence;
pub mod error_examples;
pub mod explain;
pub mod reasons;
pub mod shape;
pub mod table;
pub mod unicode_age;

pub use divergence::classify_divergence;
pub use table::{Class, CLASSES};

use crate::ask::Request;
use shape::Shape;
use std::collections::BTreeSet;
use urldiff_compare::{Comparison, Equivalence, Grade, Projected, SharedField};
use urldiff_oracles::{OracleInfo, RecordModel};
use urldiff_parser::{HostKind, Url, ValidationErrorKind};

/// The id of a divergent input that no class matches.
pub const UNCLASSIFIED: &str = "unclassified";

/// How the reference parser reads a URL.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reading {
    pub scheme: String,
    pub special: bool,
    pub host_kind: HostKind,
    pub hostname: String,
    pub opaque_path: bool,
}

impl Reading {
    fn of(url: &Url) -> Reading {
        Reading {
            scheme: url.scheme().to_owned(),
            special: url.is_special(),
            host_kind: url.host_kind(),
            hostname: url.hostname().to_owned(),
            opaque_path: url.has_opaque_path(),
        }
    }
}

/// One field the oracles disagree on (`outcome` when some parse and others fail).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Differing {
    pub field: SharedField,
    pub grade: Grade,
    /// Each group's value.
    pub values: Vec<Projected>,
}

/// Everything a class predicate may read.
#[derive(Clone, Debug)]
pub struct Facts {
    pub input: String,
    pub base: Option<String>,
    pub shape: Shape,
    pub base_shape: Option<Shape>,
    /// The reference parser's validation errors for the input (against the base), in order.
    pub errors: Vec<ValidationErrorKind>,
    /// The reference's reading of the input, when it parses.
    pub reading: Option<Reading>,
    /// The reference's reading of the base, when there is one and it parses.
    pub base_reading: Option<Reading>,
    /// The differing shared fields, `outcome` first.
    pub differing: Vec<Differing>,
    /// Oracles of the WHATWG model fall into different groups of the host or the outcome.
    pub whatwg_split: bool,
    /// For a URL API setter case (conform's `wpt/setters_tests`): the property set. The input
    /// is then the URL before the setter runs.
    pub setter: Option<String>,
}

impl Facts {
    /// The facts of `request` given the comparison of its answers; `infos` name each oracle's
    /// record model (the comparison's groups hold names only).
    pub fn new(request: &Request, comparison: &Comparison, infos: &[&OracleInfo]) -> Facts {
        let mut differing = Vec::new();
        if comparison.outcome_differs() {
            differing.push(Differing {
                field: SharedField::Outcome,
                grade: Grade::Structural,
                values: comparison.outcomes.iter().map(|g| g.value.clone()).collect(),
            });
        }
        for split in comparison.differing() {
            differing.push(Differing {
                field: split.field,
                grade: split.grade.unwrap_or(Grade::Structural),
                values: split.groups.iter().map(|g| g.value.clone()).collect(),
            });
        }
        let whatwg: BTreeSet<&str> = infos
            .iter()
            .filter(|i| i.model == RecordModel::Whatwg)
            .map(|i| i.name.as_str())
            .collect();
        let splits = |groups: &[urldiff_compare::Group]| {
            groups.iter().filter(|g| g.oracles.iter().any(|o| whatwg.contains(o.as_str()))).count()
                > 1
        };
        let host = comparison.fields.iter().find(|f| f.field == SharedField::Host);
        let whatwg_split = splits(&comparison.outcomes) || host.is_some_and(|h| splits(&h.groups));
        Facts::of(request, differing, whatwg_split)
    }

    /// The facts of `request` given what differs (`outcome` first) and whether WHATWG-model
    /// oracles split on the host or the outcome: the reference parser's reading and validation
    /// errors and the input's shape are computed here.
    pub fn of(request: &Request, differing: Vec<Differing>, whatwg_split: bool) -> Facts {
        let base_url = request.base.as_deref().map(|b| Url::parse(b, None));
        let base_reading = base_url.as_ref().and_then(|b| b.as_ref().ok().map(Reading::of));
        let (errors, reading) = match &base_url {
            Some(Err(_)) => (Vec::new(), None),
            _ => {
                let base = base_url.as_ref().and_then(|b| b.as_ref().ok());
                let outcome = Url::parse_with_errors(&request.input, base);
                let errors = outcome.errors.iter().map(|e| e.kind).collect();
                (errors, outcome.result.as_ref().ok().map(Reading::of))
            }
        };
        Facts {
            input: request.input.clone(),
            base: request.base.clone(),
            shape: Shape::of(&request.input),
            base_shape: request.base.as_deref().map(Shape::of),
            errors,
            reading,
            base_reading,
            differing,
            whatwg_split,
            setter: None,
        }
    }

    fn find(&self, field: SharedField) -> Option<&Differing> {
        self.differing.iter().find(|d| d.field == field)
    }

    /// Whether the oracles disagree on `field` (`Outcome`: some parse and others fail).
    pub fn differs(&self, field: SharedField) -> bool {
        self.find(field).is_some()
    }

    pub fn differs_any(&self, fields: &[SharedField]) -> bool {
        fields.iter().any(|f| self.differs(*f))
    }

    /// Whether `field` differs by more than ASCII case.
    pub fn differs_beyond_case(&self, field: SharedField) -> bool {
        self.find(field).is_some_and(|d| d.grade != Grade::Equivalent(Equivalence::AsciiCase))
    }

    /// Whether `field` differs structurally (under no named equivalence).
    pub fn differs_structurally(&self, field: SharedField) -> bool {
        self.find(field).is_some_and(|d| d.grade == Grade::Structural)
    }

    /// Whether `field` differs at exactly this equivalence.
    pub fn graded(&self, field: SharedField, eq: Equivalence) -> bool {
        self.find(field).is_some_and(|d| d.grade == Grade::Equivalent(eq))
    }

    /// Whether some differing field is graded at this equivalence.
    pub fn any_graded(&self, eq: Equivalence) -> bool {
        self.differing.iter().any(|d| d.grade == Grade::Equivalent(eq))
    }

    /// Whether anything differs.
    pub fn anything_differs(&self) -> bool {
        !self.differing.is_empty()
    }

    /// The groups' values of a differing field (none when it does not differ).
    pub fn values_of(&self, field: SharedField) -> impl Iterator<Item = &Projected> {
        self.find(field).into_iter().flat_map(|d| &d.values)
    }

    /// Whether some group's value of a differing field holds `c`.
    pub fn differing_value_holds(&self, c: char) -> bool {
        self.differing.iter().flat_map(|d| &d.values).any(|v| v.text().contains(c))
    }

    pub fn has(&self, kind: ValidationErrorKind) -> bool {
        self.errors.contains(&kind)
    }

    pub fn has_any(&self, kinds: &[ValidationErrorKind]) -> bool {
        kinds.iter().any(|k| self.has(*k))
    }

    /// The input's and the base's shapes.
    pub fn shapes(&self) -> impl Iterator<Item = &Shape> {
        std::iter::once(&self.shape).chain(self.base_shape.as_ref())
    }

    /// The scheme: the reference's reading, else as written (lowercased).
    pub fn scheme(&self) -> Option<String> {
        match &self.reading {
            Some(r) => Some(r.scheme.clone()),
            None => self.shape.scheme.as_deref().map(str::to_ascii_lowercase),
        }
    }
}

/// Whether `c` is unassigned (general category Cn) in urldiff's Unicode data: the ICU4X
/// properties data (Unicode 18.0) that our IDNA implementation (`idna` through
/// `idna_adapter`) uses.
pub fn unassigned(c: char) -> bool {
    use icu_properties::props::GeneralCategory;
    icu_properties::CodePointMapData::<GeneralCategory>::new().get(c) == GeneralCategory::Unassigned
}

/// Where Unicode versions disagree about `c`: `Some("unassigned")` when urldiff's data does
/// not have it, `Some(version)` when a version after 14.0 added it
/// ([`unicode_age::ASSIGNED_SINCE_14`]), `None` for a code point every recent version has.
pub fn version_sensitive(c: char) -> Option<&'static str> {
    if c.is_ascii() {
        return None;
    }
    if unassigned(c) {
        return Some("unassigned");
    }
    let v = c as u32;
    let table = unicode_age::ASSIGNED_SINCE_14;
    let i = table.partition_point(|&(_, last, _)| last < v);
    table.get(i).filter(|&&(first, _, _)| first <= v).map(|&(_, _, age)| age)
}

/// The ids of the classes `facts` is in, in table order; [`UNCLASSIFIED`] alone when the
/// oracles disagree and no class matches; empty when they agree.
pub fn classify(facts: &Facts) -> Vec<&'static str> {
    if !facts.anything_differs() {
        return Vec::new();
    }
    let ids: Vec<&'static str> = CLASSES.iter().filter(|c| (c.test)(facts)).map(|c| c.id).collect();
    if ids.is_empty() {
        vec![UNCLASSIFIED]
    } else {
        ids
    }
}

/// Classify one comparison (for `urldiff compare`, which has no facts of its own).
pub fn classify_comparison(
    request: &Request,
    comparison: &Comparison,
    infos: &[&OracleInfo],
) -> Vec<&'static str> {
    classify(&Facts::new(request, comparison, infos))
}
