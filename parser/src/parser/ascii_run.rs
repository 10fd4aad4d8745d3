//! Sets of ASCII bytes that a state of the basic URL parser treats alike, and the scan for
//! the longest run of them (see `Parser::take_run`).

use crate::percent;

/// A set of ASCII bytes a state treats alike (see [`Parser::take_run`]), as a byte-indexed
/// table: one load per byte in the hot loops.
#[derive(Clone, Copy, Debug)]
pub(crate) struct AsciiRun([bool; 256]);

impl AsciiRun {
    #[inline]
    pub(crate) const fn contains(&self, b: u8) -> bool {
        self.0[b as usize]
    }

    /// How many of the first bytes of `bytes` are in the set.
    #[inline]
    pub(crate) fn prefix_len(&self, bytes: &[u8]) -> usize {
        bytes.iter().position(|&b| !self.contains(b)).unwrap_or(bytes.len())
    }

    /// The ASCII bytes whose bit is set in `bits`.
    const fn from_bits(bits: u128) -> AsciiRun {
        let mut table = [false; 256];
        let mut b = 0;
        while b < 128 {
            table[b] = (bits >> b) & 1 == 1;
            b += 1;
        }
        AsciiRun(table)
    }

    const fn bits_of(bytes: &[u8]) -> u128 {
        let mut bits = 0u128;
        let mut i = 0;
        while i < bytes.len() {
            bits |= 1 << bytes[i];
            i += 1;
        }
        bits
    }

    const fn alphanumeric_bits() -> u128 {
        let mut bits = 0u128;
        let mut b = 0u8;
        while b < 128 {
            if b.is_ascii_alphanumeric() {
                bits |= 1 << b;
            }
            b += 1;
        }
        bits
    }

    /// ASCII URL code points, less `%` (validated per code point) and `set`'s members
    /// (encoded), less `stops` (which end the state's collecting).
    pub(crate) const fn appended_unchanged(set: percent::EncodeSet, stops: &[u8]) -> AsciiRun {
        let url_units = AsciiRun::bits_of(b"!$&'()*+,-./:;=?@_~") | AsciiRun::alphanumeric_bits();
        let excluded = set.ascii_bits() | AsciiRun::bits_of(stops) | (1 << b'%');
        AsciiRun::from_bits(url_units & !excluded)
    }

    /// What the scheme state appends: ASCII alphanumerics, `+`, `-` and `.`.
    pub(crate) const fn scheme_chars() -> AsciiRun {
        AsciiRun::from_bits(AsciiRun::alphanumeric_bits() | AsciiRun::bits_of(b"+-."))
    }

    pub(crate) const fn digits() -> AsciiRun {
        AsciiRun::from_bits(AsciiRun::bits_of(b"0123456789"))
    }

    /// Just `bytes`.
    pub(crate) const fn only(bytes: &[u8]) -> AsciiRun {
        AsciiRun::from_bits(AsciiRun::bits_of(bytes))
    }

    /// All ASCII but `stops`: for states that only grow a buffer (non-ASCII is taken one
    /// code point at a time).
    pub(crate) const fn all_but(stops: &[u8]) -> AsciiRun {
        AsciiRun::from_bits(!AsciiRun::bits_of(stops))
    }
}
