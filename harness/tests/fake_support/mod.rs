//! The fake oracle of the conform tests: the one table oracle (`urldiff_oracles::table`)
//! answering a case by its input alone (any base, any case kind), with no opinion on an input
//! its table lacks, or unavailable with a reason.

#![allow(dead_code)]

use urldiff_oracles::table::TableOracle;
use urldiff_oracles::{Answer, Case, CaseKindTag, OracleInfo, OracleKind, RecordModel};

/// An in-process WHATWG-model oracle's description named `name`, answering `case_kinds`
/// with `fields` declared.
pub fn info(name: &str, fields: Vec<String>, case_kinds: Vec<CaseKindTag>) -> OracleInfo {
    OracleInfo {
        name: name.into(),
        kind: OracleKind::InProcess,
        version: "0".into(),
        model: RecordModel::Whatwg,
        fields,
        case_kinds,
        unicode: None,
        claim: Default::default(),
    }
}

/// The table's key of a case: its input.
fn by_input(case: &Case) -> Option<Case> {
    Some(Case::parse(case.input.clone(), None))
}

/// An oracle answering each input of `answers` with its answer.
pub fn fake(info: OracleInfo, answers: impl IntoIterator<Item = (String, Answer)>) -> TableOracle {
    let rows = answers.into_iter().map(|(input, answer)| (Case::parse(input, None), answer));
    TableOracle::new(info, Ok(rows.collect())).with_lookup(by_input)
}

/// An oracle that cannot run here, for `reason`.
pub fn unavailable(info: OracleInfo, reason: &str) -> TableOracle {
    TableOracle::new(info, Err(reason.to_owned()))
}
