//! Property tests of the parser's shortcuts: each against the byte-by-byte or step-by-step
//! way it stands for.

use crate::url::Url;
use proptest::strategy::Strategy;

proptest::proptest! {
    #![proptest_config(crate::property_test_config(4096))]
    /// The word-at-a-time test is the byte-by-byte one, on every length and alignment.
    #[test]
    fn has_byte_below_0e_is_any_byte_below_0e(
        bytes in proptest::collection::vec(
            proptest::prop_oneof![30 => 0x0Eu8..=0xFF, 1 => 0u8..0x0E, 1 => proptest::strategy::Just(0x0D)],
            0..40,
        )
    ) {
        let expected = bytes.iter().any(|&b| b < 0x0E);
        proptest::prop_assert_eq!(super::has_byte_below_0e(&bytes), expected);
    }
}

/// What a parse gives: the URL or failure, and the validation errors met.
type Parsed = (Result<Url, crate::ParseError>, crate::Errors);

/// A parse of `input` against `base` (parsed first) with the states' shortcuts and one
/// without.
fn with_and_without_shortcuts(input: &str, base: Option<&str>) -> (Parsed, Parsed) {
    let base = base.map(|b| Url::parse(b, None).expect("base parses"));
    let fast = Url::parse_collecting_with(input, base.as_ref(), true);
    let full = Url::parse_collecting_with(input, base.as_ref(), false);
    (fast, full)
}

/// An input with an authority of generated pieces (userinfo, `@`, host delimiters, brackets,
/// ports, percent, non-ASCII, spaces, backslashes) after one of several scheme shapes, and a
/// path, query or fragment after it.
fn authority_input() -> impl Strategy<Value = String> {
    let piece = proptest::sample::select(
        &[
            "a", "b.c", "EX", "1.2.3.4", "0x7f", "[::1]", "[", "]", ":", ":80", ":99999", "@",
            "user", "p:w", "%41", "%zz", "\u{fc}", "\\", " ", "xn--a", "-", "\t",
        ][..],
    );
    let prefix = proptest::sample::select(
        &["http://", "https:/", "HTTP:\\\\", "ws://", "foo://", "file://", "//", "/", ""][..],
    );
    let suffix = proptest::sample::select(&["", "/", "/p", "?q", "#f", "\\x", "/..\\"][..]);
    (prefix, proptest::collection::vec(piece, 0..8), suffix)
        .prop_map(|(prefix, pieces, suffix)| format!("{prefix}{}{suffix}", pieces.concat()))
}

proptest::proptest! {
    #![proptest_config(crate::property_test_config(4096))]
    /// The authority state's shortcut (starting the host state at the end of a buffer
    /// without `:`, `[` or `]`) gives the URL and validation errors, positions included, of
    /// the full path, which goes back to the buffer's start.
    #[test]
    fn authority_shortcut_is_the_full_path(
        input in authority_input(),
        base in proptest::sample::select(&[None, Some("http://h/b"), Some("foo://h/b")][..]),
    ) {
        let (fast, full) = with_and_without_shortcuts(&input, base);
        proptest::prop_assert_eq!(fast, full, "{:?}", input);
    }
}

/// An input with a path of generated segments (plain ones, single-dot and double-dot ones
/// written with `.` and `%2e`, dot-led names, Windows drive letters, empty ones, code points
/// to encode or validate, backslashes) after one of several scheme and authority shapes,
/// with a query or fragment after it or in it.
fn path_input() -> impl Strategy<Value = String> {
    let piece = proptest::sample::select(
        &[
            "a", "bc", "x.y", ".", "..", ".a", "%2e", "%2E.", "/", "/", "/", "\\", "C:", "c|", " ",
            "\u{e9}", "%41", "%", "?", "#", "-_~",
        ][..],
    );
    let prefix = proptest::sample::select(
        &["http://h/", "file:///", "file:/", "foo://h/", "foo:/", "foo:", "/", "", "//h"][..],
    );
    (prefix, proptest::collection::vec(piece, 0..10))
        .prop_map(|(prefix, pieces)| format!("{prefix}{}", pieces.concat()))
}

