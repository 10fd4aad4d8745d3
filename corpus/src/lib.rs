//! urldiff-corpus: where urldiff's data lives and how to read it.
//!
//! - [`embedded`]: the read-only data, embedded at build time by `build.rs` so that the binary
//!   needs neither cargo nor its checkout: the WPT URL files (not committed here: the pinned
//!   `ada-url` package ships them under `tests/wpt/`, found through `cargo metadata` while
//!   building), the RFC example tables, our own cases and the committed ledger.
//! - [`atomic`]: the one atomic writer of every report, ledger and campaign file.
//! - [`data`]: a set of named files, from a folder or embedded ([`data::DataSource`]).
//! - [`wpt_sync`] downloads the WPT files at a pinned revision, verified by checksum, into the
//!   cache (`urldiff corpus sync`).
//! - [`wpt`] locates the WPT files: `URLDIFF_WPT_DIR`, a synced copy (`urldiff corpus sync`),
//!   else the embedded one.
//! - [`ledger`]: the one reader of the divergence ledger (`corpus/expected/*.txt`), generic
//!   over the comparison core's field names.
//! - [`project`]: the user-editable parts (the ledger, `out/`) found from the working
//!   directory, and the cache folder.
//! - [`regular`]: reading a file of a folder someone else fills: a regular file only, up to
//!   a limit (a FIFO or a device is refused, never waited on or read without end).
//! - [`request_line`]: the one reader of a JSON Lines request line (`{"input", "base"}`).
//! - [`required`]: for tests, the runtimes they need and `$URLDIFF_REQUIRE`, which turns a
//!   skip for a missing runtime into a failure.
//! - [`unicode`]: the Unicode versions of the IDNA data, probes, and the skews they explain.
//! - [`usv_json`] reads JSON whose strings may hold lone-surrogate escapes (`"\uD800"`), which
//!   a Rust `String` cannot hold, converting each lone surrogate to U+FFFD as a USVString
//!   conversion does, and counting them.
//! - [`urltestdata`] is the one reader of the urltestdata.json format (WPT's URL files and our
//!   own `corpus/cases/`), returning entries of this crate's own type.
//! - [`wpt_tables`]: the typed readers of WPT's setter, host and percent-encoding files and of
//!   the RFC example tables, one per format.
//! - [`urlgen`] generates URL-ish inputs deterministically (mutations of seed cases and
//!   grammar-built URLs), for differential tests and the `validity/generated` conform suite.
//!
//! ```
//! use urldiff_corpus::request_line::parse_request;
//! // A JSON Lines request: the input and its base (null or absent: none).
//! let request = parse_request(r#"{"input": "../x", "base": "http://example.com/a/b"}"#).unwrap();
//! assert_eq!(request.input, "../x");
//! assert_eq!(request.base.as_deref(), Some("http://example.com/a/b"));
//! // A line without an input string is no request.
//! assert!(parse_request(r#"{"base": null}"#).is_err());
//! ```

pub mod atomic;
pub mod data;
pub mod embedded;
pub mod ledger;
pub mod project;
pub mod regular;
pub mod request_line;
pub mod request_loop;
pub mod required;
pub mod unicode;
pub mod urlgen;
pub mod urltestdata;
pub mod usv_json;
pub mod wpt;
pub mod wpt_sync;
pub mod wpt_tables;

/// Lowercase hex of `bytes`: how urldiff writes hashes, ids and raw fuzz inputs.
pub fn hex(bytes: &[u8]) -> String {
    const DIGITS: &[u8; 16] = b"0123456789abcdef";
    let mut out = String::with_capacity(bytes.len() * 2);
    for b in bytes {
        out.push(char::from(DIGITS[usize::from(b >> 4)]));
        out.push(char::from(DIGITS[usize::from(b & 0xF)]));
    }
    out
}

use data::DataSource;

/// The RFC example tables (`corpus/rfc/*.json`), as embedded.
pub fn rfc_tables() -> DataSource {
    DataSource::Embedded { label: "corpus/rfc", files: embedded::RFC }
}

/// Our own cases (`corpus/cases/*.json`), as embedded.
pub fn cases() -> DataSource {
    DataSource::Embedded { label: "corpus/cases", files: embedded::CASES }
}

#[cfg(test)]
mod tests {
    #[test]
    fn hex_is_two_lowercase_digits_a_byte() {
        assert_eq!(super::hex(b"\x00\x0f\xa0\xffA"), "000fa0ff41");
        assert_eq!(super::hex(b""), "");
    }
}
