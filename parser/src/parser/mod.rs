//! The basic URL parser: <https://url.spec.whatwg.org/#concept-basic-url-parser>.
//!
//! One [`State`] variant per spec state. The driver ([`Parser::run`]) is the spec's loop:
//! "Keep running the following state machine by switching on state. If after a run pointer
//! points to the EOF code point, go to the next step. Otherwise, increase pointer by 1 and
//! continue with the state machine." The states are [`State`] (`state.rs`); each state's steps
//! live in `states.rs` (scheme to port) and `path.rs` (file states, path, query, fragment),
//! with the spec's words quoted.
//!
//! Representation: the spec builds a URL record and serializes it at the end; we write the
//! serialization as we go (components arrive in serialization order), keeping offsets. The
//! spec's "buffer" is, where it only ever collects consecutive input code points, a slice of
//! the input (`buffer_start..pointer`) rather than a copy.

mod ascii_run;
mod path;
mod preprocess;
mod simple;
mod state;
mod states;
#[cfg(feature = "trace")]
mod trace;

pub(crate) use ascii_run::AsciiRun;
#[cfg(test)]
use preprocess::has_byte_below_0e;
use preprocess::{needs_no_preprocessing, preprocess};
pub use state::State;
#[cfg(feature = "trace")]
pub use trace::{Trace, TraceStep};

use crate::errors::{Errors, ParseError, ValidationErrorKind};
use crate::host::is_url_code_point;
use crate::percent;
use crate::url::{HostKind, ParseOutcome, Url};

/// What a state tells the driver after one run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Step {
    /// Increase pointer by 1 (unless at EOF) and continue.
    Continue,
    /// "Decrease pointer by 1": run the next state on the same code point.
    Reprocess,
    /// "Return": stop, the URL is complete (only under a state override, or at EOF).
    Return,
}

pub(crate) type StepResult = Result<Step, ParseError>;

/// One run of the basic URL parser.
pub(crate) struct Parser<'a> {
    /// The input after the spec's pre-processing (trimmed, tab and newline removed).
    pub(crate) input: &'a str,
    /// Byte index of `c` in `input`.
    pub(crate) pointer: usize,
    pub(crate) url: Url,
    pub(crate) base: Option<&'a Url>,
    pub(crate) state: State,
    pub(crate) state_override: Option<State>,
    pub(crate) errors: Errors,
    /// Where the spec's buffer starts in `input`, for states whose buffer is an input slice.
    pub(crate) buffer_start: usize,
    /// Authority state: "atSignSeen" and "passwordTokenSeen".
    pub(crate) at_sign_seen: bool,
    pub(crate) password_token_seen: bool,
    /// Host state: "insideBrackets".
    pub(crate) inside_brackets: bool,
    /// Authority state: whether its buffer has a `:`, `[` or `]` (see `authority_state`).
    pub(crate) host_delimiter_seen: bool,
    /// Whether the states take their shortcuts past steps whose outcome is known (false when
    /// tracing, which records every step, and in the property tests' full path).
    pub(crate) shortcuts: bool,
    /// Path state: byte index of the `/` that opens the segment being collected, if any.
    pub(crate) segment_start: Option<usize>,
    /// Whether the URL's scheme is special (cached; the scheme rarely changes mid-parse).
    pub(crate) special: bool,
    /// The capacity the serialization gets when its first component is about to be written
    /// (see [`Parser::reserve_serialization`]); 0 once it has it, or when it came with one.
    serialization_capacity: usize,
    /// Maps byte indices of `input` to byte indices of the caller's string, when
    /// pre-processing removed anything other than a leading prefix.
    position_map: Option<Vec<u32>>,
    /// Bytes trimmed from the front of the caller's string.
    leading_trim: usize,
    /// The states run and the pointer each read at, when tracing (feature `trace`; `None`
    /// for ordinary parses, which then pay one predictable branch per step).
    #[cfg(feature = "trace")]
    pub(crate) trace: Option<Vec<(State, usize, String)>>,
}

