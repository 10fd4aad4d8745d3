//! `urldiff serve` in a real browser (Debian's headless chromium, through the one test-support
//! crate `urldiff-browser-test`; skipped with one line where it is not installed):
//!
//! - the viewer: the backslash case typed into the input field, through the page; the table
//!   comes, its `host` row differs between the WHATWG group and python-urllib (where Python is
//!   missing, reference-rfc3986), the differing cell is highlighted and the agreeing one is
//!   not; the validation error links to the standard's table; the share link, opened in a new
//!   tab, restores the same view; the escapes mode decodes `\t`; the minimize button minimizes
//!   and loads the result into the fields;
//! - the dashboard renders the runs folder, with its plot;
//! - screenshots: out/screenshots/serve-compare.png and serve-runs.png.

mod serve_support;

use serde_json::json;
use serve_support::*;
use std::path::PathBuf;
use std::time::Duration;
use urldiff_browser_test::{self as browser, Chromium, Tab};

const WAIT: Duration = Duration::from_secs(60);
const BACKSLASH: &str = "http://evil.example\\@good.example/";

fn shots() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../out/screenshots")
}

/// Wait until the view shows `input` (and the base), answered.
fn wait_shown(tab: &Tab, input: &str, base: Option<&str>) -> anyhow::Result<()> {
    let shown = json!({"input": input, "base": base}).to_string();
    browser::wait_for(
        tab,
        &format!(
            "document.body.dataset.state === 'ready' && document.body.dataset.shown === {}",
            json!(shown)
        ),
        WAIT,
    )
}

/// The index of the table column whose oracles include `oracle`.
fn column_of(tab: &Tab, oracle: &str) -> anyhow::Result<Option<u64>> {
    let expression = format!(
        "(() => {{ const th = Array.from(document.querySelectorAll('#compare-table th.column'))\
         .find(th => JSON.parse(th.dataset.oracles).includes({})); \
         return th ? Number(th.dataset.column) : null; }})()",
        json!(oracle)
    );
    Ok(browser::eval(tab, &expression)?.as_u64())
}

/// The cell of row `field` in column `column`: its text and whether it is marked as differing.
fn cell(tab: &Tab, field: &str, column: u64) -> anyhow::Result<(String, bool)> {
    let td = format!(
        "document.querySelector('#compare-table tr[data-field=\"{field}\"] td[data-column=\"{column}\"]')"
    );
    let text = browser::eval(tab, &format!("{td}.textContent"))?;
    let differs = browser::eval(tab, &format!("{td}.classList.contains('differs')"))?;
    let background = browser::eval(tab, &format!("getComputedStyle({td}).backgroundColor"))?;
    // Marked and coloured, or neither.
    let coloured =
        background != json!("rgba(0, 0, 0, 0)") && background != json!("rgb(255, 255, 255)");
    assert_eq!(differs.as_bool(), Some(coloured), "{field}/{column}: {background}");
    Ok((text.as_str().unwrap_or("").to_owned(), differs == json!(true)))
}

