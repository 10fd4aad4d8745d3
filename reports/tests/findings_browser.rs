//! The findings report (`findings.html`) in a real browser (Debian's headless chromium, through
//! `urldiff-browser-test`), on the findings of a real triage run over this repository's own
//! cases (`tests/data/findings-cases.json`): the findings table renders, one visible row per
//! group; a click on a class in the class table filters it to that class's groups; the keyboard
//! on the severity select narrows it further; a screenshot of the filtered page is saved to
//! out/screenshots/findings-filtered.png. Skipped with one line where chromium is not installed.

use serde_json::json;
use std::collections::BTreeSet;
use std::path::PathBuf;
use std::time::Duration;
use urldiff_browser_test::{self as browser, Chromium, Tab};
use urldiff_triage::findings::Findings;

const WAIT: Duration = Duration::from_secs(10);

fn findings() -> Findings {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/findings-cases.json");
    Findings::from_json(&std::fs::read_to_string(path).unwrap()).unwrap()
}

/// The ids (`group-N`, N from 1) of the rows the page shows.
fn visible_ids(tab: &Tab) -> anyhow::Result<BTreeSet<String>> {
    let ids = browser::eval(
        tab,
        "Array.from(document.querySelectorAll('#findings > tbody > tr:not([hidden])')).map(r => r.id)",
    )?;
    Ok(ids.as_array().unwrap().iter().map(|v| v.as_str().unwrap().to_owned()).collect())
}

/// The ids of the groups with class `class` (and severity `severity`, when given), read from
/// the findings file, not from the page.
fn expected_ids(findings: &Findings, class: &str, severity: Option<&str>) -> BTreeSet<String> {
    findings
        .groups
        .iter()
        .enumerate()
        .filter(|(_, g)| g.classes.iter().any(|c| c == class))
        .filter(|(_, g)| severity.is_none_or(|s| g.severity.name() == s))
        .map(|(n, _)| format!("group-{}", n + 1))
        .collect()
}

#[test]
fn the_findings_report_filters_in_a_browser() -> anyhow::Result<()> {
    let Some(chromium) = Chromium::launch_or_skip("the_findings_report_filters_in_a_browser")?
    else {
        return Ok(());
    };
    let findings = findings();
    let dir = tempfile::tempdir()?;
    let page = dir.path().join("findings.html");
    std::fs::write(&page, urldiff_reports::html::findings::render(&findings))?;
    let tab = chromium.open(&browser::file_url(&page, "")?)?;
    browser::wait_for(&tab, "document.body.dataset.filterReady === 'true'", WAIT)?;

    // The table renders: one row per group, all visible, with height, the count line right.
    let all = findings.groups.len();
    assert_eq!(all, 19, "the run in tests/data/README.md made 19 groups");
    assert_eq!(
        browser::eval(
            &tab,
            "document.querySelectorAll('#findings > tbody > tr[data-row]').length"
        )?,
        json!(all)
    );
    assert_eq!(visible_ids(&tab)?.len(), all);
    let height = "document.querySelector('#findings > tbody > tr').getBoundingClientRect().height";
    assert!(browser::eval(&tab, height)?.as_f64().unwrap() > 10.0);
    assert_eq!(
        browser::eval(&tab, "document.getElementById('filter-count').textContent")?,
        json!(format!("{all} of {all} groups shown"))
    );
    // The first row shows its minimized example as text.
    assert_eq!(
        browser::eval(&tab, "document.querySelector('#group-1 code.input').textContent")?,
        json!(findings.groups[0].example.input)
    );

    // A click on ipv4-number-form in the class table keeps that class's groups only: the
    // IPv4 number forms of cases/ssrf (0x7f.1, 2130706433, 0177.0.0.1, %31%32%37.0.0.1) as
    // the host confusions of three pairs of standards, the percent-encoded one's of three, and
    // java.net.URI's conformance group: seven groups.
    let class = "ipv4-number-form";
    browser::click(&tab, &format!("#class-table a[data-class-link='{class}']"))?;
    browser::wait_for(&tab, &format!("location.hash === '#class={class}'"), WAIT)?;
    let want = expected_ids(&findings, class, None);
    assert_eq!(want.len(), 7);
    assert_eq!(visible_ids(&tab)?, want);
    assert_eq!(browser::eval(&tab, "document.getElementById('filter-class').value")?, json!(class));
    assert_eq!(
        browser::eval(&tab, "document.getElementById('filter-count').textContent")?,
        json!(format!("7 of {all} groups shown"))
    );
    let every_row_has_it = format!(
        "Array.from(document.querySelectorAll('#findings > tbody > tr:not([hidden])'))\
         .every(r => JSON.parse(r.dataset.classes).includes('{class}'))"
    );
    assert_eq!(browser::eval(&tab, &every_row_has_it)?, json!(true));

    // The keyboard on the severity select: "medium" leaves none of them (all seven are high).
    browser::type_into(&tab, "#filter-severity", "medium")?;
    browser::wait_for(&tab, "location.hash.includes('severity=medium')", WAIT)?;
    assert!(expected_ids(&findings, class, Some("medium")).is_empty());
    assert_eq!(visible_ids(&tab)?, BTreeSet::new());
    browser::type_into(&tab, "#filter-severity", "high")?;
    browser::wait_for(&tab, "location.hash.includes('severity=high')", WAIT)?;
    assert_eq!(visible_ids(&tab)?, expected_ids(&findings, class, Some("high")));

    let shot =
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../out/screenshots/findings-filtered.png");
    browser::screenshot(&tab, &shot)?;

    // The clear button shows every group again.
    browser::click(&tab, "#filter-clear")?;
    browser::wait_for(
        &tab,
        &format!(
            "document.getElementById('filter-count').textContent === '{all} of {all} groups shown'"
        ),
        WAIT,
    )?;
    assert_eq!(visible_ids(&tab)?.len(), all);
    Ok(())
}
