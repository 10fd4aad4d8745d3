//! Each group's example: the group's first members minimized keeping its root cause, the
//! smallest result kept; then every oracle's answer to it, for the report.

use super::groups::Building;
use super::{classes_of, error_names, ByGroup, Config};
use crate::ask::{ask, compare_answers, AskError, Request};
use crate::classify::UNCLASSIFIED;
use crate::events::TriageEvents;
use crate::expected::{KnownIssue, TRUTH};
use crate::findings::{self, Example, Group, OracleAnswer};
use crate::minimize::{minimize_for, Goal, MinimizeError, Minimized};
use crate::rootcause::goal::{BetweenStandardsGoal, ConformanceGoal, Shape};
use crate::rootcause::keys::pair;
use crate::rootcause::parts::{lenient_split, Judged};
use crate::rootcause::FindingKind;
use rayon::prelude::*;
use std::collections::BTreeMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use urldiff_compare::DisagreeingFields;
use urldiff_compare::Signature;
use urldiff_oracles::{Answer, Case, Oracle, OracleInfo};

/// One minimization to run: the group and which of its first members.
struct Job<'b> {
    group: &'b str,
    building: &'b Building,
    nth: usize,
}

/// The oracles a minimization asks, and what it keeps.
type Minimization<'a> = (Vec<&'a dyn Oracle>, Box<dyn Goal>);

/// The oracles and goal that keep `b`'s key for its `nth` member.
fn oracles_and_goal<'a>(
    judged: &Judged<'a>,
    b: &Building,
    nth: usize,
    request: &Request,
) -> Option<Minimization<'a>> {
    let part = &b.firsts[nth].part;
    let shape = Shape::of(request);
    match (b.key.kind, part.library) {
        (FindingKind::Conformance, Some(library)) => {
            // The member's own field and code point: a candidate must not depend on which
            // members came first (N shards merge to one run).
            let own = &b.firsts[nth].member_key;
            let field = part.fields.first()?.clone();
            if field == "timed-out" {
                return None; // every candidate would wait for the time limit
            }
            let goal = ConformanceGoal {
                standard: *b.key.standards.first()?,
                field,
                step: b.key.step.clone()?,
                code_point: own.code_point.clone()?,
                shape,
            };
            Some((pair(judged, library), Box::new(goal)))
        }
        _ => {
            // The standards' references too: what they read decides whether a pair confuses.
            let references: BTreeMap<_, _> = b
                .key
                .standards
                .iter()
                .filter_map(|s| Some((*s, *judged.reference_of.get(s)?)))
                .collect();
            let splits = b.key.standards.iter().filter_map(|&s| lenient_split(judged, s));
            let mut asked = part.libraries.clone();
            for oracle in references.values().copied().chain(splits) {
                if !asked.contains(&oracle) {
                    asked.push(oracle);
                }
            }
            let oracles = asked.iter().map(|&i| judged.oracles[i]).collect();
            let goal = BetweenStandardsGoal {
                kind: b.key.kind,
                standards: b.key.standards.clone(),
                fields: b.key.fields.clone(),
                class: b.key.class.clone().filter(|c| c != UNCLASSIFIED),
                shape,
                references: references
                    .into_iter()
                    .map(|(s, r)| (s, judged.oracles[r].name().to_owned()))
                    .collect(),
            };
            Some((oracles, Box::new(goal)))
        }
    }
}

/// Minimize the first members of every group, side by side.
pub(super) fn minimize_groups(
    built: &BTreeMap<String, Building>,
    judged: &Judged,
    config: &Config,
    events: &dyn TriageEvents,
    (divergent, expected): (usize, usize),
) -> Result<ByGroup, AskError> {
    let jobs: Vec<Job> = built
        .iter()
        .flat_map(|(id, b)| {
            let firsts = b.firsts.len().min(config.minimize_per_key.max(1));
            (0..firsts).map(move |nth| Job { group: id, building: b, nth })
        })
        .collect();
    events.kept(divergent, expected, jobs.len());
    let done = AtomicUsize::new(0);
    let results: Vec<Result<Option<Minimized>, AskError>> = jobs
        .par_iter()
        .map(|job| {
            let request = &job.building.firsts[job.nth].case.request;
            let result = match oracles_and_goal(judged, job.building, job.nth, request) {
                None => Ok(None),
                Some((oracles, goal)) => {
                    match minimize_for(&oracles, request, goal.as_ref(), config.budget) {
                        Ok(m) => Ok(Some(m)),
                        // The key does not hold on a fresh ask (a flaky answer): no example from it.
                        Err(MinimizeError::NotDivergent { .. }) => Ok(None),
                        Err(MinimizeError::Ask(e)) => Err(e),
                    }
                }
            };
            events.minimized(done.fetch_add(1, Ordering::Relaxed) + 1, jobs.len());
            result
        })
        .collect();
    let mut by_group: ByGroup = BTreeMap::new();
    for (job, result) in jobs.iter().zip(results) {
        if let Some(m) = result? {
            by_group.entry(job.group.to_owned()).or_default().push((job.nth, m));
        }
    }
    Ok(by_group)
}

