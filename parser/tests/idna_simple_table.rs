//! The simple code points of the IDNA shortcut (`IDNA_SIMPLE`, `src/host/domain/simple_table.rs`)
//! are exactly those the Unicode data UTS #46 runs on (ICU4X's, which the `idna` crate reads
//! through `idna_adapter`) makes simple, derived here from that data for every code point:
//!
//! - UTS #46 keeps it as it is, alone: its status is valid (mapping and NFC leave it, the
//!   crate's `normalize_validate` gives it back), so it is neither mapped, ignored nor
//!   disallowed;
//! - it composes with nothing before it and reorders with nothing: canonical combining class 0
//!   and never the second code point of a canonical decomposition pair (so a string of such
//!   code points and ASCII is in NFC: UAX #15's quick check answers Yes);
//! - not a combining mark (General_Category M: the label-start check), not U+200C or U+200D
//!   (CheckJoiners), and not right-to-left (Bidi_Class R, AL or AN: such a code point makes
//!   the domain a bidi domain, whose labels CheckBidi then checks);
//! - not ASCII (ASCII is tested byte by byte).
//!
//! A mismatch fails; `URLDIFF_REGENERATE=1` writes the table from the data instead.
//! `tests/idna_shortcuts.rs` then checks every code point of the table through the shortcut
//! against UTS #46 itself.

use icu_normalizer::properties::{CanonicalCombiningClassMap, CanonicalDecomposition, Decomposed};
use icu_normalizer::uts46::Uts46Mapper;
use icu_properties::props::{BidiClass, GeneralCategory, GeneralCategoryGroup};
use icu_properties::CodePointMapData;
use urldiff_parser::host::IDNA_SIMPLE;

const TABLE: &str = "src/host/domain/simple_table.rs";

/// Every code point that is the second of a canonical decomposition pair (what can compose
/// with the code point before it).
fn second_of_pairs() -> Vec<bool> {
    let decomposition = CanonicalDecomposition::new();
    let mut second = vec![false; 0x11_0000];
    for c in (0..=0x10_FFFFu32).filter_map(char::from_u32) {
        if let Decomposed::Expansion(_, b) = decomposition.decompose(c) {
            second[b as usize] = true;
        }
    }
    second
}

/// The simple code points' ranges, from the data.
fn simple_ranges() -> Vec<(char, char)> {
    let mapper = Uts46Mapper::new();
    let ccc = CanonicalCombiningClassMap::new();
    let gc = CodePointMapData::<GeneralCategory>::new();
    let bidi = CodePointMapData::<BidiClass>::new();
    let second = second_of_pairs();
    let rtl = [BidiClass::RightToLeft, BidiClass::ArabicLetter, BidiClass::ArabicNumber];
    let simple = |c: char| {
        !c.is_ascii()
            && !matches!(c, '\u{200C}' | '\u{200D}')
            && ccc.get32_u8(c as u32) == 0
            && !second[c as usize]
            && !GeneralCategoryGroup::Mark.contains(gc.get(c))
            && !rtl.contains(&bidi.get(c))
            // (A disallowed code point comes back as U+FFFD, which is disallowed too.)
            && c != '\u{FFFD}'
            && mapper.normalize_validate([c].into_iter()).eq([c])
    };
    let mut ranges: Vec<(char, char)> = Vec::new();
    for c in (0..=0x10_FFFFu32).filter_map(char::from_u32).filter(|&c| simple(c)) {
        match ranges.last_mut() {
            Some((_, last)) if *last as u32 + 1 == c as u32 => *last = c,
            // (Across the surrogates' gap a range goes on: no scalar value lies between.)
            Some((_, last)) if *last == '\u{D7FF}' && c == '\u{E000}' => *last = c,
            _ => ranges.push((c, c)),
        }
    }
    ranges
}

/// The table's source, four ranges a line.
fn table_source(ranges: &[(char, char)]) -> String {
    let mut out = String::from(
        "//! The simple code points' ranges (see `idna_simple`), sorted and apart: generated from\n\
         //! the Unicode data UTS #46 runs on by `tests/idna_simple_table.rs`\n\
         //! (`URLDIFF_REGENERATE=1`), which checks it against that data on every run.\n\n",
    );
    out.push_str(
        "/// The code points UTS #46 keeps as they are and that need no check across code points \
         (see\n/// `tests/idna_simple_table.rs` for what that is in Unicode properties).\n\
         #[rustfmt::skip]\n",
    );
    out.push_str(&format!("pub const SIMPLE: [(char, char); {}] = [\n", ranges.len()));
    for line in ranges.chunks(4) {
        let items: Vec<String> = line
            .iter()
            .map(|&(a, b)| format!("('\\u{{{:X}}}', '\\u{{{:X}}}')", a as u32, b as u32))
            .collect();
        out.push_str(&format!("    {},\n", items.join(", ")));
    }
    out.push_str("];\n");
    out
}

#[test]
fn the_simple_table_is_what_the_unicode_data_says() {
    let ranges = simple_ranges();
    if std::env::var_os("URLDIFF_REGENERATE").is_some() {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(TABLE);
        std::fs::write(&path, table_source(&ranges)).expect("the table written");
        return;
    }
    let first_difference = ranges.iter().zip(IDNA_SIMPLE.iter()).find(|(a, b)| a != b);
    assert!(
        ranges.len() == IDNA_SIMPLE.len() && first_difference.is_none(),
        "{TABLE} is not the data's ({} ranges against {}; first difference {first_difference:?}): \
         run this test with URLDIFF_REGENERATE=1",
        ranges.len(),
        IDNA_SIMPLE.len(),
    );
}

/// What the derivation gives for code points whose properties are known from the standards.
#[test]
fn the_derivation_classifies_known_code_points() {
    let ranges = simple_ranges();
    let simple = |c: char| ranges.iter().any(|&(a, b)| a <= c && c <= b);
    // Valid letters and symbols: ü, ß (deviation, valid without transitional processing),
    // Greek ά, Cyrillic а, Thai ก, hiragana あ, 一, 가, ☃ (xn--n3h), ☕.
    for c in ['\u{FC}', '\u{DF}', '\u{3AC}', '\u{430}', '\u{E01}', '\u{3042}', '\u{4E00}'] {
        assert!(simple(c), "U+{:04X}", c as u32);
    }
    for c in ['\u{AC00}', '\u{2603}', '\u{2615}', '\u{20000}'] {
        assert!(simple(c), "U+{:04X}", c as u32);
    }
    // Not simple: mapped (Ü, Ａ, ｶ), ignored (soft hyphen), disallowed (U+FFFD), combining
    // (U+0300), joiners, right-to-left (ا, א, ١), a Hangul vowel jamo (composes with the
    // syllable before it), ASCII.
    for c in ['\u{DC}', '\u{FF21}', '\u{FF76}', '\u{AD}', '\u{FFFD}', '\u{300}', '\u{200C}'] {
        assert!(!simple(c), "U+{:04X}", c as u32);
    }
    for c in ['\u{200D}', '\u{627}', '\u{5D0}', '\u{661}', '\u{1161}', 'a', '-'] {
        assert!(!simple(c), "U+{:04X}", c as u32);
    }
}
