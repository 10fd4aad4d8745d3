//! A structured description of a URL string, for structure-aware fuzzing (the `structured`
//! target).
//!
//! A fuzzer mutating bytes seldom writes `HTTP:\\u:p@[1::ffff:1.2.3.4]:080/a/%2e%2E/b` by
//! chance; one mutating a [`StructuredCase`] writes such strings all the time, because every
//! field is one of the forms the URL Standard treats differently: scheme kind and letter case,
//! slashes and backslashes, userinfo with `@` and `:`, every host form (domain, IDNA with
//! non-ASCII and full-width letters and ideographic full stops, IPv4 in each number form,
//! IPv6 with compression and embedded IPv4, opaque, percent-encoded), port forms, dot segments
//! and `%2e`, percent-escapes, query, fragment, leading and trailing C0 controls and spaces,
//! tabs and newlines inside, and an optional base.
//!
//! [`StructuredCase::render`] writes the input and the base as strings; nothing here parses,
//! and nothing here decides what the strings mean: the fuzz targets do.

mod host;
#[cfg(test)]
mod tests;

pub use host::{
    CommonLabel, Domain, FullStop, HostForm, Ipv4Form, Ipv4Number, Ipv4Part, Ipv6Form, Label,
    LabelText, Radix, UnicodeChar,
};

use arbitrary::Arbitrary;
use std::fmt::Write;

/// An input and an optional base, as `new URL(input, base)` takes them.
#[derive(Arbitrary, Clone, Debug, PartialEq, Eq)]
pub struct StructuredCase {
    pub input: UrlDescription,
    pub base: Option<UrlDescription>,
}

impl StructuredCase {
    /// The input string and the base string.
    pub fn render(&self) -> (String, Option<String>) {
        (self.input.render(), self.base.as_ref().map(UrlDescription::render))
    }
}

/// One URL string, part by part, in the order they are written.
#[derive(Arbitrary, Clone, Debug, PartialEq, Eq)]
pub struct UrlDescription {
    /// Written before everything (the parser strips leading C0 controls and spaces).
    pub leading: Vec<Junk>,
    /// `None` writes no scheme: a relative reference.
    pub scheme: Option<SchemePart>,
    /// Written after the scheme: `//`, `\\`, `/\`, `///`, or none.
    pub slashes: Vec<Slash>,
    pub authority: Option<Authority>,
    pub path: Vec<PathPart>,
    pub query: Option<Text>,
    pub fragment: Option<Text>,
    /// Written after everything (stripped like `leading`, when C0 or space).
    pub trailing: Vec<Junk>,
    /// Tabs and newlines put inside the rendered string (the parser removes them).
    pub inserted: Vec<Insertion>,
}

impl UrlDescription {
    pub fn render(&self) -> String {
        let mut body = String::new();
        let scheme = self.scheme.as_ref().map(|s| s.render(&mut body));
        for slash in &self.slashes {
            body.push(slash.as_char());
        }
        if let Some(authority) = &self.authority {
            authority.render(scheme, &mut body);
        }
        for part in &self.path {
            part.render(&mut body);
        }
        if let Some(query) = &self.query {
            body.push('?');
            query.render(&mut body);
        }
        if let Some(fragment) = &self.fragment {
            body.push('#');
            fragment.render(&mut body);
        }
        for insertion in &self.inserted {
            insertion.apply(&mut body);
        }
        let mut out = String::new();
        out.extend(self.leading.iter().map(Junk::as_char));
        out.push_str(&body);
        out.extend(self.trailing.iter().map(Junk::as_char));
        out
    }
}

/// Characters around a URL that parsers strip or keep: C0 controls and space are stripped
/// by the URL Standard; NBSP, U+3000 and the BOM are not.
#[derive(Arbitrary, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Junk {
    Space,
    Tab,
    LineFeed,
    CarriageReturn,
    Nul,
    FormFeed,
    /// Any C0 control (the value modulo 32).
    C0(u8),
    NoBreakSpace,
    IdeographicSpace,
    ByteOrderMark,
    Delete,
}

impl Junk {
    fn as_char(&self) -> char {
        match self {
            Junk::Space => ' ',
            Junk::Tab => '\t',
            Junk::LineFeed => '\n',
            Junk::CarriageReturn => '\r',
            Junk::Nul => '\0',
            Junk::FormFeed => '\u{C}',
            Junk::C0(b) => char::from(b % 32),
            Junk::NoBreakSpace => '\u{A0}',
            Junk::IdeographicSpace => '\u{3000}',
            Junk::ByteOrderMark => '\u{FEFF}',
            Junk::Delete => '\u{7F}',
        }
    }
}

