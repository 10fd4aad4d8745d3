//! A fuzz campaign's report (`urldiff fuzz`: `DIR/report.md`, `DIR/report.html`): what ran,
//! the triaged groups (severity, classes, minimized example, signature), the other targets'
//! signatures, crash artifacts, and the history of groups per class over every finished
//! campaign of the folder, plotted by [`crate::plot::groups_per_class`] (inline SVG, no script).

use crate::campaign::HistoryLine;
use crate::html::escape::{attr, text};
use crate::plain::one_line;
use std::fmt::Write as _;

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

/// The report as Markdown.
pub fn markdown(report: &CampaignReport) -> String {
    let mut out = String::from("# urldiff fuzz campaign\n\n| | |\n|---|---|\n");
    for (k, v) in report.summary_lines() {
        let _ = writeln!(out, "| {k} | {} |", md_cell(&v));
    }
    out.push_str("\n## Groups\n\n");
    if report.groups.is_empty() {
        out.push_str("No group: nothing unexpected diverged.\n");
    } else {
        out.push_str("| severity | classes | count | minimized example | signature |\n");
        out.push_str("|---|---|---|---|---|\n");
        for g in &report.groups {
            let _ = writeln!(
                out,
                "| {} | {} | {} | {} | {} |",
                g.severity,
                g.classes.join(", "),
                g.count,
                example_code(g),
                md_cell(&g.signature)
            );
        }
    }
    out.push_str("\n## Groups per class over the campaigns\n\n| date | groups | per class |\n");
    out.push_str("|---|---|---|\n");
    for h in &report.history {
        let classes: Vec<String> =
            h.groups_per_class.iter().map(|(c, n)| format!("{c} {n}")).collect();
        let _ = writeln!(out, "| {} | {} | {} |", h.date, h.groups, classes.join(", "));
    }
    if !report.others.is_empty() {
        out.push_str("\n## Other targets' signatures\n\n| target | signature | input |\n");
        out.push_str("|---|---|---|\n");
        for f in &report.others {
            let input = crate::markdown::code(&f.input);
            let _ = writeln!(out, "| {} | {} | {input} |", f.target, md_cell(&f.signature));
        }
    }
    if !report.crashes.is_empty() {
        out.push_str("\n## Crash artifacts\n\n");
        report.crashes.iter().for_each(|c| {
            let _ = writeln!(out, "- `{c}`");
        });
    }
    out
}

fn example(g: &GroupRow) -> String {
    let input = one_line(&g.input);
    match &g.base {
        Some(base) => format!("{input} against {}", one_line(base)),
        None => input,
    }
}

/// A group's example as Markdown code spans: `input` or `input` against `base`.
fn example_code(g: &GroupRow) -> String {
    let input = crate::markdown::code(&g.input);
    match &g.base {
        Some(base) => format!("{input} against {}", crate::markdown::code(base)),
        None => input,
    }
}

fn md_cell(s: &str) -> String {
    one_line(s).replace('|', "\\|").replace('`', "'")
}

/// The report as one self-contained HTML page.
pub fn html(report: &CampaignReport) -> String {
    let mut body = String::from("<section><h2>Campaign</h2><table>\n");
    for (k, v) in report.summary_lines() {
        let _ = writeln!(body, "<tr><th>{k}</th><td>{}</td></tr>", text(&v));
    }
    body.push_str("</table></section>\n<section><h2>Groups per class over the campaigns</h2>\n");
    body.push_str(&crate::plot::groups_per_class(&report.history));
    body.push_str("</section>\n<section><h2>Groups</h2>\n");
    if report.groups.is_empty() {
        body.push_str("<p>No group: nothing unexpected diverged.</p>\n");
    } else {
        body.push_str(
            "<table><tr><th>severity</th><th>classes</th><th>count</th>\
             <th>minimized example</th><th>signature</th></tr>\n",
        );
        for g in &report.groups {
            let _ = writeln!(
                body,
                "<tr><td>{}</td><td>{}</td><td>{}</td><td><code>{}</code></td><td>{}</td></tr>",
                text(&g.severity),
                text(&g.classes.join(", ")),
                g.count,
                text(&example(g)),
                text(&g.signature)
            );
        }
        body.push_str("</table>\n");
    }
    body.push_str("</section>\n");
    if !report.others.is_empty() {
        body.push_str("<section><h2>Other targets' signatures</h2><table>\n");
        for f in &report.others {
            let _ = writeln!(
                body,
                "<tr><td>{}</td><td>{}</td><td><code>{}</code></td></tr>",
                text(&f.target),
                text(&f.signature),
                text(&f.input)
            );
        }
        body.push_str("</table></section>\n");
    }
    if !report.crashes.is_empty() {
        body.push_str("<section><h2>Crash artifacts</h2><ul>\n");
        for c in &report.crashes {
            let _ = writeln!(body, "<li><code>{}</code></li>", text(c));
        }
        body.push_str("</ul></section>\n");
    }
    let header = format!("urldiff fuzz campaign <span title=\"{}\">", attr(&report.finished))
        + &text(&report.targets.join(", "))
        + "</span>";
    crate::html::page("urldiff fuzz campaign", &header, &body)
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
