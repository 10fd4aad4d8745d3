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
use serde_json::Value;
use urldiff_corpus::wpt::WptData;

/// The reason of every failure WPT expects.
const EXPECTS_FAILURE: &str = "WPT expects failure";

#[derive(Debug, thiserror::Error)]
pub enum WptLoadError {
    #[error(transparent)]
    Read(#[from] urldiff_corpus::data::DataError),
    #[error("{path} is not valid JSON: {source}")]
    Json { path: String, source: serde_json::Error },
    #[error("{path}: unexpected layout: {what}")]
    Layout { path: String, what: String },
}

/// Read every WPT file into a suite, in `urldiff_corpus::wpt::FILES` order.
pub fn load_suites(data: &WptData) -> Result<Vec<Suite>, WptLoadError> {
    let mut suites = Vec::new();
    for file in urldiff_corpus::wpt::FILES {
        let shown = data.shown(file);
        let text = data.read(file)?;
        let (json, replaced) = urldiff_corpus::usv_json::parse(&text)
            .map_err(|source| WptLoadError::Json { path: shown.clone(), source })?;
        let name = file.trim_end_matches(".json");
        let truth = Truth::Table { oracle: "wpt".into(), file: (*file).to_owned() };
        let mut suite = Suite::new(name, data.revision.clone(), truth);
        suite.lone_surrogates_replaced = replaced;
        let layout = |what: &str| WptLoadError::Layout { path: shown.clone(), what: what.into() };
        match *file {
            "urltestdata.json" | "urltestdata-javascript-only.json" => {
                let entries = urldiff_corpus::urltestdata::from_value(&json, &shown)
                    .map_err(|e| layout(&e.to_string()))?;
                suite.push_urltestdata(&entries, EXPECTS_FAILURE).map_err(|w| layout(&w))?
            }
            "setters_tests.json" => fill_setter_suite(&mut suite, &json).map_err(|w| layout(&w))?,
            "toascii.json" | "IdnaTestV2.json" => {
                fill_host_suite(&mut suite, &json).map_err(|w| layout(&w))?
            }
            "percent-encoding.json" => {
                fill_percent_suite(&mut suite, &json).map_err(|w| layout(&w))?
            }
            other => return Err(layout(&format!("no reader for {other}"))),
        }
        suites.push(suite);
    }
    Ok(suites)
}

fn entries(json: &Value) -> Result<&Vec<Value>, String> {
    json.as_array().ok_or_else(|| "the top level is not an array".to_owned())
}

fn str_field<'a>(entry: &'a Value, key: &str) -> Result<&'a str, String> {
    entry[key].as_str().ok_or_else(|| format!("an entry has no string {key:?}: {entry}"))
}

fn failure(reason: &str) -> Answer {
    Answer::Failure { reason: reason.to_owned(), errors: Vec::new() }
}

/// A WHATWG record with exactly the fields present in `object`.
fn record_from(object: &Value) -> WhatwgRecord {
    WhatwgRecord::from_fields(|key| object.get(key).and_then(Value::as_str).map(str::to_owned))
}

fn parsed(record: Record) -> Answer {
    Answer::Parsed { record, errors: Vec::new() }
}

/// setters_tests: `{property: [{href, new_value, expected: {field: value}}]}`.
fn fill_setter_suite(suite: &mut Suite, json: &Value) -> Result<(), String> {
    let object = json.as_object().ok_or("the top level is not an object")?;
    for (property, tests) in object {
        if property == "comment" {
            suite.skipped += 1;
            continue;
        }
        let tests = tests.as_array().ok_or_else(|| format!("{property:?} is not an array"))?;
        for test in tests {
            let href = str_field(test, "href")?;
            let value = str_field(test, "new_value")?;
            let kind = CaseKind::Setter { property: property.clone(), value: value.to_owned() };
            suite.cases.push(Case { input: href.to_owned(), base: None, kind });
            suite.expected.push(parsed(Record::Whatwg(record_from(&test["expected"]))));
        }
    }
    Ok(())
}

/// toascii / IdnaTestV2: `{input, output | null}`; strings are comments.
fn fill_host_suite(suite: &mut Suite, json: &Value) -> Result<(), String> {
    for entry in entries(json)? {
        // IdnaTestV2.window.js: "cannot test empty string input through new URL()".
        if entry.is_string() || entry["input"] == "" {
            suite.skipped += 1;
            continue;
        }
        let input = str_field(entry, "input")?;
        let expected = match entry["output"].as_str() {
            Some(output) => parsed(Record::Text { value: output.to_owned() }),
            None => failure(EXPECTS_FAILURE),
        };
        suite.cases.push(Case { input: input.to_owned(), base: None, kind: CaseKind::HostToAscii });
        suite.expected.push(expected);
    }
    Ok(())
}

/// percent-encoding: `{input, output: {encoding: encoded}}`; only UTF-8 is answerable by
/// URL parsers without a document encoding, so the other encodings are counted as skipped.
fn fill_percent_suite(suite: &mut Suite, json: &Value) -> Result<(), String> {
    for entry in entries(json)? {
        if entry.is_string() {
            suite.skipped += 1;
            continue;
        }
        let input = str_field(entry, "input")?;
        let outputs = entry["output"].as_object().ok_or("an entry has no output object")?;
        suite.skipped += outputs.keys().filter(|k| *k != "utf-8").count();
        let Some(utf8) = outputs.get("utf-8").and_then(Value::as_str) else {
            continue;
        };
        suite.cases.push(Case {
            input: input.to_owned(),
            base: None,
            kind: CaseKind::PercentEncode,
        });
        suite.expected.push(parsed(Record::Text { value: utf8.to_owned() }));
    }
    Ok(())
}

/// The `wpt` oracle, from located data or from the reason it could not be located: answers
/// the cases its files hold (when a case repeats, its first expectation), `NoOpinion` for
/// everything else.
pub fn oracle(data: Result<WptData, String>) -> TableOracle {
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
    let rows = data.and_then(|data| {
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
        claim: crate::standard::builtin_claim("wpt"),
    };
    TableOracle::new(info, rows)
}
