//! The terminal summary fits in 100 columns on a real run (12 oracles) and on the worst names
//! and values we can make, shows no raw control character, and keeps the known high-severity
//! confusions visible when the gate passes.

mod support;

use urldiff_conform::report::{Duplicate, LedgerLine, OracleStatus};
use urldiff_oracles::CaseKindTag;
use urldiff_reports::conform::terminal;
use urldiff_reports::{plain, ConformReport};

fn assert_fits(text: &str) {
    for line in text.lines() {
        assert!(line.chars().count() <= terminal::WIDTH, "{} chars: {line}", line.chars().count());
        assert!(plain::width(line) <= terminal::WIDTH, "{} columns: {line}", plain::width(line));
    }
    for hidden in ['\u{0}', '\u{1b}', '\u{202e}', '\r', '\t'] {
        assert!(!text.contains(hidden), "raw {hidden:?} in the summary");
    }
}

#[test]
fn a_real_run_fits_in_100_columns() {
    let report = support::real_run();
    assert_eq!(report.oracles.len(), 12);
    let text = terminal::render(&report);
    assert_fits(&text);
    assert!(text.lines().count() > 40, "{text}");
    assert!(text.contains("conform: PASS: 0 unexpected divergences"), "{text}");
}

#[test]
fn known_high_severity_confusions_stay_visible_when_the_gate_passes() {
    let report = support::real_run();
    assert_eq!(report.gate_code(), 0);
    let text = terminal::render(&report);
    // The high backslash-confusion class, its example python-urllib's reading of cases/ssrf's
    // first case on the next line.
    let lines: Vec<&str> = text.lines().collect();
    let at = lines
        .iter()
        .position(|l| l.trim_start().starts_with("high") && l.contains(" backslash-confusion "))
        .unwrap_or_else(|| panic!("no high backslash-confusion class:\n{text}"));
    let line = lines[at + 1];
    assert!(line.contains("python-urllib <http://127.0.0.1\\\\@evil.com/>"), "{line}");
    assert!(line.contains("host \"127.0.0.1\" → \"evil.com\""), "{line}");
}

/// The real run with the longest names and the most hostile values.
fn worst_case() -> ConformReport {
    let mut report = support::real_run();
    let long_suite = format!("cases/{}", "very-long-suite-name-".repeat(6));
    report.suites[11].name = long_suite.clone();
    for cell in report.cells.iter_mut().filter(|c| c.suite == "cases/ssrf") {
        cell.suite = long_suite.clone();
    }
    let long_oracle = "an-external-oracle-with-a-very-long-name-from-the-config";
    let mut external = report.oracles[0].clone();
    external.info.name = long_oracle.into();
    external.info.version = "全角 version ".repeat(20);
    report.oracles.push(external);
    let mut skipped: OracleStatus = report.oracles[5].clone();
    skipped.info.name = "skipped-oracle-\u{202e}-name".into();
    skipped.skipped = Some(format!("{}\nsecond line of the hint", "no runtime found; ".repeat(10)));
    report.oracles.push(skipped);
    report.oracles[1].info.case_kinds.push(CaseKindTag::Setter);
    for i in 0..50 {
        let mut d = support::hostile(long_oracle, None);
        d.case.input = format!("http://{}{i}/", "全".repeat(80));
        d.name = d.case.name();
        d.suite = long_suite.clone();
        report.divergences.push(d);
    }
    let mut ledgered = support::hostile("python-urllib", Some(&"a long reason ".repeat(20)));
    ledgered.case.input = "x".repeat(300);
    report.divergences.push(ledgered);
    let entry = format!("<{}> | host | {}", "\u{1b}[2J".repeat(5), "reason ".repeat(30));
    let line = LedgerLine {
        oracle: long_oracle.into(),
        file: "corpus/expected/x.txt".into(),
        line: 7,
        entry: entry.clone(),
    };
    report.stale.push(line.clone());
    report.unknown.push(line);
    report.duplicates.push(Duplicate {
        oracle: "x".into(),
        file: "f".into(),
        first: 1,
        line: 2,
        entry,
    });
    report
}

#[test]
fn long_names_and_hostile_values_still_fit() {
    let report = worst_case();
    let text = terminal::render(&report);
    assert_fits(&text);
    assert!(
        text.contains("conform: FAIL: 50 unexpected divergences, 1 stale ledger entries"),
        "{text}"
    );
    assert!(text.contains("Unexpected divergences (50)"), "{text}");
    assert!(text.contains("… and 10 more"), "{text}");
    assert!(text.contains("skipped-oracle-\\u{202e}-name: no runtime found"), "{text}");
}

#[test]
fn the_summary_fits_a_narrow_terminal_without_trailing_spaces() {
    for width in [60, 80, 140] {
        for report in [support::real_run(), worst_case()] {
            let text = terminal::render_to_width(&report, width);
            for line in text.lines() {
                assert!(plain::width(line) <= width, "{width}: {} columns: {line}", line.len());
                assert_eq!(line, line.trim_end(), "{width}: a line ends in spaces: {line:?}");
            }
            // The oracle totals keep every oracle, whatever the width.
            for o in &report.oracles {
                let name = plain::one_line(&o.info.name);
                let shown = plain::fit(&name, width);
                assert!(text.contains(shown.trim_end_matches('…')), "{width}: {name} missing");
            }
        }
    }
}
