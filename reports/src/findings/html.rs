//! `findings.html`: the findings of a triage run as one self-contained page (the shell, escaping,
//! Content Security Policy and filter of every HTML report), made to stay usable with
//! thousands of groups: the groups in a section per kind (conformance, confusion), each a
//! collapsed `<details>` whose summary line is its severity, count, root cause, known issue
//! and minimized example; the filter (class, oracle, severity) and the pager
//! ([`PAGE_SIZE`] groups a page) work from a JSON data block. An opened group shows its
//! differing fields, each value group whole beside the baseline (a character diff only for
//! paths, queries and fragments, [`super::diff::value`]), its classes, validation errors and
//! first originals, built by the page's script from [`GroupDetails`]; every oracle's full
//! answer stays in `findings.json`. Then the model differences,
//! the class table with this run's counts, the oracles with their exact versions, and the run.

use super::group_details::GroupDetails;
use crate::findings::{
    apart, classes_present, oracles_apart, root_cause_text, status_text, tables,
};
use crate::html_text::severity_badge;
use crate::html_text::Visible;
use crate::page::{filter_bar, page_markup, FilterData};
use crate::table::ClassTag;
use maud::{html, Markup};
use urldiff_compare::Severity;
use urldiff_triage::findings::{ClassRow, Findings, Group};
use urldiff_triage::rootcause::FindingKind;

/// The findings page's script that builds a group's details when it is opened.
pub const DETAILS_SCRIPT: &str = include_str!("details.js");

/// Groups a page shows.
pub const PAGE_SIZE: usize = 50;

/// The HTML findings report.
pub fn render(findings: &Findings) -> String {
    let title = format!("urldiff findings: {} groups", findings.groups.len());
    let body = html! {
        (groups_section(findings))
        (model_section(findings))
        (class_section(&findings.classes))
        (oracles_section(findings))
        (run_section(findings))
    };
    page_markup(&title, header(findings), body, &[DETAILS_SCRIPT]).into_string()
}

fn header(findings: &Findings) -> Markup {
    let run = &findings.run;
    let cases: usize = findings.groups.iter().map(|g| g.count).sum();
    html! {
        h1 { "urldiff findings: " (findings.groups.len()) " groups" }
        p { "Groups: " (crate::findings::kind_counts(findings)) "." }
        p {
            (run.cases) " cases triaged (" (run.skipped_cases) " skipped), " (run.divergent)
            " divergent, " (run.expected) " expected by the ledger, " (cases) " in groups; "
            (run.minimized) " minimizations, " (run.oracle_calls) " oracle calls, "
            (format!("{:.1}", run.seconds)) " s. " (Visible(&findings.tool.name)) " "
            (Visible(&findings.tool.version)) "; WPT data "
            (Visible(findings.wpt_revision.as_deref().unwrap_or("not located"))) "."
        }
    }
}

fn groups_section(findings: &Findings) -> Markup {
    let classes: Vec<ClassTag> =
        classes_present(findings).iter().map(|c| ClassTag::of(c)).collect();
    let severities = [Severity::High, Severity::Medium, Severity::Low, Severity::Info];
    let mut filter = FilterData { page_size: Some(PAGE_SIZE), ..FilterData::default() };
    let kinds = [
        (
            FindingKind::Conformance,
            "An implementation against the standard it claims, at the \
          step reading the deciding code point.",
        ),
        (
            FindingKind::Confusion,
            "Implementations of two standards reading another authority \
          (or another part) from one input: where a check by one and a use by the other meet.",
        ),
    ];
    let mut sections: Vec<Markup> =
        kinds.iter().map(|(kind, note)| kind_section(findings, *kind, note, &mut filter)).collect();
    sections.push(settled_section(findings, &mut filter));
    html! {
        section #groups {
            h2 { "Findings (" (findings.groups.len()) " groups)" }
            p.note {
                "Each group is one root cause; open it for its differing fields: the baseline \
                 (the reference's reading) first, then each other group of oracles' value \
                 whole (paths, queries and fragments as a diff: " del { "the baseline's" } " "
                ins { "theirs" } "). The oracle filter keeps the groups where that oracle \
                 reads otherwise than the baseline; every answer is in findings.json."
            }
            (filter_bar(&classes, &oracles_apart(findings), &severities, "groups", true))
            @for s in &sections { (s) }
            (filter.block())
            (crate::page::data_block("group-details", &GroupDetails::of(findings)))
        }
    }
}

