//! Domain to ASCII with its shortcuts (`domain_to_ascii`, what the parser runs) against the
//! same steps asking UTS #46 for every ToASCII (`domain_to_ascii_by_uts46`): the same result
//! and the same validation errors, with both values of beStrict, on
//!
//! - code points from every Unicode block (`tests/data/Blocks-14.0.0.txt`, the Unicode
//!   Character Database's block list as Perl 5.36 ships it, plus the planes' tails past it):
//!   each block's first, last and middle code points and a few more, alone, beside ASCII,
//!   beside another block's, Punycode-encoded as an `xn--` label (and `XN--`), in domains of
//!   several labels;
//! - every input of WPT's IdnaTestV2.json and toascii.json, as is, lowercased and uppercased;
//! - edge cases: invalid Punycode after `xn--`, uppercase `XN--`, trailing dots, empty labels,
//!   fullwidth and ideographic dots, labels and domains about the DNS length limits.

use std::borrow::Cow;
use urldiff_parser::host::{
    domain_to_ascii, domain_to_ascii_by_uts46, HostParseFailure, IDNA_NOT_VALID, IDNA_RTL_LETTERS,
    IDNA_SIMPLE,
};
use urldiff_parser::Errors;

type Answer = (Result<String, HostParseFailure>, Errors);

/// Domain to ASCII, one way or the other.
type ToAscii =
    for<'a> fn(Cow<'a, str>, bool, &mut Errors, usize) -> Result<Cow<'a, str>, HostParseFailure>;

fn answer(to_ascii: ToAscii, domain: &str, be_strict: bool) -> Answer {
    let mut errors = Errors::new();
    let result = to_ascii(Cow::Borrowed(domain), be_strict, &mut errors, 5).map(Cow::into_owned);
    (result, errors)
}

/// Every domain that answers differently with the shortcuts (at most a few, shown).
fn differences<'a>(domains: impl IntoIterator<Item = &'a str>) -> (usize, Vec<String>) {
    let mut checked = 0;
    let mut differ = Vec::new();
    for domain in domains {
        for be_strict in [false, true] {
            checked += 1;
            let fast = answer(domain_to_ascii, domain, be_strict);
            let full = answer(domain_to_ascii_by_uts46, domain, be_strict);
            if fast != full {
                differ.push(format!("{domain:?} beStrict={be_strict}: {fast:?} != {full:?}"));
            }
        }
    }
    (checked, differ)
}

fn assert_same<'a>(what: &str, domains: impl IntoIterator<Item = &'a str>) -> usize {
    let (checked, differ) = differences(domains);
    assert!(
        differ.is_empty(),
        "{what}: {} differ, e.g.\n{}",
        differ.len(),
        differ[..differ.len().min(10)].join("\n")
    );
    checked
}

/// The blocks of `Blocks-14.0.0.txt` as code point ranges, then each plane's code points
/// after the last block listed in it (blocks of later Unicode versions, unassigned ones).
fn blocks() -> Vec<(u32, u32)> {
    let text = include_str!("data/Blocks-14.0.0.txt");
    let mut blocks: Vec<(u32, u32)> = text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let range = l.split(';').next().expect("a range");
            let (first, last) = range.split_once("..").expect("first..last");
            (u32::from_str_radix(first, 16).unwrap(), u32::from_str_radix(last, 16).unwrap())
        })
        .collect();
    assert!(blocks.len() >= 320, "Blocks.txt read whole ({} blocks)", blocks.len());
    blocks.extend([(0x2EBF0, 0x2FFFF), (0x31350, 0x3FFFF), (0x40000, 0xDFFFF)]);
    blocks
}

/// A few code points of a block: both ends, the middle, and six spread between (surrogates,
/// not scalar values, are left out).
fn samples((first, last): (u32, u32), salt: u32) -> Vec<char> {
    let span = last - first;
    let mut points = vec![first, last, first + span / 2];
    points.extend((1..=6).map(|k| first + (span / 7 * k + salt * 13) % (span + 1)));
    points.into_iter().filter_map(char::from_u32).collect()
}

