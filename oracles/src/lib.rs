//! urldiff-oracles: the [`Oracle`] trait, the case/answer model, and every oracle adapter.
//!
//! An oracle answers [`Case`]s in batches with [`Answer`]s. Each oracle describes itself with
//! an [`OracleInfo`]: its name (part of the CLI contract), kind, exact version, the record
//! model it speaks (WHATWG or RFC), the fields it fills and the case kinds it answers.
//!
//! - [`answer_cache`]: subprocess oracles' answers remembered across runs, by identity;
//! - [`registry`]: every oracle in a fixed order ([`registry::default_oracles`]);
//! - in process: [`reference`] (our parser), [`rust_url`] (the `url` crate), [`ada`]
//!   (the `ada-url` crate), all driven through [`inprocess`];
//! - in process, RFC model: [`reference_rfc`] (our parser's RFC 3986 mode), [`curl`]
//!   (libcurl's URL API, the one module with `unsafe` FFI calls);
//! - expectation tables, each a [`table::TableOracle`] fed by its source's rows: [`wpt`] (the
//!   WPT URL files, also exposed as suites) and [`rfc_examples`] (RFC 3986 §5.4 / RFC 2396
//!   Appendix C, also as suites);
//! - spec algorithms: [`rfc3986_regex`] (RFC 3986 Appendix B);
//! - [`parsers`]: one folder per parser (`oracles/parsers/<oracle>/`): each oracle's descriptor,
//!   and in it its claimed-behaviour [`profile`]; [`parsers::user`]: such folders from
//!   `URLDIFF_PARSERS`;
//! - [`oracle_name`]: what an oracle may be called; [`unavailable`]: the stand-in for an
//!   oracle that cannot run here;
//! - [`suite`]: the one `Suite` type (cases, expected answers, where the truth comes from);
//! - [`suites`]: the suites of a default conform run, built from the embedded data;
//! - [`validity`]: the validity suites (validation errors and valid-URL-string verdicts over
//!   WPT's inputs and a generated set), judged by the reference.
//!
//! ```
//! use urldiff_oracles::{reference::ReferenceOracle, Answer, Case, Oracle, Record};
//! // Every oracle answers a batch of cases, one answer per case, in order.
//! let reference = ReferenceOracle::new();
//! let cases = [Case::parse("HTTP://EXAMPLE.com:80/a/../b", None), Case::parse("http://[::1", None)];
//! let answers = reference.answer_batch(&cases).unwrap();
//! // The URL Standard lowercases a special scheme and host, drops the default port and
//! // removes dot segments.
//! let Answer::Parsed { record: Record::Whatwg(url), .. } = &answers[0] else { panic!() };
//! assert_eq!(url.href.as_deref(), Some("http://example.com/b"));
//! // An IPv6 address without its closing bracket is a failure.
//! assert!(matches!(answers[1], Answer::Failure { .. }));
//! ```

pub mod ada;
pub mod agreement;
pub mod answer_cache;
pub mod curl;
pub mod inprocess;
pub mod model;
pub mod oracle_name;
pub mod panic_guard;
pub mod parsers;
pub mod profile;
pub mod reference;
pub mod reference_rfc;
pub mod registry;
pub mod rfc3986_regex;
pub mod rfc_examples;
pub mod rust_url;
pub mod standard;
pub mod subprocess;
pub mod suite;
pub mod suites;
pub mod table;
pub mod unavailable;
pub mod validity;
pub mod wpt;

pub use model::*;
pub use registry::{default_oracles, RegistryConfig};
pub use standard::{Claim, Standard};
