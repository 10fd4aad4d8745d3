//! The parts of one divergent case: which implementation deviates from its standard
//! (conformance), which standards' implementations read the authority differently
//! (confusion), and what else two standards read differently (model difference).
//!
//! Read from one comparison of every oracle *and* every claimed standard's reference
//! ([`Judged`]): which of them disagree on what is `disagreeing_fields`, the same reading the
//! ledgers get.

use super::severity::{rule, SeverityRule};
use super::FindingKind;
use crate::expected::KnownIssue;
use crate::standards::StandardReference;
use std::collections::{BTreeMap, BTreeSet};
use urldiff_compare::grade::grade;
use urldiff_compare::{Comparison, DisagreeingFields, Equivalence, Grade, Projected, SharedField};
use urldiff_oracles::{Answer, Oracle, Standard};

/// The oracles a case is judged with: the caller's, then each claimed standard's reference
/// that is not among them.
pub struct Judged<'a> {
    pub oracles: Vec<&'a dyn Oracle>,
    /// How many of `oracles` are the caller's (the implementations).
    pub implementations: usize,
    /// The index in `oracles` of each standard's reference.
    pub reference_of: BTreeMap<Standard, usize>,
}

impl std::fmt::Debug for Judged<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let names: Vec<&str> = self.oracles.iter().map(|o| o.name()).collect();
        f.debug_struct("Judged")
            .field("oracles", &names)
            .field("implementations", &self.implementations)
            .field("reference_of", &self.reference_of)
            .finish()
    }
}

impl<'a> Judged<'a> {
    /// `implementations` plus the references in `references` (from
    /// [`crate::standards::references_for`]); an implementation named like a reference
    /// (`reference`) is that reference, not asked twice.
    pub fn new(implementations: &[&'a dyn Oracle], references: &'a [StandardReference]) -> Self {
        let mut oracles: Vec<&'a dyn Oracle> = implementations.to_vec();
        let mut reference_of = BTreeMap::new();
        for reference in references {
            let name = &reference.info().name;
            let at = match oracles.iter().position(|o| o.name() == name) {
                Some(at) => at,
                None => {
                    oracles.push(reference);
                    oracles.len() - 1
                }
            };
            reference_of.insert(reference.standard(), at);
        }
        Judged { oracles, implementations: implementations.len(), reference_of }
    }

    /// The index of the reference that `oracle` (an index) is held to, if any.
    pub fn reference_for(&self, oracle: usize) -> Option<usize> {
        self.standard_reference(oracle).filter(|&at| at != oracle)
    }

    /// The index of the reference of `oracle`'s standard: `oracle` itself when it is one.
    fn standard_reference(&self, oracle: usize) -> Option<usize> {
        self.reference_of.get(&self.oracles[oracle].info().claim.standard).copied()
    }
}

/// One part of a divergence.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Part {
    pub kind: FindingKind,
    pub standards: Vec<Standard>,
    /// Conformance: the deviating implementation (an index into `Judged::oracles`).
    pub library: Option<usize>,
    /// Every implementation that shows it (indices).
    pub libraries: Vec<usize>,
    /// The one field that names it: the first differing one in [`field_order`] (for a
    /// confusion, the first differing authority field).
    pub fields: Vec<String>,
    pub severity: &'static SeverityRule,
    /// What a ledger entry says is known upstream (conformance parts; set by the pipeline).
    pub known: Option<KnownIssue>,
    /// The library's documentation states it ([`crate::rootcause::documented`]): a model difference.
    pub documented: Option<crate::mark::Mark>,
}

/// The fields a difference is named by, most telling first: the outcome, then the components
/// in URL order, then what repeats them (a wrong host is the cause of a wrong href, not the
/// other way round).
fn field_order() -> impl Iterator<Item = SharedField> {
    std::iter::once(SharedField::Outcome)
        .chain(COMPONENTS)
        .chain([SharedField::ValidationErrors, SharedField::Href])
}

