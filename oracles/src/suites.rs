//! The suites of a default `urldiff conform` run, built from the data embedded in the build,
//! each with its truth: the WPT files (`wpt/<file>`, judged by the `wpt` oracle's table for
//! that file), the validity suites (`validity/urltestdata`, `validity/generated`, judged by
//! the reference: [`crate::validity`]), the RFC example tables (`rfc/<table>-<reading>`,
//! judged by each table) and our own cases (`cases/<file>`, in the urltestdata format, which
//! carry their own answers). The conform driver and the RFC-vs-WHATWG report both build them
//! here.

use crate::model::{Answer, Case};
use crate::rfc_examples::RfcTablesError;
use crate::suite::{NoWhatwgRecord, Suite, Truth};
use crate::wpt::WptLoadError;
use std::path::Path;
use urldiff_corpus::data::{DataError, DataSource};
use urldiff_corpus::urltestdata::ReadError;
use urldiff_corpus::wpt::{LocateError, WptData};

/// Why the suites could not be built.
#[derive(Debug, thiserror::Error)]
pub enum SuitesError {
    #[error(transparent)]
    Wpt(#[from] WptLoadError),
    #[error(transparent)]
    RfcTables(#[from] RfcTablesError),
    #[error(transparent)]
    Data(#[from] DataError),
    #[error(transparent)]
    Read(#[from] ReadError),
    /// An entry of a urltestdata-format file that makes no WHATWG record.
    #[error("{file}: {problem}")]
    Entry { file: String, problem: NoWhatwgRecord },
}

/// Read a urltestdata-format file as cases and their answers.
pub fn read_urltestdata(path: &Path) -> Result<Vec<(Case, Answer)>, SuitesError> {
    let file = urldiff_corpus::urltestdata::read(path)?;
    let mut suite = Suite::new("", "", Truth::Embedded { label: String::new() });
    suite
        .push_urltestdata(&file, "")
        .map_err(|problem| SuitesError::Entry { file: path.display().to_string(), problem })?;
    Ok(suite.cases.into_iter().zip(suite.expected).collect())
}

/// The suites of every `*.json` file of `files` (urltestdata format), named
/// `<prefix><stem>`, each its own truth. A missing folder gives no suites.
pub fn cases_suites(
    files: &DataSource,
    prefix: &str,
    revision: &str,
) -> Result<Vec<Suite>, SuitesError> {
    let mut suites = Vec::new();
    for name in files.names("json") {
        let shown = files.shown(&name);
        let text = files.read(&name)?;
        let file = urldiff_corpus::urltestdata::parse(&text, &shown)?;
        let stem = name.trim_end_matches(".json");
        let label = format!("expectations in {shown}");
        let mut suite = Suite::new(format!("{prefix}{stem}"), revision, Truth::Embedded { label });
        suite
            .push_urltestdata(&file, "")
            .map_err(|problem| SuitesError::Entry { file: shown.clone(), problem })?;
        suites.push(suite);
    }
    Ok(suites)
}

/// The revision of our own cases as embedded: a hash of their contents.
pub fn cases_revision(cases: &DataSource) -> String {
    let names = cases.names("json");
    let texts: Vec<String> =
        names.iter().filter_map(|n| cases.read(n).ok().map(|t| t.into_owned())).collect();
    let parts = names.iter().map(String::as_bytes).chain(texts.iter().map(String::as_bytes));
    format!("sha256 {} (embedded)", urldiff_corpus::project::content_hash(parts))
}

/// The WPT files as suites `wpt/<file>`, judged by the `wpt` oracle's table for each file.
pub fn wpt_suites(data: &WptData) -> Result<Vec<Suite>, SuitesError> {
    Ok(prefixed("wpt", crate::wpt::load_suites(data)?))
}

/// The validity suites `validity/urltestdata` (the inputs of WPT's `urltestdata` suite) and
/// `validity/generated` (`URLDIFF_VALIDITY_CASES` generated cases, default
/// [`GENERATED_CASES`](crate::validity::GENERATED_CASES)), judged by the reference.
pub fn validity_suites(wpt: &[Suite]) -> Vec<Suite> {
    let Some(urltestdata) = wpt.iter().find(|s| s.name == "wpt/urltestdata") else {
        return Vec::new();
    };
    let generated = std::env::var("URLDIFF_VALIDITY_CASES")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(crate::validity::GENERATED_CASES);
    let suites = crate::validity::suites(&urltestdata.cases, &urltestdata.revision, generated);
    prefixed("validity", suites)
}

/// The RFC 3986 §5.4 and RFC 2396 Appendix C tables as suites `rfc/<table>-<reading>`, each
/// judged by its own table (the `rfc-examples` oracle's data, read per table so that RFC 2396's
/// answers judge the RFC 2396 suite).
pub fn rfc_suites(tables: &DataSource) -> Result<Vec<Suite>, SuitesError> {
    Ok(prefixed("rfc", crate::rfc_examples::load_suites(tables)?))
}

/// Name each suite `<prefix>/<name>`; each keeps its own truth (its loader's table).
fn prefixed(prefix: &str, suites: Vec<Suite>) -> Vec<Suite> {
    suites.into_iter().map(|s| Suite { name: format!("{prefix}/{}", s.name), ..s }).collect()
}

/// Every suite of a default run: WPT, validity, RFC tables, then our own cases (`cases`: the
/// embedded ones, or a folder). Without WPT data the WPT and validity suites are left out and
/// `skipped` hears why.
pub fn default_suites(
    wpt: &Result<WptData, LocateError>,
    cases: &DataSource,
    skipped: impl FnOnce(&str),
) -> Result<Vec<Suite>, SuitesError> {
    let mut suites = Vec::new();
    match wpt {
        Ok(data) => {
            let wpt = wpt_suites(data)?;
            let validity = validity_suites(&wpt);
            suites.extend(wpt.into_iter().chain(validity));
        }
        Err(reason) => skipped(&reason.to_string()),
    }
    suites.extend(rfc_suites(&crate::rfc_examples::default_tables())?);
    suites.extend(cases_suites(cases, "cases/", &cases_revision(cases))?);
    Ok(suites)
}
