//! The ledger as `urldiff conform` reads it: `urldiff_compare::ledger`, the comparison core's
//! view over the one reader of `corpus/expected/` (`urldiff_corpus::ledger`), plus its
//! duplicates as report data.

pub use urldiff_compare::ledger::*;

/// Entries written twice in one file, as the report shows them.
pub fn duplicates(ledger: &Ledger) -> Vec<urldiff_reports::data::Duplicate> {
    ledger
        .duplicates()
        .into_iter()
        .map(|d| urldiff_reports::data::Duplicate {
            oracle: d.oracle,
            file: d.file,
            first: d.first,
            line: d.line,
            entry: d.entry,
        })
        .collect()
}
