//! The HTML conform report, a maud template: the verdict, the ledgered divergences by class
//! and severity (each class a link that filters the table), every divergence in a filterable
//! table with inline diffs of the differing fields, the whole matrix, the wrong ledger
//! entries, the oracles, the suites and the adapter rules. Every table is one of
//! [`crate::tables`], rendered by [`crate::table::Table::html`].

use super::escape::Visible;
use super::{filter_bar, page_markup, FilterData};
use crate::classes::{all_classes, classes_of};
use crate::plain;
use crate::tables;
use maud::{html, Markup};
use urldiff_compare::Severity;
use urldiff_conform::report::ConformReport;

/// The HTML report of a run.
pub fn render(report: &ConformReport) -> String {
    let verdict = report.verdict();
    let header = html! {
        h1 { "urldiff conform: " span class={ "verdict-" (verdict) } { (verdict) } }
        p {
            (Visible(&plain::verdict_counts(report))) "; " (Visible(&plain::skipped_text(report)))
            ". " (Visible(&report.tool)) " " (Visible(&report.version))
            ", wall time " (format!("{:.2}", report.wall_seconds)) " s. Crashed or timed out: "
            (Visible(&plain::lost_text(report))) "."
        }
    };
    let body = html! {
        (classes_section(report))
        (divergences_section(report))
        (matrix_section(report))
        (problems_section(report))
        section #oracles { h2 { "Oracles" } (tables::oracles(report).html(None)) }
        section #suites { h2 { "Suites" } (tables::suites(report).html(None)) }
        (rules_section(report))
    };
    page_markup(&format!("urldiff conform: {verdict}"), header, body, &[]).into_string()
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

fn divergences_section(report: &ConformReport) -> Markup {
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
    html! {
        section #divergence-list {
            h2 {
                "Divergences (" (report.divergences.len()) ": " (report.unexpected().count())
                " unexpected, " (report.ledgered().count()) " ledgered)"
            }
            p.note {
                "Each differing field as an inline diff: " del { "the truth's characters" } " "
                ins { "the oracle's" } "."
            }
            (bar)
            (tables::divergences(ordered).html(None))
            (filter.block())
        }
    }
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
    let problems = plain::ledger_problems(report);
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
