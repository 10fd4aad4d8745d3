//! urldiff-oracles: the [`Oracle`] trait, the case/answer model, and every oracle adapter.
//!
//! An oracle answers [`Case`]s in batches with [`Answer`]s. Each oracle describes itself with
//! an [`OracleInfo`]: its name (part of the CLI contract), kind, exact version, the record
//! model it speaks (WHATWG or RFC), the fields it fills and the case kinds it answers.
//!
//! - [`registry`]: every oracle in a fixed order ([`registry::default_oracles`]);
//! - in process: [`reference`] (our parser), [`rust_url`] (the `url` crate), [`ada`]
//!   (the `ada-url` crate), all driven through [`inprocess`];
//! - expectation tables: [`wpt`] (the WPT URL files, also exposed as suites);
//! - spec algorithms: [`rfc3986_regex`] (RFC 3986 Appendix B).

pub mod ada;
pub mod inprocess;
pub mod model;
pub mod reference;
pub mod registry;
pub mod rfc3986_regex;
pub mod rust_url;
pub mod wpt;

pub use model::*;
pub use registry::{default_oracles, RegistryConfig};
