//! The views of a comparison (`urldiff_triage::compared::Compared`): what `urldiff compare`
//! and `urldiff serve` show. No I/O: each view is text or a serde type the caller writes.
//!
//! - [`table`]: the default table, oracles grouped by agreement: a [`crate::table::Table`]
//!   fitted to a width by the one terminal layout (one block per column when wider);
//! - [`listing`]: `--wide`, every oracle's whole answer, one field per line;
//! - [`json`]: the typed JSON form (`--json`, `--jsonl`, the API);
//! - [`validity`]: the valid-URL-string verdict both show.
//!
//! Hostile text (values, reasons, evidence) goes through [`crate::plain::one_line`], the
//! reports' one escaping policy.

pub mod json;
pub mod listing;
pub mod table;
pub mod validity;
