//! The part of the comparison that depends on the machine: on which side each real parser
//! reads the split inputs of every class, and each class's example.

use super::compute::{find_splits, side_oracles};
use super::sides::side_of;
use super::{CorpusInput, ParserTally, RealParsers, RfcVsWhatwg, Side, SideDifference};
use crate::ask::{ask, compare_answers, AskError, Request};
use crate::findings::{OracleVersion, SkippedOracle, Tool};
use urldiff_oracles::{Answer, Oracle};

/// Place the real parsers `parsers` (those that can run) in `report`, made by
/// [`super::compare_sides`] from the same `corpus` and `oracles`: each section gets every
/// parser's side on its example and its tally over the section's inputs, and the report the
/// tally over every split input and the parsers' versions (`stamp`: urldiff's version and the
/// parsers that could not run). Each parser answers all split inputs in one batch, and all
/// examples in another.
pub fn tally_parsers(
    report: &mut RfcVsWhatwg,
    corpus: &[CorpusInput],
    oracles: &[&dyn Oracle],
    parsers: &[&dyn Oracle],
    stamp: (Tool, Vec<SkippedOracle>),
) -> Result<(), AskError> {
    let side = side_oracles(oracles);
    let splits = find_splits(corpus, &side)?;
    let mut all: Vec<&dyn Oracle> = side.clone();
    all.extend(parsers);
    let place = |requests: &[Request], diffs: &[&[SideDifference]]| -> Result<_, AskError> {
        let answers = ask(&all, requests)?;
        Ok(requests
            .iter()
            .zip(&answers)
            .zip(diffs)
            .map(|((request, answers), diffs)| sides_of(&all, parsers, request, answers, diffs))
            .collect::<Vec<Vec<Side>>>())
    };
    let requests: Vec<Request> = splits.iter().map(|s| corpus[s.index].request.clone()).collect();
    let diffs: Vec<&[SideDifference]> = splits.iter().map(|s| &s.differences[..]).collect();
    let placed = place(&requests, &diffs)?;
    let examples: Vec<Request> = report
        .sections
        .iter()
        .map(|s| Request::new(s.example.input.clone(), s.example.base.as_deref()))
        .collect();
    let example_diffs: Vec<&[SideDifference]> =
        report.sections.iter().map(|s| &s.example.differences[..]).collect();
    let on_examples = place(&examples, &example_diffs)?;
    for (section, on_example) in report.sections.iter_mut().zip(&on_examples) {
        let id = section.class.id.as_str();
        let members: Vec<&Vec<Side>> = splits
            .iter()
            .zip(&placed)
            .filter(|(s, _)| s.classes.contains(&id))
            .map(|(_, p)| p)
            .collect();
        section.parsers = tallies(parsers, &members, Some(on_example));
    }
    let every: Vec<&Vec<Side>> = placed.iter().collect();
    report.real = Some(RealParsers {
        tool: stamp.0,
        parsers: parsers.iter().map(|p| OracleVersion::of(p.info())).collect(),
        skipped: stamp.1,
        overall: tallies(parsers, &every, None),
    });
    Ok(())
}

/// Each parser's side on one input.
fn sides_of(
    all: &[&dyn Oracle],
    parsers: &[&dyn Oracle],
    request: &Request,
    answers: &[Answer],
    diffs: &[SideDifference],
) -> Vec<Side> {
    let comparison = compare_answers(all, request, answers);
    parsers.iter().map(|p| side_of(&comparison, diffs, p.name())).collect()
}

/// Count each parser's sides over `members` (one `Vec<Side>` per input, in parser order).
fn tallies(
    parsers: &[&dyn Oracle],
    members: &[&Vec<Side>],
    example: Option<&[Side]>,
) -> Vec<ParserTally> {
    parsers
        .iter()
        .enumerate()
        .map(|(p, parser)| {
            let mut t = ParserTally {
                oracle: parser.name().to_owned(),
                example: example.map(|e| e[p]),
                whatwg: 0,
                rfc: 0,
                neither: 0,
                no_opinion: 0,
            };
            for sides in members {
                match sides[p] {
                    Side::Whatwg => t.whatwg += 1,
                    Side::Rfc => t.rfc += 1,
                    Side::Neither => t.neither += 1,
                    Side::NoOpinion => t.no_opinion += 1,
                }
            }
            t
        })
        .collect()
}