proptest::proptest! {
    #![proptest_config(crate::property_test_config(4096))]
    /// The path state's shortcut (plain segments appended at once) gives the URL and
    /// validation errors, positions included, of the step-by-step path.
    #[test]
    fn path_shortcut_is_the_full_path(
        input in path_input(),
        base in proptest::sample::select(
            &[None, Some("http://h/b/c"), Some("file:///C:/d/e"), Some("foo://h/b/c")][..],
        ),
    ) {
        let (fast, full) = with_and_without_shortcuts(&input, base);
        proptest::prop_assert_eq!(fast, full, "{:?}", input);
    }
}

/// An input of a scheme (special or not, any case, or none), slashes and backslashes in any
/// number, and an authority and path of generated pieces.
fn url_input() -> impl Strategy<Value = String> {
    let scheme = proptest::sample::select(
        &["http:", "https:", "HTTPS:", "ws:", "file:", "foo:", "a+b:", "", "h\u{e9}:"][..],
    );
    let slashes =
        proptest::sample::select(&["//", "//", "///", "/\\", "\\\\", "/", "", "//\\", "\\"][..]);
    let piece = proptest::sample::select(
        &[
            "a", "b.c", "@", ":", "8080", "[::1]", "/", "?", "#", ".", "%2e", " ", "\u{fc}", "'",
            "\"", "<", "`", "%zz",
        ][..],
    );
    (scheme, slashes, proptest::collection::vec(piece, 0..6))
        .prop_map(|(scheme, slashes, pieces)| format!("{scheme}{slashes}{}", pieces.concat()))
}

proptest::proptest! {
    #![proptest_config(crate::property_test_config(4096))]
    /// Every shortcut of the states at once (the scheme state's for "//" after a special
    /// scheme, the query's and fragment's first runs among them) gives the URL and validation errors, positions included, of the
    /// step-by-step parse.
    #[test]
    fn shortcuts_are_the_full_path(
        input in url_input(),
        base in proptest::sample::select(
            &[
                None,
                Some("http://h/b"),
                Some("https://h/b?q#f"),
                Some("foo://h/b"),
                Some("file:///C:/x"),
                Some("sc:opaque?q"),
            ][..],
        ),
    ) {
        let (fast, full) = with_and_without_shortcuts(&input, base);
        proptest::prop_assert_eq!(fast, full, "{:?}", input);
    }
}

proptest::proptest! {
    #![proptest_config(crate::property_test_config(4096))]
    /// When the fast test says an input needs no pre-processing, pre-processing returns it
    /// as it is, reporting nothing (the test may say no to an input returned as it is: the
    /// empty one, one with a C0 control below 0x0E inside it).
    #[test]
    fn needs_no_preprocessing_is_preprocess_as_is(
        input in "[ \t\n\r\u{0}\u{1f}a/:\u{e9}]{0,12}",
    ) {
        let mut errors = crate::errors::Errors::new();
        let (prepared, leading, map) = super::preprocess(&input, &mut errors);
        let as_is = prepared == input.as_str() && leading == 0 && map.is_none() && errors.is_empty();
        if super::needs_no_preprocessing(&input) {
            proptest::prop_assert!(as_is, "{:?}", input);
        }
        // For a list that keeps no error, the same input, without the position map.
        let mut discarding = crate::errors::Errors::discarding();
        let (without_map, same_leading, no_map) = super::preprocess(&input, &mut discarding);
        proptest::prop_assert_eq!((without_map, same_leading), (prepared, leading), "{:?}", input);
        proptest::prop_assert!(no_map.is_none() && discarding.is_empty());
    }
}

