//! Host forms of the structured URL description: domains (ASCII, IDNA, full-width, with
//! every full-stop variant), IPv4 in each number form, IPv6 with compression and embedded
//! IPv4, opaque hosts, percent-encoded domains and the empty host.
//! <https://url.spec.whatwg.org/#host-parsing>

use super::{Dot, Text};
use arbitrary::Arbitrary;
use std::fmt::Write;

#[derive(Arbitrary, Clone, Debug, PartialEq, Eq)]
pub enum HostForm {
    Domain(Domain),
    Ipv4(Ipv4Form),
    Ipv6(Ipv6Form),
    /// Free text, as a non-special URL's opaque host takes it.
    Opaque(Text),
    /// A domain with every byte of its UTF-8 percent-encoded (the mask picks which).
    PercentEncoded {
        domain: Domain,
        mask: u32,
    },
    Empty,
}

impl HostForm {
    pub(crate) fn render(&self, out: &mut String) {
        match self {
            HostForm::Domain(domain) => domain.render(out),
            HostForm::Ipv4(ipv4) => ipv4.render(out),
            HostForm::Ipv6(ipv6) => ipv6.render(out),
            HostForm::Opaque(text) => text.render(out),
            HostForm::PercentEncoded { domain, mask } => {
                let mut plain = String::new();
                domain.render(&mut plain);
                for (i, byte) in plain.bytes().enumerate() {
                    if mask & (1 << (i % 32)) != 0 || !byte.is_ascii() {
                        write!(out, "%{byte:02X}").unwrap_or(());
                    } else {
                        out.push(char::from(byte));
                    }
                }
            }
            HostForm::Empty => {}
        }
    }
}

/// Labels, each followed (except the last, unless `trailing_dot`) by its own full stop.
#[derive(Arbitrary, Clone, Debug, PartialEq, Eq)]
pub struct Domain {
    pub labels: Vec<Label>,
    pub trailing_dot: bool,
}

impl Domain {
    fn render(&self, out: &mut String) {
        for (i, label) in self.labels.iter().enumerate() {
            label.text.render(out);
            if i + 1 < self.labels.len() || self.trailing_dot {
                out.push_str(label.dot_after.as_str());
            }
        }
    }
}

#[derive(Arbitrary, Clone, Debug, PartialEq, Eq)]
pub struct Label {
    pub text: LabelText,
    pub dot_after: FullStop,
}

/// The full stops UTS #46 maps to `.` (and `%2e`, which the host parser decodes first).
#[derive(Arbitrary, Clone, Copy, Debug, PartialEq, Eq)]
pub enum FullStop {
    Dot,
    /// U+3002 IDEOGRAPHIC FULL STOP `。`
    Ideographic,
    /// U+FF0E FULLWIDTH FULL STOP `．`
    FullWidth,
    /// U+FF61 HALFWIDTH IDEOGRAPHIC FULL STOP `｡`
    HalfwidthIdeographic,
    Escaped(Dot),
}

impl FullStop {
    fn as_str(&self) -> &'static str {
        match self {
            FullStop::Dot => ".",
            FullStop::Ideographic => "\u{3002}",
            FullStop::FullWidth => "\u{FF0E}",
            FullStop::HalfwidthIdeographic => "\u{FF61}",
            FullStop::Escaped(dot) => dot.as_str(),
        }
    }
}

#[derive(Arbitrary, Clone, Debug, PartialEq, Eq)]
pub enum LabelText {
    Common(CommonLabel),
    /// ASCII letters, digits and hyphens (the low 7 bits modulo 37; the high bit uppercases).
    Ascii(Vec<u8>),
    /// `xn--` followed by ASCII letters, digits and hyphens: a Punycode label, valid or not.
    Punycode(Vec<u8>),
    /// Non-ASCII characters that IDNA maps, rejects or keeps.
    Unicode(Vec<UnicodeChar>),
    /// ASCII letters and digits written full-width (U+FF21…, U+FF10…), which IDNA maps back.
    FullWidth(Vec<u8>),
    /// Anything, forbidden host code points included.
    Any(String),
}

