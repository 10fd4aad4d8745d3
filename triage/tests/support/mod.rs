//! The in-process oracles every triage test runs (no runtime needed): our parser in WHATWG and
//! RFC 3986 mode, RFC 3986 Appendix B's regular expression, rust-url and ada.

#![allow(dead_code)]

use urldiff_oracles::ada::AdaOracle;
use urldiff_oracles::reference::ReferenceOracle;
use urldiff_oracles::reference_rfc::ReferenceRfc3986Oracle;
use urldiff_oracles::rfc3986_regex::Rfc3986RegexOracle;
use urldiff_oracles::rust_url::RustUrlOracle;
use urldiff_oracles::Oracle;

pub fn in_process() -> Vec<Box<dyn Oracle>> {
    vec![
        Box::new(ReferenceOracle::new()),
        Box::new(ReferenceRfc3986Oracle::new()),
        Box::new(Rfc3986RegexOracle::new()),
        Box::new(RustUrlOracle::new()),
        Box::new(AdaOracle::new()),
    ]
}

/// The reference and its RFC 3986 mode only: small signatures, results checked by hand.
pub fn reference_pair() -> Vec<Box<dyn Oracle>> {
    vec![Box::new(ReferenceOracle::new()), Box::new(ReferenceRfc3986Oracle::new())]
}

pub fn refs(oracles: &[Box<dyn Oracle>]) -> Vec<&dyn Oracle> {
    oracles.iter().map(|o| o.as_ref()).collect()
}

/// A triage configuration for tests: no ledger, the default budget, `minimize_per_key`
/// minimizations a group, and a fixed tool name and source so findings compare across runs.
pub fn test_config<'a>(
    oracles: &'a [&'a dyn Oracle],
    minimize_per_key: usize,
) -> urldiff_triage::pipeline::Config<'a> {
    urldiff_triage::pipeline::Config {
        budget: urldiff_triage::Budget::default(),
        minimize_per_key,
        originals_kept: 5,
        tool: urldiff_triage::findings::Tool { name: "urldiff".into(), version: "test".into() },
        wpt_revision: None,
        sources: vec!["test".into()],
        ..urldiff_triage::pipeline::Config::new(oracles, &[])
    }
}
