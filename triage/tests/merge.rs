//! `urldiff_triage::merge` on findings files made by the pipeline from hand-picked cases: a
//! file merged with itself, a file holding one group twice, counts that would wrap around.

mod support;

use urldiff_triage::events::NoEvents;
use urldiff_triage::findings::Findings;
use urldiff_triage::merge::merge;
use urldiff_triage::pipeline::{triage, TriageCase};
use urldiff_triage::Request;

fn case(input: &str) -> TriageCase {
    let request = Request::new(input, None);
    TriageCase { name: request.case().name(), request, suite: "jsonl/test".into() }
}

/// Three backslash confusions (one group), one case difference (a model difference), one URL
/// both modes agree on: triaged by the reference in both modes.
fn findings() -> Findings {
    let oracles = support::reference_pair();
    let oracles = support::refs(&oracles);
    let config = support::test_config(&oracles, 2);
    let cases: Vec<TriageCase> = [
        "http://evil.example\\@good.example/",
        "http://other.example\\@x.example/path",
        "http://e\\@g/",
        "HTTP://A/",
        "http://a/",
    ]
    .into_iter()
    .map(case)
    .collect();
    triage(&cases, &config, &NoEvents).unwrap()
}

#[test]
fn a_file_merged_with_itself_is_that_file() {
    let one = findings();
    assert_eq!((one.run.cases, one.run.divergent), (5, 4), "the cases as triaged");
    assert_eq!(one.model_differences[0].cases, 1);
    let merged = merge(vec![one.clone(), one.clone()], 5).unwrap();
    assert_eq!(merged.run, one.run, "nothing counted twice");
    assert_eq!(merged.model_differences, one.model_differences);
    assert_eq!(merged, one);
}

#[test]
fn a_group_written_twice_in_one_file_keeps_every_member() {
    let mut split = findings();
    let whole = split.groups[0].clone();
    assert_eq!(whole.count, 3);
    let (mut first, mut second) = (whole.clone(), whole.clone());
    first.members.truncate(1);
    first.count = 1;
    second.members.remove(0);
    second.count = 2;
    split.groups = vec![first, second];
    let merged = merge(vec![split], 5).unwrap();
    assert_eq!(merged.groups.len(), 1);
    let mut members: Vec<&str> =
        merged.groups[0].members.iter().map(|m| m.input.as_str()).collect();
    let mut expected: Vec<&str> = whole.members.iter().map(|m| m.input.as_str()).collect();
    members.sort();
    expected.sort();
    assert_eq!(members, expected);
    assert_eq!(merged.groups[0].count, 3);
}

#[test]
fn counts_that_would_wrap_around_are_refused_naming_the_file() {
    let mut huge = findings();
    huge.run.cases = usize::MAX - 1;
    let error = merge(vec![findings(), huge], 5).unwrap_err().to_string();
    assert!(error.contains("run.cases") && error.contains("findings file 2"), "{error}");
    let mut models = findings();
    models.model_differences[0].cases = usize::MAX;
    let error = merge(vec![findings(), models], 5).unwrap_err().to_string();
    assert!(error.contains("model_differences") && error.contains("findings file 2"), "{error}");
}
