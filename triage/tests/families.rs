//! Root-cause grouping on families of inputs: each family is one known behaviour of one
//! implementation shown in many URL shapes (schemes, hosts, paths, bases). Triaged together
//! with 1,500 generated inputs and every oracle found on this machine, each family must land
//! in one group per deviating implementation, of the right kind and library, naming the step
//! of its standard where the library departs, with no other family's inputs; the whole run
//! must stay near 150 groups. And the conformance groups of
//! the WHATWG implementations must not change when the other standards' oracles join.
//!
//! A family whose library's runtime is missing is skipped with one line (python, node, java).

use std::collections::{BTreeMap, BTreeSet};
use urldiff_corpus::urlgen;
use urldiff_oracles::registry::split_available;
use urldiff_oracles::{default_oracles, Oracle, OracleKind, RegistryConfig, Standard};
use urldiff_triage::events::NoEvents;
use urldiff_triage::findings::{Findings, Tool};
use urldiff_triage::pipeline::{triage, Config, TriageCase};
use urldiff_triage::rootcause::FindingKind;
use urldiff_triage::{Budget, Request};

/// A known behaviour: the implementations that show it, each with the step of its standard
/// where it departs (a URL Standard state's anchor or an RFC 3986 section, read from the
/// standard's text), and inputs (with bases) that show it and differ in everything else.
struct Family {
    name: &'static str,
    steps: &'static [(&'static str, &'static str)],
    cases: &'static [(&'static str, Option<&'static str>)],
}

#[path = "families/data.rs"]
mod data;
use data::FAMILIES;

const GENERATED: usize = 1_500;

fn generated() -> Vec<TriageCase> {
    let seeds: Vec<urlgen::GenCase> = urldiff_corpus::wpt::locate()
        .ok()
        .and_then(|data| data.read("urltestdata.json").ok())
        .and_then(|text| urldiff_corpus::urltestdata::parse(&text, "urltestdata.json").ok())
        .map(|f| {
            f.entries
                .into_iter()
                .map(|e| urlgen::GenCase { input: e.input, base: e.base })
                .collect()
        })
        .unwrap_or_default();
    urlgen::generate(&seeds, GENERATED, 19)
        .into_iter()
        .map(|c| case(&c.input, c.base.as_deref(), "generated"))
        .collect()
}

fn case(input: &str, base: Option<&str>, suite: &str) -> TriageCase {
    let request = Request::new(input, base);
    TriageCase { name: request.case().name(), request, suite: suite.into() }
}

