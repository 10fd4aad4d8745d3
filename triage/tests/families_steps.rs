//! Families of one behaviour each, of RFC 3986 / RFC 2396 libraries and of URL Standard
//! libraries, whose step is written here from the standard's text (cited per family in
//! `families/steps_data.rs`), never from urldiff's output. Each family's inputs differ in
//! scheme, host, path, query, fragment and base; mixed with generated inputs and triaged with
//! the family's libraries, each library's cases must be one group, and that group must name
//! the step written down: the step where the library departs, read from the reference's own
//! run, not from whichever code point's deletion ended the deviation. Failures (the library
//! rejects what its standard accepts) of the port, host and path kinds are among them, and
//! resolution against a base with an opaque path.
//!
//! Each behaviour was first seen by asking the library (`urldiff compare --jsonl` over the
//! family's inputs, every runtime of this machine). A family whose library is unavailable is
//! skipped with one line (its runtime named).

#[path = "support/mod.rs"]
mod support;

use std::collections::BTreeSet;
use urldiff_corpus::urlgen;
use urldiff_oracles::registry::split_available;
use urldiff_oracles::{default_oracles, Oracle, RegistryConfig};
use urldiff_triage::events::NoEvents;
use urldiff_triage::pipeline::{triage, TriageCase};
use urldiff_triage::Request;

/// One behaviour of one library: the step where it departs (an RFC section id, RFC 2396's own
/// for an RFC 2396 library, or a URL Standard state's anchor), and inputs with bases.
#[derive(Debug)]
pub struct StepFamily {
    pub name: &'static str,
    pub library: &'static str,
    pub runtime: &'static str,
    pub step: &'static str,
    pub cases: &'static [(&'static str, Option<&'static str>)],
}

#[path = "families/steps_data.rs"]
mod steps_data;
use steps_data::STEP_FAMILIES;

fn case(input: &str, base: Option<&str>, suite: &str) -> TriageCase {
    let request = Request::new(input, base);
    TriageCase { name: request.case().name(), request, suite: suite.into() }
}

#[test]
fn each_family_is_one_group_at_the_step_its_standard_names() {
    let config = RegistryConfig::from_env().expect("the environment's time limits");
    let wanted: BTreeSet<&str> = STEP_FAMILIES.iter().map(|f| f.library).collect();
    let chosen = default_oracles(&config).into_iter().filter(|o| wanted.contains(o.name()));
    let (oracles, unavailable) = split_available(chosen.collect());
    for (name, reason) in &unavailable {
        let runtime = STEP_FAMILIES.iter().find(|f| f.library == name).map_or("?", |f| f.runtime);
        let first = reason.lines().next().unwrap_or("");
        let why = format!("{name} unavailable ({first}); its families are skipped");
        urldiff_corpus::required::skip(runtime, "families_steps", &why);
    }
    let all: Vec<&dyn Oracle> = oracles.iter().map(|o| o.as_ref()).collect();
    if all.is_empty() {
        return;
    }
    let mut cases: Vec<TriageCase> = STEP_FAMILIES
        .iter()
        .flat_map(|f| f.cases.iter().map(|(input, base)| case(input, *base, f.name)))
        .collect();
    cases.extend(
        urlgen::generate(&[], 300, 11)
            .into_iter()
            .map(|c| case(&c.input, c.base.as_deref(), "generated")),
    );
    let findings = triage(&cases, &support::test_config(&all, 1), &NoEvents).expect("runs");
    let mut failed = Vec::new();
    for family in STEP_FAMILIES.iter().filter(|f| all.iter().any(|o| o.name() == f.library)) {
        let mut holding = BTreeSet::new();
        for (input, base) in family.cases {
            let groups: BTreeSet<usize> = findings
                .groups
                .iter()
                .enumerate()
                .filter(|(_, g)| g.libraries == [family.library])
                .filter(|(_, g)| {
                    g.members.iter().any(|m| m.input == *input && m.base.as_deref() == *base)
                })
                .map(|(i, _)| i)
                .collect();
            if groups.len() != 1 {
                failed.push(format!(
                    "{}: {input:?} against {base:?} in {} groups",
                    family.name,
                    groups.len()
                ));
            }
            holding.extend(groups);
        }
        let lines: Vec<String> =
            holding.iter().map(|&g| findings.groups[g].root_cause.line()).collect();
        if holding.len() != 1 {
            failed.push(format!("{}: {} groups {lines:?}", family.name, holding.len()));
            continue;
        }
        let g = &findings.groups[*holding.first().expect("one")];
        let named = g.root_cause.step.as_ref().map(|s| s.id.as_str());
        if named != Some(family.step) {
            failed.push(format!("{}: step {named:?}, written {:?}", family.name, family.step));
        }
    }
    assert!(failed.is_empty(), "{}", failed.join("\n"));
}
