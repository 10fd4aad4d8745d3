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
//!
//! ```
//! // An error is reported on stderr as `urldiff: error: ` and its causes; a closed stdout is
//! // no error (a reader like `head` went away).
//! let error = anyhow::anyhow!("no such file").context("reading run.json");
//! assert_eq!(
//!     urldiff::output::error_message(&error).as_deref(),
//!     Some("urldiff: error: reading run.json: no such file")
//! );
//! ```

#![deny(clippy::print_stdout)]

pub mod conform;
pub mod output;
