//! Ranked findings: the new groups (drafts) first, the known, fixed and documented ones after
//! and collapsed, in every format: the terminal summary, findings.md, findings.html and the
//! drafts folder. The file is the run of `reports/tests/data/findings-cases.json`, with its
//! first java-uri group marked known to the library (as a ledger entry or the library's list
//! would mark it) and its second left new.

use urldiff_reports::findings::{markdown, terminal};
use urldiff_reports::upstream::drafts;
use urldiff_triage::findings::Findings;
use urldiff_triage::mark::{with_new, Mark};

fn findings() -> Findings {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/findings-cases.json");
    let mut findings = Findings::from_json(&std::fs::read_to_string(path).unwrap()).unwrap();
    let known =
        Mark::Known { by: "java-uri's own list".into(), link: None, line: Some("<a://[>".into()) };
    findings.groups[0].marks = with_new(vec![known]);
    findings.groups[1].marks = with_new(Vec::new());
    assert!(!findings.groups[0].is_draft() && findings.groups[1].is_draft());
    findings
}

/// The byte position of `needle` in `text` (it must be there).
fn at(text: &str, needle: &str) -> usize {
    text.find(needle).unwrap_or_else(|| panic!("{needle:?} not in:\n{text}"))
}

#[test]
fn the_terminal_lists_new_groups_and_counts_the_others() {
    let findings = findings();
    let text = terminal::render(&findings);
    // 18 new groups, each on one line (the summary shows 20 at most); the known one is not.
    let listed = text.lines().filter(|l| l.starts_with("  [")).count();
    assert_eq!(listed, findings.groups.len() - 1, "{text}");
    // Of the two java-uri groups, only the new one is listed.
    assert_eq!(text.matches("] java-uri against rfc2396").count(), 1, "{text}");
    assert!(text.contains("1 groups not drafted (1 known)"), "{text}");
}

#[test]
fn markdown_puts_known_groups_after_the_new_ones_folded() {
    let text = markdown::render(&findings());
    let new_section = at(&text, "### 2. ");
    let folded = at(&text, "<details><summary>Known or fixed: 1 groups, not drafted</summary>");
    let known_section = at(&text, "### 1. ");
    assert!(new_section < folded && folded < known_section, "{text}");
    assert!(text.contains("known: java-uri's own list: "), "{text}");
}

#[test]
fn html_folds_known_groups_after_the_new_ones() {
    let page = urldiff_reports::findings::html::render(&findings());
    let new_row = at(&page, "id=\"group-2\"");
    let folded = at(&page, "id=\"settled\"");
    let known_row = at(&page, "id=\"group-1\"");
    assert!(new_row < folded && folded < known_row);
}

#[test]
fn the_drafts_file_drafts_new_groups_only() {
    let findings = findings();
    let java = drafts(&findings, None).into_iter().find(|d| d.file == "java-uri.md").unwrap();
    let drafted = java.text.matches("\n## ").count();
    assert_eq!(drafted, 1, "{}", java.text);
    let not_to_file = at(&java.text, "Not to file: 1 root cause(s) known or fixed");
    assert!(at(&java.text, &findings.groups[0].id) > not_to_file, "{}", java.text);
    assert!(java.text.starts_with("# Drafts for java-uri: 1 root cause(s)"), "{}", java.text);
}
