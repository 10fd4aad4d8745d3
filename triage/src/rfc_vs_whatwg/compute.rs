//! The deterministic part of the comparison: every input between the sides, the classes of the
//! split ones, an example per class, and every validation error's example.

use super::sides::side_differences;
use super::{
    CorpusInput, ErrorRow, Rejected, RfcVsWhatwg, Section, SideDifference, SideExample,
    SourceCount, EXAMPLE_BUDGET, EXAMPLE_TRIES, GENERATED_SOURCE, MINIMIZE_WITH, RFC_PRIMARY,
    RFC_SIDE, UNCLASSIFIED_SHOWN, WHATWG_PRIMARY, WHATWG_SIDE,
};
use crate::ask::{ask, compare_answers, AskError, Request};
use crate::classify::error_examples::ERROR_EXAMPLES;
use crate::classify::{classify, Differing, Facts, CLASSES, UNCLASSIFIED};
use crate::findings::{ClassRow, OracleAnswer, OracleVersion, Original};
use crate::minimize::minimize;
use std::collections::{BTreeMap, HashSet};
use urldiff_compare::{Grade, SharedField};
use urldiff_oracles::{Answer, Oracle};

/// A split input: its index in the corpus, what the sides read differently, its classes
/// (none when the RFC side rejects it), and the RFC side's reason when it rejects it.
pub(super) struct Split {
    pub index: usize,
    pub differences: Vec<SideDifference>,
    pub classes: Vec<&'static str>,
    pub rfc_rejects: Option<String>,
}

/// Why the RFC side rejects an input the WHATWG side parses: its failure's reason.
fn rfc_rejection(side: &[&dyn Oracle], answers: &[Answer]) -> Option<String> {
    let of = |name: &str| side.iter().position(|o| o.name() == name).map(|i| &answers[i]);
    match (of(WHATWG_PRIMARY), of(RFC_PRIMARY)) {
        (Some(Answer::Parsed { .. }), Some(Answer::Failure { reason, .. })) => Some(reason.clone()),
        _ => None,
    }
}

/// The oracles of `names` among `oracles`, in the order of `names`.
pub(super) fn pick<'a>(oracles: &[&'a dyn Oracle], names: &[&str]) -> Vec<&'a dyn Oracle> {
    names.iter().filter_map(|n| oracles.iter().find(|o| o.name() == *n).copied()).collect()
}

/// The side oracles among `oracles`: the WHATWG side, then the RFC side.
pub(super) fn side_oracles<'a>(oracles: &[&'a dyn Oracle]) -> Vec<&'a dyn Oracle> {
    let mut side = pick(oracles, WHATWG_SIDE);
    side.extend(pick(oracles, RFC_SIDE));
    side
}

/// The classes of the sides' differences, read as a pair ([`Facts::of`], no WHATWG split).
pub(super) fn classes_of(request: &Request, differences: &[SideDifference]) -> Vec<&'static str> {
    let differing = differences
        .iter()
        .map(|d| Differing {
            field: SharedField::from_name(&d.field).unwrap_or(SharedField::Outcome),
            grade: Grade::from_name(&d.grade).unwrap_or(Grade::Structural),
            values: vec![d.whatwg.clone(), d.rfc.clone()],
        })
        .collect();
    classify(&Facts::of(request, differing, false))
}

/// Every input the sides read differently, in corpus order.
pub(super) fn find_splits(
    corpus: &[CorpusInput],
    side: &[&dyn Oracle],
) -> Result<Vec<Split>, AskError> {
    let requests: Vec<Request> = corpus.iter().map(|c| c.request.clone()).collect();
    let answers = ask(side, &requests)?;
    let mut splits = Vec::new();
    for (index, (request, answers)) in requests.iter().zip(&answers).enumerate() {
        let differences = side_differences(&compare_answers(side, request, answers));
        if differences.is_empty() {
            continue;
        }
        let rfc_rejects = rfc_rejection(side, answers);
        let classes =
            if rfc_rejects.is_some() { Vec::new() } else { classes_of(request, &differences) };
        splits.push(Split { index, differences, classes, rfc_rejects });
    }
    Ok(splits)
}

