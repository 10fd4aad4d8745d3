//! `urldiff report` reads a conform run into its typed form, not through a JSON tree: on a
//! generated run of 20,000 divergences its peak resident size stays within a few times the
//! file's (it was 24× through the tree; the goal, measured at 1 M divergences by `make bench`,
//! is ~3×). A bound on memory, not on time. Skipped with one line without GNU time.

mod run_support;

use run_support::{generate, peak_memory, template, this_urldiff, GNU_TIME};

#[test]
fn report_reads_a_large_run_in_a_few_times_its_size() {
    if !std::path::Path::new(GNU_TIME).is_file() {
        use std::io::Write as _;
        let _ = writeln!(std::io::stderr(), "report memory: skipped (no GNU time at {GNU_TIME})");
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let run = dir.path().join("run.json");
    generate(&template(dir.path()), 20_000, &run).unwrap();
    let size = std::fs::metadata(&run).unwrap().len();
    let (code, peak) = peak_memory(&this_urldiff(), &["report".as_ref(), run.as_os_str()]);
    assert_eq!(code, Some(0));
    let ratio = peak as f64 / size as f64;
    assert!(ratio < 6.0, "peak {peak} bytes for a {size}-byte run: {ratio:.1}x");
}
