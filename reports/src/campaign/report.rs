//! A fuzz campaign's report (`urldiff fuzz`: `DIR/report.md`, `DIR/report.html`): what ran,
//! the triaged groups (severity, classes, minimized example, signature), the other targets'
//! signatures, crash artifacts, and the history of groups per class over every finished
//! campaign of the folder, plotted by [`crate::campaign::plot::groups_per_class`] (inline SVG, no script).

use crate::campaign::HistoryLine;
use crate::html_text::Visible;
use crate::table::{Cell, Table};
use maud::{html, PreEscaped};

/// One triaged group, as shown.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GroupRow {
    pub severity: String,
    pub classes: Vec<String>,
    pub count: usize,
    pub input: String,
    pub base: Option<String>,
    pub signature: String,
}

/// A finding of a target that is not triaged across oracles (listed by signature).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OtherFinding {
    pub target: String,
    pub signature: String,
    pub input: String,
}

/// Everything the report shows.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CampaignReport {
    pub started: String,
    pub finished: String,
    pub targets: Vec<String>,
    pub jobs: u32,
    pub seconds: u64,
    pub execs: u64,
    pub corpus_size: u64,
    pub new_signatures: u64,
    pub triaged_cases: usize,
    pub expected_by_ledger: usize,
    pub oracles: Vec<String>,
    pub groups: Vec<GroupRow>,
    pub others: Vec<OtherFinding>,
    pub crashes: Vec<String>,
    pub history: Vec<HistoryLine>,
}

impl CampaignReport {
    fn summary_lines(&self) -> Vec<(&'static str, String)> {
        vec![
            ("targets", self.targets.join(", ")),
            ("started", self.started.clone()),
            ("finished", self.finished.clone()),
            ("fuzzed", format!("{} s, {} job(s)", self.seconds, self.jobs)),
            ("executions", self.execs.to_string()),
            ("corpus", format!("{} entries", self.corpus_size)),
            ("new signatures", self.new_signatures.to_string()),
            (
                "triaged",
                format!(
                    "{} findings, {} expected by the ledger, {} groups",
                    self.triaged_cases,
                    self.expected_by_ledger,
                    self.groups.len()
                ),
            ),
            ("oracles", self.oracles.join(", ")),
            ("crashes", self.crashes.len().to_string()),
        ]
    }
}

/// The campaign in numbers: one `what value` row each.
fn summary_table(report: &CampaignReport) -> Table {
    let mut t = Table::new(&["", ""]);
    for (k, v) in report.summary_lines() {
        t.row(vec![Cell::text(k), Cell::text(v)]);
    }
    t
}

/// The triaged groups: severity, classes, size, minimized example, signature.
fn groups_table(report: &CampaignReport) -> Table {
    let titles = ["severity", "classes", "count", "minimized example", "signature"];
    let mut t = Table::new(&titles).right_aligned(&[2]);
    for g in &report.groups {
        t.row(vec![
            Cell::text(&g.severity),
            Cell::text(g.classes.join(", ")),
            Cell::number(g.count),
            Cell::case(&g.input, g.base.as_deref()),
            Cell::text(&g.signature),
        ]);
    }
    t
}

/// Groups per class, one row per finished campaign.
fn history_table(report: &CampaignReport) -> Table {
    let mut t = Table::new(&["date", "groups", "per class"]).right_aligned(&[1]);
    for h in &report.history {
        let classes: Vec<String> =
            h.groups_per_class.iter().map(|(c, n)| format!("{c} {n}")).collect();
        t.row(vec![Cell::text(&h.date), Cell::number(h.groups), Cell::text(classes.join(", "))]);
    }
    t
}

/// The findings of targets that are not triaged across oracles.
fn others_table(report: &CampaignReport) -> Table {
    let mut t = Table::new(&["target", "signature", "input"]);
    for f in &report.others {
        t.row(vec![Cell::text(&f.target), Cell::text(&f.signature), Cell::code(&f.input)]);
    }
    t
}

/// The report as Markdown.
pub fn markdown(report: &CampaignReport) -> String {
    let mut out = String::from("# urldiff fuzz campaign\n\n");
    out.push_str(&summary_table(report).markdown());
    out.push_str("\n## Groups\n\n");
    if report.groups.is_empty() {
        out.push_str("No group: nothing unexpected diverged.\n");
    } else {
        out.push_str(&groups_table(report).markdown());
    }
    out.push_str("\n## Groups per class over the campaigns\n\n");
    out.push_str(&history_table(report).markdown());
    if !report.others.is_empty() {
        out.push_str("\n## Other targets' signatures\n\n");
        out.push_str(&others_table(report).markdown());
    }
    if !report.crashes.is_empty() {
        out.push_str("\n## Crash artifacts\n\n");
        for c in &report.crashes {
            out.push_str(&format!("- {}\n", crate::markdown_text::code(c)));
        }
    }
    out
}

/// The report as one self-contained HTML page.
pub fn html(report: &CampaignReport) -> String {
    let body = html! {
        section { h2 { "Campaign" } (summary_table(report).html(None)) }
        section {
            h2 { "Groups per class over the campaigns" }
            (PreEscaped(crate::campaign::plot::groups_per_class(&report.history)))
        }
        section {
            h2 { "Groups" }
            @if report.groups.is_empty() {
                p { "No group: nothing unexpected diverged." }
            } @else {
                (groups_table(report).html(None))
            }
        }
        @if !report.others.is_empty() {
            section { h2 { "Other targets' signatures" } (others_table(report).html(None)) }
        }
        @if !report.crashes.is_empty() {
            section {
                h2 { "Crash artifacts" }
                ul { @for c in &report.crashes { li { code { (Visible(c)) } } } }
            }
        }
    };
    let header = html! {
        "urldiff fuzz campaign " span title=(crate::hostile::visible(&report.finished)) { (Visible(&report.targets.join(", "))) }
    };
    crate::page::page_markup("urldiff fuzz campaign", header, body, &[]).into_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn point(date: &str, classes: &[(&str, u64)]) -> HistoryLine {
        HistoryLine {
            date: date.into(),
            targets: vec!["differential".into()],
            duration_seconds: 60,
            execs: 1,
            corpus_size: 1,
            groups: classes.iter().map(|c| c.1).sum(),
            new_groups: 0,
            groups_per_class: classes.iter().map(|(c, n)| ((*c).to_owned(), *n)).collect(),
            root_causes: Vec::new(),
        }
    }

    #[test]
    fn hostile_inputs_are_escaped_and_groups_listed() {
        let report = CampaignReport {
            groups: vec![GroupRow {
                severity: "high".into(),
                classes: vec!["host-confusion".into()],
                count: 3,
                input: "http://a/<script>|x".into(),
                base: None,
                signature: "parsed{a} failure{b}".into(),
            }],
            history: vec![point("d1", &[("host-confusion", 1)])],
            ..CampaignReport::default()
        };
        let page = html(&report);
        assert!(!page.contains("<script>|x") && page.contains("&lt;script&gt;"));
        assert!(page.contains("<svg"));
        let md = markdown(&report);
        assert!(md.contains("| high | host-confusion | 3 | `http://a/<script>\\|x` |"), "{md}");
    }
}
