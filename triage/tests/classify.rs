//! The class table: hand-checked inputs per class (one that must be in it, one that must not),
//! the spec's own examples of every validation error, and the table's shape.
//!
//! Every input is asked of the in-process oracles (reference, reference-rfc3986, rfc3986-regex,
//! rust-url, ada). Each case says why it diverges; the test first checks that it does, so a
//! case that stops diverging fails loudly instead of passing for nothing.

mod support;

use std::collections::HashSet;
use urldiff_parser::ValidationErrorKind;
use urldiff_triage::ask::{ask, compare_answers};
use urldiff_triage::classify::error_examples::ERROR_EXAMPLES;
use urldiff_triage::classify::{classify, Facts, CLASSES, UNCLASSIFIED};
use urldiff_triage::Request;

/// The classes of `input` (against `base`), and the reference's validation errors.
fn classes_of(input: &str, base: Option<&str>) -> (Vec<&'static str>, Vec<ValidationErrorKind>) {
    let oracles = support::in_process();
    let oracles = support::refs(&oracles);
    let request = Request::new(input, base);
    let answers = ask(&oracles, std::slice::from_ref(&request)).unwrap().remove(0);
    let comparison = compare_answers(&oracles, &request, &answers);
    assert!(comparison.disagrees(), "{input:?} against {base:?} must diverge for this test");
    let infos: Vec<_> = oracles.iter().map(|o| o.info()).collect();
    let facts = Facts::new(&request, &comparison, &infos);
    (classify(&facts), facts.errors.clone())
}

/// (class, input, base, why it is in the class).
const POSITIVE: &[(&str, &str, Option<&str>, &str)] = &[
    ("scheme-confusion", "\u{1F4A9}", None, "no scheme, no base: WHATWG fails, RFC reads a path"),
    ("scheme-confusion", " http://a/", None, "the regex reads the scheme \" http\""),
    ("slash-confusion", "https:example.org", None, "WHATWG: host example.org; RFC: a path"),
    ("backslash-confusion", "http://a\\@b", None, "WHATWG: host a; RFC: userinfo a\\, host b"),
    ("url-encoded-data-confusion", "https://exam%70le.org", None, "WHATWG decodes the host"),
    ("scheme-mixup", "ws://a:80/", None, "WHATWG drops ws's default port 80, RFC keeps it"),
    ("scheme-mixup", "foo://exa[mple.org", None, "opaque host with `[`: WHATWG fails"),
    ("userinfo-confusion", "https://a@b@c/", None, "which `@` ends the userinfo"),
    (
        "host-confusion",
        "https://\u{ff11}\u{ff12}\u{ff17}.0.0.1/",
        None,
        "full-width digits: 127.0.0.1",
    ),
    ("idna-confusion", "https://\u{ff45}\u{ff58}.com/", None, "UTS #46 maps full-width letters"),
    ("ipv4-number-form", "https://127.0.0x0.1/", None, "hex part: WHATWG 127.0.0.1"),
    ("ipv6-confusion", "https://[::01]/", None, "WHATWG drops the leading zero"),
    ("whitespace-confusion", " http://a/", None, "WHATWG strips the leading space"),
    ("port-confusion", "https://example.org:70000", None, "out of range: WHATWG fails"),
    ("port-confusion", "http://a:80/", None, "WHATWG drops the default port"),
    ("path-confusion", "http://a/b/../c", None, "WHATWG removes the dot segments"),
    ("path-confusion", "file:c:/x", Some("file:///a/"), "a drive letter against a file base"),
    ("root-path-normalization", "https://example.org", None, "WHATWG path `/`, RFC empty"),
    ("opaque-path-confusion", "a", Some("a:b"), "a base with an opaque path: WHATWG fails"),
    ("unicode-version-skew", "http://\u{3E8AC}/", None, "U+3E8AC: Unicode 18, not ada's"),
    ("file-host-confusion", "file://c:", None, "a drive letter where the host is"),
    ("empty-host-confusion", "https://#fragment", None, "empty host: WHATWG fails"),
    ("case-normalization", "HTTP://A/", None, "WHATWG lowercases scheme and host"),
    ("percent-encoding-normalization", "https://example.org/>", None, "WHATWG encodes `>`"),
    ("fragment-query-confusion", "http://a/#a\tb", None, "WHATWG removes the tab"),
    ("relative-resolution-confusion", "http:g", Some("http://a/b/c/d;p?q"), "RFC strict: http:g"),
];

/// (class, input, base, why it is not in the class although the oracles diverge).
const NEGATIVE: &[(&str, &str, Option<&str>, &str)] = &[
    ("scheme-confusion", "http://a\\@b", None, "same scheme everywhere"),
    ("slash-confusion", "http://a\\@b", None, "two slashes"),
    ("backslash-confusion", "https:example.org", None, "no backslash"),
    ("url-encoded-data-confusion", "http://a\\@b", None, "no percent-encoded byte"),
    ("scheme-mixup", "http://a:80/", None, "http"),
    ("userinfo-confusion", "http://a/@b\\c", None, "`@` in the path; only the path differs"),
    ("host-confusion", "HTTP://A/", None, "case only"),
    ("idna-confusion", "https://1.2.3/", None, "an ASCII number, no IDNA"),
    ("ipv4-number-form", "https://\u{ff45}\u{ff58}.com/", None, "a domain"),
    ("ipv6-confusion", "https://1.2.3/", None, "no brackets"),
    ("whitespace-confusion", "http://a\\@b", None, "no whitespace"),
    ("port-confusion", "https://1.2.3/", None, "no port"),
    ("path-confusion", "http://a/b\\c", None, "no dot segment or drive letter"),
    ("root-path-normalization", "https://example.org/>", None, "a path on both sides"),
    ("opaque-path-confusion", "http://a/b/../c", None, "a hierarchical path"),
    ("unicode-version-skew", "https://\u{ff45}\u{ff58}.com/", None, "WHATWG parsers agree"),
    ("file-host-confusion", "http://a\\@b", None, "not file"),
    ("empty-host-confusion", "https://example.org:7z", None, "a host"),
    ("case-normalization", "https://1.2.3/", None, "not a case difference"),
    ("percent-encoding-normalization", "HTTP://A/", None, "case only"),
    ("fragment-query-confusion", "http://a/?a b", None, "encoding only"),
    ("relative-resolution-confusion", "http://a\\@b", None, "no base"),
];

