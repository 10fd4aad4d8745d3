//! `findings.html`: the findings of a triage run as one self-contained page, the same kind as
//! the conform report (its shell, escaping, Content Security Policy, filter bar and `similar`
//! inline diffs). A filterable table of the groups (by class, oracle and severity), each with
//! its minimized example, count, first originals, classes (links into the class table shown
//! below), severity, each differing field with the groups of oracles and an inline diff
//! against the baseline, and every oracle's answer; then the class table with this run's
//! counts, the oracles with their exact versions, and the run.

use super::escape::{attr, prose, text};
use super::{class_link, diff, filter_bar, page, row_attrs, severity_badge};
use crate::classes::ClassTag;
use crate::findings::{
    answer_errors, answer_text, apart, baseline, classes_present, model_name, oracles_apart,
    safe_link, slug,
};
use std::fmt::Write as _;
use urldiff_compare::Severity;
use urldiff_triage::findings::{ClassRow, Findings, Group};

/// The HTML findings report.
pub fn render(findings: &Findings) -> String {
    let run = &findings.run;
    let cases: usize = findings.groups.iter().map(|g| g.count).sum();
    let header = format!(
        "<h1>urldiff findings: {} groups</h1>\n<p>Groups: {}.</p>\n<p>{} cases triaged ({} skipped), {} divergent, \
         {} expected by the ledger, {cases} in groups; {} minimizations, {} oracle calls, {:.1} s. \
         {} {}; WPT data {}.</p>",
        findings.groups.len(),
        text(&crate::findings::kind_counts(findings)),
        run.cases,
        run.skipped_cases,
        run.divergent,
        run.expected,
        run.minimized,
        run.oracle_calls,
        run.seconds,
        text(&findings.tool.name),
        text(&findings.tool.version),
        text(findings.wpt_revision.as_deref().unwrap_or("not located")),
    );
    let mut body = String::new();
    groups_section(&mut body, findings);
    model_section(&mut body, findings);
    class_table(&mut body, &findings.classes);
    oracles_section(&mut body, findings);
    run_section(&mut body, findings);
    page(&format!("urldiff findings: {} groups", findings.groups.len()), &header, &body)
}

fn groups_section(out: &mut String, findings: &Findings) {
    let _ = writeln!(
        out,
        "<section id=\"groups\"><h2>Findings ({} groups)</h2>\n<p class=\"note\">One row per \
         group: the cases of one root cause (conformance: an implementation against the \
         standard it claims, at the step reading the deciding code point; confusion: two \
         standards' implementations reading another authority). Each differing field shows the baseline (the reference's reading) and, for \
         every other group of oracles, an inline diff: <del>the baseline's characters</del> \
         <ins>theirs</ins>. The oracle filter keeps the groups where that oracle reads \
         otherwise than the baseline.</p>",
        findings.groups.len()
    );
    let classes: Vec<ClassTag> =
        classes_present(findings).iter().map(|c| ClassTag::of(c)).collect();
    let severities = [Severity::High, Severity::Medium, Severity::Low, Severity::Info];
    out.push_str(&filter_bar(&classes, &oracles_apart(findings), &severities, "groups"));
    out.push_str(
        "<table id=\"findings\"><colgroup><col class=\"c-sev\"><col class=\"c-count\">\
         <col class=\"c-class\"><col class=\"c-example\"><col><col class=\"c-answers\">\
         </colgroup><thead><tr><th>severity</th><th>count</th><th>classes</th>\
         <th>minimized example</th><th>differing fields</th><th>answers</th></tr></thead>\
         <tbody>\n",
    );
    for (n, g) in findings.groups.iter().enumerate() {
        group_row(out, n + 1, g, findings);
    }
    out.push_str("</tbody></table></section>\n");
}

