//! Choosing the oracles of `urldiff minimize`, `urldiff triage`, `urldiff export-wpt` and a fuzz
//! campaign's triage, and the tool version their findings carry. The ledger answers triage's
//! question itself ([`crate::expected`]).

use crate::compared::{select, CompareError, Selection};
use std::path::Path;
use urldiff_oracles::answer_cache::{cache_all, cache_where, CacheNotes};
use urldiff_oracles::{default_oracles, Oracle, OracleKind, RegistryConfig};

/// The oracles of a minimize or triage run: those named in `wanted` (each must exist and be
/// able to run), else every available one except the expectation tables, which only know
/// their own inputs and so have no opinion on any candidate or minimized input.
pub fn select_oracles(wanted: &[String]) -> Result<Selection, CompareError> {
    select_from(default_oracles(&RegistryConfig::default()), wanted)
}

/// [`select_oracles`], each oracle that has an identity answering from the answer cache in
/// `cache` first (`urldiff_oracles::answer_cache`): what it answered before is not asked again,
/// and its worker starts only when something is. Only the wanted oracles are cached (an
/// identity may build a worker first).
pub fn select_cached_oracles(
    wanted: &[String],
    cache: &Path,
    notes: &CacheNotes,
) -> Result<Selection, CompareError> {
    let runs = |o: &dyn Oracle| wanted.is_empty() || wanted.iter().any(|w| w == o.name());
    let all = cache_where(default_oracles(&RegistryConfig::default()), cache, notes, runs);
    select_from(all, wanted)
}

fn select_from(all: Vec<Box<dyn Oracle>>, wanted: &[String]) -> Result<Selection, CompareError> {
    let mut selection = select(all, wanted)?;
    if wanted.is_empty() {
        selection.oracles.retain(|o| o.kind() != OracleKind::ExpectationTable);
    }
    Ok(selection)
}

/// Add an oracle for every older CPython found (`python-urllib@3.X`,
/// `urldiff_oracles::subprocess::python_releases`) when `python-urllib` is selected, so that
/// triage files a finding against the newest release and marks the others
/// (`crate::marks::releases`).
pub fn with_other_releases(selection: &mut Selection) {
    with_other_releases_cached(selection, None)
}

/// [`with_other_releases`], the older releases answering from the answer cache in `cache`
/// first, as [`select_cached_oracles`] does.
pub fn with_other_releases_cached(selection: &mut Selection, cache: Option<(&Path, &CacheNotes)>) {
    if !selection.oracles.iter().any(|o| o.name() == "python-urllib") {
        return;
    }
    use urldiff_oracles::subprocess::python_releases::{older_cpythons, python_urllib_release};
    let others: Vec<Box<dyn Oracle>> = older_cpythons()
        .iter()
        .map(|python| Box::new(python_urllib_release(python)) as Box<dyn Oracle>)
        .collect();
    let others = match cache {
        Some((dir, notes)) => cache_all(others, dir, notes),
        None => others,
    };
    let (available, unavailable) = urldiff_oracles::registry::split_available(others);
    selection.oracles.extend(available);
    selection.unavailable.extend(unavailable);
}

/// The oracles as the library takes them.
pub fn refs(oracles: &[Box<dyn Oracle>]) -> Vec<&dyn Oracle> {
    oracles.iter().map(|o| o.as_ref()).collect()
}

/// urldiff's own version: the crate version and the build's `git describe` when known.
pub fn tool_version() -> String {
    let reference = urldiff_oracles::reference::version();
    match reference.split_once('(') {
        Some((_, describe)) => format!("{} ({describe}", env!("CARGO_PKG_VERSION")),
        None => env!("CARGO_PKG_VERSION").to_owned(),
    }
}
