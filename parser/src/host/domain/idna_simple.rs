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
//! - Right-to-left letters ([`RTL_LETTERS`], Bidi_Class R or AL, otherwise as simple) make a
//!   bidi domain: CheckBidi (RFC 5893's Bidi Rule on every label) is known to pass for labels
//!   of such letters only and ASCII labels that start with a letter and end with a letter or
//!   digit; a bidi domain with any other label is UTS #46's.
//! - Labels written as `xn--` Punycode are decoded and taken, as written, when they decode to
//!   simple code points (with ASCII) or to right-to-left letters only, in ASCII domains and
//!   beside labels written in Unicode alike.
//!
//! Every other domain gets `None`, and UTS #46 answers. Property tests compare both answers on
//! every simple code point alone and beside others, on code points of every Unicode block, on
//! WPT's IdnaTestV2 inputs and on edge cases (`tests/idna_shortcuts.rs` and the tests here).

use super::is_strict_ascii_label;
use super::punycode::{decode, encode, Decoded};
use smallvec::SmallVec;

/// A label's code points: a valid one has at most 59 after `xn--`, so no allocation.
pub(super) type Label = SmallVec<[char; 64]>;

pub use super::simple_table::{JOINS_AFTER_ZWNJ, JOINS_BEFORE_ZWNJ, RTL_LETTERS, SIMPLE};

/// Ranges of code points UTS #46 maps (to something else: upper-case letters, fullwidth
/// ASCII, halfwidth Katakana, circled numbers and letters), sorted. In a Punycode label such a
/// code point fails strict ToASCII wherever it stands: UTS #46 wants a decoded label to be
/// its own mapping and normalization.
pub const NOT_VALID: [(char, char); 8] = [
    ('\u{C0}', '\u{D6}'),
    ('\u{D8}', '\u{DE}'),
    ('\u{391}', '\u{3A1}'),
    ('\u{3A3}', '\u{3A9}'),
    ('\u{400}', '\u{42F}'),
    ('\u{3251}', '\u{325F}'),
    ('\u{32B1}', '\u{32BF}'),
    ('\u{FF01}', '\u{FF5E}'),
];

/// Whether `c` is one of [`NOT_VALID`]'s code points.
pub(super) fn is_not_valid(c: char) -> bool {
    in_ranges(&NOT_VALID, c)
}

/// Whether `c` is one of [`SIMPLE`]'s code points: a bit of [`SIMPLE_BMP`] below U+10000
/// (where most domains' code points are), else a search of the ranges.
#[inline]
pub(crate) fn is_simple(c: char) -> bool {
    SIMPLE_BMP.contains(c).unwrap_or_else(|| in_ranges(&SIMPLE, c))
}

/// Whether `c` is one of [`RTL_LETTERS`]' code points: a bit of [`RTL_WINDOW`] from Hebrew's
/// block to Arabic's extensions, a search of the ranges in the blocks of presentation forms
/// and the right-to-left scripts of planes 1 (none is elsewhere: the test
/// `membership_is_being_in_one_of_the_ranges` checks every code point).
#[inline]
pub(super) fn is_rtl_letter(c: char) -> bool {
    match c {
        '\u{580}'..='\u{97F}' => RTL_WINDOW.contains(c) == Some(true),
        '\u{FB00}'..='\u{FEFF}' | '\u{10800}'..='\u{10FFF}' | '\u{1E800}'..='\u{1EFFF}' => {
            in_ranges(&RTL_LETTERS, c)
        }
        _ => false,
    }
}

/// A set of code points from `first` on, 64 a word, made at compile time from sorted ranges:
/// one load and a shift where a search of the ranges takes several steps.
struct Window<const WORDS: usize> {
    first: u32,
    words: [u64; WORDS],
}

impl<const WORDS: usize> Window<WORDS> {
    const fn of(ranges: &[(char, char)], first: u32) -> Self {
        let mut words = [0u64; WORDS];
        let end = first + 64 * WORDS as u32;
        let mut r = 0;
        while r < ranges.len() {
            let mut c = ranges[r].0 as u32;
            while c <= ranges[r].1 as u32 {
                if c >= first && c < end {
                    let i = c - first;
                    words[(i >> 6) as usize] |= 1 << (i & 63);
                }
                c += 1;
            }
            r += 1;
        }
        Window { first, words }
    }

    /// Whether `c` is in the set, `None` outside the window.
    #[inline]
    fn contains(&self, c: char) -> Option<bool> {
        let i = (c as u32).wrapping_sub(self.first);
        self.words.get((i >> 6) as usize).map(|word| word >> (i & 63) & 1 != 0)
    }
}

