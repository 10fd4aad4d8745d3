//! The files of a fuzz campaign folder (`docs/campaign-layout.md`) as types: `status.json`
//! ([`CampaignStatus`], with the [`Resume`] state `urldiff fuzz` reads back after a kill) and
//! the lines of `history.jsonl` ([`HistoryLine`]). One reader per format: `urldiff fuzz`
//! writes these types and reads them back, and `urldiff serve` reads them with
//! [`CampaignStatus::from_json`] and [`read_history`].
//!
//! Readers are lenient where the layout allows it: a missing key takes its default (a
//! campaign that has not got that far), unknown keys are ignored (a newer writer), and a
//! history line that cannot be read is skipped and reported, never fatal.

pub mod plot;
pub mod report;

use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// The `schema_version` of `status.json` this reader knows.
pub const STATUS_SCHEMA_VERSION: u32 = 1;

/// How long a `running` status may go without being rewritten before it counts as
/// interrupted (the layout's "older than a minute").
pub const STALE_AFTER_SECONDS: u64 = 60;

/// A campaign's state, as `status.json` says it (and `interrupted` as a reader may judge it).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, strum::IntoStaticStr)]
#[serde(rename_all = "kebab-case")]
#[strum(serialize_all = "kebab-case")]
pub enum CampaignState {
    Running,
    Triaging,
    Finished,
    Interrupted,
    Failed,
}

impl CampaignState {
    pub fn name(self) -> &'static str {
        self.into()
    }

    /// Whether the campaign says it is still at work (and so needs a live process).
    pub fn is_live(self) -> bool {
        matches!(self, CampaignState::Running | CampaignState::Triaging)
    }
}

/// `status.json`: the live status, rewritten every few seconds while a campaign runs.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CampaignStatus {
    pub schema_version: u32,
    pub state: CampaignState,
    /// The urldiff process, while running.
    #[serde(default)]
    pub pid: Option<u32>,
    /// RFC 3339 times (UTC).
    #[serde(default)]
    pub started: Option<String>,
    #[serde(default)]
    pub updated: Option<String>,
    #[serde(default)]
    pub deadline: Option<String>,
    #[serde(default)]
    pub targets: Vec<String>,
    #[serde(default)]
    pub jobs: Option<u32>,
    #[serde(default)]
    pub execs: u64,
    #[serde(default)]
    pub execs_per_sec: f64,
    /// Entries, over all targets.
    #[serde(default)]
    pub corpus_size: u64,
    /// `findings/` files written by this campaign.
    #[serde(default)]
    pub new_signatures: u64,
    #[serde(default)]
    pub crashes: u64,
    #[serde(default)]
    pub seconds_left: Option<u64>,
    /// What `urldiff fuzz` needs to resume the campaign after a kill (not shown).
    #[serde(default)]
    pub resume: Resume,
}

/// The part of `status.json` a resumed campaign reads back.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Resume {
    /// The whole campaign's length, in seconds.
    #[serde(default)]
    pub duration_seconds: u64,
    /// Seconds each target has fuzzed so far (finished runs and the running one).
    #[serde(default)]
    pub elapsed_seconds: BTreeMap<String, u64>,
    /// Executions of the targets' finished runs (the running one adds its own).
    #[serde(default)]
    pub execs_done: u64,
    /// How many findings files each target had before the campaign started.
    #[serde(default)]
    pub findings_before: BTreeMap<String, u64>,
    /// The process groups of the fuzzers running now.
    #[serde(default)]
    pub fuzzer_groups: Vec<u32>,
}

/// Why a text is not a campaign `status.json` of this urldiff.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum StatusReadError {
    #[error("not JSON: {0}")]
    NotJson(serde_json::Error),
    #[error("schema_version {found}; this urldiff reads version {STATUS_SCHEMA_VERSION}")]
    OtherSchemaVersion { found: u64 },
    #[error("no schema_version: not a campaign status")]
    NoSchemaVersion,
    /// JSON with this schema version, but not the shape of a status.
    #[error("not a campaign status: {0}")]
    NotStatus(serde_json::Error),
}

impl CampaignStatus {
    /// Read `status.json`; another schema version, or a file that is not a status, is an error
    /// saying why.
    pub fn from_json(text: &str) -> Result<CampaignStatus, StatusReadError> {
        let value: serde_json::Value =
            serde_json::from_str(text).map_err(StatusReadError::NotJson)?;
        match value.get("schema_version").and_then(serde_json::Value::as_u64) {
            Some(v) if v == u64::from(STATUS_SCHEMA_VERSION) => {}
            Some(found) => return Err(StatusReadError::OtherSchemaVersion { found }),
            None => return Err(StatusReadError::NoSchemaVersion),
        }
        serde_json::from_value(value).map_err(StatusReadError::NotStatus)
    }
}

/// One line of `history.jsonl`: one finished campaign.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct HistoryLine {
    /// When it finished (RFC 3339, UTC).
    pub date: String,
    #[serde(default)]
    pub targets: Vec<String>,
    #[serde(default)]
    pub duration_seconds: u64,
    #[serde(default)]
    pub execs: u64,
    #[serde(default)]
    pub corpus_size: u64,
    #[serde(default)]
    pub groups: u64,
    /// Groups whose root cause no earlier run of the campaign folder had.
    #[serde(default)]
    pub new_groups: u64,
    #[serde(default)]
    pub groups_per_class: BTreeMap<String, u64>,
    /// The root-cause ids of the run's groups (what later runs compare with).
    #[serde(default)]
    pub root_causes: Vec<String>,
}

/// The lines of `history.jsonl` that read as history, in file order, and a note for each
/// line that does not (`line N: why`). Blank lines are skipped.
pub fn read_history(text: &str) -> (Vec<HistoryLine>, Vec<String>) {
    let mut lines = Vec::new();
    let mut problems = Vec::new();
    for (i, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        match serde_json::from_str::<HistoryLine>(line) {
            Ok(h) => lines.push(h),
            Err(e) => problems.push(format!("line {}: {e}", i + 1)),
        }
    }
    (lines, problems)
}
