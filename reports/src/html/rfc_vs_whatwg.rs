//! The RFC-vs-WHATWG report as one self-contained page (`out/reports/rfc-vs-whatwg.html`):
//! the same content as the Markdown file ([`crate::rfc_vs_whatwg`]), each component the sides
//! read differently shown as an inline diff (<del>the WHATWG side's characters</del>
//! <ins>the RFC side's</ins>), each real parser's side coloured.

use super::escape::{prose, text};
use super::{diff, page};
use crate::findings::{answer_errors, answer_text, safe_link, slug};
use crate::rfc_vs_whatwg::{capitalized, in_words, unavailable_parsers, Escapes, UNAVAILABLE};
use std::fmt::Write as _;
use urldiff_oracles::{Answer, Record};
use urldiff_triage::rfc_vs_whatwg::{ParserTally, RfcVsWhatwg, Section, Side, SideExample};

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

fn class_ref(id: &str) -> String {
    format!("<a href=\"#{}\">{}</a>", slug(id), text(id))
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
         when their in-process oracles read a component (or the outcome) differently.</p>\
         <table><thead><tr><th>source</th><th>inputs</th><th>split</th></tr></thead><tbody>",
        names(&report.whatwg_side),
        names(&report.rfc_side)
    );
    for s in &report.sources {
        let _ = writeln!(
            out,
            "<tr><td>{}</td><td class=\"num\">{}</td><td class=\"num\">{}</td></tr>",
            code(&s.source),
            s.inputs,
            s.split
        );
    }
    let _ = writeln!(
        out,
        "<tr><th>all</th><th class=\"num\">{}</th><th class=\"num\">{}</th></tr></tbody></table>\
         <p>{} split inputs are in no class.</p></section>",
        report.inputs, report.split, report.unclassified
    );
}

fn side_cell(side: Side) -> String {
    let class = match side {
        Side::Whatwg => "side-whatwg",
        Side::Rfc => "side-rfc",
        Side::Neither => "side-neither",
        Side::NoOpinion => "side-no-opinion",
    };
    format!("<td class=\"{class}\">{}</td>", side.name())
}

fn tally_row(out: &mut String, t: &ParserTally, version: Option<&str>) {
    let _ = write!(out, "<tr><td>{}</td>", text(&t.oracle));
    if let Some(v) = version {
        let _ = write!(out, "<td>{}</td>", text(v));
    }
    if let Some(side) = t.example {
        out.push_str(&side_cell(side));
    }
    let _ = writeln!(
        out,
        "<td class=\"num\">{}</td><td class=\"num\">{}</td><td class=\"num\">{}</td><td class=\"num\">{}</td></tr>",
        t.whatwg, t.rfc, t.neither, t.no_opinion
    );
}

/// A row for a parser that could not run: its name, then `columns` cells that say so.
fn unavailable_row(out: &mut String, name: &str, columns: usize) {
    let cell = format!("<td class=\"unavailable\">{UNAVAILABLE}</td>");
    let _ = writeln!(out, "<tr><td>{}</td>{}</tr>", text(name), cell.repeat(columns));
}

fn overall(out: &mut String, report: &RfcVsWhatwg) {
    out.push_str("<section id=\"real-parsers\"><h2>Real parsers</h2>");
    let Some(real) = &report.real else {
        out.push_str("<p>Not run.</p></section>\n");
        return;
    };
    out.push_str(
        "<p class=\"note\">On which side each real parser reads the split inputs.</p><table>\
         <thead><tr><th>parser</th><th>version</th><th>WHATWG side</th><th>RFC side</th>\
         <th>neither</th><th>no opinion</th></tr></thead><tbody>\n",
    );
    for t in &real.overall {
        let version = real.parsers.iter().find(|p| p.name == t.oracle).map(|p| p.version.as_str());
        tally_row(out, t, version);
    }
    for name in unavailable_parsers(report) {
        unavailable_row(out, name, 5);
    }
    out.push_str("</tbody></table>");
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
    out.push_str(
        "<section id=\"classes\"><h2>Classes</h2><table><thead><tr><th>class</th>\
         <th>split inputs</th><th>example</th><th>the sides differ on</th></tr></thead><tbody>\n",
    );
    for s in &report.sections {
        let fields: Vec<&str> = s.example.differences.iter().map(|d| d.field.as_str()).collect();
        let _ = writeln!(
            out,
            "<tr><td>{}</td><td class=\"num\">{}</td><td>{}</td><td>{}</td></tr>",
            class_ref(&s.class.id),
            s.class.cases,
            case(&s.example.input, s.example.base.as_deref()),
            text(&fields.join(", "))
        );
    }
    out.push_str("</tbody></table></section>\n");
}

