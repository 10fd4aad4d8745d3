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
//! The right-to-left letters (`IDNA_RTL_LETTERS`) are the code points that meet all of these
//! but the bidi one, being of Bidi_Class R or AL (not AN, Arabic digits); of them, those of
//! Joining_Type L or D may stand before U+200C ZERO WIDTH NON-JOINER, those of R or D after
//! it (`IDNA_JOINS_BEFORE_ZWNJ`, `IDNA_JOINS_AFTER_ZWNJ`: CheckJoiners' context rule).
//!
//! A mismatch fails; `URLDIFF_REGENERATE=1` writes the table from the data instead.
//! `tests/idna_shortcuts.rs` then checks every code point of the table through the shortcut
//! against UTS #46 itself.

use icu_normalizer::properties::{CanonicalCombiningClassMap, CanonicalDecomposition, Decomposed};
use icu_normalizer::uts46::Uts46Mapper;
use icu_properties::props::{BidiClass, GeneralCategory, GeneralCategoryGroup, JoiningType};
use icu_properties::CodePointMapData;
use urldiff_parser::host::{
    IDNA_JOINS_AFTER_ZWNJ, IDNA_JOINS_BEFORE_ZWNJ, IDNA_RTL_LETTERS, IDNA_SIMPLE,
};

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

/// What a code point is to the shortcut, from the data.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    /// Simple: not right-to-left.
    Simple,
    /// A right-to-left letter (Bidi_Class R or AL) that is otherwise simple.
    RtlLetter,
    Other,
}

/// Every code point's [`Kind`].
fn kinds() -> Vec<Kind> {
    let mapper = Uts46Mapper::new();
    let ccc = CanonicalCombiningClassMap::new();
    let gc = CodePointMapData::<GeneralCategory>::new();
    let bidi = CodePointMapData::<BidiClass>::new();
    let second = second_of_pairs();
    let kind = |c: char| {
        let kept = !c.is_ascii()
            && !matches!(c, '\u{200C}' | '\u{200D}')
            && ccc.get32_u8(c as u32) == 0
            && !second[c as usize]
            && !GeneralCategoryGroup::Mark.contains(gc.get(c))
            // (A disallowed code point comes back as U+FFFD, which is disallowed too.)
            && c != '\u{FFFD}'
            && mapper.normalize_validate([c].into_iter()).eq([c]);
        match bidi.get(c) {
            _ if !kept => Kind::Other,
            BidiClass::RightToLeft | BidiClass::ArabicLetter => Kind::RtlLetter,
            BidiClass::ArabicNumber => Kind::Other,
            _ => Kind::Simple,
        }
    };
    (0..=0x10_FFFFu32).map(|c| char::from_u32(c).map_or(Kind::Other, kind)).collect()
}

/// The right-to-left letters whose Joining_Type is one of `types` (what CheckJoiners asks of
/// the code points about U+200C: L or D before it, R or D after it).
fn rtl_letters_joining(kinds: &[Kind], types: [JoiningType; 2]) -> Vec<(char, char)> {
    let joining = CodePointMapData::<JoiningType>::new();
    let kinds: Vec<Kind> = (0..=0x10_FFFFu32)
        .map(|c| match char::from_u32(c) {
            Some(ch)
                if kinds[c as usize] == Kind::RtlLetter && types.contains(&joining.get(ch)) =>
            {
                Kind::RtlLetter
            }
            _ => Kind::Other,
        })
        .collect();
    ranges_of(&kinds, Kind::RtlLetter)
}

/// The ranges of the code points of one kind.
fn ranges_of(kinds: &[Kind], wanted: Kind) -> Vec<(char, char)> {
    let mut ranges: Vec<(char, char)> = Vec::new();
    let chars = (0..=0x10_FFFFu32).filter_map(char::from_u32);
    for c in chars.filter(|&c| kinds[c as usize] == wanted) {
        match ranges.last_mut() {
            Some((_, last)) if *last as u32 + 1 == c as u32 => *last = c,
            // (Across the surrogates' gap a range goes on: no scalar value lies between.)
            Some((_, last)) if *last == '\u{D7FF}' && c == '\u{E000}' => *last = c,
            _ => ranges.push((c, c)),
        }
    }
    ranges
}