/// Compare the sides on every input of `corpus` (see the module documentation of
/// [`super`]). `oracles` must hold the two primaries; the other side oracles take part when
/// present, any other oracle is ignored.
pub fn compare_sides(
    corpus: &[CorpusInput],
    oracles: &[&dyn Oracle],
    wpt_revision: Option<String>,
) -> Result<RfcVsWhatwg, AskError> {
    let side = side_oracles(oracles);
    let splits = find_splits(corpus, &side)?;
    let sections = sections(corpus, &splits, oracles)?;
    let splits: Vec<&Split> = splits.iter().collect();
    let errors = error_rows(&side, &sections)?;
    let unclassified: Vec<&Split> =
        splits.iter().copied().filter(|s| s.classes == [UNCLASSIFIED]).collect();
    let mut rejected: Vec<&Split> =
        splits.iter().copied().filter(|s| s.rfc_rejects.is_some()).collect();
    rejected.sort_by_key(|s| (corpus[s.index].source == GENERATED_SOURCE, s.index));
    Ok(RfcVsWhatwg {
        whatwg_side: pick(oracles, WHATWG_SIDE)
            .iter()
            .map(|o| OracleVersion::of(o.info()))
            .collect(),
        rfc_side: pick(oracles, RFC_SIDE).iter().map(|o| OracleVersion::of(o.info())).collect(),
        wpt_revision,
        sources: source_counts(corpus, &splits),
        inputs: corpus.len(),
        split: splits.len(),
        rfc_rejects: rejected.len(),
        rfc_reject_examples: rejected
            .iter()
            .take(UNCLASSIFIED_SHOWN)
            .map(|s| Rejected {
                original: original(&corpus[s.index]),
                reason: s.rfc_rejects.clone().unwrap_or_default(),
            })
            .collect(),
        unclassified: unclassified.len(),
        unclassified_examples: unclassified
            .iter()
            .take(UNCLASSIFIED_SHOWN)
            .map(|s| original(&corpus[s.index]))
            .collect(),
        sections,
        errors,
        real: None,
    })
}

fn original(input: &CorpusInput) -> Original {
    Original {
        input: input.request.input.clone(),
        base: input.request.base.clone(),
        source: input.source.clone(),
    }
}

/// Inputs, split inputs and inputs the RFC side rejects per source, sources in first-seen
/// order.
fn source_counts(corpus: &[CorpusInput], splits: &[&Split]) -> Vec<SourceCount> {
    let mut counts: Vec<SourceCount> = Vec::new();
    let mut at = |source: &str| {
        counts.iter().position(|c| c.source == source).unwrap_or_else(|| {
            let count =
                SourceCount { source: source.to_owned(), inputs: 0, split: 0, rfc_rejects: 0 };
            counts.push(count);
            counts.len() - 1
        })
    };
    let places: Vec<usize> = corpus.iter().map(|c| at(&c.source)).collect();
    for place in &places {
        counts[*place].inputs += 1;
    }
    for s in splits {
        let count = &mut counts[places[s.index]];
        count.split += 1;
        count.rfc_rejects += usize::from(s.rfc_rejects.is_some());
    }
    counts
}

/// One section per class with split inputs, in table order.
fn sections(
    corpus: &[CorpusInput],
    splits: &[Split],
    oracles: &[&dyn Oracle],
) -> Result<Vec<Section>, AskError> {
    let mut members: BTreeMap<usize, Vec<&Split>> = BTreeMap::new();
    for s in splits {
        for class in &s.classes {
            if let Some(row) = CLASSES.iter().position(|c| c.id == *class) {
                members.entry(row).or_default().push(s);
            }
        }
    }
    let minimizers = pick(oracles, MINIMIZE_WITH);
    let side = side_oracles(oracles);
    let mut shown: HashSet<Request> = HashSet::new();
    let mut out = Vec::new();
    for (row, inputs) in members {
        let class = &CLASSES[row];
        let example = example_of(class.id, corpus, &inputs, (&minimizers, &side), &shown)?;
        shown.insert(Request::new(example.input.clone(), example.base.as_deref()));
        let mut class_row = ClassRow::of(class);
        class_row.cases = inputs.len();
        let by_source = source_counts(corpus, &inputs)
            .into_iter()
            .filter(|c| c.split > 0)
            .map(|c| SourceCount { inputs: c.split, ..c })
            .collect();
        out.push(Section { class: class_row, by_source, example, parsers: Vec::new() });
    }
    Ok(out)
}

/// Whether an input is natural (our cases, WPT, the RFC tables), not generated.
fn is_natural(input: &CorpusInput) -> bool {
    input.source != GENERATED_SOURCE
}

/// The order candidates for a class's example are tried in, best first: a natural input (our
/// own cases, then WPT, then the RFC tables) before a generated one; an input the WHATWG side
/// parses (a component read two ways shows more than a rejection); the shortest (input and
/// base, in code points); then by text.
fn candidate_rank(split: &Split, input: &CorpusInput) -> impl Ord {
    let whatwg_fails = split.differences.iter().any(|d| d.field == "outcome");
    let source =
        ["cases/", "wpt/", "rfc/"].iter().position(|p| input.source.starts_with(p)).unwrap_or(3);
    let length = input.request.input.chars().count()
        + input.request.base.as_ref().map_or(0, |b| b.chars().count());
    (source, whatwg_fails, length, input.request.clone())
}

