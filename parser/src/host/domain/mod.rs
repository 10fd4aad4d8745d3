//! IDNA: domain to ASCII and domain to Unicode, and the host code-point classes.
//!
//! <https://url.spec.whatwg.org/#idna>
//!
//! UTS #46 itself is the `idna` crate's; this module only chooses its options as the URL
//! Standard says and turns its failures into the spec's validation errors.
//!
//! Domain to ASCII takes these shortcuts past UTS #46 where its answer is known: strict
//! ToASCII of an ASCII domain without a Punycode label is decided by byte tests, and with
//! Punycode labels of simple code points by byte tests and a decode (`idna_simple`); a domain
//! whose non-ASCII code points are all simple is Punycode-encoded as it is (`idna_simple`);
//! relaxed ToASCII reuses a strict success, and for any other non-ASCII domain the relaxed run
//! comes first and mostly decides the strict one (`strict_verdict`); a strict success is
//! not scanned again for forbidden code points. The host parser asks an ASCII domain's strict
//! verdict once and hands it on. Property tests compare each with UTS #46 on generated
//! domains, and [`domain_to_ascii_by_uts46`] (no shortcuts, and the crate's own `to_ascii`
//! where the parser runs `process` into a `String` given room at once) lets the fuzz
//! `roundtrip` target compare the whole algorithm both ways on every input.

mod code_point_classes;
mod idna_simple;
mod punycode;
mod simple_table;
mod strict_verdict;

pub use code_point_classes::{JOINS_AFTER_ZWNJ, JOINS_BEFORE_ZWNJ, NOT_VALID, RTL_LETTERS, SIMPLE};

use crate::errors::{Errors, ValidationErrorKind};
use crate::host::uts46::{domain_parser_to_ascii, uts46_to_ascii};
use crate::host::HostParseFailure;
use idna::uts46::{AsciiDenyList, Hyphens, Uts46};
use idna_simple::{punycode_domain_verdict, simple_domain_to_ascii};
use std::borrow::Cow;
use strict_verdict::strict_verdict_of_relaxed;

/// <https://url.spec.whatwg.org/#forbidden-host-code-point>
///
/// "U+0000 NULL, U+0009 TAB, U+000A LF, U+000D CR, U+0020 SPACE, U+0023 (#), U+002F (/),
/// U+003A (:), U+003C (<), U+003E (>), U+003F (?), U+0040 (@), U+005B ([), U+005C (\),
/// U+005D (]), U+005E (^), or U+007C (|)."
#[inline]
pub const fn is_forbidden_host_code_point(c: char) -> bool {
    matches!(
        c,
        '\0' | '\t'
            | '\n'
            | '\r'
            | ' '
            | '#'
            | '/'
            | ':'
            | '<'
            | '>'
            | '?'
            | '@'
            | '['
            | '\\'
            | ']'
            | '^'
            | '|'
    )
}

/// <https://url.spec.whatwg.org/#forbidden-domain-code-point>
///
/// "a forbidden host code point, a C0 control, U+0025 (%), or U+007F DELETE."
#[inline]
pub const fn is_forbidden_domain_code_point(c: char) -> bool {
    is_forbidden_host_code_point(c) || c <= '\u{1F}' || c == '%' || c == '\u{7F}'
}

/// What a domain's bytes contain, as bits of [`DomainBytes`], gathered in one pass.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct DomainBytes(u8);

impl DomainBytes {
    /// No bit: what an empty string has.
    const NONE: DomainBytes = DomainBytes(0);
    /// An ASCII upper-case letter.
    const UPPER: u8 = 1;
    /// A byte UseSTD3ASCIIRules does not keep: neither an ASCII alphanumeric, `-` nor `.`.
    pub(crate) const NOT_LDH: u8 = 2;
    /// A forbidden domain code point (all ASCII).
    const FORBIDDEN: u8 = 4;
    /// `%`.
    const PERCENT: u8 = 8;
    /// A byte of a non-ASCII code point.
    const NON_ASCII: u8 = 16;

