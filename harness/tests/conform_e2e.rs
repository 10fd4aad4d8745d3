//! End to end through `urldiff::conform::execute` on a small synthetic suite with a fake
//! oracle: the ledger gate's exit codes, bless, and the reports.

mod fake_support;

use std::collections::HashMap;
use std::path::Path;
use urldiff::conform::{self, RunOptions};
use urldiff_conform::events::Silent;
use urldiff_oracles::suite::{Suite, Truth};
use urldiff_oracles::{Answer, Case, CaseKindTag, Oracle, Record, WhatwgRecord};

/// Run conform silently; the exit code.
fn execute(
    opts: &RunOptions,
    oracles: &[Box<dyn Oracle>],
    suites: Vec<Suite>,
) -> anyhow::Result<u8> {
    conform::execute(opts, oracles, suites, &Silent).map(|f| f.code)
}

/// A WHATWG record as WPT would write it for a simple `scheme://host/path` URL.
fn record(href: &str, protocol: &str, host: &str, port: &str, path: &str) -> Answer {
    let origin = format!("{protocol}//{host}");
    let host_port = if port.is_empty() { host.to_owned() } else { format!("{host}:{port}") };
    Answer::Parsed {
        record: Record::Whatwg(WhatwgRecord {
            href: Some(href.into()),
            protocol: Some(protocol.into()),
            username: Some(String::new()),
            password: Some(String::new()),
            host: Some(host_port),
            hostname: Some(host.into()),
            port: Some(port.into()),
            pathname: Some(path.into()),
            search: Some(String::new()),
            hash: Some(String::new()),
            origin: Some(origin),
        }),
        errors: vec![],
    }
}

fn failure() -> Answer {
    Answer::Failure { reason: String::new(), errors: vec![] }
}

/// The synthetic suite: three cases with WPT-style truth (checked by hand against the
/// WHATWG URL Standard: backslash is a path separator in special URLs; `http://a:b` fails
/// because `b` is not a port).
fn suite() -> Suite {
    let cases = vec![
        Case::parse("http://example.com/a", None),
        Case::parse("http://example.com\\b", None),
        Case::parse("http://a:b", None),
    ];
    let answers = vec![
        record("http://example.com/a", "http:", "example.com", "", "/a"),
        record("http://example.com/b", "http:", "example.com", "", "/b"),
        failure(),
    ];
    let mut suite =
        Suite::new("synthetic", "test", Truth::Embedded { label: "the test's table".into() });
    suite.cases = cases;
    suite.expected = answers;
    suite
}

/// A fake that gets the backslash case wrong (treats `\` as part of the host, like RFC
/// parsers do) and agrees elsewhere.
fn fake_oracle() -> Vec<Box<dyn Oracle>> {
    let mut answers = HashMap::new();
    answers.insert(
        "http://example.com/a".into(),
        record("http://example.com/a", "http:", "example.com", "", "/a"),
    );
    answers.insert(
        "http://example.com\\b".into(),
        record("http://example.com\\b/", "http:", "example.com\\b", "", "/"),
    );
    answers.insert("http://a:b".into(), failure());
    let info = fake_support::info("fake", vec![], vec![CaseKindTag::Parse]);
    vec![Box::new(fake_support::fake(info, answers))]
}

const BACKSLASH_NAME: &str = r"<http://example.com\\b>";

fn options(ledger: &Path) -> RunOptions {
    RunOptions { ledger_dir: ledger.to_owned(), ..RunOptions::default() }
}

fn run_with_ledger(text: Option<&str>) -> (u8, tempfile::TempDir) {
    let dir = tempfile::tempdir().unwrap();
    if let Some(text) = text {
        std::fs::write(dir.path().join("fake.txt"), text).unwrap();
    }
    let code = execute(&options(dir.path()), &fake_oracle(), vec![suite()]).unwrap();
    (code, dir)
}

#[test]
fn unexpected_divergence_exits_1() {
    assert_eq!(run_with_ledger(None).0, 1);
}

#[test]
fn ledgered_divergence_exits_0() {
    let line = format!("{BACKSLASH_NAME} | href,host,path | backslash is not a separator here\n");
    assert_eq!(run_with_ledger(Some(&line)).0, 0);
}

#[test]
fn class_entry_covers_divergence() {
    let line = "class: synth* /example\\.com/ | * | backslash confusion\n";
    assert_eq!(run_with_ledger(Some(line)).0, 0);
}

#[test]
fn ledger_entry_with_too_few_fields_does_not_cover() {
    let line = format!("{BACKSLASH_NAME} | host | only the host was expected to differ\n");
    assert_eq!(run_with_ledger(Some(&line)).0, 1);
}

