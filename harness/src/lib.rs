//! urldiff library: everything the binary does, minus the printing, so that tests (and later
//! the web service) drive the same code.
//!
//! - [`conform`]: the conformance driver (suites × oracles, ledger, reports);
//! - [`compare`]: every oracle's answer to some inputs, compared (`urldiff compare`);
//! - [`events`]: the progress interface runs report through;
//! - [`fuzz`]: `urldiff fuzz`, the resumable libFuzzer campaign over the fuzz workspace's
//!   binaries and its triage;
//! - [`jsonl`]: the JSON Lines request reader (and the `parse --jsonl` loop);
//! - [`triage`]: oracle choice, input reading and the ledger for minimize and triage;
//! - [`rfc_vs_whatwg`]: the corpus, oracles and files of the RFC-vs-WHATWG report;
//! - [`atomic`]: the one atomic writer of report and ledger files;
//! - [`output`]: the stdout writer (a closed pipe is a quiet exit, not a panic);
//! - [`listing`]: the rows of `urldiff oracles --json`;
//! - [`serve`]: `urldiff serve`, the viewer, the runs dashboard and the JSON API.

#![deny(clippy::print_stdout)]

pub mod atomic;
pub mod compare;
pub mod conform;
pub mod events;
pub mod fuzz;
pub mod jsonl;
pub mod listing;
pub mod output;
pub mod rfc_vs_whatwg;
pub mod serve;
pub mod triage;