fn is_ascii_tab_or_newline(c: char) -> bool {
    matches!(c, '\t' | '\n' | '\r')
}

impl Url {
    /// <https://url.spec.whatwg.org/#concept-basic-url-parser> without a state override.
    pub fn parse(input: &str, base: Option<&Url>) -> Result<Url, ParseError> {
        // Shortcut: the commonest absolute URL, written straight into its record (see
        // `simple`; property test `simple_urls_are_the_full_path`).
        if let Some(parsed) = simple::simple_special_url(input) {
            return parsed;
        }
        // The URL is moved out of the parser once; the errors, unread, are not even kept.
        Self::run_parser(input, base, (true, Errors::discarding()), |ran, mut parser| {
            ran.map(|()| {
                parser.url.fix_path_dot_prefix();
                parser.url
            })
        })
    }

    /// Parse and return every validation error met, in order.
    pub fn parse_with_errors(input: &str, base: Option<&Url>) -> ParseOutcome {
        let (result, errors) = Self::parse_collecting_with(input, base, true);
        ParseOutcome { result, errors: errors.into_vec() }
    }

    /// [`Url::parse_with_errors`] without any of the states' shortcuts: every step run on its
    /// own code point, as the standard writes the steps (slower). Both give the same outcome,
    /// errors and positions included: the parser's property tests and the `roundtrip` fuzz
    /// target check it.
    pub fn parse_step_by_step(input: &str, base: Option<&Url>) -> ParseOutcome {
        let (result, errors) = Self::parse_collecting_with(input, base, false);
        ParseOutcome { result, errors: errors.into_vec() }
    }

    /// The basic URL parser without a state override, with or without the states' shortcuts,
    /// and the validation errors it met.
    fn parse_collecting_with(
        input: &str,
        base: Option<&Url>,
        shortcuts: bool,
    ) -> (Result<Url, ParseError>, Errors) {
        Self::run_parser(input, base, (shortcuts, Errors::new()), |ran, parser| {
            let Parser { mut url, errors, .. } = parser;
            let result = ran.map(|()| {
                url.fix_path_dot_prefix();
                url
            });
            (result, errors)
        })
    }

    /// Pre-process `input`, run the parser on it (with or without the shortcuts, reporting
    /// to `errors`), and give `finish` its outcome and the parser (whose `url` is the URL,
    /// when the outcome is no failure).
    #[inline(always)]
    fn run_parser<R>(
        input: &str,
        base: Option<&Url>,
        (shortcuts, mut errors): (bool, Errors),
        finish: impl FnOnce(Result<(), ParseError>, Parser<'_>) -> R,
    ) -> R {
        // Most inputs have nothing to trim and no tab or newline: they are used as they are
        // (what `preprocess` returns for them), without its call.
        let (prepared, leading_trim, position_map) = if needs_no_preprocessing(input) {
            (std::borrow::Cow::Borrowed(input), 0, None)
        } else {
            preprocess(input, &mut errors)
        };
        // The serialization is about the input's length (plus base's, at most): the slack
        // covers what the serializer commonly adds (an empty special path's `/`, `/.`, an
        // IPv4 address written out, a few percent-encoded bytes) without a reallocation.
        let capacity = prepared.len() + base.map_or(0, |b| b.serialization.len()) + 16;
        let mut parser = Parser::new(&prepared, base, Url::empty(), None, errors);
        parser.serialization_capacity = capacity;
        parser.leading_trim = leading_trim;
        parser.position_map = position_map;
        parser.shortcuts = shortcuts;
        let ran = parser.run();
        finish(ran, parser)
    }
}

impl<'a> Parser<'a> {
    pub(crate) fn new(
        input: &'a str,
        base: Option<&'a Url>,
        url: Url,
        state_override: Option<State>,
        errors: Errors,
    ) -> Self {
        // Without a state override, url is empty: no scheme, so not special.
        let special = state_override.is_some() && url.is_special();
        Parser {
            input,
            pointer: 0,
            url,
            base,
            state: state_override.unwrap_or(State::SchemeStart),
            state_override,
            errors,
            buffer_start: 0,
            at_sign_seen: false,
            password_token_seen: false,
            inside_brackets: false,
            host_delimiter_seen: false,
            shortcuts: true,
            segment_start: None,
            special,
            serialization_capacity: 0,
            position_map: None,
            leading_trim: 0,
            #[cfg(feature = "trace")]
            trace: None,
        }
    }