fn config<'a>(oracles: &'a [&'a dyn Oracle]) -> Config<'a> {
    Config {
        oracles,
        ledger: None,
        known: None,
        budget: Budget { max_calls: 2_000, max_seconds: 30.0 },
        minimize_per_key: 1,
        originals_kept: 5,
        tool: Tool { name: "urldiff".into(), version: "test".into() },
        wpt_revision: None,
        sources: vec!["families".into()],
        skipped_oracles: Vec::new(),
        skipped_cases: 0,
        unreadable_lines: Vec::new(),
    }
}

/// Every available oracle but the expectation tables (as `urldiff triage` picks them).
/// The oracles the families and the group cap below were written for; the parsers added since
/// (issue 31: curl, node-legacy-url, urijs, …) bring conformance groups of their own, which this
/// cap does not count.
const CALIBRATED: [&str; 10] = [
    "reference",
    "reference-rfc3986",
    "rfc3986-regex",
    "rust-url",
    "ada",
    "python-urllib",
    "node-url",
    "whatwg-url",
    "url-parse",
    "java-uri",
];

fn available() -> Vec<Box<dyn Oracle>> {
    let config = RegistryConfig::from_env().expect("the environment's time limits");
    let calibrated =
        default_oracles(&config).into_iter().filter(|o| CALIBRATED.contains(&o.name()));
    let (oracles, unavailable) = split_available(calibrated.collect());
    for (name, reason) in unavailable {
        let runtime = match name.as_str() {
            "python-urllib" => "python",
            "java-uri" => "java",
            _ => "node",
        };
        let first = reason.lines().next().unwrap_or("");
        let why = format!("{name} unavailable ({first}); its family is skipped");
        urldiff_corpus::required::skip(runtime, "families", &why);
    }
    oracles.into_iter().filter(|o| o.kind() != OracleKind::ExpectationTable).collect()
}

/// The groups (ids) holding each member (input, base).
fn groups_of(findings: &Findings) -> BTreeMap<(String, Option<String>), Vec<usize>> {
    let mut of: BTreeMap<(String, Option<String>), Vec<usize>> = BTreeMap::new();
    for (g, group) in findings.groups.iter().enumerate() {
        for m in &group.members {
            of.entry((m.input.clone(), m.base.clone())).or_default().push(g);
        }
    }
    of
}

fn conformance_keys(findings: &Findings, libraries: &BTreeSet<&str>) -> BTreeSet<String> {
    findings
        .groups
        .iter()
        .filter(|g| g.kind == FindingKind::Conformance)
        .filter(|g| g.libraries.iter().all(|l| libraries.contains(l.as_str())))
        .map(|g| format!("{} x{}", g.root_cause.line(), g.count))
        .collect()
}

/// The one group of `library` that holds every case of `family`.
fn one_group(
    findings: &Findings,
    of: &BTreeMap<(String, Option<String>), Vec<usize>>,
    family: &Family,
    library: &str,
) -> usize {
    let mut holding: BTreeSet<usize> = BTreeSet::new();
    for (input, base) in family.cases {
        let key = (input.to_string(), base.map(str::to_owned));
        // A set: the generated inputs may hold a family's case again (one group, two members).
        let of_library: Vec<usize> = of
            .get(&key)
            .into_iter()
            .flatten()
            .copied()
            .filter(|&g| findings.groups[g].libraries == [library])
            .collect::<BTreeSet<usize>>()
            .into_iter()
            .collect();
        assert_eq!(
            of_library.len(),
            1,
            "{} ({library}): {input:?} against {base:?} in groups {:?}",
            family.name,
            of_library.iter().map(|&g| findings.groups[g].root_cause.line()).collect::<Vec<_>>()
        );
        holding.insert(of_library[0]);
    }
    let lines: Vec<String> =
        holding.iter().map(|&g| findings.groups[g].root_cause.line()).collect();
    assert_eq!(holding.len(), 1, "{} ({library}): split over {lines:?}", family.name);
    *holding.first().expect("a family has cases")
}

/// No case of another family of `library` is in group `g` of `family` (but where both name
/// the same step: one key). A case of another family that also shows, in passing, a departure
/// of `library` at this step belongs here.
fn not_mixed(findings: &Findings, g: usize, family: &Family, library: &str) {
    let of_library = |f: &&Family| f.steps.iter().any(|(l, _)| *l == library);
    for other in FAMILIES.iter().filter(|o| o.name != family.name).filter(of_library) {
        for (input, base) in other.cases {
            let mixed = findings.groups[g]
                .members
                .iter()
                .any(|m| m.input == *input && m.base.as_deref() == *base);
            let shared = other.steps.iter().any(|s| family.steps.contains(s));
            assert!(
                shared || !mixed,
                "{} and {} share group {}",
                family.name,
                other.name,
                findings.groups[g].root_cause.line()
            );
        }
    }
}

#[test]
fn each_family_is_one_group_per_deviating_implementation_and_whatwg_groups_stand_alone() {
    let oracles = available();
    let all: Vec<&dyn Oracle> = oracles.iter().map(|o| o.as_ref()).collect();
    let mut cases: Vec<TriageCase> = FAMILIES
        .iter()
        .flat_map(|f| f.cases.iter().map(|(input, base)| case(input, *base, f.name)))
        .collect();
    cases.extend(generated());
    let findings = triage(&cases, &config(&all), &NoEvents).expect("triage runs");
    let names: BTreeSet<&str> = all.iter().map(|o| o.name()).collect();
    let of = groups_of(&findings);
    for family in FAMILIES {
        for &(library, step) in family.steps {
            if !names.contains(library) {
                eprintln!("families: skipped {:?} for {library} (not available here)", family.name);
                continue;
            }
            let g = one_group(&findings, &of, family, library);
            let rc = &findings.groups[g].root_cause;
            assert_eq!(findings.groups[g].kind, FindingKind::Conformance, "{}", family.name);
            let named = rc.step.as_ref().map(|s| s.id.as_str());
            assert_eq!(named, Some(step), "{} ({library}): {}", family.name, rc.line());
            if step == urldiff_triage::rootcause::unicode_skew::STEP_ID {
                // Version skew is a mark, never a draft.
                let marks = &findings.groups[g].marks;
                let skew = marks.iter().any(|m| m.name() == "unicode-version");
                assert!(skew && !findings.groups[g].is_draft(), "{}: {marks:?}", family.name);
            }
            not_mixed(&findings, g, family, library);
        }
    }
    // The bound was set for the built-in oracles; each library folder added since brings its
    // own groups, so only groups among the built-in ones are counted.
    const BUILT_IN: [&str; 9] = [
        "rust-url",
        "ada",
        "node-url",
        "whatwg-url",
        "url-parse",
        "python-urllib",
        "java-uri",
        "rfc3986-regex",
        "reference-rfc3986",
    ];
    let built_in = findings
        .groups
        .iter()
        .filter(|g| g.libraries.iter().all(|l| BUILT_IN.contains(&l.as_str())))
        .count();
    assert!(
        built_in <= 160,
        "{built_in} groups among the built-in oracles ({} in all) for {} inputs",
        findings.groups.len(),
        cases.len()
    );
    // The WHATWG implementations alone: the same conformance groups.
    let whatwg: Vec<&dyn Oracle> =
        all.iter().copied().filter(|o| o.info().claim.standard == Standard::Whatwg).collect();
    let alone = triage(&cases, &config(&whatwg), &NoEvents).expect("triage runs");
    let libraries: BTreeSet<&str> = whatwg.iter().map(|o| o.name()).collect();
    assert!(!conformance_keys(&alone, &libraries).is_empty(), "rust-url's families at least");
    assert_eq!(conformance_keys(&alone, &libraries), conformance_keys(&findings, &libraries));
}
