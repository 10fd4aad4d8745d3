//! JUnit XML for CI, written with quick-xml's writer: a `<testsuite>` per oracle × suite, a
//! `<testcase>` per case. An unexpected divergence is a `<failure>` carrying the field diff
//! (the terminal table) and the `<properties>` `severity` and `classes` (triage's class ids,
//! comma separated); a ledgered one carries the same two properties and is `<skipped>` with a
//! one-line message, what CI pages show of a skipped case ([`ledgered_message`]: the ledger
//! entry, its reason, each differing field's truth and answer); a case without an opinion is
//! `<skipped message="no opinion">`.

use super::classes::classes_of;
use super::text::divergence_text;
use crate::hostile::xml_safe;
use quick_xml::escape::escape;
use quick_xml::events::{BytesDecl, BytesStart, BytesText, Event};
use quick_xml::Writer;
use std::collections::HashMap;
use std::io;
use urldiff_conform::report::{CaseStatus, ConformReport, Divergence, MatrixCell};

/// The JUnit XML document of a run.
pub fn render(report: &ConformReport) -> io::Result<Vec<u8>> {
    let mut bytes = Vec::new();
    write(report, &mut bytes)?;
    Ok(bytes)
}

/// [`render`] into `out`, written as it is made (give a buffered writer: the XML is written a
/// few bytes at a time).
pub fn write<W: io::Write>(report: &ConformReport, out: W) -> io::Result<()> {
    let mut w = Writer::new_with_indent(out, b' ', 2);
    w.write_event(Event::Decl(BytesDecl::new("1.0", Some("UTF-8"), None)))?;
    let failures: usize = report.cells.iter().map(|c| c.failed).sum();
    let tests: usize = report.cells.iter().map(|c| c.statuses.len()).sum();
    let by_case: HashMap<(&str, &str, usize), &Divergence> = report
        .divergences
        .iter()
        .map(|d| ((d.oracle.as_str(), d.suite.as_str(), d.case_index), d))
        .collect();
    // Every oracle's suite has the same case names: made XML-safe and escaped as an attribute
    // value once per suite.
    let safe_names: Vec<Vec<String>> = report
        .suites
        .iter()
        .map(|s| s.case_names.iter().map(|c| escape(xml_safe(c)).into_owned()).collect())
        .collect();
    let (tests, failures) = (tests.to_string(), failures.to_string());
    w.create_element("testsuites")
        .with_attributes([
            ("name", "urldiff conform"),
            ("tests", tests.as_str()),
            ("failures", failures.as_str()),
        ])
        .write_inner_content(|w| {
            for cell in &report.cells {
                write_suite(w, report, cell, &safe_names, &by_case)?;
            }
            Ok(())
        })?;
    io::Write::write_all(&mut w.into_inner(), b"\n")
}

fn write_suite<W: io::Write>(
    w: &mut Writer<W>,
    report: &ConformReport,
    cell: &MatrixCell,
    safe_names: &[Vec<String>],
    by_case: &HashMap<(&str, &str, usize), &Divergence>,
) -> io::Result<()> {
    let Some(at) = report.suites.iter().position(|s| s.name == cell.suite) else { return Ok(()) };
    let name = xml_safe(&format!("{} × {}", cell.oracle, cell.suite));
    let classname = xml_safe(&format!("{}.{}", cell.oracle, cell.suite));
    let counts = [cell.statuses.len(), cell.failed, cell.ledgered + cell.no_opinion];
    let [tests, failures, skipped] = counts.map(|n| n.to_string());
    w.create_element("testsuite")
        .with_attributes([
            ("name", name.as_str()),
            ("tests", tests.as_str()),
            ("failures", failures.as_str()),
            ("skipped", skipped.as_str()),
        ])
        .write_inner_content(|w| {
            // The start tag's text as quick-xml's `with_attributes` writes it (` key="value"`,
            // the value escaped), from names escaped once: one buffer for every case.
            let escaped_classname = escape(&classname);
            let mut tag = String::new();
            for (index, (case, status)) in safe_names[at].iter().zip(&cell.statuses).enumerate() {
                // Most cases passed: only the others are looked up.
                let divergence = match status {
                    CaseStatus::Passed => None,
                    _ => by_case.get(&(cell.oracle.as_str(), cell.suite.as_str(), index)),
                };
                tag.clear();
                tag.extend(["testcase classname=\"", &escaped_classname, "\" name=\"", case, "\""]);
                let testcase = BytesStart::from_content(tag.as_str(), "testcase".len());
                let inner =
                    |w: &mut Writer<W>, write: &dyn Fn(&mut Writer<W>) -> io::Result<()>| {
                        w.write_event(Event::Start(testcase.borrow()))?;
                        write(w)?;
                        w.write_event(Event::End(testcase.to_end()))
                    };
                match (status, divergence) {
                    (CaseStatus::Passed, _) | (_, None) => {
                        w.write_event(Event::Empty(testcase.borrow()))?;
                    }
                    (CaseStatus::NoOpinion, _) => inner(w, &|w| {
                        w.create_element("skipped")
                            .with_attribute(("message", "no opinion"))
                            .write_empty()?;
                        Ok(())
                    })?,
                    (CaseStatus::Ledgered, Some(d)) => inner(w, &|w| write_ledgered(w, d))?,
                    (CaseStatus::Failed, Some(d)) => inner(w, &|w| write_failure(w, d))?,
                }
            }
            Ok(())
        })?;
    Ok(())
}

