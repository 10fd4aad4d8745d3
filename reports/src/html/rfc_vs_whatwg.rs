//! The RFC-vs-WHATWG report as one self-contained page (`out/reports/rfc-vs-whatwg.html`):
//! the same content as the Markdown file ([`crate::rfc_vs_whatwg`]), each component the sides
//! read differently shown as an inline diff (<del>the WHATWG side's characters</del>
//! <ins>the RFC side's</ins>); its tables are the Markdown report's
//! ([`crate::rfc_vs_whatwg_tables`]).

use super::escape::{prose, text};
use super::page;
use crate::findings::{safe_link, slug};
use crate::rfc_vs_whatwg::{capitalized, in_words, unavailable_parsers, Escapes};
use crate::rfc_vs_whatwg_tables as tables;
use std::fmt::Write as _;
use urldiff_triage::rfc_vs_whatwg::{RfcVsWhatwg, Section, SideExample};

fn code(s: &str) -> String {
    format!("<code>{}</code>", text(s))
}

const HTML: Escapes = Escapes { code, text };

/// The HTML report.
pub fn render(report: &RfcVsWhatwg) -> String {
    let header = format!(
        "<h1>RFC 3986 vs WHATWG</h1>\n<p>{} classes; the sides split on {} of {} inputs. WPT \
         data {}.{}</p>",
        report.sections.len(),
        report.split,
        report.inputs,
        text(report.wpt_revision.as_deref().unwrap_or("not located")),
        match &report.real {
            Some(real) => format!(
                " Real parsers from {} {}.",
                text(&real.tool.name),
                text(&real.tool.version)
            ),
            None => " Real parsers not run.".to_owned(),
        }
    );
    let mut body = String::new();
    corpus(&mut body, report);
    overall(&mut body, report);
    contents(&mut body, report);
    errors(&mut body, report);
    let unavailable = unavailable_parsers(report);
    for s in &report.sections {
        section(&mut body, s, &unavailable);
    }
    page("urldiff: RFC 3986 vs WHATWG", &header, &body)
}

fn link(label: &str, url: &str) -> String {
    match safe_link(url) {
        Some(url) => format!("<a href=\"{}\">{label}</a>", super::escape::attr(url)),
        None => format!("{label}: {}", text(url)),
    }
}

fn case(input: &str, base: Option<&str>) -> String {
    match base {
        Some(b) => format!(
            "<code class=\"input\">{}</code> against <code class=\"base\">{}</code>",
            text(input),
            text(b)
        ),
        None => format!("<code class=\"input\">{}</code>", text(input)),
    }
}

fn corpus(out: &mut String, report: &RfcVsWhatwg) {
    let names = |v: &[urldiff_triage::findings::OracleVersion]| {
        v.iter().map(|o| code(&o.name)).collect::<Vec<_>>().join(", ")
    };
    let _ = writeln!(
        out,
        "<section id=\"corpus\"><h2>Corpus</h2><p class=\"note\">The WHATWG side ({}) reads URLs \
         as the URL Standard does, the RFC side ({}) as RFC 3986 does. An input splits the sides \
         when their in-process oracles read a component (or the outcome) differently.</p>",
        names(&report.whatwg_side),
        names(&report.rfc_side)
    );
    out.push_str(&tables::corpus(report).html(None).into_string());
    let _ = writeln!(
        out,
        "<p>The RFC side rejects {} split inputs (not URI-references); {} split inputs are in \
         no class.</p></section>",
        report.rfc_rejects, report.unclassified
    );
}

fn overall(out: &mut String, report: &RfcVsWhatwg) {
    out.push_str("<section id=\"real-parsers\"><h2>Real parsers</h2>");
    let Some(real) = &report.real else {
        out.push_str("<p>Not run.</p></section>\n");
        return;
    };
    out.push_str("<p class=\"note\">On which side each real parser reads the split inputs.</p>");
    out.push_str(&tables::overall(report, real).html(None).into_string());
    for s in &real.skipped {
        let _ = write!(
            out,
            "<p>{} could not run: {}</p>",
            code(&s.name),
            text(&crate::plain::first_line(&s.reason))
        );
    }
    out.push_str("</section>\n");
}

fn contents(out: &mut String, report: &RfcVsWhatwg) {
    out.push_str("<section id=\"classes\"><h2>Classes</h2>");
    out.push_str(&tables::classes(report).html(None).into_string());
    out.push_str("</section>\n");
}

fn errors(out: &mut String, report: &RfcVsWhatwg) {
    let changing = report.errors.iter().filter(|e| !e.fields.is_empty()).count();
    let _ = writeln!(
        out,
        "<section id=\"validation-errors\"><h2>Validation errors that change a component</h2>\
         <p class=\"note\">{changing} of {} validation errors change a component: the sides read \
         their example differently.</p>",
        report.errors.len()
    );
    out.push_str(&tables::errors(report).html(None).into_string());
    out.push_str("</section>\n");
}

fn section(out: &mut String, s: &Section, unavailable: &[&str]) {
    let c = &s.class;
    let _ = writeln!(
        out,
        "<section id=\"{}\" class=\"rfc-class\"><h2>{}</h2><p>{}. {}</p><ul><li>{} · {}</li>\
         <li>validation errors it covers: {}</li><li>inputs of the corpus in the class: {} ({})</li>\
         <li>when: {}</li><li>why the URL Standard reads it so: {}</li>\
         <li>why RFC 3986 reads it so: {}</li><li>what to do: {}</li></ul>",
        slug(&c.id),
        text(&c.id),
        prose(&capitalized(&c.explanation)),
        in_words(&s.example, &HTML),
        link("WHATWG section", &c.whatwg),
        link("RFC 3986 section", &c.rfc3986),
        if c.validation_errors.is_empty() { "none".to_owned() } else { text(&c.validation_errors.join(", ")) },
        c.cases,
        text(&s.by_source.iter().map(|b| format!("{} {}", b.source, b.inputs)).collect::<Vec<_>>().join(", ")),
        prose(&c.predicate),
        prose(&c.why_whatwg),
        prose(&c.why_rfc3986),
        prose(&c.advice)
    );
    example(out, &s.example);
    if !s.parsers.is_empty() || !unavailable.is_empty() {
        out.push_str(&tables::parsers(s, unavailable).html(Some("parsers")).into_string());
    }
    out.push_str("</section>\n");
}

fn example(out: &mut String, e: &SideExample) {
    let how = match (e.minimized, e.one_minimal) {
        (true, true) => "minimized, 1-minimal",
        (true, false) => "minimized, not proven 1-minimal",
        (false, _) => "as read",
    };
    let _ = writeln!(
        out,
        "<p>Example: {} <span class=\"meta\">({how}; from {} in {}; validation errors: {})</span></p>",
        case(&e.input, e.base.as_deref()),
        case(&e.original.input, e.original.base.as_deref()),
        text(&e.original.source),
        if e.validation_errors.is_empty() { "none".to_owned() } else { text(&e.validation_errors.join(", ")) }
    );
    out.push_str(&tables::differences(e).html(Some("sides")).into_string());
    out.push_str("<details><summary>both records</summary>");
    out.push_str(&tables::records(e).html(None).into_string());
    out.push_str("</details>\n");
}
