//! The shape of a raw input, as the class predicates read it: where the scheme, the slashes,
//! the authority (userinfo, host, port) and the rest are *written*, found by a few plain rules
//! rather than by any parser (a parser's reading is what the oracles disagree about).
//!
//! The rules: leading and trailing C0 controls and spaces are set aside and tabs and newlines
//! removed (noted in [`Shape::edges_stripped`] and [`Shape::tab_or_newline`]); a scheme is an
//! ASCII letter followed by letters, digits, `+`, `-`, `.` up to the first `:`; the *slashes*
//! are the run of `/` and `\` right after it. An authority follows when the scheme is special
//! (any number of slashes, `file` needing two), when a non-special scheme is followed by `//`,
//! or when a scheme-less input starts with two slashes. It ends at `/`, `?`, `#` (and `\` for
//! special or scheme-less inputs); the userinfo ends at its last `@`, the port starts at the
//! first `:` after the host (after `]` for an IP literal).

/// The parts of an input as written.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Shape {
    /// Leading or trailing C0 controls or spaces were present.
    pub edges_stripped: bool,
    /// A tab, LF or CR was present.
    pub tab_or_newline: bool,
    /// The input without edge C0/space and without tabs and newlines.
    pub cleaned: String,
    /// The scheme as written (case kept), when there is one.
    pub scheme: Option<String>,
    /// The run of `/` and `\` after the scheme's `:` (or at the start of a scheme-less input).
    pub slashes: String,
    pub authority: Option<String>,
    pub userinfo: Option<String>,
    pub host: Option<String>,
    pub port: Option<String>,
    /// The path as written (up to `?` or `#`).
    pub path: String,
    /// Everything from the first `?` or `#` after the authority.
    pub query_and_fragment: String,
}

fn is_c0_or_space(c: char) -> bool {
    c <= ' '
}

/// Whether the parser treats `scheme` (any case) as special.
pub fn is_special(scheme: &str) -> bool {
    let probe = format!("{}://h/", scheme.to_ascii_lowercase());
    urldiff_parser::Url::parse(&probe, None).is_ok_and(|u| u.is_special())
}

fn scheme_of(s: &str) -> Option<&str> {
    let (scheme, _) = s.split_once(':')?;
    let mut chars = scheme.chars();
    let first_ok = chars.next().is_some_and(|c| c.is_ascii_alphabetic());
    let rest_ok = chars.all(|c| c.is_ascii_alphanumeric() || matches!(c, '+' | '-' | '.'));
    (first_ok && rest_ok).then_some(scheme)
}

impl Shape {
    /// The shape of `input` (see the module documentation).
    pub fn of(input: &str) -> Shape {
        let trimmed = input.trim_matches(is_c0_or_space);
        let cleaned: String =
            trimmed.chars().filter(|c| !matches!(c, '\t' | '\n' | '\r')).collect();
        let mut shape = Shape {
            edges_stripped: trimmed.len() != input.len(),
            tab_or_newline: trimmed.len() != cleaned.len(),
            ..Shape::default()
        };
        let scheme = scheme_of(&cleaned).map(str::to_owned);
        let after = match &scheme {
            Some(s) => &cleaned[s.len() + 1..],
            None => cleaned.as_str(),
        };
        let slashes: String = after.chars().take_while(|c| matches!(c, '/' | '\\')).collect();
        let rest = &after[slashes.len()..];
        let special = scheme.as_deref().is_some_and(is_special);
        let has_authority = match scheme.as_deref() {
            Some(s) if s.eq_ignore_ascii_case("file") => slashes.len() >= 2,
            Some(_) if special => true,
            Some(_) => slashes.starts_with("//"),
            None => slashes.len() >= 2,
        };
        let backslash_ends = special || scheme.is_none();
        let (authority, tail) = if has_authority {
            let end = rest
                .find(|c| matches!(c, '/' | '?' | '#') || (backslash_ends && c == '\\'))
                .unwrap_or(rest.len());
            (Some(&rest[..end]), &rest[end..])
        } else {
            (None, rest)
        };
        if let Some(authority) = authority {
            shape.split_authority(authority);
        }
        let path_end = tail.find(['?', '#']).unwrap_or(tail.len());
        shape.path = if has_authority {
            tail[..path_end].to_owned()
        } else {
            format!("{}{}", slashes, &tail[..path_end])
        };
        shape.query_and_fragment = tail[path_end..].to_owned();
        shape.cleaned = cleaned.clone();
        shape.scheme = scheme;
        shape.slashes = slashes;
        shape
    }

    fn split_authority(&mut self, authority: &str) {
        let (userinfo, host_port) = match authority.rfind('@') {
            Some(at) => (Some(&authority[..at]), &authority[at + 1..]),
            None => (None, authority),
        };
        let port_at = if host_port.starts_with('[') {
            host_port
                .find(']')
                .and_then(|close| host_port[close..].find(':').map(|colon| close + colon))
        } else {
            host_port.find(':')
        };
        let (host, port) = match port_at {
            Some(colon) => (&host_port[..colon], Some(&host_port[colon + 1..])),
            None => (host_port, None),
        };
        self.authority = Some(authority.to_owned());
        self.userinfo = userinfo.map(str::to_owned);
        self.host = Some(host.to_owned());
        self.port = port.map(str::to_owned);
    }