#[test]
fn stale_entry_exits_1() {
    let text = format!(
        "{BACKSLASH_NAME} | * | expected\n<http://example.com/a> | * | this one no longer diverges\n"
    );
    assert_eq!(run_with_ledger(Some(&text)).0, 1);
}

/// A second suite, which `--suite synthetic` leaves out of the run.
fn elsewhere_suite() -> Suite {
    let mut suite = Suite::new("elsewhere", "test", Truth::Embedded { label: "t".into() });
    suite.cases = vec![Case::parse("http://elsewhere/", None)];
    suite.expected = vec![record("http://elsewhere/", "http:", "elsewhere", "", "/")];
    suite
}

#[test]
fn entry_for_case_outside_the_run_is_not_stale() {
    let dir = tempfile::tempdir().unwrap();
    let text =
        format!("{BACKSLASH_NAME} | * | expected\n<http://elsewhere/> | * | another suite\n");
    std::fs::write(dir.path().join("fake.txt"), text).unwrap();
    let opts = RunOptions { suites: vec!["synthetic".into()], ..options(dir.path()) };
    let code = execute(&opts, &fake_oracle(), vec![suite(), elsewhere_suite()]).unwrap();
    assert_eq!(code, 0);
}

#[test]
fn malformed_ledger_is_a_harness_error_naming_file_and_line() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("fake.txt"), "# fine\n<x> | nosuchfield | reason\n").unwrap();
    let err = execute(&options(dir.path()), &fake_oracle(), vec![suite()]).unwrap_err();
    let text = format!("{err:#}");
    assert!(text.contains("fake.txt:2:"), "{text}");
    assert!(text.contains("nosuchfield"), "{text}");
}

#[test]
fn bless_writes_a_ledger_that_then_passes() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("fake.txt"), "# keep me\n<http://example.com/a> | * | stale\n")
        .unwrap();
    let mut opts = options(dir.path());
    opts.bless = true;
    assert_eq!(execute(&opts, &fake_oracle(), vec![suite()]).unwrap(), 0);
    let text = std::fs::read_to_string(dir.path().join("fake.txt")).unwrap();
    assert!(text.starts_with("# keep me\n"), "{text}");
    assert!(!text.contains("<http://example.com/a>"), "{text}");
    assert!(
        text.contains(&format!("{BACKSLASH_NAME} | href,host,path | unreviewed (high)")),
        "{text}"
    );
    opts.bless = false;
    assert_eq!(execute(&opts, &fake_oracle(), vec![suite()]).unwrap(), 0);
}

#[test]
fn json_and_junit_reports_are_written() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir(dir.path().join("empty-ledger")).unwrap();
    let mut opts = options(&dir.path().join("empty-ledger"));
    opts.json = Some(dir.path().join("out/run.json"));
    opts.junit = Some(dir.path().join("out/junit.xml"));
    opts.matrix = Some(dir.path().join("out/matrix.txt"));
    assert_eq!(execute(&opts, &fake_oracle(), vec![suite()]).unwrap(), 1);
    let json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(dir.path().join("out/run.json")).unwrap())
            .unwrap();
    assert_eq!(json["exit_code"], 1);
    assert_eq!(json["suites"][0]["truth"], "the test's table");
    assert_eq!(json["oracles"][0]["info"]["version"], "0");
    let div = &json["divergences"][0];
    assert_eq!(div["name"], BACKSLASH_NAME);
    assert_eq!(div["severity"], "high");
    assert_eq!(div["fields"][1]["field"], "host");
    assert_eq!(div["fields"][1]["grade"], "structural");
    let matrix = std::fs::read_to_string(dir.path().join("out/matrix.txt")).unwrap();
    assert!(matrix.contains("2/1/0/0"), "{matrix}");
    let xml = std::fs::read_to_string(dir.path().join("out/junit.xml")).unwrap();
    let counts = junit_counts(&xml);
    assert_eq!(counts, JunitCounts { suites: 1, cases: 3, failures: 1, skipped: 0 });
}