impl LabelText {
    fn render(&self, out: &mut String) {
        const LDH: &[u8] = b"abcdefghijklmnopqrstuvwxyz0123456789-";
        let ldh = |b: &u8| char::from(LDH[usize::from(*b) % LDH.len()]);
        match self {
            LabelText::Common(common) => out.push_str(common.as_str()),
            LabelText::Ascii(bytes) => out.extend(bytes.iter().map(|b| {
                let c = ldh(&(b & 0x7F));
                if b & 0x80 != 0 {
                    c.to_ascii_uppercase()
                } else {
                    c
                }
            })),
            LabelText::Punycode(bytes) => {
                out.push_str("xn--");
                out.extend(bytes.iter().map(ldh));
            }
            LabelText::Unicode(chars) => out.extend(chars.iter().map(UnicodeChar::as_char)),
            LabelText::FullWidth(bytes) => out.extend(bytes.iter().map(|b| full_width(ldh(b)))),
            LabelText::Any(s) => out.push_str(s),
        }
    }
}

/// The full-width form of an ASCII letter, digit or hyphen.
fn full_width(c: char) -> char {
    // U+FF01..U+FF5E are U+0021..U+007E shifted by 0xFEE0.
    char::from_u32(c as u32 + 0xFEE0).unwrap_or(c)
}

#[derive(Arbitrary, Clone, Copy, Debug, PartialEq, Eq)]
pub enum CommonLabel {
    Example,
    Com,
    Localhost,
    Www,
    Test,
    /// A valid Punycode label (`xn--nxasmq6b`, Greek).
    ValidPunycode,
}

impl CommonLabel {
    fn as_str(&self) -> &'static str {
        match self {
            CommonLabel::Example => "example",
            CommonLabel::Com => "com",
            CommonLabel::Localhost => "localhost",
            CommonLabel::Www => "www",
            CommonLabel::Test => "test",
            CommonLabel::ValidPunycode => "xn--nxasmq6b",
        }
    }
}

/// Non-ASCII characters that IDNA treats in different ways: mapped, deviation, disallowed,
/// joiners, bidi, compatibility forms; or any.
#[derive(Arbitrary, Clone, Copy, Debug, PartialEq, Eq)]
pub enum UnicodeChar {
    /// `ß`, a deviation character.
    SharpS,
    /// `ü`
    UUmlaut,
    /// `é`
    EAcute,
    /// `日`
    Sun,
    /// `ı`, dotless i
    DotlessI,
    /// `ς`, final sigma (deviation)
    FinalSigma,
    /// U+200D ZERO WIDTH JOINER
    ZeroWidthJoiner,
    /// U+200C ZERO WIDTH NON-JOINER
    ZeroWidthNonJoiner,
    /// U+00AD SOFT HYPHEN (mapped to nothing)
    SoftHyphen,
    /// `ﬀ` ligature (mapped to `ff`)
    Ligature,
    /// `א`, right-to-left
    Alef,
    /// `①` (mapped to `1`)
    CircledOne,
    /// `Ⅻ` (mapped to `xii`)
    RomanTwelve,
    /// U+FFFD REPLACEMENT CHARACTER
    Replacement,
    /// `💩`, outside the BMP
    Emoji,
    Any(char),
}

impl UnicodeChar {
    pub(crate) fn as_char(&self) -> char {
        match self {
            UnicodeChar::SharpS => 'ß',
            UnicodeChar::UUmlaut => 'ü',
            UnicodeChar::EAcute => 'é',
            UnicodeChar::Sun => '日',
            UnicodeChar::DotlessI => 'ı',
            UnicodeChar::FinalSigma => 'ς',
            UnicodeChar::ZeroWidthJoiner => '\u{200D}',
            UnicodeChar::ZeroWidthNonJoiner => '\u{200C}',
            UnicodeChar::SoftHyphen => '\u{AD}',
            UnicodeChar::Ligature => 'ﬀ',
            UnicodeChar::Alef => 'א',
            UnicodeChar::CircledOne => '①',
            UnicodeChar::RomanTwelve => 'Ⅻ',
            UnicodeChar::Replacement => '\u{FFFD}',
            UnicodeChar::Emoji => '💩',
            UnicodeChar::Any(c) => *c,
        }
    }
}

