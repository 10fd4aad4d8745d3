//! `urldiff compare` marks a difference in validation errors or in the valid-URL-string verdict
//! like any field: in the table, in `--json`'s divergences and answers, and in the signature.
//!
//! The real reference against a fake that answers as the reference does, except that it drops
//! the last validation error and turns the verdict round. For `https://example.org/\a b` the
//! reference's answer was checked by hand against the URL Standard: invalid-reverse-solidus
//! (`\` in a special URL's path), then invalid-URL-unit (the space); not a valid URL string,
//! first failing at the `\` (byte 20) in a URL-path-segment string.

use urldiff_compare::{Severity, SharedField};
use urldiff_oracles::reference::ReferenceOracle;
use urldiff_oracles::{Answer, Case, CaseKind, Oracle, OracleError, OracleInfo, Record};
use urldiff_reports::compare_view::json::ComparedJson;
use urldiff_reports::compare_view::table::{self, Highlight};
use urldiff_triage::compared::{compare_batch, Request};

const INPUT: &str = r"https://example.org/\a b";

/// The reference's answers, one error fewer and the verdict turned round.
#[derive(Debug)]
struct Contrary {
    inner: ReferenceOracle,
    info: OracleInfo,
}

impl Contrary {
    fn new() -> Self {
        let inner = ReferenceOracle::new();
        let info = OracleInfo { name: "contrary".into(), ..inner.info().clone() };
        Contrary { inner, info }
    }
}

impl Oracle for Contrary {
    fn info(&self) -> &OracleInfo {
        &self.info
    }
    fn answer_batch(&self, cases: &[Case]) -> Result<Vec<Answer>, OracleError> {
        let answers = self.inner.answer_batch(cases)?;
        Ok(cases.iter().zip(answers).map(|(case, answer)| contrary(case, answer)).collect())
    }
}

fn contrary(case: &Case, answer: Answer) -> Answer {
    let Answer::Parsed { record, mut errors } = answer else { return answer };
    errors.pop();
    let record = match (&case.kind, record) {
        (CaseKind::Validity, Record::Text { value }) => {
            Record::Text { value: if value == "true" { "false" } else { "true" }.into() }
        }
        (_, record) => record,
    };
    Answer::Parsed { record, errors }
}

fn oracles() -> Vec<Box<dyn Oracle>> {
    vec![Box::new(ReferenceOracle::new()), Box::new(Contrary::new())]
}

#[test]
fn the_comparison_and_the_signature_carry_both_fields() {
    let oracles = oracles();
    let request = Request { input: INPUT.into(), base: None };
    let compared = compare_batch(&oracles, &[request]).unwrap().remove(0);
    let differing: Vec<(SharedField, Option<Severity>)> =
        compared.comparison.differing().map(|f| (f.field, f.severity)).collect();
    assert_eq!(
        differing,
        [
            (SharedField::ValidationErrors, Some(Severity::Low)),
            (SharedField::ValidUrlString, Some(Severity::Low)),
        ]
    );
    assert_eq!(
        compared.signature.line(),
        "parsed{contrary,reference}; validation-errors/structural: {contrary} {reference}; \
         valid-url-string/structural: {contrary} {reference}"
    );
}

#[test]
fn json_marks_the_fields_and_adds_the_verdicts() {
    let oracles = oracles();
    let request = Request { input: INPUT.into(), base: None };
    let compared = compare_batch(&oracles, &[request]).unwrap().remove(0);
    let value = serde_json::to_value(ComparedJson::of(&oracles, &compared)).unwrap();
    let divergences = value["divergences"].as_array().unwrap();
    let fields: Vec<&str> = divergences.iter().map(|d| d["field"].as_str().unwrap()).collect();
    assert_eq!(fields, ["validation-errors", "valid-url-string"]);
    assert_eq!(divergences[0]["severity"], "low");
    assert_eq!(divergences[0]["grade"], "structural");
    let errors = |i: usize| divergences[0]["groups"][i]["value"]["value"].clone();
    assert_eq!(errors(0), "invalid-reverse-solidus");
    assert_eq!(errors(1), "invalid-reverse-solidus, invalid-URL-unit");
    let reference = &value["answers"][0];
    assert_eq!(reference["valid_url_string"], false);
    assert_eq!(
        reference["url_string_violation"],
        serde_json::json!({ "production": "URL-path-segment string", "position": 20 })
    );
    let contrary = &value["answers"][1];
    assert_eq!(contrary["valid_url_string"], true);
    assert!(contrary.get("url_string_violation").is_none());
}

#[test]
fn the_table_marks_the_rows() {
    let oracles = oracles();
    let request = Request { input: INPUT.into(), base: None };
    let compared = compare_batch(&oracles, &[request]).unwrap().remove(0);
    let text = table::render(&oracles, &compared, Highlight::Marker, 200);
    let line = |label: &str| {
        text.lines()
            .find(|l| l.starts_with(&format!("{label} ")))
            .unwrap_or_else(|| panic!("{text}"))
    };
    assert!(line("validation-errors").contains("*invalid-reverse-solidus"), "{text}");
    assert!(
        line("valid-url-string").contains(" false") && line("valid-url-string").contains("*true")
    );
    assert!(!line("href").contains('*'), "{text}");
    assert!(
        text.contains("reference valid URL string: no: not a URL-path-segment string at 20"),
        "{text}"
    );
    assert!(text.contains("validation-errors (low, structural): {contrary} vs {reference}"));
}