fn group_row(out: &mut String, n: usize, g: &Group, findings: &Findings) {
    let tags: Vec<ClassTag> = g.classes.iter().map(|c| ClassTag::of(c)).collect();
    let classes: Vec<String> = g
        .classes
        .iter()
        .map(|c| {
            let explanation =
                findings.classes.iter().find(|r| &r.id == c).map(|r| r.explanation.as_str());
            format!(
                "<a class=\"class-ref\" href=\"#class-{}\" title=\"{}\">{}</a>",
                slug(c),
                attr(explanation.unwrap_or(crate::classes::explanation(c))),
                text(c)
            )
        })
        .collect();
    let cause = format!(
        "<div class=\"meta\">{}: {}</div>",
        text(g.kind.name()),
        text(&crate::findings::root_cause_text(&g.root_cause))
    );
    let _ = writeln!(
        out,
        "<tr id=\"group-{n}\" {}><td>{}</td><td class=\"num\">{}</td><td class=\"class-cell\">{cause}{}</td>\
         <td>{}</td><td>{}</td><td>{}</td></tr>",
        row_attrs(&tags, &apart(g), g.severity),
        severity_badge(g.severity),
        g.count,
        classes.join("<br>"),
        example_cell(g),
        differences_cell(g),
        answers_cell(g)
    );
}

/// The model differences: counted per root cause, with the shortest case.
fn model_section(out: &mut String, findings: &Findings) {
    let _ = writeln!(
        out,
        "<section id=\"model-differences\"><h2>Model differences ({})</h2>\n<p class=\"note\">\
         What two standards read differently by design; each side is right by its standard. \
         Not findings.</p>",
        findings.model_differences.len()
    );
    out.push_str(
        "<table><thead><tr><th>standards</th><th>field</th><th>class</th><th>cases</th>\
         <th>implementations</th><th>example</th></tr></thead><tbody>\n",
    );
    for m in &findings.model_differences {
        let rc = &m.root_cause;
        let standards: Vec<&str> = rc.standards.iter().map(|s| s.name()).collect();
        let class = rc.class.as_deref().unwrap_or("unclassified");
        let _ = writeln!(
            out,
            "<tr><td>{}</td><td>{}</td><td><a class=\"class-ref\" href=\"#class-{}\">{}</a></td>\
             <td class=\"num\">{}</td><td>{}</td><td>{}</td></tr>",
            text(&standards.join(" vs ")),
            text(&rc.fields.join(", ")),
            slug(class),
            text(class),
            m.cases,
            text(&m.libraries.join(", ")),
            case_html(&m.example.input, m.example.base.as_deref())
        );
    }
    out.push_str("</tbody></table></section>\n");
}

fn case_html(input: &str, base: Option<&str>) -> String {
    let mut out = format!("<code class=\"input\">{}</code>", text(input));
    if let Some(base) = base {
        let _ = write!(out, " against <code class=\"base\">{}</code>", text(base));
    }
    out
}

fn example_cell(g: &Group) -> String {
    let e = &g.example;
    let how = if e.one_minimal { "1-minimal" } else { "not proven 1-minimal" };
    let mut out = case_html(&e.input, e.base.as_deref());
    let _ = write!(
        out,
        "<div class=\"meta\">{how}, {} oracle calls; from {}</div>",
        e.oracle_calls,
        case_html(&e.original.input, e.original.base.as_deref())
    );
    let errors = if g.validation_errors.is_empty() {
        "none".to_owned()
    } else {
        g.validation_errors.iter().map(|v| text(v)).collect::<Vec<_>>().join(", ")
    };
    let _ = write!(out, "<div class=\"meta\">validation errors: {errors}</div>");
    let _ = write!(
        out,
        "<details class=\"originals\"><summary>first {} of {} members</summary><ul>",
        g.originals.len(),
        g.count
    );
    for o in &g.originals {
        let _ = write!(
            out,
            "<li>{} <span class=\"meta\">in {}</span></li>",
            case_html(&o.input, o.base.as_deref()),
            text(&o.source)
        );
    }
    let _ = write!(out, "</ul></details><div class=\"meta\">group {}</div>", text(&g.id));
    out
}

fn differences_cell(g: &Group) -> String {
    let mut out = String::new();
    for d in crate::findings::shown_differences(g) {
        let _ = write!(
            out,
            "<div class=\"fd\"><span class=\"fname\">{}</span><span class=\"grade\">{}</span>{}</div>",
            text(&d.field),
            text(&d.grade),
            severity_badge(d.severity)
        );
        let base = baseline(d);
        let base_value = &d.groups[base].value;
        for (i, v) in crate::findings::baseline_first(d) {
            let value = if i == base {
                format!("<span class=\"baseline\">{}</span>", diff::whole(&v.value))
            } else {
                diff::inline(base_value, &v.value)
            };
            let _ = write!(
                out,
                "<div class=\"vg\"><span class=\"who\">{}</span><code class=\"diff\">{value}</code></div>",
                text(&v.oracles.join(", "))
            );
        }
    }
    out
}

