//! Each documented rule of java.net.URI and CPython's urllib covers a case its documentation
//! describes, and not a case outside it. Cases and readings come from the documentation's own
//! examples and the two RFCs' grammars.

use super::*;
use crate::standards::{strict_rfc, StandardReference};
use urldiff_compare::SharedField;
use urldiff_oracles::{Record, Standard};

fn request(input: &str, base: Option<&str>) -> Request {
    Request { input: input.to_owned(), base: base.map(str::to_owned) }
}

fn rule(oracle: &str, name: &str) -> &'static Compiled {
    rules_of(oracle).iter().find(|c| c.rule.name == name).unwrap_or_else(|| panic!("{name}"))
}

fn parsed() -> Answer {
    let record = strict_rfc(Standard::Rfc3986, "a:b", None).unwrap();
    Answer::Parsed { record: Record::Rfc(record), errors: Vec::new() }
}

fn failure() -> Answer {
    Answer::Failure { reason: "x".into(), errors: Vec::new() }
}

/// The RFC 2396 reference's outcome on `input`: what java.net.URI is held to.
fn rfc2396_parses(input: &str) -> bool {
    StandardReference::new(Standard::Rfc2396).is_some()
        && strict_rfc(Standard::Rfc2396, input, None).is_ok()
}

fn fields(names: &[SharedField]) -> std::collections::BTreeSet<SharedField> {
    names.iter().copied().collect()
}

#[test]
fn java_uri_documented_deviations_cover_their_examples() {
    use SharedField::*;
    let outcome = fields(&[Outcome]);
    // "Empty relative paths are permitted": `?q` is no RFC 2396 relativeURI, Java parses it.
    assert!(!rfc2396_parses("?q"));
    let empty = rule("java-uri", "empty-relative-path");
    assert!(covers(empty, &request("?q", None), (&parsed(), &failure()), &outcome));
    assert!(!covers(empty, &request("a?q", None), (&parsed(), &failure()), &outcome));
    // "Characters in the other category are permitted": `é` in a path.
    assert!(!rfc2396_parses("http://a/é"));
    let other = rule("java-uri", "other-characters");
    assert!(covers(other, &request("http://a/é", None), (&parsed(), &failure()), &outcome));
    // A C1 control is no "other" character; nor does the rule explain a rejection.
    assert!(!covers(other, &request("http://a/\u{85}", None), (&parsed(), &failure()), &outcome));
    assert!(!covers(other, &request("http://a/é", None), (&failure(), &parsed()), &outcome));
    // "s://123, will parse as a server-based authority": RFC 2396 reads it registry-based.
    assert!(
        rfc2396_parses("s://123")
            && strict_rfc(Standard::Rfc2396, "s://123", None).unwrap().host.is_none()
    );
    let single = rule("java-uri", "single-label-alphanum-host");
    assert!(covers(single, &request("s://123", None), (&parsed(), &parsed()), &fields(&[Host])));
    assert!(!covers(single, &request("s://a.123", None), (&parsed(), &parsed()), &fields(&[Host])));
    assert!(!covers(single, &request("s://123", None), (&parsed(), &parsed()), &fields(&[Path])));
    // IPv4 "parsed rigorously": each element no greater than 255.
    let ipv4 = rule("java-uri", "ipv4-rigorous");
    assert!(covers(
        ipv4,
        &request("http://1.2.3.256/", None),
        (&parsed(), &parsed()),
        &fields(&[Host])
    ));
    // "An empty authority component is permitted as long as it is followed by…".
    let authority = rule("java-uri", "empty-authority");
    assert!(covers(
        authority,
        &request("file:///foo/bar", None),
        (&parsed(), &parsed()),
        &fields(&[Host])
    ));
    assert!(!covers(
        authority,
        &request("file://h/foo", None),
        (&parsed(), &parsed()),
        &fields(&[Host])
    ));
    // resolve: "if this URI is opaque, then the given URI is returned".
    let opaque = rule("java-uri", "opaque-base");
    assert!(covers(
        opaque,
        &request("g", Some("mailto:a@b")),
        (&parsed(), &parsed()),
        &fields(&[Path])
    ));
    assert!(!covers(
        opaque,
        &request("g", Some("http://a/b")),
        (&parsed(), &parsed()),
        &fields(&[Path])
    ));
}

#[test]
fn python_urllib_documented_behaviours_cover_their_examples() {
    use SharedField::*;
    // RFC 3986 section 5.2.2: "A non-strict parser may ignore a scheme in the reference if it
    // is identical to the base URI's scheme."
    let non_strict = rule("python-urllib", "non-strict-same-scheme");
    let path = fields(&[Path]);
    assert!(covers(
        non_strict,
        &request("http:g", Some("http://a/b/c/d;p?q")),
        (&parsed(), &parsed()),
        &path
    ));
    assert!(!covers(
        non_strict,
        &request("https:g", Some("http://a/b/c/d;p?q")),
        (&parsed(), &parsed()),
        &path
    ));
    assert!(!covers(
        non_strict,
        &request("g", Some("http://a/b/c/d;p?q")),
        (&parsed(), &parsed()),
        &path
    ));
    // "Unmatched square brackets in the netloc attribute will raise a ValueError": only
    // unmatched ones (a rejected IPvFuture is no documented behaviour).
    let brackets = rule("python-urllib", "unmatched-brackets");
    let outcome = fields(&[Outcome]);
    assert!(covers(brackets, &request("http://[::1/", None), (&failure(), &parsed()), &outcome));
    assert!(covers(brackets, &request("http://a]/", None), (&failure(), &parsed()), &outcome));
    assert!(!covers(brackets, &request("http://[V7.a]/", None), (&failure(), &parsed()), &outcome));
    // "leading C0 control and space characters are stripped from the URL".
    let stripping = rule("python-urllib", "whatwg-stripping");
    assert!(covers(
        stripping,
        &request(" http://a/", None),
        (&parsed(), &failure()),
        &fields(&[Outcome])
    ));
    assert!(!covers(stripping, &request("http://a/", None), (&parsed(), &parsed()), &path));
}
