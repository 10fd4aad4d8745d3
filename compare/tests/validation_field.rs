//! Validation errors and the valid-URL-string verdict as compared fields.
//!
//! The input is `https://example.org/\a b`, whose answer was checked by hand against the URL
//! Standard: the path state meets `\` in a special URL (invalid-reverse-solidus) and then a
//! space, which is no URL code point (invalid-URL-unit); the href is
//! `https://example.org//a%20b`; and it is no valid URL string (the writing grammar has no
//! `\`). whatwg-url 17.3.0 answers the same; the "whatwg-url" answers below that differ are made
//! up, to see a difference be found.

use urldiff_compare::verdict::{compare, Verdict};
use urldiff_compare::{compare_all, Answered, Grade, Severity, SharedField, Signature};
use urldiff_compare::{Source, Sources};
use urldiff_oracles::{
    Answer, Case, CaseKind, CaseKindTag, OracleInfo, OracleKind, Record, RecordModel, WhatwgRecord,
    VALIDATION_ERRORS,
};

const INPUT: &str = r"https://example.org/\a b";
const SPEC_ERRORS: [&str; 2] = ["invalid-reverse-solidus", "invalid-URL-unit"];

/// An oracle of the WHATWG model; `errors` says whether it declares validation errors.
fn info(name: &str, errors: bool) -> OracleInfo {
    let mut fields = RecordModel::Whatwg.field_names();
    if errors {
        fields.push(VALIDATION_ERRORS.to_owned());
    }
    OracleInfo {
        name: name.into(),
        kind: OracleKind::InProcess,
        version: "test".into(),
        model: RecordModel::Whatwg,
        fields,
        case_kinds: vec![CaseKindTag::Parse, CaseKindTag::Validity],
        unicode: None,
        claim: Default::default(),
    }
}

fn parsed(errors: &[&str]) -> Answer {
    let record = WhatwgRecord::from_fields(|name| {
        Some(match name {
            "href" => "https://example.org//a%20b".into(),
            "protocol" => "https:".into(),
            "host" | "hostname" => "example.org".into(),
            "pathname" => "//a%20b".into(),
            "origin" => "https://example.org".into(),
            _ => String::new(),
        })
    });
    let errors = errors.iter().map(|e| (*e).to_owned()).collect();
    Answer::Parsed { record: Record::Whatwg(record), errors }
}

fn failure(errors: &[&str]) -> Answer {
    let errors = errors.iter().map(|e| (*e).to_owned()).collect();
    Answer::Failure { reason: "Invalid URL".into(), errors }
}

/// A validity case's answer: the verdict as text, and the errors.
fn verdict(valid: bool, errors: &[&str]) -> Answer {
    let errors = errors.iter().map(|e| (*e).to_owned()).collect();
    Answer::Parsed { record: Record::Text { value: valid.to_string() }, errors }
}

fn judge(case: &Case, truth: (&OracleInfo, &Answer), got: (&OracleInfo, &Answer)) -> Verdict {
    let sources = Sources { truth: Source::of(truth.0), got: Source::of(got.0) };
    compare(case, truth.1, got.1, sources)
}

#[test]
fn a_different_error_list_is_a_low_divergence_on_validation_errors() {
    let case = Case::parse(INPUT, None);
    let (reference, whatwg) = (info("reference", true), info("whatwg-url", true));
    let truth = parsed(&SPEC_ERRORS);
    assert_eq!(judge(&case, (&reference, &truth), (&whatwg, &parsed(&SPEC_ERRORS))), Verdict::Pass);
    // One occurrence missing; the records agree, so only the errors differ.
    let Verdict::Fail(diffs) =
        judge(&case, (&reference, &truth), (&whatwg, &parsed(&["invalid-reverse-solidus"])))
    else {
        panic!("a different error list must diverge")
    };
    assert_eq!(diffs.len(), 1, "{diffs:?}");
    assert_eq!(diffs[0].field, SharedField::ValidationErrors);
    assert_eq!(diffs[0].field.name(), "validation-errors");
    assert_eq!(diffs[0].severity, Severity::Low);
    assert_eq!(diffs[0].grade, Grade::Structural);
    assert_eq!(diffs[0].truth.text(), "invalid-reverse-solidus, invalid-URL-unit");
    // Order matters: the same names in another order are another sequence.
    let swapped = parsed(&["invalid-URL-unit", "invalid-reverse-solidus"]);
    assert!(matches!(judge(&case, (&reference, &truth), (&whatwg, &swapped)), Verdict::Fail(_)));
}