/// The `severity` and `classes` properties of a divergence.
fn class_properties(d: &Divergence) -> [(String, String); 2] {
    let classes: Vec<String> = classes_of(d).into_iter().map(|c| c.id).collect();
    [
        ("severity".to_owned(), d.severity.name().to_owned()),
        ("classes".to_owned(), classes.join(",")),
    ]
}

fn write_property<W: io::Write>(w: &mut Writer<W>, name: &str, value: &str) -> io::Result<()> {
    let value = xml_safe(value);
    w.create_element("property")
        .with_attributes([("name", name), ("value", value.as_str())])
        .write_empty()?;
    Ok(())
}

fn write_failure<W: io::Write>(w: &mut Writer<W>, d: &Divergence) -> io::Result<()> {
    w.create_element("properties").write_inner_content(|w| {
        for (name, value) in class_properties(d) {
            write_property(w, &name, &value)?;
        }
        Ok(())
    })?;
    let fields: Vec<&str> = d.fields.iter().map(|f| f.field.name()).collect();
    let message = format!("{} divergence in {}", d.severity.name(), fields.join(","));
    w.create_element("failure")
        .with_attributes([("message", message.as_str()), ("type", d.severity.name())])
        .write_text_content(BytesText::new(&xml_safe(&divergence_text(d))))?;
    Ok(())
}

/// A ledgered case: its `severity` and `classes` properties, and skipped with one line
/// ([`ledgered_message`]); the full evidence is in the JSON report and the HTML page.
fn write_ledgered<W: io::Write>(w: &mut Writer<W>, d: &Divergence) -> io::Result<()> {
    w.create_element("properties").write_inner_content(|w| {
        for (name, value) in class_properties(d) {
            write_property(w, &name, &value)?;
        }
        Ok(())
    })?;
    let message = ledgered_message(d);
    w.create_element("skipped").with_attribute(("message", message.as_str())).write_empty()?;
    Ok(())
}

/// What a CI page shows of a ledgered case, on one line: the severity, the ledger entry that
/// expects it (`<oracle>.txt:<line>`, when the report records it), its reason, then each
/// differing field with its grade, the truth and the answer:
/// `ledgered (high), rust-url.txt:12: <reason> | host (structural): truth "a", got "b"; port …`.
/// The values are the quoted, escaped forms of every report (`Projected::display`), made
/// XML-safe by the one hostile-text policy.
pub fn ledgered_message(d: &Divergence) -> String {
    use std::fmt::Write as _;
    let mut message = format!("ledgered ({})", d.severity.name());
    if let Some(line) = d.ledger_line {
        let _ = write!(message, ", {}.txt:{line}", d.oracle);
    }
    message.push_str(": ");
    message.push_str(d.ledgered.as_deref().unwrap_or(""));
    for (i, f) in d.fields.iter().enumerate() {
        message.push_str(if i == 0 { " | " } else { "; " });
        let (field, grade) = (f.field.name(), f.grade.name());
        let (truth, got) = (f.truth.display(), f.got.display());
        let _ = write!(message, "{field} ({grade}): truth {truth}, got {got}");
    }
    xml_safe(&message)
}
