//! JUnit XML: well-formed (read back with quick-xml's reader) whatever the case names hold, a
//! failure per unexpected divergence, and ledgered cases carrying their differing values.

mod support;

use quick_xml::events::Event;
use std::collections::HashMap;
use urldiff_conform::report::{CaseStatus, ConformReport, MatrixCell, SuiteReport};
use urldiff_reports::conform::junit;

/// One suite of three cases (the third named with control characters) and one oracle: passed,
/// ledgered, unexpected.
fn report() -> ConformReport {
    let mut report = ConformReport::new("test");
    let names = ["<http://a/>", "<h>", "<\u{1}\u{ffff}\u{1b}]>"].map(str::to_owned).to_vec();
    report.suites.push(SuiteReport {
        name: "cases/ssrf".into(),
        revision: "test".into(),
        truth: "the test".into(),
        cases: 3,
        truth_oracle: None,
        case_names: names,
    });
    let mut ledgered = support::hostile("python-urllib", Some("urllib reads <evil> & more"));
    ledgered.suite = "cases/ssrf".into();
    ledgered.case_index = 1;
    let mut failed = support::hostile("python-urllib", None);
    failed.suite = "cases/ssrf".into();
    failed.case_index = 2;
    report.divergences = vec![ledgered, failed];
    report.cells.push(MatrixCell {
        oracle: "python-urllib".into(),
        suite: "cases/ssrf".into(),
        passed: 1,
        failed: 1,
        ledgered: 1,
        no_opinion: 0,
        statuses: vec![CaseStatus::Passed, CaseStatus::Ledgered, CaseStatus::Failed],
    });
    report
}

#[derive(Debug, Default)]
struct Read {
    elements: HashMap<String, usize>,
    properties: HashMap<String, String>,
    texts: Vec<String>,
    skipped_messages: Vec<String>,
}

fn read(xml: &[u8]) -> Read {
    let mut reader = quick_xml::Reader::from_reader(xml);
    let mut read = Read::default();
    let mut buf = Vec::new();
    loop {
        match reader.read_event_into(&mut buf).expect("JUnit output must be well-formed XML") {
            Event::Start(e) | Event::Empty(e) => {
                let name = String::from_utf8(e.name().as_ref().to_vec()).unwrap();
                let attr = |key: &str| {
                    e.try_get_attribute(key)
                        .unwrap()
                        .map(|a| a.unescape_value().unwrap().into_owned())
                };
                if name == "property" {
                    read.properties.insert(attr("name").unwrap(), attr("value").unwrap());
                }
                if name == "skipped" {
                    read.skipped_messages.push(attr("message").unwrap());
                }
                *read.elements.entry(name).or_default() += 1;
            }
            Event::Text(t) => read.texts.push(t.unescape().unwrap().into_owned()),
            Event::Eof => break,
            _ => {}
        }
        buf.clear();
    }
    read
}

#[test]
fn ledgered_cases_carry_their_differing_values() {
    let xml = junit::render(&report()).unwrap();
    let read = read(&xml);
    assert_eq!(read.elements["testsuite"], 1);
    assert_eq!(read.elements["testcase"], 3);
    assert_eq!(read.elements["failure"], 1);
    // A ledgered case's evidence is one line, what CI pages show of a skipped case: the
    // severity, the ledger file (`<oracle>.txt`) and line, the reason, then each differing
    // field with its grade, the truth and the answer as every report quotes them (Rust's
    // escaped form: ESC is `\u{1b}`).
    assert!(!read.elements.contains_key("system-out"));
    assert_eq!(
        read.skipped_messages,
        ["ledgered (high), python-urllib.txt:7: urllib reads <evil> & more \
          | host (structural): truth \"good.example\", got \"<script>alert(3)</script>\"; \
          path (structural): truth \"/a|b\", got \"/a`b\\u{1b}[31m\""]
    );
    // Both cases carry the severity and the classes as properties; nothing else.
    assert_eq!(read.elements["property"], 4);
    assert_eq!(read.properties["severity"], "high");
    // The unexpected divergence keeps its full evidence: the field diffs as a table under
    // the divergence, titles, then one row per field.
    let out = read.texts.iter().find(|t| t.contains("[high] python-urllib")).unwrap();
    assert!(out.contains("      field  grade       truth           got\n"), "{out}");
    assert!(out.contains("      host   structural  \"good.example\"  \"<script>"), "{out}");
}

/// A report saved by an urldiff that did not record the ledger line: the message says no line.
#[test]
fn a_ledgered_case_without_its_line_names_the_reason_alone() {
    let mut report = report();
    report.divergences[0].ledger_line = None;
    let read = read(&junit::render(&report).unwrap());
    assert!(
        read.skipped_messages[0].starts_with("ledgered (high): urllib reads <evil> & more | host"),
        "{:?}",
        read.skipped_messages
    );
}

#[test]
fn control_characters_in_names_stay_well_formed() {
    let xml = junit::render(&report()).unwrap();
    let text = String::from_utf8(xml.clone()).unwrap();
    assert!(text.contains("name=\"&lt;\\u{1}\\u{ffff}\\u{1b}]&gt;\""), "{text}");
    read(&xml);
}

/// JUnit is written by the one hostile-text policy: a case name with a right-to-left override,
/// a zero-width space or U+00A0 shows them as escapes, as every other report does.
#[test]
fn junit_names_follow_the_hostile_text_policy() {
    let text = urldiff_reports::hostile::xml_safe("http://a\u{202e}b\u{200b}c\u{a0}d/\n  x");
    assert_eq!(text, "http://a\\u{202e}b\\u{200b}c\\u{a0}d/\n  x");
}
