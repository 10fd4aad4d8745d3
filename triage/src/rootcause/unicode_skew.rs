//! Unicode-version skew: a library whose Unicode data is older than its standard's reference's
//! meets a code point that one version assigns and the other does not (U+3E8AC, assigned in
//! Unicode 18.0: the reference's ICU4X data has it, ada's 17.0 does not, and IDNA disallows an
//! unassigned code point). That is no bug of either, and wherever in the URL it shows (a host,
//! a path read otherwise after the host failed), it is one cause: one group per library, keyed
//! by the step [`step`] (`unicode-version`) instead of a state of the parser, and marked
//! `unicode-version` ([`crate::mark::Mark::UnicodeVersion`]), never a draft.
//!
//! A part is such a skew when both facts hold:
//! 1. **the data**: the input holds a code point that the reference's Unicode version assigns
//!    and the library's does not (the version that added it, from
//!    [`crate::classify::unicode_age`], is newer than the library's and not newer than the
//!    reference's; each oracle's version is its `unicode`, probed or declared);
//! 2. **the cause**: with each such code point replaced by a stand-in every version assigns
//!    (a letter of the same UTF-8 length, [`stand_in`]), the library no longer deviates.
//!
//! A library with another bug on the same input still deviates with the stand-ins, and is
//! keyed by that bug's step.

use super::StandardStep;
use crate::ask::Request;
use urldiff_oracles::{OracleInfo, Standard};

/// The step id of a skew key.
pub const STEP_ID: &str = "unicode-version";

/// A Unicode version, as (major, minor).
pub type Version = (u32, u32);

/// The version an oracle's `unicode` starts with (`17.0 (probed)`, `15.1.0 (unicodedata; …)`,
/// `ICU4X 2.4.0 data: Unicode 18.0.0`); `None` when unknown.
pub fn version_of(info: &OracleInfo) -> Option<Version> {
    let text = info.unicode.as_deref()?;
    if text.starts_with("ICU4X") {
        // `ICU4X 2.4.0 data: Unicode 18.0.0`: the Unicode version is the later number.
        let at = text.find("Unicode ")? + "Unicode ".len();
        return parse(&text[at..]);
    }
    let start = text.find(|c: char| c.is_ascii_digit())?;
    parse(&text[start..])
}

fn parse(text: &str) -> Option<Version> {
    let token: String = text.chars().take_while(|c| c.is_ascii_digit() || *c == '.').collect();
    let mut numbers = token.split('.').map(str::parse::<u32>);
    Some((numbers.next()?.ok()?, numbers.next().and_then(Result::ok).unwrap_or(0)))
}

/// The version that added `c` (the lowest of a range such as `16.0-17.0`), for a code point
/// that Unicode 14.0 did not have and the reference's data has; `None` otherwise.
pub fn added_in(c: char) -> Option<Version> {
    match crate::classify::version_sensitive(c)? {
        "unassigned" => None,
        age => parse(age.split('-').next()?),
    }
}

/// The code points of `input` (index, code point) that `reference`'s version assigns and
/// `library`'s does not.
pub fn unknown_to(input: &str, library: Version, reference: Version) -> Vec<(usize, char)> {
    input
        .chars()
        .enumerate()
        .filter(|(_, c)| added_in(*c).is_some_and(|v| v > library && v <= reference))
        .collect()
}

/// A code point every Unicode version since 3.1 assigns and IDNA keeps valid, of `c`'s UTF-8
/// length (so that byte positions stay): `é`, `一`, `𠀀`; a combining mark for a mark.
pub fn stand_in(c: char) -> char {
    use icu_properties::props::GeneralCategory as G;
    let category = icu_properties::CodePointMapData::<G>::new().get(c);
    if matches!(category, G::NonspacingMark | G::SpacingMark | G::EnclosingMark) {
        return '\u{301}';
    }
    match c.len_utf8() {
        2 => '\u{E9}',
        3 => '\u{4E00}',
        _ => '\u{20000}',
    }
}

