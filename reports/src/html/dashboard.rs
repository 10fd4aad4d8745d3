//! The runs dashboard of `urldiff serve` (`/runs`): the latest conform run (its verdict, the
//! matrix and the unexpected divergences, with the conform report's own renderers) and every
//! fuzz campaign of the runs folder (its status, its findings, the history plot).
//!
//! The data ([`Dashboard`]) is what the server read from the files; this module only renders
//! it, and the same data is `GET /api/runs` as JSON. Every string from a file is escaped.

use super::escape::{attr, text};
use super::{conform, severity_badge};
use crate::campaign::{CampaignState, CampaignStatus, HistoryLine};
use crate::data::ConformReport;
use crate::plain;
use serde::Serialize;
use std::fmt::Write as _;
use urldiff_compare::Severity;

/// How many unexpected divergences the dashboard lists (the report has them all).
pub const MAX_UNEXPECTED: usize = 50;
/// How many finding groups of a campaign the dashboard lists.
pub const MAX_GROUPS: usize = 20;

/// Everything the dashboard shows.
#[derive(Clone, Debug, Serialize)]
pub struct Dashboard {
    /// The runs folder, as given.
    pub runs_dir: String,
    pub conform: ConformView,
    pub campaigns: Vec<CampaignView>,
}

/// The latest conform run: its summary, or why there is none.
#[derive(Clone, Debug, Serialize)]
pub struct ConformView {
    /// `conform/run.json`, relative to the runs folder.
    pub path: String,
    /// When the file was last written (RFC 3339), when known.
    pub modified: Option<String>,
    pub summary: Option<ConformSummary>,
    /// Why there is no summary: no file, or not a conform report.
    pub problem: Option<String>,
    #[serde(skip)]
    pub report: Option<Box<ConformReport>>,
}

/// A conform run in numbers.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ConformSummary {
    pub verdict: String,
    pub exit_code: u8,
    pub version: String,
    pub wall_seconds: f64,
    pub unexpected: usize,
    pub ledgered: usize,
    pub stale: usize,
    pub unknown: usize,
    pub duplicates: usize,
    pub oracles: usize,
    pub oracles_skipped: usize,
    pub suites: usize,
}

impl ConformSummary {
    pub fn of(report: &ConformReport) -> ConformSummary {
        ConformSummary {
            verdict: report.verdict().to_owned(),
            exit_code: report.exit_code,
            version: report.version.clone(),
            wall_seconds: report.wall_seconds,
            unexpected: report.unexpected().count(),
            ledgered: report.ledgered().count(),
            stale: report.stale.len(),
            unknown: report.unknown.len(),
            duplicates: report.duplicates.len(),
            oracles: report.oracles.len(),
            oracles_skipped: report.skipped().count(),
            suites: report.suites.len(),
        }
    }
}

/// One campaign folder.
#[derive(Clone, Debug, Serialize)]
pub struct CampaignView {
    /// The folder, relative to the runs folder (`.` for the runs folder itself).
    pub id: String,
    /// `status.json` as written (`None`: no such file).
    pub status: Option<CampaignStatus>,
    /// Why `status.json` could not be read.
    pub status_problem: Option<String>,
    /// The state to show: the status's, or `interrupted` when a live status has lost its
    /// process or went stale; `None` without a readable status.
    pub state: Option<CampaignState>,
    /// Why a live status is shown as interrupted.
    pub interrupted_because: Option<String>,
    /// Seconds since `updated`, when known.
    pub updated_seconds_ago: Option<u64>,
    pub history: Vec<HistoryLine>,
    /// History lines that could not be read.
    pub history_problems: Vec<String>,
    /// The campaign's files that exist, as links.
    pub files: Vec<FileLink>,
    /// The findings of `report.json`, when it exists and reads.
    pub findings: Option<Vec<GroupRow>>,
    /// Why `report.json` could not be read.
    pub findings_problem: Option<String>,
    /// `findings/<target>/`: the signature files per target.
    pub signature_files: Vec<TargetFiles>,
    /// `crashes/<target>/`: libFuzzer's crash, timeout and OOM artifacts per target.
    pub crash_files: Vec<TargetFiles>,
}

/// How many files one target's folder holds.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TargetFiles {
    pub target: String,
    pub files: u64,
}

/// A link to a file of a run.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct FileLink {
    pub label: String,
    pub href: String,
}

/// One finding group, as the dashboard lists it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct GroupRow {
    pub severity: Severity,
    pub classes: Vec<String>,
    pub count: u64,
    pub input: String,
    pub base: Option<String>,
}

