//! The validity suites in `urldiff conform`: the reference's validation errors and
//! valid-URL-string verdicts are the truth, oracles that answer validity cases are compared with
//! them on `validation-errors` and `valid-url-string`, and ledger lines name those fields.
//!
//! Through `urldiff::conform::execute`, with the real reference as the truth and a fake oracle
//! as the one judged. The truths were checked by hand against the URL Standard:
//! - `http://a/`: no validation error; a valid URL string.
//! - `https://example.org/\a b`: invalid-reverse-solidus (the path state meets `\` in a
//!   special URL), then invalid-URL-unit (a space is no URL code point); not a valid URL string.
//! - `sc:a  b`: two spaces in an opaque path, two invalid-URL-unit; not a valid URL string.
//!
//! Then the binary on today's data: the suites exist and pass (`make conform`'s gate).

mod fake_support;

use std::process::Command;
use urldiff::conform::{self, Finished, RunOptions};
use urldiff_conform::events::Silent;
use urldiff_oracles::reference::ReferenceOracle;
use urldiff_oracles::suite::Suite;
use urldiff_oracles::{Answer, Case, CaseKindTag, Oracle, Record, RecordModel, VALIDATION_ERRORS};

const INPUTS: [&str; 3] = ["http://a/", r"https://example.org/\a b", "sc:a  b"];

/// A validity answer: the verdict and the errors.
fn verdict(valid: bool, errors: &[&str]) -> Answer {
    let errors = errors.iter().map(|e| (*e).to_owned()).collect();
    Answer::Parsed { record: Record::Text { value: valid.to_string() }, errors }
}

fn fake(declares: bool, answers: [Answer; 3]) -> Box<dyn Oracle> {
    let mut fields = RecordModel::Whatwg.field_names();
    if declares {
        fields.push(VALIDATION_ERRORS.to_owned());
    }
    let info = fake_support::info("fake", fields, vec![CaseKindTag::Parse, CaseKindTag::Validity]);
    let answers = INPUTS.iter().map(|i| (*i).to_owned()).zip(answers);
    Box::new(fake_support::fake(info, answers))
}

/// The fake agrees on `http://a/`, misses one error on the backslash input, and calls the
/// opaque path with spaces valid (with the right errors).
fn wrong_fake(declares: bool) -> Box<dyn Oracle> {
    fake(
        declares,
        [
            verdict(true, &[]),
            verdict(false, &["invalid-reverse-solidus"]),
            verdict(true, &["invalid-URL-unit", "invalid-URL-unit"]),
        ],
    )
}

/// `validity/urltestdata` over [`INPUTS`], judged by the reference (no generated cases).
fn suites() -> Vec<Suite> {
    let cases: Vec<Case> = INPUTS.iter().map(|i| Case::parse(*i, None)).collect();
    let mut suites = urldiff_oracles::validity::suites(&cases, "test", 0);
    suites.retain(|s| s.name == "urltestdata");
    suites
}

fn run(ledger: &str, fake: Box<dyn Oracle>) -> Finished {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("fake.txt"), ledger).unwrap();
    let oracles: Vec<Box<dyn Oracle>> = vec![Box::new(ReferenceOracle::new()), fake];
    let opts = RunOptions { ledger_dir: dir.path().to_owned(), ..RunOptions::default() };
    conform::execute(&opts, &oracles, suites(), &Silent).unwrap()
}

/// The matrix row of an oracle.
fn row<'a>(matrix: &'a str, oracle: &str) -> &'a str {
    matrix
        .lines()
        .find(|l| l.starts_with(&format!("{oracle} ")))
        .unwrap_or_else(|| panic!("{matrix}"))
}

#[test]
fn the_reference_is_the_truth_and_its_answers_are_the_spec_s() {
    let suite = &suites()[0];
    assert_eq!(suite.truth.oracle_name(), Some("reference"));
    assert_eq!(
        suite.expected,
        [
            verdict(true, &[]),
            verdict(false, &["invalid-reverse-solidus", "invalid-URL-unit"]),
            verdict(false, &["invalid-URL-unit", "invalid-URL-unit"]),
        ]
    );
}

#[test]
fn a_base_that_does_not_parse_fails_the_validity_case() {
    let case = Case {
        input: "x".into(),
        base: Some("not a URL".into()),
        kind: urldiff_oracles::CaseKind::Validity,
    };
    let answer = &ReferenceOracle::new().answer_batch(&[case]).unwrap()[0];
    assert_eq!(answer.outcome(), "failure", "{answer:?}");
}

