//! urldiff library: what the binary runs beyond the other crates, minus the printing, so that
//! tests drive the same code.
//!
//! - [`conform`]: a conform run as the CLI makes it (`urldiff_conform` judges, then the
//!   reports are rendered and written);
//! - [`output`]: the stdout writer (a closed pipe is a quiet exit, not a panic), and the
//!   `parse --jsonl` loop on stdin and stdout.
//!
//! `urldiff serve` is the `urldiff-serve` crate, `urldiff fuzz` the `urldiff-campaign` crate,
//! and `urldiff compare` is `urldiff_triage::compared` shown by
//! `urldiff_reports::compare_view`.

#![deny(clippy::print_stdout)]

pub mod conform;
pub mod output;
