//! The URL API setters: <https://url.spec.whatwg.org/#urlutils-members>.
//!
//! Each setter runs the basic URL parser with a state override — the same state machine as a
//! parse — on a scratch URL whose serialization ends where the component being set begins,
//! then rebuilds the URL from its parts with the new component. Setters that the spec
//! defines without the parser (username, password, empty search/hash) edit the parts.

use crate::errors::ParseError;
use crate::parser::{parse_with_state_override, State};
use crate::percent;
use crate::url::{HostKind, Url};

/// A URL taken apart into its serialized components.
#[derive(Clone, Debug)]
struct Parts {
    scheme: String,
    username: String,
    password: String,
    /// Serialized host and its kind; `None` is the null host.
    host: Option<(String, HostKind)>,
    port: Option<u16>,
    path: String,
    opaque_path: bool,
    query: Option<String>,
    fragment: Option<String>,
}

impl Url {
    fn parts(&self) -> Parts {
        Parts {
            scheme: self.scheme().to_owned(),
            username: self.username().to_owned(),
            password: self.password().to_owned(),
            host: self.has_host().then(|| (self.hostname().to_owned(), self.host_kind)),
            port: self.port,
            path: self.pathname().to_owned(),
            opaque_path: self.opaque_path,
            query: self.query().map(str::to_owned),
            fragment: self.fragment().map(str::to_owned),
        }
    }

    /// <https://url.spec.whatwg.org/#concept-url-serializer> from parts, with offsets.
    fn assemble(parts: &Parts) -> Url {
        let mut url = Url::empty();
        crate::work::tally(parts.path.len() + parts.query.as_ref().map_or(0, String::len));
        url.push_scheme(&parts.scheme);
        if let Some((host, kind)) = &parts.host {
            url.begin_authority();
            let seen = url.push_userinfo_encoded(&parts.username, &parts.password);
            url.finish_userinfo(seen);
            url.serialization.push_str(host);
            url.host_end = url.serialization.len();
            url.host_kind = *kind;
            url.write_port(parts.port);
        }
        url.serialization.push_str(&parts.path);
        url.opaque_path = parts.opaque_path;
        if let Some(query) = &parts.query {
            url.start_query();
            url.serialization.push_str(query);
        }
        if let Some(fragment) = &parts.fragment {
            url.start_fragment();
            url.serialization.push_str(fragment);
        }
        url.fix_path_dot_prefix();
        url
    }

    /// Append already-encoded username and password; returns whether a `:` was written.
    fn push_userinfo_encoded(&mut self, username: &str, password: &str) -> bool {
        self.serialization.push_str(username);
        self.username_end = self.serialization.len();
        if password.is_empty() {
            return false;
        }
        self.serialization.push(':');
        self.serialization.push_str(password);
        true
    }

    /// A scratch copy of this URL cut at byte `end`, with no path, query or fragment.
    fn scratch_until(&self, end: usize) -> Url {
        let mut scratch = self.clone();
        scratch.serialization.truncate(end);
        scratch.query_start = None;
        scratch.fragment_start = None;
        scratch.opaque_path = false;
        scratch
    }

    /// <https://url.spec.whatwg.org/#cannot-have-a-username-password-port>
    fn cannot_have_username_password_port(&self) -> bool {
        matches!(self.host_kind, HostKind::None | HostKind::Empty) || self.scheme() == "file"
    }

    /// <https://url.spec.whatwg.org/#dom-url-href>: "If parsedURL is failure, then throw a
    /// TypeError." The URL is unchanged on error.
    pub fn set_href(&mut self, value: &str) -> Result<(), ParseError> {
        *self = Url::parse(value, None)?;
        Ok(())
    }

    /// <https://url.spec.whatwg.org/#dom-url-protocol>: "basic URL parse the given value,
    /// followed by U+003A (:), with this's URL as url and scheme start state as state
    /// override."
    pub fn set_protocol(&mut self, value: &str) {
        let mut scratch = self.clone();
        if parse_with_state_override(&mut scratch, &format!("{value}:"), State::SchemeStart).is_ok()
        {
            *self = scratch;
        }
    }

    /// <https://url.spec.whatwg.org/#dom-url-username>: "If this's URL cannot have a
    /// username/password/port, then return. Set the username given this's URL and the given
    /// value."
    pub fn set_username(&mut self, value: &str) {
        if self.cannot_have_username_password_port() {
            return;
        }
        let mut parts = self.parts();
        parts.username = percent::utf8_percent_encode(value, percent::USERINFO);
        *self = Url::assemble(&parts);
    }

