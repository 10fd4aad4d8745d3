//! The root-cause key of each part ([`RootCause`]).
//!
//! Conformance keys need the step where the library departs: read from the reference's own
//! run where it can be ([`super::departure`] for the URL Standard, [`super::rfc_run`] for the
//! RFCs: the failing rule, the first component read otherwise, or the first component whose
//! plain value a failing library parses), else from the deciding code point
//! ([`super::deciding`]): every deletion variant of every such part of one library is asked in
//! one batch of that library and its standard's reference. Keys of confusions and model differences need the class, read from the
//! facts of the part's implementations' answers.

use super::deciding::{byte_position, code_point_kind, pick, variants, Steps};
use super::parts::{deviates, Judged, Part};
use super::{FindingKind, RootCause, StandardStep};
use crate::ask::{ask, compare_answers, AskError, Request};
use crate::classify::{classify, Facts, UNCLASSIFIED};
use rayon::prelude::*;
use std::collections::BTreeMap;
use urldiff_compare::{compare_all, Answered};
use urldiff_oracles::{Answer, Oracle, OracleInfo};

/// One part to key: the request and the part.
#[derive(Clone, Debug)]
pub struct ToKey<'p> {
    pub request: &'p Request,
    /// The judged oracles' answers to the request.
    pub answers: &'p [Answer],
    pub part: &'p Part,
}

/// The key of every part, in order.
pub fn keys(judged: &Judged, parts: &[ToKey]) -> Result<Vec<RootCause>, AskError> {
    let mut keys: Vec<Option<RootCause>> = vec![None; parts.len()];
    let mut by_library: BTreeMap<usize, Vec<usize>> = BTreeMap::new();
    let mut between: Vec<usize> = Vec::new();
    for (k, p) in parts.iter().enumerate() {
        match (p.part.kind, p.part.library) {
            (FindingKind::Conformance, Some(library)) => {
                by_library.entry(library).or_default().push(k)
            }
            _ => between.push(k),
        }
    }
    // Each between-standards key is read from its own part's answers alone: side by side.
    let between_keys: Vec<RootCause> =
        between.par_iter().map(|&k| between_key(judged, &parts[k])).collect();
    for (k, key) in between.into_iter().zip(between_keys) {
        keys[k] = Some(key);
    }
    // Conformance parts, one batch per library.
    for (library, members) in by_library {
        for (k, key) in conformance_keys(judged, library, parts, &members)? {
            keys[k] = Some(key);
        }
    }
    Ok(keys.into_iter().map(|k| k.expect("every part keyed")).collect())
}

/// The oracles a conformance part of `library` is asked with: the library, then its
/// standard's reference (none for a lost answer, which needs no reference).
pub fn pair<'a>(judged: &Judged<'a>, library: usize) -> Vec<&'a dyn Oracle> {
    let mut oracles = vec![judged.oracles[library]];
    oracles.extend(judged.reference_for(library).map(|r| judged.oracles[r]));
    oracles
}

/// A [`Judged`] of `oracles` as [`pair`] returns them.
pub fn judged_pair<'a>(judged: &Judged, library: usize, oracles: &[&'a dyn Oracle]) -> Judged<'a> {
    let standard = judged.oracles[library].info().claim.standard;
    let mut reference_of = BTreeMap::new();
    if oracles.len() > 1 {
        reference_of.insert(standard, 1);
    }
    Judged { oracles: oracles.to_vec(), implementations: 1, reference_of }
}

fn conformance_keys(
    judged: &Judged,
    library: usize,
    parts: &[ToKey],
    members: &[usize],
) -> Result<Vec<(usize, RootCause)>, AskError> {
    let oracles = pair(judged, library);
    let pair_judged = judged_pair(judged, library, &oracles);
    let standard = judged.oracles[library].info().claim.standard;
    let lost = |p: &ToKey| {
        matches!(p.part.fields.first().map(String::as_str), Some("crashed" | "timed-out"))
    };
    // A code point the library's Unicode data lacks, that decides: one skew, no step.
    let mut departures = unicode_skews(&oracles, &pair_judged, parts, members)?;
    // Where the reference's own run says the library departs (or, for an RFC, its grammar
    // rejects a character allowed there only percent-encoded), no deletion is needed.
    let found: Vec<(usize, (StandardStep, String))> = members
        .par_iter()
        .filter(|k| !departures.contains_key(k))
        .filter_map(|&k| {
            let p = &parts[k];
            let answer = &p.answers[library];
            super::deciding::percent_encoding_departure(standard, p.request, answer)
                .or_else(|| super::rfc_run::departure(standard, p.request, answer))
                .or_else(|| Steps::new(standard, p.request).departure(answer))
                .map(|s| (k, s))
        })
        .collect();
    departures.extend(found);
    // An RFC library that failed: the first component whose plain value it parses.
    let failed: Vec<usize> = members
        .iter()
        .copied()
        .filter(|&k| !lost(&parts[k]) && !departures.contains_key(&k))
        .collect();
    departures.extend(rfc_failures(&oracles, library, parts, &failed)?);
    // Lost answers are not re-asked per variant (a crash per code point is no evidence).
    let asked: Vec<usize> = members
        .iter()
        .copied()
        .filter(|&k| !lost(&parts[k]) && !departures.contains_key(&k))
        .collect();
    let all_variants: Vec<Vec<Request>> =
        asked.iter().map(|&k| variants(parts[k].request)).collect();
    let flat: Vec<Request> = all_variants.iter().flatten().cloned().collect();
    let answers = ask(&oracles, &flat)?;
    let mut offset = 0;
    let mut still: BTreeMap<usize, Vec<bool>> = BTreeMap::new();
    for (&k, vs) in asked.iter().zip(&all_variants) {
        let field = parts[k].part.fields[0].as_str();
        let holds: Vec<bool> = vs
            .par_iter()
            .zip(&answers[offset..offset + vs.len()])
            .map(|(v, a)| deviates(&pair_judged, a, &compare_answers(&oracles, v, a), 0, field))
            .collect();
        offset += vs.len();
        still.insert(k, holds);
    }
    let picked = |k: usize| {
        let chars: Vec<char> = parts[k].request.input.chars().collect();
        still.get(&k).and_then(|holds| pick(&chars, holds))
    };
    let undecided: Vec<usize> = asked.iter().copied().filter(|&k| picked(k).is_none()).collect();
    let runs = shortened_runs(&oracles, &pair_judged, parts, &undecided)?;
    Ok(members
        .iter()
        .map(|&k| {
            let p = &parts[k];
            let index = picked(k).or_else(|| runs.get(&k).copied());
            (k, conformance_key(judged, library, p, index, departures.get(&k).cloned()))
        })
        .collect())
}

