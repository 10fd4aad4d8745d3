//! Domain parser ToASCII without UTS #46's mapping and normalization, for domains whose
//! non-ASCII code points are all "simple" ([`is_simple`]): code points UTS #46 keeps valid as
//! they are and that need no check across code points (161,331 of them: most letters,
//! ideographs and symbols of left-to-right scripts that are not combining marks; the table is
//! derived from the Unicode data UTS #46 runs on by `tests/idna_simple_table.rs`).
//!
//! For such a domain UTS #46's steps come down to Punycode and byte tests:
//! - Map: every simple code point is valid (its status in the IDNA mapping table), so mapping
//!   leaves it as it is, and lowercase ASCII letters, digits, `-` and `.` too.
//! - Normalize (NFC): a string is in NFC when each of its code points has NFC_Quick_Check=Yes
//!   and canonical combining class 0 (UAX #15's quick check answers Yes). Simple code points
//!   and ASCII letters, digits and `-` all do; none of them is the second of a composition pair
//!   (those have NFC_Quick_Check=Maybe), so no two compose.
//! - Break and convert: labels split at `.` only (no mapped dot: U+3002 and its kin are not
//!   simple); an `xn--` label is Punycode-decoded and its code points must again be simple
//!   (else UTS #46 decides).
//! - Validate: no simple code point is a combining mark, a joiner (CheckJoiners), or a
//!   right-to-left one (bidi classes R, AL, AN: CheckBidi then has no bidi domain to check);
//!   CheckHyphens and UseSTD3ASCIIRules are tests of the label's ASCII; VerifyDnsLength of the
//!   output.
//! - Right-to-left letters ([`super::RTL_LETTERS`], Bidi_Class R or AL, otherwise as simple)
//!   make a bidi domain: CheckBidi (RFC 5893's Bidi Rule on every label) is known to pass for labels
//!   of such letters only and ASCII labels that start with a letter and end with a letter or
//!   digit; a bidi domain with any other label is UTS #46's.
//! - Labels written as `xn--` Punycode are decoded and taken, as written, when they decode to
//!   simple code points (with ASCII) or to right-to-left letters only, in ASCII domains and
//!   beside labels written in Unicode alike.
//!
//! Every other domain gets `None`, and UTS #46 answers. Property tests compare both answers on
//! every simple code point alone and beside others, on code points of every Unicode block, on
//! WPT's IdnaTestV2 inputs and on edge cases (`tests/idna_shortcuts.rs` and the tests here).

use super::code_point_classes::{is_rtl_letter, is_simple, label_direction, Label, ZWNJ};
use super::is_strict_ascii_label;
use super::punycode::{decode, encode, Decoded};

/// Whether `b` is a lowercase ASCII letter, a digit or `-` (what a label may hold under
/// UseSTD3ASCIIRules once mapped, in the forms this module takes).
fn is_lower_ldh(b: u8) -> bool {
    b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-'
}

/// CheckHyphens on a label's code points: no `-` first, last, or third and fourth together.
fn hyphens_placed_well(label: &[char]) -> bool {
    let hyphen_at = |i: usize| label.get(i) == Some(&'-');
    !(hyphen_at(0)
        || (!label.is_empty() && hyphen_at(label.len() - 1))
        || (hyphen_at(2) && hyphen_at(3)))
}

/// What a domain's labels mean for CheckBidi, gathered label by label. A domain with a
/// right-to-left code point is a bidi domain, whose every label must then pass RFC 5893's
/// Bidi Rule; the shortcut knows it passes for a label of right-to-left letters only (rules
/// 1 to 4: it starts and ends with one, and has no number) and for an ASCII label that starts
/// with a letter and ends with a letter or digit (rules 1, 5 and 6: L first, L or EN last,
/// and `-` is ES), and leaves every other label of a bidi domain to UTS #46.
#[derive(Default)]
struct BidiLabels {
    /// A label of right-to-left letters was met: the domain is a bidi domain.
    rtl: bool,
    /// A label was met for which the Bidi Rule is not known to pass.
    unknown: bool,
}

impl BidiLabels {
    /// An ASCII label, not an `xn--` one.
    fn ascii(&mut self, label: &[u8]) {
        let letter_or_digit = |b: Option<&u8>| b.is_some_and(u8::is_ascii_alphanumeric);
        let ltr =
            label.first().is_some_and(u8::is_ascii_alphabetic) && letter_or_digit(label.last());
        self.unknown |= !ltr;
    }