    const TABLE: [u8; 256] = {
        let mut table = [0u8; 256];
        let mut b = 0;
        while b < 256 {
            let byte = b as u8;
            let mut bits = 0;
            if byte.is_ascii_uppercase() {
                bits |= Self::UPPER;
            }
            if !(byte.is_ascii_alphanumeric() || byte == b'-' || byte == b'.') {
                bits |= Self::NOT_LDH;
            }
            if byte < 0x80 && is_forbidden_domain_code_point(byte as char) {
                bits |= Self::FORBIDDEN;
            }
            if byte == b'%' {
                bits |= Self::PERCENT;
            }
            if byte >= 0x80 {
                bits |= Self::NON_ASCII;
            }
            table[b] = bits;
            b += 1;
        }
        table
    };

    /// The bits of every byte of `s`, or-ed (a fold without early exit: no branch per byte).
    #[inline]
    pub(crate) fn of(s: &str) -> DomainBytes {
        DomainBytes(s.bytes().fold(0, |bits, b| bits | Self::TABLE[usize::from(b)]))
    }

    pub(crate) fn has(self, bits: u8) -> bool {
        self.0 & bits != 0
    }

    pub(crate) fn is_ascii(self) -> bool {
        !self.has(Self::NON_ASCII)
    }

    pub(crate) fn has_percent(self) -> bool {
        self.has(Self::PERCENT)
    }
}

/// Whether domain to ASCII takes its shortcuts ([`strict_ascii_verdict`], the strict verdict
/// read off a relaxed result, and [`relaxed_to_ascii`]'s reuse of a strict success or of a
/// relaxed result) or asks UTS #46 every time: the parser
/// takes them; [`domain_to_ascii_by_uts46`] does not, for comparing the two (the property
/// tests here and the fuzz `roundtrip` target).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Shortcuts {
    /// Taken; with [`strict_ascii_verdict`]'s answer when the caller already asked for it.
    Take(Option<Option<bool>>),
    Skip,
}

/// A domain parser ToASCII result.
type ToAscii<'a> = Result<Cow<'a, str>, ()>;

/// Domain parser ToASCII with beStrict true and, when UTS #46 was asked with beStrict false to
/// decide it, that result too: [`strict_ascii_verdict`]'s answer where it has one (its
/// property test shows it equals UTS #46's), else [`strict_verdict_of_relaxed`]'s on the
/// relaxed result (likewise), else UTS #46's.
fn strict_to_ascii(
    domain: &str,
    bytes: DomainBytes,
    shortcuts: Shortcuts,
) -> (ToAscii<'_>, Option<ToAscii<'_>>) {
    let known_verdict = match shortcuts {
        Shortcuts::Skip => return (uts46_to_ascii(domain, true), None),
        Shortcuts::Take(known_verdict) => known_verdict,
    };
    match known_verdict.unwrap_or_else(|| strict_ascii_verdict(domain.as_bytes(), bytes)) {
        // UTS #46 maps ASCII only by lowercasing it.
        Some(true) => return (Ok(ascii_lowercase(domain, bytes)), None),
        Some(false) => return (Err(()), None),
        // An ASCII domain's relaxed result is never asked for (domain to ASCII's step 5).
        // With Punycode labels of simple code points, byte tests and a decode decide it.
        None if bytes.is_ascii() => {
            // (Only for domains of `[a-z0-9.-]`, which the bytes' bits tell at once.)
            let verdict = if bytes.has(DomainBytes::UPPER | DomainBytes::NOT_LDH) {
                None
            } else {
                punycode_domain_verdict(domain.as_bytes())
            };
            return match verdict {
                Some(true) => (Ok(Cow::Borrowed(domain)), None),
                Some(false) => (Err(()), None),
                None => (domain_parser_to_ascii(domain, true), None),
            };
        }
        None => {}
    }
    // Simple code points only: Punycode-encoded as they are, the checks by byte tests. (Not
    // asked when the bytes' bits show an ASCII byte other than `[a-z0-9.-]`, for which it
    // answers `None`.)
    let other_ascii = DomainBytes::UPPER | DomainBytes::FORBIDDEN | DomainBytes::PERCENT;
    let simple = if bytes.has(other_ascii) { None } else { simple_domain_to_ascii(domain) };
    if let Some((result, strict_valid)) = simple {
        return match strict_valid {
            true => (Ok(Cow::Owned(result)), None),
            false => (Err(()), Some(Ok(Cow::Owned(result)))),
        };
    }
    // A non-ASCII domain needs the relaxed result whenever the strict run fails, and the
    // strict verdict can mostly be read off it: one run where two were.
    let relaxed = domain_parser_to_ascii(domain, false);
    let verdict = match &relaxed {
        Err(()) => Some(false),
        Ok(result) => strict_verdict_of_relaxed(result),
    };
    match (verdict, relaxed) {
        // A strict success is the relaxed result.
        (Some(true), relaxed) => (relaxed, None),
        (Some(false), relaxed) => (Err(()), Some(relaxed)),
        (None, relaxed) => (domain_parser_to_ascii(domain, true), Some(relaxed)),
    }
}

