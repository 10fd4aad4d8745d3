//! The conform gate's hardening (issue 8), through `urldiff::conform::execute` with fake
//! oracles: lost answers need an explicit ledger line, `--oracle` must name an oracle that can
//! run, oracle names are unique, the ledger folder must exist, unknown and duplicate ledger
//! lines fail the gate, reports are written all or nothing, and the PASS/FAIL line counts the
//! skipped oracles.

mod fake_support;

use std::path::Path;
use urldiff::conform::{self, Finished, RunOptions};
use urldiff_conform::events::Silent;
use urldiff_oracles::suite::{Suite, Truth};
use urldiff_oracles::{
    Answer, Availability, Case, CaseKindTag, Crash, Oracle, Record, TimeOut, WhatwgRecord,
};

/// `http://<host>/` as the URL Standard records it.
fn record(host: &str) -> Answer {
    let record = WhatwgRecord::from_fields(|name| {
        Some(match name {
            "href" => format!("http://{host}/"),
            "protocol" => "http:".into(),
            "host" | "hostname" => host.into(),
            "pathname" => "/".into(),
            "origin" => format!("http://{host}"),
            _ => String::new(),
        })
    });
    Answer::Parsed { record: Record::Whatwg(record), errors: vec![] }
}

/// Two cases: `http://a/` with its truth, `http://b/` without (the truth has no opinion).
fn suite() -> Suite {
    let mut suite = Suite::new("synthetic", "test", Truth::Embedded { label: "test".into() });
    suite.cases = vec![Case::parse("http://a/", None), Case::parse("http://b/", None)];
    suite.expected = vec![record("a"), Answer::NoOpinion];
    suite
}

fn fake_with(name: &str, answers: &[(&str, Answer)], available: Availability) -> Box<dyn Oracle> {
    let info = fake_support::info(name, vec![], vec![CaseKindTag::Parse]);
    match available {
        Availability::Available => Box::new(fake_support::fake(
            info,
            answers.iter().map(|(i, a)| ((*i).to_owned(), a.clone())),
        )),
        Availability::Unavailable { reason } => Box::new(fake_support::unavailable(info, &reason)),
    }
}

fn fake(name: &str, answers: &[(&str, Answer)]) -> Box<dyn Oracle> {
    fake_with(name, answers, Availability::Available)
}

fn unavailable(name: &str) -> Box<dyn Oracle> {
    let reason = "its runtime is missing".to_owned();
    fake_with(name, &[], Availability::Unavailable { reason })
}

fn timed_out(input: &str) -> Answer {
    let case = Case::parse(input, None);
    Answer::TimedOut(TimeOut { oracle: "fake".into(), case, limit_ms: 1, stderr: String::new() })
}

fn crashed() -> Answer {
    let case = Case::parse("http://a/", None);
    Answer::Crashed(Crash::new("fake", &case, "panic at parser.rs:1: boom"))
}

/// A ledger folder holding `fake.txt` with `text`.
fn ledger(text: &str) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("fake.txt"), text).unwrap();
    dir
}

fn run(dir: &Path, oracles: &[Box<dyn Oracle>]) -> anyhow::Result<Finished> {
    let opts = RunOptions { ledger_dir: dir.to_owned(), ..RunOptions::default() };
    conform::execute(&opts, oracles, vec![suite()], &Silent)
}

#[test]
fn a_crash_is_not_covered_by_a_star_class_line() {
    let oracles = [fake("fake", &[("http://a/", crashed())])];
    let dir = ledger("class: synth* /./ | * | everything differs here\n");
    let finished = run(dir.path(), &oracles).unwrap();
    assert_eq!(finished.code, 1, "{}", finished.matrix);
    assert!(finished.matrix.contains("Crashed or timed out: fake 1 crashed, 0 timed out"));
    // Not even by a line naming the outcome field.
    let dir = ledger("<http://a/> | outcome | parsed vs failure\n");
    assert_eq!(run(dir.path(), &oracles).unwrap().code, 1);
}

#[test]
fn a_crash_named_in_the_ledger_passes() {
    let oracles = [fake("fake", &[("http://a/", crashed())])];
    let dir = ledger("<http://a/> | crashed | a known crash, reported upstream\n");
    let finished = run(dir.path(), &oracles).unwrap();
    assert_eq!(finished.code, 0, "{}", finished.matrix);
    let dir = ledger("<http://a/> | timed-out | the wrong kind of lost answer\n");
    assert_eq!(run(dir.path(), &oracles).unwrap().code, 1);
}

#[test]
fn a_lost_answer_fails_even_where_the_truth_has_no_opinion() {
    let oracles =
        [fake("fake", &[("http://a/", record("a")), ("http://b/", timed_out("http://b/"))])];
    let dir = ledger("# nothing expected\n");
    let finished = run(dir.path(), &oracles).unwrap();
    assert_eq!(finished.code, 1, "{}", finished.matrix);
    assert!(finished.matrix.contains("fake 0 crashed, 1 timed out"), "{}", finished.matrix);
    let dir = ledger("class: synthetic /http:..b/ | timed-out | slow on purpose\n");
    assert_eq!(run(dir.path(), &oracles).unwrap().code, 0);
}

#[test]
fn an_unavailable_oracle_asked_for_is_a_harness_error() {
    let oracles = [fake("fake", &[("http://a/", record("a"))]), unavailable("missing")];
    let dir = ledger("");
    let opts = RunOptions {
        ledger_dir: dir.path().to_owned(),
        oracles: vec!["missing".into()],
        ..RunOptions::default()
    };
    let err = conform::execute(&opts, &oracles, vec![suite()], &Silent).unwrap_err();
    assert!(format!("{err:#}").contains("its runtime is missing"), "{err:#}");
    // Not asked for: skipped, and the PASS line says so.
    let finished = run(dir.path(), &oracles).unwrap();
    assert_eq!(finished.code, 0, "{}", finished.matrix);
    assert!(
        finished.matrix.contains("; 1 oracle skipped (missing: its runtime is missing)"),
        "{}",
        finished.matrix
    );
}

