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
//!
//! Every other domain gets `None`, and UTS #46 answers. Property tests compare both answers on
//! every simple code point alone and beside others, on code points of every Unicode block, on
//! WPT's IdnaTestV2 inputs and on edge cases (`tests/idna_shortcuts.rs` and the tests here).

use super::is_strict_ascii_label;
use smallvec::SmallVec;

/// A label's code points: a valid one has at most 59 after `xn--`, so no allocation.
type Label = SmallVec<[char; 64]>;

pub use super::simple_table::SIMPLE;

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
fn is_not_valid(c: char) -> bool {
    in_ranges(&NOT_VALID, c)
}

/// Whether `c` is one of [`SIMPLE`]'s code points: a bit of [`SIMPLE_BMP`] below U+10000
/// (where most domains' code points are), else a search of the ranges.
#[inline]
pub(crate) fn is_simple(c: char) -> bool {
    let c32 = c as u32;
    match SIMPLE_BMP.get((c32 >> 6) as usize) {
        Some(word) => word >> (c32 & 63) & 1 != 0,
        None => in_ranges(&SIMPLE, c),
    }
}

/// [`SIMPLE`] below U+10000 as a bit set (8 KiB), made at compile time.
static SIMPLE_BMP: [u64; 1024] = {
    let mut bits = [0u64; 1024];
    let mut r = 0;
    while r < SIMPLE.len() {
        let (first, last) = (SIMPLE[r].0 as u32, SIMPLE[r].1 as u32);
        let mut c = first;
        while c <= last && c < 0x1_0000 {
            bits[(c >> 6) as usize] |= 1 << (c & 63);
            c += 1;
        }
        r += 1;
    }
    bits
};

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

/// Strict ToASCII's verdict on a domain of lowercase ASCII letters, digits, `-` and `.` some of
/// whose labels start with `xn--`, where each such label decodes to simple code points; `None`
/// otherwise. (Its result on success is the domain itself: UTS #46 keeps valid Punycode labels
/// as written.) The caller tells the domain's bytes apart; any other domain is UTS #46's.
pub(crate) fn punycode_domain_verdict(domain: &[u8]) -> Option<bool> {
    debug_assert!(domain.iter().all(|&b| b == b'.' || is_lower_ldh(b)));
    let mut valid = domain.len() <= 253;
    let mut decoded = Label::new();
    for label in domain.split(|&b| b == b'.') {
        let Some(encoded) = label.strip_prefix(b"xn--") else {
            valid &= is_strict_ascii_label(label);
            continue;
        };
        match decode(encoded, &mut decoded) {
            Decoded::Simple if label.len() <= 63 => valid &= hyphens_placed_well(&decoded),
            Decoded::NotValid => valid = false,
            _ => return None,
        }
    }
    Some(valid)
}

/// Relaxed ToASCII's result on a domain of simple code points and lowercase ASCII letters,
/// digits, `-` and `.`, with no label starting with `xn--` and no label over 63 code points, and strict
/// ToASCII's verdict (a strict success is that same result); `None` for any other domain.
pub(crate) fn simple_domain_to_ascii(domain: &str) -> Option<(String, bool)> {
    // Most other domains are told apart by their first code points, before any allocation.
    if !domain.chars().all(|c| {
        if c.is_ascii() {
            c == '.' || is_lower_ldh(c as u8)
        } else {
            is_simple(c)
        }
    }) {
        return None;
    }
    let mut out = String::with_capacity(domain.len() + 16);
    let mut valid = true;
    let mut label = Label::new();
    for (i, text) in domain.split('.').enumerate() {
        if i > 0 {
            out.push('.');
        }
        // A label written with the Punycode prefix is UTS #46's to decode or refuse.
        if text.starts_with("xn--") {
            return None;
        }
        if text.is_ascii() {
            valid &= is_strict_ascii_label(text.as_bytes());
            out.push_str(text);
            continue;
        }
        label.clear();
        label.extend(text.chars());
        if label.len() > 63 {
            return None;
        }
        let start = out.len();
        out.push_str("xn--");
        encode(&label, &mut out);
        valid &= hyphens_placed_well(&label) && out.len() - start <= 63;
    }
    valid &= out.len() <= 253;
    Some((out, valid))
}

// Punycode, RFC 3492 section 5's parameters and section 6's algorithms.
const BASE: u32 = 36;
const T_MIN: u32 = 1;
const T_MAX: u32 = 26;
const SKEW: u32 = 38;
const DAMP: u32 = 700;
const INITIAL_BIAS: u32 = 72;
const INITIAL_N: u32 = 0x80;

/// RFC 3492 6.1, bias adaptation.
fn adapt(delta: u32, num_points: u32, first_time: bool) -> u32 {
    let mut delta = if first_time { delta / DAMP } else { delta / 2 };
    delta += delta / num_points;
    let mut k = 0;
    while delta > ((BASE - T_MIN) * T_MAX) / 2 {
        delta /= BASE - T_MIN;
        k += BASE;
    }
    k + (BASE - T_MIN + 1) * delta / (delta + SKEW)
}

fn threshold(k: u32, bias: u32) -> u32 {
    k.saturating_sub(bias).clamp(T_MIN, T_MAX)
}

/// What a Punycode label decodes to, as far as this module can tell.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Decoded {
    /// At least one non-basic code point, every one of them simple.
    Simple,
    /// A code point UTS #46 does not keep as it is ([`NOT_VALID`]), whatever else the label
    /// holds: strict ToASCII fails (a later decoding failure fails it too).
    NotValid,
    /// Anything else: UTS #46 decides.
    Unknown,
}

