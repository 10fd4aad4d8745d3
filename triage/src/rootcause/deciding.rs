//! The deciding code point of a conformance part, and the standard's step that reads it.
//!
//! Which code point decides a deviation is found by deletion: each code point of the input in
//! turn is left out, and the deviation is asked again. A code point whose absence ends the
//! deviation decides it. (Deletion, not substitution: a stand-in letter would join the tokens
//! around a delimiter and decide by itself.) When several decide (a port's `:` and its `\`),
//! [`pick`] prefers punctuation that is not a component end, then a component end, then a
//! letter or digit, the last of each; when none decides, the deciding "code point" is the end
//! of input.
//!
//! The step is where the reference of the library's standard reads that code point: the URL
//! Standard's state in a traced parse (`urldiff_parser::Url::trace_steps`), or the RFC 3986
//! component that holds it (section 3.x), section 5.2's steps when a base resolves it.

use super::StandardStep;
use crate::ask::Request;
use urldiff_oracles::{Answer, Standard};
use urldiff_parser::rfc3986;

/// Code points tried at most (the first this many of a long input).
pub const MAX_SUBSTITUTIONS: usize = 256;

/// The kind of code point that ends a deciding position of nothing: no code point decides.
pub const END_OF_INPUT: &str = "end-of-input";

/// The input of `request` without its `index`-th code point.
pub fn without(request: &Request, index: usize) -> Request {
    let input: String =
        request.input.chars().enumerate().filter(|(i, _)| *i != index).map(|(_, c)| c).collect();
    Request { input, base: request.base.clone() }
}

/// The deletion variants of `request`, one per code point (of the first
/// [`MAX_SUBSTITUTIONS`]).
pub fn variants(request: &Request) -> Vec<Request> {
    let n = request.input.chars().count().min(MAX_SUBSTITUTIONS);
    (0..n).map(|i| without(request, i)).collect()
}

/// Where no deletion of one code point ends a deviation, a run of one code point repeated
/// three times or more may (`////h/p` against a special base: every `///h/p` fails as well):
/// each such run shortened to two, with the index of the first code point left out (the one
/// the step reading the run's surplus reads).
pub fn run_variants(request: &Request) -> Vec<(usize, Request)> {
    let chars: Vec<char> = request.input.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let end = i + chars[i..].iter().take_while(|&&c| c == chars[i]).count();
        if end - i >= 3 {
            let input: String = chars[..i + 2].iter().chain(&chars[end..]).collect();
            out.push((i + 2, Request { input, base: request.base.clone() }));
        }
        i = end;
    }
    out
}

/// The code points that end a component: deleting one joins two components, which ends
/// many deviations without being their cause (`ftp://xn--/file` without its last `/` has the
/// host `xn--file`).
const COMPONENT_ENDS: &str = "/?#@:";

/// The deciding code point's index among `chars`, given for each variant whether the
/// deviation still holds (see the module documentation): the last decider that is neither an
/// ASCII letter or digit nor a component end, else the last component end, else the last
/// decider; `None`: the end of input.
pub fn pick(chars: &[char], still_holds: &[bool]) -> Option<usize> {
    let decides: Vec<usize> =
        still_holds.iter().enumerate().filter(|(_, holds)| !**holds).map(|(i, _)| i).collect();
    let last =
        |wanted: &dyn Fn(char) -> bool| decides.iter().rev().find(|&&i| wanted(chars[i])).copied();
    last(&|c| !c.is_ascii_alphanumeric() && !COMPONENT_ENDS.contains(c))
        .or_else(|| last(&|c| COMPONENT_ENDS.contains(c)))
        .or_else(|| decides.last().copied())
}

/// The kind a key names for a code point: ASCII letters and digits each as one kind, each
/// other ASCII code point as itself (`U+005C`: punctuation is what URL syntax is made of), C0
/// controls, tab or newline, DEL and C1 controls, the full stops IDNA maps to `.`, and every
/// other non-ASCII code point as one kind (which of them decides is the same step of the same
/// standard: percent-encoding, IDNA, or a grammar that has no room for it).
pub fn code_point_kind(c: Option<char>) -> String {
    let Some(c) = c else { return END_OF_INPUT.to_owned() };
    let kind = match c {
        c if c.is_ascii_alphabetic() => "ascii-letter",
        c if c.is_ascii_digit() => "ascii-digit",
        '\t' | '\n' | '\r' => "tab-or-newline",
        c if c.is_ascii_control() && c != '\u{7f}' => "c0-control",
        '\u{7f}'..='\u{9f}' => "del-or-c1-control",
        '\u{3002}' | '\u{ff0e}' | '\u{ff61}' => "idna-full-stop",
        c if !c.is_ascii() => "non-ascii",
        c => return format!("U+{:04X}", c as u32),
    };
    kind.to_owned()
}

