//! `roundtrip`: robustness and idempotence of the reference parser.
//!
//! Fields (see [`crate::input`]): `input`, then an optional `base`, then an optional setter
//! value. The setters run only when that third field is there: ten setters and reparses
//! cost ten times a parse, and an input without the field is a pure parse check, so most
//! executions stay cheap while the fuzzer can add the field (the dictionary holds `\xFF`).
//! The invariants:
//! - parsing never panics, and every validation error's position lies inside the input;
//! - "the URL serializer's output, parsed again, gives the same URL record": the URL
//!   Standard's goal that serializing and reparsing are idempotent
//!   (<https://url.spec.whatwg.org/#url-serializing>), checked on every component, the
//!   host's kind and the opaque-path flag included, not just the href;
//! - the parse with the states' shortcuts (runs of code points taken at once) gives the URL
//!   and validation errors, positions included, of the parse step by step
//!   (`Url::parse_step_by_step`);
//! - domain to ASCII on the input read as a domain (beStrict false and true) gives the same
//!   result and validation errors with the parser's shortcuts past UTS #46 as without them
//!   (`urldiff_parser::host::domain_to_ascii_by_uts46`);
//! - every setter of the URL API, applied to the parsed URL (and to the base), leaves a URL
//!   whose serialization reparses to that same URL, and every getter can be read; where the
//!   standard's own setter breaks this (ada's setter gives the same URL), it is a finding,
//!   not a crash (see [`check_url`]).

use super::{CheckResult, Violation};
use crate::findings::Finding;
use crate::input;
use urldiff_parser::{Attribute, Url};

const TARGET: &str = "roundtrip";

/// The URL API's settable attributes (every attribute but `origin`), in record order.
pub fn settable_attributes() -> impl Iterator<Item = Attribute> {
    Attribute::ALL.iter().copied().filter(|a| a.is_settable())
}

pub fn check(data: &[u8]) -> CheckResult {
    let fields = input::fields(data);
    check_strings(&fields[0], input::optional(&fields, 1), fields.get(2).map(|f| f.as_ref()), data)
}

/// The checks on strings: `new URL(input, base)`, then, with a `setter_value`, every setter.
/// A base that does not parse is checked on its own, and the input is parsed without it.
/// `data` is the raw fuzz input findings carry.
pub fn check_strings(
    input: &str,
    base: Option<&str>,
    setter_value: Option<&str>,
    data: &[u8],
) -> CheckResult {
    check_domain_shortcuts(input)?;
    let mut findings = Vec::new();
    let base = match base.map(|b| parse_checked(b, None)).transpose()? {
        Some(Some(url)) => {
            findings.extend(check_url(&url, setter_value, data)?);
            Some(url)
        }
        Some(None) | None => None,
    };
    if let Some(url) = parse_checked(input, base.as_ref())? {
        findings.extend(check_url(&url, setter_value, data)?);
    }
    Ok(findings)
}

/// Domain to ASCII of `input` with the parser's shortcuts and without: the same result and
/// the same validation errors, for beStrict false and true.
fn check_domain_shortcuts(input: &str) -> Result<(), Violation> {
    use urldiff_parser::host::{domain_to_ascii, domain_to_ascii_by_uts46};
    for be_strict in [false, true] {
        let [with, without] = [domain_to_ascii, domain_to_ascii_by_uts46].map(|to_ascii| {
            let mut errors = urldiff_parser::Errors::new();
            let result = to_ascii(input.into(), be_strict, &mut errors, 0);
            (result.map(|r| r.into_owned()), errors.into_vec())
        });
        if with != without {
            let detail = format!(
                "{input:?} with beStrict {be_strict}: {with:?} with the shortcuts, {without:?} \
                 without"
            );
            return Err(Violation::new(TARGET, "domain-to-ascii-shortcuts", detail));
        }
    }
    Ok(())
}