/// The components compared between two readings, as between the RFC and WHATWG sides
/// (`outcome` aside): what a URL is made of.
/// `href` repeats them; validation errors are the WHATWG side's alone.
pub const COMPONENTS: [SharedField; 7] = [
    SharedField::Scheme,
    SharedField::Userinfo,
    SharedField::Host,
    SharedField::Port,
    SharedField::Path,
    SharedField::Query,
    SharedField::Fragment,
];

/// The authority's fields (scheme to port): a difference in one of them is a confusion.
const AUTHORITY: &[SharedField] = COMPONENTS.split_at(4).0;

/// The first field of `fields` in [`field_order`].
pub fn principal(fields: &BTreeSet<SharedField>) -> Option<SharedField> {
    field_order().find(|f| fields.contains(f)).or_else(|| fields.iter().next().copied())
}

fn name<'j>(judged: &'j Judged, i: usize) -> &'j str {
    judged.oracles[i].name()
}

/// The value `oracle` gave for `field`, if it speaks about it.
fn value<'c>(
    comparison: &'c Comparison,
    field: SharedField,
    oracle: &str,
) -> Option<&'c Projected> {
    let split = comparison.fields.iter().find(|f| f.field == field)?;
    split.groups.iter().find_map(|g| g.value_of(oracle))
}

/// Whether a value reads as nothing: empty or undefined.
fn is_nothing(v: Option<&Projected>) -> bool {
    v.is_none_or(|v| v.text().is_empty())
}

/// The equivalences under which two readings of a field are the same reading, by the
/// standard they are judged by: an RFC calls URIs equivalent after syntax- and scheme-based
/// normalization (RFC 3986 section 6.2.2, 6.2.3); between standards, only case and a default
/// port are no difference in what is reached.
fn same_reading(standard: Option<Standard>) -> &'static [Equivalence] {
    match standard {
        Some(Standard::Rfc3986 | Standard::Rfc2396) => &[
            Equivalence::AsciiCase,
            Equivalence::PercentEncoding,
            Equivalence::DotSegments,
            Equivalence::DefaultPort,
        ],
        Some(_) => &[],
        None => &[Equivalence::AsciiCase, Equivalence::DefaultPort],
    }
}

fn is_rfc(standard: Option<Standard>) -> bool {
    matches!(standard, Some(Standard::Rfc3986 | Standard::Rfc2396))
}

/// Whether two values equal but for ASCII case differ only where an RFC calls case
/// insignificant (RFC 3986 section 6.2.2.1: the scheme and the host; "the other generic
/// syntax components are assumed to be case-sensitive"): the scheme or host field, or an
/// href whose userinfo, port, path, query and fragment are the same.
fn case_insensitive_only(field: SharedField, a: &Projected, b: &Projected) -> bool {
    match field {
        SharedField::Scheme | SharedField::Host => true,
        SharedField::Href => {
            let (a, b) = (
                urldiff_parser::rfc3986::split(a.text()),
                urldiff_parser::rfc3986::split(b.text()),
            );
            (&a.userinfo, &a.port, &a.path, &a.query, &a.fragment)
                == (&b.userinfo, &b.port, &b.path, &b.query, &b.fragment)
        }
        _ => false,
    }
}

/// `value` of `field` as `standard`'s allowed readings compare it
/// ([`urldiff_oracles::standard::STANDARD_RULES`]: an RFC scheme lowercased).
fn folded(standard: Standard, field: SharedField, value: &Projected) -> Projected {
    match value {
        Projected::Defined(v) => Projected::Defined(urldiff_oracles::standard::allowed_reading(
            standard,
            field.name(),
            v,
        )),
        other => other.clone(),
    }
}