/// Where `standard`'s reference reads each position of one request: for the URL Standard,
/// one traced parse answers every position.
#[derive(Debug)]
pub struct Steps<'r> {
    standard: Standard,
    request: &'r Request,
    trace: Option<urldiff_parser::Trace>,
}

impl<'r> Steps<'r> {
    pub fn new(standard: Standard, request: &'r Request) -> Self {
        let trace = (standard == Standard::Whatwg).then(|| {
            let base =
                request.base.as_deref().and_then(|b| urldiff_parser::Url::parse(b, None).ok());
            urldiff_parser::Url::trace_run(&request.input, base.as_ref())
        });
        Steps { standard, request, trace }
    }

    /// The step reading byte `position` (`None`: the end of input).
    pub fn at(&self, position: Option<usize>) -> StandardStep {
        match self.standard {
            Standard::Whatwg => self.whatwg_step(position),
            _ => rfc_step(self.standard, self.request, position),
        }
    }

    /// Where a library whose answer is `answer` departs, read from the reference's run
    /// ([`super::departure`]): URL Standard libraries that parsed with another href only.
    /// With the step, the kind of the code point read there.
    pub fn departure(&self, answer: &Answer) -> Option<(StandardStep, String)> {
        let trace = self.trace.as_ref()?;
        let href = super::departure::library_href(answer)?;
        let base =
            self.request.base.as_deref().and_then(|b| urldiff_parser::Url::parse(b, None).ok());
        let input = (self.request.input.as_str(), base.as_ref());
        let (departure, position) = super::departure::departure(trace, input, href)?;
        let c = self.request.input.get(position..).and_then(|rest| rest.chars().next());
        let step = match departure {
            super::departure::Departure::State(state) => whatwg_state_step(state),
            super::departure::Departure::DroppedFileHost => dropped_file_host_step(),
        };
        Some((step, code_point_kind(c)))
    }

    /// The URL Standard's state that read `position` (at the end: the last state run).
    fn whatwg_step(&self, position: Option<usize>) -> StandardStep {
        let steps = self.trace.as_ref().map_or(&[][..], |t| &t.steps[..]);
        let state = match position {
            Some(p) => steps.iter().rev().find(|s| s.position <= p),
            None => steps.last(),
        }
        .map_or(urldiff_parser::State::SchemeStart, |s| s.state);
        whatwg_state_step(state)
    }
}

/// The step of a file host dropped before a drive letter: the path state, qualified
/// ([`super::departure::DROPPED_FILE_HOST`]).
pub fn dropped_file_host_step() -> StandardStep {
    let path = urldiff_parser::State::Path;
    StandardStep {
        standard: Standard::Whatwg,
        id: super::departure::DROPPED_FILE_HOST.to_owned(),
        title: format!("{} (a Windows drive letter after a file host)", path.spec_name()),
        link: format!("https://url.spec.whatwg.org/#{}", path.anchor()),
    }
}

/// The state anchor a step id names (`path-state` for `path-state:windows-drive-letter`).
pub fn state_anchor(id: &str) -> &str {
    id.split(':').next().unwrap_or(id)
}

/// The step of a state of the URL Standard's basic URL parser.
pub fn whatwg_state_step(state: urldiff_parser::State) -> StandardStep {
    StandardStep {
        standard: Standard::Whatwg,
        id: state.anchor().to_owned(),
        title: state.spec_name(),
        link: format!("{}#{}", urldiff_parser::URL_STANDARD, state.anchor()),
    }
}

/// RFC sections: the component holding the position, or section 5.2's step when a base
/// resolves a relative reference. Numbered as RFC 3986 numbers them, for RFC 2396 too (its
/// components are the same; its sections are not).
fn rfc_step(standard: Standard, request: &Request, position: Option<usize>) -> StandardStep {
    let input = &request.input;
    let spans = rfc3986::split_spans(input);
    let p = position.unwrap_or(input.len());
    let c = position.and_then(|p| input.get(p..)).and_then(|rest| rest.chars().next());
    // Each range excludes its delimiter: `:` after the scheme, `//`, `?`, `#`.
    let in_scheme = spans.scheme.as_ref().is_some_and(|s| p <= s.end);
    let authority = spans.authority.clone().filter(|a| p + 2 >= a.start && p < a.end);
    let (id, title) = if c.is_some_and(|c| !is_uri_character(c)) {
        ("2", "characters")
    } else if in_scheme {
        ("3.1", "scheme")
    } else if let Some(a) = authority {
        authority_section(&input[a.clone()], p, a.start)
    } else if request.base.is_some() && spans.scheme.is_none() {
        let in_path = p >= spans.path.start && p < spans.path.end;
        match (in_path, c) {
            (true, Some('.' | '/')) => ("5.2.4", "remove_dot_segments"),
            (true, _) => ("5.2.3", "merge paths"),
            (false, _) => ("5.2.2", "transform references"),
        }
    } else if spans.fragment.as_ref().is_some_and(|f| p + 1 >= f.start) {
        ("3.5", "fragment")
    } else if spans.query.as_ref().is_some_and(|q| p + 1 >= q.start) {
        ("3.4", "query")
    } else {
        ("3.3", "path")
    };
    rfc_section_step(standard, id, title)
}