/// Whether domain parser ToASCII with beStrict true succeeds on `domain` (whose bytes are
/// `bytes`), where that follows from the ASCII bytes alone: an ASCII domain none of whose
/// labels starts with the Punycode prefix `xn--` (in any case). `None` for any other domain
/// (UTS #46 decides).
///
/// For such a domain, UTS #46's steps come down to byte tests: mapping only lowercases ASCII;
/// UseSTD3ASCIIRules leaves `[a-z0-9.-]` valid and nothing else; CheckBidi concerns domains
/// with right-to-left code points and CheckJoiners U+200C and U+200D, none of them ASCII;
/// CheckHyphens forbids `-` first, last, and third and fourth together; VerifyDnsLength wants
/// no trailing dot (the `idna` crate's `DnsLength::Verify`), at most 253 bytes, and labels of
/// 1 to 63 bytes.
fn strict_ascii_verdict(domain: &[u8], bytes: DomainBytes) -> Option<bool> {
    if !bytes.is_ascii() {
        return None;
    }
    let mut valid = domain.len() <= 253 && !bytes.has(DomainBytes::NOT_LDH);
    // The labels, as strictly splitting on `.` gives them (a trailing dot leaves an empty
    // last label), one scan for each label's dot.
    let mut rest = domain;
    loop {
        let len = rest.iter().position(|&b| b == b'.').unwrap_or(rest.len());
        let label = &rest[..len];
        // `xn--` in any case: `| 0x20` lowercases an ASCII letter and maps no other byte
        // to `x` or `n`.
        if let [x, n, b'-', b'-', ..] = label {
            if x | 0x20 == b'x' && n | 0x20 == b'n' {
                return None;
            }
        }
        valid &= is_strict_ascii_label(label);
        match rest.get(len + 1..) {
            Some(next) => rest = next,
            None => return Some(valid),
        }
    }
}

/// [`strict_ascii_verdict`] of a domain of ASCII letters, digits, `-` and `.` only (whose
/// bytes are `bytes`), `None` for any other domain: asked once by the host parser, which
/// hands it on to domain to ASCII ([`domain_to_ascii_of`]) when the fast path below does not
/// answer.
#[inline]
pub(crate) fn ldh_strict_verdict(domain: &str, bytes: DomainBytes) -> Option<Option<bool>> {
    let ldh = !bytes.has(DomainBytes::NOT_LDH | DomainBytes::NON_ASCII);
    ldh.then(|| strict_ascii_verdict(domain.as_bytes(), bytes))
}

