//! The classes of code points the IDNA shortcut ([`super::idna_simple`]) and its Punycode
//! decoder ([`super::punycode`]) sort a label's code points into: simple ones (UTS #46 keeps
//! them as they are, no check across code points), ones UTS #46 maps to others, right-to-left
//! letters, and the letters CheckJoiners lets stand around U+200C; and a label's direction
//! from them. The tables are derived from the Unicode data UTS #46 runs on
//! (`tests/idna_simple_table.rs`); membership is a bit set where the code points cluster and a
//! binary search elsewhere, both checked against a scan of the ranges for every code point.

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
pub(super) const ZWNJ: char = '\u{200C}';

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
