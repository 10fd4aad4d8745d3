//! File, path, opaque path, query and fragment states of the basic URL parser.
//! <https://url.spec.whatwg.org/#concept-basic-url-parser>

use super::{AsciiRun, Parser, State, Step, StepResult};
use crate::drive_letter::{
    is_normalized_windows_drive_letter, is_windows_drive_letter, starts_with_windows_drive_letter,
};
use crate::errors::{ParseError, ValidationErrorKind as E};
use crate::host::{parse_host, Host};
use crate::percent;

/// Code points each state appends unchanged (no encoding, no validation error, not ending
/// the state's collecting): see `Parser::take_run`.
pub(super) const PATH_RUN: AsciiRun = AsciiRun::appended_unchanged(percent::PATH, b"/?");
const OPAQUE_PATH_RUN: AsciiRun = AsciiRun::appended_unchanged(percent::C0_CONTROL, b"?#");
pub(super) const QUERY_RUN: AsciiRun = AsciiRun::appended_unchanged(percent::QUERY, b"#");
pub(super) const SPECIAL_QUERY_RUN: AsciiRun =
    AsciiRun::appended_unchanged(percent::SPECIAL_QUERY, b"#");
pub(super) const FRAGMENT_RUN: AsciiRun = AsciiRun::appended_unchanged(percent::FRAGMENT, b"");
/// Where the opaque path, query and fragment states stop running one step over many code
/// points (see `Parser::append_code_points_until`): where their steps differ.
const OPAQUE_PATH_STOPS: AsciiRun = AsciiRun::only(b"?# ");
const QUERY_STOPS: AsciiRun = AsciiRun::only(b"#");
const NO_STOPS: AsciiRun = AsciiRun::only(b"");
const FILE_HOST_RUN: AsciiRun = AsciiRun::all_but(b"/\\?#");

/// <https://url.spec.whatwg.org/#single-dot-path-segment>
fn is_single_dot_segment(s: &str) -> bool {
    s == "." || s.eq_ignore_ascii_case("%2e")
}

/// <https://url.spec.whatwg.org/#double-dot-path-segment>
fn is_double_dot_segment(s: &str) -> bool {
    match s.len() {
        2 => s == "..",
        4 => s.eq_ignore_ascii_case(".%2e") || s.eq_ignore_ascii_case("%2e."),
        6 => s.eq_ignore_ascii_case("%2e%2e"),
        _ => false,
    }
}

