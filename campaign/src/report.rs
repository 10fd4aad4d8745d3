//! The end of a campaign: triage its findings and write the reports.
//!
//! Every findings file of the triaged targets (`differential`, `structured`: parse cases) is
//! one case, in the suite `fuzz/<target>`: the triage pipeline re-runs it through every
//! available oracle (the subprocess ones too), leaves out what the ledger expects, minimizes,
//! classifies and groups (`urldiff_triage::pipeline`). The other targets' findings in the folder
//! (setter sequences, RFC invariants, the two notions of validity; `structured` records its
//! roundtrip findings under `roundtrip`) are not parse divergences between oracles; they are
//! listed by signature (`signatures` in `report.json`).
//!
//! A findings file is read only when it is a regular file of at most [`MAX_FINDING_BYTES`]
//! (`urldiff_corpus::regular`); one that is not, or is not a findings file, is named on stderr
//! (`CampaignEvents::note`) and in `report.json` (`run.unreadable_lines`).
//!
//! `report.json` is the findings file of `urldiff triage` plus `campaign` (the final status),
//! `signatures` and `crashes`; `report.md` and `report.html` render it with the history plot;
//! one line goes to `history.jsonl`. A group is new when the previous `report.json` of the
//! folder did not have its id: the exit code is 1 when there is one, else 0.

use super::status::{self, HistoryLine, Status};
use super::{CampaignEvents, Layout, Options};
use anyhow::Context;
use serde_json::Value;
use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;
use urldiff_reports::campaign::report::{
    self as campaign_report, CampaignReport, GroupRow, OtherFinding,
};
use urldiff_triage::ask::Request;
use urldiff_triage::findings::{Findings, OtherSignature};
use urldiff_triage::pipeline::{triage, Config, TriageCase};
use urldiff_triage::select::{refs, select_oracles};
use urldiff_triage::Budget;

/// The targets whose findings are parse cases, triaged across every oracle.
pub const TRIAGED: [&str; 2] = ["differential", "structured"];

/// A findings file, as the fuzz targets write it (docs/campaign-layout.md).
#[derive(Clone, Debug, serde::Deserialize)]
pub struct FindingFile {
    pub target: String,
    pub signature_id: String,
    pub signature: String,
    pub input: String,
    pub base: Option<String>,
    #[serde(default)]
    pub detail: String,
}

/// The most bytes read from one findings file (the fuzz targets write a few hundred).
pub const MAX_FINDING_BYTES: u64 = 1 << 20;

/// A target's findings files: those read, by file name, and those that could not be read
/// (`<path>: why`).
#[derive(Debug, Default)]
pub struct TargetFindings {
    pub files: Vec<FindingFile>,
    pub unreadable: Vec<String>,
}

/// Every `.json` file of `target`'s findings folder, by file name. Each is read with
/// `urldiff_corpus::regular` (a regular file of at most [`MAX_FINDING_BYTES`]: a FIFO or a
/// link to a device is refused, never waited on); one that cannot be read or is not a
/// findings file is set aside with its path and why, and the others are read.
pub fn read_findings(layout: &Layout, target: &str) -> TargetFindings {
    let mut out = TargetFindings::default();
    let Ok(entries) = std::fs::read_dir(layout.findings(target)) else { return out };
    let mut paths: Vec<_> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "json"))
        .collect();
    paths.sort();
    for path in paths {
        let read = urldiff_corpus::regular::read_regular_text(&path, MAX_FINDING_BYTES)
            .map_err(|e| e.to_string())
            .and_then(|text| {
                serde_json::from_str::<FindingFile>(&text)
                    .map_err(|e| format!("not a findings file: {e}"))
            });
        match read {
            Ok(file) => out.files.push(file),
            Err(why) => out.unreadable.push(format!("{}: {why}", path.display())),
        }
    }
    out
}

