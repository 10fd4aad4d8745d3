//! The `rfc-examples` oracle: the RFCs' own reference-resolution examples, as a table.
//!
//! The data is `corpus/rfc/rfc3986-5.4.json` (RFC 3986 §5.4) and
//! `corpus/rfc/rfc2396-appendix-c.json` (RFC 2396 Appendix C); `corpus/rfc/README.md`
//! describes the format. Each example is a resolve case (reference against the file's base)
//! whose answer fills `resolved` only.
//!
//! The two RFCs disagree on some examples (RFC 2396 resolves `?y` against the base's
//! directory, keeps `..` above the root, …), and a case carries no RFC variant, so the oracle
//! answers by RFC 3986, the current standard, in its strict reading ("for strict parsers");
//! an RFC 2396 example is answered only when RFC 3986's table has no example for the same
//! reference. Both tables, both readings, are also available whole as [`Suite`]s through
//! [`load_suites`], for a driver that knows which RFC it is checking. Parse cases with a base
//! are answered like resolve cases (for an RFC-model oracle a parse with a base includes the
//! resolution).

use crate::model::{
    Answer, Case, CaseKind, CaseKindTag, OracleInfo, OracleKind, Record, RecordModel, RfcRecord,
};
use crate::suite::{Suite, Truth};
use crate::table::TableOracle;
use urldiff_corpus::data::DataSource;
use urldiff_corpus::wpt_tables::rfc_examples;

/// The table files, RFC 3986 first (its answers win).
pub const FILES: [&str; 2] = ["rfc3986-5.4.json", "rfc2396-appendix-c.json"];

/// The tables of `corpus/rfc/`, as embedded in the build.
pub fn default_tables() -> DataSource {
    urldiff_corpus::rfc_tables()
}

/// Why the RFC tables could not be read.
#[derive(Debug, thiserror::Error)]
pub enum RfcTablesError {
    #[error(transparent)]
    Read(#[from] urldiff_corpus::data::DataError),
    #[error(transparent)]
    Table(#[from] urldiff_corpus::wpt_tables::TableError),
}

/// One suite per table and reading: `rfc3986-5.4-strict`, `rfc3986-5.4-non-strict`,
/// `rfc2396-appendix-c-strict`, `rfc2396-appendix-c-non-strict` (an example without a
/// `mode` is in both readings of its table).
pub fn load_suites(tables: &DataSource) -> Result<Vec<Suite>, RfcTablesError> {
    let mut suites = Vec::new();
    for file in FILES {
        let table = rfc_examples(&tables.read(file)?, &tables.shown(file))?;
        let source = table.source.unwrap_or_else(|| file.to_owned());
        for reading in ["strict", "non-strict"] {
            let name = format!("{}-{reading}", file.trim_end_matches(".json"));
            let truth = Truth::Table {
                oracle: "rfc-examples".into(),
                file: format!("corpus/rfc ({name})"),
            };
            let mut suite = Suite::new(name, source.clone(), truth);
            for example in &table.examples {
                if example.mode.as_deref().is_some_and(|mode| mode != reading) {
                    suite.skipped += 1;
                    continue;
                }
                suite.cases.push(resolve_case(&example.reference, &table.base));
                suite.expected.push(resolved_answer(&example.expected));
            }
            suites.push(suite);
        }
    }
    Ok(suites)
}

fn resolve_case(reference: &str, base: &str) -> Case {
    Case { input: reference.to_owned(), base: Some(base.to_owned()), kind: CaseKind::Resolve }
}

/// The table's answer: the expected target, and its components (RFC 3986's Appendix B and
/// §3.2 split of that target string — the table's own fact, restated per component so that
/// every RFC-model field can be compared).
fn resolved_answer(expected: &str) -> Answer {
    let target = urldiff_parser::rfc3986::split(expected);
    let record = RfcRecord {
        scheme: target.scheme,
        authority: target.authority,
        userinfo: target.userinfo,
        host: target.host,
        port: target.port,
        path: target.path,
        query: target.query,
        fragment: target.fragment,
        resolved: Some(expected.to_owned()),
    };
    Answer::Parsed { record: Record::Rfc(record), errors: Vec::new() }
}

/// The `rfc-examples` oracle: the strict readings' examples, RFC 3986 first (the first answer
/// for a case wins), answering resolve cases and parse cases with a base.
pub fn oracle(tables: &DataSource) -> TableOracle {
    let rows = load_suites(tables).map_err(|e| e.to_string()).map(|suites| {
        // Suites come RFC 3986 strict first.
        let strict = suites.into_iter().filter(|s| !s.name.ends_with("-non-strict"));
        strict.flat_map(|suite| suite.cases.into_iter().zip(suite.expected)).collect()
    });
    let info = OracleInfo {
        name: "rfc-examples".into(),
        kind: OracleKind::ExpectationTable,
        version: "RFC 3986 §5.4 + RFC 2396 Appendix C (corpus/rfc)".into(),
        model: RecordModel::Rfc,
        fields: RecordModel::Rfc.field_names(),
        case_kinds: vec![CaseKindTag::Parse, CaseKindTag::Resolve],
        unicode: None,
        claim: crate::parsers::builtin_claim("rfc-examples"),
    };
    TableOracle::new(info, rows).with_lookup(resolve_key)
}

/// Every row is a resolve case; a parse case with a base asks the same question.
fn resolve_key(case: &Case) -> Option<Case> {
    match (&case.kind, &case.base) {
        (CaseKind::Resolve | CaseKind::Parse, Some(base)) => Some(resolve_case(&case.input, base)),
        _ => None,
    }
}
