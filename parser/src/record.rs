//! Writing a [`Url`]'s serialization while parsing: the spec's "set url's X to …" steps,
//! expressed on one buffer plus offsets.
//!
//! While parsing, the component being written is always the last one in the buffer, so most
//! operations append or truncate. The few that rewrite an earlier component (the protocol
//! setter's scheme, removing a default port) splice and shift the later offsets.

use crate::drive_letter::is_normalized_windows_drive_letter;
use crate::errors::Errors;
use crate::host::{write_opaque_host, Host, HostParseFailure};
use crate::percent;
use crate::url::{is_special_scheme, HostKind, Url};

impl Url {
    /// The end of the serialization so far: where the next component starts.
    fn end(&self) -> usize {
        self.serialization.len()
    }

    /// Everything after the scheme starts at the current end: no authority, empty path.
    fn reset_offsets_to_end(&mut self) {
        let end = self.end();
        self.username_end = end;
        self.host_start = end;
        self.host_end = end;
        self.path_start = end;
    }

    /// Set the scheme (lowercased) of a URL being parsed, and the `:` after it; whether it is
    /// a special scheme.
    pub(crate) fn push_scheme(&mut self, scheme: &str) -> bool {
        self.serialization.clear();
        self.serialization.push_str(scheme);
        // The one list of special schemes (`SPECIAL_SCHEMES`) decides, here as everywhere.
        // Most schemes are in lowercase already, and a special one found as it is needs no
        // test for upper case; any other is lowercased (when it has upper case) and then asked.
        let mut special = is_special_scheme(scheme);
        if !special && scheme.bytes().any(|b| b.is_ascii_uppercase()) {
            self.serialization.make_ascii_lowercase();
            special = is_special_scheme(&self.serialization);
        }
        self.scheme_end = self.end();
        self.serialization.push(':');
        self.reset_offsets_to_end();
        special
    }

    /// "Set url's scheme to base's scheme" for a URL being parsed: base's scheme is already
    /// lowercase, so it is copied with its `:`.
    pub(crate) fn copy_scheme(&mut self, base: &Url) {
        self.serialization.clear();
        self.serialization.push_str(base.protocol());
        self.scheme_end = base.scheme_end;
        self.reset_offsets_to_end();
    }

    /// Shift every offset at or after `from` by `delta` bytes.
    fn shift_offsets(&mut self, from: usize, delta: isize) {
        let shift = |o: &mut usize| {
            if *o >= from {
                *o = o.wrapping_add_signed(delta);
            }
        };
        shift(&mut self.username_end);
        shift(&mut self.host_start);
        shift(&mut self.host_end);
        shift(&mut self.path_start);
        if let Some(q) = self.query_start.as_mut() {
            shift(q);
        }
        if let Some(f) = self.fragment_start.as_mut() {
            shift(f);
        }
    }

    /// Replace `start..end` of the serialization with `text`, keeping offsets consistent.
    pub(crate) fn splice(&mut self, start: usize, end: usize, text: &str) {
        self.serialization.replace_range(start..end, text);
        let delta = text.len() as isize - (end - start) as isize;
        self.shift_offsets(end.max(start + 1), delta);
    }

    /// The protocol setter's "set url's scheme to buffer".
    pub(crate) fn replace_scheme(&mut self, scheme: &str) {
        let old_end = self.scheme_end;
        self.splice(0, old_end, scheme);
        self.scheme_end = scheme.len();
    }

    /// <https://url.spec.whatwg.org/#include-credentials>
    pub(crate) fn includes_credentials(&self) -> bool {
        !self.username().is_empty() || !self.password().is_empty()
    }

    /// Set the port to null, removing `:port` from the serialization.
    pub(crate) fn remove_port(&mut self) {
        if self.port.take().is_some() {
            let (start, end) = (self.host_end, self.path_start);
            self.splice(start, end, "");
        }
    }

    /// The authority begins: `//`, then (optionally) userinfo and the host.
    pub(crate) fn begin_authority(&mut self) {
        self.serialization.push_str("//");
        self.reset_offsets_to_end();
    }

    /// Authority state, step 1.4: append `text` to the username or (after the first `:`)
    /// the password, UTF-8 percent-encoded with the userinfo set. Returns
    /// passwordTokenSeen.
    pub(crate) fn push_userinfo(&mut self, text: &str, mut password_token_seen: bool) -> bool {
        crate::work::tally(text.len());
        for c in text.chars() {
            if c == ':' && !password_token_seen {
                password_token_seen = true;
                self.username_end = self.end();
                self.serialization.push(':');
                continue;
            }
            percent::push_char_encoded(&mut self.serialization, c, percent::USERINFO);
        }
        if !password_token_seen {
            self.username_end = self.end();
        }
        password_token_seen
    }

