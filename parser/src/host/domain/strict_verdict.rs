//! Domain parser ToASCII with beStrict true, read off the result with beStrict false.
//!
//! <https://url.spec.whatwg.org/#concept-domain-to-ascii> runs UTS #46 ToASCII twice when the
//! strict run fails on a non-ASCII domain: strictly, then with the checks beStrict turns on
//! (UseSTD3ASCIIRules, CheckHyphens, VerifyDnsLength) off. Those checks only reject: they
//! never change the mapping, so the relaxed run fails whenever nothing but them would pass,
//! and a strict success is the relaxed result (property test `relaxed_to_ascii_is_uts46s`).
//! So one relaxed run decides the strict one too wherever the checks can be read off its
//! result ([`strict_verdict_of_relaxed`]): a relaxed failure is a strict failure, and a
//! relaxed result is checked label by label. The property test here compares the verdict
//! with UTS #46's strict run on generated domains.

use super::{is_strict_ascii_label, DomainBytes};

/// Whether domain parser ToASCII with beStrict true succeeds, given the success `relaxed` of
/// the same domain with beStrict false; `None` where that cannot be read off `relaxed` (UTS
/// #46 decides).
///
/// `relaxed` is ASCII and lowercase: labels UTS #46 mapped to ASCII as they are, the others
/// Punycode-encoded (`xn--` followed by the label's ASCII code points, a `-` when there are
/// any, then the encoded rest in `[a-z0-9]`). So:
/// - UseSTD3ASCIIRules (only ASCII letters, digits and `-` in a label): an ASCII code point of
///   a label is a byte of `relaxed`, and every byte of `relaxed` but the encoded rest (which
///   passes) is one, so `relaxed` has only `[a-z0-9.-]` exactly when every label passes;
/// - VerifyDnsLength is a test of `relaxed` itself (at most 253 bytes, labels of 1 to 63
///   bytes, so no trailing dot);
/// - CheckHyphens (no `-` first, last, or third and fourth) is a test of a label written as
///   it is; a Punycode label's own `-` are among its ASCII code points, before the delimiter:
///   with at most one `-` after `xn--`, the label has none and passes; with more, where they
///   fall is not written, and UTS #46 decides.
pub(crate) fn strict_verdict_of_relaxed(relaxed: &str) -> Option<bool> {
    let bytes = DomainBytes::of(relaxed);
    let mut valid = relaxed.len() <= 253 && !bytes.has(DomainBytes::NOT_LDH);
    // The labels, one scan for each label's dot (a trailing dot leaves an empty last label).
    let mut rest = relaxed.as_bytes();
    loop {
        let len = rest.iter().position(|&b| b == b'.').unwrap_or(rest.len());
        let label = &rest[..len];
        valid &= match label {
            [b'x', b'n', b'-', b'-', encoded @ ..] => {
                if encoded.iter().filter(|&&b| b == b'-').count() > 1 {
                    return None;
                }
                label.len() <= 63
            }
            _ => is_strict_ascii_label(label),
        };
        match rest.get(len + 1..) {
            Some(next) => rest = next,
            None => return Some(valid),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::host::uts46::uts46_to_ascii;

    /// Domain parser ToASCII as UTS #46 answers it (no shortcut), owned.
    fn uts46(domain: &str, be_strict: bool) -> Result<String, ()> {
        uts46_to_ascii(domain, be_strict).map(|r| r.into_owned())
    }

    /// A domain of pieces: ASCII that STD3 keeps or not, hyphens where CheckHyphens looks,
    /// code points UTS #46 keeps, maps, ignores or disallows, right-to-left ones, joiners,
    /// and Punycode labels with and without ASCII code points and hyphens among them.
    fn domain() -> impl proptest::strategy::Strategy<Value = String> {
        let piece = proptest::sample::select(
            &[
                "a",
                "Z",
                "1",
                "-",
                "--",
                "_",
                " ",
                "!",
                ".",
                "..",
                "xn--",
                "xn--a",
                "XN--",
                "xn--nxasmq6b",
                "xn--fa-hia",
                "xn--a-b-c",
                "xn----",
                "xn--ab--c-1ua",
                "ab--",
                "\u{fc}",
                "\u{df}",
                "\u{ff41}",
                "\u{ff0d}",
                "\u{3002}",
                "\u{2615}",
                "\u{627}",
                "\u{661}",
                "\u{5d0}",
                "\u{200c}",
                "\u{ad}",
                "\u{2a74}",
                "\u{fffd}",
                "\u{300}",
                "\u{2024}",
                "\u{2474}",
            ][..],
        );
        let long =
            proptest::sample::select(vec![String::new(), "a".repeat(60), "\u{fc}".repeat(70)]);
        proptest::strategy::Strategy::prop_map(
            (proptest::collection::vec(piece, 1..14), long),
            |(pieces, long)| pieces.concat() + &long,
        )
    }

    proptest::proptest! {
        #![proptest_config(crate::property_test_config(8192))]
        /// A relaxed failure is a strict failure; where the verdict is read off a relaxed
        /// result, it is UTS #46's strict answer (whose result, when it succeeds, is the
        /// relaxed one).
        #[test]
        fn strict_verdict_is_uts46s(domain in domain()) {
            let strict = uts46(&domain, true);
            match uts46(&domain, false) {
                Err(()) => proptest::prop_assert_eq!(strict, Err(()), "{:?}", domain),
                Ok(relaxed) => {
                    if let Some(verdict) = strict_verdict_of_relaxed(&relaxed) {
                        proptest::prop_assert_eq!(verdict, strict.is_ok(), "{:?}", domain);
                    }
                    if let Ok(strict) = strict {
                        proptest::prop_assert_eq!(strict, relaxed, "{:?}", domain);
                    }
                }
            }
        }
    }

    #[test]
    fn verdicts_read_off_relaxed_results() {
        for (relaxed, verdict) in [
            ("example.com", Some(true)),
            ("xn--mnchen-3ya.example", Some(true)),
            ("xn--nxasmq6b", Some(true)),
            ("a_b.xn--nxasmq6b", Some(false)),
            ("-a.xn--nxasmq6b", Some(false)),
            ("ab--c.xn--nxasmq6b", Some(false)),
            ("xn--nxasmq6b.", Some(false)),
            ("xn--a-b-c", None),
        ] {
            assert_eq!(strict_verdict_of_relaxed(relaxed), verdict, "{relaxed}");
        }
    }
}
