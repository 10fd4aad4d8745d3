//! What the RFC-vs-WHATWG computation reads: its corpus, the sides' oracles and the real
//! parsers that can run here, one way for `urldiff report --rfc-vs-whatwg` (and `make report`)
//! and for the test that checks the committed `reports/rfc-vs-whatwg.md`.
//!
//! The corpus, in this order, each distinct input and base once (the first source keeps it):
//! the inputs of WPT's urltestdata.json (with their bases), the RFC 3986 §5.4 and RFC 2396
//! Appendix C examples (against their bases), our own cases (`corpus/cases/`), and
//! [`GENERATED`] inputs of `urldiff_corpus::urlgen` (seeded by WPT's inputs, the default seed:
//! the first cases of the `validity/generated` suite). All of it is the data embedded in the
//! build (WPT's copy included, never a synced one), so the report's deterministic part depends
//! on urldiff's source alone.

use crate::ask::AskError;
use crate::findings::{SkippedOracle, Tool};
use crate::rfc_vs_whatwg::{self as rvw, CorpusInput, RfcVsWhatwg};
use crate::{request_of, Request};
use std::collections::HashSet;
use urldiff_corpus::urlgen::{self, GenCase};
use urldiff_corpus::wpt::{LocateError, WptData};
use urldiff_oracles::registry::ConfigError;
use urldiff_oracles::suite::Suite;
use urldiff_oracles::suites::{cases_suites, rfc_suites, wpt_suites, SuitesError};
use urldiff_oracles::{Oracle, RegistryConfig};

/// Why the RFC-vs-WHATWG report could not be computed.
#[derive(Debug, thiserror::Error)]
pub enum InputsError {
    #[error("the RFC-vs-WHATWG report reads WPT's inputs: {0}")]
    Wpt(#[from] LocateError),
    #[error(transparent)]
    Suites(#[from] SuitesError),
    #[error(transparent)]
    Ask(#[from] AskError),
    #[error(transparent)]
    Config(#[from] ConfigError),
}

/// How many generated inputs the corpus holds.
pub const GENERATED: usize = 2000;
/// Where the Markdown report is committed, from the project's root.
pub const COMMITTED: &str = "reports/rfc-vs-whatwg.md";
pub use crate::rfc_vs_whatwg::GENERATED_SOURCE;

/// The WPT data the report reads: the copy embedded in this build.
pub fn wpt_data() -> Result<WptData, InputsError> {
    Ok(urldiff_corpus::wpt::embedded()?)
}

/// The corpus (see the module documentation).
pub fn corpus(wpt: &WptData) -> Result<Vec<CorpusInput>, InputsError> {
    let mut seen: HashSet<Request> = HashSet::new();
    let mut out = Vec::new();
    let mut push = |request: Request, source: &str| {
        if seen.insert(request.clone()) {
            out.push(CorpusInput { request, source: source.to_owned() });
        }
    };
    let urltestdata: Vec<Suite> =
        wpt_suites(wpt)?.into_iter().filter(|s| s.name == "wpt/urltestdata").collect();
    let rfc = rfc_suites(&urldiff_corpus::rfc_tables())?;
    let cases = cases_suites(&urldiff_corpus::cases(), "cases/", "embedded")?;
    let mut seeds = Vec::new();
    for suite in urltestdata.iter().chain(&rfc).chain(&cases) {
        // The RFC tables come in a strict and a non-strict reading of the same inputs.
        let source = suite.name.trim_end_matches("-non-strict").trim_end_matches("-strict");
        for case in &suite.cases {
            if let Some(request) = request_of(case) {
                if suite.name == "wpt/urltestdata" {
                    seeds
                        .push(GenCase { input: request.input.clone(), base: request.base.clone() });
                }
                push(request, source);
            }
        }
    }
    for made in urlgen::generate(&seeds, GENERATED, urlgen::DEFAULT_SEED) {
        push(Request::new(made.input, made.base.as_deref()), GENERATED_SOURCE);
    }
    Ok(out)
}

/// The oracles of both sides: `reference`, `wpt` (on `wpt`), `reference-rfc3986-strict` (the
/// validating RFC 3986 reading), `rfc3986-regex` (the lenient split), `rfc-examples` (on the
/// embedded tables). All in process.
pub fn side_oracles(wpt: &WptData) -> Vec<Box<dyn Oracle>> {
    use crate::standards::StandardReference;
    use urldiff_oracles::{reference, rfc3986_regex, rfc_examples, wpt as table, Standard};
    let strict = StandardReference::new(Standard::Rfc3986).expect("RFC 3986 has a reference");
    vec![
        Box::new(reference::ReferenceOracle::new()),
        Box::new(table::oracle(Ok(wpt.clone()))),
        Box::new(strict),
        Box::new(rfc3986_regex::Rfc3986RegexOracle::new()),
        Box::new(rfc_examples::oracle(&rfc_examples::default_tables())),
    ]
}

/// The deterministic part: the sides compared on the corpus.
pub fn deterministic(wpt: &WptData, corpus: &[CorpusInput]) -> Result<RfcVsWhatwg, InputsError> {
    let oracles = side_oracles(wpt);
    let refs: Vec<&dyn Oracle> = oracles.iter().map(|o| o.as_ref()).collect();
    Ok(rvw::compare_sides(corpus, &refs, Some(wpt.revision.clone()))?)
}

/// The real parsers that can run, and why the others cannot.
pub type RealParsersHere = (Vec<Box<dyn Oracle>>, Vec<SkippedOracle>);

/// The real parsers of [`rvw::REAL_PARSERS`] that can run here, and why the others cannot.
pub fn real_parsers() -> Result<RealParsersHere, InputsError> {
    let config = RegistryConfig::from_env()?;
    let all: Vec<Box<dyn Oracle>> = urldiff_oracles::default_oracles(&config)
        .into_iter()
        .filter(|o| rvw::REAL_PARSERS.contains(&o.name()))
        .collect();
    let (available, unavailable) = urldiff_oracles::registry::split_available(all);
    let skipped =
        unavailable.into_iter().map(|(name, reason)| SkippedOracle { name, reason }).collect();
    Ok((available, skipped))
}

/// Place the real parsers that can run in `report` (made by [`deterministic`] from `corpus`),
/// stamped with urldiff's version.
pub fn add_real_parsers(
    report: &mut RfcVsWhatwg,
    wpt: &WptData,
    corpus: &[CorpusInput],
    tool: Tool,
) -> Result<(), InputsError> {
    let (parsers, skipped) = real_parsers()?;
    let oracles = side_oracles(wpt);
    let refs: Vec<&dyn Oracle> = oracles.iter().map(|o| o.as_ref()).collect();
    let parser_refs: Vec<&dyn Oracle> = parsers.iter().map(|o| o.as_ref()).collect();
    rvw::tally_parsers(report, corpus, &refs, &parser_refs, (tool, skipped))?;
    Ok(())
}

/// The whole report `urldiff report --rfc-vs-whatwg` writes: the deterministic part over this
/// machine's WPT data and the corpus, then the real parsers that can run here, stamped with
/// urldiff's version (none with `in_process_only`).
pub fn report(in_process_only: bool) -> Result<RfcVsWhatwg, InputsError> {
    let wpt = wpt_data()?;
    let corpus = corpus(&wpt)?;
    let mut report = deterministic(&wpt, &corpus)?;
    if !in_process_only {
        let tool = Tool { name: "urldiff".into(), version: crate::select::tool_version() };
        add_real_parsers(&mut report, &wpt, &corpus, tool)?;
    }
    Ok(report)
}