pub fn triage_and_report(
    options: &Options,
    layout: &Layout,
    status: &mut Status,
    events: &dyn CampaignEvents,
) -> anyhow::Result<u8> {
    let mut cases = Vec::new();
    let mut others = Vec::new();
    let mut unreadable = Vec::new();
    // The campaign's triaged targets; every other target's folder (`structured` also records
    // roundtrip findings) is listed as it is.
    for target in super::TARGETS {
        let triaged = TRIAGED.contains(&target);
        if triaged && !options.targets.iter().any(|t| t == target) {
            continue;
        }
        let read = read_findings(layout, target);
        for why in &read.unreadable {
            events.note(&format!("skipped {why}"));
        }
        unreadable.extend(read.unreadable);
        for f in read.files {
            if triaged {
                let request = Request::new(f.input.clone(), f.base.as_deref());
                let name = request.case().name();
                cases.push(TriageCase { request, suite: format!("fuzz/{target}"), name });
            } else {
                others.push(f);
            }
        }
    }
    events.triage_started(cases.len());
    let findings = run_triage(&cases, unreadable, options)?;
    // Group ids are root-cause ids: a group is new when no earlier run of this campaign
    // folder (its history, or the last report) had its root cause.
    let mut history = status::read_history(&layout.history());
    let mut previous = previous_group_ids(&layout.dir.join("report.json"));
    previous.extend(history.iter().flat_map(|h| h.root_causes.iter().cloned()));
    let new_groups = findings.groups.iter().filter(|g| !previous.contains(&g.id)).count() as u64;
    let mut groups_per_class: BTreeMap<String, u64> = BTreeMap::new();
    for g in &findings.groups {
        for class in &g.classes {
            *groups_per_class.entry(class.clone()).or_default() += 1;
        }
    }
    let finished = status::rfc3339(std::time::SystemTime::now());
    status.state = status::CampaignState::Finished;
    status.pid = None;
    status.seconds_left = Some(0);
    status.updated = Some(finished.clone());
    let line = HistoryLine {
        date: finished,
        targets: options.targets.clone(),
        duration_seconds: status.resume.elapsed_seconds.values().sum(),
        execs: status.execs,
        corpus_size: status.corpus_size,
        groups: findings.groups.len() as u64,
        new_groups,
        groups_per_class,
        root_causes: findings.groups.iter().map(|g| g.id.clone()).collect(),
    };
    history.push(line.clone());
    let crashes = crash_files(layout, &options.targets);
    write_reports(layout, status, &findings, &others, &crashes, &history)?;
    status::append_history(&layout.history(), &line)?;
    status::write_status(&layout.status(), status)?;
    Ok(if new_groups > 0 { 1 } else { 0 })
}

/// The triage pipeline over every available oracle, with the ledger of the options.
/// `unreadable`: the findings files set aside, which `report.json` lists
/// (`run.unreadable_lines`).
fn run_triage(
    cases: &[TriageCase],
    unreadable: Vec<String>,
    options: &Options,
) -> anyhow::Result<Findings> {
    let selection = select_oracles(&[])?;
    let oracles = refs(&selection.oracles);
    let ledger = urldiff_compare::ledger::Ledger::load(&options.ledger)?;
    let config = Config {
        ledger: Some(&ledger),
        budget: Budget { max_seconds: options.minimize_seconds, ..Budget::default() },
        sources: TRIAGED.iter().map(|t| format!("findings/{t}")).collect(),
        unreadable_lines: unreadable,
        ..Config::new(&oracles, &selection.unavailable)
    };
    Ok(triage(cases, &config, &urldiff_triage::events::NoEvents)?)
}

/// The group ids of the folder's previous report (none when there is none).
fn previous_group_ids(path: &Path) -> BTreeSet<String> {
    let Ok(text) = std::fs::read_to_string(path) else { return BTreeSet::new() };
    let Ok(value) = serde_json::from_str::<Value>(&text) else { return BTreeSet::new() };
    let groups = value.get("groups").and_then(Value::as_array).cloned().unwrap_or_default();
    groups.iter().filter_map(|g| g.get("id")?.as_str().map(str::to_owned)).collect()
}

