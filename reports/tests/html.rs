//! The HTML report: hostile strings render inert, diffs mark the changed characters, the page
//! needs nothing from the network, and every divergence has a filterable row.

mod support;

use urldiff_compare::project::Projected;
use urldiff_reports::html::{self, diff};
use urldiff_reports::ConformReport;

fn hostile_report() -> ConformReport {
    let mut report = support::real_run();
    report.divergences.push(support::hostile("python-urllib", None));
    report
        .divergences
        .push(support::hostile("<b>oracle</b>", Some("</td><script>alert(4)</script>")));
    report
}

#[test]
fn a_script_in_an_input_renders_inert() {
    let page = html::conform::render(&hostile_report());
    // The page's own filter script is the only script element, and no markup from the data
    // made it through.
    assert_eq!(page.matches("<script").count(), 1, "one <script>, the page's own");
    assert!(page
        .contains("<code class=\"input\">&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;</code>"));
    for markup in ["<img", "<b>", "alert(2)>", "</td><script"] {
        assert!(!page.contains(markup), "{markup} came through");
    }
    assert!(page.contains("&lt;b&gt;oracle&lt;/b&gt;"));
    // Control and bidi characters are shown, never sent raw.
    for raw in ['\u{0}', '\u{1b}', '\u{202e}'] {
        assert!(!page.contains(raw), "raw {raw:?} in the page");
    }
    assert!(page.contains("<span class=\"ctl\">\\u{202e}</span>"));
    assert!(page.contains("<span class=\"ctl\">\\u{0}</span>"));
}

#[test]
fn attribute_values_cannot_break_out() {
    let page = html::conform::render(&hostile_report());
    // The ledger reason is the status cell's title, escaped.
    assert!(page.contains("&lt;/td&gt;&lt;script&gt;alert(4)&lt;/script&gt;"));
    assert!(page.contains("data-oracles=\"[&quot;&lt;b&gt;oracle&lt;/b&gt;&quot;]\""));
}

#[test]
fn diffs_mark_the_changed_characters() {
    let defined = |s: &str| Projected::Defined(s.to_owned());
    assert_eq!(
        diff::inline(&defined("http://a/b"), &defined("http://a/c")),
        "http://a/<del>b</del><ins>c</ins>"
    );
    assert_eq!(diff::inline(&defined("a<b"), &defined("a<c")), "a&lt;<del>b</del><ins>c</ins>");
    // Unrelated values are shown whole rather than interleaved.
    assert_eq!(
        diff::inline(&defined("127.0.0.1"), &defined("evil.com")),
        "<del>127.0.0.1</del><ins>evil.com</ins>"
    );
    assert_eq!(
        diff::inline(&Projected::Undefined, &defined("x")),
        "<del><span class=\"undef\">(undefined)</span></del><ins>x</ins>"
    );
}

#[test]
fn the_page_is_self_contained() {
    let page = html::conform::render(&support::real_run());
    for external in ["src=", "href=\"http", "href=\"//", "@import", "url(", "<link"] {
        assert!(!page.contains(external), "{external} in the page");
    }
    assert!(page.contains("http-equiv=\"Content-Security-Policy\""));
    assert!(page.contains("default-src &#39;none&#39;; style-src &#39;sha256-"));
}

#[test]
fn every_divergence_has_a_filterable_row() {
    let report = hostile_report();
    let page = html::conform::render(&report);
    assert_eq!(page.matches("<tr data-row ").count(), report.divergences.len());
    assert!(page.contains("<select id=\"filter-class\">"));
    assert!(page.contains("<option value=\"python-urllib\">python-urllib</option>"));
}

#[test]
fn noncharacters_are_shown_escaped() {
    // U+FDD0 and U+FFFF (WPT's `wow:\u{ffff}` minimizes to `a:\u{fdd0}`) draw as nothing or
    // a box: both reports write them as escapes; a letter beside them stays itself.
    for (c, shown) in
        [('\u{fdd0}', "\\u{fdd0}"), ('\u{ffff}', "\\u{ffff}"), ('\u{10ffff}', "\\u{10ffff}")]
    {
        let input = format!("a:{c}é");
        assert!(urldiff_reports::html::escape::text(&input).contains(shown), "{c:?}");
        assert!(urldiff_reports::markdown::code(&input).contains(shown), "{c:?}");
        assert!(!urldiff_reports::markdown::code(&input).contains(c), "{c:?}");
    }
    assert_eq!(urldiff_reports::html::escape::text("a:é"), "a:é");
}
