//! An original case of a group (its input and base, and where it came from), as
//! `findings.json` lists it and a ledger entry's upstream issue names it.

use serde::{Deserialize, Serialize};

/// An original case: its input and base, and where it came from.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Original {
    pub input: String,
    pub base: Option<String>,
    /// The suite (conform reports) or the file it came from.
    pub source: String,
}
