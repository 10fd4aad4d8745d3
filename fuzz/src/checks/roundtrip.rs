//! `roundtrip`: robustness and idempotence of the reference parser.
//!
//! Fields (see [`crate::input`]): `input`, then an optional `base`, then an optional setter
//! value (default: the input itself). The invariants:
//! - parsing never panics, and every validation error's position lies inside the input;
//! - "the URL serializer's output, parsed again, gives the same URL record": the URL
//!   Standard's goal that serializing and reparsing are idempotent
//!   (<https://url.spec.whatwg.org/#url-serializing>), checked on every component, the
//!   host's kind and the opaque-path flag included, not just the href;
//! - every setter of the URL API, applied to the parsed URL (and to the base), leaves a URL
//!   whose serialization reparses to that same URL, and every getter can be read.

use super::{CheckResult, Violation};
use crate::input;
use urldiff_parser::{Url, ATTRIBUTES};

const TARGET: &str = "roundtrip";

/// The URL API's settable attributes (every attribute but `origin`), in IDL order.
pub fn settable_attributes() -> impl Iterator<Item = &'static str> {
    ATTRIBUTES.iter().copied().filter(|a| *a != "origin")
}

pub fn check(data: &[u8]) -> CheckResult {
    let fields = input::fields(data);
    let value = fields.get(2).unwrap_or(&fields[0]);
    check_strings(&fields[0], input::optional(&fields, 1), value)?;
    Ok(Vec::new())
}

/// The checks on strings: `new URL(input, base)`, then every setter with `setter_value`.
/// A base that does not parse is checked on its own, and the input is parsed without it.
pub fn check_strings(input: &str, base: Option<&str>, setter_value: &str) -> Result<(), Violation> {
    let base = match base.map(|b| parse_checked(b, None)) {
        Some(Ok(Some(url))) => {
            check_url(&url, setter_value)?;
            Some(url)
        }
        Some(Err(violation)) => return Err(violation),
        Some(Ok(None)) | None => None,
    };
    if let Some(url) = parse_checked(input, base.as_ref())? {
        check_url(&url, setter_value)?;
    }
    Ok(())
}

/// Parse (which must not panic) and check the validation errors' positions.
fn parse_checked(input: &str, base: Option<&Url>) -> Result<Option<Url>, Violation> {
    let outcome = Url::parse_with_errors(input, base);
    if let Some(e) = outcome.errors.iter().find(|e| e.position > input.len()) {
        return Err(Violation::new(
            TARGET,
            "error-position-in-input",
            format!("{input:?}: {e} lies past the input's {} bytes", input.len()),
        ));
    }
    Ok(outcome.result.ok())
}

/// The URL reparses to itself, and so does the result of every setter applied to it.
pub fn check_url(url: &Url, setter_value: &str) -> Result<(), Violation> {
    read_every_attribute(url);
    reparses_to_itself(url, || "parsing".to_owned())?;
    for name in settable_attributes() {
        let mut changed = url.clone();
        // Only the href setter can throw, and then the URL is unchanged: check it anyway.
        let _ = changed.set_attribute(name, setter_value);
        read_every_attribute(&changed);
        reparses_to_itself(&changed, || {
            format!("setting {name} to {setter_value:?} on {:?}", url.href())
        })?;
    }
    Ok(())
}

fn read_every_attribute(url: &Url) {
    for name in ATTRIBUTES {
        std::hint::black_box(url.attribute(name));
    }
}

/// Parse the serialization again and compare the records.
fn reparses_to_itself(url: &Url, how: impl Fn() -> String) -> Result<(), Violation> {
    let href = url.href();
    match Url::parse(href, None) {
        Ok(again) if again == *url => Ok(()),
        Ok(again) => Err(Violation::new(
            TARGET,
            "reparse-same-record",
            format!(
                "after {}: {href:?} reparses to {:?}; differing: {}",
                how(),
                again.href(),
                record_differences(url, &again).join(", ")
            ),
        )),
        Err(e) => Err(Violation::new(
            TARGET,
            "reparse-succeeds",
            format!("after {}: the serialization {href:?} does not parse: {e:?}", how()),
        )),
    }
}

/// Every component on which two records differ, with both values.
pub fn record_differences(a: &Url, b: &Url) -> Vec<String> {
    let mut out: Vec<String> = ATTRIBUTES
        .iter()
        .filter_map(|name| {
            let (x, y) = (a.attribute(name)?, b.attribute(name)?);
            (x != y).then(|| format!("{name} {x:?} vs {y:?}"))
        })
        .collect();
    let mut differ = |name: &str, x: String, y: String| {
        if x != y {
            out.push(format!("{name} {x} vs {y}"));
        }
    };
    differ("host kind", format!("{:?}", a.host_kind()), format!("{:?}", b.host_kind()));
    differ("opaque path", a.has_opaque_path().to_string(), b.has_opaque_path().to_string());
    differ("query", format!("{:?}", a.query()), format!("{:?}", b.query()));
    differ("fragment", format!("{:?}", a.fragment()), format!("{:?}", b.fragment()));
    differ("port number", format!("{:?}", a.port_number()), format!("{:?}", b.port_number()));
    if out.is_empty() {
        out.push("only the internal offsets".to_owned());
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
        let d = record_differences(&url("http://a/p?"), &url("http://b/p"));
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
        assert!(d.iter().any(|s| s.starts_with("host kind Opaque vs None")), "{d:?}");
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
            let data = input::encode(&[input, base.unwrap_or("")]);
            assert_eq!(check(&data), Ok(vec![]), "{input:?} against {base:?}");
        }
    }
}