/// The candidates of a group: each member minimized (the first `minimize_per_key`, in member
/// order) as its result, or as it is when minimizing gave nothing.
fn candidate_examples(
    b: &Building,
    minimized: Option<&Vec<(usize, Minimized)>>,
    per_key: usize,
) -> Vec<(usize, bool, Example)> {
    (0..b.firsts.len().min(per_key))
        .map(|nth| match minimized.and_then(|ms| ms.iter().find(|(m, _)| *m == nth)) {
            Some((_, m)) => (
                nth,
                true,
                Example {
                    input: m.minimized.input.clone(),
                    base: m.minimized.base.clone(),
                    original: m.original.clone(),
                    one_minimal: m.one_minimal,
                    oracle_calls: m.oracle_calls,
                    seconds: m.seconds,
                },
            ),
            None => {
                let r = &b.firsts[nth].case.request;
                let example = Example {
                    input: r.input.clone(),
                    base: r.base.clone(),
                    original: r.clone(),
                    one_minimal: false,
                    oracle_calls: 0,
                    seconds: 0.0,
                };
                (nth, false, example)
            }
        })
        .collect()
}

/// What the report shows of one candidate: every oracle's answer to it (`answers`), the
/// differences, the classes (those of the original, first member `nth`, that it keeps), the
/// errors.
fn view_of(
    b: &Building,
    (nth, request, answers): (usize, &Request, &[urldiff_oracles::Answer]),
    judged: &Judged,
    config: &Config,
) -> findings::ExampleView {
    let infos: Vec<&OracleInfo> = config.oracles.iter().map(|o| o.info()).collect();
    let users = judged.implementations;
    // The original's answers are its batch's: not asked again.
    let member = &b.firsts[nth];
    let original_answers = &member.answers;
    let comparison = compare_answers(config.oracles, request, &answers[..users]);
    let signature = Signature::of(&comparison);
    let kept = classes_of(config.oracles, &infos, request, &answers[..users]);
    let original =
        classes_of(config.oracles, &infos, &member.case.request, &original_answers[..users]);
    let mut classes: Vec<&str> = kept.iter().copied().filter(|c| original.contains(c)).collect();
    if classes.is_empty() {
        classes = if original.is_empty() { vec![UNCLASSIFIED] } else { original };
    }
    let expected = b.firsts[0].part.library.and_then(|l| judged.reference_for(l)).map(|r| {
        OracleAnswer { oracle: judged.oracles[r].name().to_owned(), answer: answers[r].clone() }
    });
    findings::ExampleView {
        expected,
        signature: signature.line(),
        signature_id: signature.id(),
        validation_errors: error_names(request),
        classes: classes.iter().map(|c| (*c).to_owned()).collect(),
        answers: config
            .oracles
            .iter()
            .zip(&answers[..users])
            .map(|(o, a)| OracleAnswer { oracle: o.name().to_owned(), answer: a.clone() })
            .collect(),
        differences: findings::differences(&comparison),
    }
}

/// What the ledger knows of the group, when the entry's issue is about the group's step (an
/// entry naming no step is taken at its word): a link never marks another step's finding.
/// The members' entry first; else the entry that covers the shown example.
fn known_here(b: &Building, example: Option<KnownIssue>) -> Option<KnownIssue> {
    let known = b.known.clone().map(|(k, _)| k).or(example)?;
    let here = b.key.step.as_ref().map(|s| format!("{}#{}", s.standard.name(), s.id));
    match (&known.step, here) {
        (Some(named), Some(here)) if !named.split(',').any(|s| s == here) && !known.regression => {
            None
        }
        _ => Some(known),
    }
}

