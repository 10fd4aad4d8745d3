//! Percent-encoding and -decoding with the spec's encode sets.
//!
//! <https://url.spec.whatwg.org/#percent-encoded-bytes>
//!
//! An encode set is a 128-bit table over ASCII; every non-ASCII byte is always encoded.
//! Each set is built from the previous one exactly as the spec defines it.

/// A percent-encode set: which ASCII bytes must be encoded (non-ASCII always are).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EncodeSet {
    bits: u128,
}

impl EncodeSet {
    const fn with(self, bytes: &[u8]) -> Self {
        let mut bits = self.bits;
        let mut i = 0;
        while i < bytes.len() {
            bits |= 1u128 << bytes[i];
            i += 1;
        }
        EncodeSet { bits }
    }

    /// `set ∪ {all ASCII except ASCII alphanumeric}`
    const fn all_but_alphanumeric() -> Self {
        let mut bits = 0u128;
        let mut b = 0u8;
        while b < 128 {
            if !b.is_ascii_alphanumeric() {
                bits |= 1u128 << b;
            }
            b += 1;
        }
        EncodeSet { bits }
    }

    const fn without(self, bytes: &[u8]) -> Self {
        let mut bits = self.bits;
        let mut i = 0;
        while i < bytes.len() {
            bits &= !(1u128 << bytes[i]);
            i += 1;
        }
        EncodeSet { bits }
    }

    /// The ASCII members as a bitset (bit `b` set when byte `b` is encoded).
    pub const fn ascii_bits(self) -> u128 {
        self.bits
    }

    /// Whether `byte` is in this set (non-ASCII bytes always are).
    #[inline]
    pub const fn contains(self, byte: u8) -> bool {
        byte >= 128 || (self.bits >> byte) & 1 == 1
    }
}

/// <https://url.spec.whatwg.org/#c0-control-percent-encode-set>: C0 controls and all
/// code points greater than U+007E (~).
pub const C0_CONTROL: EncodeSet = {
    let mut bits = 0u128;
    let mut b = 0u8;
    while b < 0x20 {
        bits |= 1u128 << b;
        b += 1;
    }
    bits |= 1u128 << 0x7F;
    EncodeSet { bits }
};

/// <https://url.spec.whatwg.org/#fragment-percent-encode-set>
pub const FRAGMENT: EncodeSet = C0_CONTROL.with(b" \"<>`");

/// <https://url.spec.whatwg.org/#query-percent-encode-set>
pub const QUERY: EncodeSet = C0_CONTROL.with(b" \"#<>");

/// <https://url.spec.whatwg.org/#special-query-percent-encode-set>
pub const SPECIAL_QUERY: EncodeSet = QUERY.with(b"'");

/// <https://url.spec.whatwg.org/#path-percent-encode-set>
pub const PATH: EncodeSet = QUERY.with(b"?^`{}");

/// <https://url.spec.whatwg.org/#userinfo-percent-encode-set>
pub const USERINFO: EncodeSet = PATH.with(b"/:;=@[\\]|");

/// <https://url.spec.whatwg.org/#component-percent-encode-set>
pub const COMPONENT: EncodeSet = USERINFO.with(b"$%&+,");

/// <https://url.spec.whatwg.org/#application-x-www-form-urlencoded-percent-encode-set>
pub const FORM_URLENCODED: EncodeSet = COMPONENT.with(b"!'()~");

/// Everything but ASCII alphanumerics and `*-._`: the byte serializer of
/// application/x-www-form-urlencoded encodes exactly these (0x20 becomes `+` separately).
pub const FORM_SERIALIZE: EncodeSet = EncodeSet::all_but_alphanumeric().without(b"*-._");

const HEX_UPPER: &[u8; 16] = b"0123456789ABCDEF";

/// `%00%01…%FF`: every byte's percent-encoding (uppercase hex), three bytes each, so that
/// encoding a byte appends one slice instead of three characters.
const PERCENT_ENCODED: &str = match std::str::from_utf8(&PERCENT_ENCODED_BYTES) {
    Ok(text) => text,
    Err(_) => panic!("the table is ASCII"),
};

/// The bytes of [`PERCENT_ENCODED`].
const PERCENT_ENCODED_BYTES: [u8; 768] = {
    let mut table = [0u8; 768];
    let mut byte = 0;
    while byte < 256 {
        table[3 * byte] = b'%';
        table[3 * byte + 1] = HEX_UPPER[byte >> 4];
        table[3 * byte + 2] = HEX_UPPER[byte & 0xF];
        byte += 1;
    }
    table
};