/// The labels and domains made from one block's code points and a neighbour block's.
fn block_domains(mine: &[char], other: &[char]) -> Vec<String> {
    let mut domains = Vec::new();
    for (i, &c) in mine.iter().enumerate() {
        let o = other[i % other.len()];
        let labels = [
            format!("{c}"),
            format!("a{c}"),
            format!("{c}1b"),
            format!("{c}{o}"),
            format!("{o}{c}{c}"),
        ];
        for label in &labels {
            domains.push(label.clone());
            domains.push(format!("www.{label}.com"));
            domains.push(format!("{label}.{o}"));
            if let Some(puny) = idna::punycode::encode_str(label) {
                domains.push(format!("xn--{puny}"));
                domains.push(format!("XN--{}.example", puny.to_uppercase()));
                domains.push(format!("10.0.0.xn--{puny}"));
                domains.push(format!("xn--{puny}.{label}."));
            }
        }
    }
    domains
}

#[test]
fn every_unicode_block_answers_alike() {
    let blocks = blocks();
    let samples: Vec<Vec<char>> =
        blocks.iter().enumerate().map(|(i, &b)| samples(b, i as u32)).collect();
    let mut domains = Vec::new();
    for (i, mine) in samples.iter().enumerate() {
        if mine.is_empty() {
            continue; // a block of surrogates only
        }
        let other = samples[(i * 7 + 3) % samples.len()].clone();
        let other = if other.is_empty() { vec!['a'] } else { other };
        domains.extend(block_domains(mine, &other));
    }
    let checked = assert_same("Unicode blocks", domains.iter().map(String::as_str));
    assert!(checked > 40_000, "only {checked} answers compared");
}

#[test]
fn wpt_idna_inputs_answer_alike() {
    let wpt = urldiff_corpus::wpt::locate().unwrap_or_else(|e| panic!("{e}"));
    let mut domains = Vec::new();
    for name in ["IdnaTestV2.json", "toascii.json"] {
        let text = wpt.read(name).unwrap_or_else(|e| panic!("{e}"));
        let file =
            urldiff_corpus::wpt_tables::host_tests(&text, name).unwrap_or_else(|e| panic!("{e}"));
        for entry in file.entries {
            domains.push(entry.input.to_lowercase());
            domains.push(entry.input.to_uppercase());
            if let Some(output) = entry.output {
                domains.push(output.to_uppercase());
                domains.push(output);
            }
            domains.push(entry.input);
        }
    }
    let checked = assert_same("IdnaTestV2 and toascii", domains.iter().map(String::as_str));
    assert!(checked > 10_000, "only {checked} answers compared");
}

#[test]
fn edge_cases_answer_alike() {
    let long = "a".repeat(63);
    let too_long = "a".repeat(64);
    let near_253 = [long.as_str(); 4].join(".")[..250].to_owned();
    let owned = [
        format!("xn--{long}"),
        format!("{long}.xn--nxasmq6b"),
        format!("{near_253}.xn--53h"),
        format!("{too_long}.xn--53h"),
        format!("xn--{}", "z".repeat(2000)),
    ];
    let fixed = [
        "xn--",
        "xn---",
        "xn--a",
        "xn--a-",
        "xn--ls8h",
        "XN--LS8H",
        "Xn--Ls8h",
        "xn--zz",
        "xn--99999999",
        "xn--a.b",
        "xn--nxasmq6b",
        "xn--nxasmq6b.",
        "xn--nxasmq6b..",
        ".xn--nxasmq6b",
        "a..xn--53h",
        "xn--53h.xn--53h",
        "xn--53h\u{ff0e}com",
        "xn--53h\u{3002}com",
        "\u{2615}\u{ff61}com",
        "xn--fa-hia",
        "xn--fa-hia.xn--kgbechtv",
        "xn--kgbechtv.10",
        "xn--kgbechtv.a1",
        "1.xn--kgbechtv",
        "xn--8i7caa",
        "XN--8I7CAA",
        "xn--pokxncvks",
        "10.0.0.xn--pokxncvks",
        "xn--ab--c",
        "xn--ssa",
        "xn--zca",
        "xn--1ug",
        "xn--0ug",
        "a\u{200d}b",
        "xn--a-ecp.ru",
        "xn--tda",
        "xn--u-ccb",
        "xn--d1acufc.xn--p1ai",
        "xn--n3h.xn--n3h.",
        "",
        ".",
        "..",
        "a.",
        "a..b",
        "\u{ff0e}",
        "xn--e1afmkfd.xn--80akhbyknj4f",
        "xn--mnchen-3ya.de",
        "xn--Mnchen-3ya.DE",
        "xn--mnchen-3yA",
        "xn--abc-",
        "xn--%41",
        "xn--a_b",
        "xn--a b",
        "xn--\u{fc}",
        "xn--ab\u{ff0e}de",
    ];
    assert_same("edge cases", owned.iter().map(String::as_str).chain(fixed));
}