/// What the ledger knows of a conformance group's example (a minimized input), read as the
/// ledger reads a member. Noise a minimization removes can hide a class's pattern in every
/// member (`\u{1f}////…` against an http base minimizes to `///1/`, which rust-url's class of
/// leading slashes names), so a group none of whose members an entry matched is still known.
fn known_of_example(
    b: &Building,
    (request, answers): (&Request, &[Answer]),
    judged: &Judged,
    config: &Config,
) -> Option<KnownIssue> {
    let ledger = config.ledger.or(config.known)?;
    let first = b.firsts.first()?;
    let library = first.part.library?;
    if b.key.kind != FindingKind::Conformance || !judged.oracles.iter().any(|o| o.name() == TRUTH) {
        return None;
    }
    let comparison = compare_answers(&judged.oracles, request, answers);
    let info = judged.oracles[library].info();
    let fields = comparison.disagreeing_fields(super::truth_for(judged, library), &info.name);
    let name = Case::parse(request.input.clone(), request.base.as_deref()).name();
    let suite = &first.case.suite;
    let mut known = ledger.known(&info.name, suite, &name, &answers[library], &fields)?;
    known.case = Some(findings::Original {
        input: request.input.clone(),
        base: request.base.clone(),
        source: suite.clone(),
    });
    known.regression = known
        .fixed_in
        .as_deref()
        .is_some_and(|fixed| urldiff_corpus::ledger::at_or_past(&info.version, fixed));
    Some(known)
}

/// The finished groups: conformance first, then confusions; most severe, then largest. Every
/// candidate of every group is asked of every oracle in one batch; the example is the one
/// `findings::chosen`.
pub(super) fn finish(
    built: &BTreeMap<String, Building>,
    minimized: &ByGroup,
    judged: &Judged,
    config: &Config,
) -> Result<Vec<Group>, AskError> {
    let per_key = config.minimize_per_key.max(1);
    let examples: Vec<Vec<(usize, bool, Example)>> =
        built.iter().map(|(id, b)| candidate_examples(b, minimized.get(id), per_key)).collect();
    let requests: Vec<Request> = examples
        .iter()
        .flatten()
        .map(|(_, _, e)| Request { input: e.input.clone(), base: e.base.clone() })
        .collect();
    let mut answers = ask(&judged.oracles, &requests)?.into_iter();
    let mut requests = requests.iter();
    let mut groups: Vec<Group> = Vec::new();
    for ((id, b), examples) in built.iter().zip(examples) {
        let candidates: Vec<(findings::Candidate, Option<KnownIssue>)> = examples
            .into_iter()
            .map(|(member, minimized, example)| {
                let request = requests.next().expect("one request per candidate");
                let answers = answers.next().expect("one answer per request");
                let view = view_of(b, (member, request, &answers), judged, config);
                let known = known_of_example(b, (request, &answers), judged, config);
                (findings::Candidate { minimized, example, view }, known)
            })
            .collect();
        let (candidates, example_known): (Vec<_>, Vec<_>) = candidates.into_iter().unzip();
        let chosen = findings::chosen(&candidates).expect("a group has a member");
        let shown = candidates[chosen].clone();
        let known = known_here(b, example_known[chosen].clone());
        let mut group = Group {
            id: id.clone(),
            kind: b.key.kind,
            root_cause: b.key.clone(),
            libraries: b.libraries.iter().map(|&i| judged.oracles[i].name().to_owned()).collect(),
            severity_rule: b.severity.id.to_owned(),
            known: known.clone(),
            marks: crate::mark::with_new(
                crate::marks::of_known(known.as_ref())
                    .into_iter()
                    .chain(crate::marks::unicode_version(judged, &b.key))
                    .collect(),
            ),
            expected: None,
            signature: String::new(),
            signature_id: String::new(),
            validation_errors: Vec::new(),
            classes: Vec::new(),
            severity: b.severity.severity,
            count: b.count,
            example: shown.example.clone(),
            originals: b
                .firsts
                .iter()
                .take(config.originals_kept)
                .map(|f| f.case.original())
                .collect(),
            // Listed from the member store when written (`findings_json`).
            members: Vec::new(),
            answers: Vec::new(),
            differences: Vec::new(),
            candidates,
        };
        group.show(shown.example, shown.view);
        groups.push(group);
    }
    findings::sort_groups(&mut groups);
    Ok(groups)
}