/// The dashboard's body: a header line (HTML) and the sections (HTML); the server puts them
/// in its page.
pub fn render(dashboard: &Dashboard) -> (String, String) {
    let header = format!(
        "<h1>urldiff runs</h1>\n<p>From the files under <code>{}</code>: the latest \
         <code>make conform</code> run and every fuzz campaign. <a href=\"/\">The viewer</a></p>",
        text(&dashboard.runs_dir)
    );
    let mut body = String::new();
    conform_section(&mut body, &dashboard.conform);
    let _ = writeln!(
        body,
        "<section id=\"campaigns\"><h2>Fuzz campaigns ({})</h2>",
        dashboard.campaigns.len()
    );
    if dashboard.campaigns.is_empty() {
        body.push_str(
            "<p class=\"note\">No campaign folder (one with a <code>status.json</code> or a \
             <code>history.jsonl</code>) under the runs folder yet.</p>\n",
        );
    }
    for campaign in &dashboard.campaigns {
        campaign_section(&mut body, campaign);
    }
    body.push_str("</section>\n");
    (header, body)
}

/// Whether some campaign is at work (the page then refreshes itself).
pub fn any_live(dashboard: &Dashboard) -> bool {
    dashboard.campaigns.iter().any(|c| c.state.is_some_and(CampaignState::is_live))
}

fn conform_section(out: &mut String, view: &ConformView) {
    out.push_str("<section id=\"conform\"><h2>Latest conform run</h2>\n");
    let (Some(summary), Some(report)) = (&view.summary, &view.report) else {
        let why = view.problem.as_deref().unwrap_or("no conform run");
        let _ = writeln!(
            out,
            "<p class=\"note\">{}: {} (run <code>make conform</code>).</p></section>",
            text(&view.path),
            text(why)
        );
        return;
    };
    let _ = writeln!(
        out,
        "<p><span class=\"verdict verdict-{0}\">{0}</span> {1}. {2}; urldiff {3}, wall time \
         {4:.2} s{5}. <a href=\"/runs/conform\">The whole report</a> · <a href=\"/runs/file/{6}\">\
         run.json</a></p>",
        text(&summary.verdict),
        text(&plain::verdict_counts(report)),
        text(&plain::skipped_text(report)),
        text(&summary.version),
        summary.wall_seconds,
        view.modified.as_deref().map_or(String::new(), |m| format!(", written {}", text(m))),
        attr(&view.path),
    );
    conform::matrix_section(out, report);
    let unexpected: Vec<_> = report.unexpected().take(MAX_UNEXPECTED).collect();
    let _ = writeln!(
        out,
        "<section id=\"unexpected\"><h3>Unexpected divergences ({})</h3>",
        summary.unexpected
    );
    if unexpected.is_empty() {
        out.push_str("<p>None: every divergence is in the ledger.</p>\n");
    } else {
        out.push_str(
            "<table class=\"divergences\"><thead><tr><th>severity</th><th>oracle</th><th>suite</th>\
             <th>case</th><th>differing fields</th></tr></thead><tbody>\n",
        );
        for d in &unexpected {
            let _ = writeln!(
                out,
                "<tr><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>",
                severity_badge(d.severity),
                text(&d.oracle),
                text(&d.suite),
                conform::case_cell(d),
                conform::field_diffs(d)
            );
        }
        out.push_str("</tbody></table>\n");
        if summary.unexpected > unexpected.len() {
            let _ = writeln!(
                out,
                "<p class=\"note\">{} more in <a href=\"/runs/conform\">the report</a>.</p>",
                summary.unexpected - unexpected.len()
            );
        }
    }
    out.push_str("</section></section>\n");
}

fn campaign_section(out: &mut String, c: &CampaignView) {
    let (class, state) = match (c.state, &c.status_problem) {
        (Some(state), _) => (state.name(), state.name()),
        (None, Some(_)) => ("unknown", "status unreadable"),
        (None, None) => ("unknown", "history only"),
    };
    let _ = writeln!(
        out,
        "<section class=\"campaign\" data-campaign=\"{}\"><h3><code>{}</code> \
         <span class=\"state state-{class}\">{state}</span></h3>",
        attr(&c.id),
        text(&c.id)
    );
    if let Some(why) = &c.interrupted_because {
        let _ = writeln!(
            out,
            "<p class=\"note\">Shown as interrupted: {}. The next <code>urldiff fuzz --out</code> \
             on this folder resumes it.</p>",
            text(why)
        );
    }
    if let Some(problem) = &c.status_problem {
        let _ = writeln!(out, "<p class=\"note\">status.json: {}</p>", text(problem));
    }
    if let Some(status) = &c.status {
        status_table(out, status, c.updated_seconds_ago);
    }
    if !c.files.is_empty() {
        let links: Vec<String> = c
            .files
            .iter()
            .map(|f| format!("<a href=\"{}\">{}</a>", attr(&f.href), text(&f.label)))
            .collect();
        let _ = writeln!(out, "<p class=\"files\">Files: {}</p>", links.join(" · "));
    }
    target_files(out, "findings", "signature file(s)", &c.signature_files);
    target_files(out, "crashes", "artifact(s)", &c.crash_files);
    findings_table(out, c);
    if c.history.is_empty() {
        out.push_str("<p class=\"note\">No finished campaign in history.jsonl yet: no plot.</p>\n");
    } else {
        out.push_str("<div class=\"plot\">");
        out.push_str(&crate::plot::groups_per_class(&c.history));
        out.push_str("</div>\n");
    }
    if !c.history_problems.is_empty() {
        let _ = writeln!(
            out,
            "<p class=\"note\">history.jsonl: {} line(s) skipped: {}</p>",
            c.history_problems.len(),
            text(&c.history_problems.join("; "))
        );
    }
    out.push_str("</section>\n");
}