    /// Whether the shortcut's answer stands: not a bidi domain, or one whose every label
    /// passes the Bidi Rule.
    fn known(&self) -> bool {
        !(self.rtl && self.unknown)
    }
}

/// Strict ToASCII's verdict on a domain of lowercase ASCII letters, digits, `-` and `.` some of
/// whose labels start with `xn--`, where each such label decodes to simple code points or to
/// a right-to-left label ([`label_direction`]; when the Bidi Rule is known to pass); `None` otherwise. (Its
/// result on success is the domain itself: UTS #46 keeps valid Punycode labels as written.)
/// The caller tells the domain's bytes apart; any other domain is UTS #46's.
pub(crate) fn punycode_domain_verdict(domain: &[u8]) -> Option<bool> {
    debug_assert!(domain.iter().all(|&b| b == b'.' || is_lower_ldh(b)));
    let mut valid = domain.len() <= 253;
    let mut decoded = Label::new();
    let mut bidi = BidiLabels::default();
    for label in domain.split(|&b| b == b'.') {
        let Some(encoded) = label.strip_prefix(b"xn--") else {
            valid &= is_strict_ascii_label(label);
            bidi.ascii(label);
            continue;
        };
        match decode(encoded, &mut decoded) {
            Decoded::Simple if label.len() <= 63 => bidi.unknown = true,
            Decoded::Rtl if label.len() <= 63 => bidi.rtl = true,
            Decoded::NotValid => return Some(false),
            _ => return None,
        }
        valid &= hyphens_placed_well(&decoded);
    }
    bidi.known().then_some(valid)
}

/// Relaxed ToASCII's result on a domain of simple code points, right-to-left letters, U+200C
/// and lowercase ASCII letters, digits, `-` and `.`, with no label over 63 code points, each
/// label of simple code points and ASCII or right-to-left ([`label_direction`]), or an `xn--`
/// label that decodes to either (when the Bidi Rule is known to pass), and strict ToASCII's verdict (a
/// strict success is that same result); `None` for any other domain.
pub(crate) fn simple_domain_to_ascii(domain: &str) -> Option<(String, bool)> {
    // Most other domains are told apart by their first code points, before any allocation.
    // (Whether any is a right-to-left letter or U+200C: only then are directions asked.)
    let mut right_to_left = false;
    for c in domain.chars() {
        let known = match c {
            '.' => true,
            _ if c.is_ascii() => is_lower_ldh(c as u8),
            _ if is_simple(c) => true,
            _ => {
                right_to_left = true;
                is_rtl_letter(c) || c == ZWNJ
            }
        };
        if !known {
            return None;
        }
    }
    let mut out = String::with_capacity(domain.len() + 16);
    let mut valid = true;
    let mut label = Label::new();
    let mut bidi = BidiLabels::default();
    for (i, text) in domain.split('.').enumerate() {
        if i > 0 {
            out.push('.');
        }
        if text.is_ascii() {
            let written = text.as_bytes();
            match written.strip_prefix(b"xn--").map(|encoded| decode(encoded, &mut label)) {
                None => {
                    valid &= is_strict_ascii_label(written);
                    bidi.ascii(written);
                }
                // UTS #46 keeps a valid Punycode label as it is written.
                Some(Decoded::Simple) if text.len() <= 63 => bidi.unknown = true,
                Some(Decoded::Rtl) if text.len() <= 63 => bidi.rtl = true,
                Some(_) => return None,
            }
            if written.starts_with(b"xn--") {
                valid &= hyphens_placed_well(&label);
            }
            out.push_str(text);
            continue;
        }
        // A label written with the Punycode prefix and more is UTS #46's to refuse.
        if text.starts_with("xn--") {
            return None;
        }
        label.clear();
        label.extend(text.chars());
        if label.len() > 63 {
            return None;
        }
        match right_to_left && label_direction(&label)? {
            false => bidi.unknown = true,
            true => bidi.rtl = true,
        }
        let start = out.len();
        out.push_str("xn--");
        encode(&label, &mut out);
        valid &= hyphens_placed_well(&label) && out.len() - start <= 63;
    }
    valid &= out.len() <= 253;
    bidi.known().then_some((out, valid))
}