#[test]
fn differences_in_errors_and_verdicts_fail_the_run() {
    let finished = run("", wrong_fake(true));
    assert_eq!(finished.code, 1, "{}", finished.matrix);
    assert!(row(&finished.matrix, "reference").contains("(truth)"), "{}", finished.matrix);
    assert!(row(&finished.matrix, "fake").contains("1/2/0/0"), "{}", finished.matrix);
    assert!(finished.matrix.contains("validation-errors"), "{}", finished.matrix);
    assert!(finished.matrix.contains("valid-url-string"), "{}", finished.matrix);
}

#[test]
fn ledger_lines_naming_the_fields_cover_them() {
    let ledger = "<https://example.org/\\\\a b> | validation-errors | misses the second error\n\
                  <sc:a  b> | valid-url-string | calls an opaque path with spaces valid\n";
    let finished = run(ledger, wrong_fake(true));
    assert_eq!(finished.code, 0, "{}", finished.matrix);
    assert!(row(&finished.matrix, "fake").contains("1/0/2/0"), "{}", finished.matrix);
    // A line naming another field covers nothing: the run fails (and the line is stale).
    let ledger = "<https://example.org/\\\\a b> | href | not this field\n\
                  <sc:a  b> | valid-url-string | calls an opaque path with spaces valid\n";
    assert_eq!(run(ledger, wrong_fake(true)).code, 1);
    // Once the errors agree, the validation-errors line is stale.
    let right = fake(
        true,
        [
            verdict(true, &[]),
            verdict(false, &["invalid-reverse-solidus", "invalid-URL-unit"]),
            verdict(true, &["invalid-URL-unit", "invalid-URL-unit"]),
        ],
    );
    let ledger = "<https://example.org/\\\\a b> | validation-errors | misses the second error\n\
                  <sc:a  b> | valid-url-string | calls an opaque path with spaces valid\n";
    let finished = run(ledger, right);
    assert_eq!(finished.code, 1, "{}", finished.matrix);
    assert!(finished.matrix.contains("Stale ledger entries (1)"), "{}", finished.matrix);
}

#[test]
fn an_oracle_that_does_not_declare_validation_errors_is_judged_on_the_verdict_only() {
    let ledger = "<sc:a  b> | valid-url-string | calls an opaque path with spaces valid\n";
    let finished = run(ledger, wrong_fake(false));
    assert_eq!(finished.code, 0, "{}", finished.matrix);
    assert!(row(&finished.matrix, "fake").contains("2/0/1/0"), "{}", finished.matrix);
}

/// The binary on today's data: both validity suites exist, every oracle that answers validity
/// cases (whatwg-url, where node is installed) agrees with the reference or is ledgered, the
/// others have no opinion, and the gate passes.
#[test]
fn the_validity_suites_pass_on_today_s_data() {
    let dir = tempfile::tempdir().unwrap();
    let matrix = dir.path().join("matrix.txt");
    let out = Command::new(env!("CARGO_BIN_EXE_urldiff"))
        .args(["conform", "--suite", "validity/urltestdata", "--suite", "validity/generated"])
        .arg("--matrix")
        .arg(&matrix)
        .output()
        .unwrap();
    // The summary on stdout says PASS; the per-suite cells are in the matrix file.
    let summary = String::from_utf8_lossy(&out.stdout);
    assert!(summary.contains("conform: PASS"), "{summary}");
    let stdout = std::fs::read_to_string(&matrix).unwrap_or_default();
    assert_eq!(out.status.code(), Some(0), "{stdout}\n{}", String::from_utf8_lossy(&out.stderr));
    assert!(row(&stdout, "reference").matches("(truth)").count() == 2, "{stdout}");
    // Oracles without validity cases have no opinion on any case (891 WPT inputs).
    assert!(row(&stdout, "rust-url").contains("0/0/0/891"), "{stdout}");
    assert!(row(&stdout, "wpt").contains("0/0/0/891"), "{stdout}");
    match stdout.lines().find(|l| l.starts_with("whatwg-url ")) {
        // whatwg-url ran: it took part in every case (PASS: each agreed or is ledgered).
        Some(whatwg) => assert!(!whatwg.contains("/891") && !whatwg.contains("/2000"), "{stdout}"),
        None => urldiff_corpus::required::skip(
            "node",
            "the whatwg-url side of the validity suites",
            "whatwg-url is not available here: only the reference's side was checked",
        ),
    }
}
