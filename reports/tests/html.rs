//! The HTML report: hostile strings render inert, diffs mark the changed characters, the page
//! needs nothing from the network, and every divergence has a filterable row.

mod support;

use urldiff_compare::project::Projected;
use urldiff_reports::html_text::diff;
use urldiff_reports::ConformReport;
use urldiff_reports::{conform, findings};

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
    let page = conform::html::render(&hostile_report());
    // The page's own filter script is the only script that runs (the other is its JSON data),
    // and no markup from the data made it through.
    assert_eq!(page.matches("<script>").count(), 1, "one <script>, the page's own");
    assert_eq!(page.matches("<script").count(), 2);
    assert_eq!(page.matches("<script type=\"application/json\" id=\"filter-data\">").count(), 1);
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
    let page = conform::html::render(&hostile_report());
    // The ledger reason is the status cell's title, escaped.
    assert!(page.contains("&lt;/td&gt;&lt;script&gt;alert(4)&lt;/script&gt;"));
}

/// The text of the page's filter data block, parsed.
fn filter_data(page: &str) -> serde_json::Value {
    let open = "<script type=\"application/json\" id=\"filter-data\">";
    let start = page.find(open).expect("a filter data block") + open.len();
    let end = start + page[start..].find("</script>").unwrap();
    serde_json::from_str(&page[start..end]).expect("the block is JSON")
}

#[test]
fn filter_data_is_json_that_keeps_hostile_names_whole() {
    let mut report = hostile_report();
    report.divergences.push(support::hostile("rust-url\u{200b}</script>", None));
    let page = conform::html::render(&report);
    // A `</script>` in a name cannot end the block: `<` is written `\u003c`.
    assert!(page.contains("rust-url\u{200b}\\u003c/script>"));
    let data = filter_data(&page);
    // Rows are [id, class indices, oracle indices, severity].
    let rows = data["rows"].as_array().unwrap();
    assert_eq!(rows.len(), report.divergences.len());
    let name = |r: &serde_json::Value| data["oracles"][r[2][0].as_u64().unwrap() as usize].clone();
    let oracles: Vec<String> = rows.iter().map(|r| name(r).as_str().unwrap().to_owned()).collect();
    let oracles: Vec<&str> = oracles.iter().map(String::as_str).collect();
    assert!(oracles.contains(&"<b>oracle</b>"));
    assert!(oracles.contains(&"rust-url\u{200b}</script>"));
    // The select's option carries the raw name (escaped as HTML only), so it matches.
    assert!(page.contains("<option value=\"rust-url\u{200b}&lt;/script&gt;\">"));
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
    let page = conform::html::render(&support::real_run());
    for external in ["src=", "href=\"http", "href=\"//", "@import", "url(", "<link"] {
        assert!(!page.contains(external), "{external} in the page");
    }
    assert!(page.contains("http-equiv=\"Content-Security-Policy\""));
    assert!(page.contains("default-src 'none'; style-src 'sha256-"));
}

#[test]
fn every_divergence_has_a_filterable_row() {
    let report = hostile_report();
    let page = conform::html::render(&report);
    assert_eq!(page.matches("\" data-row>").count(), report.divergences.len());
    assert!(page.contains("<tr id=\"divergence-1\" data-row>"));
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
        assert!(urldiff_reports::html_text::text(&input).contains(shown), "{c:?}");
        assert!(urldiff_reports::markdown_text::code(&input).contains(shown), "{c:?}");
        assert!(!urldiff_reports::markdown_text::code(&input).contains(c), "{c:?}");
    }
    assert_eq!(urldiff_reports::html_text::text("a:é"), "a:é");
}

#[test]
fn a_findings_page_of_1100_groups_stays_under_a_megabyte() {
    // 1,132 groups once made a 6.7 MB page; paged and collapsed, with every answer left to
    // findings.json, 1,100 groups of the real run's shapes stay under 1 MB.
    let findings = support::findings::scaled(1100);
    let page = findings::html::render(&findings);
    assert!(page.len() < 1_000_000, "{} bytes", page.len());
    assert_eq!(page.matches("<details class=\"group\" id=\"group-").count(), 1100);
}

#[test]
fn findings_show_a_host_whole_and_a_path_as_a_diff() {
    use diff::{Segment, SegmentMark};
    let defined = |s: &str| Projected::Defined(s.to_owned());
    // The host as a whole value, never `127.0.0.1` struck through beside `x7f.1`.
    assert_eq!(
        diff::value("host", &defined("127.0.0.1"), &defined("0x7f.1")),
        [Segment(SegmentMark::Same, "0x7f.1".into())]
    );
    assert_eq!(
        diff::value("pathname", &defined("/a/b"), &defined("/a/c")),
        [
            Segment(SegmentMark::Same, "/a/".into()),
            Segment(SegmentMark::Deleted, "b".into()),
            Segment(SegmentMark::Inserted, "c".into())
        ]
    );
    assert_eq!(
        diff::value("pathname", &defined("/"), &defined("")),
        [Segment(SegmentMark::Absent, "(empty)".into())]
    );
}
