//! Scheme, authority, host and port states of the basic URL parser.
//! <https://url.spec.whatwg.org/#concept-basic-url-parser>

use super::{AsciiRun, Parser, State, Step, StepResult};
use crate::errors::{ParseError, ValidationErrorKind as E};
use crate::host::parse_host;
use crate::url::{default_port, is_special_scheme, HostKind};

/// Code points the scheme state appends to its buffer.
const SCHEME_RUN: AsciiRun = AsciiRun::scheme_chars();
/// Code points the authority state appends to its buffer at once: everything but what ends
/// it, and but the host state's delimiters (`:`, `[`, `]`), which it notes one at a time.
const AUTHORITY_RUN: AsciiRun = AsciiRun::all_but(b"@/?#\\:[]");
/// The same once a delimiter is noted: noting another changes nothing, so they join the run
/// (a port or a password is then taken at once).
const AUTHORITY_RUN_PAST_DELIMITER: AsciiRun = AsciiRun::all_but(b"@/?#\\");
/// Code points the host state appends to its buffer.
const HOST_RUN: AsciiRun = AsciiRun::all_but(b":/?#\\[]");
/// The same with insideBrackets true, when `:` is appended like the others (an IPv6
/// address is then taken at once, up to its `]`).
const HOST_RUN_INSIDE_BRACKETS: AsciiRun = AsciiRun::all_but(b"/?#\\[]");
/// ASCII digits, which the port state appends.
const PORT_RUN: AsciiRun = AsciiRun::digits();

