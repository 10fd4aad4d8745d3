//! The typed data of a conform report: everything a run found, as the JSON report writes it
//! and as every renderer reads it. `urldiff conform` builds a [`ConformReport`];
//! `urldiff report RESULTS.json` reads one back with [`ConformReport::from_json`] (or, without
//! holding the text, [`ConformReport::from_reader`]) and renders the same pages again, so
//! nothing a renderer shows may live outside this type. Reading goes straight into the typed
//! form, never through a `serde_json::Value` tree (a tree of a large report is many times its
//! size).
//!
//! The JSON keys are those of the first JSON report (`tool`, `version`, `exit_code`,
//! `wall_seconds`, `oracles`, `suites`, `cells`, `divergences`, `stale`, `unknown`,
//! `duplicates`, `adapter_rules`); later versions only add keys (`suites[].truth_oracle`,
//! `suites[].case_names`, `cells[].statuses`, `divergences[].case_index`,
//! `divergences[].classes`).

use serde::{Deserialize, Serialize};
use urldiff_compare::rules::{AdapterRule, RuleEffect};
use urldiff_compare::{FieldDiff, Severity, SharedField};
use urldiff_oracles::suite::Suite;
use urldiff_oracles::{Answer, Case, OracleInfo};

/// The `tool` of every urldiff report.
pub const TOOL: &str = "urldiff";

/// One oracle in a run.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct OracleStatus {
    pub info: OracleInfo,
    /// `None` when it ran; the reason it was skipped otherwise.
    pub skipped: Option<String>,
    pub seconds: f64,
    /// Answers lost to a crash or a time-out, over every case of the run.
    pub crashed: usize,
    pub timed_out: usize,
}

/// One suite of a run.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SuiteReport {
    pub name: String,
    /// The data revision.
    pub revision: String,
    /// How the truth is named, e.g. `oracle wpt (urltestdata.json)`.
    pub truth: String,
    /// How many cases.
    pub cases: usize,
    /// The expectation oracle whose table is the truth (its matrix cells read `(truth)`).
    pub truth_oracle: Option<String>,
    /// Every case's name (`Case::name`), in suite order: the JUnit test cases.
    pub case_names: Vec<String>,
}

impl SuiteReport {
    pub fn of(suite: &Suite) -> Self {
        SuiteReport {
            name: suite.name.clone(),
            revision: suite.revision.clone(),
            truth: suite.truth.label(),
            cases: suite.cases.len(),
            truth_oracle: suite.truth.oracle_name().map(str::to_owned),
            case_names: suite.cases.iter().map(Case::name).collect(),
        }
    }
}

/// What happened to one case of one oracle × suite cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CaseStatus {
    Passed,
    NoOpinion,
    /// Diverges, and the ledger does not expect it.
    Failed,
    /// Diverges as the ledger says it will.
    Ledgered,
}

impl CaseStatus {
    pub const ALL: [CaseStatus; 4] =
        [CaseStatus::Passed, CaseStatus::NoOpinion, CaseStatus::Failed, CaseStatus::Ledgered];

    /// The status's letter in `cells[].statuses`.
    pub fn letter(self) -> char {
        match self {
            CaseStatus::Passed => 'p',
            CaseStatus::NoOpinion => 'n',
            CaseStatus::Failed => 'f',
            CaseStatus::Ledgered => 'l',
        }
    }

    pub fn from_letter(letter: char) -> Option<CaseStatus> {
        CaseStatus::ALL.into_iter().find(|s| s.letter() == letter)
    }
}

/// `Vec<CaseStatus>` as one string of letters (`p` passed, `n` no opinion, `f` failed, `l`
/// ledgered), one per case in suite order: 4,000 cases × 12 oracles stay small.
mod status_letters {
    use super::CaseStatus;
    use serde::{Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(statuses: &[CaseStatus], s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&statuses.iter().map(|c| c.letter()).collect::<String>())
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<CaseStatus>, D::Error> {
        let text = String::deserialize(d)?;
        text.chars()
            .map(|c| {
                CaseStatus::from_letter(c).ok_or_else(|| {
                    serde::de::Error::custom(format!("unknown case status letter {c:?}"))
                })
            })
            .collect()
    }
}

/// One oracle × suite cell of the matrix.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MatrixCell {
    pub oracle: String,
    pub suite: String,
    pub passed: usize,
    pub failed: usize,
    pub ledgered: usize,
    pub no_opinion: usize,
    /// Per case, in suite order.
    #[serde(with = "status_letters")]
    pub statuses: Vec<CaseStatus>,
}

