//! The URL record as one serialization buffer plus component offsets.
//!
//! <https://url.spec.whatwg.org/#concept-url> and the serializer
//! <https://url.spec.whatwg.org/#concept-url-serializer>: the parser writes the serialization
//! as it goes, so the href is the buffer and every getter is a slice of it:
//!
//! ```text
//! scheme ":" ["//" [username [":" password] "@"] host [":" port]] ["/."] path ["?" query] ["#" fragment]
//! ```

use crate::errors::{ParseError, ValidationError};
use std::fmt;

/// What kind of host a URL has; `None` is the spec's null host.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum HostKind {
    None,
    Domain,
    Ipv4,
    Ipv6,
    Opaque,
    Empty,
}

/// A parsed URL. Offsets are byte indices into `serialization`, as `usize`: no length of
/// input makes them wrap (a 1.5 GB input can serialize past 4 GiB).
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Url {
    pub(crate) serialization: String,
    /// Index of the `:` after the scheme.
    pub(crate) scheme_end: usize,
    /// End of the username (start is `scheme_end + 3` when there is a host).
    pub(crate) username_end: usize,
    pub(crate) host_start: usize,
    pub(crate) host_end: usize,
    pub(crate) port: Option<u16>,
    pub(crate) path_start: usize,
    /// Index of the `?`, when the query is non-null.
    pub(crate) query_start: Option<usize>,
    /// Index of the `#`, when the fragment is non-null.
    pub(crate) fragment_start: Option<usize>,
    pub(crate) host_kind: HostKind,
    pub(crate) opaque_path: bool,
}

/// A parse's result and every validation error it met, in order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseOutcome {
    pub result: Result<Url, ParseError>,
    pub errors: Vec<ValidationError>,
}

/// <https://url.spec.whatwg.org/#concept-url-origin>
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Origin {
    Opaque,
    Tuple { scheme: String, host: String, port: Option<u16> },
}

impl Origin {
    /// <https://url.spec.whatwg.org/#ascii-serialization-of-an-origin>
    pub fn ascii_serialization(&self) -> String {
        match self {
            Origin::Opaque => "null".to_owned(),
            Origin::Tuple { scheme, host, port: Some(port) } => format!("{scheme}://{host}:{port}"),
            Origin::Tuple { scheme, host, port: None } => format!("{scheme}://{host}"),
        }
    }
}

/// <https://url.spec.whatwg.org/#special-scheme>: the special schemes and their default ports
/// (`file` has none), in the spec's table order. urldiff's one default-port table and one list
/// of special schemes: the parser, the RFC 3986 scheme-based normalization, the comparison's
/// `default-port` equivalence and triage read it.
pub const SPECIAL_SCHEMES: [(&str, Option<u16>); 6] = [
    ("ftp", Some(21)),
    ("file", None),
    ("http", Some(80)),
    ("https", Some(443)),
    ("ws", Some(80)),
    ("wss", Some(443)),
];

/// The default port of `scheme` ([`SPECIAL_SCHEMES`]). `scheme` must be lowercase (as a parsed
/// URL's scheme is); other callers lowercase first.
pub fn default_port(scheme: &str) -> Option<u16> {
    SPECIAL_SCHEMES.iter().find(|(special, _)| *special == scheme).and_then(|(_, port)| *port)
}

/// Whether `scheme` (lowercase) is special ([`SPECIAL_SCHEMES`]).
pub fn is_special_scheme(scheme: &str) -> bool {
    SPECIAL_SCHEMES.iter().any(|(special, _)| *special == scheme)
}

impl Url {
    fn slice(&self, start: usize, end: usize) -> &str {
        &self.serialization[start..end]
    }

    fn path_end(&self) -> usize {
        self.query_start.or(self.fragment_start).unwrap_or(self.serialization.len())
    }

    /// The URL serializer's output (<https://url.spec.whatwg.org/#dom-url-href>).
    pub fn href(&self) -> &str {
        &self.serialization
    }

    /// The serialization with *exclude fragment* set.
    pub fn serialize_excluding_fragment(&self) -> &str {
        let end = self.fragment_start.unwrap_or(self.serialization.len());
        self.slice(0, end)
    }

    /// The scheme, without `:`.
    pub fn scheme(&self) -> &str {
        self.slice(0, self.scheme_end)
    }

    /// <https://url.spec.whatwg.org/#is-special>
    pub fn is_special(&self) -> bool {
        is_special_scheme(self.scheme())
    }