fn answers_cell(g: &Group) -> String {
    let mut out =
        format!("<details class=\"answers\"><summary>{} answers</summary><table>", g.answers.len());
    for a in &g.answers {
        let errors = answer_errors(&a.answer);
        let errors = if errors.is_empty() {
            String::new()
        } else {
            format!("<div class=\"meta\">{}</div>", text(&errors.join(", ")))
        };
        let _ = write!(
            out,
            "<tr><td>{}</td><td class=\"outcome-{}\">{}</td><td><code>{}</code>{errors}</td></tr>",
            text(&a.oracle),
            a.answer.outcome(),
            a.answer.outcome(),
            text(&answer_text(&a.answer))
        );
    }
    out.push_str("</table></details>");
    out
}

/// The class table: each class with its id (a link that filters the findings table),
/// explanation, sections, validation errors, predicate and this run's counts.
pub fn class_table(out: &mut String, rows: &[ClassRow]) {
    out.push_str(
        "<section id=\"classes\"><h2>Classes</h2><p class=\"note\">The class table \
         (<code>urldiff triage --explain-classes</code>); an input may be in several classes. \
         A class's name filters the table above.</p>\n<table id=\"class-table\"><thead><tr>\
         <th>class</th><th>groups</th><th>cases</th><th>explanation</th><th>sections</th>\
         <th>validation errors</th><th>when</th></tr></thead><tbody>\n",
    );
    for c in rows {
        let link = |label: &str, url: &str| match safe_link(url) {
            Some(url) => format!("<a href=\"{}\">{label}</a>", attr(url)),
            None => format!("{label}: {}", text(url)),
        };
        let _ = writeln!(
            out,
            "<tr id=\"class-{}\"><td>{}</td><td class=\"num\">{}</td><td class=\"num\">{}</td>\
             <td>{}</td><td>{}<br>{}</td><td>{}</td><td class=\"predicate\">{}</td></tr>",
            slug(&c.id),
            class_link(&ClassTag::of(&c.id)),
            c.groups,
            c.cases,
            prose(&c.explanation),
            link("WHATWG", &c.whatwg),
            link("RFC 3986", &c.rfc3986),
            text(&c.validation_errors.join(", ")),
            prose(&c.predicate)
        );
    }
    out.push_str("</tbody></table></section>\n");
}

fn oracles_section(out: &mut String, findings: &Findings) {
    out.push_str(
        "<section id=\"oracles\"><h2>Oracles</h2><table><thead><tr><th>oracle</th><th>kind</th>\
         <th>model</th><th>version</th></tr></thead><tbody>\n",
    );
    for o in &findings.oracles {
        let _ = writeln!(
            out,
            "<tr><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>",
            text(&o.name),
            o.kind.name(),
            model_name(o.model),
            text(&o.version)
        );
    }
    for s in &findings.skipped_oracles {
        let _ = writeln!(
            out,
            "<tr><td>{}</td><td colspan=\"3\">skipped: {}</td></tr>",
            text(&s.name),
            text(&crate::plain::first_line(&s.reason))
        );
    }
    out.push_str("</tbody></table></section>\n");
}

fn run_section(out: &mut String, findings: &Findings) {
    let run = &findings.run;
    let sources: Vec<String> =
        run.sources.iter().map(|s| format!("<code>{}</code>", text(s))).collect();
    let _ = writeln!(
        out,
        "<section id=\"run\"><h2>Run</h2><p>Read from {}. {} of {} minimizations are not proven \
         1-minimal (budget); {} cases are in groups without a class. Schema version {}.</p></section>",
        if sources.is_empty() { "nothing".to_owned() } else { sources.join(", ") },
        run.not_one_minimal,
        run.minimized,
        run.unclassified_cases,
        findings.schema_version
    );
}