/// A tab or newline inserted at a character position (modulo the length + 1).
#[derive(Arbitrary, Clone, Copy, Debug, PartialEq, Eq)]
pub struct Insertion {
    pub position: u16,
    pub what: TabOrNewline,
}

#[derive(Arbitrary, Clone, Copy, Debug, PartialEq, Eq)]
pub enum TabOrNewline {
    Tab,
    LineFeed,
    CarriageReturn,
}

impl Insertion {
    fn apply(&self, s: &mut String) {
        let chars = s.chars().count();
        let nth = usize::from(self.position) % (chars + 1);
        let at = s.char_indices().nth(nth).map_or(s.len(), |(i, _)| i);
        let c = match self.what {
            TabOrNewline::Tab => '\t',
            TabOrNewline::LineFeed => '\n',
            TabOrNewline::CarriageReturn => '\r',
        };
        s.insert(at, c);
    }
}

/// A scheme, its letter case and what follows it.
#[derive(Arbitrary, Clone, Debug, PartialEq, Eq)]
pub struct SchemePart {
    pub name: SchemeName,
    pub case: LetterCase,
    pub colon: Colon,
}

impl SchemePart {
    /// Write the scheme and its colon; return the scheme's lowercase name, which the port
    /// form [`PortForm::Default`] reads.
    fn render(&self, out: &mut String) -> &'static str {
        let (name, custom) = self.name.text();
        let start = out.len();
        out.push_str(name);
        if let Some(custom) = custom {
            out.push_str(&custom);
        }
        let cased = self.case.apply(&out[start..]);
        out.replace_range(start.., &cased);
        out.push_str(match self.colon {
            Colon::Colon => ":",
            Colon::Missing => "",
            Colon::FullWidth => "\u{FF1A}",
        });
        name
    }
}

/// Special schemes (each with its own parsing rules), common non-special ones, and any.
#[derive(Arbitrary, Clone, Debug, PartialEq, Eq)]
pub enum SchemeName {
    Http,
    Https,
    Ws,
    Wss,
    Ftp,
    File,
    Data,
    Javascript,
    Mailto,
    Blob,
    Urn,
    Tel,
    /// `web+demo`, a registered-handler style scheme.
    WebPlus,
    /// `sc`, WPT's usual non-special scheme.
    Sc,
    /// Characters from the scheme alphabet (letters, digits, `+-.`) and a few outside it.
    Custom(Vec<SchemeChar>),
}

impl SchemeName {
    /// The fixed name, and for [`SchemeName::Custom`] the characters after it.
    fn text(&self) -> (&'static str, Option<String>) {
        let fixed = match self {
            SchemeName::Http => "http",
            SchemeName::Https => "https",
            SchemeName::Ws => "ws",
            SchemeName::Wss => "wss",
            SchemeName::Ftp => "ftp",
            SchemeName::File => "file",
            SchemeName::Data => "data",
            SchemeName::Javascript => "javascript",
            SchemeName::Mailto => "mailto",
            SchemeName::Blob => "blob",
            SchemeName::Urn => "urn",
            SchemeName::Tel => "tel",
            SchemeName::WebPlus => "web+demo",
            SchemeName::Sc => "sc",
            SchemeName::Custom(chars) => {
                return ("", Some(chars.iter().map(SchemeChar::as_char).collect()));
            }
        };
        (fixed, None)
    }
}

/// One character of a custom scheme: mostly from the scheme alphabet.
#[derive(Arbitrary, Clone, Copy, Debug, PartialEq, Eq)]
pub struct SchemeChar(pub u8);

impl SchemeChar {
    fn as_char(&self) -> char {
        const ALPHABET: &[u8] = b"abcdefghijklmnopqrstuvwxyz0123456789+-._~ %";
        char::from(ALPHABET[usize::from(self.0) % ALPHABET.len()])
    }
}

#[derive(Arbitrary, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Colon {
    Colon,
    Missing,
    /// U+FF1A FULLWIDTH COLON, which is not a delimiter.
    FullWidth,
}

/// The case of a scheme's ASCII letters.
#[derive(Arbitrary, Clone, Copy, Debug, PartialEq, Eq)]
pub enum LetterCase {
    Lower,
    Upper,
    /// Letter i is uppercase when bit i (mod 8) of the mask is set.
    Mask(u8),
}

impl LetterCase {
    fn apply(&self, s: &str) -> String {
        s.chars()
            .enumerate()
            .map(|(i, c)| match self {
                LetterCase::Lower => c,
                LetterCase::Upper => c.to_ascii_uppercase(),
                LetterCase::Mask(m) if m & (1 << (i % 8)) != 0 => c.to_ascii_uppercase(),
                LetterCase::Mask(_) => c,
            })
            .collect()
    }
}