#[test]
fn error_names_are_graded_exact_or_structural_only() {
    let case = Case::parse(INPUT, None);
    let (reference, whatwg) = (info("reference", true), info("whatwg-url", true));
    // The same names in another ASCII case would be `ascii-case` for a URL field.
    let lowered = parsed(&["invalid-reverse-solidus", "invalid-url-unit"]);
    let Verdict::Fail(diffs) =
        judge(&case, (&reference, &parsed(&SPEC_ERRORS)), (&whatwg, &lowered))
    else {
        panic!("a renamed error must diverge")
    };
    assert_eq!(diffs[0].grade, Grade::Structural);
}

#[test]
fn only_oracles_that_declare_validation_errors_are_compared_on_them() {
    let case = Case::parse(INPUT, None);
    let reference = info("reference", true);
    // rust-url's catch-all names, ada's always-empty list: not declared, not compared.
    let rust_url = info("rust-url", false);
    let truth = parsed(&SPEC_ERRORS);
    assert_eq!(judge(&case, (&reference, &truth), (&rust_url, &parsed(&[]))), Verdict::Pass);
    // A truth without errors (WPT's tables) has no opinion on them: an empty list there is
    // not "no errors".
    let wpt = info("wpt", false);
    let whatwg = info("whatwg-url", true);
    assert_eq!(judge(&case, (&wpt, &parsed(&[])), (&whatwg, &truth)), Verdict::Pass);
    // Nor does a truth whose source declares no fields at all (embedded expectations).
    let embedded = Sources { truth: Source::default(), got: Source::of(&whatwg) };
    assert_eq!(compare(&case, &parsed(&[]), &truth, embedded), Verdict::Pass);
}

#[test]
fn failures_are_compared_on_their_errors() {
    let case = Case::parse("http://[::1/", None);
    let (reference, whatwg) = (info("reference", true), info("whatwg-url", true));
    let truth = failure(&["IPv6-unclosed"]);
    assert_eq!(judge(&case, (&reference, &truth), (&whatwg, &truth.clone())), Verdict::Pass);
    let Verdict::Fail(diffs) =
        judge(&case, (&reference, &truth), (&whatwg, &failure(&["host-invalid-code-point"])))
    else {
        panic!("two failures with different errors diverge on them")
    };
    assert_eq!(diffs.iter().map(|d| d.field).collect::<Vec<_>>(), [SharedField::ValidationErrors]);
    // Parsed against failed: the outcome first, then the errors.
    let Verdict::Fail(diffs) = judge(&case, (&reference, &truth), (&whatwg, &parsed(&[]))) else {
        panic!("parsed vs failed diverges")
    };
    let fields: Vec<SharedField> = diffs.iter().map(|d| d.field).collect();
    assert_eq!(fields, [SharedField::Outcome, SharedField::ValidationErrors]);
}

#[test]
fn a_validity_case_compares_the_verdict_and_the_errors() {
    let case = Case { input: INPUT.into(), base: None, kind: CaseKind::Validity };
    let (reference, whatwg) = (info("reference", true), info("whatwg-url", true));
    let truth = verdict(false, &SPEC_ERRORS);
    assert_eq!(judge(&case, (&reference, &truth), (&whatwg, &truth.clone())), Verdict::Pass);
    let Verdict::Fail(diffs) = judge(&case, (&reference, &truth), (&whatwg, &verdict(true, &[])))
    else {
        panic!("another verdict diverges")
    };
    let fields: Vec<(SharedField, Severity)> =
        diffs.iter().map(|d| (d.field, d.severity)).collect();
    assert_eq!(
        fields,
        [
            (SharedField::ValidationErrors, Severity::Low),
            (SharedField::ValidUrlString, Severity::Low)
        ]
    );
    assert_eq!(SharedField::from_name("valid-url-string"), Some(SharedField::ValidUrlString));
}

#[test]
fn the_n_oracle_comparison_marks_the_errors_and_signs_them() {
    let case = Case::parse(INPUT, None);
    let infos = [info("reference", true), info("rust-url", false), info("whatwg-url", true)];
    let answers =
        [parsed(&SPEC_ERRORS), parsed(&SPEC_ERRORS), parsed(&["invalid-reverse-solidus"])];
    let answered: Vec<Answered> =
        infos.iter().zip(&answers).map(|(info, answer)| Answered { info, answer }).collect();
    let comparison = compare_all(&case, &answered);
    let differing: Vec<_> = comparison.differing().collect();
    assert_eq!(differing.len(), 1, "only the errors differ: {differing:?}");
    let split = differing[0];
    assert_eq!(split.field, SharedField::ValidationErrors);
    assert_eq!(split.severity, Some(Severity::Low));
    // rust-url does not declare its errors, so it is in no group of the field.
    let groups: Vec<&[String]> = split.groups.iter().map(|g| g.oracles.as_slice()).collect();
    assert_eq!(groups, [["reference".to_owned()], ["whatwg-url".to_owned()]]);
    let signature = Signature::of(&comparison);
    assert!(
        signature.line().ends_with("; validation-errors/structural: {reference} {whatwg-url}"),
        "{}",
        signature.line()
    );
}
