//! The ledger as `urldiff conform` reads it: `urldiff_compare::ledger`, the comparison core's
//! view over the one reader of `corpus/expected/` (`urldiff_corpus::ledger`).

pub use urldiff_compare::ledger::*;
