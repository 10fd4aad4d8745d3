//! Every validation error the URL parser can report, each provoked by one input and asserted
//! by its spec name (and, where the spec's pointer makes it unambiguous, its position).
//! Expected names and outcomes are read off the spec's algorithms and its validation-error
//! table (<https://url.spec.whatwg.org/#validation-error>), not from the parser's output.

use urldiff_parser::{Url, ValidationErrorKind};

/// (input, base, expected error name, expected byte position if asserted, parse succeeds)
type Case = (&'static str, Option<&'static str>, &'static str, Option<usize>, bool);

const CASES: &[Case] = &[
    (" http://a/", None, "invalid-URL-unit", Some(0), true),
    ("http://a/\tb", None, "invalid-URL-unit", Some(9), true),
    ("http://a/b c", None, "invalid-URL-unit", Some(10), true),
    ("http://a/%zz", None, "invalid-URL-unit", Some(9), true),
    ("http:a", None, "special-scheme-missing-following-solidus", Some(5), true),
    ("file:a", None, "special-scheme-missing-following-solidus", Some(4), true),
    ("a", None, "missing-scheme-non-relative-URL", Some(0), false),
    ("b", Some("mailto:x"), "missing-scheme-non-relative-URL", Some(0), false),
    ("http://a\\b", None, "invalid-reverse-solidus", Some(8), true),
    ("http://u@a", None, "invalid-credentials", Some(8), true),
    ("http://u@/", None, "host-missing", None, false),
    ("http:///", None, "host-missing", None, false),
    ("http://a:65536", None, "port-out-of-range", Some(9), false),
    ("http://a:b", None, "port-invalid", Some(9), false),
    ("C|/x", Some("file:///a/b"), "file-invalid-Windows-drive-letter", Some(0), true),
    ("file://C|/x", None, "file-invalid-Windows-drive-letter-host", Some(9), true),
    ("https://xn--a.\u{df}/", None, "domain-to-ASCII", None, false),
    ("http://ex%00ample/", None, "domain-invalid-code-point", None, false),
    ("sc://a<b/", None, "host-invalid-code-point", None, false),
    ("http://1.2.3.4./", None, "IPv4-empty-part", None, true),
    ("http://1.2.3.4.5/", None, "IPv4-too-many-parts", None, false),
    ("http://a.1.2.3/", None, "IPv4-non-numeric-part", None, false),
    ("http://0x7f.0.0.1/", None, "IPv4-non-decimal-part", None, true),
    ("http://1.256.0.0/", None, "IPv4-out-of-range-part", None, false),
    ("http://[::1/", None, "IPv6-unclosed", None, false),
    ("http://[:1]/", None, "IPv6-invalid-compression", None, false),
    ("http://[1:2:3:4:5:6:7:8:9]/", None, "IPv6-too-many-pieces", None, false),
    ("http://[1::2::3]/", None, "IPv6-multiple-compression", None, false),
    ("http://[1:x]/", None, "IPv6-invalid-code-point", None, false),
    ("http://[1:2:3]/", None, "IPv6-too-few-pieces", None, false),
    ("http://[1:2:3:4:5:6:7:1.2.3.4]/", None, "IPv4-in-IPv6-too-many-pieces", None, false),
    ("http://[::1.2.3.a]/", None, "IPv4-in-IPv6-invalid-code-point", None, false),
    ("http://[::1.2.3.256]/", None, "IPv4-in-IPv6-out-of-range-part", None, false),
    ("http://[::1.2.3]/", None, "IPv4-in-IPv6-too-few-parts", None, false),
];

#[test]
fn each_input_reports_its_validation_error() {
    let mut problems = Vec::new();
    for &(input, base, name, position, succeeds) in CASES {
        let base = base.map(|b| Url::parse(b, None).expect("base parses"));
        let outcome = Url::parse_with_errors(input, base.as_ref());
        let found: Vec<_> = outcome.errors.iter().filter(|e| e.kind.name() == name).collect();
        if found.is_empty() {
            problems.push(format!("{input:?}: no {name} among {:?}", outcome.errors));
        }
        if let Some(pos) = position {
            if !found.iter().any(|e| e.position as usize == pos) {
                problems.push(format!("{input:?}: {name} not at {pos}: {found:?}"));
            }
        }
        if outcome.result.is_ok() != succeeds {
            problems
                .push(format!("{input:?}: expected success={succeeds}, got {:?}", outcome.result));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn every_error_name_is_covered_and_round_trips() {
    for kind in ValidationErrorKind::ALL {
        assert_eq!(ValidationErrorKind::from_name(kind.name()), Some(*kind));
        // domain-to-Unicode is only reported by domain to Unicode, which URL parsing never
        // runs; the host module's tests cover it.
        if *kind == ValidationErrorKind::DomainToUnicode {
            continue;
        }
        assert!(CASES.iter().any(|c| c.2 == kind.name()), "no test input for {}", kind.name());
    }
    assert_eq!(ValidationErrorKind::ALL.len(), 29, "the spec's table has 29 errors");
}

#[test]
fn clean_inputs_report_nothing() {
    for input in ["https://example.com/a?b#c", "file:///C:/x", "sc://h:1/p", "mailto:a@b"] {
        let outcome = Url::parse_with_errors(input, None);
        assert!(outcome.result.is_ok() && outcome.errors.is_empty(), "{input}: {outcome:?}");
    }
}
