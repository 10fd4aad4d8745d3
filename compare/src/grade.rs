//! Grading a mismatch: the first named equivalence under which two values agree.
//!
//! Equivalences are tried in [`Equivalence::ORDER`]; each is a pure function of the two
//! values (and the scheme, for default ports). A pair that agrees under none is
//! [`Grade::Structural`]. Dot segments, the RFC split of an href and the default ports are
//! the parser's own ([`urldiff_parser::rfc3986`], [`urldiff_parser::default_port`]), so the
//! grades mean what the parser means. What a grade lets an attacker do is `severity`'s
//! business.

use crate::project::{Projected, SharedField};
use serde::{Deserialize, Serialize};
use std::borrow::Cow;
use urldiff_parser::rfc3986::{self, remove_dot_segments};

/// A named equivalence between two field values.
#[derive(
    Clone,
    Copy,
    Debug,
    PartialEq,
    Eq,
    Hash,
    PartialOrd,
    Ord,
    Serialize,
    Deserialize,
    strum::IntoStaticStr,
)]
#[serde(rename_all = "kebab-case")]
#[strum(serialize_all = "kebab-case")]
pub enum Equivalence {
    Exact,
    AsciiCase,
    PercentEncoding,
    Idna,
    DotSegments,
    DefaultPort,
}

impl Equivalence {
    pub const ORDER: [Equivalence; 6] = [
        Equivalence::Exact,
        Equivalence::AsciiCase,
        Equivalence::PercentEncoding,
        Equivalence::Idna,
        Equivalence::DotSegments,
        Equivalence::DefaultPort,
    ];

    /// The name in ledgers, JSON and reports (`ascii-case`, …).
    pub fn name(self) -> &'static str {
        self.into()
    }

    pub fn description(self) -> &'static str {
        match self {
            Equivalence::Exact => "identical (defined/undefined respected)",
            Equivalence::AsciiCase => "equal after ASCII lowercasing",
            Equivalence::PercentEncoding => {
                "equal after decoding %XX of non-reserved bytes and uppercasing other %XX \
                 (RFC 3986 §6.2.2.2, extended to bytes one side leaves raw)"
            }
            Equivalence::Idna => {
                "hosts equal after percent-decoding and the WHATWG domain to ASCII (UTS #46 \
                 mapping, Punycode) of both (host, host-to-ASCII value)"
            }
            Equivalence::DotSegments => {
                "equal after the parser's remove_dot_segments on the path (path, href)"
            }
            Equivalence::DefaultPort => {
                "equal after dropping the scheme's default port (the parser's table) or an empty \
                 port (port, href)"
            }
        }
    }

    /// Whether `a` and `b` agree under this equivalence. `scheme` gives the default port.
    /// Only `exact` and `default-port` (an empty port is no port) relate a defined value to an
    /// undefined one; the others need both sides defined alike.
    pub fn agrees(self, field: SharedField, a: &Projected, b: &Projected, scheme: &str) -> bool {
        if EXACT_ONLY.contains(&field) && self != Equivalence::Exact {
            return false;
        }
        let one_undefined = matches!(
            (a, b),
            (Projected::Undefined, Projected::Defined(_))
                | (Projected::Defined(_), Projected::Undefined)
        );
        if one_undefined && !matches!(self, Equivalence::Exact | Equivalence::DefaultPort) {
            return false;
        }
        let (x, y) = (a.text(), b.text());
        match self {
            Equivalence::Exact => a.agrees(b),
            Equivalence::AsciiCase => x.eq_ignore_ascii_case(y),
            Equivalence::PercentEncoding => percent_normalize(x) == percent_normalize(y),
            Equivalence::Idna => match field {
                SharedField::Host | SharedField::Value => {
                    host_to_ascii(x).is_some_and(|hx| host_to_ascii(y) == Some(hx))
                }
                _ => false,
            },
            Equivalence::DotSegments => match field {
                SharedField::Path => remove_dot_segments(x) == remove_dot_segments(y),
                SharedField::Href => href_without_dots(x) == href_without_dots(y),
                _ => false,
            },
            Equivalence::DefaultPort => match field {
                SharedField::Port => port_or_none(x, scheme) == port_or_none(y, scheme),
                SharedField::Href => href_without_port(x, scheme) == href_without_port(y, scheme),
                _ => false,
            },
        }
    }
}

/// Fields graded `exact` or `structural` only: validation-error names are the spec's terms
/// (`IPv4-part` is not `ipv4-part`), and a verdict is `true` or `false`; no equivalence makes two
/// different lists or verdicts the same.
pub const EXACT_ONLY: [SharedField; 2] =
    [SharedField::ValidationErrors, SharedField::ValidUrlString];

