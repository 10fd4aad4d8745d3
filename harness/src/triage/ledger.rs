//! The ledger as `urldiff triage --ledger` reads it: the conform ledger
//! ([`crate::conform::ledger`], the one reader of `corpus/expected/`) behind the triage
//! library's [`Ledger`] question. What "expected" means for an N-oracle divergence is defined
//! in `urldiff_triage::expected`.

use crate::conform::ledger::{Difference, Ledger as ConformLedger};
use std::collections::BTreeSet;
use urldiff_compare::SharedField;
use urldiff_oracles::Answer;
use urldiff_triage::expected::Ledger;

/// Every ledger file of a folder, answering triage's question.
#[derive(Debug)]
pub struct TriageLedger(pub ConformLedger);

impl Ledger for TriageLedger {
    fn covers(
        &self,
        oracle: &str,
        suite: &str,
        case_name: &str,
        answer: &Answer,
        fields: &BTreeSet<SharedField>,
    ) -> bool {
        let Some(file) = self.0.files.get(oracle) else { return false };
        let difference = Difference::of(answer, fields);
        file.entries().any(|(_, entry)| entry.covers(suite, case_name, difference))
    }
}
