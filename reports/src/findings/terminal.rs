//! The summary of a findings file on a terminal (what `urldiff triage` prints, and
//! `urldiff report FINDINGS.json`): the counts, the groups by kind, then the groups
//! (new ones first: conformance, then confusions, most severe first), each on one line of at
//! most [`crate::plain::WIDTH`] columns: severity, root cause, count, example; the groups
//! known or fixed collapsed to one line of counts.

use crate::plain::WIDTH;
use crate::plain::{fit, one_line};
use std::fmt::Write as _;
use urldiff_triage::findings::Findings;

/// A value quoted (Rust's debug form: quotes and backslashes escaped) and made visible.
fn quoted(value: &str) -> String {
    one_line(&format!("{value:?}"))
}

/// How many groups the summary lists.
pub const SHOWN_GROUPS: usize = 20;

/// The summary.
pub fn render(findings: &Findings) -> String {
    let run = &findings.run;
    let mut out = String::new();
    let head = format!(
        "triage: {} cases ({} skipped), {} divergent, {} expected by the ledger, {} minimized, \
         {} groups in {:.1} s",
        run.cases,
        run.skipped_cases,
        run.divergent,
        run.expected,
        run.minimized,
        findings.groups.len(),
        run.seconds
    );
    let _ = writeln!(out, "{}", fit(&head, WIDTH));
    let _ = writeln!(out, "{}", fit(&format!("groups: {}", super::kind_counts(findings)), WIDTH));
    if !run.unreadable_lines.is_empty() {
        let note = format!(
            "{} input lines could not be read (run.unreadable_lines in findings.json)",
            run.unreadable_lines.len()
        );
        let _ = writeln!(out, "{}", fit(&note, WIDTH));
    }
    let (drafts, settled) = super::drafts_first(findings);
    for (_, g) in drafts.iter().take(SHOWN_GROUPS) {
        let base =
            g.example.base.as_ref().map(|b| format!(" against {}", quoted(b))).unwrap_or_default();
        let mark = match &g.known {
            Some(k) if k.regression => "REGRESSION ",
            _ => "",
        };
        // Each value made visible on its own: the line's own indent is not hostile.
        let line = format!(
            "  [{mark}{}] {} x{}: {}{base}",
            g.severity.name(),
            one_line(&super::root_cause_text(&g.root_cause)),
            g.count,
            quoted(&g.example.input)
        );
        let _ = writeln!(out, "{}", fit(&line, WIDTH));
    }
    if drafts.len() > SHOWN_GROUPS {
        let _ = writeln!(out, "  … and {} more new groups", drafts.len() - SHOWN_GROUPS);
    }
    if !settled.is_empty() {
        // Known and fixed ones, collapsed to a count per mark: findings.md lists them.
        let mut counts: std::collections::BTreeMap<&str, usize> = Default::default();
        for (_, g) in &settled {
            for mark in g.marks.iter().filter(|m| m.settles()) {
                *counts.entry(mark.name()).or_default() += 1;
            }
        }
        let counts: Vec<String> = counts.iter().map(|(m, n)| format!("{n} {m}")).collect();
        let line = format!(
            "  + {} groups not drafted ({}): listed in findings.md",
            settled.len(),
            counts.join(", ")
        );
        let _ = writeln!(out, "{}", fit(&line, WIDTH));
    }
    out
}
