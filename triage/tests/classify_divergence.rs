//! Classifying a conform divergence (one oracle against its suite's truth, no oracle asked):
//! hand-checked divergences as conform reports them, values taken from a real run
//! (`out/conform/run.json`) or made by hand where marked.

use urldiff_compare::{Equivalence, FieldDiff, Grade, Projected, Severity, SharedField};
use urldiff_oracles::{Case, CaseKind};
use urldiff_triage::classify::{classify_divergence, UNCLASSIFIED};

fn defined(s: &str) -> Projected {
    Projected::Defined(s.to_owned())
}

fn diff(field: SharedField, truth: Projected, got: Projected, grade: Grade) -> FieldDiff {
    FieldDiff { field, truth, got, grade, severity: Severity::High }
}

/// python-urllib against our cases/ssrf truth (a real run's divergence).
fn urllib_ssrf() -> (Case, Vec<FieldDiff>) {
    let case = Case::parse("http://127.0.0.1\\@evil.com/".to_owned(), None);
    let fields = vec![
        diff(SharedField::Host, defined("127.0.0.1"), defined("evil.com"), Grade::Structural),
        diff(
            SharedField::Userinfo,
            Projected::EmptyOrUndefined,
            defined("127.0.0.1\\"),
            Grade::Structural,
        ),
        diff(SharedField::Path, defined("/@evil.com/"), defined("/"), Grade::Structural),
    ];
    (case, fields)
}

#[test]
fn the_urllib_ssrf_divergence_is_a_backslash_and_userinfo_confusion() {
    let (case, fields) = urllib_ssrf();
    let classes = classify_divergence(&case, &fields, false);
    for class in ["backslash-confusion", "userinfo-confusion"] {
        assert!(classes.contains(&class), "{class} missing: {classes:?}");
    }
    for class in ["scheme-confusion", "unicode-version-skew", "setter-confusion"] {
        assert!(!classes.contains(&class), "{class} wrongly: {classes:?}");
    }
}

#[test]
fn a_host_to_ascii_value_is_read_as_the_host() {
    // Made by hand: an IDNA table row whose value differs (UTS #46 maps full-width letters).
    let case =
        Case { input: "\u{ff45}\u{ff58}.com".to_owned(), base: None, kind: CaseKind::HostToAscii };
    let fields = vec![diff(
        SharedField::Value,
        defined("ex.com"),
        defined("\u{ff45}\u{ff58}.com"),
        Grade::Structural,
    )];
    let classes = classify_divergence(&case, &fields, true);
    assert!(classes.contains(&"idna-confusion"), "{classes:?}");
    assert!(classes.contains(&"host-confusion"), "{classes:?}");
}

#[test]
fn setter_cases_are_in_the_setter_class_and_parse_cases_are_not() {
    // rust-url against WPT's setters_tests (a real run's divergence): set host to `xn--`.
    let setter = Case {
        input: "https://example.com/".to_owned(),
        base: None,
        kind: CaseKind::Setter { property: "host".into(), value: "xn--".into() },
    };
    let fields =
        vec![diff(SharedField::Host, defined("xn--"), defined("example.com"), Grade::Structural)];
    assert!(classify_divergence(&setter, &fields, true).contains(&"setter-confusion"));
    let parse = Case::parse("https://example.com/".to_owned(), None);
    let classes = classify_divergence(&parse, &fields, true);
    assert!(!classes.contains(&"setter-confusion"), "{classes:?}");
}

#[test]
fn unicode_version_skew_needs_two_whatwg_sides() {
    // Made by hand: U+3E8AC (Unicode 18) parses for the truth, fails for the oracle.
    let case = Case::parse("http://\u{3E8AC}/".to_owned(), None);
    let fields = vec![diff(
        SharedField::Outcome,
        defined("parsed"),
        defined("failure: invalid domain"),
        Grade::Structural,
    )];
    assert!(classify_divergence(&case, &fields, true).contains(&"unicode-version-skew"));
    assert!(!classify_divergence(&case, &fields, false).contains(&"unicode-version-skew"));
}

#[test]
fn a_case_difference_is_case_normalization_and_nothing_differing_is_no_class() {
    let case = Case::parse("HTTP://A/".to_owned(), None);
    let fields = vec![diff(
        SharedField::Host,
        defined("a"),
        defined("A"),
        Grade::Equivalent(Equivalence::AsciiCase),
    )];
    assert_eq!(classify_divergence(&case, &fields, false), ["case-normalization"]);
    assert!(classify_divergence(&case, &[], false).is_empty());
    // Only validation errors differ: no class names that (yet).
    let errors = vec![diff(
        SharedField::ValidationErrors,
        defined("invalid-credentials"),
        defined(""),
        Grade::Structural,
    )];
    let plain = Case::parse("https://a/".to_owned(), None);
    assert_eq!(classify_divergence(&plain, &errors, true), [UNCLASSIFIED]);
}

#[test]
fn a_malformed_escape_one_parser_rejects_is_url_encoded_data_confusion() {
    // java-uri against WPT (a real run's divergence): java.net.URI rejects a `%` without two
    // hex digits ("Malformed escape pair"), the URL Standard keeps it.
    let case = Case::parse("http://example.com/foo%".to_owned(), None);
    let fields = vec![diff(
        SharedField::Outcome,
        defined("parsed"),
        defined("failure: Malformed escape pair at index 22: http://example.com/foo%"),
        Grade::Structural,
    )];
    let classes = classify_divergence(&case, &fields, false);
    assert!(classes.contains(&"url-encoded-data-confusion"), "{classes:?}");
    // Without any `%`, the same outcome difference is not.
    let ok = Case::parse("http://example.com/foo".to_owned(), None);
    let classes = classify_divergence(&ok, &fields, false);
    assert!(!classes.contains(&"url-encoded-data-confusion"), "{classes:?}");
}