    /// <https://url.spec.whatwg.org/#dom-url-password>
    pub fn set_password(&mut self, value: &str) {
        if self.cannot_have_username_password_port() {
            return;
        }
        let mut parts = self.parts();
        parts.password = percent::utf8_percent_encode(value, percent::USERINFO);
        *self = Url::assemble(&parts);
    }

    /// <https://url.spec.whatwg.org/#dom-url-host>: "If this's URL has an opaque path, then
    /// return. Basic URL parse the given value with this's URL as url and host state as state
    /// override."
    pub fn set_host(&mut self, value: &str) {
        self.set_host_with(value, State::Host);
    }

    /// <https://url.spec.whatwg.org/#dom-url-hostname>
    pub fn set_hostname(&mut self, value: &str) {
        self.set_host_with(value, State::Hostname);
    }

    fn set_host_with(&mut self, value: &str, state: State) {
        if self.opaque_path {
            return;
        }
        let mut scratch = self.scratch_until(self.path_start);
        if !scratch.has_host() {
            scratch.serialization.truncate(scratch.scheme_end + 1);
            scratch.begin_authority();
        }
        // The host state writes only a host it parsed, and a failure after that (in the port)
        // keeps it, as the spec's in-place mutation does. A scratch without a host means the
        // value was rejected before any host was set.
        let _ = parse_with_state_override(&mut scratch, value, state);
        if !scratch.has_host() {
            return;
        }
        let mut parts = self.parts();
        parts.host = Some((scratch.hostname().to_owned(), scratch.host_kind));
        parts.port = scratch.port;
        *self = Url::assemble(&parts);
    }

    /// <https://url.spec.whatwg.org/#dom-url-port>: "If this's URL cannot have a
    /// username/password/port, then return. If the given value is the empty string, then set
    /// this's URL's port to null. Otherwise, basic URL parse the given value with this's URL
    /// as url and port state as state override."
    pub fn set_port(&mut self, value: &str) {
        if self.cannot_have_username_password_port() {
            return;
        }
        let mut parts = self.parts();
        if value.is_empty() {
            parts.port = None;
        } else {
            let mut scratch = self.scratch_until(self.path_start);
            let _ = parse_with_state_override(&mut scratch, value, State::Port);
            parts.port = scratch.port;
        }
        *self = Url::assemble(&parts);
    }

    /// <https://url.spec.whatwg.org/#dom-url-pathname>: "If this's URL has an opaque path,
    /// then return. Empty this's URL's path. Basic URL parse the given value with this's URL
    /// as url and path start state as state override."
    pub fn set_pathname(&mut self, value: &str) {
        if self.opaque_path {
            return;
        }
        let mut scratch = self.scratch_until(self.path_start);
        scratch.serialization.truncate(scratch.host_end.max(scratch.path_start));
        let _ = parse_with_state_override(&mut scratch, value, State::PathStart);
        let mut parts = self.parts();
        parts.path = scratch.serialization[scratch.path_start..].to_owned();
        *self = Url::assemble(&parts);
    }

    /// <https://url.spec.whatwg.org/#dom-url-search>
    pub fn set_search(&mut self, value: &str) {
        let mut parts = self.parts();
        // "3. If the given value is the empty string: set url's query to null, empty this's
        // query object's list, and return."
        if value.is_empty() {
            parts.query = None;
        } else {
            // "4. Let input be the given value with a single leading U+003F (?) removed, if
            // any. 5. Set url's query to the empty string. 6. Basic URL parse input with url as
            // url and query state as state override."
            let input = value.strip_prefix('?').unwrap_or(value);
            let end = self.query_start.or(self.fragment_start);
            let mut scratch = self.scratch_until(end.unwrap_or(self.serialization.len()));
            scratch.start_query();
            let _ = parse_with_state_override(&mut scratch, input, State::Query);
            parts.query = scratch.query().map(str::to_owned);
        }
        *self = Url::assemble(&parts);
    }

    /// <https://url.spec.whatwg.org/#dom-url-hash>
    pub fn set_hash(&mut self, value: &str) {
        let mut parts = self.parts();
        // "1. If the given value is the empty string: set this's URL's fragment to null and
        // return."
        if value.is_empty() {
            parts.fragment = None;
        } else {
            // "2. Let input be the given value with a single leading U+0023 (#) removed, if
            // any. 3. Set this's URL's fragment to the empty string. 4. Basic URL parse input
            // with this's URL as url and fragment state as state override."
            let input = value.strip_prefix('#').unwrap_or(value);
            let end = self.fragment_start.unwrap_or(self.serialization.len());
            let mut scratch = self.scratch_until(end);
            scratch.start_fragment();
            let _ = parse_with_state_override(&mut scratch, input, State::Fragment);
            parts.fragment = scratch.fragment().map(str::to_owned);
        }
        *self = Url::assemble(&parts);
    }
}