/// Parse (which must not panic), check the validation errors' positions, and that the parse
/// step by step gives the same outcome.
fn parse_checked(input: &str, base: Option<&Url>) -> Result<Option<Url>, Violation> {
    let outcome = Url::parse_with_errors(input, base);
    let step_by_step = Url::parse_step_by_step(input, base);
    if step_by_step != outcome {
        let detail = format!(
            "{input:?} against {:?}: {outcome:?} with the shortcuts, {step_by_step:?} step by step",
            base.map(Url::href)
        );
        return Err(Violation::new(TARGET, "state-shortcuts", detail));
    }
    // Compared as u64: the position's integer type is the parser's choice.
    let past_the_end = |position: u64| position > input.len() as u64;
    if let Some(e) = outcome.errors.iter().find(|e| past_the_end(e.position as u64)) {
        return Err(Violation::new(
            TARGET,
            "error-position-in-input",
            format!("{input:?}: {e} lies past the input's {} bytes", input.len()),
        ));
    }
    Ok(outcome.result.ok())
}

/// The URL reparses to itself, and so does the result of every setter applied to it with
/// `setter_value`, when there is one.
///
/// A parse that does not reparse to itself breaks the standard's goal outright. A setter
/// whose result does not is checked against ada applying the same setter to the same URL:
/// when ada's URL is the same, the standard's setter itself produced it (e.g. the protocol
/// setter turning `http://h/C|/x` into `file://h/C|/x`, which parses as `file://h/C:/x`), and
/// that is a finding for the standard, recorded by signature; otherwise it is our bug.
pub fn check_url(url: &Url, setter_value: Option<&str>, data: &[u8]) -> CheckResult {
    read_every_attribute(url);
    if let Some(broken) = reparse_difference(url) {
        return Err(Violation::new(
            TARGET,
            broken.invariant,
            format!("after parsing: {}", broken.detail),
        ));
    }
    let mut findings = Vec::new();
    let Some(setter_value) = setter_value else { return Ok(findings) };
    for name in settable_attributes() {
        let mut changed = url.clone();
        // Only the href setter can throw, and then the URL is unchanged: check it anyway.
        let _ = changed.set_attribute(name, setter_value);
        read_every_attribute(&changed);
        let Some(broken) = reparse_difference(&changed) else { continue };
        let how = format!("setting {name} to {setter_value:?} on {:?}", url.href());
        if !ada_gives_the_same_url(url.href(), name, setter_value, changed.href()) {
            return Err(Violation::new(
                TARGET,
                broken.invariant,
                format!("{how}: {}", broken.detail),
            ));
        }
        findings.push(Finding::new(
            TARGET,
            format!("roundtrip:setter-not-idempotent:{name}:{}", broken.components.join(",")),
            format!("{how}: {} (ada's {name} setter gives the same URL)", broken.detail),
            data,
        ));
    }
    Ok(findings)
}

fn read_every_attribute(url: &Url) {
    for &attribute in Attribute::ALL {
        std::hint::black_box(url.attribute(attribute));
    }
}

/// How a URL fails to reparse to itself.
struct Broken {
    invariant: &'static str,
    components: Vec<&'static str>,
    detail: String,
}

/// Parse the serialization again and compare the records.
fn reparse_difference(url: &Url) -> Option<Broken> {
    let href = url.href();
    match Url::parse(href, None) {
        Ok(again) if again == *url => None,
        Ok(again) => {
            let differences = record_differences(url, &again);
            let described: Vec<&str> = differences.iter().map(|d| d.1.as_str()).collect();
            Some(Broken {
                invariant: "reparse-same-record",
                components: differences.iter().map(|d| d.0).collect(),
                detail: format!(
                    "{href:?} reparses to {:?}; differing: {}",
                    again.href(),
                    described.join(", ")
                ),
            })
        }
        Err(e) => Some(Broken {
            invariant: "reparse-succeeds",
            components: vec!["failure"],
            detail: format!("the serialization {href:?} does not parse: {e:?}"),
        }),
    }
}