fn status_table(out: &mut String, s: &CampaignStatus, ago: Option<u64>) {
    let updated = match (&s.updated, ago) {
        (Some(u), Some(ago)) => format!("{u} ({} ago)", duration(ago)),
        (Some(u), None) => u.clone(),
        (None, _) => "–".to_owned(),
    };
    let rows = [
        ("execs/s", format!("{:.1}", s.execs_per_sec)),
        ("execs", s.execs.to_string()),
        ("corpus size", s.corpus_size.to_string()),
        ("new signatures", s.new_signatures.to_string()),
        ("crashes", s.crashes.to_string()),
        ("time left", s.seconds_left.map_or("–".to_owned(), duration)),
        ("targets", s.targets.join(", ")),
        ("jobs", s.jobs.map_or("–".to_owned(), |j| j.to_string())),
        ("started", s.started.clone().unwrap_or_else(|| "–".to_owned())),
        ("updated", updated),
        ("deadline", s.deadline.clone().unwrap_or_else(|| "–".to_owned())),
        ("pid", s.pid.map_or("–".to_owned(), |p| p.to_string())),
    ];
    out.push_str("<div class=\"stats\">\n");
    for (label, value) in rows {
        let _ = writeln!(
            out,
            "<div class=\"stat\"><span class=\"k\">{label}</span><span class=\"v\" \
             data-key=\"{label}\">{}</span></div>",
            text(&value)
        );
    }
    out.push_str("</div>\n");
}

/// `findings/: differential 3 · structured 1` (nothing when the folder holds no target).
fn target_files(out: &mut String, folder: &str, what: &str, targets: &[TargetFiles]) {
    if targets.is_empty() {
        return;
    }
    let counts: Vec<String> =
        targets.iter().map(|t| format!("{} <b>{}</b>", text(&t.target), t.files)).collect();
    let _ = writeln!(
        out,
        "<p class=\"{folder}\"><code>{folder}/</code> {what} per target: {}</p>",
        counts.join(" · ")
    );
}

fn findings_table(out: &mut String, c: &CampaignView) {
    if let Some(problem) = &c.findings_problem {
        let _ = writeln!(out, "<p class=\"note\">report.json: {}</p>", text(problem));
    }
    let Some(groups) = &c.findings else { return };
    let _ = writeln!(out, "<p>{} finding group(s) in report.json.</p>", groups.len());
    if groups.is_empty() {
        return;
    }
    out.push_str(
        "<table class=\"findings\"><thead><tr><th>severity</th><th>count</th><th>classes</th>\
         <th>example</th></tr></thead><tbody>\n",
    );
    for g in groups.iter().take(MAX_GROUPS) {
        let severity = severity_badge(g.severity);
        let base = g.base.as_deref().map_or(String::new(), |b| {
            format!("<br>against <code class=\"base\">{}</code>", text(b))
        });
        let _ = writeln!(
            out,
            "<tr><td>{severity}</td><td class=\"num\">{}</td><td>{}</td><td><code class=\"input\">\
             {}</code>{base}</td></tr>",
            g.count,
            text(&g.classes.join(", ")),
            text(&g.input)
        );
    }
    out.push_str("</tbody></table>\n");
}

/// Seconds as `2 h 5 min`, `4 min 10 s`, `12 s`.
pub fn duration(seconds: u64) -> String {
    let (h, m, s) = (seconds / 3600, seconds / 60 % 60, seconds % 60);
    match (h, m) {
        (0, 0) => format!("{s} s"),
        (0, _) => format!("{m} min {s} s"),
        _ => format!("{h} h {m} min"),
    }
}
