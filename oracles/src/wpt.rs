//! The `wpt` oracle: the web-platform-tests URL expectation files, as a table.
//!
//! [`load_suites`] turns every file located by `urldiff_corpus::wpt` into a [`Suite`] of cases
//! with their expected answers, the way WPT's own test scripts use them:
//!
//! | file | case kind | expectation |
//! |---|---|---|
//! | `urltestdata.json`, `urltestdata-javascript-only.json` | parse (input, base) | WHATWG record, or failure |
//! | `setters_tests.json` | setter (href, property, new_value) | the `expected` fields only |
//! | `toascii.json`, `IdnaTestV2.json` | host-to-ASCII | the host of `https://{input}/x`, or failure |
//! | `percent-encoding.json` | percent-encode | the `utf-8` column |
//!
//! Lone surrogates in the JSON (`"\uD800"`) cannot live in a Rust `String`; they are replaced
//! with U+FFFD, as the URL API's USVString conversion does, and counted per suite
//! ([`Suite::lone_surrogates_replaced`]). Entries WPT itself skips (comments; the empty input
//! of IdnaTestV2, which `new URL()` cannot express) and the non-UTF-8 encodings of
//! percent-encoding.json are left out and counted in [`Suite::skipped`].

use crate::model::{
    Answer, Case, CaseKind, CaseKindTag, OracleInfo, OracleKind, Record, RecordModel, WhatwgRecord,
};
use crate::suite::{Suite, Truth};
use crate::table::TableOracle;
use urldiff_corpus::wpt::{LocateError, WptData};
use urldiff_corpus::wpt_tables::{self, Entries, HostTest, PercentEncodingTest, SetterTest};

/// The reason of every failure WPT expects.
const EXPECTS_FAILURE: &str = "WPT expects failure";