/// Whether ada, parsing `href` and applying the same setter, ends with `result`.
fn ada_gives_the_same_url(href: &str, setter: Attribute, value: &str, result: &str) -> bool {
    let Ok(mut url) = ada_url::Url::parse(href, None) else { return false };
    urldiff_oracles::ada::set(&mut url, setter, value);
    url.href() == result
}

/// Every component on which two records differ: its name, and both values.
pub fn record_differences(a: &Url, b: &Url) -> Vec<(&'static str, String)> {
    let mut out: Vec<(&'static str, String)> = Attribute::ALL
        .iter()
        .filter_map(|&attribute| {
            let (x, y) = (a.attribute(attribute), b.attribute(attribute));
            let name = attribute.name();
            (x != y).then(|| (name, format!("{name} {x:?} vs {y:?}")))
        })
        .collect();
    let mut differ = |name: &'static str, x: String, y: String| {
        if x != y {
            out.push((name, format!("{name} {x} vs {y}")));
        }
    };
    differ("host kind", format!("{:?}", a.host_kind()), format!("{:?}", b.host_kind()));
    differ("opaque path", a.has_opaque_path().to_string(), b.has_opaque_path().to_string());
    differ("query", format!("{:?}", a.query()), format!("{:?}", b.query()));
    differ("fragment", format!("{:?}", a.fragment()), format!("{:?}", b.fragment()));
    differ("port number", format!("{:?}", a.port_number()), format!("{:?}", b.port_number()));
    if out.is_empty() {
        out.push(("offsets", "only the internal offsets".to_owned()));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn url(s: &str) -> Url {
        Url::parse(s, None).unwrap()
    }

    #[test]
    fn record_differences_names_every_differing_component() {
        // Same href-less components but a null vs empty query, and a different host.
        let d: Vec<String> = record_differences(&url("http://a/p?"), &url("http://b/p"))
            .into_iter()
            .map(|d| d.1)
            .collect();
        assert_eq!(
            d,
            [
                "href \"http://a/p?\" vs \"http://b/p\"",
                "origin \"http://a\" vs \"http://b\"",
                "host \"a\" vs \"b\"",
                "hostname \"a\" vs \"b\"",
                "query Some(\"\") vs None"
            ]
        );
        let d = record_differences(&url("sc://x/"), &url("sc:/x/"));
        assert!(d.iter().any(|s| s.1.starts_with("host kind Opaque vs None")), "{d:?}");
    }

    #[test]
    fn wpt_style_inputs_pass() {
        for (input, base) in [
            ("http://example\t.\norg", Some("http://example.org/foo/bar")),
            ("\\\\server\\file", Some("file:///tmp/mock/path")),
            ("web+demo:/.//not-a-host/", None),
            ("a:\t foo.com", Some("http://example.org/foo/bar")),
            ("https://x/\u{0}y", None),
            ("not a url", Some("also not")),
        ] {
            let data = input::encode(&[input, base.unwrap_or(""), input]);
            assert_eq!(check(&data), Ok(vec![]), "{input:?} against {base:?}");
        }
    }

    #[test]
    fn a_setter_the_standard_makes_non_idempotent_is_a_finding() {
        // Found by this target: the protocol setter keeps the path segment "C|", which a
        // file URL's parser turns into "C:". ada's setter does the same.
        let data = input::encode(&["http://h/C|/foo", "", "file:"]);
        let findings = check(&data).unwrap();
        // Without the setter value, no setter runs.
        assert_eq!(check(&input::encode(&["http://h/C|/foo", ""])), Ok(vec![]));
        let signatures: Vec<&str> = findings.iter().map(|f| f.signature.as_str()).collect();
        assert_eq!(signatures, ["roundtrip:setter-not-idempotent:protocol:href,pathname"]);
        assert!(findings[0].detail.contains("\"file://h/C|/foo\" reparses to \"file://h/C:/foo\""));
    }
}
