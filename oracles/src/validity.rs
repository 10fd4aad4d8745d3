//! The validity suites: the URL Standard's two notions of validity — the URL parser's
//! validation errors and the valid-URL-string grammar — judged by the reference.
//!
//! Each case is a [`CaseKind::Validity`] case; its truth is the `reference` oracle's own answer
//! ([`Truth::Oracle`]), so every oracle that answers validity cases (whatwg-url, the URL
//! Standard editors' reference implementation) is compared with the reference on the shared
//! fields `validation-errors` and `valid-url-string`, and every other oracle has no opinion.
//! WPT's expectations carry no validation errors, so they cannot be this truth.
//!
//! - `urltestdata`: every input of WPT's urltestdata.json, with its base;
//! - `generated`: a deterministic set from [`urldiff_corpus::urlgen`] (mutations of those
//!   inputs and grammar-built URLs, [`urlgen::DEFAULT_SEED`]), the first cases of the set the
//!   parser's whatwg-url agreement test runs.

use crate::model::{Case, CaseKind, Oracle};
use crate::reference::ReferenceOracle;
use crate::suite::{Suite, Truth};
use urldiff_corpus::urlgen::{self, GenCase};

/// How many generated cases the `generated` suite has by default.
pub const GENERATED_CASES: usize = 2000;

/// What the truth of a validity suite judges, for reports.
const JUDGED: &str = "validation errors and valid-URL-string verdicts";

/// The validity suites built from `urltestdata`'s cases (their inputs and bases; the case kind
/// is replaced) and `generated` generated cases; `revision` is the WPT data's.
pub fn suites(urltestdata: &[Case], revision: &str, generated: usize) -> Vec<Suite> {
    let wpt: Vec<GenCase> = urltestdata
        .iter()
        .map(|c| GenCase { input: c.input.clone(), base: c.base.clone() })
        .collect();
    let made = urlgen::generate(&wpt, generated, urlgen::DEFAULT_SEED);
    let generated_revision = format!(
        "urlgen seed {:#x}, {generated} cases, seeded by WPT {revision}",
        urlgen::DEFAULT_SEED
    );
    vec![suite("urltestdata", revision, &wpt), suite("generated", &generated_revision, &made)]
}

/// One suite of validity cases, its answers the reference's.
fn suite(name: &str, revision: &str, cases: &[GenCase]) -> Suite {
    let truth = Truth::Oracle { oracle: "reference".into(), label: JUDGED.into() };
    let mut suite = Suite::new(name, revision, truth);
    suite.cases = cases
        .iter()
        .map(|c| Case { input: c.input.clone(), base: c.base.clone(), kind: CaseKind::Validity })
        .collect();
    // In process and always available: only a lost worker makes answer_batch fail.
    suite.expected = ReferenceOracle::new()
        .answer_batch(&suite.cases)
        .expect("the reference answers in process");
    suite
}