/// The fields on which `a` and `b` (names) read the input differently: `disagreeing_fields`, less
/// an empty against an absent userinfo, host or port (most APIs cannot tell them apart:
/// Python's `hostname`, Java's `getHost`), and less the differences `standard` calls no
/// difference ([`same_reading`]; `None`: judged between standards).
pub fn apart(
    comparison: &Comparison,
    a: &str,
    b: &str,
    standard: Option<Standard>,
) -> BTreeSet<SharedField> {
    let scheme =
        value(comparison, SharedField::Scheme, a).map_or("", |v| v.text()).to_ascii_lowercase();
    let mut fields = comparison.disagreeing_fields(a, b);
    fields.retain(|&field| {
        if field == SharedField::Outcome {
            return true;
        }
        let (va, vb) = (value(comparison, field, a), value(comparison, field, b));
        let authority =
            matches!(field, SharedField::Userinfo | SharedField::Host | SharedField::Port);
        if authority && is_nothing(va) && is_nothing(vb) {
            return false;
        }
        let (Some(va), Some(vb)) = (va, vb) else { return true };
        // Between standards a port is the number reached: `01` and `1` reach one port.
        if field == SharedField::Port && standard.is_none() && same_port_number(va, vb) {
            return false;
        }
        // "Empty or undefined" agrees with both `""` and undefined, so agreement groups are
        // not classes: an oracle grouped away from `a` may still agree with it pairwise.
        if va.agrees(vb) {
            return false;
        }
        // A reading the standard itself allows (an RFC scheme in another case), then the
        // equivalences it calls no difference, on what is left.
        let (va, vb) = match standard {
            Some(standard) => (folded(standard, field, va), folded(standard, field, vb)),
            None => (va.clone(), vb.clone()),
        };
        if va.agrees(&vb) {
            return false;
        }
        match grade(field, &va, &vb, &scheme) {
            Some(Grade::Equivalent(Equivalence::AsciiCase)) if is_rfc(standard) => {
                !case_insensitive_only(field, &va, &vb)
            }
            Some(Grade::Equivalent(eq)) => !same_reading(standard).contains(&eq),
            _ => true,
        }
    });
    fields
}

/// Whether two ports are one decimal number (RFC 3986 section 3.2.3: "a port number in
/// decimal"; the URL Standard's port is a 16-bit number).
fn same_port_number(a: &Projected, b: &Projected) -> bool {
    let number = |v: &Projected| {
        let text = v.text();
        (!text.is_empty() && text.bytes().all(|c| c.is_ascii_digit()))
            .then(|| text.trim_start_matches('0').to_owned())
    };
    matches!((number(a), number(b)), (Some(x), Some(y)) if x == y)
}

fn has_host(comparison: &Comparison, oracle: &str) -> bool {
    matches!(value(comparison, SharedField::Host, oracle), Some(Projected::Defined(h)) if !h.is_empty())
}

/// The severity of `a` against `b` (indices), given the fields they differ on.
fn severity(
    judged: &Judged,
    answers: &[Answer],
    comparison: &Comparison,
    (a, b): (usize, usize),
    fields: &BTreeSet<SharedField>,
) -> &'static SeverityRule {
    let parsed = |i: usize| matches!(answers[i], Answer::Parsed { .. });
    if fields.contains(&SharedField::Outcome) {
        let accepted = if parsed(a) { a } else { b };
        return if has_host(comparison, name(judged, accepted)) {
            rule("accept-reject-with-host")
        } else {
            rule("accept-reject-without-host")
        };
    }
    if AUTHORITY.iter().any(|f| fields.contains(f)) {
        rule("accepted-authority-differs")
    } else {
        rule("accepted-path-query-fragment-differs")
    }
}

/// Every part of one case. `answers` and `comparison` are of `judged.oracles`, in order.
pub fn parts_of(judged: &Judged, answers: &[Answer], comparison: &Comparison) -> Vec<Part> {
    let mut parts = conformance(judged, answers, comparison);
    parts.extend(between_standards(judged, answers, comparison));
    parts
}