/// The members no deletion of one code point decides whose deviation a run shortened to two
/// ends ([`super::deciding::run_variants`]): the index of the first code point left out.
fn shortened_runs(
    oracles: &[&dyn Oracle],
    pair_judged: &Judged,
    parts: &[ToKey],
    undecided: &[usize],
) -> Result<BTreeMap<usize, usize>, AskError> {
    let tried: Vec<(usize, Vec<(usize, Request)>)> = undecided
        .iter()
        .map(|&k| (k, super::deciding::run_variants(parts[k].request)))
        .filter(|(_, runs)| !runs.is_empty())
        .collect();
    let flat: Vec<Request> =
        tried.iter().flat_map(|(_, runs)| runs.iter().map(|(_, r)| r.clone())).collect();
    let answers = ask(oracles, &flat)?;
    let mut offset = 0;
    let mut out = BTreeMap::new();
    for (k, runs) in &tried {
        let field = parts[*k].part.fields[0].as_str();
        let ends = runs.iter().zip(&answers[offset..offset + runs.len()]).find(|((_, v), a)| {
            !deviates(pair_judged, a, &compare_answers(oracles, v, a), 0, field)
        });
        offset += runs.len();
        if let Some(((index, _), _)) = ends {
            out.insert(*k, *index);
        }
    }
    Ok(out)
}