    /// The userinfo is complete: drop an empty password's `:`, add `@` if there are
    /// credentials, and start the host.
    pub(crate) fn finish_userinfo(&mut self, password_token_seen: bool) {
        let userinfo_start = self.scheme_end + 3;
        if !password_token_seen {
            self.username_end = self.end();
        } else if self.serialization.len() == self.username_end + 1 {
            self.serialization.truncate(self.username_end);
        }
        if self.serialization.len() > userinfo_start {
            self.serialization.push('@');
        }
        self.host_start = self.end();
        self.host_end = self.host_start;
        self.path_start = self.host_start;
    }

    /// "Set url's host to host": the host is the last component written so far.
    pub(crate) fn write_host(&mut self, host: &Host) {
        self.serialization.truncate(self.host_start);
        host.serialize_into(&mut self.serialization);
        self.host_end = self.end();
        self.path_start = self.host_end;
        self.host_kind = match host {
            Host::Domain(_) => HostKind::Domain,
            Host::Ipv4(_) => HostKind::Ipv4,
            Host::Ipv6(_) => HostKind::Ipv6,
            Host::Opaque(_) => HostKind::Opaque,
            Host::Empty => HostKind::Empty,
        };
    }

    /// "Set url's host to host" for the result of opaque-host parsing `input`, written as the
    /// parser runs (see `host::write_opaque_host`); on failure the URL is as it was. The host
    /// is the last component written so far.
    pub(crate) fn write_opaque_host(
        &mut self,
        input: &str,
        errors: &mut Errors,
        offset: usize,
    ) -> Result<(), HostParseFailure> {
        let end = self.end();
        // Written after what is there (a failure leaves that as it was), which then goes.
        let empty = write_opaque_host(input, errors, offset, &mut self.serialization)?;
        if self.host_start < end {
            self.serialization.replace_range(self.host_start..end, "");
        }
        self.host_end = self.end();
        self.path_start = self.host_end;
        self.host_kind = if empty { HostKind::Empty } else { HostKind::Opaque };
        Ok(())
    }

    /// "Set url's host to base's host" (file URLs: no credentials, no port).
    pub(crate) fn replace_host_with(&mut self, base: &Url) {
        self.serialization.truncate(self.host_start);
        self.serialization.push_str(base.hostname());
        self.host_end = self.end();
        self.path_start = self.host_end;
        self.host_kind = base.host_kind;
    }

    /// "Set url's port to port" right after the host.
    pub(crate) fn write_port(&mut self, port: Option<u16>) {
        self.serialization.truncate(self.host_end);
        self.port = port;
        if let Some(port) = port {
            self.serialization.push(':');
            push_port(&mut self.serialization, port);
        }
        self.path_start = self.end();
    }

    /// "Set url's username to base's username, url's password to base's password, url's host
    /// to base's host, url's port to base's port" (same scheme, so same offsets).
    pub(crate) fn copy_authority(&mut self, base: &Url) {
        if base.has_host() {
            let from = base.scheme_end + 1;
            self.serialization.push_str(&base.serialization[from..base.path_start]);
            self.take_authority_offsets(base);
        } else {
            self.reset_offsets_to_end();
        }
    }

    /// [`Url::copy_scheme`], [`Url::copy_authority`] and [`Url::copy_path`] in a row: when
    /// base has a host, its serialization up to its path's end, in one copy.
    pub(crate) fn copy_scheme_through_path(&mut self, base: &Url) {
        if !base.has_host() {
            // Its path may follow a `/.` that is no part of it (see `fix_path_dot_prefix`).
            self.copy_scheme(base);
            self.copy_authority(base);
            self.copy_path(base);
            return;
        }
        let path_end = base.path_start + base.pathname().len();
        self.serialization.clear();
        self.serialization.push_str(&base.serialization[..path_end]);
        self.scheme_end = base.scheme_end;
        self.take_authority_offsets(base);
    }

    /// The offsets from the username's end to the path's start, the port and the host's kind
    /// of `base`, whose serialization up to its path this URL has copied.
    fn take_authority_offsets(&mut self, base: &Url) {
        self.username_end = base.username_end;
        self.host_start = base.host_start;
        self.host_end = base.host_end;
        self.path_start = base.path_start;
        self.port = base.port;
        self.host_kind = base.host_kind;
    }