#[test]
fn hand_checked_inputs_are_in_their_class() {
    let mut failures = Vec::new();
    for (class, input, base, why) in POSITIVE {
        let (classes, _) = classes_of(input, *base);
        if !classes.contains(class) {
            failures.push(format!("{input:?} ({why}) not in {class}: {classes:?}"));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn hand_checked_inputs_are_not_in_other_classes() {
    let mut failures = Vec::new();
    for (class, input, base, why) in NEGATIVE {
        let (classes, _) = classes_of(input, *base);
        if classes.contains(class) {
            failures.push(format!("{input:?} ({why}) wrongly in {class}: {classes:?}"));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn every_class_has_a_positive_and_a_negative_case() {
    for class in CLASSES {
        if class.id == "setter-confusion" {
            continue; // setter cases come from conform only: tests/classify_divergence.rs
        }
        assert!(POSITIVE.iter().any(|p| p.0 == class.id), "no positive case for {}", class.id);
        assert!(NEGATIVE.iter().any(|p| p.0 == class.id), "no negative case for {}", class.id);
    }
}

#[test]
fn every_validation_error_example_gets_a_class_that_lists_it() {
    let all: HashSet<&str> = ValidationErrorKind::ALL.iter().map(|k| k.name()).collect();
    let examples: HashSet<&str> = ERROR_EXAMPLES.iter().map(|e| e.error.name()).collect();
    assert_eq!(all, examples, "one example per validation error of the standard");
    assert_eq!(ERROR_EXAMPLES.len(), all.len(), "one example each");
    let mut failures = Vec::new();
    for example in ERROR_EXAMPLES {
        let (kind, name, input) = (example.error, example.error.name(), example.input);
        let (classes, errors) = classes_of(input, example.base);
        assert!(errors.contains(&kind), "{input:?} must report {name}, reports {errors:?}");
        let listing: Vec<&str> = CLASSES
            .iter()
            .filter(|c| c.validation_errors.contains(&kind) && classes.contains(&c.id))
            .map(|c| c.id)
            .collect();
        if listing.is_empty() {
            failures.push(format!("{name}: {input:?} is in {classes:?}, none of which lists it"));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn the_table_covers_every_validation_error_with_unique_linked_classes() {
    assert!(CLASSES.len() >= 15, "at least 15 classes");
    for kind in ValidationErrorKind::ALL {
        assert!(
            CLASSES.iter().any(|c| c.validation_errors.contains(kind)),
            "{} is in no class's validation_errors",
            kind.name()
        );
    }
    let ids: HashSet<&str> = CLASSES.iter().map(|c| c.id).collect();
    assert_eq!(ids.len(), CLASSES.len(), "class ids are unique");
    assert!(!ids.contains(UNCLASSIFIED));
    for c in CLASSES {
        assert!(c.whatwg.starts_with("https://url.spec.whatwg.org/#"), "{}", c.id);
        assert!(c.rfc3986.starts_with("https://www.rfc-editor.org/rfc/rfc3986#"), "{}", c.id);
        assert!(!c.explanation.is_empty() && !c.predicate.is_empty(), "{}", c.id);
    }
    let published = [
        "scheme-confusion",
        "slash-confusion",
        "backslash-confusion",
        "url-encoded-data-confusion",
        "scheme-mixup",
    ];
    assert!(published.iter().all(|p| ids.contains(p)), "Claroty/Snyk's five classes");
}

#[test]
fn agreeing_oracles_give_no_class_and_version_sensitive_code_points_are_known() {
    let oracles = support::in_process();
    let oracles = support::refs(&oracles);
    let request = Request::new("http://a/", None);
    let answers = ask(&oracles, std::slice::from_ref(&request)).unwrap().remove(0);
    let comparison = compare_answers(&oracles, &request, &answers);
    let infos: Vec<_> = oracles.iter().map(|o| o.info()).collect();
    assert!(classify(&Facts::new(&request, &comparison, &infos)).is_empty());
    use urldiff_triage::classify::version_sensitive;
    // U+3E8AC: added in Unicode 18.0 (absent from Node 20's Unicode 17.0).
    assert_eq!(version_sensitive('\u{3E8AC}'), Some("18.0"));
    // CJK Extension I (U+2EBF0..U+2EE5D) came in Unicode 15.1.
    assert_eq!(version_sensitive('\u{2EBF0}'), Some("15.1"));
    // CJK Extension H (U+31350..U+323AF) came in Unicode 15.0, Extension J in 17.0.
    assert_eq!(version_sensitive('\u{31350}'), Some("15.0"));
    assert_eq!(version_sensitive('\u{32B9A}'), Some("16.0-17.0"));
    assert_eq!(version_sensitive('a'), None);
    assert_eq!(version_sensitive('\u{e9}'), None);
    // A noncharacter is never assigned.
    assert_eq!(version_sensitive('\u{FDD0}'), Some("unassigned"));
}
