//! Classifying a conform divergence: one oracle's answer against its suite's truth, as
//! `urldiff conform` finds thousands of them. No oracle is asked and nothing is minimized (the
//! gate stays fast); the classifier gets what conform already has:
//!
//! - the case, as the request triage would put to the oracles ([`crate::ask::request_of`]:
//!   a host-to-ASCII case as `https://<input>/x`; a setter case as the URL it sets a property
//!   of, with the property in [`Facts::setter`]);
//! - the differing fields, each as two groups: the truth's value and the oracle's (a
//!   host-to-ASCII case's `value` is the host of its request, and is read as `host`);
//! - whether both sides speak the WHATWG model (so a host or outcome split between them is a
//!   split among WHATWG parsers, which `unicode-version-skew` reads).
//!
//! The reference's reading and validation errors are computed by [`Facts::of`], as for a
//! minimized example: the same predicates of [`super::CLASSES`] decide.

use super::{classify, Differing, Facts};
use crate::ask::request_of;
use crate::Request;
use urldiff_compare::{FieldDiff, SharedField};
use urldiff_oracles::{Case, CaseKind};

/// The class ids of a divergence between a truth and an oracle's answer (see the module
/// documentation): in table order, [`super::UNCLASSIFIED`] alone when no class matches, empty
/// when `fields` is.
pub fn classify_divergence(
    case: &Case,
    fields: &[FieldDiff],
    whatwg_pair: bool,
) -> Vec<&'static str> {
    let request =
        request_of(case).unwrap_or_else(|| Request::new(case.input.clone(), case.base.as_deref()));
    let host_value = matches!(case.kind, CaseKind::HostToAscii);
    let mut differing: Vec<Differing> = fields
        .iter()
        .map(|f| Differing {
            field: if host_value && f.field == SharedField::Value {
                SharedField::Host
            } else {
                f.field
            },
            grade: f.grade,
            values: vec![f.truth.clone(), f.got.clone()],
        })
        .collect();
    // `outcome` first, as in a comparison of many oracles.
    differing.sort_by_key(|d| d.field != SharedField::Outcome);
    let splits_whatwg = whatwg_pair
        && differing.iter().any(|d| matches!(d.field, SharedField::Outcome | SharedField::Host));
    let mut facts = Facts::of(&request, differing, splits_whatwg);
    if let CaseKind::Setter { property, .. } = &case.kind {
        facts.setter = Some(property.clone());
    }
    classify(&facts)
}