/// Domain to ASCII with beStrict false, where its answer follows from the bytes alone: a
/// domain of ASCII letters, digits, `-` and `.` only, whose strict ToASCII succeeds by
/// [`strict_ascii_verdict`] (no Punycode label, labels and length within bounds, hyphens
/// placed well), as `verdict`, its [`ldh_strict_verdict`], says. `None` for any other domain.
///
/// For such a domain the steps of [`domain_to_ascii`] report nothing (strictResult is no
/// failure) and return domain lowercased (step 5: it is ASCII), which is not empty (its labels
/// are not) and has no forbidden domain code point (letters, digits, `-` and `.` are none).
#[inline]
pub(crate) fn ldh_domain_to_ascii(
    domain: &str,
    bytes: DomainBytes,
    verdict: Option<Option<bool>>,
) -> Option<Cow<'_, str>> {
    (verdict == Some(Some(true))).then(|| ascii_lowercase(domain, bytes))
}

/// A label of LDH bytes that passes CheckHyphens and VerifyDnsLength (see above).
pub(super) fn is_strict_ascii_label(label: &[u8]) -> bool {
    let hyphen_at = |i: usize| label.get(i) == Some(&b'-');
    // CheckHyphens: no `-` first, last, or third and fourth.
    let misplaced_hyphen =
        || hyphen_at(0) || hyphen_at(label.len() - 1) || (hyphen_at(2) && hyphen_at(3));
    (1..=63).contains(&label.len()) && !misplaced_hyphen()
}

/// <https://url.spec.whatwg.org/#concept-domain-to-ascii> (the "domain parser")
///
/// Its one validation error, domain-to-ASCII, is reported at `offset` (the start of the domain
/// in the URL input): UTS #46 maps the whole domain, so a failure has no single position.
pub fn domain_to_ascii<'a>(
    domain: Cow<'a, str>,
    be_strict: bool,
    errors: &mut Errors,
    offset: usize,
) -> Result<Cow<'a, str>, HostParseFailure> {
    let bytes = DomainBytes::of(&domain);
    domain_to_ascii_of(domain, (bytes, None), be_strict, errors, offset)
}

/// [`domain_to_ascii`] without its shortcuts: UTS #46 is asked for every ToASCII the steps
/// name. The same answer and errors (property tests here; the fuzz `roundtrip` target checks
/// it on every input), only slower.
pub fn domain_to_ascii_by_uts46<'a>(
    domain: Cow<'a, str>,
    be_strict: bool,
    errors: &mut Errors,
    offset: usize,
) -> Result<Cow<'a, str>, HostParseFailure> {
    let bytes = DomainBytes::of(&domain);
    domain_to_ascii_with(domain, (bytes, Shortcuts::Skip), be_strict, errors, offset)
}

/// [`domain_to_ascii`] of a domain whose [`DomainBytes`] are known, and maybe its
/// [`strict_ascii_verdict`] (`known_verdict`, when [`ldh_strict_verdict`] gave one).
pub(crate) fn domain_to_ascii_of<'a>(
    domain: Cow<'a, str>,
    (bytes, known_verdict): (DomainBytes, Option<Option<bool>>),
    be_strict: bool,
    errors: &mut Errors,
    offset: usize,
) -> Result<Cow<'a, str>, HostParseFailure> {
    let shortcuts = Shortcuts::Take(known_verdict);
    domain_to_ascii_with(domain, (bytes, shortcuts), be_strict, errors, offset)
}

