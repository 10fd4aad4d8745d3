//! The history plot (`urldiff_reports::campaign::plot`) and the campaign files' reader
//! (`urldiff_reports::campaign`): the series are the classes' group counts per campaign (by
//! hand from the lines below), the SVG draws one line per series with a legend, escapes what
//! it writes, and reads with no history.

use urldiff_reports::campaign::plot::{groups_per_class, history_series, Series};
use urldiff_reports::campaign::{read_history, CampaignState, CampaignStatus};

const HISTORY: &str = r#"{"date": "2026-11-22T06:00:00Z", "targets": ["differential"], "duration_seconds": 28800, "execs": 100, "corpus_size": 10, "groups": 6, "new_groups": 6, "groups_per_class": {"backslash-confusion": 4, "host-confusion": 2}}
not json
{"date": "2026-11-23T06:00:00Z", "groups": 9, "new_groups": 3, "groups_per_class": {"backslash-confusion": 5, "host-confusion": 3, "<script>x</script>": 1}}

{"date": "2026-11-24T06:00:00Z", "groups": 10, "new_groups": 1, "groups_per_class": {"backslash-confusion": 5, "host-confusion": 5}}
"#;

#[test]
fn history_reads_and_skips_bad_lines() {
    let (lines, problems) = read_history(HISTORY);
    assert_eq!(lines.len(), 3);
    assert_eq!(problems.len(), 1);
    assert!(problems[0].starts_with("line 2:"), "{problems:?}");
    assert_eq!(lines[1].groups, 9);
    assert_eq!(lines[0].targets, ["differential"]);
    assert!(lines[2].targets.is_empty());
}

#[test]
fn the_series_are_the_group_counts_per_class() {
    let (lines, _) = read_history(HISTORY);
    let series = history_series(&lines);
    let s = |label: &str, values: &[u64]| Series { label: label.into(), values: values.to_vec() };
    // Largest total first (backslash 14, host 10, the script one 1), then all groups.
    assert_eq!(
        series,
        [
            s("backslash-confusion", &[4, 5, 5]),
            s("host-confusion", &[2, 3, 5]),
            s("<script>x</script>", &[0, 1, 0]),
            s("all groups", &[6, 9, 10]),
        ]
    );
}

#[test]
fn more_classes_than_lines_are_summed_as_other() {
    let line = |counts: &[(&str, u64)]| {
        let map: serde_json::Map<String, serde_json::Value> =
            counts.iter().map(|(c, n)| ((*c).to_owned(), (*n).into())).collect();
        serde_json::json!({"date": "2026-01-01T00:00:00Z", "groups": 1, "groups_per_class": map})
            .to_string()
    };
    let classes: Vec<(String, u64)> = (0..10).map(|i| (format!("class-{i}"), 10 - i)).collect();
    let counts: Vec<(&str, u64)> = classes.iter().map(|(c, n)| (c.as_str(), *n)).collect();
    let (lines, _) = read_history(&line(&counts));
    let series = history_series(&lines);
    assert_eq!(series.len(), 8 + 2);
    assert_eq!(series[7].label, "class-7");
    // class-8 (2) and class-9 (1).
    assert_eq!(series[8], Series { label: "other classes (2)".into(), values: vec![3] });
}

#[test]
fn the_svg_has_a_line_per_series_and_escapes_labels() {
    let (lines, _) = read_history(HISTORY);
    let svg = groups_per_class(&lines);
    assert!(svg.starts_with("<svg"), "{}", &svg[..80]);
    // One line of three points (three campaigns) per series; the axes' lines have two.
    let three_points = regex::Regex::new(r#"<polyline [^>]*points="(\d+,\d+ ){3}""#).unwrap();
    assert_eq!(three_points.find_iter(&svg).count(), 4, "{svg}");
    assert!(svg.contains("stroke=\"#1F77B4\" stroke-width=\"2\" points="));
    assert!(svg.contains("backslash-confusion") && svg.contains("all groups"));
    assert!(svg.contains("&lt;script&gt;x&lt;/script&gt;"));
    assert!(!svg.contains("<script"));
    // The legend is beside the plot, never over it: every series label starts right of every
    // data point (SIZE is 760 wide; the data lines are the polylines of two or more points
    // drawn in a series colour).
    let label_x = regex::Regex::new(
        r#"<text x="(\d+)"[^>]*>\s*(backslash-confusion|all groups|host-confusion)"#,
    )
    .unwrap();
    let labels: Vec<u32> = label_x.captures_iter(&svg).map(|c| c[1].parse().unwrap()).collect();
    assert_eq!(labels.len(), 3, "{svg}");
    let data = regex::Regex::new(r#"stroke-width="2" points="([^"]*)""#).unwrap();
    let rightmost = data
        .captures_iter(&svg)
        .flat_map(|c| {
            c[1].split_whitespace()
                .map(|p| p.split(',').next().unwrap().parse::<u32>().unwrap())
                .collect::<Vec<_>>()
        })
        .max()
        .unwrap();
    assert!(labels.iter().all(|x| *x > rightmost), "labels at {labels:?}, data up to {rightmost}");
    // The dates label the campaigns.
    assert!(svg.contains("2026-11-22") && svg.contains("2026-11-24"));
    // No style attributes or elements: the server's Content-Security-Policy allows no inline
    // style.
    assert!(!svg.contains("style="), "{svg}");
    std::fs::create_dir_all(concat!(env!("CARGO_MANIFEST_DIR"), "/../out/screenshots")).unwrap();
    std::fs::write(
        concat!(env!("CARGO_MANIFEST_DIR"), "/../out/screenshots/history-plot.svg"),
        &svg,
    )
    .unwrap();

    let empty = groups_per_class(&[]);
    assert!(empty.starts_with("<svg") && empty.contains("no finished campaign yet"));
}

#[test]
fn a_status_reads_leniently_and_checks_its_version() {
    let status = CampaignStatus::from_json(
        r#"{"schema_version": 1, "state": "running", "pid": 7, "execs_per_sec": 4100.5, "later": true}"#,
    )
    .unwrap();
    assert_eq!(status.state, CampaignState::Running);
    assert_eq!((status.pid, status.execs, status.seconds_left), (Some(7), 0, None));
    let err = CampaignStatus::from_json(r#"{"schema_version": 2, "state": "running"}"#);
    assert_eq!(err.unwrap_err().to_string(), "schema_version 2; this urldiff reads version 1");
    assert!(CampaignStatus::from_json(r#"{"state": "running"}"#).is_err());
    assert!(CampaignStatus::from_json(r#"{"schema_version": 1, "state": "asleep"}"#).is_err());
}
