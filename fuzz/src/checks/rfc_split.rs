//! `rfc_split`: the RFC 3986 side of the reference parser.
//!
//! Fields (see [`crate::input`]): a reference, then an optional base (default: RFC 3986
//! section 5.4's `http://a/b/c/d;p?q`). The invariants:
//! - [`split`] agrees with the Appendix B regular expression
//!   (<https://www.rfc-editor.org/rfc/rfc3986#appendix-B>) on both strings, compared as
//!   `parser/tests/rfc_split_regex.rs` does: with the `s` flag (`.` matches `\n`) on every
//!   component, and verbatim, whose fragment must be ours cut at the first `\n` (the
//!   expression's `.*` stops there and it has no `$`);
//! - when the base is a valid absolute-URI and the reference a valid URI-reference (by the
//!   strict ABNF check), resolving it (section 5.2, strict and non-strict, and RFC 2396's
//!   variant) gives a valid URI — except where section 5.2.4 itself leaves a path starting
//!   with `//` and no authority, a finding (see [`resolution_is_valid`]);
//! - normalization (sections 6.2.2 and 6.2.3) is idempotent on both strings, when they are
//!   valid URI-references: normalization is defined on URIs, and on other strings decoding
//!   can complete a stray `%` into a new escape (`%3%30` becomes `%30`, then `0`).

use super::{CheckResult, Violation};
use crate::findings::Finding;
use crate::input;
use regex::{Captures, Regex};
use std::sync::OnceLock;
use urldiff_parser::rfc2396;
use urldiff_parser::rfc3986::{check as abnf, normalize, resolve, split, Rule, UriRef};

const TARGET: &str = "rfc_split";

/// The base of RFC 3986 section 5.4's examples.
pub const DEFAULT_BASE: &str = "http://a/b/c/d;p?q";

/// The expression exactly as printed in RFC 3986 Appendix B.
const APPENDIX_B: &str = r"^(([^:/?#]+):)?(//([^/?#]*))?([^?#]*)(\?([^#]*))?(#(.*))?";

struct Regexes {
    verbatim: Regex,
    dot_all: Regex,
}

fn regexes() -> &'static Regexes {
    static REGEXES: OnceLock<Regexes> = OnceLock::new();
    REGEXES.get_or_init(|| Regexes {
        verbatim: Regex::new(APPENDIX_B).expect("Appendix B compiles"),
        dot_all: Regex::new(&format!("(?s){APPENDIX_B}")).expect("Appendix B compiles"),
    })
}

pub fn check(data: &[u8]) -> CheckResult {
    let fields = input::fields(data);
    let reference: &str = &fields[0];
    let base = input::optional(&fields, 1).unwrap_or(DEFAULT_BASE);
    for s in [reference, base] {
        split_matches_appendix_b(s)?;
        normalization_is_idempotent(s)?;
    }
    resolution_is_valid(base, reference, data)
}

/// Scheme ($2), authority ($4), path ($5), query ($7), fragment ($9); a group that did not
/// participate is undefined.
type Components = [Option<String>; 5];

fn components(c: &Captures<'_>) -> Components {
    let group = |i: usize| c.get(i).map(|m| m.as_str().to_owned());
    [group(2), group(4), Some(group(5).unwrap_or_default()), group(7), group(9)]
}

fn ours(u: &UriRef) -> Components {
    [
        u.scheme.clone(),
        u.authority.clone(),
        Some(u.path.clone()),
        u.query.clone(),
        u.fragment.clone(),
    ]
}

fn split_matches_appendix_b(input: &str) -> Result<(), Violation> {
    let re = regexes();
    let mine = ours(&split(input));
    let violation = |what: String| Err(Violation::new(TARGET, "split-matches-appendix-b", what));
    let Some(dot_all) = re.dot_all.captures(input) else {
        return violation(format!("{input:?}: Appendix B (?s) does not match"));
    };
    let dot_all = components(&dot_all);
    if mine != dot_all {
        return violation(format!("{input:?}: split {mine:?}, Appendix B (?s) {dot_all:?}"));
    }
    let Some(verbatim) = re.verbatim.captures(input) else {
        return violation(format!("{input:?}: Appendix B does not match"));
    };
    let verbatim = components(&verbatim);
    let mut expected = mine;
    if let Some(f) = &mut expected[4] {
        f.truncate(f.find('\n').unwrap_or(f.len()));
    }
    if verbatim != expected {
        return violation(format!(
            "{input:?}: verbatim Appendix B {verbatim:?}, expected {expected:?}"
        ));
    }
    Ok(())
}