/// The domain to ASCII steps, on a domain whose bytes are `bytes`.
fn domain_to_ascii_with<'a>(
    domain: Cow<'a, str>,
    (bytes, shortcuts): (DomainBytes, Shortcuts),
    be_strict: bool,
    errors: &mut Errors,
    offset: usize,
) -> Result<Cow<'a, str>, HostParseFailure> {
    // "1. Let strictResult be the result of running domain parser ToASCII with domain and
    // true."
    let (strict_result, relaxed_result) = strict_to_ascii(&domain, bytes, shortcuts);
    // "2. If strictResult is a failure value, domain-to-ASCII validation error. This step
    // does not return."
    if strict_result.is_err() {
        errors.report(ValidationErrorKind::DomainToAscii, offset);
    }
    // "3. If beStrict is true: 1. If strictResult is a failure value, then return failure.
    // 2. Return strictResult."
    if be_strict {
        return strict_result.map(|r| Cow::Owned(r.into_owned())).map_err(|()| HostParseFailure);
    }
    // "4. Let result be null."
    // "5. If domain is an ASCII string, then set result to domain, lowercased."
    let (result, result_bytes) = if bytes.is_ascii() {
        drop((strict_result, relaxed_result));
        // Lowercasing changes no byte's forbidden-ness: `result_bytes` stays right for step 8.
        let result = match domain {
            Cow::Borrowed(domain) => ascii_lowercase(domain, bytes),
            Cow::Owned(mut domain) => {
                domain.make_ascii_lowercase();
                Cow::Owned(domain)
            }
        };
        (result, bytes)
    } else {
        // "6. Otherwise: 1. Set result to the result of running domain parser ToASCII with
        // domain and false. 2. If result is a failure value, then return failure."
        let strict_succeeded = strict_result.is_ok();
        let result = relaxed_to_ascii(&domain, strict_result, relaxed_result, shortcuts)
            .map_err(|()| HostParseFailure)?;
        // Shortcut: a strict success is result (see `relaxed_to_ascii`), which then has only
        // ASCII letters, digits, `-` and `.` (UseSTD3ASCIIRules) and is not empty
        // (VerifyDnsLength): no forbidden domain code point for step 8 to look for.
        let result_bytes = match shortcuts {
            Shortcuts::Take(_) if strict_succeeded => DomainBytes::NONE,
            _ => DomainBytes::of(&result),
        };
        (Cow::Owned(result), result_bytes)
    };
    // "7. If result is the empty string, then return failure."
    // "8. If result contains a forbidden domain code point, then return failure."
    // (result is ASCII: either the lowercased ASCII domain or ToASCII's output, so a byte
    // test is the code point test. Neither step names an error: strictResult, which
    // UseSTD3ASCIIRules and VerifyDnsLength make fail on both, already did.)
    debug_assert!(result_bytes.is_ascii());
    if result.is_empty() || result_bytes.has(DomainBytes::FORBIDDEN) {
        return Err(HostParseFailure);
    }
    // "9. Return result."
    Ok(result)
}

/// Domain parser ToASCII with beStrict false, given `strict`, its result with beStrict true,
/// and `relaxed`, the answer itself when UTS #46 already gave it: when strict succeeded, it
/// is the answer, since the checks beStrict turns on (UseSTD3ASCIIRules, CheckHyphens,
/// VerifyDnsLength) only reject, never change UTS #46's output (a property test compares both
/// on generated domains).
fn relaxed_to_ascii(
    domain: &str,
    strict: ToAscii<'_>,
    relaxed: Option<ToAscii<'_>>,
    shortcuts: Shortcuts,
) -> Result<String, ()> {
    match (strict, relaxed, shortcuts) {
        (Ok(result), _, Shortcuts::Take(_)) => Ok(result.into_owned()),
        (_, Some(relaxed), Shortcuts::Take(_)) => relaxed.map(Cow::into_owned),
        (_, _, Shortcuts::Skip) => uts46_to_ascii(domain, false).map(Cow::into_owned),
        _ => domain_parser_to_ascii(domain, false).map(Cow::into_owned),
    }
}

/// ASCII lowercase `domain` (an ASCII string whose bytes are `bytes`), keeping it as it is
/// when it has no upper-case letter.
fn ascii_lowercase(domain: &str, bytes: DomainBytes) -> Cow<'_, str> {
    if bytes.has(DomainBytes::UPPER) {
        Cow::Owned(domain.to_ascii_lowercase())
    } else {
        Cow::Borrowed(domain)
    }
}