fn kind_section(
    findings: &Findings,
    kind: FindingKind,
    note: &str,
    filter: &mut FilterData,
) -> Markup {
    let groups: Vec<(usize, &Group)> = findings
        .groups
        .iter()
        .enumerate()
        .filter(|(_, g)| g.kind == kind && g.is_draft())
        .collect();
    let rows: Vec<Markup> = groups.iter().map(|(i, g)| group_row(*i + 1, g, filter)).collect();
    html! {
        section.kind id={ "kind-" (kind.name()) } {
            h3 { (kind.name()) " (" (groups.len()) " groups)" }
            p.note { (note) }
            div.groups { @for r in &rows { (r) } }
        }
    }
}

/// The groups known or fixed already (not drafts), collapsed after the new ones.
fn settled_section(findings: &Findings, filter: &mut FilterData) -> Markup {
    let groups: Vec<(usize, &Group)> =
        findings.groups.iter().enumerate().filter(|(_, g)| !g.is_draft()).collect();
    if groups.is_empty() {
        return html! {};
    }
    let rows: Vec<Markup> = groups.iter().map(|(i, g)| group_row(*i + 1, g, filter)).collect();
    html! {
        details.kind #settled {
            summary { h3 { "Known or fixed (" (groups.len()) " groups, not drafted)" } }
            p.note {
                "Known to the library (its own list of expected failures, a ledger entry's                  issue) or fixed in a newer release found on this machine."
            }
            div.groups { @for r in &rows { (r) } }
        }
    }
}

fn group_row(n: usize, g: &Group, filter: &mut FilterData) -> Markup {
    let tags: Vec<ClassTag> = g.classes.iter().map(|c| ClassTag::of(c)).collect();
    filter.add(format!("group-{n}"), &tags, &apart(g), g.severity);
    html! {
        details.group id={ "group-" (n) } data-row {
            summary {
                (severity_badge(g.severity))
                span.count { (g.count) }
                span.cause { (Visible(&root_cause_text(&g.root_cause))) }
                @if g.known.is_some() || !g.marks.is_empty() {
                    span.known { (Visible(&status_text(g))) }
                }
                span.example { (case_markup(&g.example.input, g.example.base.as_deref())) }
            }
        }
    }
}

fn case_markup(input: &str, base: Option<&str>) -> Markup {
    html! {
        code.input { (Visible(input)) }
        @if let Some(base) = base { " against " code.base { (Visible(base)) } }
    }
}

/// The model differences: counted per root cause, with the shortest case.
fn model_section(findings: &Findings) -> Markup {
    html! {
        section #model-differences {
            h2 { "Model differences (" (findings.model_differences.len()) ")" }
            p.note {
                "What two standards read differently by design; each side is right by its \
                 standard. And what a library's documentation says it does otherwise than its \
                 standard (the rule linked). Not findings."
            }
            details {
                summary { (findings.model_differences.len()) " model differences" }
                (tables::model_differences(findings).html(None))
            }
        }
    }
}

/// The class table: each class with its id (a link that filters the findings table),
/// explanation, sections, validation errors, predicate and this run's counts.
fn class_section(rows: &[ClassRow]) -> Markup {
    html! {
        section #classes {
            h2 { "Classes" }
            p.note {
                "The class table (" code { "urldiff triage --explain-classes" } "); an input may \
                 be in several classes. A class's name filters the table above."
            }
            (tables::classes(rows).html(None))
        }
    }
}

fn oracles_section(findings: &Findings) -> Markup {
    let table = crate::conform::tables::findings_oracles(findings).html(None);
    html! { section #oracles { h2 { "Oracles" } (table) } }
}

fn run_section(findings: &Findings) -> Markup {
    let run = &findings.run;
    html! {
        section #run {
            h2 { "Run" }
            p {
                "Read from "
                @if run.sources.is_empty() { "nothing" }
                @for (i, s) in run.sources.iter().enumerate() {
                    @if i > 0 { ", " } code { (Visible(s)) }
                }
                ". " (run.not_one_minimal) " of " (run.minimized) " minimizations are not \
                 proven 1-minimal (budget); " (run.unclassified_cases) " cases are in groups \
                 without a class. Schema version " (findings.schema_version) "."
            }
        }
    }
}