impl Parser<'_> {
    /// <https://url.spec.whatwg.org/#scheme-start-state>
    pub(super) fn scheme_start_state(&mut self, c: Option<char>) -> StepResult {
        match c {
            // "1. If c is an ASCII alpha, append c, lowercased, to buffer, and set state to
            // scheme state."
            Some(c) if c.is_ascii_alphabetic() => {
                self.buffer_start = self.pointer;
                // Shortcut: the scheme state would append the run of scheme code points after
                // c to buffer first thing; it is taken here, and the scheme state starts after
                // it (property test `shortcuts_are_the_full_path`).
                if self.shortcuts {
                    self.take_run(c, &SCHEME_RUN);
                    // The scheme state runs on the code point after the run now, as the driver
                    // would run it next, when that is the `:` ending the scheme (the driver's
                    // "increase pointer by 1" after it is the same, c and `:` being ASCII).
                    if self.state_override.is_none()
                        && self.input.as_bytes().get(self.pointer + 1) == Some(&b':')
                    {
                        self.pointer += 1;
                        self.state = State::Scheme;
                        return self.scheme_complete(Some(':'));
                    }
                }
                self.go(State::Scheme)
            }
            // "2. Otherwise, if state override is not given, set state to no scheme state and
            // decrease pointer by 1."
            _ if self.state_override.is_none() => self.reprocess_in(State::NoScheme),
            // "3. Otherwise, return failure."
            _ => Err(ParseError::Rejected),
        }
    }

    /// <https://url.spec.whatwg.org/#scheme-state>
    pub(super) fn scheme_state(&mut self, c: Option<char>) -> StepResult {
        match c {
            // "1. If c is an ASCII alphanumeric, U+002B (+), U+002D (-), or U+002E (.), append
            // c, lowercased, to buffer."
            Some(c) if c.is_ascii_alphanumeric() || matches!(c, '+' | '-' | '.') => {
                self.take_run(c, &SCHEME_RUN);
                Ok(Step::Continue)
            }
            Some(':') if self.state_override.is_some() => self.override_scheme(),
            Some(':') => self.scheme_complete(c),
            // "3. Otherwise, if state override is not given, set buffer to the empty string,
            // state to no scheme state, and start over (from the first code point in input)."
            _ if self.state_override.is_none() => {
                self.pointer = 0;
                self.reprocess_in(State::NoScheme)
            }
            // "4. Otherwise, return failure."
            _ => Err(ParseError::Rejected),
        }
    }

    /// Scheme state, step 2, under a state override (the protocol setter).
    fn override_scheme(&mut self) -> StepResult {
        let buffer = self.input[self.buffer_start..self.pointer].to_ascii_lowercase();
        let url = &self.url;
        // "1. If url's scheme is a special scheme and buffer is not a special scheme, then
        // return. 2. If url's scheme is not a special scheme and buffer is a special scheme,
        // then return."
        if url.is_special() != is_special_scheme(&buffer) {
            return Ok(Step::Return);
        }
        // "3. If url includes credentials or has a non-null port, and buffer is "file", then
        // return."
        if (url.includes_credentials() || url.port.is_some()) && buffer == "file" {
            return Ok(Step::Return);
        }
        // "4. If url's scheme is "file" and its host is an empty host, then return."
        if url.scheme() == "file" && url.host_kind == HostKind::Empty {
            return Ok(Step::Return);
        }
        // "2. Set url's scheme to buffer."
        self.url.replace_scheme(&buffer);
        // "3. If state override is given, then: 1. If url's port is url's scheme's default
        // port, then set url's port to null. 2. Return."
        if self.url.port.is_some() && self.url.port == default_port(self.url.scheme()) {
            self.url.remove_port();
        }
        Ok(Step::Return)
    }

    /// Scheme state, step 2, without a state override: the scheme is complete.
    fn scheme_complete(&mut self, c: Option<char>) -> StepResult {
        // "2. Set url's scheme to buffer. … 4. Set buffer to the empty string."
        self.reserve_serialization();
        self.special = self.url.push_scheme(&self.input[self.buffer_start..self.pointer]);
        let remaining = self.remaining(c);
        // "5. If url's scheme is "file", then: If remaining does not start with "//",
        // special-scheme-missing-following-solidus validation error. Set state to file state."
        if self.url.scheme() == "file" {
            if !remaining.starts_with("//") {
                self.report(E::SpecialSchemeMissingFollowingSolidus);
            }
            return self.go(State::File);
        }
        // Shortcut for steps 6 and 7 with remaining starting with "//" and a code point
        // after it that is neither `/` nor `\`: through the special relative or authority
        // state or the special authority slashes state, then the special authority ignore
        // slashes state, which reports nothing and enters the authority state at that code
        // point; whose first step, when the code point starts a run the authority state
        // appends to its buffer, takes that run. (The property test
        // `shortcuts_are_the_full_path` compares both ways.)
        if self.special && self.shortcuts {
            if let [b'/', b'/', after @ ..] = remaining.as_bytes() {
                if !matches!(after.first(), Some(b'/' | b'\\')) {
                    let start = self.pointer + 3;
                    self.enter_authority(start)?;
                    let run = AUTHORITY_RUN.prefix_len(after);
                    crate::work::tally(run);
                    if run == 0 {
                        self.pointer = start;
                        return Ok(Step::Reprocess);
                    }
                    // The driver moves pointer past c (`:`) to the code point after the run.
                    self.pointer = start + run - 1;
                    return Ok(Step::Continue);
                }
            }
        }
        // "6. Otherwise, if url is special, base is non-null, and base's scheme is url's
        // scheme: … set state to special relative or authority state."
        if self.special && self.base.is_some_and(|b| b.scheme() == self.url.scheme()) {
            return self.go(State::SpecialRelativeOrAuthority);
        }
        // "7. Otherwise, if url is special, set state to special authority slashes state."
        if self.special {
            return self.go(State::SpecialAuthoritySlashes);
        }
        // "8. Otherwise, if remaining starts with an U+002F (/), set state to path or
        // authority state and increase pointer by 1."
        if remaining.starts_with('/') {
            self.pointer += 1;
            return self.go(State::PathOrAuthority);
        }
        // "9. Otherwise, set url's path to the empty string and set state to opaque path
        // state."
        self.url.opaque_path = true;
        self.go(State::OpaquePath)
    }

    /// <https://url.spec.whatwg.org/#no-scheme-state>
    pub(super) fn no_scheme_state(&mut self, c: Option<char>) -> StepResult {
        // "1. If base is null, or base has an opaque path and c is not U+0023 (#),
        // missing-scheme-non-relative-URL validation error, return failure."
        let base = match self.base {
            Some(base) if !base.opaque_path || c == Some('#') => base,
            _ => return self.fail(E::MissingSchemeNonRelativeUrl, ParseError::RelativeWithoutBase),
        };
        self.reserve_serialization();
        // "2. Otherwise, if base has an opaque path and c is U+0023 (#), set url's scheme to
        // base's scheme, url's path to base's path, url's query to base's query, url's
        // fragment to the empty string, and set state to fragment state."
        if base.opaque_path {
            self.url.copy_opaque_url_without_fragment(base);
            return self.enter_fragment();
        }
        // "3. Otherwise, if base's scheme is not "file", set state to relative state and
        // decrease pointer by 1. 4. Otherwise, set state to file state and decrease pointer
        // by 1."
        if base.scheme() != "file" {
            self.reprocess_in(State::Relative)
        } else {
            self.reprocess_in(State::File)
        }
    }

    /// <https://url.spec.whatwg.org/#special-relative-or-authority-state>
    pub(super) fn special_relative_or_authority_state(&mut self, c: Option<char>) -> StepResult {
        // "1. If c is U+002F (/) and remaining starts with U+002F (/), then set state to
        // special authority ignore slashes state and increase pointer by 1."
        if c == Some('/') && self.remaining(c).starts_with('/') {
            self.pointer += 1;
            return self.go(State::SpecialAuthorityIgnoreSlashes);
        }
        // "2. Otherwise, special-scheme-missing-following-solidus validation error, set state
        // to relative state and decrease pointer by 1."
        self.report(E::SpecialSchemeMissingFollowingSolidus);
        self.reprocess_in(State::Relative)
    }

    /// <https://url.spec.whatwg.org/#path-or-authority-state>
    pub(super) fn path_or_authority_state(&mut self, c: Option<char>) -> StepResult {
        // "1. If c is U+002F (/), then set state to authority state. 2. Otherwise, set state
        // to path state, and decrease pointer by 1."
        if c == Some('/') {
            self.enter_authority(self.pointer + 1)
        } else {
            self.reprocess_in(State::Path)
        }
    }

    /// <https://url.spec.whatwg.org/#relative-state>
    pub(super) fn relative_state(&mut self, c: Option<char>) -> StepResult {
        let base = self.base.expect("relative state is only entered with a base");
        // "1. Assert: base's scheme is not "file". 2. Set url's scheme to base's scheme."
        // (Written below, with what step 5 copies from base when it runs: one copy.)
        self.special = base.is_special();
        match c {
            // "3. If c is U+002F (/), then set state to relative slash state."
            Some('/') => {
                self.url.copy_scheme(base);
                self.go(State::RelativeSlash)
            }
            // "4. Otherwise, if url is special and c is U+005C (\), invalid-reverse-solidus
            // validation error, set state to relative slash state."
            Some('\\') if self.special => {
                self.url.copy_scheme(base);
                self.report(E::InvalidReverseSolidus);
                self.go(State::RelativeSlash)
            }
            // "5. Otherwise: 1. Set url's username to base's username, url's password to
            // base's password, url's host to base's host, url's port to base's port, url's
            // path to a clone of base's path, and url's query to base's query."
            _ => {
                self.url.copy_scheme_through_path(base);
                // "2.–3. If c is U+003F (?) … Otherwise, if c is U+0023 (#) …"
                if let Some(step) = self.after_base_copied(c, base) {
                    return step;
                }
                // "4. Otherwise, if c is not the EOF code point: set url's query to null,
                // shorten url's path, set state to path state and decrease pointer by 1."
                self.url.shorten_path();
                self.reprocess_in(State::Path)
            }
        }
    }

    /// <https://url.spec.whatwg.org/#relative-slash-state>
    pub(super) fn relative_slash_state(&mut self, c: Option<char>) -> StepResult {
        match c {
            // "1. If url is special and c is U+002F (/) or U+005C (\), then: If c is U+005C
            // (\), invalid-reverse-solidus validation error. Set state to special authority
            // ignore slashes state."
            Some('/' | '\\') if self.special => {
                if c == Some('\\') {
                    self.report(E::InvalidReverseSolidus);
                }
                self.go(State::SpecialAuthorityIgnoreSlashes)
            }
            // "2. Otherwise, if c is U+002F (/), then set state to authority state."
            Some('/') => self.enter_authority(self.pointer + 1),
            // "3. Otherwise, set url's username to base's username, url's password to base's
            // password, url's host to base's host, url's port to base's port, state to path
            // state, and then, decrease pointer by 1."
            _ => {
                let base = self.base.expect("relative slash state is only entered with a base");
                self.url.copy_authority(base);
                self.reprocess_in(State::Path)
            }
        }
    }

    /// <https://url.spec.whatwg.org/#special-authority-slashes-state>
    pub(super) fn special_authority_slashes_state(&mut self, c: Option<char>) -> StepResult {
        // "1. If c is U+002F (/) and remaining starts with U+002F (/), then set state to
        // special authority ignore slashes state and increase pointer by 1."
        if c == Some('/') && self.remaining(c).starts_with('/') {
            self.pointer += 1;
            return self.go(State::SpecialAuthorityIgnoreSlashes);
        }
        // "2. Otherwise, special-scheme-missing-following-solidus validation error, set state
        // to special authority ignore slashes state and decrease pointer by 1."
        self.report(E::SpecialSchemeMissingFollowingSolidus);
        self.reprocess_in(State::SpecialAuthorityIgnoreSlashes)
    }

    /// <https://url.spec.whatwg.org/#special-authority-ignore-slashes-state>
    pub(super) fn special_authority_ignore_slashes_state(&mut self, c: Option<char>) -> StepResult {
        // "1. If c is neither U+002F (/) nor U+005C (\), then set state to authority state
        // and decrease pointer by 1."
        if !matches!(c, Some('/' | '\\')) {
            self.enter_authority(self.pointer)?;
            return Ok(Step::Reprocess);
        }
        // "2. Otherwise, special-scheme-missing-following-solidus validation error."
        self.report(E::SpecialSchemeMissingFollowingSolidus);
        Ok(Step::Continue)
    }

    /// Enter the authority state with its buffer starting at `buffer_start`.
    fn enter_authority(&mut self, buffer_start: usize) -> StepResult {
        self.url.begin_authority();
        self.buffer_start = buffer_start;
        self.host_delimiter_seen = false;
        self.go(State::Authority)
    }

    fn ends_authority(&self, c: Option<char>) -> bool {
        match c {
            None | Some('/' | '?' | '#') => true,
            Some('\\') => self.special,
            _ => false,
        }
    }

    /// <https://url.spec.whatwg.org/#authority-state>
    pub(super) fn authority_state(&mut self, c: Option<char>) -> StepResult {
        // "1. If c is U+0040 (@), then:"
        if c == Some('@') {
            // "1. Invalid-credentials validation error."
            self.report(E::InvalidCredentials);
            let buffer = &self.input[self.buffer_start..self.pointer];
            // "2. If atSignSeen is true, then prepend "%40" to buffer."
            // "3. Set atSignSeen to true." "4. For each codePoint in buffer: …"
            let prefix = if self.at_sign_seen { "%40" } else { "" };
            self.at_sign_seen = true;
            for text in [prefix, buffer] {
                self.password_token_seen = self.url.push_userinfo(text, self.password_token_seen);
            }
            // "5. Set buffer to the empty string."
            self.buffer_start = self.pointer + 1;
            self.host_delimiter_seen = false;
            return Ok(Step::Continue);
        }
        // "2. Otherwise, if one of the following is true: c is the EOF code point, U+002F (/),
        // U+003F (?), or U+0023 (#); url is special and c is U+005C (\); then:"
        if self.ends_authority(c) {
            // "1. If atSignSeen is true and buffer is the empty string, host-missing
            // validation error, return failure."
            if self.at_sign_seen && self.buffer_start == self.pointer {
                return self.fail(E::HostMissing, ParseError::HostMissing);
            }
            self.url.finish_userinfo(self.password_token_seen);
            // "2. Decrease pointer by buffer's code point length + 1, set buffer to the empty
            // string, and set state to host state."
            // Shortcut: without a `:`, `[` or `]` in buffer, the host state would append each
            // of its code points to its buffer, reporting nothing, and come back to c with
            // buffer as it is now, insideBrackets false: it starts there, at c. The property
            // test `authority_shortcut_is_the_full_path` compares both ways.
            if !self.shortcuts || self.host_delimiter_seen {
                self.pointer = self.buffer_start;
            }
            return self.reprocess_in(State::Host);
        }
        // "3. Otherwise, append c to buffer."
        if let Some(c) = c {
            self.host_delimiter_seen |= matches!(c, ':' | '[' | ']');
            let run = if self.host_delimiter_seen {
                &AUTHORITY_RUN_PAST_DELIMITER
            } else {
                &AUTHORITY_RUN
            };
            self.take_run(c, run);
        }
        Ok(Step::Continue)
    }

    /// <https://url.spec.whatwg.org/#host-state> and <https://url.spec.whatwg.org/#hostname-state>
    pub(super) fn host_state(&mut self, c: Option<char>) -> StepResult {
        // "1. If state override is given and url's scheme is "file", then decrease pointer by
        // 1 and set state to file host state."
        if self.state_override.is_some() && self.url.scheme() == "file" {
            return self.reprocess_in(State::FileHost);
        }
        let buffer = &self.input[self.buffer_start..self.pointer];
        match c {
            // "2. Otherwise, if c is U+003A (:) and insideBrackets is false, then:"
            Some(':') if !self.inside_brackets => {
                // "1. If buffer is the empty string, host-missing validation error, return
                // failure."
                if buffer.is_empty() {
                    return self.fail(E::HostMissing, ParseError::HostMissing);
                }
                // "2. If state override is given and state override is hostname state, then
                // return failure."
                if self.state_override == Some(State::Hostname) {
                    return Err(ParseError::Rejected);
                }
                // "3. Let host be the result of host parsing buffer with url is not special.
                // 4. If host is failure, then return failure. 5. Set url's host to host,
                // buffer to the empty string, and state to port state."
                self.parse_and_set_host(buffer)?;
                self.buffer_start = self.pointer + 1;
                self.go(State::Port)
            }
            // "3. Otherwise, if one of the following is true: c is the EOF code point, U+002F
            // (/), U+003F (?), or U+0023 (#); url is special and c is U+005C (\); then
            // decrease pointer by 1, and then:"
            _ if self.ends_authority(c) => {
                // "1. If url is special and buffer is the empty string, host-missing
                // validation error, return failure."
                if self.special && buffer.is_empty() {
                    return self.fail(E::HostMissing, ParseError::HostMissing);
                }
                // "2. Otherwise, if state override is given, buffer is the empty string, and
                // either url includes credentials or url's port is non-null, return failure."
                if self.state_override.is_some()
                    && buffer.is_empty()
                    && (self.url.includes_credentials() || self.url.port.is_some())
                {
                    return Err(ParseError::Rejected);
                }
                // "3.–4. Let host be the result of host parsing buffer …; if failure, return
                // failure. 5. Set url's host to host, buffer to the empty string, and state to
                // path start state. 6. If state override is given, then return."
                self.parse_and_set_host(buffer)?;
                if self.state_override.is_some() {
                    return Ok(Step::Return);
                }
                // Shortcut: the path start state's step on a `/` after the host (for special
                // and other URLs alike, it reports nothing, sets state to path state and
                // opens a segment) taken here (`shortcuts_are_the_full_path`).
                if self.shortcuts && c == Some('/') {
                    self.state = State::Path;
                    self.open_segment_after('/');
                    return Ok(Step::Continue);
                }
                self.reprocess_in(State::PathStart)
            }
            // "4. Otherwise: If c is U+005B ([), then set insideBrackets to true. If c is
            // U+005D (]), then set insideBrackets to false. Append c to buffer."
            Some('[') => {
                self.inside_brackets = true;
                if self.shortcuts {
                    self.take_run('[', &HOST_RUN_INSIDE_BRACKETS);
                }
                Ok(Step::Continue)
            }
            Some(']') => {
                self.inside_brackets = false;
                Ok(Step::Continue)
            }
            Some(c) => {
                let run = if self.inside_brackets { &HOST_RUN_INSIDE_BRACKETS } else { &HOST_RUN };
                self.take_run(c, run);
                Ok(Step::Continue)
            }
            None => Ok(Step::Continue),
        }
    }

    /// Host-parse `buffer` (the input slice at `buffer_start`) and write the host.
    pub(super) fn parse_and_set_host(&mut self, buffer: &str) -> Result<(), ParseError> {
        let offset = self.original_position(self.buffer_start);
        // An opaque host (not an IPv6 address) is written to the serialization as the
        // opaque-host parser runs, rather than made a string first (`write_opaque_host`).
        if self.shortcuts
            && !self.special
            && self.state_override.is_none()
            && !buffer.starts_with('[')
        {
            return self
                .url
                .write_opaque_host(buffer, &mut self.errors, offset)
                .map_err(|_| ParseError::InvalidHost);
        }
        let host = parse_host(buffer, !self.special, &mut self.errors, offset)
            .map_err(|_| ParseError::InvalidHost)?;
        self.url.write_host(&host);
        Ok(())
    }

    /// <https://url.spec.whatwg.org/#port-state>
    pub(super) fn port_state(&mut self, c: Option<char>) -> StepResult {
        // "1. If c is an ASCII digit, append c to buffer."
        if let Some(c) = c.filter(char::is_ascii_digit) {
            self.take_run(c, &PORT_RUN);
            return Ok(Step::Continue);
        }
        // "2. Otherwise, if one of the following is true: c is the EOF code point, U+002F (/),
        // U+003F (?), or U+0023 (#); url is special and c is U+005C (\); or state override is
        // given; then:"
        if self.ends_authority(c) || self.state_override.is_some() {
            let buffer = &self.input[self.buffer_start..self.pointer];
            // "1. If buffer is not the empty string, then:"
            if !buffer.is_empty() {
                // "1. Let port be the mathematical integer value that is represented by
                // buffer in radix-10 … 2. If port is greater than 2^16 − 1,
                // port-out-of-range validation error, return failure."
                let port = buffer
                    .bytes()
                    .try_fold(0u32, |n, d| {
                        let n = n * 10 + u32::from(d - b'0');
                        (n <= 0xFFFF).then_some(n)
                    })
                    .map(|n| n as u16);
                let Some(port) = port else {
                    self.pointer = self.buffer_start;
                    return self.fail(E::PortOutOfRange, ParseError::InvalidPort);
                };
                // "3. Set url's port to null, if port is url's scheme's default port;
                // otherwise to port. 4. Set buffer to the empty string."
                let is_default = default_port(self.url.scheme()) == Some(port);
                self.url.write_port((!is_default).then_some(port));
                // "5. If state override is given, then return."
                if self.state_override.is_some() {
                    return Ok(Step::Return);
                }
            }
            // "2. If state override is given, then return failure."
            if self.state_override.is_some() {
                return Err(ParseError::Rejected);
            }
            // "3. Set state to path start state and decrease pointer by 1."
            return self.reprocess_in(State::PathStart);
        }
        // "3. Otherwise, port-invalid validation error, return failure."
        self.fail(E::PortInvalid, ParseError::InvalidPort)
    }
}