/// [`SIMPLE`] below U+10000 (8 KiB).
static SIMPLE_BMP: Window<1024> = Window::of(&SIMPLE, 0);
/// [`RTL_LETTERS`], [`JOINS_BEFORE_ZWNJ`] and [`JOINS_AFTER_ZWNJ`] in U+0580 to U+097F
/// (Hebrew, Arabic, Syriac, Thaana, N'Ko, Samaritan, Mandaic and Arabic's extensions).
static RTL_WINDOW: Window<16> = Window::of(&RTL_LETTERS, 0x580);
static BEFORE_ZWNJ_WINDOW: Window<16> = Window::of(&JOINS_BEFORE_ZWNJ, 0x580);
static AFTER_ZWNJ_WINDOW: Window<16> = Window::of(&JOINS_AFTER_ZWNJ, 0x580);

/// Whether `c` may stand before U+200C ([`JOINS_BEFORE_ZWNJ`]).
fn joins_before_zwnj(c: char) -> bool {
    BEFORE_ZWNJ_WINDOW.contains(c).unwrap_or_else(|| in_ranges(&JOINS_BEFORE_ZWNJ, c))
}

/// Whether `c` may stand after U+200C ([`JOINS_AFTER_ZWNJ`]).
fn joins_after_zwnj(c: char) -> bool {
    AFTER_ZWNJ_WINDOW.contains(c).unwrap_or_else(|| in_ranges(&JOINS_AFTER_ZWNJ, c))
}

/// U+200C ZERO WIDTH NON-JOINER, which CheckJoiners allows between letters that join.
const ZWNJ: char = '\u{200C}';

/// A label's direction, for a label whose code points are each ASCII, simple, a right-to-left
/// letter or U+200C: `Some(false)` for one with no right-to-left letter and no U+200C,
/// `Some(true)` for right-to-left letters only, with U+200C between a letter of
/// [`JOINS_BEFORE_ZWNJ`] and one of [`JOINS_AFTER_ZWNJ`] (CheckJoiners' context rule, RFC 5892
/// A.1, where no transparent code point can stand: none is a letter); `None` for any other.
pub(super) fn label_direction(label: &[char]) -> Option<bool> {
    let (mut rtl, mut zwnj) = (0, 0);
    for (i, &c) in label.iter().enumerate() {
        if c == ZWNJ {
            let before = i.checked_sub(1).is_some_and(|b| joins_before_zwnj(label[b]));
            let after = label.get(i + 1).is_some_and(|&a| joins_after_zwnj(a));
            if !(before && after) {
                return None;
            }
            zwnj += 1;
        } else if !c.is_ascii() && !is_simple(c) {
            rtl += 1;
        }
    }
    match (rtl, zwnj) {
        (0, 0) => Some(false),
        _ if rtl + zwnj == label.len() => Some(true),
        _ => None,
    }
}

/// Whether `c` is in one of `ranges` (sorted and apart): a binary search, since the last range
/// starting at or before `c` is the only one that can hold it.
#[inline]
fn in_ranges(ranges: &[(char, char)], c: char) -> bool {
    let after = ranges.partition_point(|&(first, _)| first <= c);
    after > 0 && c <= ranges[after - 1].1
}

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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn membership_is_being_in_one_of_the_ranges() {
        // Every scalar value: the bit sets and binary searches against a scan of the ranges.
        let scan = |ranges: &[(char, char)], c| ranges.iter().any(|&(a, b)| a <= c && c <= b);
        for c in (0..=0x10FFFF).filter_map(char::from_u32) {
            assert_eq!(is_simple(c), scan(&SIMPLE, c), "U+{:04X}", c as u32);
            assert_eq!(is_not_valid(c), scan(&NOT_VALID, c), "U+{:04X}", c as u32);
            assert_eq!(is_rtl_letter(c), scan(&RTL_LETTERS, c), "U+{:04X}", c as u32);
            assert_eq!(joins_before_zwnj(c), scan(&JOINS_BEFORE_ZWNJ, c), "U+{:04X}", c as u32);
            assert_eq!(joins_after_zwnj(c), scan(&JOINS_AFTER_ZWNJ, c), "U+{:04X}", c as u32);
        }
    }

    #[test]
    fn ranges_are_sorted_and_apart() {
        assert!(SIMPLE.windows(2).all(|w| w[0].1 < w[1].0));
        assert!(NOT_VALID.windows(2).all(|w| w[0].1 < w[1].0));
        for table in [&RTL_LETTERS[..], &JOINS_BEFORE_ZWNJ, &JOINS_AFTER_ZWNJ] {
            assert!(table.windows(2).all(|w| w[0].1 < w[1].0));
        }
        assert!(NOT_VALID.iter().all(|&(a, b)| !is_simple(a) && !is_simple(b)));
    }
}
