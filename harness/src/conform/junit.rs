//! JUnit XML for CI: a `<testsuite>` per oracle × suite, a `<testcase>` per case; unexpected
//! divergences are `<failure>`s carrying the field diff, ledgered ones and no-opinion cases
//! are `<skipped>` with the reason.

use crate::conform::evaluate::{CaseStatus, RunResult};
use crate::conform::report::divergence_text;
use std::fmt::Write as _;

/// Escape text for XML 1.0 content and attributes. Characters XML cannot carry at all
/// (most C0 controls, U+FFFE, U+FFFF) are written as `\u{…}`.
pub fn xml_escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            '\t' | '\n' | '\r' => out.push(c),
            c if (c as u32) < 0x20 || c == '\u{FFFE}' || c == '\u{FFFF}' => {
                let _ = write!(out, "\\u{{{:x}}}", c as u32);
            }
            c => out.push(c),
        }
    }
    out
}

/// The JUnit XML document of a run.
pub fn junit_xml(result: &RunResult) -> String {
    let mut out = String::from("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    let failures: usize = result.cells.iter().map(|c| c.failed).sum();
    let tests: usize = result.cells.iter().map(|c| c.statuses.len()).sum();
    let _ = writeln!(
        out,
        "<testsuites name=\"urldiff conform\" tests=\"{tests}\" failures=\"{failures}\">"
    );
    for cell in &result.cells {
        let Some(index) = result.suites.iter().position(|s| s.name == cell.suite) else { continue };
        let cases = &result.suite_cases[index];
        let _ = writeln!(
            out,
            "  <testsuite name=\"{}\" tests=\"{}\" failures=\"{}\" skipped=\"{}\">",
            xml_escape(&format!("{} × {}", cell.oracle, cell.suite)),
            cell.statuses.len(),
            cell.failed,
            cell.ledgered + cell.no_opinion
        );
        for (case, status) in cases.iter().zip(&cell.statuses) {
            let _ = write!(
                out,
                "    <testcase classname=\"{}\" name=\"{}\"",
                xml_escape(&format!("{}.{}", cell.oracle, cell.suite)),
                xml_escape(&case.name())
            );
            match status {
                CaseStatus::Passed => out.push_str("/>\n"),
                CaseStatus::NoOpinion => {
                    out.push_str("><skipped message=\"no opinion\"/></testcase>\n")
                }
                CaseStatus::Ledgered(i) => {
                    let reason = result.divergences[*i].ledgered.as_deref().unwrap_or("");
                    let _ = writeln!(
                        out,
                        "><skipped message=\"ledgered: {}\"/></testcase>",
                        xml_escape(reason)
                    );
                }
                CaseStatus::Failed(i) => {
                    let d = &result.divergences[*i];
                    let fields: Vec<_> = d.fields.iter().map(|f| f.field.name()).collect();
                    let _ = writeln!(
                        out,
                        ">\n      <failure message=\"{} divergence in {}\" type=\"{}\">{}</failure>\n    </testcase>",
                        d.severity.name(),
                        fields.join(","),
                        d.severity.name(),
                        xml_escape(&divergence_text(d))
                    );
                }
            }
        }
        out.push_str("  </testsuite>\n");
    }
    out.push_str("</testsuites>\n");
    out
}
