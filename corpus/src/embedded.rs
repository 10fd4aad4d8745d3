//! The read-only data embedded at build time by `build.rs`: each table is `(file name,
//! contents)`, sorted by name.
//!
//! - [`WPT`]: the WPT URL files of `crate::wpt::FILES`, from the pinned ada-url package (an
//!   `Err` with the reason when the build could not find them);
//! - [`RFC`]: `corpus/rfc/*.json`; [`CASES`]: `corpus/cases/*.json`;
//! - [`LEDGER`]: `corpus/expected/*.txt`, the committed ledger (the read-only fallback outside
//!   a checkout);
//! - [`URL_EXPECTED_FAILURES`]: (version, contents) of rust-url's own
//!   `tests/expected_failures.txt`, from the `url` package (an `Err` with the reason when the
//!   build could not find it).

/// A table of embedded files: (file name, contents).
pub type Files = &'static [(&'static str, &'static str)];

include!(concat!(env!("OUT_DIR"), "/embedded.rs"));