/// The step of `standard` at RFC 3986 section `id` (`title`): RFC 3986's own, or for RFC 2396
/// the section of RFC 2396 that says the same (its grammar is what an RFC 2396 library is held
/// to, and its maintainers read RFC 2396: §2.4 escape sequences, §3.2.2 the server-based
/// authority, §5.2 the resolution algorithm, §4.1 the fragment).
pub fn rfc_section_step(standard: Standard, id: &str, title: &str) -> StandardStep {
    if standard != Standard::Rfc2396 {
        return StandardStep {
            standard,
            id: id.to_owned(),
            title: format!("RFC 3986 §{id} {title}"),
            link: format!("https://www.rfc-editor.org/rfc/rfc3986#section-{id}"),
        };
    }
    // (the step's id, RFC 2396's section, what of it): a section holding several of RFC
    // 3986's steps keeps them apart by its own parts (§5.2's numbered steps, §3.2.2's
    // userinfo, host and port), so two behaviours stay two causes.
    let (id, section, title) = match id {
        "2" => ("2", "2", "URI characters and escape sequences"),
        "2.1" => ("2.4", "2.4", "escape sequences"),
        "3.1" => ("3.1", "3.1", "scheme component"),
        "3.2" => ("3.2", "3.2", "authority component"),
        "3.2.1" => ("3.2.2/userinfo", "3.2.2", "server-based naming authority: userinfo"),
        "3.2.2" => ("3.2.2/host", "3.2.2", "server-based naming authority: host"),
        "3.2.3" => ("3.2.2/port", "3.2.2", "server-based naming authority: port"),
        "3.3" => ("3.3", "3.3", "path component"),
        "3.4" => ("3.4", "3.4", "query component"),
        "3.5" => ("4.1", "4.1", "fragment identifier"),
        "5.2.2" => ("5.2/2-5", "5.2", "resolving relative references, steps 2 to 5"),
        "5.2.3" => ("5.2/6a-b", "5.2", "resolving relative references, step 6 a and b"),
        "5.2.4" => ("5.2/6c-f", "5.2", "resolving relative references, step 6 c to f"),
        other => (other, other, title),
    };
    StandardStep {
        standard,
        id: id.to_owned(),
        title: format!("RFC 2396 §{section} {title}"),
        link: format!("https://www.rfc-editor.org/rfc/rfc2396#section-{section}"),
    }
}

/// The section of the authority that holds byte `p` of the input (`start`: where the
/// authority begins, after `//`).
fn authority_section(authority: &str, p: usize, start: usize) -> (&'static str, &'static str) {
    if p < start {
        return ("3.2", "authority");
    }
    let parts = rfc3986::split_authority_spans(authority);
    let at = p - start;
    if parts.userinfo.as_ref().is_some_and(|u| at <= u.end) {
        ("3.2.1", "user information")
    } else if at < parts.host.end {
        ("3.2.2", "host")
    } else {
        ("3.2.3", "port")
    }
}

/// The byte position of the `index`-th code point of `input`.
pub fn byte_position(input: &str, index: usize) -> Option<usize> {
    input.char_indices().nth(index).map(|(p, _)| p)
}

/// Whether `c` may appear in a URI at all (RFC 3986 section 2: unreserved, reserved, or `%`);
/// a code point outside this set is decided by section 2, whatever the component.
fn is_uri_character(c: char) -> bool {
    c.is_ascii_alphanumeric() || "-._~:/?#[]@!$&'()*+,;=%".contains(c)
}

/// The step of RFC 3986 section 2.1 ("percent-encoding"): where a library departs that
/// parses a character its standard allows in that component only percent-encoded.
pub fn percent_encoding_step(standard: Standard) -> StandardStep {
    rfc_section_step(standard, "2.1", "percent-encoding")
}