    /// <https://url.spec.whatwg.org/#dom-url-protocol>: the scheme followed by `:`.
    pub fn protocol(&self) -> &str {
        self.slice(0, self.scheme_end + 1)
    }

    /// Whether the URL has a (non-null) host, and so `//` after the scheme.
    pub fn has_host(&self) -> bool {
        self.host_kind != HostKind::None
    }

    pub fn host_kind(&self) -> HostKind {
        self.host_kind
    }

    /// <https://url.spec.whatwg.org/#url-opaque-path>
    pub fn has_opaque_path(&self) -> bool {
        self.opaque_path
    }

    /// <https://url.spec.whatwg.org/#dom-url-username>
    pub fn username(&self) -> &str {
        if self.has_host() {
            self.slice(self.scheme_end + 3, self.username_end)
        } else {
            ""
        }
    }

    /// <https://url.spec.whatwg.org/#dom-url-password>
    pub fn password(&self) -> &str {
        if self.has_host() && self.username_end + 1 < self.host_start {
            self.slice(self.username_end + 1, self.host_start - 1)
        } else {
            ""
        }
    }

    /// <https://url.spec.whatwg.org/#dom-url-hostname>: the serialized host, or "".
    pub fn hostname(&self) -> &str {
        self.slice(self.host_start, self.host_end)
    }

    /// <https://url.spec.whatwg.org/#dom-url-host>: host and, when non-null, `:port`.
    pub fn host(&self) -> &str {
        if self.has_host() {
            let end = if self.port.is_some() { self.port_end() } else { self.host_end };
            self.slice(self.host_start, end)
        } else {
            ""
        }
    }

    fn port_end(&self) -> usize {
        // The port is followed directly by the path.
        self.path_start
    }

    /// The port number, when non-null.
    pub fn port_number(&self) -> Option<u16> {
        self.port
    }

    /// <https://url.spec.whatwg.org/#dom-url-port>
    pub fn port(&self) -> &str {
        match self.port {
            Some(_) => self.slice(self.host_end + 1, self.port_end()),
            None => "",
        }
    }

    /// <https://url.spec.whatwg.org/#dom-url-pathname>: the URL path serializer's output.
    pub fn pathname(&self) -> &str {
        self.slice(self.path_start, self.path_end())
    }

    /// The query, without `?`; `None` when null.
    pub fn query(&self) -> Option<&str> {
        let q = self.query_start?;
        Some(self.slice(q + 1, self.fragment_start.unwrap_or(self.serialization.len())))
    }

    /// The fragment, without `#`; `None` when null.
    pub fn fragment(&self) -> Option<&str> {
        let f = self.fragment_start?;
        Some(&self.serialization[f + 1..])
    }

    /// <https://url.spec.whatwg.org/#dom-url-search>: "" for a null or empty query, else `?query`.
    pub fn search(&self) -> &str {
        match self.query() {
            None | Some("") => "",
            Some(_) => {
                let q = self.query_start.unwrap_or(0);
                self.slice(q, self.fragment_start.unwrap_or(self.serialization.len()))
            }
        }
    }

    /// <https://url.spec.whatwg.org/#dom-url-hash>: "" for a null or empty fragment, else `#fragment`.
    pub fn hash(&self) -> &str {
        match (self.fragment(), self.fragment_start) {
            (Some(f), Some(start)) if !f.is_empty() => &self.serialization[start..],
            _ => "",
        }
    }

    /// <https://url.spec.whatwg.org/#concept-url-origin>
    pub fn origin(&self) -> Origin {
        match self.scheme() {
            "blob" => {
                // "If url's blob URL entry is non-null…" (never, here). Otherwise parse the
                // path; an http(s) URL's origin is the result, anything else is opaque.
                match Url::parse(self.pathname(), None) {
                    Ok(inner) if matches!(inner.scheme(), "http" | "https") => inner.origin(),
                    _ => Origin::Opaque,
                }
            }
            // "special scheme" other than "file" (whose origin is left to implementations).
            scheme if scheme != "file" && is_special_scheme(scheme) => Origin::Tuple {
                scheme: self.scheme().to_owned(),
                host: self.hostname().to_owned(),
                port: self.port,
            },
            _ => Origin::Opaque,
        }
    }
}

impl fmt::Debug for Url {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Url")
            .field("href", &self.href())
            .field("host_kind", &self.host_kind)
            .field("opaque_path", &self.opaque_path)
            .finish()
    }
}

impl fmt::Display for Url {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.href())
    }
}
