//! IDNA: domain to ASCII and domain to Unicode, and the host code-point classes.
//!
//! <https://url.spec.whatwg.org/#idna>
//!
//! UTS #46 itself is the `idna` crate's; this module only chooses its options as the URL
//! Standard says and turns its failures into the spec's validation errors.

use crate::errors::{Errors, ValidationErrorKind};
use crate::host::HostParseFailure;
use idna::uts46::{AsciiDenyList, DnsLength, Hyphens, Uts46};
use std::borrow::Cow;

/// <https://url.spec.whatwg.org/#forbidden-host-code-point>
///
/// "U+0000 NULL, U+0009 TAB, U+000A LF, U+000D CR, U+0020 SPACE, U+0023 (#), U+002F (/),
/// U+003A (:), U+003C (<), U+003E (>), U+003F (?), U+0040 (@), U+005B ([), U+005C (\),
/// U+005D (]), U+005E (^), or U+007C (|)."
#[inline]
pub fn is_forbidden_host_code_point(c: char) -> bool {
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
pub fn is_forbidden_domain_code_point(c: char) -> bool {
    is_forbidden_host_code_point(c) || c <= '\u{1F}' || c == '%' || c == '\u{7F}'
}

/// <https://url.spec.whatwg.org/#domain-parser-toascii>: "the result of running Unicode
/// ToASCII with domain_name set to domain, CheckHyphens set to beStrict, CheckBidi set to true,
/// CheckJoiners set to true, UseSTD3ASCIIRules set to beStrict, Transitional_Processing set to
/// false, VerifyDnsLength set to beStrict, and IgnoreInvalidPunycode set to false."
///
/// (The `idna` crate always checks bidi and joiners, never uses transitional processing and
/// never ignores invalid Punycode; `DnsLength::Verify` is VerifyDnsLength=true, which rejects
/// the empty root label of a trailing dot.)
///
/// Length: the crate refuses to Punycode-encode a label of more than 1000 code points
/// (measured; see the test `punycode_labels_are_bounded`). That bounds Punycode's quadratic
/// encoding and keeps this step linear in the domain's length; the standard sets no limit with
/// VerifyDnsLength false, and whatwg-url, ada and Node accept such labels, so a longer label
/// needing Punycode is a known divergence (domain-to-ASCII failure here, as in rust-url).
fn domain_parser_to_ascii(domain: &str, be_strict: bool) -> Result<Cow<'_, str>, ()> {
    let (deny_list, hyphens, dns_length) = if be_strict {
        (AsciiDenyList::STD3, Hyphens::Check, DnsLength::Verify)
    } else {
        (AsciiDenyList::EMPTY, Hyphens::Allow, DnsLength::Ignore)
    };
    Uts46::new().to_ascii(domain.as_bytes(), deny_list, hyphens, dns_length).map_err(|_| ())
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
    // "1. Let strictResult be the result of running domain parser ToASCII with domain and
    // true."
    let strict_result = domain_parser_to_ascii(&domain, true);
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
    let result = if domain.is_ascii() {
        ascii_lowercase(&domain)
    } else {
        // "6. Otherwise: 1. Set result to the result of running domain parser ToASCII with
        // domain and false. 2. If result is a failure value, then return failure."
        let result = domain_parser_to_ascii(&domain, false).map_err(|()| HostParseFailure)?;
        Cow::Owned(result.into_owned())
    };
    // "7. If result is the empty string, then return failure."
    // "8. If result contains a forbidden domain code point, then return failure."
    // (result is ASCII: either the lowercased ASCII domain or ToASCII's output, so a byte
    // test is the code point test. Neither step names an error: strictResult, which
    // UseSTD3ASCIIRules and VerifyDnsLength make fail on both, already did.)
    debug_assert!(result.is_ascii());
    if result.is_empty() || result.bytes().any(|b| is_forbidden_domain_code_point(char::from(b))) {
        return Err(HostParseFailure);
    }
    // "9. Return result."
    Ok(result)
}

/// ASCII lowercase `domain` (an ASCII string), keeping it as it is when it has no
/// upper-case letter.
fn ascii_lowercase<'a>(domain: &Cow<'a, str>) -> Cow<'a, str> {
    if domain.bytes().any(|b| b.is_ascii_uppercase()) {
        Cow::Owned(domain.to_ascii_lowercase())
    } else {
        domain.clone()
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

    #[test]
    fn to_unicode_returns_the_domain_on_error() {
        assert_eq!(domain_to_unicode("xn--fa-hia.example"), "faß.example");
        // "xn--a" is invalid Punycode: an error is recorded, so the domain comes back as is.
        assert_eq!(domain_to_unicode("xn--a.example"), "xn--a.example");
        // The spec's note: xn--8i7caa decodes to ｗｗｗ (status "mapped"), an error.
        assert_eq!(domain_to_unicode("xn--8i7caa"), "xn--8i7caa");
    }
}