/// Every code point the shortcut treats as simple, each checked, not a sample.
#[test]
fn every_simple_code_point_answers_alike() {
    let all: Vec<char> = IDNA_SIMPLE.iter().flat_map(|&(a, b)| a..=b).collect();
    let mut domains = Vec::new();
    for (i, &c) in all.iter().enumerate() {
        // A neighbour from another range, so that pairs across ranges are met too.
        let o = all[(i * 7919 + 13) % all.len()];
        domains.push(format!("{c}"));
        domains.push(format!("a-{c}{o}.com"));
        if let Some(puny) = idna::punycode::encode_str(&format!("{o}{c}")) {
            // Alone, and beside a label written in Unicode (a mixed domain).
            domains.push(format!("xn--{puny}"));
            domains.push(format!("{o}.xn--{puny}"));
        }
    }
    let checked = assert_same("simple code points", domains.iter().map(String::as_str));
    assert!(checked > 600_000, "only {checked} answers compared");
}

/// Every right-to-left letter the shortcut knows, in labels of its own and in Punycode, in bidi
/// domains whose other labels pass the Bidi Rule or not (a leading digit, a trailing hyphen,
/// a label of simple code points, an empty label, a letter of either direction mixed in), and
/// beside U+200C ZERO WIDTH NON-JOINER (each letter before it and after it).
#[test]
fn every_rtl_letter_answers_alike() {
    let all: Vec<char> = IDNA_RTL_LETTERS.iter().flat_map(|&(a, b)| a..=b).collect();
    let mut domains = Vec::new();
    for (i, &c) in all.iter().enumerate() {
        let o = all[(i * 7919 + 13) % all.len()];
        let label = format!("{c}{o}");
        domains.extend([
            label.clone(),
            format!("{label}.com"),
            format!("www.{label}.a1"),
            format!("1a.{label}"),
            format!("{label}.a-"),
            format!("{label}.\u{fc}"),
            format!("{label}..com"),
            format!("{c}a.com"),
            format!("{c}\u{fc}"),
            format!("{label}.xn--n3h"),
        ]);
        // U+200C beside the letter, with U+0628 (beh, dual-joining) on its other side, and
        // where CheckJoiners never lets it stand.
        let beh = '\u{628}';
        for joined in [
            format!("{c}\u{200C}{beh}"),
            format!("{beh}\u{200C}{c}"),
            format!("\u{200C}{c}"),
            format!("{c}\u{200C}"),
            format!("{c}\u{200C}\u{200C}{beh}"),
            format!("{c}\u{200C}{o}"),
        ] {
            domains.push(format!("{joined}.com"));
            if let Some(puny) = idna::punycode::encode_str(&joined) {
                domains.push(format!("xn--{puny}.com"));
            }
        }
        if let Some(puny) = idna::punycode::encode_str(&label) {
            domains.extend([
                format!("xn--{puny}"),
                format!("xn--{puny}.example"),
                format!("www.xn--{puny}.com."),
                format!("1.xn--{puny}"),
                format!("xn--{puny}.{o}"),
                format!("xn--{puny}.xn--n3h"),
                format!("xn--{puny}.m\u{fc}nchen"),
            ]);
        }
    }
    let checked = assert_same("right-to-left letters", domains.iter().map(String::as_str));
    assert!(checked > 40_000, "only {checked} answers compared");
}

/// Every code point the shortcut knows UTS #46 maps, in Punycode labels.
#[test]
fn every_mapped_code_point_in_a_punycode_label_answers_alike() {
    let not_valid: Vec<char> = IDNA_NOT_VALID.iter().flat_map(|&(a, b)| a..=b).collect();
    let mut domains = Vec::new();
    for (i, &c) in not_valid.iter().enumerate() {
        let o = not_valid[(i * 31 + 7) % not_valid.len()];
        for label in [format!("{c}"), format!("a{c}\u{4E00}"), format!("\u{3042}{o}{c}")] {
            if let Some(puny) = idna::punycode::encode_str(&label) {
                domains.push(format!("xn--{puny}"));
                domains.push(format!("10.0.0.xn--{puny}"));
                domains.push(format!("xn--{puny}.xn--53h.com"));
            }
        }
    }
    let checked = assert_same("mapped code points", domains.iter().map(String::as_str));
    assert!(checked > 2_000, "only {checked} answers compared");
}
