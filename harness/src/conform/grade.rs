//! Grading a mismatch: the first named equivalence under which two values agree, and the
//! severity that follows from the field and the grade.
//!
//! Equivalences are tried in [`Equivalence::ORDER`]; each is a pure function of the two
//! values (and the scheme, for default ports). A pair that agrees under none is
//! [`Grade::Structural`].

use crate::conform::project::{Projected, SharedField};
use serde::Serialize;

/// A named equivalence between two field values.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Equivalence {
    Exact,
    AsciiCase,
    PercentEncoding,
    DotSegments,
    DefaultPort,
}

impl Equivalence {
    pub const ORDER: [Equivalence; 5] = [
        Equivalence::Exact,
        Equivalence::AsciiCase,
        Equivalence::PercentEncoding,
        Equivalence::DotSegments,
        Equivalence::DefaultPort,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Equivalence::Exact => "exact",
            Equivalence::AsciiCase => "ascii-case",
            Equivalence::PercentEncoding => "percent-encoding",
            Equivalence::DotSegments => "dot-segments",
            Equivalence::DefaultPort => "default-port",
        }
    }

    pub fn description(self) -> &'static str {
        match self {
            Equivalence::Exact => "identical (defined/undefined respected)",
            Equivalence::AsciiCase => "equal after ASCII lowercasing",
            Equivalence::PercentEncoding => {
                "equal after decoding %XX of non-reserved bytes and uppercasing other %XX \
                 (RFC 3986 §6.2.2.2, extended to bytes one side leaves raw)"
            }
            Equivalence::DotSegments => "equal after remove_dot_segments on the path (path, href)",
            Equivalence::DefaultPort => {
                "equal after dropping the scheme's default port or an empty port (port, href)"
            }
        }
    }

    /// Whether `a` and `b` agree under this equivalence. `scheme` is the truth's scheme.
    /// Only `exact` and `default-port` (an empty port is no port) relate a defined value to an
    /// undefined one; the others need both sides defined alike.
    pub fn agrees(self, field: SharedField, a: &Projected, b: &Projected, scheme: &str) -> bool {
        let one_undefined = matches!(
            (a, b),
            (Projected::Undefined, Projected::Defined(_))
                | (Projected::Defined(_), Projected::Undefined)
        );
        if one_undefined && !matches!(self, Equivalence::Exact | Equivalence::DefaultPort) {
            return false;
        }
        match self {
            Equivalence::Exact => a.agrees(b),
            Equivalence::AsciiCase => a.text().eq_ignore_ascii_case(b.text()),
            Equivalence::PercentEncoding => {
                percent_normalize(a.text()) == percent_normalize(b.text())
            }
            Equivalence::DotSegments => match field {
                SharedField::Path => remove_dot_segments(a.text()) == remove_dot_segments(b.text()),
                SharedField::Href => href_without_dots(a.text()) == href_without_dots(b.text()),
                _ => false,
            },
            Equivalence::DefaultPort => match field {
                SharedField::Port => {
                    port_or_none(a.text(), scheme) == port_or_none(b.text(), scheme)
                }
                SharedField::Href => {
                    href_without_port(a.text(), scheme) == href_without_port(b.text(), scheme)
                }
                _ => false,
            },
        }
    }
}

/// The grade of a field comparison (serialized as its name, e.g. `"ascii-case"`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
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

/// Grade two values: `None` when they agree exactly, else the first agreeing equivalence.
pub fn grade(field: SharedField, a: &Projected, b: &Projected, scheme: &str) -> Option<Grade> {
    if Equivalence::Exact.agrees(field, a, b, scheme) {
        return None;
    }
    let first = Equivalence::ORDER[1..].iter().find(|eq| eq.agrees(field, a, b, scheme));
    Some(first.map_or(Grade::Structural, |eq| Grade::Equivalent(*eq)))
}

