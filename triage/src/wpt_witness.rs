//! The WPT case a draft cites: one that reads the group's step (the URL Standard state where
//! its library departs) and on which the library differs from the standard in the same
//! component as the group's example, asked of the library and the reference now; or none.
//! A case that merely reads the state would cite a test the library passes.

use crate::ask::{ask, compare_answers, AskError, Request};
use crate::coverage::WptCoverage;
use crate::findings::Findings;
use crate::rootcause::deciding::state_anchor;
use crate::rootcause::parts::{deviates, Judged};
use crate::rootcause::FindingKind;
use crate::standards::StandardReference;
use std::collections::BTreeMap;
use urldiff_oracles::{Oracle, Standard};

/// WPT cases tried per group besides those reading the step's code point kind, which are all
/// tried (first): a cap on those hid rust-url's `\/a` against `foo://foo/a`, the 41st or later
/// of the relative state's cases reading a `\`.
pub const TRIED: usize = 40;

/// What was found for one group.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Witness {
    /// A WPT case that reads the step and shows the library's difference in the field.
    Case { request: Request, field: String },
    /// WPT has cases reading the step (`tried` of them asked), none showing it.
    None { tried: usize },
    /// The library did not run here: not checked.
    NotChecked,
}

/// The witnesses of `findings`' drafts (`urldiff report --upstream`): every URL Standard
/// library with a draft is selected by name and asked ([`witnesses`]); one that cannot run
/// here is left out, so its drafts say "not checked". `None` without WPT data.
pub fn for_drafts(findings: &Findings) -> Result<Option<BTreeMap<String, Witness>>, AskError> {
    let Some(coverage) = WptCoverage::load() else { return Ok(None) };
    let mut names: Vec<String> = findings
        .groups
        .iter()
        .filter(|g| g.is_draft() && g.root_cause.standards.first() == Some(&Standard::Whatwg))
        .filter_map(|g| g.root_cause.library.clone())
        .collect();
    names.sort();
    names.dedup();
    let oracles: Vec<Box<dyn Oracle>> = names
        .iter()
        .filter_map(|n| crate::select::select_oracles(std::slice::from_ref(n)).ok())
        .flat_map(|s| s.oracles)
        .collect();
    Ok(Some(witnesses(findings, &coverage, &crate::select::refs(&oracles))?))
}

/// The witness of every draft conformance group of a URL Standard library, by group id;
/// `libraries` are the oracles that can be asked (by name).
pub fn witnesses(
    findings: &Findings,
    coverage: &WptCoverage,
    libraries: &[&dyn Oracle],
) -> Result<BTreeMap<String, Witness>, AskError> {
    let reference = StandardReference::new(Standard::Whatwg).expect("the URL Standard's");
    let mut out = BTreeMap::new();
    for g in findings.groups.iter().filter(|g| g.kind == FindingKind::Conformance && g.is_draft()) {
        let rc = &g.root_cause;
        let Some(step) = rc.step.as_ref().filter(|s| s.standard == Standard::Whatwg) else {
            continue;
        };
        let Some(library) = libraries.iter().find(|o| Some(o.name()) == rc.library.as_deref())
        else {
            out.insert(g.id.clone(), Witness::NotChecked);
            continue;
        };
        let kind = rc.code_point.as_deref().unwrap_or("");
        let cases: Vec<Request> = coverage
            .cases_reading(state_anchor(&step.id), kind, TRIED)
            .into_iter()
            .cloned()
            .collect();
        let oracles: Vec<&dyn Oracle> = vec![*library, &reference];
        let judged = Judged {
            oracles: oracles.clone(),
            implementations: 1,
            reference_of: BTreeMap::from([(Standard::Whatwg, 1)]),
        };
        let answers = ask(&oracles, &cases)?;
        let found = cases.iter().zip(&answers).find_map(|(request, answers)| {
            let comparison = compare_answers(&oracles, request, answers);
            rc.fields
                .iter()
                .find(|f| deviates(&judged, answers, &comparison, 0, f))
                .map(|f| Witness::Case { request: request.clone(), field: f.clone() })
        });
        out.insert(g.id.clone(), found.unwrap_or(Witness::None { tried: cases.len() }));
    }
    Ok(out)
}
