//! urldiff-oracles: the [`Oracle`] trait, the case/answer model, and every oracle adapter.
//!
//! An oracle answers [`Case`]s in batches with [`Answer`]s. Each oracle describes itself with
//! an [`OracleInfo`]: its name (part of the CLI contract), kind, exact version, the record
//! model it speaks (WHATWG or RFC), the fields it fills and the case kinds it answers.

pub mod model;
pub mod subprocess;

pub use model::*;