/// An answer that disagrees with its suite's truth.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Divergence {
    pub oracle: String,
    pub suite: String,
    /// The case's name (`Case::name`).
    pub name: String,
    /// The case's position in its suite.
    pub case_index: usize,
    pub case: Case,
    pub truth: Answer,
    pub answer: Answer,
    pub fields: Vec<FieldDiff>,
    pub severity: Severity,
    /// The ledger reason, when the divergence is expected.
    pub ledgered: Option<String>,
    /// The 1-based line of the ledger entry that expects it, in the oracle's ledger file
    /// (`<oracle>.txt` of the run's ledger folder); absent in reports of an urldiff that did
    /// not record it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ledger_line: Option<usize>,
    /// Triage's class ids (`crate::classify::classify`); empty in reports of an urldiff that
    /// did not classify (`urldiff report` classifies those when it reads them).
    #[serde(default)]
    pub classes: Vec<String>,
}

impl Divergence {
    pub fn differs_in(&self, field: SharedField) -> bool {
        self.fields.iter().any(|f| f.field == field)
    }
}

/// A ledger entry that is wrong: stale (covered nothing in its scope) or unknown (names no
/// case of any suite).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LedgerLine {
    pub oracle: String,
    pub file: String,
    pub line: usize,
    pub entry: String,
}

/// A ledger entry written twice: the ledger reader's own type.
pub use urldiff_compare::ledger::Duplicate;

/// An adapter rule as the report records it (the table of the urldiff that ran).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RuleRow {
    pub oracle: String,
    pub name: String,
    pub fields: Vec<String>,
    pub what: String,
    pub effect: RuleEffect,
}

impl From<&AdapterRule> for RuleRow {
    fn from(rule: &AdapterRule) -> Self {
        RuleRow {
            oracle: rule.oracle.to_owned(),
            name: rule.name.to_owned(),
            fields: rule.fields.iter().map(|f| f.name().to_owned()).collect(),
            what: rule.what.to_owned(),
            effect: rule.effect,
        }
    }
}

/// Everything a conform run found: the JSON report, and what every other report renders.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ConformReport {
    /// Always [`TOOL`].
    pub tool: String,
    /// urldiff's version.
    pub version: String,
    /// The run's exit code (0 with `--bless`, else [`ConformReport::gate_code`]).
    pub exit_code: u8,
    pub wall_seconds: f64,
    pub oracles: Vec<OracleStatus>,
    pub suites: Vec<SuiteReport>,
    pub cells: Vec<MatrixCell>,
    pub divergences: Vec<Divergence>,
    pub stale: Vec<LedgerLine>,
    /// Case entries whose case is in no suite known to the run.
    pub unknown: Vec<LedgerLine>,
    pub duplicates: Vec<Duplicate>,
    /// The adapter rules of the oracles that ran (what their adapters do to answers).
    pub adapter_rules: Vec<RuleRow>,
    /// Where the run's time went; only with `urldiff conform --timings` (absent otherwise).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub timings: Option<crate::timings::Timings>,
}

/// A report's `tool`, read alone (every other key skipped).
#[derive(Deserialize)]
struct ToolProbe {
    #[serde(default)]
    tool: Option<serde_json::Value>,
}

impl ToolProbe {
    fn is_urldiff(&self) -> bool {
        self.tool.as_ref().and_then(serde_json::Value::as_str) == Some(TOOL)
    }
}

/// A file that is not a conform report.
#[derive(Debug, thiserror::Error)]
pub enum ReportReadError {
    #[error("not JSON: {0}")]
    NotJson(serde_json::Error),
    #[error("not a urldiff report (no \"tool\": \"urldiff\")")]
    NotUrldiff,
    #[error("not a conform report of this urldiff: {0}")]
    NotConform(serde_json::Error),
}

impl ReportReadError {
    /// Syntax (and a cut-short text) is "not JSON"; JSON of another shape is "not a conform
    /// report".
    fn from_serde(e: serde_json::Error) -> ReportReadError {
        match e.classify() {
            serde_json::error::Category::Data => ReportReadError::NotConform(e),
            _ => ReportReadError::NotJson(e),
        }
    }
}