impl Parser<'_> {
    fn is_slash(&self, c: Option<char>) -> bool {
        c == Some('/') || (self.special && c == Some('\\'))
    }

    /// <https://url.spec.whatwg.org/#file-state>
    pub(super) fn file_state(&mut self, c: Option<char>) -> StepResult {
        // "1. Set url's scheme to "file". 2. Set url's host to the empty string."
        if self.url.serialization.is_empty() {
            self.url.push_scheme("file");
        }
        self.special = true;
        self.url.begin_authority();
        self.url.write_host(&Host::Empty);
        // "3. If c is U+002F (/) or U+005C (\), then: If c is U+005C (\),
        // invalid-reverse-solidus validation error. Set state to file slash state."
        if matches!(c, Some('/' | '\\')) {
            if c == Some('\\') {
                self.report(E::InvalidReverseSolidus);
            }
            return self.go(State::FileSlash);
        }
        // "4. Otherwise, if base is non-null and base's scheme is "file":"
        match self.base {
            Some(base) if base.scheme() == "file" => {
                // "1. Set url's host to base's host, url's path to a clone of base's path, and
                // url's query to base's query."
                self.url.replace_host_with(base);
                self.url.copy_path(base);
                // "2.–3. If c is U+003F (?) … Otherwise, if c is U+0023 (#) …"
                if let Some(step) = self.after_base_copied(c, base) {
                    return step;
                }
                // "4. Otherwise, if c is not the EOF code point: 1. Set url's query to null.
                // 2. If the code point substring from pointer to the end of input does not
                // start with a Windows drive letter, then shorten url's path. 3. Otherwise:
                // file-invalid-Windows-drive-letter validation error, set url's path to « ».
                // 4. Set state to path state and decrease pointer by 1."
                if !starts_with_windows_drive_letter(&self.input[self.pointer..]) {
                    self.url.shorten_path();
                } else {
                    self.report(E::FileInvalidWindowsDriveLetter);
                    self.url.clear_path();
                }
                self.reprocess_in(State::Path)
            }
            // "5. Otherwise, set state to path state, and decrease pointer by 1."
            _ => self.reprocess_in(State::Path),
        }
    }

    /// <https://url.spec.whatwg.org/#file-slash-state>
    pub(super) fn file_slash_state(&mut self, c: Option<char>) -> StepResult {
        // "1. If c is U+002F (/) or U+005C (\), then: If c is U+005C (\),
        // invalid-reverse-solidus validation error. Set state to file host state."
        if matches!(c, Some('/' | '\\')) {
            if c == Some('\\') {
                self.report(E::InvalidReverseSolidus);
            }
            self.buffer_start = self.pointer + 1;
            return self.go(State::FileHost);
        }
        // "2. Otherwise: 1. If base is non-null and base's scheme is "file", then:"
        if let Some(base) = self.base.filter(|b| b.scheme() == "file") {
            // "1. Set url's host to base's host."
            self.url.replace_host_with(base);
            // "2. If the code point substring from pointer to the end of input does not start
            // with a Windows drive letter and base's path[0] is a normalized Windows drive
            // letter, then append base's path[0] to url's path."
            if !starts_with_windows_drive_letter(&self.input[self.pointer..]) {
                if let Some(first) = base.path_segments().next() {
                    if is_normalized_windows_drive_letter(first) {
                        self.url.serialization.push('/');
                        self.url.serialization.push_str(first);
                    }
                }
            }
        }
        // "2. Set state to path state, and decrease pointer by 1."
        self.reprocess_in(State::Path)
    }

    /// <https://url.spec.whatwg.org/#file-host-state>
    pub(super) fn file_host_state(&mut self, c: Option<char>) -> StepResult {
        // "1. If c is the EOF code point, U+002F (/), U+005C (\), U+003F (?), or U+0023 (#),
        // then decrease pointer by 1 and then:"
        if let Some(c) = c.filter(|c| !matches!(c, '/' | '\\' | '?' | '#')) {
            // "2. Otherwise, append c to buffer."
            self.take_run(c, &FILE_HOST_RUN);
            return Ok(Step::Continue);
        }
        let buffer = &self.input[self.buffer_start..self.pointer];
        // "1. If state override is not given and buffer is a Windows drive letter,
        // file-invalid-Windows-drive-letter-host validation error, set state to path state."
        // "This is a (platform-independent) Windows drive letter quirk. buffer is not reset
        // here and instead used in the path state."
        if self.state_override.is_none() && is_windows_drive_letter(buffer) {
            self.report(E::FileInvalidWindowsDriveLetterHost);
            self.open_segment();
            self.url.serialization.push_str(buffer);
            return self.reprocess_in(State::Path);
        }
        // "2. Otherwise, if buffer is the empty string, then: 1. Set url's host to the empty
        // string. 2. If state override is given, then return. 3. Set state to path start
        // state."
        if buffer.is_empty() {
            self.url.write_host(&Host::Empty);
            if self.state_override.is_some() {
                return Ok(Step::Return);
            }
            return self.reprocess_in(State::PathStart);
        }
        // "3. Otherwise, run these steps: 1. Let host be the result of host parsing buffer
        // with url is not special. 2. If host is failure, then return failure. 3. If host is
        // "localhost", then set host to the empty string. 4. Set url's host to host."
        let offset = self.original_position(self.buffer_start);
        let host = parse_host(buffer, !self.special, &mut self.errors, offset)
            .map_err(|_| ParseError::InvalidHost)?;
        let host = match host {
            Host::Domain(d) if d == "localhost" => Host::Empty,
            host => host,
        };
        self.url.write_host(&host);
        // "4. If state override is given, then return. 5. Set buffer to the empty string and
        // state to path start state."
        if self.state_override.is_some() {
            return Ok(Step::Return);
        }
        self.reprocess_in(State::PathStart)
    }

    /// <https://url.spec.whatwg.org/#path-start-state>
    pub(super) fn path_start_state(&mut self, c: Option<char>) -> StepResult {
        // "1. If url is special, then: If c is U+005C (\), invalid-reverse-solidus validation
        // error. Set state to path state. If c is neither U+002F (/) nor U+005C (\), then
        // decrease pointer by 1."
        if self.special {
            if c == Some('\\') {
                self.report(E::InvalidReverseSolidus);
            }
            self.state = State::Path;
            if let Some(slash @ ('/' | '\\')) = c {
                self.open_segment_after(slash);
                return Ok(Step::Continue);
            }
            return Ok(Step::Reprocess);
        }
        match c {
            // "2. Otherwise, if state override is not given and c is U+003F (?), set url's
            // query to the empty string and state to query state."
            Some('?') if self.state_override.is_none() => self.enter_query(),
            // "3. Otherwise, if state override is not given and c is U+0023 (#), set url's
            // fragment to the empty string and state to fragment state."
            Some('#') if self.state_override.is_none() => self.enter_fragment(),
            // "4. Otherwise, if c is not the EOF code point: Set state to path state. If c is
            // not U+002F (/), then decrease pointer by 1."
            Some(c) => {
                self.state = State::Path;
                if c == '/' {
                    self.open_segment_after(c);
                    return Ok(Step::Continue);
                }
                Ok(Step::Reprocess)
            }
            // "5. Otherwise, if state override is given and url's host is null, append the
            // empty string to url's path."
            None => {
                if self.state_override.is_some() && !self.url.has_host() {
                    self.url.serialization.push('/');
                }
                Ok(Step::Continue)
            }
        }
    }

    /// Start collecting a path segment: the segment's text follows a `/` in the
    /// serialization, so "append buffer to url's path" is leaving it there.
    fn open_segment(&mut self) {
        self.segment_start = Some(self.url.serialization.len());
        self.url.serialization.push('/');
    }

    /// The path start state's "set state to path state" on a slash: the segment after it
    /// opens; and (a shortcut, property test `shortcuts_are_the_full_path`) the path state's
    /// first step, which would append the run of code points after the slash that it appends
    /// unchanged, and the plain segments after it (`take_plain_segments`), is taken here.
    pub(super) fn open_segment_after(&mut self, slash: char) {
        self.open_segment();
        if self.shortcuts {
            self.take_first_run_and_plain_segments(slash);
        }
    }

    /// [`Parser::take_run`] of the path state's first run after `slash`, then
    /// [`Parser::take_plain_segments`], written with one copy: the same segments, taken by
    /// the same tests, end at the same place.
    fn take_first_run_and_plain_segments(&mut self, slash: char) {
        let bytes = self.input.as_bytes();
        let start = self.pointer + slash.len_utf8();
        let mut end = start + PATH_RUN.prefix_len(&bytes[start..]);
        crate::work::tally(end - start);
        // The slash opening the last segment taken, when it is not `slash`.
        let mut last_slash = None;
        if bytes.get(end) == Some(&b'/')
            && !may_be_dots(&bytes[start..end])
            && self.url.scheme() != "file"
        {
            let (segments_end, slash_at) = plain_segments_end(bytes, end);
            (end, last_slash) = (segments_end, Some(slash_at));
        }
        let written = self.url.serialization.len();
        self.url.serialization.push_str(&self.input[start..end]);
        if let Some(last_slash) = last_slash {
            self.segment_start = Some(written + (last_slash - start));
        }
        self.pointer = end - slash.len_utf8();
    }

    /// <https://url.spec.whatwg.org/#path-state>
    pub(super) fn path_state(&mut self, c: Option<char>) -> StepResult {
        if self.segment_start.is_none() {
            self.open_segment();
        }
        let ends_segment = c.is_none()
            || self.is_slash(c)
            || (self.state_override.is_none() && matches!(c, Some('?' | '#')));
        let Some(ch) = c.filter(|_| !ends_segment) else {
            return self.end_segment(c);
        };
        // "2. Otherwise, run these steps: 1. If c is not a URL code point and not U+0025 (%),
        // invalid-URL-unit validation error. 2. If c is U+0025 (%) and remaining does not
        // start with two ASCII hex digits, invalid-URL-unit validation error. 3. UTF-8
        // percent-encode c using the path percent-encode set and append the result to buffer."
        self.append_code_points(ch, percent::PATH, &PATH_RUN);
        self.take_plain_segments(ch);
        Ok(Step::Continue)
    }

    /// Shortcut past the path state's steps for segments that they append unchanged. After
    /// a step that appended c and the run after it to the open segment: while the next code
    /// point is `/` and the segment cannot be a single-dot or double-dot segment (it starts
    /// with neither `.` nor `%`), the `/` ends the segment with nothing to do ("append buffer
    /// to url's path" is leaving it in the serialization), and the next segment's run is
    /// appended unchanged as well. Not for file URLs, whose segments may become Windows drive
    /// letters after a `..` empties the path. All those segments are appended at once; the
    /// last one stays open, and the path state goes on at the code point after it. The
    /// property test `path_shortcut_is_the_full_path` compares parses with and without it.
    #[inline]
    fn take_plain_segments(&mut self, c: char) {
        let chunk_start = self.pointer + c.len_utf8();
        if self.shortcuts && self.input.as_bytes().get(chunk_start) == Some(&b'/') {
            self.take_plain_segments_from(chunk_start, c);
        }
    }

    /// [`Parser::take_plain_segments`] once the next code point, at `chunk_start`, is `/`.
    #[inline(never)]
    fn take_plain_segments_from(&mut self, chunk_start: usize, c: char) {
        let Some(open) = self.segment_start else { return };
        if may_be_dots(&self.url.serialization.as_bytes()[open + 1..])
            || self.url.scheme() == "file"
        {
            return;
        }
        let (end, last_slash) = plain_segments_end(self.input.as_bytes(), chunk_start);
        let written = self.url.serialization.len();
        self.url.serialization.push_str(&self.input[chunk_start..end]);
        self.segment_start = Some(written + (last_slash - chunk_start));
        self.pointer = end - c.len_utf8();
    }

    /// Path state, step 1: c ends the segment in progress.
    fn end_segment(&mut self, c: Option<char>) -> StepResult {
        let start = self.segment_start.take().expect("a segment is open");
        let slash = self.is_slash(c);
        // "1. If url is special and c is U+005C (\), invalid-reverse-solidus validation error."
        if self.special && c == Some('\\') {
            self.report(E::InvalidReverseSolidus);
        }
        let segment = &self.url.serialization[start + 1..];
        let maybe_dots = may_be_dots(segment.as_bytes());
        if maybe_dots && is_double_dot_segment(segment) {
            // "2. If buffer is a double-dot URL path segment, then: 1. Shorten url's path.
            // 2. If neither c is U+002F (/), nor url is special and c is U+005C (\), append
            // the empty string to url's path."
            self.url.serialization.truncate(start);
            self.url.shorten_path();
            if !slash {
                self.url.serialization.push('/');
            }
        } else if maybe_dots && is_single_dot_segment(segment) {
            // "3. Otherwise, if buffer is a single-dot URL path segment and if neither c is
            // U+002F (/), nor url is special and c is U+005C (\), append the empty string to
            // url's path."
            self.url.serialization.truncate(start);
            if !slash {
                self.url.serialization.push('/');
            }
        } else if is_windows_drive_letter(segment)
            && start == self.url.path_start
            && self.url.scheme() == "file"
        {
            // "4. Otherwise, if buffer is not a single-dot URL path segment, then: 1. If
            // url's scheme is "file", url's path is empty, and buffer is a Windows drive
            // letter, then replace the second code point in buffer with U+003A (:). 2. Append
            // buffer to url's path." (The three conditions tested rarest first: most segments
            // are no drive letter, and then the scheme is never compared.)
            self.url.serialization.replace_range(start + 2..start + 3, ":");
        }
        // "5. Set buffer to the empty string."
        match c {
            // "6. If c is U+003F (?), then set url's query to the empty string and state to
            // query state."
            Some('?') => self.enter_query(),
            // "7. If c is U+0023 (#), then set url's fragment to the empty string and state to
            // fragment state."
            Some('#') => self.enter_fragment(),
            // c is a slash: the next segment starts, and the path state would append each
            // following code point of the run unchanged (see `Parser::take_run`).
            Some(slash) => {
                self.open_segment();
                let run = self.take_run(slash, &PATH_RUN);
                self.url.serialization.push_str(run);
                self.take_plain_segments(slash);
                Ok(Step::Continue)
            }
            None => Ok(Step::Continue),
        }
    }

    /// <https://url.spec.whatwg.org/#cannot-be-a-base-url-path-state>
    pub(super) fn opaque_path_state(&mut self, c: Option<char>) -> StepResult {
        match c {
            // "1. If c is U+003F (?), then set url's query to the empty string and state to
            // query state."
            Some('?') => self.enter_query(),
            // "2. Otherwise, if c is U+0023 (#), then set url's fragment to the empty string
            // and state to fragment state."
            Some('#') => self.enter_fragment(),
            // "3. Otherwise, if c is U+0020 SPACE: 1. Invalid-URL-unit validation error.
            // 2. If remaining starts with U+003F (?) or U+0023 (#), then append "%20" to url's
            // path. 3. Otherwise, append U+0020 SPACE to url's path."
            Some(' ') => {
                self.report(E::InvalidUrlUnit);
                let next = self.remaining(c).as_bytes().first();
                let text = if matches!(next, Some(b'?' | b'#')) { "%20" } else { " " };
                self.url.serialization.push_str(text);
                Ok(Step::Continue)
            }
            // "4. Otherwise, if c is not the EOF code point: validate c as a URL unit, then
            // UTF-8 percent-encode c using the C0 control percent-encode set and append the
            // result to url's path."
            Some(_) if self.shortcuts => self.append_code_points_until(
                percent::C0_CONTROL,
                &OPAQUE_PATH_RUN,
                &OPAQUE_PATH_STOPS,
            ),
            Some(ch) => {
                self.append_code_points(ch, percent::C0_CONTROL, &OPAQUE_PATH_RUN);
                Ok(Step::Continue)
            }
            None => Ok(Step::Continue),
        }
    }

    /// <https://url.spec.whatwg.org/#query-state>
    pub(super) fn query_state(&mut self, c: Option<char>) -> StepResult {
        // "2. If one of the following is true: state override is not given and c is U+0023
        // (#); c is the EOF code point; then: … set url's fragment to the empty string and
        // state to fragment state (if c is U+0023 (#))."
        match c {
            Some('#') if self.state_override.is_none() => self.enter_fragment(),
            None => Ok(Step::Continue),
            // "3. Otherwise, if c is not the EOF code point: validate c, append c to buffer."
            // Percent-encoding the buffer with UTF-8 is per code point, so each c is encoded
            // as it arrives (queryPercentEncodeSet: the special-query set if url is special).
            Some(ch) => {
                let (set, run) = if self.special {
                    (percent::SPECIAL_QUERY, &SPECIAL_QUERY_RUN)
                } else {
                    (percent::QUERY, &QUERY_RUN)
                };
                if self.shortcuts {
                    // With a state override, `#` is appended like any code point.
                    let stops =
                        if self.state_override.is_none() { &QUERY_STOPS } else { &NO_STOPS };
                    return self.append_code_points_until(set, run, stops);
                }
                self.append_code_points(ch, set, run);
                Ok(Step::Continue)
            }
        }
    }

    /// <https://url.spec.whatwg.org/#fragment-state>
    pub(super) fn fragment_state(&mut self, c: Option<char>) -> StepResult {
        // "1. If c is not the EOF code point, then: validate c; UTF-8 percent-encode c using
        // the fragment percent-encode set and append the result to url's fragment."
        match c {
            Some(_) if self.shortcuts => {
                self.append_code_points_until(percent::FRAGMENT, &FRAGMENT_RUN, &NO_STOPS)
            }
            Some(ch) => {
                self.append_code_points(ch, percent::FRAGMENT, &FRAGMENT_RUN);
                Ok(Step::Continue)
            }
            None => Ok(Step::Continue),
        }
    }
}

