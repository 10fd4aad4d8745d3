//! What a divergence is summarized under: triage's classes
//! (`urldiff_triage::classify::CLASSES`). [`classify`] fills `Divergence::classes` with
//! [`classify_divergence`], the one classifier, for every divergence that has none (a run
//! calls it on its report, [`crate::saved`] on a saved one from an older urldiff).

use crate::report::ConformReport;
use rayon::prelude::*;
use std::collections::HashMap;
use urldiff_oracles::{Answer, Record, RecordModel};
use urldiff_triage::classify::classify_divergence;

/// Whether the answer of `oracle` (or the truth a suite is judged by) speaks the WHATWG model.
fn whatwg_model(
    answer: &Answer,
    oracle: Option<&str>,
    models: &HashMap<String, RecordModel>,
) -> bool {
    match answer {
        Answer::Parsed { record: Record::Whatwg(_), .. } => true,
        Answer::Parsed { record: Record::Rfc(_), .. } => false,
        // A failure, a text record: the oracle's declared model; an embedded truth (our
        // cases, urltestdata format) is WHATWG.
        _ => oracle.and_then(|o| models.get(o)).is_none_or(|m| *m == RecordModel::Whatwg),
    }
}

/// Give every divergence without classes triage's classes for it: the case, the differing
/// fields (truth against the oracle's answer) and whether both sides are WHATWG-model
/// ([`classify_divergence`]). No oracle is asked and nothing is minimized.
pub fn classify(report: &mut ConformReport) {
    let models: HashMap<String, RecordModel> =
        report.oracles.iter().map(|o| (o.info.name.clone(), o.info.model)).collect();
    let truths: HashMap<String, Option<String>> =
        report.suites.iter().map(|s| (s.name.clone(), s.truth_oracle.clone())).collect();
    // Each divergence on its own: spread over the cores (13,000 of them in a full run).
    report.divergences.par_iter_mut().filter(|d| d.classes.is_empty()).for_each(|d| {
        let truth_oracle = truths.get(&d.suite).and_then(Option::as_deref);
        let pair = whatwg_model(&d.truth, truth_oracle, &models)
            && whatwg_model(&d.answer, Some(&d.oracle), &models);
        d.classes =
            classify_divergence(&d.case, &d.fields, pair).into_iter().map(str::to_owned).collect();
    });
}