/// <https://url.spec.whatwg.org/#concept-domain-to-unicode>
///
/// Reports no validation error: "Because domain can only result from the host parser, any
/// recorded errors will already have been signified as validation errors."
pub fn domain_to_unicode(domain: &str) -> String {
    // "1. Let result be the result of running Unicode ToUnicode with domain_name set to
    // domain, CheckHyphens set to false, CheckBidi set to true, CheckJoiners set to true,
    // UseSTD3ASCIIRules set to false, Transitional_Processing set to false, and
    // IgnoreInvalidPunycode set to false."
    let (result, status) =
        Uts46::new().to_unicode(domain.as_bytes(), AsciiDenyList::EMPTY, Hyphens::Allow);
    // "2. If an error was recorded, then return domain." "3. Return result."
    match status {
        Ok(()) => result.into_owned(),
        Err(_) => domain.to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn to_ascii(domain: &str, be_strict: bool) -> (Result<String, HostParseFailure>, Errors) {
        let mut errors = Errors::new();
        let result = domain_to_ascii(domain.into(), be_strict, &mut errors, 0).map(Cow::into_owned);
        (result, errors)
    }

    fn kinds(errors: &Errors) -> Vec<ValidationErrorKind> {
        errors.as_slice().iter().map(|e| e.kind).collect()
    }

    #[test]
    fn spec_examples() {
        // From the spec's host table and its note on UTS #46 vs IDNA2008.
        assert_eq!(to_ascii("faß.example", false).0.unwrap(), "xn--fa-hia.example");
        assert_eq!(to_ascii("EXAMPLE.COM", false).0.unwrap(), "example.com");
        assert_eq!(to_ascii("☕.example", false).0.unwrap(), "xn--53h.example");
        assert_eq!(to_ascii("إختبار", false).0.unwrap(), "xn--kgbechtv");
    }

    #[test]
    fn strict_failure_is_reported_even_when_the_relaxed_result_is_used() {
        use ValidationErrorKind::DomainToAscii;
        // Valid under the strict parameters: no error.
        assert!(to_ascii("example.com", false).1.is_empty());
        // "a_b" breaks UseSTD3ASCIIRules, "-a" and "ab--c" CheckHyphens, a 64-octet label
        // and a trailing dot VerifyDnsLength: domain-to-ASCII, yet the ASCII domain is used.
        let long_label = "a".repeat(64);
        for domain in ["a_b", "-a", "ab--c", long_label.as_str(), "example.com.", "a..b"] {
            let (result, errors) = to_ascii(domain, false);
            assert_eq!(result.as_deref(), Ok(domain), "{domain}");
            assert_eq!(kinds(&errors), vec![DomainToAscii], "{domain}");
        }
        // The note's example: invalid Punycode in an ASCII domain is only lowercased.
        assert_eq!(to_ascii("XN--8I7CAA", false).0.unwrap(), "xn--8i7caa");
        // U+FFFD is disallowed by UTS #46 (toascii.json: "\u{FFFD}.com" → null): one error,
        // then failure.
        let (result, errors) = to_ascii("\u{FFFD}.com", false);
        assert_eq!((result, kinds(&errors)), (Err(HostParseFailure), vec![DomainToAscii]));
        // Only ignored code points: the relaxed result is empty, failure.
        let (result, errors) = to_ascii("\u{AD}", false);
        assert_eq!((result, kinds(&errors)), (Err(HostParseFailure), vec![DomainToAscii]));
    }

    #[test]
    fn forbidden_domain_code_points_fail_after_the_strict_error() {
        use ValidationErrorKind::DomainToAscii;
        for domain in ["exa%mple", "a<b", "exa mple", ""] {
            let (result, errors) = to_ascii(domain, false);
            assert_eq!((result, kinds(&errors)), (Err(HostParseFailure), vec![DomainToAscii]));
        }
        // U+2A74 (⩴) maps to "::=", which contains a forbidden domain code point.
        let (result, errors) = to_ascii("a\u{2A74}b", false);
        assert_eq!((result, kinds(&errors)), (Err(HostParseFailure), vec![DomainToAscii]));
    }

    #[test]
    fn be_strict_returns_the_strict_result() {
        assert_eq!(to_ascii("xn--a", false).0.unwrap(), "xn--a");
        assert_eq!(to_ascii("xn--a", true).0, Err(HostParseFailure));
        assert_eq!(to_ascii("xn--a.\u{DF}", false).0, Err(HostParseFailure));
    }

    #[test]
    fn punycode_labels_are_bounded() {
        // Distinct ideographs, so Punycode has a delta per code point to encode.
        let label = |n: u32| (0..n).filter_map(|i| char::from_u32(0x4E00 + i)).collect::<String>();
        assert!(to_ascii(&label(1000), false).0.is_ok());
        assert_eq!(to_ascii(&label(1001), false).0, Err(HostParseFailure));
        // 20,000 of them would cost Punycode some 10^8 steps; the bound refuses them at once.
        assert_eq!(to_ascii(&label(20_000), false).0, Err(HostParseFailure));
    }

    #[test]
    fn be_strict_applies_std3_and_dns_length() {
        assert!(to_ascii("a_b", false).0.is_ok());
        assert!(to_ascii("a_b", true).0.is_err());
        assert_eq!(to_ascii("EXAMPLE.com", true).0.unwrap(), "example.com");
    }

    /// A label: short ones of LDH bytes and some that STD3 or the host parser forbid,
    /// Punycode-prefixed ones in any case, and long ones about the 63-byte limit (four of
    /// those are about the 253-byte limit).
    fn label() -> impl proptest::strategy::Strategy<Value = String> {
        proptest::prop_oneof![
            "[a-zA-Z0-9-]{0,6}",
            "[a-z0-9_%<> *-]{0,4}",
            "(xn|XN|xN)--[a-z0-9_%-]{0,6}",
            "[a-z]{58,66}",
        ]
    }

    proptest::proptest! {
        #![proptest_config(crate::property_test_config(2048))]
        /// The fast path of strict ToASCII is UTS #46's answer, result and failure.
        #[test]
        fn strict_ascii_verdict_is_uts46s(
            labels in proptest::collection::vec(label(), 1..6),
            trailing_dot in proptest::bool::weighted(0.1),
        ) {
            let mut domain = labels.join(".");
            if trailing_dot {
                domain.push('.');
            }
            let bytes = DomainBytes::of(&domain);
            let fast = strict_to_ascii(&domain, bytes, Shortcuts::Take(None)).0.map(Cow::into_owned);
            let full = uts46_to_ascii(&domain, true).map(Cow::into_owned);
            proptest::prop_assert_eq!(fast, full, "{:?}", domain);
        }
    }

    /// A domain of [`label`]s, or a [`unicode_domain`].
    fn ascii_or_unicode_domain() -> impl proptest::strategy::Strategy<Value = String> {
        proptest::prop_oneof![
            proptest::strategy::Strategy::prop_map(
                proptest::collection::vec(label(), 1..6),
                |labels| labels.join("."),
            ),
            unicode_domain(),
        ]
    }

    /// A domain of labels made of ASCII, code points UTS #46 keeps, maps (to ASCII too),
    /// ignores or disallows, joiners, right-to-left letters and digits, and Punycode.
    fn unicode_domain() -> impl proptest::strategy::Strategy<Value = String> {
        let piece = proptest::sample::select(
            &[
                "a", "Z", "1", "-", "_", ".", "xn--", "xn--a", "\u{fc}", "\u{df}", "\u{ff41}",
                "\u{ff3f}", "\u{3002}", "\u{2615}", "\u{627}", "\u{661}", "\u{5d0}", "\u{200c}",
                "\u{200d}", "\u{ad}", "\u{fb00}", "\u{2a74}", "\u{fffd}", "\u{300}", "%",
            ][..],
        );
        proptest::strategy::Strategy::prop_map(proptest::collection::vec(piece, 1..12), |pieces| {
            pieces.concat()
        })
    }

    proptest::proptest! {
        #![proptest_config(crate::property_test_config(2048))]
        /// Where strict ToASCII succeeds, relaxed ToASCII gives the same result.
        #[test]
        fn relaxed_to_ascii_is_uts46s(domain in unicode_domain()) {
            let strict = uts46_to_ascii(&domain, true);
            let full = uts46_to_ascii(&domain, false).map(Cow::into_owned);
            let relaxed = relaxed_to_ascii(&domain, strict, None, Shortcuts::Take(None));
            proptest::prop_assert_eq!(relaxed, full, "{:?}", domain);
        }
    }

    proptest::proptest! {
        #![proptest_config(crate::property_test_config(2048))]
        /// `process` into a `String` made with room (what the parser runs) answers as the
        /// crate's `to_ascii`, with both values of beStrict: result, borrowed or not, and
        /// failure. (`tests/idna_shortcuts.rs` compares them on every Unicode block and
        /// IdnaTestV2 as well, through domain to ASCII with and without shortcuts.)
        #[test]
        fn process_into_a_sized_string_is_to_ascii(
            domain in ascii_or_unicode_domain(),
            be_strict: bool,
        ) {
            let ours = domain_parser_to_ascii(&domain, be_strict);
            let crates = uts46_to_ascii(&domain, be_strict);
            let borrowed = |r: &ToAscii<'_>| matches!(r, Ok(Cow::Borrowed(_)));
            proptest::prop_assert_eq!(borrowed(&ours), borrowed(&crates), "{:?}", domain);
            proptest::prop_assert_eq!(ours, crates, "{:?}", domain);
        }
    }

    proptest::proptest! {
        #![proptest_config(crate::property_test_config(1024))]
        /// Domain to ASCII with its shortcuts and without: the same result and errors.
        #[test]
        fn domain_to_ascii_is_the_same_without_shortcuts(
            domain in ascii_or_unicode_domain(),
            be_strict: bool,
        ) {
            let both = [domain_to_ascii, domain_to_ascii_by_uts46].map(|to_ascii| {
                let mut errors = Errors::new();
                let result = to_ascii(Cow::Borrowed(&domain), be_strict, &mut errors, 3);
                (result.map(Cow::into_owned), errors)
            });
            proptest::prop_assert_eq!(&both[0], &both[1], "{:?}", domain);
        }
    }

    #[test]
    fn strict_ascii_verdict_decides_ascii_domains_without_punycode_labels() {
        let long_label = "a".repeat(63);
        let too_long = [long_label.as_str(); 4].join(".");
        for (domain, verdict) in [
            ("example.com", Some(true)),
            ("EXAMPLE.com", Some(true)),
            ("a-b.c", Some(true)),
            (long_label.as_str(), Some(true)),
            (too_long.as_str(), Some(false)),
            ("a_b", Some(false)),
            ("-a", Some(false)),
            ("ab--c", Some(false)),
            ("a.", Some(false)),
            ("a..b", Some(false)),
            ("", Some(false)),
            ("a.xn--nxasmq6b", None),
            ("XN--8I7CAA", None),
            ("faß.example", None),
        ] {
            let bytes = DomainBytes::of(domain);
            assert_eq!(strict_ascii_verdict(domain.as_bytes(), bytes), verdict, "{domain}");
        }
    }

    #[test]
    fn to_unicode_returns_the_domain_on_error() {
        assert_eq!(domain_to_unicode("xn--fa-hia.example"), "faß.example");
        // "xn--a" is invalid Punycode: an error is recorded, so the domain comes back as is.
        assert_eq!(domain_to_unicode("xn--a.example"), "xn--a.example");
        // The spec's note: xn--8i7caa decodes to ｗｗｗ (status "mapped"), an error.
        assert_eq!(domain_to_unicode("xn--8i7caa"), "xn--8i7caa");
    }
}
