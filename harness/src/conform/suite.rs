//! Our own cases as suites, and a table oracle for tests.
//!
//! `corpus/cases/*.json` are in the urltestdata.json format (read by the one reader,
//! `urldiff_corpus::urltestdata`) and carry their own answers: each file is a [`Suite`] whose
//! truth is [`Truth::Embedded`]. [`table_oracle`] answers from such a file (the one table oracle,
//! `urldiff_oracles::table`); the tests use it as a fake oracle (`--table-oracle NAME=FILE`).

use anyhow::bail;
use std::path::Path;
use urldiff_corpus::data::DataSource;
use urldiff_oracles::suite::{Suite, Truth};
use urldiff_oracles::table::TableOracle;
use urldiff_oracles::{Answer, Case, CaseKindTag, OracleInfo, OracleKind, RecordModel};

/// Read a urltestdata-format file as cases and their answers.
pub fn read_urltestdata(path: &Path) -> anyhow::Result<Vec<(Case, Answer)>> {
    let suite = read_suite(path, "", "", Truth::Embedded { label: String::new() })?;
    Ok(suite.cases.into_iter().zip(suite.expected).collect())
}

fn read_suite(path: &Path, name: &str, revision: &str, truth: Truth) -> anyhow::Result<Suite> {
    let file = urldiff_corpus::urltestdata::read(path)?;
    let mut suite = Suite::new(name, revision, truth);
    suite
        .push_urltestdata(&file, "")
        .map_err(|what| anyhow::anyhow!("{}: {what}", path.display()))?;
    Ok(suite)
}

/// The suites of every `*.json` file of `files` (urltestdata format), named
/// `<prefix><stem>`, each its own truth. A missing folder gives no suites.
pub fn cases_suites(
    files: &DataSource,
    prefix: &str,
    revision: &str,
) -> anyhow::Result<Vec<Suite>> {
    let mut suites = Vec::new();
    for name in files.names("json") {
        let shown = files.shown(&name);
        let text = files.read(&name)?;
        let file = urldiff_corpus::urltestdata::parse(&text, &shown)?;
        let stem = name.trim_end_matches(".json");
        let label = format!("expectations in {shown}");
        let mut suite = Suite::new(format!("{prefix}{stem}"), revision, Truth::Embedded { label });
        suite.push_urltestdata(&file, "").map_err(|what| anyhow::anyhow!("{shown}: {what}"))?;
        suites.push(suite);
    }
    Ok(suites)
}

/// A fake oracle for tests, `--table-oracle NAME=FILE`: the one table oracle
/// ([`TableOracle`]) answering parse cases from a urltestdata-format file (no entry: no
/// opinion).
pub fn table_oracle(spec: &str) -> anyhow::Result<TableOracle> {
    let Some((name, file)) = spec.split_once('=') else {
        bail!("--table-oracle wants NAME=FILE, got {spec:?}");
    };
    let rows = read_urltestdata(Path::new(file))?;
    let info = OracleInfo {
        name: name.to_owned(),
        kind: OracleKind::ExpectationTable,
        version: format!("table {file}"),
        model: RecordModel::Whatwg,
        fields: RecordModel::Whatwg.field_names(),
        case_kinds: vec![CaseKindTag::Parse],
        unicode: None,
        claim: Default::default(),
    };
    Ok(TableOracle::new(info, Ok(rows)))
}