    /// The position in the caller's input of byte `index` of the pre-processed input.
    pub(crate) fn original_position(&self, index: usize) -> usize {
        match &self.position_map {
            Some(map) => map[index.min(map.len() - 1)] as usize,
            None => self.leading_trim + index,
        }
    }

    /// Give the serialization its buffer, before the first component is written (the scheme
    /// state's or the no scheme state's step that goes on): a parse that returns failure
    /// before that (no scheme and no usable base) allocates nothing.
    #[inline]
    pub(crate) fn reserve_serialization(&mut self) {
        if self.serialization_capacity != 0 {
            let capacity = std::mem::take(&mut self.serialization_capacity);
            self.url.serialization = String::with_capacity(capacity);
        }
    }

    /// Report a validation error at the current pointer.
    pub(crate) fn report(&mut self, kind: ValidationErrorKind) {
        if self.errors.discards() {
            return;
        }
        let position = self.original_position(self.pointer);
        self.errors.report(kind, position);
    }

    /// The code point at `pointer`, `None` for EOF.
    #[inline]
    pub(crate) fn c(&self) -> Option<char> {
        match self.input.as_bytes().get(self.pointer) {
            None => None,
            Some(&b) if b < 0x80 => Some(b as char),
            Some(_) => self.input[self.pointer..].chars().next(),
        }
    }

    /// Batching: after a step that appended c (or let the buffer grow by c), the same step
    /// would do the same for each following code point in `run`: take them all at once.
    /// Returns the run's text; `pointer` is left so that the driver's "increase pointer by 1"
    /// lands after the run.
    #[inline]
    pub(crate) fn take_run(&mut self, c: char, run: &AsciiRun) -> &'a str {
        self.take_run_from(self.pointer + c.len_utf8(), c, run)
    }

