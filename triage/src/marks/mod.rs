//! Marks: what is already known about a group or a model difference, so that only what no
//! one knows goes upstream as a draft ([`Mark`], in `findings.json` as `"marks"`).
//!
//! - **new**: no library, ledger or documentation knows it, and the newest release found
//!   here shows it: an upstream draft.
//! - **known**: the library knows it already: its own list of expected failures (rust-url's
//!   `tests/expected_failures.txt`, [`expected_failures`]) or a ledger entry's `upstream:`
//!   issue. Not a draft.
//! - **fixed**: a newer release of the library found on this machine does not show it
//!   (another CPython, the ada crate for the ada Node bundles). Not a draft.
//! - **documented**: the library's own documentation states it (a rule of its profile,
//!   [`crate::rootcause::documented`]): a model difference, never a draft.
//! - **also-in**: older releases show it too (with **new**, it is a draft against the
//!   newest, naming the older ones).
//! - **unicode-version**: the library's Unicode data is older than its reference's, and a code
//!   point only the newer version assigns decides ([`crate::rootcause::unicode_skew`]): one
//!   group per library, never a draft.
//! - **same-cause**: another group of the same library shows the same cause by a stated rule
//!   ([`same_cause`]): listed, never a second draft.

pub mod expected_failures;
pub mod releases;
pub mod same_cause;

/// The mark type itself lives in [`crate::mark`] (below the findings that hold marks); named
/// here too, beside how each mark is given.
pub use crate::mark::Mark;

/// The mark a ledger entry's upstream issue gives (a regression, past the entry's fixing
/// version, is no mark: it is new again).
pub fn of_known(known: Option<&crate::expected::KnownIssue>) -> Vec<Mark> {
    match known {
        Some(k) if !k.regression => vec![Mark::Known {
            by: "the ledger (corpus/expected)".to_owned(),
            link: k.upstream.clone(),
            line: k.fixed_in.as_ref().map(|f| format!("fixed-in: {f}")),
        }],
        _ => Vec::new(),
    }
}

/// The mark of a conformance group keyed as a Unicode-version skew
/// ([`crate::rootcause::unicode_skew`]), with the versions of its library and reference.
pub fn unicode_version(
    judged: &crate::rootcause::parts::Judged,
    key: &crate::rootcause::RootCause,
) -> Option<Mark> {
    use crate::rootcause::unicode_skew::{skewed, version_name, STEP_ID};
    if key.step.as_ref()?.id != STEP_ID {
        return None;
    }
    let library = judged.oracles.iter().position(|o| Some(o.name()) == key.library.as_deref())?;
    let reference = judged.reference_for(library)?;
    let (l, r) = skewed(judged.oracles[library].info(), judged.oracles[reference].info())?;
    Some(Mark::UnicodeVersion {
        code_point: key.code_point.clone().unwrap_or_default(),
        library: version_name(l),
        reference: version_name(r),
    })
}