/// Where each RFC library's part of `members` whose library failed and whose reference
/// parsed departs, by the plain values of [`super::rfc_run::neutral_variants`], asked in one
/// batch of the library and its reference.
fn rfc_failures(
    oracles: &[&dyn Oracle],
    library: usize,
    parts: &[ToKey],
    members: &[usize],
) -> Result<BTreeMap<usize, (StandardStep, String)>, AskError> {
    use super::rfc_run::{failure_step, is_rfc, neutral_variants};
    let standard = oracles[0].info().claim.standard;
    if !is_rfc(standard) || oracles.len() < 2 {
        return Ok(BTreeMap::new());
    }
    let failed = |p: &ToKey| matches!(p.answers.get(library), Some(Answer::Failure { .. }));
    let reference_parses =
        |r: &Request| crate::standards::strict_rfc(standard, &r.input, r.base.as_deref()).is_ok();
    let asked: Vec<(usize, Vec<super::rfc_run::Plain>)> = members
        .iter()
        .filter(|&&k| failed(&parts[k]) && reference_parses(parts[k].request))
        .map(|&k| (k, neutral_variants(parts[k].request)))
        .collect();
    let flat: Vec<Request> =
        asked.iter().flat_map(|(_, vs)| vs.iter().map(|(_, r)| r.clone())).collect();
    let answers = ask(oracles, &flat)?;
    let parsed = |a: &[Answer]| a.iter().all(|a| matches!(a, Answer::Parsed { .. }));
    let mut offset = 0;
    let mut out = BTreeMap::new();
    for (k, vs) in &asked {
        let tried: Vec<(Option<&'static str>, bool)> = vs
            .iter()
            .zip(&answers[offset..offset + vs.len()])
            .map(|((field, _), a)| (*field, parsed(a)))
            .collect();
        offset += vs.len();
        if let Some(step) = failure_step(standard, parts[*k].request, &tried) {
            out.insert(*k, step);
        }
    }
    Ok(out)
}

/// The members of one library whose deviation is a Unicode-version skew
/// ([`super::unicode_skew`]), with the skew's step and the first code point the library's
/// data lacks: each such member's input with stand-ins is asked, in one batch.
fn unicode_skews(
    oracles: &[&dyn Oracle],
    pair_judged: &Judged,
    parts: &[ToKey],
    members: &[usize],
) -> Result<BTreeMap<usize, (StandardStep, String)>, AskError> {
    use super::unicode_skew::{skewed, step, unknown_to, with_stand_ins};
    let Some(reference) = oracles.get(1) else { return Ok(BTreeMap::new()) };
    let Some((library, newer)) = skewed(oracles[0].info(), reference.info()) else {
        return Ok(BTreeMap::new());
    };
    let suspects: Vec<(usize, Vec<(usize, char)>)> = members
        .iter()
        .map(|&k| (k, unknown_to(&parts[k].request.input, library, newer)))
        .filter(|(k, unknown)| {
            !unknown.is_empty()
                && !matches!(parts[*k].part.fields[0].as_str(), "crashed" | "timed-out")
        })
        .collect();
    let requests: Vec<Request> =
        suspects.iter().map(|(k, unknown)| with_stand_ins(parts[*k].request, unknown)).collect();
    let answers = ask(oracles, &requests)?;
    let standard = oracles[0].info().claim.standard;
    Ok(suspects
        .iter()
        .zip(requests.iter().zip(&answers))
        .filter(|((k, _), (request, answers))| {
            let comparison = compare_answers(oracles, request, answers);
            !deviates(pair_judged, answers, &comparison, 0, &parts[*k].part.fields[0])
        })
        .map(|((k, unknown), _)| {
            (*k, (step(standard), super::unicode_skew::code_point_name(unknown[0].1)))
        })
        .collect())
}

/// The deletion variants [`keys`] asks for `parts`: those of each conformance part whose
/// library's departure the reference's run does not show (for the run's call count).
pub fn variants_asked(judged: &Judged, parts: &[ToKey]) -> usize {
    parts
        .iter()
        .filter(|p| p.part.kind == FindingKind::Conformance)
        .filter_map(|p| p.part.library.map(|library| (p, library)))
        .filter(|(p, library)| {
            let standard = judged.oracles[*library].info().claim.standard;
            let answer = &p.answers[*library];
            super::deciding::percent_encoding_departure(standard, p.request, answer).is_none()
                && super::rfc_run::departure(standard, p.request, answer).is_none()
                && Steps::new(standard, p.request).departure(answer).is_none()
        })
        .map(|(p, _)| p.request.input.chars().count().min(super::deciding::MAX_SUBSTITUTIONS))
        .sum()
}

/// The key of a conformance part: its library, its standard and the step where it departs
/// (`departure`, else the step reading the deciding code point, the `index`-th; `None`:
/// none). The field and the code point's kind are kept for the reports, not in the key.
fn conformance_key(
    judged: &Judged,
    library: usize,
    p: &ToKey,
    index: Option<usize>,
    departure: Option<(StandardStep, String)>,
) -> RootCause {
    let standard = judged.oracles[library].info().claim.standard;
    let (step, code_point) = departure.unwrap_or_else(|| {
        let position = index.and_then(|i| byte_position(&p.request.input, i));
        let c = position.and_then(|at| p.request.input[at..].chars().next());
        (Steps::new(standard, p.request).at(position), code_point_kind(c))
    });
    RootCause {
        kind: FindingKind::Conformance,
        standards: vec![standard],
        library: Some(judged.oracles[library].name().to_owned()),
        fields: p.part.fields.clone(),
        step: Some(step),
        code_point: Some(code_point),
        class: None,
        documented: None,
    }
}

/// The first class (table order) of a part between standards, read from its implementations'
/// answers; `unclassified` when none.
pub fn class_of(judged: &Judged, request: &Request, answers: &[Answer], part: &Part) -> String {
    let infos: Vec<&OracleInfo> =
        part.libraries.iter().map(|&i| judged.oracles[i].info()).collect();
    // The part's own answers, borrowed (not cloned) from every oracle's.
    let answered: Vec<Answered> = part
        .libraries
        .iter()
        .zip(&infos)
        .map(|(&i, info)| Answered { info, answer: &answers[i] })
        .collect();
    let comparison = compare_all(&request.case(), &answered);
    classify(&Facts::new(request, &comparison, &infos))
        .first()
        .map_or(UNCLASSIFIED, |c| c)
        .to_owned()
}

fn between_key(judged: &Judged, p: &ToKey) -> RootCause {
    if let Some(crate::mark::Mark::Documented { rule, .. }) = &p.part.documented {
        // A library's documented deviation: the library, its standard, the rule.
        return RootCause {
            kind: FindingKind::ModelDifference,
            standards: p.part.standards.clone(),
            library: p.part.library.map(|i| judged.oracles[i].name().to_owned()),
            fields: p.part.fields.clone(),
            step: None,
            code_point: None,
            class: None,
            documented: Some(rule.clone()),
        };
    }
    RootCause {
        kind: p.part.kind,
        standards: p.part.standards.clone(),
        library: None,
        fields: p.part.fields.clone(),
        step: None,
        code_point: None,
        class: Some(class_of(judged, p.request, p.answers, p.part)),
        documented: None,
    }
}