/// A ledgered divergence names the entry that expects it: the JSON's `ledger_line` (1-based, in
/// the oracle's ledger file `fake.txt`, after two comment lines) and JUnit's skip message.
#[test]
fn a_ledgered_divergence_names_its_ledger_line() {
    let (ledger, out) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    let text = format!(
        "# Known divergences\n# of the fake\n{BACKSLASH_NAME} | href,host,path | backslash is not a separator here\n"
    );
    std::fs::write(ledger.path().join("fake.txt"), text).unwrap();
    let mut opts = options(ledger.path());
    opts.json = Some(out.path().join("run.json"));
    opts.junit = Some(out.path().join("junit.xml"));
    assert_eq!(execute(&opts, &fake_oracle(), vec![suite()]).unwrap(), 0);
    let json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(out.path().join("run.json")).unwrap())
            .unwrap();
    assert_eq!(json["divergences"][0]["ledger_line"], 3);
    let xml = std::fs::read_to_string(out.path().join("junit.xml")).unwrap();
    let message =
        "<skipped message=\"ledgered (high), fake.txt:3: backslash is not a separator here | ";
    assert!(xml.contains(message), "{xml}");
    assert_eq!(junit_counts(&xml), JunitCounts { suites: 1, cases: 3, failures: 0, skipped: 1 });
}

/// The matrix file is the matrix the run returns (made once and written from there).
#[test]
fn the_matrix_file_is_the_runs_matrix() {
    let (ledger, out) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    let mut opts = options(ledger.path());
    opts.matrix = Some(out.path().join("matrix.txt"));
    opts.junit = Some(out.path().join("junit.xml"));
    let finished = conform::execute(&opts, &fake_oracle(), vec![suite()], &Silent).unwrap();
    let file = std::fs::read_to_string(out.path().join("matrix.txt")).unwrap();
    assert!(file.contains("2/1/0/0"), "{file}");
    assert_eq!(file, finished.matrix);
}

#[derive(Debug, PartialEq, Eq)]
struct JunitCounts {
    suites: usize,
    cases: usize,
    failures: usize,
    skipped: usize,
}

/// Parse JUnit XML with a real XML parser and count its elements.
fn junit_counts(xml: &str) -> JunitCounts {
    use quick_xml::events::Event;
    let mut reader = quick_xml::Reader::from_str(xml);
    let mut counts = JunitCounts { suites: 0, cases: 0, failures: 0, skipped: 0 };
    loop {
        match reader.read_event().expect("JUnit output must be well-formed XML") {
            Event::Start(e) | Event::Empty(e) => match e.name().as_ref() {
                b"testsuite" => counts.suites += 1,
                b"testcase" => counts.cases += 1,
                b"failure" => counts.failures += 1,
                b"skipped" => counts.skipped += 1,
                _ => {}
            },
            Event::Eof => break,
            _ => {}
        }
    }
    counts
}

#[test]
fn the_wall_time_splits_into_named_phases_in_order() {
    let dir = tempfile::tempdir().unwrap();
    let finished =
        conform::execute(&options(dir.path()), &fake_oracle(), vec![suite()], &Silent).unwrap();
    let names: Vec<&str> = finished.phases.0.iter().map(|(name, _)| *name).collect();
    assert_eq!(names, ["ledger", "start-up", "answers", "evaluate", "classify", "reports"]);
    let shown = finished.phases.to_string();
    assert!(shown.starts_with("ledger 0.") && shown.contains(", start-up 0."), "{shown}");
}

/// The five report files, each rendered and written on its own thread (JSON and JUnit
/// streamed into the file), hold exactly the bytes `urldiff_reports::render` makes of the run's
/// report in memory: nothing lost to a buffer left unflushed or a file cut short.
#[test]
fn the_files_written_at_once_are_the_reports_rendered_in_memory() {
    use urldiff_reports::Format;
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir(dir.path().join("empty-ledger")).unwrap();
    let mut opts = options(&dir.path().join("empty-ledger"));
    let out = |name: &str| dir.path().join("out").join(name);
    opts.json = Some(out("run.json"));
    opts.junit = Some(out("junit.xml"));
    opts.matrix = Some(out("matrix.txt"));
    opts.markdown = Some(out("report.md"));
    opts.html = Some(out("report.html"));
    let finished = conform::execute(&opts, &fake_oracle(), vec![suite()], &Silent).unwrap();
    let files = [
        ("run.json", Format::Json),
        ("junit.xml", Format::Junit),
        ("matrix.txt", Format::Matrix),
        ("report.md", Format::Markdown),
        ("report.html", Format::Html),
    ];
    for (name, format) in files {
        let written = std::fs::read(out(name)).unwrap();
        let rendered = urldiff_reports::render(&finished.report, format).unwrap();
        assert!(!written.is_empty(), "{name}");
        assert!(
            written == rendered,
            "{name}: {} bytes written, {} rendered",
            written.len(),
            rendered.len()
        );
    }
    assert_eq!(finished.matrix.as_bytes(), std::fs::read(out("matrix.txt")).unwrap());
}