fn conformance(judged: &Judged, answers: &[Answer], comparison: &Comparison) -> Vec<Part> {
    let mut parts = Vec::new();
    for i in 0..judged.implementations {
        let answer = &answers[i];
        if matches!(answer, Answer::NoOpinion) {
            continue;
        }
        let claim = judged.oracles[i].info().claim;
        let part = |fields: Vec<String>, severity| Part {
            kind: FindingKind::Conformance,
            standards: vec![claim.standard],
            library: Some(i),
            libraries: vec![i],
            fields,
            severity,
            known: None,
            documented: None,
        };
        match answer {
            Answer::Crashed(_) => parts.push(part(vec!["crashed".into()], rule("crashed"))),
            Answer::TimedOut(_) => parts.push(part(vec!["timed-out".into()], rule("timed-out"))),
            _ => {
                let Some(r) = judged.reference_for(i) else { continue };
                let expected = &answers[r];
                if matches!(expected, Answer::NoOpinion)
                    || urldiff_compare::verdict::is_lost(expected)
                {
                    continue;
                }
                if claim.lenient && matches!(expected, Answer::Failure { .. }) {
                    continue;
                }
                let apart =
                    apart(comparison, name(judged, r), name(judged, i), Some(claim.standard));
                let Some(field) = principal(&apart) else { continue };
                let severity = severity(judged, answers, comparison, (i, r), &apart);
                parts.push(part(vec![field.name().to_owned()], severity));
            }
        }
    }
    parts
}

/// Whether two implementations of different standards are read against each other: always,
/// but that one claiming no standard meets only the standard whose record model it speaks
/// (`urldiff_oracles::standard::compared_with`), not every standard at once.
fn comparable(judged: &Judged, a: usize, b: usize) -> bool {
    let info = |i: usize| judged.oracles[i].info();
    let facing = |x: usize, y: usize| {
        info(x).claim.standard != Standard::None
            || urldiff_oracles::standard::compared_with(info(x).claim, info(x).model)
                == info(y).claim.standard
    };
    facing(a, b) && facing(b, a)
}

/// The authority fields the two standards read alike on this input: both standards' readings
/// parsed it and agree on the field, or both rejected it (every field). There an implementation
/// that reads the field otherwise departs from its own standard (its conformance finding), and
/// a pair of implementations shows no confusion between the standards: yarl's empty
/// resolution against `sc://example.com/a/b` is yarl's, not RFC 3986's against the URL
/// Standard. Without a reference on either side (a library claiming no standard) it cannot be
/// told: no field.
fn read_alike(
    judged: &Judged,
    answers: &[Answer],
    comparison: &Comparison,
    (s1, s2): (Standard, Standard),
) -> BTreeSet<SharedField> {
    let (Some(r1), Some(r2)) = (reading_of(judged, answers, s1), reading_of(judged, answers, s2))
    else {
        return BTreeSet::new();
    };
    match (&answers[r1], &answers[r2]) {
        (Answer::Parsed { .. }, Answer::Parsed { .. }) => {
            let apart = apart(comparison, name(judged, r1), name(judged, r2), None);
            AUTHORITY.iter().copied().filter(|f| !apart.contains(f)).collect()
        }
        (Answer::Failure { .. }, Answer::Failure { .. }) => AUTHORITY.iter().copied().collect(),
        _ => BTreeSet::new(),
    }
}

/// The oracle whose answer is `standard`'s reading of this input: its reference; where the
/// reference rejects, the standard's own split without validation
/// ([`crate::standards::LENIENT_SPLITS`]): what a lenient library is held to, and the only
/// reading the standard gives of what a strict library accepts though it should not (curl's
/// host `é` for an empty reference against `sc:/é` is curl's, the split reads no host).
fn reading_of(judged: &Judged, answers: &[Answer], standard: Standard) -> Option<usize> {
    let reference = *judged.reference_of.get(&standard)?;
    if !matches!(answers[reference], Answer::Failure { .. }) {
        return Some(reference);
    }
    lenient_split(judged, standard).or(Some(reference))
}