/// The example of a class, never one in `shown` (another class's): the first natural
/// candidate ([`candidate_rank`]) as read; else the first generated one whose minimized form
/// keeps every class the candidate is in (the minimizer keeps the divergence's signature, which
/// a different cause can share: the example must still tell the candidate's story); else the
/// first candidate as read.
fn example_of(
    class: &str,
    corpus: &[CorpusInput],
    inputs: &[&Split],
    (minimizers, side): (&[&dyn Oracle], &[&dyn Oracle]),
    shown: &HashSet<Request>,
) -> Result<SideExample, AskError> {
    let mut ranked: Vec<&Split> = inputs.to_vec();
    ranked.sort_by_cached_key(|s| candidate_rank(s, &corpus[s.index]));
    let fresh: Vec<&Split> =
        ranked.iter().copied().filter(|s| !shown.contains(&corpus[s.index].request)).collect();
    let ranked = if fresh.is_empty() { ranked } else { fresh };
    if let Some(natural) = ranked.iter().find(|s| is_natural(&corpus[s.index])) {
        let input = &corpus[natural.index];
        return side_example(&input.request, input, side, (false, false));
    }
    for split in ranked.iter().take(EXAMPLE_TRIES) {
        let candidate = &corpus[split.index];
        let Ok(m) = minimize(minimizers, &candidate.request, EXAMPLE_BUDGET) else { continue };
        if shown.contains(&m.minimized) {
            continue;
        }
        let example = side_example(&m.minimized, candidate, side, (true, m.one_minimal))?;
        let keeps = |c: &&str| example.classes.iter().any(|e| e == c);
        if keeps(&class) && split.classes.iter().all(keeps) {
            return Ok(example);
        }
    }
    let first = &corpus[ranked[0].index];
    side_example(&first.request, first, side, (false, false))
}

/// The reference's validation-error names for a request, sorted, each once.
fn error_names(request: &Request) -> Vec<String> {
    let base = match request.base.as_deref().map(|b| urldiff_parser::Url::parse(b, None)) {
        Some(Err(_)) => return Vec::new(),
        other => other.and_then(Result::ok),
    };
    let outcome = urldiff_parser::Url::parse_with_errors(&request.input, base.as_ref());
    let mut names: Vec<String> = outcome.errors.iter().map(|e| e.kind.name().to_owned()).collect();
    names.sort();
    names.dedup();
    names
}

/// Both primaries' answers to `request`, what they read differently and its classes.
fn side_example(
    request: &Request,
    from: &CorpusInput,
    side: &[&dyn Oracle],
    (minimized, one_minimal): (bool, bool),
) -> Result<SideExample, AskError> {
    let answers = ask(side, std::slice::from_ref(request))?.remove(0);
    let differences = side_differences(&compare_answers(side, request, &answers));
    let classes = classes_of(request, &differences);
    let answer_of = |name: &str| OracleAnswer {
        oracle: name.to_owned(),
        answer: side
            .iter()
            .position(|o| o.name() == name)
            .map_or(Answer::NoOpinion, |i| answers[i].clone()),
    };
    Ok(SideExample {
        input: request.input.clone(),
        base: request.base.clone(),
        original: original(from),
        minimized,
        one_minimal,
        validation_errors: error_names(request),
        classes: classes.iter().map(|c| (*c).to_owned()).collect(),
        whatwg: answer_of(WHATWG_PRIMARY),
        rfc: answer_of(RFC_PRIMARY),
        differences,
    })
}

/// Every validation error's example ([`ERROR_EXAMPLES`]) between the sides.
fn error_rows(side: &[&dyn Oracle], sections: &[Section]) -> Result<Vec<ErrorRow>, AskError> {
    let requests: Vec<Request> =
        ERROR_EXAMPLES.iter().map(|e| Request::new(e.input, e.base)).collect();
    let answers = ask(side, &requests)?;
    let mut rows = Vec::new();
    for ((example, request), answers) in ERROR_EXAMPLES.iter().zip(&requests).zip(&answers) {
        let differences = side_differences(&compare_answers(side, request, answers));
        let rfc_rejects = rfc_rejection(side, answers).is_some();
        let classes = if differences.is_empty() || rfc_rejects {
            Vec::new()
        } else {
            classes_of(request, &differences)
        };
        let covered_by = CLASSES
            .iter()
            .filter(|c| c.validation_errors.contains(&example.error) && classes.contains(&c.id))
            .filter(|c| sections.iter().any(|s| s.class.id == c.id))
            .map(|c| c.id.to_owned())
            .collect();
        rows.push(ErrorRow {
            error: example.error.name().to_owned(),
            can_be_fatal: example.error.can_be_fatal(),
            input: example.input.to_owned(),
            base: example.base.map(str::to_owned),
            hand_picked: example.hand_picked.map(str::to_owned),
            fields: differences.iter().map(|d| d.field.clone()).collect(),
            classes: classes.iter().map(|c| (*c).to_owned()).collect(),
            covered_by,
            rfc_rejects,
        });
    }
    Ok(rows)
}