/// One table's source, four ranges a line.
fn table(name: &str, doc: &str, ranges: &[(char, char)]) -> String {
    let mut out =
        format!("{doc}#[rustfmt::skip]\npub const {name}: [(char, char); {}] = [\n", ranges.len());
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

/// The tables' source.
fn tables_source(tables: [&[(char, char)]; 4]) -> String {
    let [simple, rtl, before_zwnj, after_zwnj] = tables;
    let mut out = String::from(
        "//! The ranges of the IDNA shortcut's simple code points and right-to-left letters (see\n\
         //! `idna_simple`), sorted and apart: generated from the Unicode data UTS #46 runs on by\n\
         //! `tests/idna_simple_table.rs` (`URLDIFF_REGENERATE=1`), which checks them against that\n\
         //! data on every run.\n\n",
    );
    let simple_doc =
        "/// The code points UTS #46 keeps as they are and that need no check across code points, \
                      none\n/// right-to-left (`tests/idna_simple_table.rs` says what that is in \
                      Unicode properties).\n";
    let rtl_doc =
        "/// The right-to-left letters (Bidi_Class R or AL) that are otherwise as simple.\n";
    out.push_str(&table("SIMPLE", simple_doc, simple));
    out.push('\n');
    out.push_str(&table("RTL_LETTERS", rtl_doc, rtl));
    out.push('\n');
    let before_doc = "/// The right-to-left letters of Joining_Type L or D: CheckJoiners lets U+200C follow them.\n";
    out.push_str(&table("JOINS_BEFORE_ZWNJ", before_doc, before_zwnj));
    out.push('\n');
    let after_doc = "/// The right-to-left letters of Joining_Type R or D: CheckJoiners lets U+200C precede them.\n";
    out.push_str(&table("JOINS_AFTER_ZWNJ", after_doc, after_zwnj));
    out
}

#[test]
fn the_tables_are_what_the_unicode_data_says() {
    let kinds = kinds();
    let simple = ranges_of(&kinds, Kind::Simple);
    let rtl = ranges_of(&kinds, Kind::RtlLetter);
    let (left, right, dual) =
        (JoiningType::LeftJoining, JoiningType::RightJoining, JoiningType::DualJoining);
    let before_zwnj = rtl_letters_joining(&kinds, [left, dual]);
    let after_zwnj = rtl_letters_joining(&kinds, [right, dual]);
    if std::env::var_os("URLDIFF_REGENERATE").is_some() {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(TABLE);
        let source = tables_source([&simple, &rtl, &before_zwnj, &after_zwnj]);
        std::fs::write(&path, source).expect("the tables written");
        return;
    }
    for (name, ranges, table) in [
        ("SIMPLE", &simple, &IDNA_SIMPLE[..]),
        ("RTL_LETTERS", &rtl, &IDNA_RTL_LETTERS[..]),
        ("JOINS_BEFORE_ZWNJ", &before_zwnj, &IDNA_JOINS_BEFORE_ZWNJ[..]),
        ("JOINS_AFTER_ZWNJ", &after_zwnj, &IDNA_JOINS_AFTER_ZWNJ[..]),
    ] {
        let first_difference = ranges.iter().zip(table.iter()).find(|(a, b)| a != b);
        assert!(
            ranges.len() == table.len() && first_difference.is_none(),
            "{TABLE}'s {name} is not the data's ({} ranges against {}; first difference \
             {first_difference:?}): run this test with URLDIFF_REGENERATE=1",
            ranges.len(),
            table.len(),
        );
    }
}

/// What the derivation gives for code points whose properties are known from the standards.
#[test]
fn the_derivation_classifies_known_code_points() {
    let kinds = kinds();
    let simple = |c: char| kinds[c as usize] == Kind::Simple;
    let rtl_letter = |c: char| kinds[c as usize] == Kind::RtlLetter;
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
    // Right-to-left letters: Arabic alef, beh, Hebrew alef; not: Arabic-Indic digit one (AN),
    // an Arabic combining mark (fatha), the Arabic presentation form of alef (mapped).
    for c in ['\u{627}', '\u{628}', '\u{5D0}'] {
        assert!(rtl_letter(c), "U+{:04X}", c as u32);
    }
    for c in ['\u{661}', '\u{64E}', '\u{FE8D}', '\u{FC}', 'a'] {
        assert!(!rtl_letter(c), "U+{:04X}", c as u32);
    }
}