/// The grade of a field comparison (serialized as its name, e.g. `"ascii-case"`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Grade {
    /// Agrees under this (non-exact) equivalence.
    Equivalent(Equivalence),
    Structural,
}

impl Grade {
    pub fn name(self) -> &'static str {
        match self {
            Grade::Equivalent(eq) => eq.name(),
            Grade::Structural => "structural",
        }
    }
}

impl Serialize for Grade {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.name())
    }
}

impl Grade {
    /// The grade named `name` (`structural` or an equivalence's name); `None` for another.
    pub fn from_name(name: &str) -> Option<Grade> {
        if name == Grade::Structural.name() {
            return Some(Grade::Structural);
        }
        Equivalence::ORDER.into_iter().find(|eq| eq.name() == name).map(Grade::Equivalent)
    }
}

impl<'de> Deserialize<'de> for Grade {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let name = String::deserialize(deserializer)?;
        Grade::from_name(&name)
            .ok_or_else(|| serde::de::Error::custom(format!("unknown grade {name:?}")))
    }
}

/// Grade two values: `None` when they agree exactly, else the first agreeing equivalence.
///
/// ```
/// use urldiff_compare::{grade::grade, Equivalence, Grade, Projected, SharedField};
///
/// let host = |s: &str| Projected::Defined(s.to_owned());
/// let ascii_case = grade(SharedField::Host, &host("example.com"), &host("EXAMPLE.com"), "http");
/// assert_eq!(ascii_case, Some(Grade::Equivalent(Equivalence::AsciiCase)));
/// let other_host = grade(SharedField::Host, &host("evil.example"), &host("good.example"), "http");
/// assert_eq!(other_host, Some(Grade::Structural));
/// assert_eq!(grade(SharedField::Host, &host("a"), &host("a"), "http"), None);
/// ```
pub fn grade(field: SharedField, a: &Projected, b: &Projected, scheme: &str) -> Option<Grade> {
    if Equivalence::Exact.agrees(field, a, b, scheme) {
        return None;
    }
    let first = Equivalence::ORDER[1..].iter().find(|eq| eq.agrees(field, a, b, scheme));
    Some(first.map_or(Grade::Structural, |eq| Grade::Equivalent(*eq)))
}

/// RFC 3986 reserved characters (gen-delims and sub-delims) plus `%` itself: encoding or
/// decoding one of these can change what a URL means, so it is never normalised away.
fn is_reserved(byte: u8) -> bool {
    b":/?#[]@!$&'()*+,;=%".contains(&byte)
}

/// Decode `%XX` of non-reserved bytes, uppercase the hex of the rest; compare as bytes.
pub fn percent_normalize(s: &str) -> Vec<u8> {
    let bytes = s.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let hex = bytes.get(i + 1..i + 3).and_then(|h| std::str::from_utf8(h).ok());
        let decoded = hex.filter(|_| bytes[i] == b'%').and_then(|h| u8::from_str_radix(h, 16).ok());
        match decoded {
            Some(b) if !is_reserved(b) => out.push(b),
            Some(_) => out.extend(bytes[i..i + 3].to_ascii_uppercase()),
            None => {
                out.push(bytes[i]);
                i += 1;
                continue;
            }
        }
        i += 3;
    }
    out
}

/// A host as the WHATWG host parser's domain step sees it: percent-decoded (as UTF-8), then
/// domain to ASCII. `None` when either step fails.
fn host_to_ascii(host: &str) -> Option<String> {
    let decoded = urldiff_parser::percent::percent_decode(host.as_bytes());
    let domain = String::from_utf8(decoded).ok()?;
    let mut errors = urldiff_parser::Errors::new();
    urldiff_parser::host::domain_to_ascii(Cow::Owned(domain), false, &mut errors, 0)
        .ok()
        .map(Cow::into_owned)
}

fn href_without_dots(href: &str) -> String {
    let mut uri = rfc3986::split(href);
    uri.path = remove_dot_segments(&uri.path);
    uri.recompose()
}

/// The port as text, or `None` when it is empty or the scheme's default port.
fn port_or_none<'a>(port: &'a str, scheme: &str) -> Option<&'a str> {
    let default = urldiff_parser::default_port(&scheme.to_ascii_lowercase());
    let is_default = default.is_some_and(|d| port == d.to_string());
    (!port.is_empty() && !is_default).then_some(port)
}

fn href_without_port(href: &str, scheme: &str) -> String {
    let mut uri = rfc3986::split(href);
    match uri.port.as_deref() {
        Some(port) if port_or_none(port, scheme).is_none() => {
            uri.port = None;
            uri.set_authority_parts();
            uri.recompose()
        }
        _ => href.to_owned(),
    }
}