    /// "Set url's path to a clone of base's path."
    pub(crate) fn copy_path(&mut self, base: &Url) {
        self.serialization.push_str(base.pathname());
    }

    /// "Set url's query to base's query."
    pub(crate) fn copy_query(&mut self, base: &Url) {
        if let Some(query) = base.query() {
            self.start_query();
            self.serialization.push_str(query);
        }
    }

    /// No scheme state, step 2: scheme, opaque path and query from `base`.
    pub(crate) fn copy_opaque_url_without_fragment(&mut self, base: &Url) {
        self.serialization.clear();
        self.serialization.push_str(base.serialize_excluding_fragment());
        self.scheme_end = base.scheme_end;
        self.take_authority_offsets(base);
        self.query_start = base.query_start;
        self.opaque_path = true;
    }

    /// "Set url's query to the empty string."
    pub(crate) fn start_query(&mut self) {
        self.query_start = Some(self.end());
        self.serialization.push('?');
    }

    /// "Set url's fragment to the empty string."
    pub(crate) fn start_fragment(&mut self) {
        self.fragment_start = Some(self.end());
        self.serialization.push('#');
    }

    /// <https://url.spec.whatwg.org/#shorten-a-urls-path> (the path is the last component).
    pub(crate) fn shorten_path(&mut self) {
        let path = &self.serialization[self.path_start..];
        // Each item of the path follows a `/`: the last one follows the last `/` (a byte scan
        // from the end: paths are short, and a `/` is never part of another code point).
        let last_slash = path.bytes().rposition(|b| b == b'/');
        // "2. If url's scheme is "file", path's size is 1, and path[0] is a normalized
        // Windows drive letter, then return."
        if last_slash == Some(0)
            && self.scheme() == "file"
            && is_normalized_windows_drive_letter(&path[1..])
        {
            return;
        }
        // "3. Remove path's last item, if any."
        crate::work::tally(path.len() - last_slash.unwrap_or(0));
        if let Some(last_slash) = last_slash {
            self.serialization.truncate(self.path_start + last_slash);
        }
    }

    /// "Set url's path to « »."
    pub(crate) fn clear_path(&mut self) {
        self.serialization.truncate(self.path_start);
    }

    /// The segments of a non-opaque path.
    pub(crate) fn path_segments(&self) -> impl Iterator<Item = &str> {
        self.pathname().split('/').skip(1)
    }

    /// The URL serializer's "If url's host is null, url does not have an opaque path, url's
    /// path's size is greater than 1, and url's path[0] is the empty string, then append
    /// U+002F (/) followed by U+002E (.) to output." Kept between the host and the path.
    #[inline]
    pub(crate) fn fix_path_dot_prefix(&mut self) {
        // Only a URL without a host can have or need the prefix.
        if !self.has_host() {
            self.fix_hostless_path_dot_prefix();
        }
    }

    /// [`Url::fix_path_dot_prefix`] for a URL without a host.
    fn fix_hostless_path_dot_prefix(&mut self) {
        let has_prefix = self.path_start == self.host_end + 2
            && !self.has_host()
            && &self.serialization[self.host_end..self.path_start] == "/.";
        let needs_prefix =
            !self.has_host() && !self.opaque_path && self.pathname().starts_with("//");
        if has_prefix && !needs_prefix {
            self.splice(self.host_end, self.path_start, "");
            self.path_start = self.host_end;
        } else if needs_prefix && !has_prefix {
            let at = self.host_end;
            self.splice(at, at, "/.");
            self.path_start = at + 2;
        }
    }
}

/// A port in decimal, "the shortest possible" as the URL serializer writes it (no leading
/// zero), without the formatting machinery `write!` would bring in.
pub(crate) fn push_port(out: &mut String, port: u16) {
    let mut divisor = 10_000;
    while divisor > 1 && port < divisor {
        divisor /= 10;
    }
    while divisor > 0 {
        out.push(char::from(b'0' + (port / divisor % 10) as u8));
        divisor /= 10;
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn ports_are_written_in_decimal() {
        for (port, text) in [(0, "0"), (7, "7"), (10, "10"), (8080, "8080"), (65535, "65535")] {
            let mut out = String::from("x");
            super::push_port(&mut out, port);
            assert_eq!(out, format!("x{text}"));
        }
    }
}