/// How much a difference matters.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Severity {
    Info,
    Low,
    Medium,
    High,
}

impl Severity {
    pub fn name(self) -> &'static str {
        match self {
            Severity::Info => "info",
            Severity::Low => "low",
            Severity::Medium => "medium",
            Severity::High => "high",
        }
    }
}

/// The severity table. `host_value` says a `value` field is a host (host-to-ASCII cases).
pub fn severity(field: SharedField, grade: Grade, host_value: bool) -> Severity {
    if grade != Grade::Structural {
        return Severity::Info;
    }
    match field {
        SharedField::Outcome
        | SharedField::Scheme
        | SharedField::Userinfo
        | SharedField::Host
        | SharedField::Port => Severity::High,
        SharedField::Value if host_value => Severity::High,
        SharedField::Path | SharedField::Href => Severity::Medium,
        SharedField::Query | SharedField::Fragment | SharedField::Value | SharedField::Pairs => {
            Severity::Low
        }
    }
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

/// RFC 3986 §5.2.4 remove_dot_segments.
pub fn remove_dot_segments(path: &str) -> String {
    let mut input = path;
    let mut output: Vec<&str> = Vec::new();
    while !input.is_empty() {
        if let Some(rest) = input.strip_prefix("../").or_else(|| input.strip_prefix("./")) {
            input = rest;
        } else if input.starts_with("/./") {
            input = &input[2..];
        } else if input == "/." {
            input = "/";
        } else if input.starts_with("/../") || input == "/.." {
            input = if input == "/.." { "/" } else { &input[3..] };
            output.pop();
        } else if input == "." || input == ".." {
            input = "";
        } else {
            let start = usize::from(input.starts_with('/'));
            let end = input[start..].find('/').map_or(input.len(), |i| i + start);
            output.push(&input[..end]);
            input = &input[end..];
        }
    }
    output.concat()
}

/// Split an href into (scheme and authority, path, rest) by RFC 3986 Appendix B.
fn split_href(href: &str) -> (&str, &str, &str) {
    let after_scheme = match href.find([':', '/', '?', '#']) {
        Some(i) if href.as_bytes()[i] == b':' => i + 1,
        _ => 0,
    };
    let mut path_start = after_scheme;
    if href[after_scheme..].starts_with("//") {
        let auth = &href[after_scheme + 2..];
        path_start = after_scheme + 2 + auth.find(['/', '?', '#']).unwrap_or(auth.len());
    }
    let tail = &href[path_start..];
    let path_end = path_start + tail.find(['?', '#']).unwrap_or(tail.len());
    (&href[..path_start], &href[path_start..path_end], &href[path_end..])
}

fn href_without_dots(href: &str) -> String {
    let (head, path, rest) = split_href(href);
    format!("{head}{}{rest}", remove_dot_segments(path))
}

/// The default port of a special scheme (WHATWG), as text.
pub fn default_port(scheme: &str) -> Option<&'static str> {
    match scheme.to_ascii_lowercase().as_str() {
        "http" | "ws" => Some("80"),
        "https" | "wss" => Some("443"),
        "ftp" => Some("21"),
        _ => None,
    }
}

fn port_or_none<'a>(port: &'a str, scheme: &str) -> Option<&'a str> {
    (!port.is_empty() && Some(port) != default_port(scheme)).then_some(port)
}

fn href_without_port(href: &str, scheme: &str) -> String {
    let (head, path, rest) = split_href(href);
    // The port is the digits after the last `:` of the authority, if they follow a host.
    let cut = head.rfind(':').filter(|&i| {
        let digits = &head[i + 1..];
        head[..i].contains("//")
            && !digits.contains(']')
            && digits.bytes().all(|b| b.is_ascii_digit())
    });
    match cut {
        Some(i) if port_or_none(&head[i + 1..], scheme).is_none() => {
            format!("{}{path}{rest}", &head[..i])
        }
        _ => href.to_owned(),
    }
}