/// RFC 3492 6.2, decoding lowercase `input` into `output`.
fn decode(input: &[u8], output: &mut Label) -> Decoded {
    output.clear();
    // The basic code points are those before the last delimiter (none without one, and a
    // leading delimiter is left to UTS #46).
    let rest = match input.iter().rposition(|&b| b == b'-') {
        Some(0) => return Decoded::Unknown,
        Some(d) => {
            output.extend(input[..d].iter().map(|&b| char::from(b)));
            &input[d + 1..]
        }
        None => input,
    };
    let (mut n, mut i, mut bias) = (INITIAL_N, 0u32, INITIAL_BIAS);
    let mut digits = rest.iter();
    let basic = output.len();
    while digits.len() > 0 {
        let old_i = i;
        let (mut w, mut k) = (1u32, BASE);
        loop {
            let digit = match digits.next() {
                Some(&b @ b'a'..=b'z') => u32::from(b - b'a'),
                Some(&b @ b'0'..=b'9') => u32::from(b - b'0') + 26,
                _ => return Decoded::Unknown,
            };
            let Some(next) = digit.checked_mul(w).and_then(|d| i.checked_add(d)) else {
                return Decoded::Unknown;
            };
            i = next;
            let t = threshold(k, bias);
            if digit < t {
                break;
            }
            let Some(next_w) = w.checked_mul(BASE - t) else { return Decoded::Unknown };
            w = next_w;
            k += BASE;
        }
        let len = output.len() as u32 + 1;
        bias = adapt(i - old_i, len, old_i == 0);
        let Some(next_n) = n.checked_add(i / len) else { return Decoded::Unknown };
        n = next_n;
        i %= len;
        match char::from_u32(n) {
            Some(c) if is_simple(c) => output.insert(i as usize, c),
            Some(c) if is_not_valid(c) => return Decoded::NotValid,
            _ => return Decoded::Unknown,
        }
        i += 1;
    }
    if output.len() > basic {
        Decoded::Simple
    } else {
        Decoded::Unknown
    }
}

/// RFC 3492 6.3, encoding `input` (at most 63 code points, so no overflow) onto `out`.
fn encode(input: &[char], out: &mut String) {
    let digit = |d: u32| char::from(if d < 26 { b'a' + d as u8 } else { b'0' + (d - 26) as u8 });
    let basic = input.iter().filter(|c| c.is_ascii()).count() as u32;
    out.extend(input.iter().filter(|c| c.is_ascii()));
    if basic > 0 {
        out.push('-');
    }
    let (mut n, mut delta, mut bias, mut handled) = (INITIAL_N, 0u32, INITIAL_BIAS, basic);
    while (handled as usize) < input.len() {
        let m = input.iter().map(|&c| c as u32).filter(|&c| c >= n).min().unwrap_or(n);
        delta += (m - n) * (handled + 1);
        n = m;
        for &c in input {
            let c = c as u32;
            if c < n {
                delta += 1;
            }
            if c == n {
                let mut q = delta;
                let mut k = BASE;
                loop {
                    let t = threshold(k, bias);
                    if q < t {
                        break;
                    }
                    out.push(digit(t + (q - t) % (BASE - t)));
                    q = (q - t) / (BASE - t);
                    k += BASE;
                }
                out.push(digit(q));
                bias = adapt(delta, handled + 1, handled == basic);
                delta = 0;
                handled += 1;
            }
        }
        delta += 1;
        n += 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rfc_3492_samples() {
        // RFC 3492 7.1: (B) Chinese (simplified), and (A) Arabic, which is not simple.
        let chinese = "\u{4ED6}\u{4EEC}\u{4E3A}\u{4EC0}\u{4E48}\u{4E0D}\u{8BF4}\u{4E2D}\u{6587}";
        let chars: Vec<char> = chinese.chars().collect();
        let mut out = String::new();
        encode(&chars, &mut out);
        assert_eq!(out, "ihqwcrb4cv8a8dqg056pqjye");
        let mut decoded = Label::new();
        assert_eq!(decode(out.as_bytes(), &mut decoded), Decoded::Simple);
        assert_eq!(decoded.as_slice(), chars.as_slice());
        let arabic = decode(b"egbpdaj6bu4bxfgehfvwxn", &mut decoded);
        assert_eq!(arabic, Decoded::Unknown, "Arabic is not simple");
    }

    #[test]
    fn membership_is_being_in_one_of_the_ranges() {
        // Every scalar value: the binary search against a scan of the ranges.
        let scan = |ranges: &[(char, char)], c| ranges.iter().any(|&(a, b)| a <= c && c <= b);
        for c in (0..=0x10FFFF).filter_map(char::from_u32) {
            assert_eq!(is_simple(c), scan(&SIMPLE, c), "U+{:04X}", c as u32);
            assert_eq!(is_not_valid(c), scan(&NOT_VALID, c), "U+{:04X}", c as u32);
        }
    }

    #[test]
    fn ranges_are_sorted_and_apart() {
        assert!(SIMPLE.windows(2).all(|w| w[0].1 < w[1].0));
        assert!(NOT_VALID.windows(2).all(|w| w[0].1 < w[1].0));
        assert!(NOT_VALID.iter().all(|&(a, b)| !is_simple(a) && !is_simple(b)));
    }
}
