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

/// The UTS #46 _UseSTD3ASCIIRules_ flag, as the `idna` crate takes it. With beStrict false
/// nothing is denied inside UTS #46: the URL Standard checks the forbidden domain code
/// points itself afterwards, so that it can name the error domain-invalid-code-point.
fn ascii_deny_list(be_strict: bool) -> AsciiDenyList {
    if be_strict {
        AsciiDenyList::STD3
    } else {
        AsciiDenyList::EMPTY
    }
}

/// <https://url.spec.whatwg.org/#concept-domain-to-ascii>
///
/// Validation errors are reported at `offset` (the start of the domain in the URL input):
/// UTS #46 maps the whole domain, so a failure has no single position.
pub fn domain_to_ascii<'a>(
    domain: Cow<'a, str>,
    be_strict: bool,
    errors: &mut Errors,
    offset: usize,
) -> Result<Cow<'a, str>, HostParseFailure> {
    let result = if !be_strict && domain.is_ascii() {
        // An ASCII domain is only ASCII-lowercased when beStrict is false: UTS #46 does not
        // run, so neither invalid Punycode nor other IDNA rules fail it (WPT toascii.json:
        // "xn--a" → "xn--a" but "xn--a.ß" → failure; urltestdata.json: "Domain is ASCII,
        // but a label is invalid IDNA"). The seed's text of the standard predates this and
        // only notes that ToASCII then amounts to lowercasing for labels without "xn--".
        ascii_lowercase(&domain)
    } else {
        // "Let result be the result of running Unicode ToASCII with domain_name set to
        // domain, CheckHyphens set to false, CheckBidi set to true, CheckJoiners set to
        // true, UseSTD3ASCIIRules set to beStrict, Transitional_Processing set to false,
        // VerifyDnsLength set to beStrict, and IgnoreInvalidPunycode set to false."
        // (The `idna` crate always checks bidi and joiners, never uses transitional
        // processing and never ignores invalid Punycode.)
        // Length: the crate refuses to Punycode-encode a label of more than 1000 code points
        // (measured; see the test `punycode_labels_are_bounded`). That bounds Punycode's
        // quadratic encoding and keeps this step linear in the domain's length; the standard
        // sets no limit with VerifyDnsLength false, and whatwg-url, ada and Node accept such
        // labels, so a longer label needing Punycode is a known divergence (domain-to-ASCII
        // failure here, as in rust-url).
        let dns_length = if be_strict { DnsLength::Verify } else { DnsLength::Ignore };
        let result = Uts46::new().to_ascii(
            domain.as_bytes(),
            ascii_deny_list(be_strict),
            Hyphens::Allow,
            dns_length,
        );
        // "If result is a failure value, domain-to-ASCII validation error, return failure."
        let Ok(result) = result else {
            errors.report(ValidationErrorKind::DomainToAscii, offset);
            return Err(HostParseFailure);
        };
        Cow::Owned(result.into_owned())
    };
    // "If beStrict is false:"
    if !be_strict {
        // "If result is the empty string, domain-to-ASCII validation error, return failure."
        if result.is_empty() {
            errors.report(ValidationErrorKind::DomainToAscii, offset);
            return Err(HostParseFailure);
        }
        // "If result contains a forbidden domain code point, domain-invalid-code-point
        // validation error, return failure."
        // (result is ASCII: either the lowercased ASCII domain or ToASCII's output, so a
        // byte test is the code point test.)
        debug_assert!(result.is_ascii());
        if result.bytes().any(|b| is_forbidden_domain_code_point(char::from(b))) {
            let position =
                domain.find(is_forbidden_domain_code_point).map_or(offset, |i| offset + i);
            errors.report(ValidationErrorKind::DomainInvalidCodePoint, position);
            return Err(HostParseFailure);
        }
    }
    // "Assert: result is not the empty string and does not contain a forbidden domain
    // code point." (With beStrict true, UseSTD3ASCIIRules and VerifyDnsLength ensure it.)
    // "Return result."
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
/// Always returns a result; UTS #46 marks the labels it could not process with U+FFFD.
pub fn domain_to_unicode(
    domain: &str,
    be_strict: bool,
    errors: &mut Errors,
    offset: usize,
) -> String {
    // "Let result be the result of running Unicode ToUnicode with domain_name set to domain,
    // CheckHyphens set to false, CheckBidi set to true, CheckJoiners set to true,
    // UseSTD3ASCIIRules set to beStrict, Transitional_Processing set to false, and
    // IgnoreInvalidPunycode set to false."
    let (result, status) =
        Uts46::new().to_unicode(domain.as_bytes(), ascii_deny_list(be_strict), Hyphens::Allow);
    // "Signify domain-to-Unicode validation errors for any returned errors, and then return
    // result."
    if status.is_err() {
        errors.report(ValidationErrorKind::DomainToUnicode, offset);
    }
    result.into_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn to_ascii(domain: &str, be_strict: bool) -> (Result<String, HostParseFailure>, Errors) {
        let mut errors = Errors::new();
        let result = domain_to_ascii(domain.into(), be_strict, &mut errors, 0).map(Cow::into_owned);
        (result, errors)
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
    fn failure_reports_domain_to_ascii() {
        // U+FFFD is disallowed by UTS #46 (toascii.json: "\u{FFFD}.com" → null).
        let (result, errors) = to_ascii("\u{FFFD}.com", false);
        assert_eq!(result, Err(HostParseFailure));
        assert_eq!(errors.as_slice()[0].kind, ValidationErrorKind::DomainToAscii);
        // Only ignored code points: the result is empty.
        let (result, errors) = to_ascii("\u{AD}", false);
        assert_eq!(result, Err(HostParseFailure));
        assert!(errors.contains(ValidationErrorKind::DomainToAscii));
        // The empty string, unchanged by lowercasing, is empty too.
        let (result, errors) = to_ascii("", false);
        assert_eq!(result, Err(HostParseFailure));
        assert!(errors.contains(ValidationErrorKind::DomainToAscii));
    }

    #[test]
    fn forbidden_domain_code_point_reports_domain_invalid_code_point() {
        let (result, errors) = to_ascii("exa%mple", false);
        assert_eq!(result, Err(HostParseFailure));
        assert_eq!(errors.len(), 1);
        assert_eq!(errors.as_slice()[0].kind, ValidationErrorKind::DomainInvalidCodePoint);
        assert_eq!(errors.as_slice()[0].position, 3);
        // U+2A74 (⩴) maps to "::=", which contains a forbidden domain code point.
        let (result, errors) = to_ascii("a\u{2A74}b", false);
        assert_eq!(result, Err(HostParseFailure));
        assert!(errors.contains(ValidationErrorKind::DomainInvalidCodePoint));
    }

    #[test]
    fn ascii_domains_are_only_lowercased_unless_strict() {
        // WPT toascii.json.
        assert_eq!(to_ascii("xn--a", false).0.unwrap(), "xn--a");
        assert_eq!(to_ascii("XN--ZN7C.com", false).0.unwrap(), "xn--zn7c.com");
        assert_eq!(to_ascii("xn--ls8h=", false).0.unwrap(), "xn--ls8h=");
        assert_eq!(to_ascii("xn--a.\u{DF}", false).0, Err(HostParseFailure));
        assert_eq!(to_ascii("xn--a", true).0, Err(HostParseFailure));
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
        let long_label = "a".repeat(64);
        assert!(to_ascii(&long_label, false).0.is_ok());
        assert!(to_ascii(&long_label, true).0.is_err());
    }

    #[test]
    fn to_unicode_and_its_error() {
        let mut errors = Errors::new();
        assert_eq!(domain_to_unicode("xn--fa-hia.example", false, &mut errors, 0), "faß.example");
        assert!(errors.is_empty());
        // "xn--a" is invalid Punycode: ToUnicode records an error (and keeps a U+FFFD).
        let unicode = domain_to_unicode("xn--a.example", false, &mut errors, 5);
        assert!(unicode.contains('\u{FFFD}'));
        assert_eq!(errors.as_slice()[0].kind, ValidationErrorKind::DomainToUnicode);
        assert_eq!(errors.as_slice()[0].position, 5);
    }
}