/// `crashes/<target>/<file>` of every target, sorted.
fn crash_files(layout: &Layout, targets: &[String]) -> Vec<String> {
    let mut out = Vec::new();
    for t in targets {
        let Ok(entries) = std::fs::read_dir(layout.crashes(t)) else { continue };
        for e in entries.filter_map(Result::ok) {
            out.push(format!("crashes/{t}/{}", e.file_name().to_string_lossy()));
        }
    }
    out.sort();
    out
}

/// One finding of a target that is not triaged, as `report.json`'s `signatures` lists it.
fn signature_row(f: &FindingFile) -> OtherSignature {
    OtherSignature {
        target: f.target.clone(),
        signature_id: f.signature_id.clone(),
        signature: f.signature.clone(),
        input: f.input.clone(),
        base: f.base.clone(),
        detail: f.detail.clone(),
    }
}

fn write_reports(
    layout: &Layout,
    status: &Status,
    findings: &Findings,
    others: &[FindingFile],
    crashes: &[String],
    history: &[HistoryLine],
) -> anyhow::Result<()> {
    let mut campaign = serde_json::to_value(status)?;
    if let Some(map) = campaign.as_object_mut() {
        map.remove("resume");
    }
    // The signatures and crashes are fields of the findings file, so that a merge of
    // campaign reports keeps them (`urldiff triage --merge`).
    let mut findings = findings.clone();
    findings.signatures = others.iter().map(signature_row).collect();
    findings.crashes = crashes.to_vec();
    let mut report = serde_json::to_value(&findings)?;
    let map = report.as_object_mut().context("findings serialize as an object")?;
    map.insert("campaign".into(), campaign);
    // A campaign report always names both, empty or not.
    map.entry("signatures").or_insert_with(|| Value::Array(Vec::new()));
    map.entry("crashes").or_insert_with(|| Value::Array(Vec::new()));
    let mut report_json = serde_json::to_string_pretty(&report)?;
    report_json.push('\n');
    let view = view(status, &findings, others, crashes, history);
    Ok(urldiff_corpus::atomic::write_all(&[
        (layout.dir.join("report.json"), report_json.into_bytes()),
        (layout.dir.join("report.md"), campaign_report::markdown(&view).into_bytes()),
        (layout.dir.join("report.html"), campaign_report::html(&view).into_bytes()),
    ])?)
}

/// What the Markdown and HTML renderers show.
fn view(
    status: &Status,
    findings: &Findings,
    others: &[FindingFile],
    crashes: &[String],
    history: &[HistoryLine],
) -> CampaignReport {
    CampaignReport {
        started: status.started.clone().unwrap_or_default(),
        finished: status.updated.clone().unwrap_or_default(),
        targets: status.targets.clone(),
        jobs: status.jobs.unwrap_or(1),
        seconds: status.resume.elapsed_seconds.values().sum(),
        execs: status.execs,
        corpus_size: status.corpus_size,
        new_signatures: status.new_signatures,
        triaged_cases: findings.run.cases,
        expected_by_ledger: findings.run.expected,
        oracles: findings.oracles.iter().map(|o| format!("{} {}", o.name, o.version)).collect(),
        groups: findings
            .groups
            .iter()
            .map(|g| GroupRow {
                severity: g.severity.name().to_owned(),
                classes: g.classes.clone(),
                count: g.count,
                input: g.example.input.clone(),
                base: g.example.base.clone(),
                signature: g.signature.clone(),
            })
            .collect(),
        others: others
            .iter()
            .map(|f| OtherFinding {
                target: f.target.clone(),
                signature: f.signature.clone(),
                input: f.input.clone(),
            })
            .collect(),
        crashes: crashes.to_vec(),
        history: history.to_vec(),
    }
}
