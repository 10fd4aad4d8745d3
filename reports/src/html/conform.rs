//! The HTML conform report: the verdict, the ledgered divergences by class and severity (each
//! class a link that filters the table), every divergence in a filterable table with inline
//! diffs of the differing fields, the whole matrix, the wrong ledger entries, the oracles,
//! the suites and the adapter rules.

use super::escape::{attr, text};
use super::{class_link, diff, filter_bar, page, severity_badge, FilterData};
use crate::classes::{all_classes, classes_of, ledgered_by_class, shown_fields};
use crate::data::{ConformReport, Divergence};
use crate::plain::{self, cell_text, first_line};
use std::fmt::Write as _;
use urldiff_compare::Severity;
use urldiff_oracles::CaseKind;

/// The HTML report of a run.
pub fn render(report: &ConformReport) -> String {
    let verdict = report.verdict();
    let header = format!(
        "<h1>urldiff conform: <span class=\"verdict-{verdict}\">{verdict}</span></h1>\n<p>{}; {}. \
         {} {}, wall time {:.2} s. Crashed or timed out: {}.</p>",
        text(&plain::verdict_counts(report)),
        text(&plain::skipped_text(report)),
        text(&report.tool),
        text(&report.version),
        report.wall_seconds,
        text(&plain::lost_text(report)),
    );
    let mut body = String::new();
    classes_section(&mut body, report);
    divergences_section(&mut body, report);
    matrix_section(&mut body, report);
    problems_section(&mut body, report);
    oracles_section(&mut body, report);
    suites_section(&mut body, report);
    rules_section(&mut body, report);
    page(&format!("urldiff conform: {verdict}"), &header, &body)
}

/// Every differing field: name, grade and the inline diff (truth deleted, oracle inserted).
pub(crate) fn field_diffs(d: &Divergence) -> String {
    let mut out = String::new();
    for f in shown_fields(d) {
        let _ = write!(
            out,
            "<div class=\"fd\"><span class=\"fname\">{}</span><span class=\"grade\">{}</span>\
             <code class=\"diff\">{}</code></div>",
            f.field.name(),
            f.grade.name(),
            diff::inline(&f.truth, &f.got)
        );
    }
    out
}

/// The case: its input, its base and what a setter case sets.
pub(crate) fn case_cell(d: &Divergence) -> String {
    let mut out = format!("<code class=\"input\">{}</code>", text(&d.case.input));
    if let Some(base) = &d.case.base {
        let _ = write!(out, "<br>against <code class=\"base\">{}</code>", text(base));
    }
    match &d.case.kind {
        CaseKind::Parse => {}
        CaseKind::Setter { property, value } => {
            let _ = write!(out, "<br>set {} to <code>{}</code>", text(property), text(value));
        }
        other => {
            let _ = write!(out, "<br><i>{}</i>", text(&format!("{:?}", other.tag())));
        }
    }
    out
}

fn classes_section(out: &mut String, report: &ConformReport) {
    let groups = ledgered_by_class(report);
    let _ = writeln!(
        out,
        "<section id=\"classes\"><h2>Ledgered divergences by class and severity ({})</h2>",
        report.ledgered().count()
    );
    out.push_str(
        "<p class=\"note\">Divergences the ledger expects; they do not fail the gate. Classes \
         are triage's (a divergence may be in several; see the class table below). A class \
         link filters the divergence table.</p>\n",
    );
    if groups.is_empty() {
        out.push_str("<p>None.</p></section>\n");
        return;
    }
    out.push_str(
        "<table id=\"class-table\"><thead><tr><th>severity</th><th>count</th><th>oracles</th>\
         <th>fields</th><th>class</th><th>example</th></tr></thead><tbody>\n",
    );
    for g in &groups {
        let oracles: Vec<String> = g.oracles.iter().map(|o| text(o)).collect();
        let fields: Vec<&str> = g.fields.iter().map(|f| f.name()).collect();
        let e = g.example;
        let _ = writeln!(
            out,
            "<tr><td>{}</td><td class=\"num\">{}</td><td>{}</td><td>{}</td>\
             <td class=\"class-label\">{}</td><td>{} in {}: {}{}</td></tr>",
            severity_badge(g.severity),
            g.members.len(),
            oracles.join(", "),
            fields.join(", "),
            class_link(&g.class),
            text(&e.oracle),
            text(&e.suite),
            case_cell(e),
            field_diffs(e)
        );
    }
    out.push_str("</tbody></table></section>\n");
}

