//! urldiff-triage: from raw divergences to findings. No printing: data in, data out; progress
//! goes through [`events::TriageEvents`].
//!
//! - [`ask`]: the one function every oracle call of triage goes through;
//! - [`standards`]: the reference in each claimed standard's mode, as oracles;
//! - [`rootcause`]: a divergence cut into conformance, confusion and model-difference parts,
//!   each keyed by its root cause (the deciding code point and the standard's step that reads
//!   it), the minimization goals that keep the key, and the severity table;
//! - [`minimize`]: delta debugging plus a readability pass, keeping a goal (the divergence
//!   signature, or a root cause), with a cache and a budget;
//! - [`classify`]: the named table of classes ([`classify::CLASSES`]) and the facts its
//!   predicates read;
//! - [`findings`]: the typed findings file (`findings.json`), made to be rendered, with its
//!   [`original`] cases;
//!   [`findings_json`]: it written with each group's members streamed from [`spill`], where a
//!   streamed triage keeps them (memory bounded by the groups, not the input);
//! - [`merge`]: findings files joined by root cause, and shards of an input;
//! - [`expected`]: what the per-oracle ledgers expect of each implementation;
//! - [`mark`]: what is known already about a group (new, known, fixed, documented, also-in, …);
//!   [`marks`]: how each is given; [`rootcause::documented`]: the deviations each library's
//!   documentation states (its profile);
//! - [`pipeline`]: triage of many cases, a batch at a time: ask, cut into parts, key, group,
//!   minimize, classify;
//! - [`rfc_vs_whatwg`]: where the WHATWG side and the RFC 3986 side read a component
//!   differently, by class, with an example each and the real parsers placed on a side;
//! - [`coverage`]: which URL Standard steps WPT's cases read;
//! - [`wpt_export`]: the conformance findings WPT lacks, as urltestdata.json entries;
//! - [`input`]: reading what `urldiff triage` triages (a conform report, JSON Lines files);
//! - [`compared`]: every oracle's answer to a batch of inputs, compared (`urldiff compare`,
//!   `urldiff serve`); [`select`]: choosing the oracles of a run; [`minimized_json`]: the
//!   `urldiff minimize --json` object.
//!
//! ```
//! use urldiff_triage::merge::in_shard;
//! // `urldiff triage --shard K/N`: every case falls in exactly one of the N shards.
//! for input in ["http://a/", "https://example.com/p?q", "mailto:x@y", ""] {
//!     let shards = (1..=4).filter(|&k| in_shard(input, None, k, 4)).count();
//!     assert_eq!(shards, 1, "{input}");
//! }
//! ```

pub mod ask;
pub mod classify;
pub mod compared;
pub mod coverage;
pub mod events;
pub mod expected;
pub mod findings;
pub mod findings_json;
pub mod input;
pub mod mark;
pub mod marks;
pub mod merge;
pub mod minimize;
pub mod minimized_json;
pub mod original;
pub mod pipeline;
pub mod rfc_vs_whatwg;
pub mod rootcause;
pub mod select;
pub mod spill;
pub mod standards;
pub mod state_coverage;
pub mod wpt_export;
pub mod wpt_witness;

pub use ask::{ask, case_for, request_of, AskError, Request};
pub use minimize::{minimize, Budget, MinimizeError, Minimized};
