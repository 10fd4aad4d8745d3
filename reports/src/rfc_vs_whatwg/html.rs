//! The RFC-vs-WHATWG report as one self-contained page (`out/reports/rfc-vs-whatwg.html`), a
//! maud template: the same content as the Markdown file ([`crate::rfc_vs_whatwg`]), and the
//! same tables ([`crate::rfc_vs_whatwg::tables`]). The example in words is the Markdown
//! report's sentence too, written with this page's escapes ([`Escapes`]).

use crate::hostile::{safe_link, slug};
use crate::html_text::{prose_markup, text, Visible};
use crate::page::page_markup;
use crate::rfc_vs_whatwg::tables;
use crate::rfc_vs_whatwg::{capitalized, in_words, unavailable_parsers, Escapes};
use maud::{html, Markup, PreEscaped};
use urldiff_triage::rfc_vs_whatwg::{RfcVsWhatwg, Section, SideExample};

fn code(s: &str) -> String {
    html! { code { (Visible(s)) } }.into_string()
}

const HTML: Escapes = Escapes { code, text };

/// The HTML report.
pub fn render(report: &RfcVsWhatwg) -> String {
    let header = html! {
        h1 { "RFC 3986 vs WHATWG" }
        p {
            (report.sections.len()) " classes; the sides split on " (report.split) " of "
            (report.inputs) " inputs. WPT data "
            (Visible(report.wpt_revision.as_deref().unwrap_or("not located"))) "."
            @match &report.real {
                Some(real) => {
                    " Real parsers from " (Visible(&real.tool.name)) " "
                    (Visible(&real.tool.version)) "."
                }
                None => { " Real parsers not run." }
            }
        }
    };
    let unavailable = unavailable_parsers(report);
    let body = html! {
        (corpus(report))
        (overall(report))
        section #classes { h2 { "Classes" } (tables::classes(report).html(None)) }
        (errors(report))
        @for s in &report.sections { (section(s, &unavailable)) }
    };
    page_markup("urldiff: RFC 3986 vs WHATWG", header, body, &[]).into_string()
}

fn link(label: &str, url: &str) -> Markup {
    html! {
        @match safe_link(url) {
            Some(url) => { a href=(url) { (label) } }
            None => { (label) ": " (Visible(url)) }
        }
    }
}

fn case(input: &str, base: Option<&str>) -> Markup {
    html! {
        code.input { (Visible(input)) }
        @if let Some(b) = base { " against " code.base { (Visible(b)) } }
    }
}

/// Names as code, comma-separated.
fn codes<'a>(names: impl IntoIterator<Item = &'a str>) -> Markup {
    html! {
        @for (i, name) in names.into_iter().enumerate() {
            @if i > 0 { ", " } code { (Visible(name)) }
        }
    }
}

fn corpus(report: &RfcVsWhatwg) -> Markup {
    html! {
        section #corpus {
            h2 { "Corpus" }
            p.note {
                "The WHATWG side (" (codes(report.whatwg_side.iter().map(|o| o.name.as_str())))
                ") reads URLs as the URL Standard does, the RFC side ("
                (codes(report.rfc_side.iter().map(|o| o.name.as_str())))
                ") as RFC 3986 does. An input splits the sides when their in-process oracles \
                 read a component (or the outcome) differently."
            }
            (tables::corpus(report).html(None))
            p {
                "The RFC side rejects " (report.rfc_rejects) " split inputs (not \
                 URI-references); " (report.unclassified) " split inputs are in no class."
            }
        }
    }
}

fn overall(report: &RfcVsWhatwg) -> Markup {
    html! {
        section #real-parsers {
            h2 { "Real parsers" }
            @if let Some(real) = &report.real {
                p.note { "On which side each real parser reads the split inputs." }
                (tables::overall(report, real).html(None))
                @for s in &real.skipped {
                    p {
                        code { (Visible(&s.name)) } " could not run: "
                        (Visible(&crate::plain::first_line(&s.reason)))
                    }
                }
            } @else {
                p { "Not run." }
            }
        }
    }
}

fn errors(report: &RfcVsWhatwg) -> Markup {
    let changing = report.errors.iter().filter(|e| !e.fields.is_empty()).count();
    html! {
        section #validation-errors {
            h2 { "Validation errors that change a component" }
            p.note {
                (changing) " of " (report.errors.len()) " validation errors change a component: \
                 the sides read their example differently."
            }
            (tables::errors(report).html(None))
        }
    }
}

/// `none`, or the names joined.
fn or_none(names: &[String]) -> String {
    if names.is_empty() {
        "none".to_owned()
    } else {
        names.join(", ")
    }
}

fn section(s: &Section, unavailable: &[&str]) -> Markup {
    let c = &s.class;
    let sources: Vec<String> =
        s.by_source.iter().map(|b| format!("{} {}", b.source, b.inputs)).collect();
    html! {
        section.rfc-class id=(slug(&c.id)) {
            h2 { (Visible(&c.id)) }
            // The example in words is shared with the Markdown report, each with its escapes.
            p { (prose_markup(&capitalized(&c.explanation))) ". " (PreEscaped(in_words(&s.example, &HTML))) }
            ul {
                li { (link("WHATWG section", &c.whatwg)) " · " (link("RFC 3986 section", &c.rfc3986)) }
                li { "validation errors it covers: " (Visible(&or_none(&c.validation_errors))) }
                li { "inputs of the corpus in the class: " (c.cases) " (" (Visible(&sources.join(", "))) ")" }
                li { "when: " (prose_markup(&c.predicate)) }
                li { "why the URL Standard reads it so: " (prose_markup(&c.why_whatwg)) }
                li { "why RFC 3986 reads it so: " (prose_markup(&c.why_rfc3986)) }
                li { "what to do: " (prose_markup(&c.advice)) }
            }
            (example(&s.example))
            @if !s.parsers.is_empty() || !unavailable.is_empty() {
                (tables::parsers(s, unavailable).html(Some("parsers")))
            }
        }
    }
}

fn example(e: &SideExample) -> Markup {
    let how = match (e.minimized, e.one_minimal) {
        (true, true) => "minimized, 1-minimal",
        (true, false) => "minimized, not proven 1-minimal",
        (false, _) => "as read",
    };
    html! {
        p {
            "Example: " (case(&e.input, e.base.as_deref())) " "
            span.meta {
                "(" (how) "; from " (case(&e.original.input, e.original.base.as_deref())) " in "
                (Visible(&e.original.source)) "; validation errors: "
                (Visible(&or_none(&e.validation_errors))) ")"
            }
        }
        (tables::differences(e).html(Some("sides")))
        details { summary { "both records" } (tables::records(e).html(None)) }
    }
}