/// The oracle that splits `standard`'s inputs without validating, if it is asked.
pub fn lenient_split(judged: &Judged, standard: Standard) -> Option<usize> {
    let (_, name) = crate::standards::LENIENT_SPLITS.iter().find(|(s, _)| *s == standard)?;
    judged.oracles.iter().position(|o| o.name() == *name)
}

/// Confusions and model differences, one part per pair of standards that differ.
pub fn between_standards(
    judged: &Judged,
    answers: &[Answer],
    comparison: &Comparison,
) -> Vec<Part> {
    let answering: Vec<usize> = (0..judged.implementations)
        .filter(|&i| {
            !matches!(answers[i], Answer::NoOpinion)
                && !urldiff_compare::verdict::is_lost(&answers[i])
        })
        .collect();
    let standard = |i: usize| judged.oracles[i].info().claim.standard;
    let standards: BTreeSet<Standard> = answering.iter().map(|&i| standard(i)).collect();
    let mut parts = Vec::new();
    for (n, &s1) in standards.iter().enumerate() {
        for &s2 in standards.iter().skip(n + 1) {
            let mut confusion: BTreeSet<SharedField> = BTreeSet::new();
            let mut model: BTreeSet<SharedField> = BTreeSet::new();
            let mut libraries: BTreeSet<usize> = BTreeSet::new();
            let mut confused: BTreeSet<usize> = BTreeSet::new();
            let alike = read_alike(judged, answers, comparison, (s1, s2));
            for &a in answering.iter().filter(|&&i| standard(i) == s1) {
                for &b in answering.iter().filter(|&&i| standard(i) == s2) {
                    if !comparable(judged, a, b) {
                        continue;
                    }
                    // Every difference is a model difference; only a different reading of
                    // the authority (not its case, not a default port) is a confusion.
                    let raw = comparison.disagreeing_fields(name(judged, a), name(judged, b));
                    if raw.is_empty() {
                        continue;
                    }
                    libraries.extend([a, b]);
                    model.extend(raw.iter().copied());
                    let apart = apart(comparison, name(judged, a), name(judged, b), None);
                    let both_parsed = matches!(answers[a], Answer::Parsed { .. })
                        && matches!(answers[b], Answer::Parsed { .. });
                    for field in
                        AUTHORITY.iter().filter(|f| apart.contains(f) && !alike.contains(f))
                    {
                        let read = |i| {
                            matches!(value(comparison, *field, name(judged, i)),
                                Some(Projected::Defined(v)) if !v.is_empty())
                        };
                        if both_parsed && (read(a) || read(b)) {
                            confusion.insert(*field);
                            confused.extend([a, b]);
                        }
                    }
                }
            }
            // A confusion when the authority is read otherwise, else a model difference.
            let found = match principal(&confusion) {
                Some(field) => {
                    Some((FindingKind::Confusion, field, confused, "accepted-authority-differs"))
                }
                None => principal(&model)
                    .map(|f| (FindingKind::ModelDifference, f, libraries, "model-difference")),
            };
            if let Some((kind, field, libraries, severity)) = found {
                parts.push(Part {
                    kind,
                    standards: vec![s1, s2],
                    library: None,
                    libraries: libraries.into_iter().collect(),
                    fields: vec![field.name().to_owned()],
                    severity: rule(severity),
                    known: None,
                    documented: None,
                });
            }
        }
    }
    parts
}

/// Whether `request`'s answers still show a conformance part of `library` on `field`
/// (the minimizer's and the deciding code point's test).
pub fn deviates(
    judged: &Judged,
    answers: &[Answer],
    comparison: &Comparison,
    library: usize,
    field: &str,
) -> bool {
    conformance(judged, answers, comparison)
        .iter()
        .any(|p| p.library == Some(library) && p.fields.first().is_some_and(|f| f == field))
}