/// Append `byte` percent-encoded (`%XX`, uppercase hex) to `out`.
#[inline]
pub fn push_percent_encoded_byte(out: &mut String, byte: u8) {
    let at = 3 * usize::from(byte);
    out.push_str(&PERCENT_ENCODED[at..at + 3]);
}

/// <https://url.spec.whatwg.org/#utf-8-percent-encode>: append `input` to `out`,
/// encoding every byte in `set`.
#[inline]
pub fn utf8_percent_encode_into(out: &mut String, input: &str, set: EncodeSet) {
    crate::work::tally(input.len());
    let bytes = input.as_bytes();
    let mut run_start = 0;
    for (i, &b) in bytes.iter().enumerate() {
        if set.contains(b) {
            if run_start < i {
                out.push_str(&input[run_start..i]);
            }
            push_percent_encoded_byte(out, b);
            run_start = i + 1;
        }
    }
    // Every byte of a multi-byte char is encoded (non-ASCII always is), so a non-empty
    // run never starts or ends inside one.
    out.push_str(&input[run_start..]);
}

/// <https://url.spec.whatwg.org/#utf-8-percent-encode> of one code point, appended to `out`.
#[inline]
pub fn push_char_encoded(out: &mut String, c: char, set: EncodeSet) {
    if c.is_ascii() && !set.contains(c as u8) {
        out.push(c);
    } else {
        let mut bytes = [0u8; 4];
        for &b in c.encode_utf8(&mut bytes).as_bytes() {
            push_percent_encoded_byte(out, b);
        }
    }
}

/// UTF-8 percent-encode `input` with `set` into a new string.
pub fn utf8_percent_encode(input: &str, set: EncodeSet) -> String {
    let mut out = String::with_capacity(input.len());
    utf8_percent_encode_into(&mut out, input, set);
    out
}

#[inline]
fn hex_value(b: u8) -> Option<u8> {
    match b {
        b'0'..=b'9' => Some(b - b'0'),
        b'a'..=b'f' => Some(b - b'a' + 10),
        b'A'..=b'F' => Some(b - b'A' + 10),
        _ => None,
    }
}

/// <https://url.spec.whatwg.org/#percent-decode>: bytes in, bytes out; a `%` not followed
/// by two hex digits is kept as is.
pub fn percent_decode(input: &[u8]) -> Vec<u8> {
    crate::work::tally(input.len());
    let mut out = Vec::with_capacity(input.len());
    let mut i = 0;
    while i < input.len() {
        let b = input[i];
        if b == b'%' && i + 2 < input.len() {
            if let (Some(h), Some(l)) = (hex_value(input[i + 1]), hex_value(input[i + 2])) {
                out.push(h << 4 | l);
                i += 3;
                continue;
            }
        }
        out.push(b);
        i += 1;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sets_nest_as_the_spec_defines() {
        assert!(
            C0_CONTROL.contains(0x1F) && C0_CONTROL.contains(0x7F) && !C0_CONTROL.contains(b' ')
        );
        assert!(FRAGMENT.contains(b'`') && !QUERY.contains(b'`'));
        assert!(SPECIAL_QUERY.contains(b'\'') && !QUERY.contains(b'\''));
        assert!(PATH.contains(b'{') && !QUERY.contains(b'{'));
        assert!(USERINFO.contains(b'@') && !PATH.contains(b'@'));
        assert!(COMPONENT.contains(b'+') && !USERINFO.contains(b'+'));
        assert!(FORM_URLENCODED.contains(b'~') && !COMPONENT.contains(b'~'));
        assert!(!FORM_SERIALIZE.contains(b'*') && FORM_SERIALIZE.contains(b'~'));
        assert!(C0_CONTROL.contains(0xC3));
    }

    #[test]
    fn encode_and_decode() {
        assert_eq!(utf8_percent_encode("a b\u{e9}", PATH), "a%20b%C3%A9");
        assert_eq!(percent_decode(b"%41%zz%4"), b"A%zz%4");
        assert_eq!(percent_decode(b"%e2%82%ac"), "\u{20ac}".as_bytes());
    }

    #[test]
    fn every_byte_is_encoded_as_percent_and_two_uppercase_hex_digits() {
        for byte in 0..=u8::MAX {
            let mut out = String::from("x");
            push_percent_encoded_byte(&mut out, byte);
            assert_eq!(out, format!("x%{byte:02X}"));
        }
    }
}
