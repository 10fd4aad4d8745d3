//! Our own cases as suites, and a table oracle for tests.
//!
//! `corpus/cases/*.json` are in the urltestdata.json format (read by the one reader,
//! `urldiff_corpus::urltestdata`) and carry their own answers: each file is a [`Suite`] whose
//! truth is [`Truth::Embedded`]. [`TableOracle`] answers from such a file; the tests use it as
//! a fake oracle (`--table-oracle NAME=FILE`).

use anyhow::bail;
use std::collections::HashMap;
use std::path::Path;
use urldiff_oracles::suite::{Suite, Truth};
use urldiff_oracles::{Answer, Case, CaseKindTag, Oracle, OracleInfo, OracleKind, RecordModel};

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

/// The suites of every `*.json` file in `dir` (urltestdata format), named `<prefix><stem>`,
/// each its own truth. A missing folder gives no suites.
pub fn cases_suites(dir: &Path, prefix: &str, revision: &str) -> anyhow::Result<Vec<Suite>> {
    let Ok(listing) = std::fs::read_dir(dir) else { return Ok(vec![]) };
    let mut files: Vec<_> = listing
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "json"))
        .collect();
    files.sort();
    let mut suites = Vec::new();
    for file in files {
        let stem = file.file_stem().unwrap_or_default().to_string_lossy();
        let root = urldiff_corpus::repo_root();
        let shown = file.strip_prefix(&root).unwrap_or(&file);
        let label = format!("expectations in {}", shown.display());
        let name = format!("{prefix}{stem}");
        suites.push(read_suite(&file, &name, revision, Truth::Embedded { label })?);
    }
    Ok(suites)
}

/// An oracle that answers from a urltestdata-format table (no entry: no opinion).
#[derive(Debug)]
pub struct TableOracle {
    info: OracleInfo,
    table: HashMap<Case, Answer>,
}

impl TableOracle {
    pub fn new(name: &str, version: &str, entries: Vec<(Case, Answer)>) -> Self {
        let info = OracleInfo {
            name: name.to_owned(),
            kind: OracleKind::ExpectationTable,
            version: version.to_owned(),
            model: RecordModel::Whatwg,
            fields: RecordModel::Whatwg.field_names(),
            case_kinds: vec![CaseKindTag::Parse],
        };
        TableOracle { info, table: entries.into_iter().collect() }
    }

    /// Load `NAME=FILE`.
    pub fn from_spec(spec: &str) -> anyhow::Result<Self> {
        let Some((name, file)) = spec.split_once('=') else {
            bail!("--table-oracle wants NAME=FILE, got {spec:?}");
        };
        let entries = read_urltestdata(Path::new(file))?;
        Ok(TableOracle::new(name, &format!("table {file}"), entries))
    }
}

impl Oracle for TableOracle {
    fn info(&self) -> &OracleInfo {
        &self.info
    }

    fn answer_batch(&self, cases: &[Case]) -> Vec<Answer> {
        cases.iter().map(|c| self.table.get(c).cloned().unwrap_or(Answer::NoOpinion)).collect()
    }
}
