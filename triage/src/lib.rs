//! urldiff-triage: from raw divergences to findings. No printing: data in, data out; progress
//! goes through [`events::TriageEvents`].
//!
//! - [`ask`]: the one function every oracle call of triage goes through;
//! - [`minimize`]: delta debugging plus a readability pass, preserving the divergence
//!   signature, with a cache and a budget;
//! - [`classify`]: the named table of classes ([`classify::CLASSES`]) and the facts its
//!   predicates read;
//! - [`findings`]: the typed findings file (`findings.json`), made to be rendered;
//! - [`expected`]: which N-oracle divergences the per-oracle ledgers expect;
//! - [`pipeline`]: triage of many cases: ask, keep the divergent (and unexpected), dedupe,
//!   minimize, classify, group;
//! - [`rfc_vs_whatwg`]: where the WHATWG side and the RFC 3986 side read a component
//!   differently, by class, with an example each and the real parsers placed on a side;
//! - [`wpt_export`]: findings as urltestdata.json entries.

pub mod ask;
pub mod classify;
pub mod coverage;
pub mod events;
pub mod expected;
pub mod findings;
pub mod merge;
pub mod minimize;
pub mod pipeline;
pub mod rfc_vs_whatwg;
pub mod rootcause;
pub mod standards;
pub mod wpt_export;

pub use ask::{ask, case_for, request_of, AskError, Request};
pub use minimize::{minimize, Budget, MinimizeError, Minimized};