    #[inline]
    fn take_run_from(&mut self, start: usize, c: char, run: &AsciiRun) -> &'a str {
        let rest = &self.input.as_bytes()[start..];
        let len = run.prefix_len(rest);
        crate::work::tally(len);
        let end = start + len;
        self.pointer = end - c.len_utf8();
        &self.input[start..end]
    }

    /// The path, opaque path, query and fragment states' "validate c, UTF-8 percent-encode c
    /// using `set` and append the result", followed by the run of code points after c that
    /// the same step appends unchanged. When c itself is such a code point, the step is
    /// just "append c", so the run starts at c.
    #[inline]
    pub(crate) fn append_code_points(&mut self, c: char, set: percent::EncodeSet, run: &AsciiRun) {
        let start = if c.is_ascii() && run.contains(c as u8) {
            self.pointer
        } else {
            self.append_encoded(c, set);
            self.pointer + c.len_utf8()
        };
        let text = self.take_run_from(start, c, run);
        self.url.serialization.push_str(text);
    }

    /// Shortcut: the opaque path, query and fragment states run the step of
    /// [`Parser::append_code_points`] on c and every code point after it up to the first of
    /// `stops` (or EOF); all those steps at once, here, without a trip through the state loop
    /// per code point that needs encoding or validating. The pointer is left at the stop, which
    /// the state then runs on (property test `encoding_runs_are_the_full_path`).
    pub(crate) fn append_code_points_until(
        &mut self,
        set: percent::EncodeSet,
        run: &AsciiRun,
        stops: &AsciiRun,
    ) -> StepResult {
        let input = self.input;
        let bytes = input.as_bytes();
        // c is never one of the stops (each state calls this for the code points that are
        // not its stops): so the loop takes c at least, and the pointer moves on. A check here
        // in release builds costs the WPT part about 5% (measured), hence a debug assertion.
        debug_assert!(
            !bytes.get(self.pointer).is_some_and(|&b| stops.contains(b)),
            "append_code_points_until at one of its stops"
        );
        let mut at = self.pointer;
        loop {
            let plain = run.prefix_len(&bytes[at..]);
            crate::work::tally(plain);
            self.url.serialization.push_str(&input[at..at + plain]);
            at += plain;
            let c = match bytes.get(at) {
                None => break,
                Some(&b) if stops.contains(b) => break,
                Some(&b) if b < 0x80 => b as char,
                Some(_) => input[at..].chars().next().expect("a code point starts at `at`"),
            };
            self.pointer = at;
            self.append_encoded(c, set);
            at += c.len_utf8();
        }
        self.pointer = at;
        Ok(Step::Reprocess)
    }

    /// "Validate c, UTF-8 percent-encode c using `set` and append the result", for a c not
    /// appended unchanged (kept out of line: the common case is a run of plain code points).
    #[inline(never)]
    fn append_encoded(&mut self, c: char, set: percent::EncodeSet) {
        self.check_url_unit(c);
        percent::push_char_encoded(&mut self.url.serialization, c, set);
    }

    /// "remaining": the code points after c.
    #[inline]
    pub(crate) fn remaining(&self, c: Option<char>) -> &'a str {
        let next = self.pointer + c.map_or(0, char::len_utf8);
        &self.input[next.min(self.input.len())..]
    }

    /// The spec's main loop.
    pub(crate) fn run(&mut self) -> Result<(), ParseError> {
        loop {
            crate::work::tally(1);
            let c = self.c();
            #[cfg(feature = "trace")]
            if let Some(trace) = &mut self.trace {
                trace.push((self.state, self.pointer, self.url.serialization.clone()));
            }
            match self.step(c)? {
                Step::Return => return Ok(()),
                Step::Reprocess => {}
                Step::Continue => match c {
                    None => return Ok(()),
                    Some(c) => self.pointer += c.len_utf8(),
                },
            }
        }
    }

    #[inline(always)]
    fn step(&mut self, c: Option<char>) -> StepResult {
        match self.state {
            State::SchemeStart => self.scheme_start_state(c),
            State::Scheme => self.scheme_state(c),
            State::NoScheme => self.no_scheme_state(c),
            State::SpecialRelativeOrAuthority => self.special_relative_or_authority_state(c),
            State::PathOrAuthority => self.path_or_authority_state(c),
            State::Relative => self.relative_state(c),
            State::RelativeSlash => self.relative_slash_state(c),
            State::SpecialAuthoritySlashes => self.special_authority_slashes_state(c),
            State::SpecialAuthorityIgnoreSlashes => self.special_authority_ignore_slashes_state(c),
            State::Authority => self.authority_state(c),
            State::Host | State::Hostname => self.host_state(c),
            State::Port => self.port_state(c),
            State::File => self.file_state(c),
            State::FileSlash => self.file_slash_state(c),
            State::FileHost => self.file_host_state(c),
            State::PathStart => self.path_start_state(c),
            State::Path => self.path_state(c),
            State::OpaquePath => self.opaque_path_state(c),
            State::Query => self.query_state(c),
            State::Fragment => self.fragment_state(c),
        }
    }

    /// Switch to `state` and have it run on the same code point ("decrease pointer by 1").
    #[inline]
    pub(crate) fn reprocess_in(&mut self, state: State) -> StepResult {
        self.state = state;
        Ok(Step::Reprocess)
    }

    /// "Set url's query to the empty string and state to query state." (c is `?`.)
    pub(crate) fn enter_query(&mut self) -> StepResult {
        self.url.start_query();
        // Shortcut: the query state's first step would append the run of code points after
        // c that it appends unchanged; it is taken here (property test
        // `shortcuts_are_the_full_path`).
        if self.shortcuts {
            let run = if self.special { &path::SPECIAL_QUERY_RUN } else { &path::QUERY_RUN };
            let text = self.take_run('?', run);
            self.url.serialization.push_str(text);
        }
        self.go(State::Query)
    }

    /// "Set url's fragment to the empty string and state to fragment state." (c is `#`.)
    pub(crate) fn enter_fragment(&mut self) -> StepResult {
        self.url.start_fragment();
        // Shortcut: as in `enter_query`, the fragment state's first run.
        if self.shortcuts {
            let text = self.take_run('#', &path::FRAGMENT_RUN);
            self.url.serialization.push_str(text);
        }
        self.go(State::Fragment)
    }

    /// The relative and file states, once url has base's host and path: "If c is U+003F (?),
    /// then set url's query to the empty string and state to query state. Otherwise, if c is
    /// U+0023 (#), set url's fragment to the empty string and state to fragment state."
    /// (url's query is base's query, unless c starts a query.) `None` for any other c,
    /// which each state handles its own way.
    pub(crate) fn after_base_copied(&mut self, c: Option<char>, base: &Url) -> Option<StepResult> {
        match c {
            Some('?') => Some(self.enter_query()),
            Some('#') => {
                self.url.copy_query(base);
                Some(self.enter_fragment())
            }
            None => {
                self.url.copy_query(base);
                Some(Ok(Step::Continue))
            }
            Some(_) => None,
        }
    }

    #[inline]
    pub(crate) fn go(&mut self, state: State) -> StepResult {
        self.state = state;
        Ok(Step::Continue)
    }

    /// Report `kind` and return failure.
    pub(crate) fn fail(&mut self, kind: ValidationErrorKind, error: ParseError) -> StepResult {
        self.report(kind);
        Err(error)
    }

    /// Validation for a code point appended to a path, query or fragment: "If c is not a URL
    /// code point and not U+0025 (%), invalid-URL-unit validation error. If c is U+0025 (%)
    /// and remaining does not start with two ASCII hex digits, invalid-URL-unit validation
    /// error."
    pub(crate) fn check_url_unit(&mut self, c: char) {
        if c == '%' {
            let r = self.remaining(Some(c)).as_bytes();
            if !(r.len() >= 2 && r[0].is_ascii_hexdigit() && r[1].is_ascii_hexdigit()) {
                self.report(ValidationErrorKind::InvalidUrlUnit);
            }
        } else if !is_url_code_point(c) {
            self.report(ValidationErrorKind::InvalidUrlUnit);
        }
    }
}

impl Url {
    /// A URL with nothing in it yet: the parser's starting record.
    pub(crate) fn empty() -> Url {
        Url {
            serialization: String::new(),
            scheme_end: 0,
            username_end: 0,
            host_start: 0,
            host_end: 0,
            port: None,
            path_start: 0,
            query_start: None,
            fragment_start: None,
            host_kind: HostKind::None,
            opaque_path: false,
        }
    }
}

/// The basic URL parser with a state override: `url` is modified in place; the returned
/// error says the override returned failure (the URL API setters ignore it).
/// "If url is not given" does not hold, so only ASCII tab and newline are removed.
pub(crate) fn parse_with_state_override(
    url: &mut Url,
    input: &str,
    state: State,
) -> Result<(), ParseError> {
    let cleaned: std::borrow::Cow<'_, str> = if input.contains(is_ascii_tab_or_newline) {
        input.chars().filter(|&c| !is_ascii_tab_or_newline(c)).collect::<String>().into()
    } else {
        input.into()
    };
    let taken = std::mem::replace(url, Url::empty());
    let mut parser = Parser::new(&cleaned, None, taken, Some(state), Errors::new());
    let result = parser.run();
    *url = parser.url;
    result
}

#[cfg(test)]
mod tests;