#[derive(Arbitrary, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Slash {
    Forward,
    Back,
}

impl Slash {
    fn as_char(&self) -> char {
        match self {
            Slash::Forward => '/',
            Slash::Back => '\\',
        }
    }
}

/// `[userinfo "@"] host [":" port]`.
#[derive(Arbitrary, Clone, Debug, PartialEq, Eq)]
pub struct Authority {
    pub userinfo: Option<Userinfo>,
    pub host: HostForm,
    pub port: Option<PortForm>,
}

impl Authority {
    fn render(&self, scheme: Option<&str>, out: &mut String) {
        if let Some(userinfo) = &self.userinfo {
            userinfo.render(out);
        }
        self.host.render(out);
        if let Some(port) = &self.port {
            out.push(':');
            port.render(scheme, out);
        }
    }
}

/// `username [":" password] "@"`, where either may hold `@`, `:` and escapes themselves.
#[derive(Arbitrary, Clone, Debug, PartialEq, Eq)]
pub struct Userinfo {
    pub username: Text,
    pub password: Option<Text>,
    pub at: AtSign,
}

#[derive(Arbitrary, Clone, Copy, Debug, PartialEq, Eq)]
pub enum AtSign {
    One,
    Two,
    /// `%40@`: an escaped at-sign, then the real one.
    EscapedThenOne,
}

impl Userinfo {
    fn render(&self, out: &mut String) {
        self.username.render(out);
        if let Some(password) = &self.password {
            out.push(':');
            password.render(out);
        }
        out.push_str(match self.at {
            AtSign::One => "@",
            AtSign::Two => "@@",
            AtSign::EscapedThenOne => "%40@",
        });
    }
}

/// Port forms: in range, the scheme's default, out of range, leading zeros, empty, not digits.
#[derive(Arbitrary, Clone, Debug, PartialEq, Eq)]
pub enum PortForm {
    Number(u16),
    /// The default port of the scheme written (80 when it has none).
    Default,
    Large(u32),
    LeadingZeros {
        zeros: u8,
        value: u16,
    },
    Empty,
    Text(Text),
}

impl PortForm {
    fn render(&self, scheme: Option<&str>, out: &mut String) {
        match self {
            PortForm::Number(n) => write!(out, "{n}").unwrap_or(()),
            // The parser's one default-port table; 80 for a scheme without one.
            PortForm::Default => {
                let port = scheme.and_then(urldiff_parser::default_port).unwrap_or(80);
                write!(out, "{port}").unwrap_or(())
            }
            PortForm::Large(n) => write!(out, "{}", u64::from(*n) + 65_536).unwrap_or(()),
            PortForm::LeadingZeros { zeros, value } => {
                out.extend(std::iter::repeat_n('0', usize::from(zeros % 8)));
                write!(out, "{value}").unwrap_or(());
            }
            PortForm::Empty => {}
            PortForm::Text(text) => text.render(out),
        }
    }
}

/// A path segment and what comes before it (`None`: nothing, so it continues the previous).
#[derive(Arbitrary, Clone, Debug, PartialEq, Eq)]
pub struct PathPart {
    pub separator: Option<Slash>,
    pub segment: Segment,
}

impl PathPart {
    fn render(&self, out: &mut String) {
        if let Some(slash) = self.separator {
            out.push(slash.as_char());
        }
        self.segment.render(out);
    }
}

#[derive(Arbitrary, Clone, Debug, PartialEq, Eq)]
pub enum Segment {
    Name(Text),
    /// `.`, `%2e` or `%2E`.
    Dot(Dot),
    /// Two dots, each in its own form (`..`, `.%2e`, `%2E%2e`, …).
    DoubleDot(Dot, Dot),
    Empty,
    /// `c:` or `c|`, which file URLs treat specially.
    WindowsDriveLetter {
        letter: u8,
        pipe: bool,
    },
}

#[derive(Arbitrary, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dot {
    Plain,
    EscapedLower,
    EscapedUpper,
}

impl Dot {
    pub(crate) fn as_str(&self) -> &'static str {
        match self {
            Dot::Plain => ".",
            Dot::EscapedLower => "%2e",
            Dot::EscapedUpper => "%2E",
        }
    }
}

impl Segment {
    fn render(&self, out: &mut String) {
        match self {
            Segment::Name(text) => text.render(out),
            Segment::Dot(dot) => out.push_str(dot.as_str()),
            Segment::DoubleDot(a, b) => {
                out.push_str(a.as_str());
                out.push_str(b.as_str());
            }
            Segment::Empty => {}
            Segment::WindowsDriveLetter { letter, pipe } => {
                out.push(char::from(b'a' + letter % 26));
                out.push(if *pipe { '|' } else { ':' });
            }
        }
    }
}