/// Where an RFC library that parsed (`answer`) departs when its standard's grammar rejects
/// the input at a character that may appear there only percent-encoded (RFC 3986 section
/// 2.1; RFC 2396 section 2.4): a character outside the URI character set, a `%` that does
/// not begin `%XX`, or a `[`, `]` or `#` in the userinfo, path, query or fragment (`[` and `]`
/// delimit only an IP literal, `#` only the fragment). The step is section 2.1 whatever the
/// component holding it and whatever the library then does with the character (keeps it raw
/// or percent-encodes it): one cause however the grammar names the rule it broke. `None`
/// otherwise (the library failed, the grammar accepts, or it fails on structure).
pub fn percent_encoding_departure(
    standard: Standard,
    request: &Request,
    answer: &Answer,
) -> Option<(StandardStep, String)> {
    if !matches!(standard, Standard::Rfc3986 | Standard::Rfc2396)
        || !matches!(answer, Answer::Parsed { .. })
    {
        return None;
    }
    let Err(crate::standards::StrictRfcRejection::NotAUriReference(violation)) =
        crate::standards::strict_rfc(standard, &request.input, None)
    else {
        return None;
    };
    let input = &request.input;
    let p = violation.position;
    // A `%` not followed by two hex digits is reported at the byte that is not one (or at the
    // end of input): the code point is the `%`.
    if matches!(violation.rule, "pct-encoded" | "escaped") {
        return Some((percent_encoding_step(standard), code_point_kind(Some('%'))));
    }
    let c = input.get(p..)?.chars().next()?;
    let needs_encoding = match c {
        '%' => {
            !input.as_bytes().get(p + 1..p + 3).is_some_and(|h| h.iter().all(u8::is_ascii_hexdigit))
        }
        '[' | ']' | '#' => outside_host(input, p),
        c => !is_uri_character(c),
    };
    needs_encoding.then(|| (percent_encoding_step(standard), code_point_kind(Some(c))))
}

/// Whether byte `p` of `input` lies in its userinfo, path, query or fragment (not its scheme
/// or host).
fn outside_host(input: &str, p: usize) -> bool {
    let spans = rfc3986::split_spans(input);
    if spans.scheme.as_ref().is_some_and(|s| p <= s.end) {
        return false;
    }
    match spans.authority {
        Some(a) if p >= a.start && p < a.end => {
            let parts = rfc3986::split_authority_spans(&input[a.clone()]);
            parts.userinfo.is_some_and(|u| p - a.start < u.end)
        }
        _ => true,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_run_of_three_or_more_is_shortened_to_two() {
        let request = Request::new("////h/p", Some("https://example.org/"));
        let runs: Vec<(usize, String)> =
            run_variants(&request).into_iter().map(|(i, r)| (i, r.input)).collect();
        assert_eq!(runs, [(2, "//h/p".to_owned())]);
        assert!(run_variants(&Request::new("//a", None)).is_empty());
    }

    /// An RFC 2396 library's step is RFC 2396's own section (its table of contents: §2.4
    /// Escape Sequences, §3.2.2 Server-based Naming Authority, §4.1 Fragment Identifier, §5.2
    /// Resolving Relative References to Absolute Form), linked to RFC 2396; RFC 3986's stays.
    #[test]
    fn rfc_2396_steps_are_rfc_2396_sections() {
        let cases = [
            ("2.1", "2.4", "escape sequences"),
            ("3.2.3", "3.2.2", "server-based naming authority: port"),
            ("3.5", "4.1", "fragment identifier"),
            ("5.2.4", "5.2", "resolving relative references, step 6 c to f"),
            ("3.3", "3.3", "path component"),
        ];
        for (rfc3986, rfc2396, title) in cases {
            let step = rfc_section_step(Standard::Rfc2396, rfc3986, "x");
            let link = format!("https://www.rfc-editor.org/rfc/rfc2396#section-{rfc2396}");
            assert_eq!((step.title, step.link), (format!("RFC 2396 §{rfc2396} {title}"), link));
        }
        // Two of RFC 3986's steps in one RFC 2396 section stay two steps.
        let merge = rfc_section_step(Standard::Rfc2396, "5.2.3", "merge paths");
        let dots = rfc_section_step(Standard::Rfc2396, "5.2.4", "remove_dot_segments");
        assert_ne!(merge.id, dots.id);
        let step = rfc_section_step(Standard::Rfc3986, "5.2.4", "remove_dot_segments");
        assert_eq!(step.title, "RFC 3986 §5.2.4 remove_dot_segments");
        assert_eq!(step.link, "https://www.rfc-editor.org/rfc/rfc3986#section-5.2.4");
    }
}
