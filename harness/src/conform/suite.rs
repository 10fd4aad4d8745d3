//! Suites and their truth, and our own cases in the urltestdata.json format.
//!
//! A [`Suite`] is a named list of cases with a data revision and an explicit [`Truth`]: either
//! an oracle whose answers are right by definition (`wpt` for the WPT files, `rfc-examples`
//! for the RFC tables), or answers embedded in the suite's own files (`corpus/cases/`).
//! [`TableOracle`] answers from a urltestdata-format file; the tests use it as a fake oracle.

use anyhow::{bail, Context};
use serde::Serialize;
use std::collections::HashMap;
use std::path::Path;
use urldiff_corpus::data::DataSource;
use urldiff_oracles::{
    Answer, Case, CaseKindTag, Oracle, OracleError, OracleInfo, OracleKind, Record, RecordModel,
    WhatwgRecord,
};

/// Where a suite's right answers come from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Truth {
    /// The answers of the oracle with this name.
    Oracle(String),
    /// The table of the expectation oracle `oracle` for exactly this suite's file, one answer
    /// per case (a case repeated in another file of the same oracle keeps its own answer).
    Table { oracle: String, file: String, answers: Vec<Answer> },
    /// Answers carried by the suite itself, one per case; `label` names their source.
    Embedded { label: String, answers: Vec<Answer> },
}

impl Truth {
    /// How reports name the truth, e.g. `oracle wpt` or `expectations in corpus/cases`.
    pub fn label(&self) -> String {
        match self {
            Truth::Oracle(name) => format!("oracle {name}"),
            Truth::Table { oracle, file, .. } => format!("oracle {oracle} ({file})"),
            Truth::Embedded { label, .. } => label.clone(),
        }
    }

    pub fn oracle_name(&self) -> Option<&str> {
        match self {
            Truth::Oracle(name) | Truth::Table { oracle: name, .. } => Some(name),
            Truth::Embedded { .. } => None,
        }
    }
}

/// A named list of cases with its revision and its truth.
#[derive(Clone, Debug)]
pub struct Suite {
    pub name: String,
    /// The data revision, e.g. `ada-url 4.0.0 package (cargo registry)` or a git commit.
    pub revision: String,
    pub truth: Truth,
    pub cases: Vec<Case>,
}

/// A suite's description as written in JSON reports.
#[derive(Clone, Debug, Serialize)]
pub struct SuiteSummary {
    pub name: String,
    pub revision: String,
    pub truth: String,
    pub cases: usize,
}

impl Suite {
    pub fn summary(&self) -> SuiteSummary {
        SuiteSummary {
            name: self.name.clone(),
            revision: self.revision.clone(),
            truth: self.truth.label(),
            cases: self.cases.len(),
        }
    }
}

/// WPT urltestdata fields, in the order of `WhatwgRecord`.
const WPT_FIELDS: [&str; 11] = [
    "href", "protocol", "username", "password", "host", "hostname", "port", "pathname", "search",
    "hash", "origin",
];

/// Read a urltestdata.json-format file: an array of strings (comments) and objects with
/// `input`, `base` (string or null) and either `failure: true` or the record fields.
pub fn read_urltestdata(path: &Path) -> anyhow::Result<Vec<(Case, Answer)>> {
    let text =
        std::fs::read_to_string(path).with_context(|| format!("reading {}", path.display()))?;
    parse_urltestdata(&text, &path.display().to_string())
}

/// [`read_urltestdata`] on text already read; `shown` names the file in errors.
pub fn parse_urltestdata(text: &str, shown: &str) -> anyhow::Result<Vec<(Case, Answer)>> {
    let (value, _lone_surrogates) =
        urldiff_corpus::usv_json::parse(text).with_context(|| format!("{shown}: not JSON"))?;
    let Some(items) = value.as_array() else {
        bail!("{shown}: expected a JSON array (the urltestdata.json format)");
    };
    let mut out = Vec::new();
    for (i, item) in items.iter().enumerate() {
        if item.is_string() {
            continue;
        }
        let entry = entry_from_json(item)
            .with_context(|| format!("{shown}: entry {i} (0-based, comments included)"))?;
        out.push(entry);
    }
    Ok(out)
}

fn entry_from_json(item: &serde_json::Value) -> anyhow::Result<(Case, Answer)> {
    let Some(input) = item.get("input").and_then(|v| v.as_str()) else {
        bail!("no string `input`");
    };
    let base = match item.get("base") {
        None | Some(serde_json::Value::Null) => None,
        Some(serde_json::Value::String(s)) => Some(s.as_str()),
        Some(_) => bail!("`base` must be a string or null"),
    };
    let case = Case::parse(input, base);
    if item.get("failure").and_then(|v| v.as_bool()) == Some(true) {
        return Ok((case, Answer::Failure { reason: String::new(), errors: vec![] }));
    }
    let field = |name: &str| item.get(name).and_then(|v| v.as_str()).map(str::to_owned);
    if WPT_FIELDS.iter().all(|f| field(f).is_none()) {
        bail!("neither `failure: true` nor any record field");
    }
    let record = WhatwgRecord {
        href: field("href"),
        protocol: field("protocol"),
        username: field("username"),
        password: field("password"),
        host: field("host"),
        hostname: field("hostname"),
        port: field("port"),
        pathname: field("pathname"),
        search: field("search"),
        hash: field("hash"),
        origin: field("origin"),
    };
    Ok((case, Answer::Parsed { record: Record::Whatwg(record), errors: vec![] }))
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
        let (cases, answers) = parse_urltestdata(&text, &shown)?.into_iter().unzip();
        let stem = name.trim_end_matches(".json");
        suites.push(Suite {
            name: format!("{prefix}{stem}"),
            revision: revision.to_owned(),
            truth: Truth::Embedded { label: format!("expectations in {shown}"), answers },
            cases,
        });
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
            fields: WPT_FIELDS.iter().map(|f| f.to_string()).collect(),
            case_kinds: vec![CaseKindTag::Parse],
            unicode: None,
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

    fn answer_batch(&self, cases: &[Case]) -> Result<Vec<Answer>, OracleError> {
        Ok(cases.iter().map(|c| self.table.get(c).cloned().unwrap_or(Answer::NoOpinion)).collect())
    }
}