impl ConformReport {
    /// An empty report of this urldiff, to be filled by a run.
    pub fn new(version: &str) -> Self {
        ConformReport {
            tool: TOOL.to_owned(),
            version: version.to_owned(),
            exit_code: 0,
            wall_seconds: 0.0,
            oracles: Vec::new(),
            suites: Vec::new(),
            cells: Vec::new(),
            divergences: Vec::new(),
            stale: Vec::new(),
            unknown: Vec::new(),
            duplicates: Vec::new(),
            adapter_rules: Vec::new(),
            timings: None,
        }
    }

    /// Read a JSON report back.
    pub fn from_json(text: &str) -> Result<Self, ReportReadError> {
        let probe =
            match serde_json::from_str::<ToolProbe>(text).map_err(ReportReadError::from_serde) {
                // JSON, but no object: no report of urldiff's.
                Err(ReportReadError::NotConform(_)) => return Err(ReportReadError::NotUrldiff),
                other => other?,
            };
        if !probe.is_urldiff() {
            return Err(ReportReadError::NotUrldiff);
        }
        let report: ConformReport =
            serde_json::from_str(text).map_err(ReportReadError::from_serde)?;
        Ok(report)
    }

    /// Whether the JSON object `reader` holds says `"tool": "urldiff"`; everything else is
    /// skipped as it is read, nothing kept.
    pub fn is_urldiff(reader: impl std::io::Read) -> Result<bool, ReportReadError> {
        let probe: ToolProbe =
            serde_json::from_reader(reader).map_err(ReportReadError::from_serde)?;
        Ok(probe.is_urldiff())
    }

    /// The report `reader` holds, read into the typed form as it streams in, without the
    /// text (check [`ConformReport::is_urldiff`] first for [`ReportReadError::NotUrldiff`]).
    pub fn from_reader(reader: impl std::io::Read) -> Result<Self, ReportReadError> {
        let report: ConformReport =
            serde_json::from_reader(reader).map_err(ReportReadError::from_serde)?;
        if report.tool != TOOL {
            return Err(ReportReadError::NotUrldiff);
        }
        Ok(report)
    }

    /// The divergences the ledger does not expect (these fail the gate).
    pub fn unexpected(&self) -> impl Iterator<Item = &Divergence> {
        self.divergences.iter().filter(|d| d.ledgered.is_none())
    }

    /// The divergences the ledger expects.
    pub fn ledgered(&self) -> impl Iterator<Item = &Divergence> {
        self.divergences.iter().filter(|d| d.ledgered.is_some())
    }

    /// What the gate says: 0 nothing unexpected; 1 unexpected divergences or a wrong ledger
    /// (stale, unknown or duplicate entries).
    pub fn gate_code(&self) -> u8 {
        let wrong_ledger =
            !self.stale.is_empty() || !self.unknown.is_empty() || !self.duplicates.is_empty();
        u8::from(self.unexpected().next().is_some() || wrong_ledger)
    }

    /// `PASS` or `FAIL`, as the gate says.
    pub fn verdict(&self) -> &'static str {
        if self.gate_code() == 0 {
            "PASS"
        } else {
            "FAIL"
        }
    }

    /// The oracles that were skipped, with their reasons.
    pub fn skipped(&self) -> impl Iterator<Item = (&str, &str)> {
        self.oracles.iter().filter_map(|o| Some((o.info.name.as_str(), o.skipped.as_deref()?)))
    }

    /// The cell of an oracle × suite.
    pub fn cell(&self, oracle: &str, suite: &str) -> Option<&MatrixCell> {
        self.cells.iter().find(|c| c.oracle == oracle && c.suite == suite)
    }

    /// The report as pretty JSON (the `--json` file).
    pub fn to_json(&self) -> serde_json::Result<String> {
        serde_json::to_string_pretty(self)
    }

    /// [`ConformReport::to_json`]'s text written into `out` as it is made (give a buffered
    /// writer), never held whole.
    pub fn write_json(&self, out: impl std::io::Write) -> std::io::Result<()> {
        serde_json::to_writer_pretty(out, self).map_err(std::io::Error::from)
    }
}
