//! The runs dashboard of `urldiff serve` (`/runs`): the latest conform run (its verdict, the
//! matrix and the unexpected divergences, with the conform report's own renderers) and every
//! fuzz campaign of the runs folder (its status, its findings, the history plot).
//!
//! The data ([`Dashboard`]) is what the server read from the files; this module only renders
//! it (maud templates; tables through [`crate::table::Table`]), and the same data is
//! `GET /api/runs` as JSON. Every string from a file is escaped by construction.

use crate::campaign::{CampaignState, CampaignStatus, HistoryLine};
use crate::conform::html as conform;
use crate::conform::tables;
use crate::hostile::visible;
use crate::html_text::Visible;
use crate::table::{Cell, Span, Table};
use maud::{html, Markup, PreEscaped};
use serde::Serialize;
use urldiff_compare::Severity;
use urldiff_conform::report::ConformReport;

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
    pub findings: Option<Vec<RunGroupRow>>,
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
pub struct RunGroupRow {
    pub severity: Severity,
    pub classes: Vec<String>,
    pub count: u64,
    pub input: String,
    pub base: Option<String>,
}

/// The dashboard's body: a header line and the sections; the server puts them in its page.
pub fn render(dashboard: &Dashboard) -> (Markup, Markup) {
    let header = html! {
        h1 { "urldiff runs" }
        p {
            "From the files under " code { (Visible(&dashboard.runs_dir)) } ": the latest "
            code { "make conform" } " run and every fuzz campaign. " a href="/" { "The viewer" }
        }
    };
    let body = html! {
        (conform_section(&dashboard.conform))
        section #campaigns {
            h2 { "Fuzz campaigns (" (dashboard.campaigns.len()) ")" }
            @if dashboard.campaigns.is_empty() {
                p.note {
                    "No campaign folder (one with a " code { "status.json" } " or a "
                    code { "history.jsonl" } ") under the runs folder yet."
                }
            }
            @for campaign in &dashboard.campaigns { (campaign_section(campaign)) }
        }
    };
    (header, body)
}

/// Whether some campaign is at work (the page then refreshes itself).
pub fn any_live(dashboard: &Dashboard) -> bool {
    dashboard.campaigns.iter().any(|c| c.state.is_some_and(CampaignState::is_live))
}

fn conform_section(view: &ConformView) -> Markup {
    let (Some(summary), Some(report)) = (&view.summary, &view.report) else {
        let why = view.problem.as_deref().unwrap_or("no conform run");
        return html! {
            section #conform {
                h2 { "Latest conform run" }
                p.note {
                    (Visible(&view.path)) ": " (Visible(why)) " (run " code { "make conform" } ")."
                }
            }
        };
    };
    let unexpected: Vec<_> = report.unexpected().take(MAX_UNEXPECTED).collect();
    let shown = unexpected.len();
    html! {
        section #conform {
            h2 { "Latest conform run" }
            p {
                span class={ "verdict verdict-" (summary.verdict) } { (Visible(&summary.verdict)) }
                " " (Visible(&crate::conform::text::verdict_counts(report))) ". "
                (Visible(&crate::conform::text::skipped_text(report))) "; urldiff " (Visible(&summary.version))
                ", wall time " (format!("{:.2}", summary.wall_seconds)) " s"
                @if let Some(m) = &view.modified { ", written " (Visible(m)) }
                ". " a href="/runs/conform" { "The whole report" } " · "
                a href={ "/runs/file/" (visible(&view.path)) } { "run.json" }
            }
            (conform::matrix_section(report))
            section #unexpected {
                h3 { "Unexpected divergences (" (summary.unexpected) ")" }
                @if unexpected.is_empty() {
                    p { "None: every divergence is in the ledger." }
                } @else {
                    (tables::divergences(unexpected).html(Some("divergences")))
                    @if summary.unexpected > shown {
                        p.note {
                            (summary.unexpected - shown) " more in "
                            a href="/runs/conform" { "the report" } "."
                        }
                    }
                }
            }
        }
    }
}

fn campaign_section(c: &CampaignView) -> Markup {
    let (class, state) = match (c.state, &c.status_problem) {
        (Some(state), _) => (state.name(), state.name()),
        (None, Some(_)) => ("unknown", "status unreadable"),
        (None, None) => ("unknown", "history only"),
    };
    html! {
        section.campaign data-campaign=(visible(&c.id)) {
            h3 { code { (Visible(&c.id)) } " " span class={ "state state-" (class) } { (state) } }
            @if let Some(why) = &c.interrupted_because {
                p.note {
                    "Shown as interrupted: " (Visible(why)) ". The next "
                    code { "urldiff fuzz --out" } " on this folder resumes it."
                }
            }
            @if let Some(problem) = &c.status_problem {
                p.note { "status.json: " (Visible(problem)) }
            }
            @if let Some(status) = &c.status { (status_stats(status, c.updated_seconds_ago)) }
            @if !c.files.is_empty() {
                p.files {
                    "Files: "
                    @for (i, f) in c.files.iter().enumerate() {
                        @if i > 0 { " · " } a href=(visible(&f.href)) { (Visible(&f.label)) }
                    }
                }
            }
            (target_files("findings", "signature file(s)", &c.signature_files))
            (target_files("crashes", "artifact(s)", &c.crash_files))
            (findings_table(c))
            @if c.history.is_empty() {
                p.note { "No finished campaign in history.jsonl yet: no plot." }
            } @else {
                div.plot { (PreEscaped(crate::campaign::plot::groups_per_class(&c.history))) }
            }
            @if !c.history_problems.is_empty() {
                p.note {
                    "history.jsonl: " (c.history_problems.len()) " line(s) skipped: "
                    (Visible(&c.history_problems.join("; ")))
                }
            }
        }
    }
}

/// A campaign's status in numbers: one `label value` box each.
fn status_stats(s: &CampaignStatus, ago: Option<u64>) -> Markup {
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
    html! {
        div.stats {
            @for (label, value) in &rows {
                div.stat { span.k { (label) } span.v data-key=(label) { (Visible(value)) } }
            }
        }
    }
}

/// `findings/: differential 3 · structured 1` (nothing when the folder holds no target).
fn target_files(folder: &str, what: &str, targets: &[TargetFiles]) -> Markup {
    html! {
        @if !targets.is_empty() {
            p class=(folder) {
                code { (folder) "/" } " " (what) " per target: "
                @for (i, t) in targets.iter().enumerate() {
                    @if i > 0 { " · " } (Visible(&t.target)) " " b { (t.files) }
                }
            }
        }
    }
}

/// A campaign's finding groups (the first [`MAX_GROUPS`]).
fn findings_table(c: &CampaignView) -> Markup {
    let mut table = Table::new(&["severity", "count", "classes", "example"]).right_aligned(&[1]);
    for g in c.findings.iter().flatten().take(MAX_GROUPS) {
        let mut example = Cell::new(vec![Span::Input(g.input.clone())]);
        if let Some(base) = &g.base {
            example.spans.extend([
                Span::Break,
                Span::Text("against ".into()),
                Span::Base(base.clone()),
            ]);
        }
        table.row(vec![
            Cell::severity(g.severity),
            Cell::number(g.count),
            Cell::text(g.classes.join(", ")),
            example,
        ]);
    }
    html! {
        @if let Some(problem) = &c.findings_problem { p.note { "report.json: " (Visible(problem)) } }
        @if let Some(groups) = &c.findings {
            p { (groups.len()) " finding group(s) in report.json." }
            @if !groups.is_empty() { (table.html(Some("findings"))) }
        }
    }
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