/// Free text, as pieces: letters, delimiters, escapes (good and broken), non-ASCII, controls.
#[derive(Arbitrary, Clone, Debug, PartialEq, Eq)]
pub struct Text(pub Vec<Piece>);

impl Text {
    pub(crate) fn render(&self, out: &mut String) {
        for piece in &self.0 {
            piece.render(out);
        }
    }
}

#[derive(Arbitrary, Clone, Debug, PartialEq, Eq)]
pub enum Piece {
    /// `a`–`z` then `A`–`Z` (the value modulo 52).
    Letter(u8),
    /// `0`–`9` (the value modulo 10).
    Digit(u8),
    Delimiter(Delimiter),
    /// `%XX` with the hex digits in either case.
    Escape {
        byte: u8,
        upper: bool,
    },
    /// `%`, `%g1`, `%2` — escapes that are not one.
    BrokenEscape(BrokenEscape),
    Unicode(UnicodeChar),
    /// A C0 control or DEL (the value modulo 33; 32 is DEL).
    Control(u8),
    Any(char),
}

impl Piece {
    fn render(&self, out: &mut String) {
        match self {
            Piece::Letter(b) => {
                let b = b % 52;
                out.push(char::from(if b < 26 { b'a' + b } else { b'A' + b - 26 }));
            }
            Piece::Digit(b) => out.push(char::from(b'0' + b % 10)),
            Piece::Delimiter(d) => out.push(d.as_char()),
            Piece::Escape { byte, upper: true } => write!(out, "%{byte:02X}").unwrap_or(()),
            Piece::Escape { byte, upper: false } => write!(out, "%{byte:02x}").unwrap_or(()),
            Piece::BrokenEscape(e) => out.push_str(e.as_str()),
            Piece::Unicode(u) => out.push(u.as_char()),
            Piece::Control(b) => out.push(match b % 33 {
                32 => '\u{7F}',
                c => char::from(c),
            }),
            Piece::Any(c) => out.push(*c),
        }
    }
}

/// The characters that delimit or get percent-encoded somewhere in a URL.
#[derive(Arbitrary, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Delimiter {
    Slash,
    Backslash,
    Question,
    Hash,
    At,
    Colon,
    Percent,
    Space,
    Semicolon,
    Equals,
    Ampersand,
    Plus,
    Dot,
    LeftBracket,
    RightBracket,
    Caret,
    Pipe,
    DoubleQuote,
    Apostrophe,
    LessThan,
    GreaterThan,
    Backtick,
    LeftBrace,
    RightBrace,
    Tilde,
    Exclamation,
    Dollar,
    Comma,
    Asterisk,
}

impl Delimiter {
    fn as_char(&self) -> char {
        match self {
            Delimiter::Slash => '/',
            Delimiter::Backslash => '\\',
            Delimiter::Question => '?',
            Delimiter::Hash => '#',
            Delimiter::At => '@',
            Delimiter::Colon => ':',
            Delimiter::Percent => '%',
            Delimiter::Space => ' ',
            Delimiter::Semicolon => ';',
            Delimiter::Equals => '=',
            Delimiter::Ampersand => '&',
            Delimiter::Plus => '+',
            Delimiter::Dot => '.',
            Delimiter::LeftBracket => '[',
            Delimiter::RightBracket => ']',
            Delimiter::Caret => '^',
            Delimiter::Pipe => '|',
            Delimiter::DoubleQuote => '"',
            Delimiter::Apostrophe => '\'',
            Delimiter::LessThan => '<',
            Delimiter::GreaterThan => '>',
            Delimiter::Backtick => '`',
            Delimiter::LeftBrace => '{',
            Delimiter::RightBrace => '}',
            Delimiter::Tilde => '~',
            Delimiter::Exclamation => '!',
            Delimiter::Dollar => '$',
            Delimiter::Comma => ',',
            Delimiter::Asterisk => '*',
        }
    }
}

#[derive(Arbitrary, Clone, Copy, Debug, PartialEq, Eq)]
pub enum BrokenEscape {
    Bare,
    OneDigit,
    NotHex,
    HalfHex,
}

impl BrokenEscape {
    fn as_str(&self) -> &'static str {
        match self {
            BrokenEscape::Bare => "%",
            BrokenEscape::OneDigit => "%2",
            BrokenEscape::NotHex => "%zz",
            BrokenEscape::HalfHex => "%g1",
        }
    }
}