#[test]
fn the_viewer_and_the_dashboard_in_a_browser() -> anyhow::Result<()> {
    let Some(chromium) = Chromium::launch_or_skip("the_viewer_and_the_dashboard_in_a_browser")?
    else {
        return Ok(());
    };
    let top = tempfile::tempdir()?;
    let (runs, _) = fixture(top.path());
    let server = start_default(config(&runs));
    let home = format!("http://{}/", server.addr);

    let tab = chromium.open(&home)?;
    browser::wait_for(&tab, "document.body.dataset.ready === 'true'", WAIT)?;
    browser::type_into(&tab, "#input", BACKSLASH)?;
    wait_shown(&tab, BACKSLASH, None)?;
    assert_eq!(browser::eval(&tab, "document.getElementById('input').value")?, json!(BACKSLASH));
    // Only the page's own scripts ran (the escaped code points, then the viewer): no inline
    // script, nothing from elsewhere.
    assert_eq!(
        browser::eval(&tab, "Array.from(document.scripts).map(s => s.getAttribute('src'))")?,
        json!(["/assets/hidden.js", "/assets/app.js"])
    );

    // The host row: the WHATWG group reads evil.example, urllib (or the RFC 3986 mode)
    // good.example, and that cell is the highlighted one.
    let whatwg =
        column_of(&tab, "whatwg-url")?.or(column_of(&tab, "reference")?).expect("a WHATWG column");
    let rfc_oracle = if column_of(&tab, "python-urllib")?.is_some() {
        "python-urllib"
    } else {
        "reference-rfc3986"
    };
    let rfc = column_of(&tab, rfc_oracle)?.unwrap();
    assert_ne!(whatwg, rfc);
    assert_eq!(cell(&tab, "host", whatwg)?, ("\"evil.example\"".to_owned(), false));
    assert_eq!(cell(&tab, "host", rfc)?, ("\"good.example\"".to_owned(), true));
    assert_eq!(cell(&tab, "scheme", rfc)?, ("\"http\"".to_owned(), false));
    // Empty-or-undefined and undefined read differently: the WHATWG userinfo is `""|undef`.
    assert_eq!(cell(&tab, "userinfo", whatwg)?.0, "\"\"|undef");
    let port = cell(&tab, "port", rfc)?.0;
    assert_eq!(port, "undefined");
    // The validation error, linked to its row of the standard's table; severity and classes.
    assert_eq!(
        browser::eval(&tab, "document.querySelector('#reference a.error-name').href")?,
        json!("https://url.spec.whatwg.org/#invalid-reverse-solidus")
    );
    assert_eq!(
        browser::eval(&tab, "document.querySelector('#verdict .sev').textContent")?,
        json!("high")
    );
    let classes = browser::eval(&tab, "document.querySelector('#verdict .classes').textContent")?;
    assert!(classes.as_str().unwrap().contains("backslash-confusion"), "{classes}");
    let valid =
        browser::eval(&tab, "document.querySelector('#reference .verdict-text').textContent")?;
    assert_eq!(valid, json!("no: not a valid domain string at 7"));
    std::fs::create_dir_all(shots())?;
    browser::screenshot(&tab, &shots().join("serve-compare.png"))?;

    // The share link of this view (followed below, in a new tab).
    let link = browser::eval(&tab, "document.getElementById('share').href")?;
    let link = link.as_str().unwrap().to_owned();
    assert!(link.starts_with(&format!("{home}#input=")), "{link}");
    let table = "document.getElementById('compare-table').innerText";
    let shown = browser::eval(&tab, table)?;

    // Minimize, then load the result into the fields.
    browser::click(&tab, "#minimize")?;
    browser::wait_for(&tab, "document.body.dataset.minimize === 'done'", WAIT)?;
    let minimized = browser::eval(&tab, "document.querySelector('.minimized-input').textContent")?;
    let minimized = minimized.as_str().unwrap().to_owned();
    assert!(minimized.contains("\\@") && minimized.len() < BACKSLASH.len(), "{minimized}");
    browser::click(&tab, "#load-minimized")?;
    wait_shown(&tab, &minimized, None)?;
    assert_eq!(browser::eval(&tab, "document.getElementById('input').value")?, json!(minimized));
    let host = cell(&tab, "host", column_of(&tab, rfc_oracle)?.unwrap())?;
    assert!(host.1, "the minimized input still splits the host: {host:?}");
    browser::screenshot(&tab, &shots().join("serve-minimized.png"))?;

    // The share link restores the view in a new tab.
    let restored = chromium.open(&link)?;
    wait_shown(&restored, BACKSLASH, None)?;
    assert_eq!(
        browser::eval(&restored, "document.getElementById('input').value")?,
        json!(BACKSLASH)
    );
    assert_eq!(browser::eval(&restored, table)?, shown);

    // Escapes: `\t` is a tab (removed by the WHATWG parsers, which say invalid-URL-unit), and
    // the page shows it marked.
    browser::click(&restored, "#escapes")?;
    browser::click(&restored, "#input")?;
    restored.press_key("End")?;
    browser::type_into(&restored, "#input", "a\\tb")?;
    let typed = format!("{BACKSLASH}a\tb");
    wait_shown(&restored, &typed, None)?;
    let decoded = browser::eval(&restored, "document.querySelector('#decoded .ctl').textContent")?;
    assert_eq!(decoded, json!("\\u{9}"));
    let errors = browser::eval(&restored, "document.querySelector('#reference').textContent")?;
    assert!(errors.as_str().unwrap().contains("invalid-URL-unit"), "{errors}");

    // The page escapes by the reports' one policy: a code point of each class it names
    // (controls, Cf, default ignorables, Zl/Zp, spaces but U+0020, private use, unassigned,
    // noncharacters, U+FFFD, assigned after Unicode 14.0) is marked, a visible one is not, and
    // spaces at either end of a text are marked too.
    let marked = "[0x0, 0x85, 0xad, 0x61c, 0x34f, 0x3164, 0xfe0f, 0xe0100, 0x2028, 0xa0, 0x3000, \
                  0xe000, 0x378, 0xfdd0, 0xfffd, 0x3e8ac].every((cp) => isHidden(String.fromCodePoint(cp))) \
                  && ![0x41, 0xe9, 0x4e2d, 0x1f600, 0x20, 0x7c].some((cp) => isHidden(String.fromCodePoint(cp)))";
    assert_eq!(browser::eval(&restored, marked)?, json!(true));
    let edges = "Array.from(textNodes(document.createElement('p'), ' a b ').childNodes, (n) => n.textContent)";
    assert_eq!(browser::eval(&restored, edges)?, json!(["\\u{20}", "a b", "\\u{20}"]));

    // The dashboard.
    let runs_tab = chromium.open(&format!("{home}runs"))?;
    let plot = "document.querySelector('section[data-campaign=\"fuzz\"] .plot svg').getBoundingClientRect().height";
    assert!(browser::eval(&runs_tab, plot)?.as_f64().unwrap() > 100.0);
    let state = browser::eval(
        &runs_tab,
        "document.querySelector('section[data-campaign=\"nightly/old\"] .state').textContent",
    )?;
    assert_eq!(state, json!("interrupted"));
    // The campaigns, with the plot of the running one, in the screenshot.
    browser::eval(
        &runs_tab,
        "document.querySelector('section[data-campaign=\"fuzz\"]').scrollIntoView()",
    )?;
    browser::screenshot(&runs_tab, &shots().join("serve-runs.png"))?;
    Ok(())
}