/// Whether a path segment may be a single-dot or double-dot segment: it starts with `.` or
/// with `%` (of `%2e`). Other segments need neither test.
fn may_be_dots(segment: &[u8]) -> bool {
    matches!(segment.first(), Some(b'.' | b'%'))
}

/// The plain segments of the path shortcut, from the `/` at `slash`: each segment's run of
/// code points appended unchanged, going on while a segment ends at a `/` and cannot be a
/// dot segment. Where the last one taken ends, and the `/` that opens it.
fn plain_segments_end(bytes: &[u8], slash: usize) -> (usize, usize) {
    let mut end = slash;
    loop {
        let segment = &bytes[end + 1..];
        let len = PATH_RUN.prefix_len(segment);
        crate::work::tally(len + 1);
        let opening = end;
        end += 1 + len;
        if bytes.get(end) != Some(&b'/') || may_be_dots(&segment[..len]) {
            return (end, opening);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dot_segments_as_the_spec_lists_them() {
        for s in [".", "%2e", "%2E"] {
            assert!(is_single_dot_segment(s), "{s}");
        }
        for s in ["..", ".%2e", ".%2E", "%2e.", "%2E.", "%2e%2e", "%2E%2E", "%2e%2E"] {
            assert!(is_double_dot_segment(s), "{s}");
        }
        for s in ["", "...", "%2", ".%2", "%2e%2"] {
            assert!(!is_single_dot_segment(s) && !is_double_dot_segment(s), "{s}");
        }
    }
}
