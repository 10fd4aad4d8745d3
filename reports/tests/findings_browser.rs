//! The findings report (`findings.html`) in a real browser (Debian's headless chromium, through
//! `urldiff-browser-test`).
//!
//! On the findings of a real triage run over this repository's own cases
//! (`tests/data/findings-cases.json`): one collapsed group per finding; a click on a class in
//! the class table filters them to that class's groups; the keyboard on the severity select
//! narrows it further; a screenshot of the filtered page is saved to
//! out/screenshots/findings-filtered.png.
//!
//! On that run scaled to 1,100 groups: a page of 50, the pager, a class filter across pages, an
//! oracle whose name holds U+200B, and an opened group; screenshot
//! out/screenshots/findings-1100-filtered.png. Skipped with one line where chromium is not
//! installed.

mod support;

use serde_json::json;
use std::collections::BTreeSet;
use std::path::PathBuf;
use std::time::Duration;
use support::findings::{real as findings, scaled, INVISIBLE_ORACLE};
use urldiff_browser_test::{self as browser, Chromium, Tab};
use urldiff_triage::findings::Findings;

const WAIT: Duration = Duration::from_secs(20);

/// The ids (`group-N`, N from 1) of the groups the page shows.
fn visible_ids(tab: &Tab) -> anyhow::Result<BTreeSet<String>> {
    let ids = browser::eval(
        tab,
        "Array.from(document.querySelectorAll('#groups details[data-row]:not([hidden])')).map(r => r.id)",
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
    std::fs::write(&page, urldiff_reports::findings::html::render(&findings))?;
    let tab = chromium.open(&browser::file_url(&page, "")?)?;
    browser::wait_for(&tab, "document.body.dataset.filterReady === 'true'", WAIT)?;

    // The groups render: one per group, all visible (one page), with height, the count right.
    let all = findings.groups.len();
    assert_eq!(all, 19, "the run in tests/data/README.md made 19 groups");
    assert_eq!(
        browser::eval(&tab, "document.querySelectorAll('#groups details[data-row]').length")?,
        json!(all)
    );
    assert_eq!(visible_ids(&tab)?.len(), all);
    let height = "document.querySelector('#groups details').getBoundingClientRect().height";
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
        "Array.from(document.querySelectorAll('#groups details[data-row]:not([hidden])'))\
         .every(r => Array.from(r.querySelectorAll('a.class-ref'))\
         .some(a => a.textContent === '{class}'))"
    );
    // Each shown group, opened, lists the class (its details are built when opened).
    browser::eval(
        &tab,
        "document.querySelectorAll('#groups details[data-row]:not([hidden])')\
         .forEach(d => { d.open = true; })",
    )?;
    browser::wait_for(&tab, &every_row_has_it, WAIT)?;

    // The keyboard on the severity select: "medium" leaves none of them (all seven are high).
    browser::type_into(&tab, "#filter-severity", "medium")?;
    browser::wait_for(&tab, "location.hash.includes('severity=medium')", WAIT)?;
    assert!(expected_ids(&findings, class, Some("medium")).is_empty());
    assert_eq!(visible_ids(&tab)?, BTreeSet::new());
    // Back to "high" by choosing the option as a script would: typing again within the
    // select's type-ahead time joins the two words ("mediumhigh" matches nothing), and a busy
    // machine decides whether it does.
    browser::eval(
        &tab,
        "(s => { s.value = 'high'; s.dispatchEvent(new Event('change')); })\
         (document.getElementById('filter-severity'))",
    )?;
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

/// `document.getElementById(id).textContent`.
fn text_of(tab: &Tab, id: &str) -> anyhow::Result<serde_json::Value> {
    browser::eval(tab, &format!("document.getElementById('{id}').textContent"))
}

/// The ids of the groups of `findings` for which `keep` holds, in page order.
fn ids_where(
    findings: &Findings,
    keep: impl Fn(&urldiff_triage::findings::Group) -> bool,
) -> Vec<String> {
    // The page lists the conformance section before the confusion one.
    let mut ids: Vec<(bool, usize)> = findings
        .groups
        .iter()
        .enumerate()
        .filter(|(_, g)| keep(g))
        .map(|(n, g)| (g.kind.name() != "conformance", n + 1))
        .collect();
    ids.sort();
    ids.into_iter().map(|(_, n)| format!("group-{n}")).collect()
}

#[test]
fn a_findings_report_of_1100_groups_pages_and_filters_in_a_browser() -> anyhow::Result<()> {
    let test = "a_findings_report_of_1100_groups_pages_and_filters_in_a_browser";
    let Some(chromium) = Chromium::launch_or_skip(test)? else {
        return Ok(());
    };
    let findings = scaled(1100);
    let dir = tempfile::tempdir()?;
    let page = dir.path().join("findings.html");
    std::fs::write(&page, urldiff_reports::findings::html::render(&findings))?;
    let tab = chromium.open(&browser::file_url(&page, "")?)?;
    browser::wait_for(&tab, "document.body.dataset.filterReady === 'true'", WAIT)?;

    // One page of 50 collapsed groups, the first 50 in page order.
    let all = ids_where(&findings, |_| true);
    let first_page: BTreeSet<String> = all[..50].iter().cloned().collect();
    assert_eq!(visible_ids(&tab)?, first_page);
    assert_eq!(text_of(&tab, "filter-count")?, json!("1100 of 1100 groups shown"));
    assert_eq!(text_of(&tab, "page-status")?, json!("page 1 of 22"));
    let open = "document.querySelectorAll('#groups details[open]').length";
    assert_eq!(browser::eval(&tab, open)?, json!(0));

    // The next page: groups 51 to 100.
    browser::click(&tab, "#page-next")?;
    browser::wait_for(&tab, "location.hash === '#page=2'", WAIT)?;
    assert_eq!(visible_ids(&tab)?, all[50..100].iter().cloned().collect());

    // A class across pages: host-confusion's groups, counted from the findings, page 1.
    let class = "host-confusion";
    let want = ids_where(&findings, |g| g.classes.iter().any(|c| c == class));
    assert!(want.len() > 50, "{} groups", want.len());
    browser::click(&tab, &format!("#class-table a[data-class-link='{class}']"))?;
    browser::wait_for(&tab, &format!("location.hash === '#class={class}'"), WAIT)?;
    assert_eq!(visible_ids(&tab)?, want[..50].iter().cloned().collect());
    let n = want.len();
    assert_eq!(text_of(&tab, "filter-count")?, json!(format!("{n} of 1100 groups shown")));
    assert_eq!(text_of(&tab, "page-status")?, json!(format!("page 1 of {}", n.div_ceil(50))));

    // The oracle whose name holds U+200B: the select's value is the raw name.
    let apart = |g: &urldiff_triage::findings::Group| {
        urldiff_reports::findings::apart(g).contains(&INVISIBLE_ORACLE)
    };
    let want = ids_where(&findings, |g| apart(g) && g.classes.iter().any(|c| c == class));
    assert!(!want.is_empty());
    browser::eval(
        &tab,
        "(() => { const s = document.getElementById('filter-oracle'); s.value = 'java-uri\\u200b'; \
         s.dispatchEvent(new Event('change')); return s.value; })()",
    )?;
    browser::wait_for(&tab, "location.hash.includes('oracle=')", WAIT)?;
    assert_eq!(visible_ids(&tab)?, want.iter().take(50).cloned().collect());

    // Opening a group shows its differing fields, the host whole beside the baseline.
    let first = &want[0];
    browser::click(&tab, &format!("#{first} > summary"))?;
    browser::wait_for(&tab, &format!("document.getElementById('{first}').open"), WAIT)?;
    let cells =
        format!("document.getElementById('{first}').querySelectorAll('table.values td').length");
    assert!(browser::eval(&tab, &cells)?.as_u64().unwrap() >= 4);
    let shot = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../out/screenshots/findings-1100-filtered.png");
    browser::screenshot(&tab, &shot)?;
    Ok(())
}