/// Resolve in every mode; a result that is not a valid URI breaks the invariant, except the
/// one way the RFC's own algorithm breaks it: remove_dot_segments can leave a path that
/// starts with `//` when there is no authority (`a:.//b` resolves to path `//b`), and
/// recomposed, that path reads as an authority. That is recorded as a finding.
fn resolution_is_valid(base: &str, reference: &str, data: &[u8]) -> CheckResult {
    if abnf(base, Rule::AbsoluteUri).is_err() || abnf(reference, Rule::UriReference).is_err() {
        return Ok(Vec::new());
    }
    let (b, r) = (split(base), split(reference));
    let results = [
        ("rfc3986-strict", resolve(&b, &r, true)),
        ("rfc3986-non-strict", resolve(&b, &r, false)),
        ("rfc2396", rfc2396::resolve(&b, &r)),
    ];
    let mut findings = Vec::new();
    for (how, target) in results {
        let resolved = target.recompose();
        let Err(v) = abnf(&resolved, Rule::Uri) else { continue };
        let detail =
            format!("{how}: {reference:?} against {base:?} gives {resolved:?}, not a URI: {v}");
        if target.authority.is_none() && target.path.starts_with("//") {
            let signature = format!("rfc_split:resolved-path-starts-with-//:{how}");
            findings.push(Finding::new(TARGET, signature, detail, data));
        } else {
            return Err(Violation::new(TARGET, "resolution-is-valid", detail));
        }
    }
    Ok(findings)
}

fn normalization_is_idempotent(input: &str) -> Result<(), Violation> {
    if abnf(input, Rule::UriReference).is_err() {
        return Ok(());
    }
    let once = normalize(&split(input));
    let twice = normalize(&once);
    if once != twice {
        return Err(Violation::new(
            TARGET,
            "normalization-idempotent",
            format!("{input:?}: normalized {:?}, again {:?}", once.recompose(), twice.recompose()),
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rfc_examples_and_newline_fragments_pass() {
        for (reference, base) in
            [("g;x?y#s", ""), ("../../../g", ""), ("a#b\nc", "x:y"), ("//[::1]:8/%7e", "")]
        {
            assert_eq!(check(&input::encode(&[reference, base])), Ok(vec![]), "{reference:?}");
        }
    }

    #[test]
    fn the_appendix_b_example_splits_as_the_rfc_prints_it() {
        // RFC 3986 Appendix B lists the groups of this example by hand.
        let input = "http://www.ics.uci.edu/pub/ietf/uri/#Related";
        let expected =
            [Some("http"), Some("www.ics.uci.edu"), Some("/pub/ietf/uri/"), None, Some("Related")]
                .map(|c| c.map(str::to_owned));
        assert_eq!(components(&regexes().verbatim.captures(input).unwrap()), expected);
        assert_eq!(ours(&split(input)), expected);
    }

    #[test]
    fn a_dot_segment_that_leaves_a_leading_double_slash_is_a_finding() {
        // Found by this target: "./" goes, "/./" becomes "/", leaving "//b:c" with no
        // authority, which recomposes as "a://b:c" — an authority with port "c". RFC 2396
        // takes a reference with a scheme as it is, dot segments and all.
        let findings = check(&input::encode(&["a:.//.//b:c", ""])).unwrap();
        let signatures: Vec<&str> = findings.iter().map(|f| f.signature.as_str()).collect();
        assert_eq!(
            signatures,
            [
                "rfc_split:resolved-path-starts-with-//:rfc3986-strict",
                "rfc_split:resolved-path-starts-with-//:rfc3986-non-strict",
            ]
        );
        assert!(
            findings[0].detail.contains("gives \"a://b:c\", not a URI: port at"),
            "{}",
            findings[0].detail
        );
    }

    #[test]
    fn invalid_inputs_skip_resolution() {
        assert_eq!(resolution_is_valid("not a base", "g", b""), Ok(vec![]));
        assert_eq!(resolution_is_valid(DEFAULT_BASE, "g h", b""), Ok(vec![]));
        assert_eq!(resolution_is_valid(DEFAULT_BASE, "../g?y#s", b""), Ok(vec![]));
        // Not a URI-reference, and not idempotent: decoding %30 completes the stray %3.
        let stray = "http://a/%3%30";
        assert_ne!(normalize(&normalize(&split(stray))), normalize(&split(stray)));
        assert_eq!(normalization_is_idempotent(stray), Ok(()));
    }
}