    /// Whether the scheme is special (`http`, `file`, …), any case.
    pub fn special(&self) -> bool {
        self.scheme.as_deref().is_some_and(is_special)
    }

    /// Whether the input holds a percent-encoded byte (`%` and two hex digits).
    pub fn has_percent_encoded_byte(&self) -> bool {
        self.cleaned
            .as_bytes()
            .windows(3)
            .any(|w| w[0] == b'%' && w[1].is_ascii_hexdigit() && w[2].is_ascii_hexdigit())
    }

    /// The path's segments, split on `/` and `\`.
    pub fn path_segments(&self) -> impl Iterator<Item = &str> {
        self.path.split(['/', '\\'])
    }

    /// A path segment that is `.` or `..`, percent-encoded dots (`%2e`) included.
    pub fn has_dot_segment(&self) -> bool {
        self.path_segments().any(|s| {
            let decoded = s.to_ascii_lowercase().replace("%2e", ".");
            decoded == "." || decoded == ".."
        })
    }

    /// A Windows drive letter (`c:` or `c|`) starting the path or one of its segments.
    pub fn has_drive_letter(&self) -> bool {
        let drive = |s: &str| {
            let b = s.as_bytes();
            b.len() >= 2
                && b[0].is_ascii_alphabetic()
                && matches!(b[1], b':' | b'|')
                && (b.len() == 2 || matches!(b[2], b'/' | b'\\' | b'?' | b'#'))
        };
        self.path_segments().any(drive)
            || self.authority.as_deref().is_some_and(drive)
            || (self.scheme.is_none() && drive(&self.cleaned))
    }
}

/// Written features of the host, port and other code points.
impl Shape {
    fn host(&self) -> &str {
        self.host.as_deref().unwrap_or("")
    }

    /// The host as written holds a non-ASCII code point.
    pub fn host_non_ascii(&self) -> bool {
        !self.host().is_ascii()
    }

    /// The host as written has a label starting with `xn--` (any case): Punycode.
    pub fn host_punycode(&self) -> bool {
        self.host()
            .split(['.', '\u{3002}', '\u{ff0e}', '\u{ff61}'])
            .any(|l| l.get(..4).is_some_and(|p| p.eq_ignore_ascii_case("xn--")))
    }

    /// The host as written holds `%`.
    pub fn host_percent(&self) -> bool {
        self.host().contains('%')
    }

    /// The host as written ends in a number (the WHATWG ends-in-a-number checker, so the host
    /// parser reads it as IPv4) but is not four dotted decimal parts without leading zeros.
    pub fn host_number_form(&self) -> bool {
        let host = self.host();
        let dotted_decimal = {
            let parts: Vec<&str> = host.split('.').collect();
            parts.len() == 4
                && parts.iter().all(|p| {
                    !p.is_empty()
                        && p.bytes().all(|b| b.is_ascii_digit())
                        && (p.len() == 1 || !p.starts_with('0'))
                        && p.parse::<u32>().is_ok_and(|n| n <= 255)
                })
        };
        urldiff_parser::host::ends_in_a_number(host) && !dotted_decimal
    }

    /// The host as written holds a forbidden host code point (brackets aside, which make an
    /// IP literal, which has a class of its own),
    /// <https://url.spec.whatwg.org/#forbidden-host-code-point>.
    pub fn host_forbidden_code_point(&self) -> bool {
        let host = self.host();
        !host.starts_with('[')
            && host.chars().any(urldiff_parser::host::is_forbidden_host_code_point)
    }

    /// The authority holds an IP literal bracket.
    pub fn ip_literal(&self) -> bool {
        self.authority.as_deref().is_some_and(|a| a.contains(['[', ']']))
    }

    /// The port as written is empty, not all digits, has a leading zero or exceeds 65535.
    pub fn port_unusual(&self) -> bool {
        self.port.as_deref().is_some_and(|p| {
            p.is_empty()
                || !p.bytes().all(|b| b.is_ascii_digit())
                || (p.len() > 1 && p.starts_with('0'))
                || p.parse::<u64>().map_or(true, |n| n > 65535)
        })
    }

    /// The input holds a code point that is not a URL code point and not a delimiter that
    /// has a class of its own (`\`, `#`, `[`, `]`, `%`): a space, `"`, `<`, `>`, `` ` ``,
    /// `{`, `}`, `|`, `^`, a control, a non-ASCII code point.
    /// <https://url.spec.whatwg.org/#url-code-points>
    /// The host is left out: code points there are the host classes' business.
    pub fn non_url_code_point(&self) -> bool {
        let host = self.host.as_deref().unwrap_or("");
        let outside =
            if host.is_empty() { self.cleaned.clone() } else { self.cleaned.replacen(host, "", 1) };
        outside
            .chars()
            .any(|c| !(c.is_ascii_alphanumeric() || "!$&'()*+,-./:;=?@_~\\#[]%".contains(c)))
    }
}