/// An input whose opaque path, query or fragment holds generated pieces: code points appended
/// as they are, members of each percent-encode set, C0 controls and DEL, `%` with and without
/// two hex digits (and at the end), non-ASCII of every UTF-8 length, noncharacters, and the
/// delimiters that end these states (`?`, `#`, a space before them).
fn encoding_input() -> impl Strategy<Value = String> {
    let piece = proptest::sample::select(
        &[
            "a",
            "b-c",
            " ",
            "\"",
            "<",
            ">",
            "`",
            "'",
            "{",
            "}",
            "^",
            "|",
            "\\",
            "\u{1}",
            "\u{7f}",
            "%41",
            "%4",
            "%",
            "%zz",
            "\u{e9}",
            "\u{20ac}",
            "\u{1f600}",
            "\u{fdd0}",
            "\u{fffe}",
            "?",
            "#",
            " ?",
            " #",
            "/",
            ".",
            "[",
            "]",
        ][..],
    );
    let prefix = proptest::sample::select(
        &[
            "sc:",
            "javascript:",
            "http://h/p?",
            "foo://h?",
            "http://h#",
            "sc:x?",
            "sc:x#",
            "?",
            "#",
            "",
        ][..],
    );
    (prefix, proptest::collection::vec(piece, 0..12))
        .prop_map(|(prefix, pieces)| format!("{prefix}{}", pieces.concat()))
}

proptest::proptest! {
    #![proptest_config(crate::property_test_config(4096))]
    /// The opaque path, query and fragment states' steps run over many code points at once
    /// (`Parser::append_code_points_until`) give the URL and validation errors, positions
    /// included, of one step per code point.
    #[test]
    fn encoding_runs_are_the_full_path(
        input in encoding_input(),
        base in proptest::sample::select(&[None, Some("http://h/b?q"), Some("sc:opaque")][..]),
    ) {
        let (fast, full) = with_and_without_shortcuts(&input, base);
        proptest::prop_assert_eq!(fast, full, "{:?}", input);
    }
}

proptest::proptest! {
    #![proptest_config(crate::property_test_config(2048))]
    /// The search and hash setters (the query and fragment states under a state override, where
    /// `#` in a query is one more code point to encode) give what the setters' steps say,
    /// worked out here apart from the parser: the value less one leading `?` or `#` and its
    /// tabs and newlines, UTF-8 percent-encoded with the query set (the special-query set for
    /// a special URL) or the fragment set.
    #[test]
    fn search_and_hash_setters_encode_every_code_point(
        pieces in proptest::collection::vec(
            proptest::sample::select(
                &["a", "#", "?", " ", "'", "\"", "<", "`", "%", "%4", "%41", "\t", "\n", "\u{1}",
                  "\u{7f}", "\u{e9}", "\u{1f600}", "\u{fdd0}", "\\", "{"][..],
            ),
            0..10,
        ),
        base in proptest::sample::select(&["http://h/p?q#f", "foo://h/p", "sc:opaque"][..]),
    ) {
        use crate::percent;
        let value: String = pieces.concat();
        let encoded = |value: &str, strip: char, set| {
            let value = value.strip_prefix(strip).unwrap_or(value);
            let kept: String = value.chars().filter(|c| !matches!(c, '\t' | '\n' | '\r')).collect();
            percent::utf8_percent_encode(&kept, set)
        };
        let mut url = Url::parse(base, None).expect("base parses");
        let query_set = if url.is_special() { percent::SPECIAL_QUERY } else { percent::QUERY };
        url.set_search(&value);
        let query = (!value.is_empty()).then(|| encoded(&value, '?', query_set));
        proptest::prop_assert_eq!(url.query(), query.as_deref(), "search {:?} on {}", value, base);
        url.set_hash(&value);
        let fragment = (!value.is_empty()).then(|| encoded(&value, '#', percent::FRAGMENT));
        proptest::prop_assert_eq!(url.fragment(), fragment.as_deref(), "hash {:?} on {}", value, base);
    }
}

proptest::proptest! {
    #![proptest_config(crate::property_test_config(4096))]
    /// `Url::parse`, which keeps no validation error (nobody reads them), gives the URL or the
    /// failure of the parse that keeps them all: no step reads the errors it reported.
    #[test]
    fn a_parse_keeping_no_error_is_the_parse_keeping_them(
        input in proptest::prop_oneof![url_input(), authority_input(), encoding_input()],
        base in proptest::sample::select(
            &[None, Some("http://h/b"), Some("foo://h/b"), Some("file:///C:/x"), Some("sc:o")][..],
        ),
    ) {
        let base = base.map(|b| Url::parse(b, None).expect("base parses"));
        let kept = Url::parse_with_errors(&input, base.as_ref()).result;
        proptest::prop_assert_eq!(Url::parse(&input, base.as_ref()), kept, "{:?}", input);
    }
}
