//! Punycode (RFC 3492) for the IDNA shortcut (`idna_simple`): decoding that tells what kind of
//! code points a label holds as it goes, and encoding of labels of at most 63 code points.

use super::code_point_classes::{is_not_valid, is_rtl_letter, is_simple, label_direction, Label};

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
pub(super) enum Decoded {
    /// At least one non-basic code point, every one of them simple.
    Simple,
    /// Right-to-left letters ([`is_rtl_letter`]) only, and U+200C where CheckJoiners allows
    /// it ([`label_direction`]).
    Rtl,
    /// A code point UTS #46 does not keep as it is ([`NOT_VALID`]), whatever else the label
    /// holds: strict ToASCII fails (a later decoding failure fails it too).
    NotValid,
    /// Anything else: UTS #46 decides.
    Unknown,
}

/// RFC 3492 6.2, decoding lowercase `input` into `output`.
pub(super) fn decode(input: &[u8], output: &mut Label) -> Decoded {
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
    // (Whether a right-to-left letter or U+200C was met: only then is the direction asked.)
    let mut right_to_left = false;
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
            Some(c) if is_rtl_letter(c) || c == '\u{200C}' => {
                right_to_left = true;
                output.insert(i as usize, c)
            }
            Some(c) if is_not_valid(c) => return Decoded::NotValid,
            _ => return Decoded::Unknown,
        }
        i += 1;
    }
    if output.len() == basic {
        return Decoded::Unknown;
    }
    if !right_to_left {
        return Decoded::Simple;
    }
    match label_direction(output) {
        Some(false) => Decoded::Simple,
        Some(true) => Decoded::Rtl,
        None => Decoded::Unknown,
    }
}

/// RFC 3492 6.3, encoding `input` (at most 63 code points, so no overflow) onto `out`.
pub(super) fn encode(input: &[char], out: &mut String) {
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
        assert_eq!(arabic, Decoded::Rtl, "Arabic letters only");
        // RFC 3492 7.1 (L), Japanese with ASCII: 3<nen>B<gumi><kinpachi><sensei>.
        let mixed = decode(b"3b-ww4c5e180e575a65lsy2b", &mut decoded);
        assert_eq!(mixed, Decoded::Simple);
        assert_eq!(
            decoded.iter().collect::<String>(),
            "3\u{5E74}b\u{7D44}\u{91D1}\u{516B}\u{5148}\u{751F}"
        );
    }
}