/// An IPv4 address as the host parser reads it: one to four (or more) parts, each a number
/// in decimal, octal or hex, optionally a trailing dot, optionally in full-width digits.
#[derive(Arbitrary, Clone, Debug, PartialEq, Eq)]
pub struct Ipv4Form {
    pub parts: Vec<Ipv4Part>,
    pub trailing_dot: bool,
    pub full_width: bool,
}

#[derive(Arbitrary, Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ipv4Part {
    pub value: Ipv4Number,
    pub radix: Radix,
}

/// Values around the limits: a byte, 16 and 32 bits, just past 32 bits, and beyond.
#[derive(Arbitrary, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ipv4Number {
    Byte(u8),
    Short(u16),
    Word(u32),
    /// 2^32 + the value: one past what four parts can hold.
    Overflow(u8),
    Huge(u64),
}

#[derive(Arbitrary, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Radix {
    Decimal,
    /// A leading `0`, then octal digits.
    Octal,
    Hex {
        upper_x: bool,
        upper_digits: bool,
    },
    /// `0x` with no digits, which the spec reads as 0.
    EmptyHex,
}

impl Ipv4Part {
    fn render(&self, out: &mut String) {
        let value: u128 = match self.value {
            Ipv4Number::Byte(v) => v.into(),
            Ipv4Number::Short(v) => v.into(),
            Ipv4Number::Word(v) => v.into(),
            Ipv4Number::Overflow(v) => (1u128 << 32) + u128::from(v),
            Ipv4Number::Huge(v) => v.into(),
        };
        let result = match self.radix {
            Radix::Decimal => write!(out, "{value}"),
            Radix::Octal => write!(out, "0{value:o}"),
            Radix::Hex { upper_x, upper_digits } => {
                out.push_str(if upper_x { "0X" } else { "0x" });
                if upper_digits {
                    write!(out, "{value:X}")
                } else {
                    write!(out, "{value:x}")
                }
            }
            Radix::EmptyHex => write!(out, "0x"),
        };
        result.unwrap_or(());
    }
}

impl Ipv4Form {
    fn render(&self, out: &mut String) {
        let mut ascii = String::new();
        for (i, part) in self.parts.iter().enumerate() {
            if i > 0 {
                ascii.push('.');
            }
            part.render(&mut ascii);
        }
        if self.trailing_dot {
            ascii.push('.');
        }
        if self.full_width {
            out.extend(ascii.chars().map(full_width));
        } else {
            out.push_str(&ascii);
        }
    }
}

/// An IPv6 address in brackets: pieces, an optional `::` at a position (modulo the number of
/// pieces + 1), an optional embedded IPv4 address at the end, hex case, leading zeros, and
/// mistakes: a missing `]`, a zone identifier.
#[derive(Arbitrary, Clone, Debug, PartialEq, Eq)]
pub struct Ipv6Form {
    pub pieces: Vec<u16>,
    pub compression: Option<u8>,
    pub embedded_ipv4: Option<[u8; 4]>,
    pub upper: bool,
    pub leading_zeros: bool,
    pub unclosed: bool,
    pub zone: Option<Text>,
}

impl Ipv6Form {
    fn render(&self, out: &mut String) {
        let piece = |p: &u16| match (self.upper, self.leading_zeros) {
            (false, false) => format!("{p:x}"),
            (true, false) => format!("{p:X}"),
            (false, true) => format!("{p:04x}"),
            (true, true) => format!("{p:04X}"),
        };
        let pieces: Vec<String> = self.pieces.iter().map(piece).collect();
        let mut text = match self.compression {
            Some(at) => {
                let at = usize::from(at) % (pieces.len() + 1);
                format!("{}::{}", pieces[..at].join(":"), pieces[at..].join(":"))
            }
            None => pieces.join(":"),
        };
        if let Some([a, b, c, d]) = self.embedded_ipv4 {
            if !text.is_empty() && !text.ends_with("::") {
                text.push(':');
            }
            write!(text, "{a}.{b}.{c}.{d}").unwrap_or(());
        }
        out.push('[');
        out.push_str(&text);
        if let Some(zone) = &self.zone {
            out.push_str("%25");
            zone.render(out);
        }
        if !self.unclosed {
            out.push(']');
        }
    }
}
