//! The HTML report in a real browser (Debian's headless chromium, driven through the one
//! test-support crate `urldiff-browser-test`): the divergence table renders, the filters work
//! through the page's own controls (a click on a class link, the keyboard on the severity
//! select), a URL fragment restores a filter, a hostile input stays text, and a screenshot of
//! the filtered page is saved to out/screenshots/report-filtered.png. Skipped with one line
//! where chromium is not installed.

mod support;

use serde_json::json;
use std::path::PathBuf;
use std::time::Duration;
use urldiff_browser_test::{self as browser, Chromium, Tab};
use urldiff_conform::classify::classify;
use urldiff_reports::conform::classes::classes_of;
use urldiff_reports::ConformReport;

const WAIT: Duration = Duration::from_secs(10);

fn visible_rows(tab: &Tab) -> anyhow::Result<serde_json::Value> {
    browser::eval(tab, "document.querySelectorAll('#divergences tbody tr:not([hidden])').length")
}

/// How many divergences have the class `id` and (when given) the severity.
fn expected_rows(report: &ConformReport, id: &str, severity: Option<&str>) -> usize {
    report
        .divergences
        .iter()
        .filter(|d| classes_of(d).iter().any(|c| c.id == id))
        .filter(|d| severity.is_none_or(|s| d.severity.name() == s))
        .count()
}

/// The row ids (`divergence-N`, the unexpected divergences first, then the ledgered ones, as
/// the page lists them) of the divergences with the class `id` (and the severity), read from
/// the report.
fn expected_ids(report: &ConformReport, id: &str, severity: &str) -> serde_json::Value {
    let ids: Vec<String> = report
        .unexpected()
        .chain(report.ledgered())
        .enumerate()
        .filter(|(_, d)| classes_of(d).iter().any(|c| c.id == id))
        .filter(|(_, d)| severity.is_empty() || d.severity.name() == severity)
        .map(|(n, _)| format!("divergence-{}", n + 1))
        .collect();
    json!(ids)
}

/// The ids of the rows shown.
const SHOWN_IDS: &str =
    "Array.from(document.querySelectorAll('#divergences tbody tr:not([hidden])')).map(r => r.id)";

#[test]
fn the_html_report_filters_in_a_browser() -> anyhow::Result<()> {
    let Some(chromium) = Chromium::launch_or_skip("the_html_report_filters_in_a_browser")? else {
        return Ok(());
    };
    let mut report = support::real_run();
    report.divergences.push(support::hostile("python-urllib", None));
    classify(&mut report);
    let dir = tempfile::tempdir()?;
    let page = dir.path().join("report.html");
    std::fs::write(&page, urldiff_reports::conform::html::render(&report))?;

    let tab = chromium.open(&browser::file_url(&page, "")?)?;
    browser::wait_for(&tab, "document.body.dataset.filterReady === 'true'", WAIT)?;
    // The table renders, every divergence a visible row.
    let all = report.divergences.len();
    assert_eq!(
        browser::eval(&tab, "document.querySelectorAll('#divergences tbody tr').length")?,
        json!(all)
    );
    assert_eq!(visible_rows(&tab)?, json!(all));
    let height = "document.querySelector('#divergences tbody tr').getBoundingClientRect().height";
    assert!(browser::eval(&tab, height)?.as_f64().unwrap() > 10.0);
    assert_eq!(
        browser::eval(&tab, "document.getElementById('filter-count').textContent")?,
        json!(format!("{all} of {all} divergences shown"))
    );
    // The hostile input (the unexpected divergence, listed first) is text: the page's filter
    // script is the only script that runs (the other holds its JSON data), and the input reads
    // back character for character.
    assert_eq!(
        browser::eval(&tab, "Array.from(document.scripts).map(s => s.type)")?,
        json!(["application/json", ""])
    );
    assert_eq!(
        browser::eval(&tab, "document.querySelector('#divergences code.input').textContent")?,
        json!(support::SCRIPT_INPUT)
    );

    // A click on backslash-confusion in the table of ledgered classes filters the table.
    let id = "backslash-confusion";
    browser::click(&tab, &format!("a[data-class-link='{id}']"))?;
    browser::wait_for(&tab, &format!("location.hash === '#class={id}'"), WAIT)?;
    assert_eq!(visible_rows(&tab)?, json!(expected_rows(&report, id, None)));
    assert_eq!(browser::eval(&tab, SHOWN_IDS)?, expected_ids(&report, id, ""));
    assert_eq!(browser::eval(&tab, "document.getElementById('filter-class').value")?, json!(id));

    // The keyboard on the severity select narrows it to the high ones.
    browser::type_into(&tab, "#filter-severity", "high")?;
    browser::wait_for(&tab, "location.hash.includes('severity=high')", WAIT)?;
    let high = expected_rows(&report, id, Some("high"));
    assert!(high >= 5, "the real run has high backslash confusions (python-urllib's), got {high}");
    assert_eq!(visible_rows(&tab)?, json!(high));
    assert_eq!(browser::eval(&tab, SHOWN_IDS)?, expected_ids(&report, id, "high"));
    let shot =
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../out/screenshots/report-filtered.png");
    browser::screenshot(&tab, &shot)?;

    // A link with a fragment restores a filter.
    let url = browser::file_url(&page, "oracle=java-uri&severity=medium")?;
    let tab = chromium.open(&url)?;
    browser::wait_for(&tab, "document.body.dataset.filterReady === 'true'", WAIT)?;
    assert_eq!(
        browser::eval(&tab, "document.getElementById('filter-oracle').value")?,
        json!("java-uri")
    );
    let java_medium = report
        .divergences
        .iter()
        .filter(|d| d.oracle == "java-uri" && d.severity.name() == "medium")
        .count();
    assert!(java_medium > 0);
    assert_eq!(visible_rows(&tab)?, json!(java_medium));
    Ok(())
}