#[derive(Debug, thiserror::Error)]
pub enum WptLoadError {
    #[error(transparent)]
    Read(#[from] urldiff_corpus::data::DataError),
    #[error(transparent)]
    Urltestdata(#[from] urldiff_corpus::urltestdata::ReadError),
    #[error(transparent)]
    Table(#[from] urldiff_corpus::wpt_tables::TableError),
    #[error("{path}: unexpected layout: {what}")]
    Layout { path: String, what: String },
}

/// Read every WPT file into a suite, in `urldiff_corpus::wpt::FILES` order, each through the
/// corpus crate's reader of its format.
pub fn load_suites(data: &WptData) -> Result<Vec<Suite>, WptLoadError> {
    let mut suites = Vec::new();
    for file in urldiff_corpus::wpt::FILES {
        let shown = data.shown(file);
        let text = data.read(file)?;
        let name = file.trim_end_matches(".json");
        let truth = Truth::Table { oracle: "wpt".into(), file: (*file).to_owned() };
        let mut suite = Suite::new(name, data.revision.clone(), truth);
        suite.lone_surrogates_replaced = match *file {
            "urltestdata.json" | "urltestdata-javascript-only.json" => {
                let entries = urldiff_corpus::urltestdata::parse(&text, &shown)?;
                suite.push_urltestdata(&entries, EXPECTS_FAILURE).map_err(|e| {
                    WptLoadError::Layout { path: shown.clone(), what: e.to_string() }
                })?;
                entries.lone_surrogates_replaced
            }
            "setters_tests.json" => {
                fill_setter_suite(&mut suite, wpt_tables::setters(&text, &shown)?)
            }
            "toascii.json" | "IdnaTestV2.json" => {
                fill_host_suite(&mut suite, wpt_tables::host_tests(&text, &shown)?)
            }
            "percent-encoding.json" => {
                fill_percent_suite(&mut suite, wpt_tables::percent_encoding(&text, &shown)?)
            }
            other => {
                let what = format!("no reader for {other}");
                return Err(WptLoadError::Layout { path: shown, what });
            }
        };
        suites.push(suite);
    }
    Ok(suites)
}

fn failure(reason: &str) -> Answer {
    Answer::Failure { reason: reason.to_owned(), errors: Vec::new() }
}

fn parsed(record: Record) -> Answer {
    Answer::Parsed { record, errors: Vec::new() }
}

/// setters_tests: each test a setter case expecting exactly its `expected` fields; the lone
/// surrogates replaced.
fn fill_setter_suite(suite: &mut Suite, file: Entries<SetterTest>) -> usize {
    suite.skipped += file.comments;
    for test in file.entries {
        let kind = CaseKind::Setter { property: test.property, value: test.new_value };
        suite.cases.push(Case { input: test.href, base: None, kind });
        let record = WhatwgRecord::from_fields(|name| test.expected.get(name).cloned());
        suite.expected.push(parsed(Record::Whatwg(record)));
    }
    file.lone_surrogates_replaced
}

/// toascii / IdnaTestV2: each test a host-to-ASCII case; comments and the empty input are
/// skipped.
fn fill_host_suite(suite: &mut Suite, file: Entries<HostTest>) -> usize {
    suite.skipped += file.comments;
    for test in file.entries {
        // IdnaTestV2.window.js: "cannot test empty string input through new URL()".
        if test.input.is_empty() {
            suite.skipped += 1;
            continue;
        }
        let expected = match test.output {
            Some(output) => parsed(Record::Text { value: output }),
            None => failure(EXPECTS_FAILURE),
        };
        suite.cases.push(Case { input: test.input, base: None, kind: CaseKind::HostToAscii });
        suite.expected.push(expected);
    }
    file.lone_surrogates_replaced
}

/// percent-encoding: only UTF-8 is answerable by URL parsers without a document encoding, so
/// the other encodings are counted as skipped.
fn fill_percent_suite(suite: &mut Suite, file: Entries<PercentEncodingTest>) -> usize {
    suite.skipped += file.comments;
    for test in file.entries {
        suite.skipped += test.output.keys().filter(|k| *k != "utf-8").count();
        let Some(utf8) = test.output.get("utf-8") else { continue };
        suite.cases.push(Case { input: test.input, base: None, kind: CaseKind::PercentEncode });
        suite.expected.push(parsed(Record::Text { value: utf8.clone() }));
    }
    file.lone_surrogates_replaced
}

/// The `wpt` oracle, from located data or from the reason it could not be located: answers
/// the cases its files hold (when a case repeats, its first expectation), `NoOpinion` for
/// everything else.
pub fn oracle(data: Result<WptData, LocateError>) -> TableOracle {
    let version = match &data {
        Ok(data) => data.revision.clone(),
        Err(_) => "unknown (data not found)".to_owned(),
    };
    // Known for the embedded copy only (a synced one may be newer).
    let embedded = urldiff_corpus::wpt::embedded().ok();
    let unicode = data.as_ref().ok().filter(|d| Some(*d) == embedded.as_ref()).map(|_| {
        let version = urldiff_corpus::unicode::WPT_IDNA_UNICODE;
        format!("{version} (IdnaTestV2.json; see urldiff_corpus::unicode)")
    });
    let rows = data.map_err(|e| e.to_string()).and_then(|data| {
        let suites = load_suites(&data).map_err(|e| e.to_string())?;
        Ok(suites
            .into_iter()
            .flat_map(|suite| suite.cases.into_iter().zip(suite.expected))
            .collect())
    });
    let info = OracleInfo {
        name: "wpt".into(),
        kind: OracleKind::ExpectationTable,
        version,
        model: RecordModel::Whatwg,
        fields: crate::inprocess::whatwg_field_names(),
        case_kinds: vec![
            CaseKindTag::Parse,
            CaseKindTag::Setter,
            CaseKindTag::HostToAscii,
            CaseKindTag::PercentEncode,
        ],
        unicode,
        claim: crate::parsers::builtin_claim("wpt"),
    };
    TableOracle::new(info, rows)
}