fn divergences_section(out: &mut String, report: &ConformReport) {
    let _ = writeln!(
        out,
        "<section id=\"divergence-list\"><h2>Divergences ({}: {} unexpected, {} ledgered)</h2>",
        report.divergences.len(),
        report.unexpected().count(),
        report.ledgered().count()
    );
    out.push_str(
        "<p class=\"note\">Each differing field as an inline diff: <del>the truth's \
         characters</del> <ins>the oracle's</ins>.</p>\n",
    );
    let mut oracles: Vec<String> = report.divergences.iter().map(|d| d.oracle.clone()).collect();
    oracles.sort();
    oracles.dedup();
    let severities = [Severity::High, Severity::Medium, Severity::Low, Severity::Info];
    let bar = filter_bar(&all_classes(report), &oracles, &severities, "divergences", false);
    out.push_str(&bar.into_string());
    let mut filter = FilterData::default();
    out.push_str(
        "<table id=\"divergences\"><colgroup><col class=\"c-sev\"><col class=\"c-status\">\
         <col class=\"c-oracle\"><col class=\"c-suite\"><col class=\"c-case\"><col>\
         <col class=\"c-class\"></colgroup><thead><tr><th>severity</th><th>status</th><th>oracle</th>\
         <th>suite</th><th>case</th><th>differing fields</th><th>class</th></tr></thead><tbody>\n",
    );
    // Unexpected first: they are what fails the gate.
    let ordered = report.unexpected().chain(report.ledgered());
    for (n, d) in ordered.enumerate() {
        let classes = classes_of(d);
        let status = if d.ledgered.is_some() { "ledgered" } else { "unexpected" };
        // A ledgered divergence's status says why the ledger expects it, on hover.
        let reason = d.ledgered.as_deref().map(|r| format!(" title=\"{}\"", attr(r)));
        let labels: Vec<String> = classes.iter().map(|c| text(&plain::fit(&c.label, 70))).collect();
        let _ = writeln!(
            out,
            "<tr {}><td>{}</td><td class=\"status-{status}\"{}>{status}</td><td class=\"nowrap\">{}</td>\
             <td class=\"nowrap\">{}</td><td>{}</td><td>{}</td><td class=\"class-cell\">{}</td></tr>",
            filter.row(format!("divergence-{}", n + 1), &classes, &[d.oracle.as_str()], d.severity),
            severity_badge(d.severity),
            reason.unwrap_or_default(),
            text(&d.oracle),
            text(&d.suite),
            case_cell(d),
            field_diffs(d),
            labels.join("<br>")
        );
    }
    out.push_str("</tbody></table>");
    out.push_str(&filter.block().into_string());
    out.push_str("</section>\n");
}

pub(crate) fn matrix_section(out: &mut String, report: &ConformReport) {
    out.push_str(
        "<section id=\"matrix\"><h2>Conformance matrix</h2><p class=\"note\">Cells: \
         passed/failed/ledgered/no-opinion; (truth) marks the oracle a suite is judged by.</p>\n\
         <div class=\"scroll\"><table class=\"matrix\"><thead><tr><th>oracle</th>",
    );
    for s in &report.suites {
        let _ = write!(out, "<th>{}</th>", text(&s.name));
    }
    out.push_str("</tr></thead><tbody>\n");
    for o in &report.oracles {
        let _ = write!(out, "<tr><td>{}</td>", text(&o.info.name));
        for s in &report.suites {
            let cell = cell_text(report, &o.info.name, &s.name);
            let class =
                if cell == "(truth)" || cell == "skipped" { " class=\"truth\"" } else { "" };
            let _ = write!(out, "<td{class}>{}</td>", text(&cell));
        }
        out.push_str("</tr>\n");
    }
    out.push_str("</tbody></table></div></section>\n");
}

fn problems_section(out: &mut String, report: &ConformReport) {
    let problems = plain::ledger_problems(report);
    if problems.is_empty() {
        return;
    }
    let _ = writeln!(
        out,
        "<section id=\"ledger-problems\"><h2>Ledger entries to fix</h2><pre><code>{}</code></pre>\
         </section>",
        text(problems.trim_start())
    );
}

fn oracles_section(out: &mut String, report: &ConformReport) {
    out.push_str(
        "<section id=\"oracles\"><h2>Oracles</h2><table><thead><tr><th>oracle</th><th>kind</th>\
         <th>version</th><th>status</th><th>crashed</th><th>timed out</th></tr></thead><tbody>\n",
    );
    for o in &report.oracles {
        let status = match &o.skipped {
            Some(reason) => format!("skipped: {}", first_line(reason)),
            None => format!("{:.2} s", o.seconds),
        };
        let _ = writeln!(
            out,
            "<tr><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td class=\"num\">{}</td>\
             <td class=\"num\">{}</td></tr>",
            text(&o.info.name),
            o.info.kind.name(),
            text(&o.info.version),
            text(&status),
            o.crashed,
            o.timed_out
        );
    }
    out.push_str("</tbody></table></section>\n");
}

fn suites_section(out: &mut String, report: &ConformReport) {
    let table = crate::tables::suites(report).html(None);
    out.push_str(&maud::html! { section #suites { h2 { "Suites" } (table) } }.into_string());
}

fn rules_section(out: &mut String, report: &ConformReport) {
    if report.adapter_rules.is_empty() {
        return;
    }
    let table = crate::tables::adapter_rules(report).html(None);
    let section = maud::html! {
        section #rules {
            h2 { "Adapter rules" }
            p.note { "What each adapter does to its parser's answers." }
            (table)
        }
    };
    out.push_str(&section.into_string());
}
