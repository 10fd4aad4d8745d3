//! The HTML conform report, a maud template: the verdict, the ledgered divergences by class
//! and severity (each class a link that filters the table), every divergence in a filterable
//! table with inline diffs of the differing fields, the whole matrix, the wrong ledger
//! entries, the oracles, the suites and the adapter rules. Every table is one of
//! [`super::tables`], rendered by [`crate::table::Table::html`].

use super::classes::{all_classes, classes_of};
use super::tables;
use crate::html_text::Visible;
use crate::page::{filter_bar, page_markup, FilterData};
use maud::{html, Markup, Render};
use urldiff_compare::Severity;
use urldiff_conform::report::ConformReport;

/// The HTML report of a run.
pub fn render(report: &ConformReport) -> String {
    let verdict = report.verdict();
    let header = html! {
        h1 { "urldiff conform: " span class={ "verdict-" (verdict) } { (verdict) } }
        p {
            (Visible(&super::text::verdict_counts(report))) "; " (Visible(&super::text::skipped_text(report)))
            ". " (Visible(&report.tool)) " " (Visible(&report.version))
            ", wall time " (format!("{:.2}", report.wall_seconds)) " s. Crashed or timed out: "
            (Visible(&super::text::lost_text(report))) "."
        }
    };
    page_markup(&format!("urldiff conform: {verdict}"), header, Sections(report), &[]).into_string()
}

/// The page's sections, each written straight into the page as it is rendered: the divergence
/// table alone is megabytes, and every markup value around it would copy it once more.
struct Sections<'a>(&'a ConformReport);

impl Render for Sections<'_> {
    fn render_to(&self, page: &mut String) {
        let report = self.0;
        classes_section(report).render_to(page);
        divergences_section(report, page);
        matrix_section(report).render_to(page);
        problems_section(report).render_to(page);
        let rest = html! {
            section #oracles { h2 { "Oracles" } (tables::oracles(report).html(None)) }
            section #suites { h2 { "Suites" } (tables::suites(report).html(None)) }
            (rules_section(report))
        };
        rest.render_to(page);
    }
}

fn classes_section(report: &ConformReport) -> Markup {
    let table = tables::ledgered_classes(report);
    html! {
        section #classes {
            h2 { "Ledgered divergences by class and severity (" (report.ledgered().count()) ")" }
            p.note {
                "Divergences the ledger expects; they do not fail the gate. Classes are triage's \
                 (a divergence may be in several; see the class table below). A class link \
                 filters the divergence table."
            }
            @if table.rows.is_empty() { p { "None." } } @else { (table.html(None)) }
        }
    }
}

/// The divergence section, written into `page`: its table straight, not through a markup
/// value of the whole section.
fn divergences_section(report: &ConformReport, page: &mut String) {
    let mut oracles: Vec<String> = report.divergences.iter().map(|d| d.oracle.clone()).collect();
    oracles.sort();
    oracles.dedup();
    let severities = [Severity::High, Severity::Medium, Severity::Low, Severity::Info];
    let bar = filter_bar(&all_classes(report), &oracles, &severities, "divergences", false);
    // Unexpected first: they are what fails the gate. The filter's rows in the table's order.
    let ordered: Vec<_> = report.unexpected().chain(report.ledgered()).collect();
    let mut filter = FilterData::default();
    for (n, d) in ordered.iter().enumerate() {
        let id = format!("divergence-{}", n + 1);
        filter.add(id, &classes_of(d), &[d.oracle.as_str()], d.severity);
    }
    let heading = html! {
        h2 {
            "Divergences (" (report.divergences.len()) ": " (report.unexpected().count())
            " unexpected, " (report.ledgered().count()) " ledgered)"
        }
        p.note {
            "Each differing field as an inline diff: " del { "the truth's characters" } " "
            ins { "the oracle's" } "."
        }
        (bar)
    };
    // The tags maud writes for `section #divergence-list { … }`.
    page.push_str(r#"<section id="divergence-list">"#);
    heading.render_to(page);
    tables::divergences(ordered).html(None).render_to(page);
    filter.block().render_to(page);
    page.push_str("</section>");
}

/// The whole matrix (the dashboard shows it too).
pub(crate) fn matrix_section(report: &ConformReport) -> Markup {
    html! {
        section #matrix {
            h2 { "Conformance matrix" }
            p.note {
                "Cells: passed/failed/ledgered/no-opinion; (truth) marks the oracle a suite is \
                 judged by."
            }
            div.scroll { (tables::matrix(report).html(Some("matrix"))) }
        }
    }
}

fn problems_section(report: &ConformReport) -> Markup {
    let problems = super::text::ledger_problems(report);
    html! {
        @if !problems.is_empty() {
            section #ledger-problems {
                h2 { "Ledger entries to fix" }
                // One line at a time: the policy escapes a newline like any control character.
                pre { code { @for line in problems.trim_start().lines() { (Visible(line)) "\n" } } }
            }
        }
    }
}

fn rules_section(report: &ConformReport) -> Markup {
    html! {
        @if !report.adapter_rules.is_empty() {
            section #rules {
                h2 { "Adapter rules" }
                p.note { "What each adapter does to its parser's answers." }
                (tables::adapter_rules(report).html(None))
            }
        }
    }
}
