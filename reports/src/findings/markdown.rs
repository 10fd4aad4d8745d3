//! `findings.md`: the run (what was read, kept and spent; urldiff's version, the WPT data
//! revision, every oracle's exact version), one section per group (its kind and root cause,
//! the libraries, the standard's step and answer, its classes and severity, the minimized
//! example and the first members, each differing field with the groups of oracles and their
//! values, every oracle's answer), the model differences counted per root cause, and the class
//! table with this run's counts.
//!
//! Strings from the run go through [`code`] and [`text`] (the conform report's escaping), so
//! hostile inputs neither render as HTML nor break a table.

use super::{answer_text, root_cause_text, tables};
use crate::hostile::safe_link;
use crate::markdown_text::{code, text};
use std::fmt::Write as _;
use urldiff_triage::findings::{Findings, Group};

/// The Markdown findings report.
pub fn render(findings: &Findings) -> String {
    let mut out = String::new();
    let run = &findings.run;
    let _ = writeln!(out, "# urldiff findings: {} groups\n", findings.groups.len());
    let _ = writeln!(out, "Groups: {}.\n", super::kind_counts(findings));
    let _ = writeln!(
        out,
        "{} cases triaged ({} skipped), {} divergent, {} expected by the ledger; {} \
         minimizations ({} not 1-minimal), {} oracle calls, {:.1} s. Unclassified cases: {}.\n",
        run.cases,
        run.skipped_cases,
        run.divergent,
        run.expected,
        run.minimized,
        run.not_one_minimal,
        run.oracle_calls,
        run.seconds,
        run.unclassified_cases
    );
    let sources: Vec<String> = run.sources.iter().map(|s| code(s)).collect();
    let _ = writeln!(
        out,
        "{} {}; WPT data {}; read from {}.\n",
        text(&findings.tool.name),
        text(&findings.tool.version),
        findings.wpt_revision.as_deref().map_or("not located".to_owned(), text),
        if sources.is_empty() { "nothing".to_owned() } else { sources.join(", ") }
    );
    contents(&mut out, findings);
    let (drafts, settled) = super::drafts_first(findings);
    for &(n, g) in &drafts {
        group(&mut out, n, g);
    }
    if !settled.is_empty() {
        let _ = writeln!(
            out,
            "<details><summary>Known or fixed: {} groups, not drafted</summary>\n",
            settled.len()
        );
        for &(n, g) in &settled {
            group(&mut out, n, g);
        }
        out.push_str("</details>\n\n");
    }
    model_differences(&mut out, findings);
    classes(&mut out, findings);
    oracles(&mut out, findings);
    out
}

fn model_differences(out: &mut String, findings: &Findings) {
    out.push_str("## Model differences\n\n");
    if findings.model_differences.is_empty() {
        out.push_str("None: no two standards read a triaged case differently.\n\n");
        return;
    }
    out.push_str(
        "What two standards read differently by design: each side is right by its standard; \
         and what a library's own documentation says it does otherwise than its standard \
         (linked). Counted per root cause (the standards, the field, the class or the \
         documented rule), with the shortest case; not findings.\n\n",
    );
    let _ = writeln!(
        out,
        "<details><summary>{} model differences</summary>\n",
        findings.model_differences.len()
    );
    out.push_str(&tables::model_differences(findings).markdown());
    out.push_str("\n</details>\n\n");
}

fn contents(out: &mut String, findings: &Findings) {
    if findings.groups.is_empty() {
        out.push_str("No group: the oracles agree on every case triaged.\n\n");
        return;
    }
    out.push_str("## Groups\n\n");
    let (drafts, settled) = super::drafts_first(findings);
    let _ = writeln!(out, "New (each an upstream draft): {} groups.\n", drafts.len());
    out.push_str(&tables::groups(&drafts).markdown());
    out.push('\n');
    if !settled.is_empty() {
        let _ = writeln!(
            out,
            "<details><summary>Known or fixed, not drafted: {} groups</summary>\n",
            settled.len()
        );
        out.push_str(&tables::groups(&settled).markdown());
        out.push_str("\n</details>\n\n");
    }
}

fn example(input: &str, base: Option<&str>) -> String {
    match base {
        Some(b) => format!("{} against {}", code(input), code(b)),
        None => code(input),
    }
}

fn group(out: &mut String, n: usize, g: &Group) {
    let _ = writeln!(
        out,
        "<a id=\"group-{n}\"></a>\n### {n}. [{}] {}: {} × {}\n",
        g.severity.name(),
        g.kind.name(),
        text(&root_cause_text(&g.root_cause)),
        g.count
    );
    let libraries: Vec<String> = g.libraries.iter().map(|l| code(l)).collect();
    let _ = writeln!(
        out,
        "- implementations: {}; severity rule {} (`urldiff triage --explain-severity`); classes: {}",
        libraries.join(", "),
        code(&g.severity_rule),
        text(&g.classes.join(", "))
    );
    if let Some(step) = &g.root_cause.step {
        let link = safe_link(&step.link)
            .map_or_else(|| text(&step.title), |l| format!("[{}]({l})", text(&step.title)));
        let _ = writeln!(out, "- the standard's step: {link}");
    }
    if g.kind == urldiff_triage::rootcause::FindingKind::Conformance || !g.marks.is_empty() {
        let _ = writeln!(out, "- {}", text(&super::status_text(g)));
    }
    if let Some(expected) = &g.expected {
        let _ = writeln!(
            out,
            "- the standard's answer ({}): {}",
            code(&expected.oracle),
            code(&answer_text(&expected.answer))
        );
    }
    let e = &g.example;
    let how = if e.one_minimal { "1-minimal" } else { "not proven 1-minimal" };
    let _ = writeln!(
        out,
        "- minimized: {} ({how}, {} oracle calls, {:.2} s), from {}",
        example(&e.input, e.base.as_deref()),
        e.oracle_calls,
        e.seconds,
        example(&e.original.input, e.original.base.as_deref())
    );
    let errors: Vec<String> = g.validation_errors.iter().map(|v| code(v)).collect();
    let errors = if errors.is_empty() { "none".to_owned() } else { errors.join(", ") };
    let _ = writeln!(out, "- the reference's validation errors: {errors}");
    let _ = writeln!(
        out,
        "- group {}, signature {}: {}",
        code(&g.id),
        code(&g.signature_id),
        code(&g.signature)
    );
    let _ = write!(out, "- members: {} (all in findings.json); first:", g.count);
    for o in &g.originals {
        let _ = write!(out, " {} in {};", example(&o.input, o.base.as_deref()), code(&o.source));
    }
    out.push_str("\n\n");
    out.push_str(&tables::field_values(g).markdown());
    out.push_str("\n<details><summary>Every oracle's answer</summary>\n\n");
    out.push_str(&tables::answers(g).markdown());
    out.push_str("\n</details>\n\n");
}

fn classes(out: &mut String, findings: &Findings) {
    out.push_str("## Classes\n\n");
    out.push_str(
        "The class table (`urldiff triage --explain-classes`) with this run's counts: an input \
         may be in several classes.\n\n",
    );
    out.push_str(&tables::classes(&findings.classes).markdown());
    out.push('\n');
}

fn oracles(out: &mut String, findings: &Findings) {
    out.push_str("## Oracles\n\n");
    out.push_str(&crate::conform::tables::findings_oracles(findings).markdown());
    out.push('\n');
}