#[test]
fn two_oracles_with_one_name_are_a_configuration_error() {
    let oracles = [fake("fake", &[]), fake("fake", &[("http://a/", record("a"))])];
    let err = run(ledger("").path(), &oracles).unwrap_err();
    assert!(format!("{err:#}").contains("two oracles are named \"fake\""), "{err:#}");
}

#[test]
fn a_missing_or_non_folder_ledger_is_an_error() {
    let oracles = [fake("fake", &[("http://a/", record("a"))])];
    let dir = tempfile::tempdir().unwrap();
    assert!(run(&dir.path().join("nope"), &oracles).is_err());
    let file = dir.path().join("a-file");
    std::fs::write(&file, "").unwrap();
    let err = run(&file, &oracles).unwrap_err();
    assert!(format!("{err:#}").contains("is not a folder"), "{err:#}");
}

#[test]
fn a_malformed_ledger_line_is_an_error_naming_its_file_line_and_text() {
    let oracles = [fake("fake", &[("http://a/", record("a"))])];
    let bad = [
        ("<http://a/> | hots | typo", "fake.txt:2: unknown field `hots` (known: "),
        ("class: wpt/* nope | * | why", "fake.txt:2: the class regex must be written between slashes: /…/, not \"nope\""),
        ("http://a/ | * | no brackets", "fake.txt:2: an entry starts with a case name `<input>…` or with `class:`, not \"http://a/\""),
        ("<http://a/> | * | why | upstream: http://x", "fake.txt:2: `upstream:` takes one https address, not \"http://x\""),
    ];
    for (line, expected) in bad {
        let dir = ledger(&format!("# header\n{line}\n"));
        let err = format!("{:#}", run(dir.path(), &oracles).unwrap_err());
        assert!(err.contains(expected), "{line}: {err}");
        assert!(err.contains(&dir.path().display().to_string()), "{line}: {err}");
    }
}

#[test]
fn a_case_line_naming_no_case_is_reported_with_its_line() {
    let oracles = [fake("fake", &[("http://a/", record("a"))])];
    let dir = ledger("# header\n<http://nowhere/> | host | a case no suite has\n");
    let finished = run(dir.path(), &oracles).unwrap();
    assert_eq!(finished.code, 1, "{}", finished.matrix);
    assert!(finished.matrix.contains("Unknown ledger entries (1)"), "{}", finished.matrix);
    assert!(finished.matrix.contains("fake.txt:2: <http://nowhere/>"), "{}", finished.matrix);
}

#[test]
fn a_duplicated_line_is_reported_with_both_lines() {
    let oracles = [fake("fake", &[("http://a/", record("x"))])];
    let line = "<http://a/> | href,host | the fake answers x\n";
    let dir = ledger(&format!("{line}# between\n{line}"));
    let finished = run(dir.path(), &oracles).unwrap();
    assert_eq!(finished.code, 1, "{}", finished.matrix);
    assert!(
        finished
            .matrix
            .contains("fake.txt:3: <http://a/> | href,host | the fake answers x (first at line 1)"),
        "{}",
        finished.matrix
    );
}

#[test]
fn reports_are_written_all_or_nothing() {
    let oracles = [fake("fake", &[("http://a/", record("a"))])];
    let dir = ledger("");
    let out = tempfile::tempdir().unwrap();
    std::fs::create_dir(out.path().join("a-folder")).unwrap();
    let opts = RunOptions {
        ledger_dir: dir.path().to_owned(),
        json: Some(out.path().join("run.json")),
        junit: Some(out.path().join("a-folder")),
        ..RunOptions::default()
    };
    let err = conform::execute(&opts, &oracles, vec![suite()], &Silent).unwrap_err();
    assert!(format!("{err:#}").contains("it is a folder"), "{err:#}");
    let left: Vec<_> =
        std::fs::read_dir(out.path()).unwrap().map(|e| e.unwrap().file_name()).collect();
    assert_eq!(left, ["a-folder"], "no report and no temporary file is left");
}

#[test]
fn a_device_is_never_replaced_and_a_link_is_followed() {
    let oracles = [fake("fake", &[("http://a/", record("a"))])];
    let dir = ledger("");
    let opts = RunOptions {
        ledger_dir: dir.path().to_owned(),
        matrix: Some("/dev/null".into()),
        ..RunOptions::default()
    };
    let err = conform::execute(&opts, &oracles, vec![suite()], &Silent).unwrap_err();
    assert!(format!("{err:#}").contains("not a regular file"), "{err:#}");
    use std::os::unix::fs::FileTypeExt as _;
    assert!(std::fs::metadata("/dev/null").unwrap().file_type().is_char_device());
    let out = tempfile::tempdir().unwrap();
    let target = out.path().join("target.txt");
    std::fs::write(&target, "old").unwrap();
    let link = out.path().join("link.txt");
    std::os::unix::fs::symlink(&target, &link).unwrap();
    let opts = RunOptions { matrix: Some(link.clone()), ..opts };
    conform::execute(&opts, &oracles, vec![suite()], &Silent).unwrap();
    assert!(std::fs::symlink_metadata(&link).unwrap().file_type().is_symlink());
    assert!(std::fs::read_to_string(&target).unwrap().starts_with("Conformance matrix"));
}