/// `request` with each code point of `unknown` replaced by its [`stand_in`].
pub fn with_stand_ins(request: &Request, unknown: &[(usize, char)]) -> Request {
    let input = request
        .input
        .chars()
        .enumerate()
        .map(|(i, c)| if unknown.iter().any(|(j, _)| *j == i) { stand_in(c) } else { c })
        .collect();
    Request { input, base: request.base.clone() }
}

/// The versions of a library and its reference, when both are known and the library's is
/// the older.
pub fn skewed(library: &OracleInfo, reference: &OracleInfo) -> Option<(Version, Version)> {
    let (l, r) = (version_of(library)?, version_of(reference)?);
    (l < r).then_some((l, r))
}

/// The key's step for a skew of a library of `standard`.
pub fn step(standard: Standard) -> StandardStep {
    StandardStep {
        standard,
        id: STEP_ID.to_owned(),
        title: "Unicode version of the IDNA data".to_owned(),
        link: "https://www.unicode.org/reports/tr46/#Implementation_Notes".to_owned(),
    }
}

/// `U+3E8AC`.
pub fn code_point_name(c: char) -> String {
    format!("U+{:04X}", u32::from(c))
}

/// `17.0`.
pub fn version_name((major, minor): Version) -> String {
    format!("{major}.{minor}")
}

#[cfg(test)]
mod tests {
    use super::*;
    use urldiff_oracles::Oracle;

    fn info(unicode: Option<&str>) -> OracleInfo {
        let mut info =
            crate::standards::StandardReference::new(Standard::Rfc3986).unwrap().info().clone();
        info.unicode = unicode.map(str::to_owned);
        info
    }

    /// The versions as the oracles state them (`urldiff oracles`).
    #[test]
    fn versions_are_read_as_oracles_state_them() {
        assert_eq!(version_of(&info(Some("17.0 (probed)"))), Some((17, 0)));
        assert_eq!(
            version_of(&info(Some("15.0 (probed); node's ICU: Unicode 17.0"))),
            Some((15, 0))
        );
        assert_eq!(
            version_of(&info(Some("15.1.0 (unicodedata; urllib.parse does no IDNA)"))),
            Some((15, 1))
        );
        assert_eq!(version_of(&info(Some("ICU4X 2.4.0 data: Unicode 18.0.0"))), Some((18, 0)));
        assert_eq!(version_of(&info(None)), None);
    }

    /// Unicode's own version history (the Unicode Character Database's DerivedAge.txt):
    /// U+3E8AC (Seal) is 18.0, U+32B9A (CJK Extension J) 17.0, U+2EBF0 (CJK Extension I) 15.1,
    /// U+31350 (CJK Extension H) 15.0; U+00E9 and U+4E00 are 1.1.
    #[test]
    fn ages_follow_unicode_history() {
        assert_eq!(added_in('\u{3E8AC}'), Some((18, 0)));
        assert_eq!(added_in('\u{2EBF0}'), Some((15, 1)));
        assert_eq!(added_in('\u{31350}'), Some((15, 0)));
        assert!(added_in('\u{32B9A}').is_some_and(|v| ((16, 0)..=(17, 0)).contains(&v)));
        assert_eq!(added_in('\u{E9}'), None);
        assert_eq!(added_in('\u{4E00}'), None);
        assert_eq!(added_in('a'), None);
    }

    /// ada (17.0) does not know U+3E8AC and knows U+32B9A; Node 20's ada (15.0) knows neither.
    #[test]
    fn unknown_code_points_are_those_between_the_versions() {
        let input = "http://\u{3E8AC}\u{32B9A}.com/";
        assert_eq!(unknown_to(input, (17, 0), (18, 0)), vec![(7, '\u{3E8AC}')]);
        assert_eq!(unknown_to(input, (15, 0), (18, 0)).len(), 2);
        assert!(unknown_to(input, (18, 0), (18, 0)).is_empty());
    }

    #[test]
    fn stand_ins_keep_the_length_and_are_old() {
        for c in ['\u{3E8AC}', '\u{88F}', '\u{2EBF0}'] {
            let s = stand_in(c);
            assert_eq!(added_in(s), None, "{c:?}");
            assert!(!crate::classify::unassigned(s));
        }
        assert_eq!(stand_in('\u{3E8AC}').len_utf8(), 4);
    }
}