fn errors(out: &mut String, report: &RfcVsWhatwg) {
    let changing = report.errors.iter().filter(|e| !e.fields.is_empty()).count();
    let _ = writeln!(
        out,
        "<section id=\"validation-errors\"><h2>Validation errors that change a component</h2>\
         <p class=\"note\">{changing} of {} validation errors change a component: the sides read \
         their example differently.</p><table><thead><tr><th>error</th><th>can fail</th>\
         <th>example</th><th>the sides differ on</th><th>covered by</th></tr></thead><tbody>",
        report.errors.len()
    );
    for e in &report.errors {
        let covered: Vec<String> = e.covered_by.iter().map(|c| class_ref(c)).collect();
        let hand = e
            .hand_picked
            .as_deref()
            .map(|h| format!("<div class=\"meta\">hand-picked: {}</div>", text(h)))
            .unwrap_or_default();
        let _ = writeln!(
            out,
            "<tr><td>{}</td><td>{}</td><td>{}{hand}</td><td>{}</td><td>{}</td></tr>",
            code(&e.error),
            if e.can_be_fatal { "yes" } else { "no" },
            case(&e.input, e.base.as_deref()),
            if e.fields.is_empty() { "nothing".to_owned() } else { text(&e.fields.join(", ")) },
            if covered.is_empty() { "–".to_owned() } else { covered.join(", ") }
        );
    }
    out.push_str("</tbody></table></section>\n");
}

fn section(out: &mut String, s: &Section, unavailable: &[&str]) {
    let c = &s.class;
    let _ = writeln!(
        out,
        "<section id=\"{}\" class=\"rfc-class\"><h2>{}</h2><p>{}. {}</p><ul><li>{} · {}</li>\
         <li>validation errors it covers: {}</li><li>inputs of the corpus in the class: {} ({})</li>\
         <li>when: {}</li></ul>",
        slug(&c.id),
        text(&c.id),
        prose(&capitalized(&c.explanation)),
        in_words(&s.example, &HTML),
        link("WHATWG section", &c.whatwg),
        link("RFC 3986 section", &c.rfc3986),
        if c.validation_errors.is_empty() { "none".to_owned() } else { text(&c.validation_errors.join(", ")) },
        c.cases,
        text(&s.by_source.iter().map(|b| format!("{} {}", b.source, b.inputs)).collect::<Vec<_>>().join(", ")),
        prose(&c.predicate)
    );
    example(out, &s.example);
    if !s.parsers.is_empty() || !unavailable.is_empty() {
        out.push_str(
            "<table class=\"parsers\"><thead><tr><th>parser</th><th>on the example</th>\
             <th>WHATWG side</th><th>RFC side</th><th>neither</th><th>no opinion</th></tr>\
             </thead><tbody>\n",
        );
        for t in &s.parsers {
            tally_row(out, t, None);
        }
        for name in unavailable {
            unavailable_row(out, name, 5);
        }
        out.push_str("</tbody></table>");
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
        "<p>Example: {} <span class=\"meta\">({how}; from {} in {}; validation errors: {})</span></p>\
         <table class=\"sides\"><thead><tr><th>component</th><th>grade</th><th>WHATWG side → RFC side</th>\
         </tr></thead><tbody>",
        case(&e.input, e.base.as_deref()),
        case(&e.original.input, e.original.base.as_deref()),
        text(&e.original.source),
        if e.validation_errors.is_empty() { "none".to_owned() } else { text(&e.validation_errors.join(", ")) }
    );
    for d in &e.differences {
        let _ = writeln!(
            out,
            "<tr><td class=\"fname\">{}</td><td class=\"grade\">{}</td><td><code class=\"diff\">{}</code></td></tr>",
            text(&d.field),
            text(&d.grade),
            diff::inline(&d.whatwg, &d.rfc)
        );
    }
    out.push_str("</tbody></table><details><summary>both records</summary><table>");
    for side in [&e.whatwg, &e.rfc] {
        let errors = answer_errors(&side.answer).join(", ");
        let _ = writeln!(
            out,
            "<tr><td>{}</td><td>{}</td><td class=\"meta\">{}</td></tr>",
            text(&side.oracle),
            record_html(&side.answer),
            text(&errors)
        );
    }
    out.push_str("</table></details>\n");
}

fn record_html(answer: &Answer) -> String {
    match answer {
        Answer::Parsed { record: Record::Whatwg(r), .. } => urldiff_oracles::WHATWG_FIELDS
            .iter()
            .filter_map(|f| Some(format!("{f} <code>{}</code>", text(&format!("{:?}", r.get(f)?)))))
            .collect::<Vec<_>>()
            .join("<br>"),
        Answer::Parsed { record: Record::Rfc(r), .. } => urldiff_oracles::RFC_FIELDS
            .iter()
            .map(|f| match r.get(f).flatten() {
                Some(v) => format!("{f} <code>{}</code>", text(&format!("{v:?}"))),
                None => format!("{f} <span class=\"undef\">undefined</span>"),
            })
            .collect::<Vec<_>>()
            .join("<br>"),
        other => code(&answer_text(other)),
    }
}
