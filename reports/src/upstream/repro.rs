//! Reproductions in each library's own language, runnable as written: the program is the
//! oracle's own template (`oracles/parsers/<oracle>/oracle.json`, `repro`: `parse` without a
//! base, `resolve` with one), with `{input}` and `{base}` replaced by string literals of that
//! language that decode to exactly the input: controls, C1 included, and every code point the
//! hostile-text policy escapes ([`crate::hostile::is_invisible`]) as escapes, quotes and
//! backslashes escaped, and what the language would interpolate (`$` in PHP, `#` in Ruby) or
//! read as a trigraph (`?` in C and C++) escaped too; in C++ a string holding a NUL is passed
//! with its length.

use urldiff_oracles::parsers::Descriptor;

/// The folder of `oracle`'s library: a release of a library (`python-urllib@3.13`) is called
/// as the library is.
fn descriptor(oracle: &str) -> Option<&'static Descriptor> {
    urldiff_oracles::parsers::descriptor(oracle.split('@').next().unwrap_or(oracle))
}

/// The language a library is called from, by its fence tag in `oracle.json`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Language {
    Rust,
    JavaScript,
    Python,
    Java,
    Cpp,
    C,
    Go,
    Php,
    Ruby,
}

impl Language {
    pub const ALL: [Language; 9] = [
        Language::Rust,
        Language::JavaScript,
        Language::Python,
        Language::Java,
        Language::Cpp,
        Language::C,
        Language::Go,
        Language::Php,
        Language::Ruby,
    ];

    /// The fence tag of its code block.
    pub fn fence(self) -> &'static str {
        match self {
            Language::Rust => "rust",
            Language::JavaScript => "js",
            Language::Python => "python",
            Language::Java => "java",
            Language::Cpp => "cpp",
            Language::C => "c",
            Language::Go => "go",
            Language::Php => "php",
            Language::Ruby => "ruby",
        }
    }

    /// The language of a fence tag (`None`: one urldiff cannot write literals for).
    pub fn of_fence(tag: &str) -> Option<Language> {
        Language::ALL.into_iter().find(|l| l.fence() == tag)
    }
}

/// The language an oracle's library is called from (`None`: no reproduction template).
pub fn language_of(oracle: &str) -> Option<Language> {
    Language::of_fence(&descriptor(oracle)?.repro.as_ref()?.language)
}

/// `s` as a string literal of `language` that decodes to exactly `s`. In C++, a string with
/// a NUL is a `std::string_view` with its length: a plain literal converts to a `string_view`
/// (as `ada::parse` takes it) through `strlen`, which stops at the first NUL.
pub fn literal(language: Language, s: &str) -> String {
    if language == Language::Cpp && s.contains('\0') {
        return format!("std::string_view({}, {})", quoted(language, s), s.len());
    }
    quoted(language, s)
}

/// `s` between double quotes, escaped for `language`.
fn quoted(language: Language, s: &str) -> String {
    let mut out = String::from("\"");
    for c in s.chars() {
        match (c, language) {
            ('"', _) => out.push_str("\\\""),
            ('\\', _) => out.push_str("\\\\"),
            ('\n', _) => out.push_str("\\n"),
            ('\r', _) => out.push_str("\\r"),
            ('\t', _) => out.push_str("\\t"),
            ('$', Language::Php) => out.push_str("\\$"),
            ('#', Language::Ruby) => out.push_str("\\#"),
            ('?', Language::C | Language::Cpp) => out.push_str("\\?"),
            (c, _) if c.is_control() || crate::hostile::is_invisible(c) => {
                out.push_str(&escape(language, c))
            }
            (c, _) => out.push(c),
        }
    }
    out.push('"');
    out
}

/// One code point as an escape of `language`.
fn escape(language: Language, c: char) -> String {
    let v = c as u32;
    match language {
        Language::Rust | Language::JavaScript | Language::Php | Language::Ruby => {
            format!("\\u{{{v:x}}}")
        }
        Language::Python | Language::Go if v <= 0xffff => format!("\\u{v:04x}"),
        Language::Python | Language::Go => format!("\\U{v:08x}"),
        // Java reads `\u` escapes before it lexes (a `\u000a` would end the line): octal, one
        // char, below U+0100; above it a `\u` escape per UTF-16 code unit.
        Language::Java if v < 0x100 => format!("\\{v:03o}"),
        Language::Java => {
            let mut units = [0u16; 2];
            c.encode_utf16(&mut units).iter().map(|u| format!("\\u{u:04x}")).collect()
        }
        // A C or C++ string is bytes: the code point's UTF-8 bytes, each a three-digit octal
        // escape (a `\x` escape would run on over the hex digits after it; `\200` alone
        // would be the byte 0x80, not U+0080).
        Language::C | Language::Cpp => {
            let mut buf = [0u8; 4];
            c.encode_utf8(&mut buf).bytes().map(|b| format!("\\{b:03o}")).collect()
        }
    }
}

/// A program for `oracle`'s library that parses `input` (against `base`) and prints what it
/// reads, from its template; `None` for an oracle without one (or that cannot resolve).
pub fn program(oracle: &str, input: &str, base: Option<&str>) -> Option<(Language, String)> {
    let repro = descriptor(oracle)?.repro.as_ref()?;
    let language = Language::of_fence(&repro.language)?;
    let template = match base {
        Some(_) => repro.resolve.as_deref()?,
        None => repro.parse.as_str(),
    };
    Some((language, fill(template, language, input, base)))
}

/// `template` with `{input}` and `{base}` replaced by literals, in one pass (a literal that
/// holds `{base}` is not replaced again).
fn fill(template: &str, language: Language, input: &str, base: Option<&str>) -> String {
    let mut out = String::with_capacity(template.len() + input.len());
    let mut rest = template;
    while let Some(at) = rest.find('{') {
        out.push_str(&rest[..at]);
        rest = &rest[at..];
        if let Some(after) = rest.strip_prefix("{input}") {
            out.push_str(&literal(language, input));
            rest = after;
        } else if let (Some(after), Some(b)) = (rest.strip_prefix("{base}"), base) {
            out.push_str(&literal(language, b));
            rest = after;
        } else {
            out.push('{');
            rest = &rest[1..];
        }
    }
    out.push_str(rest);
    out
}

/// What to install before running a JavaScript reproduction ([`install`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NpmInstall {
    /// `npm install urijs@1.19.11`; `None`: the module is built into Node.
    pub command: Option<String>,
    /// The Node release it ran on (`v20.20.2`), when the version string names it.
    pub node: Option<String>,
}

/// What to install before running `oracle`'s JavaScript reproduction: `npm install
/// <package>@<version>` for each npm package its folder names (`oracle.json`, `install.npm`),
/// the version read from the oracle's version string as its adapter writes it (`urijs 1.19.11
/// on node v20.20.2`), else nothing (built into Node); with the Node release it ran on. `None`
/// for a library of another language.
pub fn install(oracle: &str, version: &str) -> Option<NpmInstall> {
    let d = descriptor(oracle)?;
    if Language::of_fence(&d.repro.as_ref()?.language)? != Language::JavaScript {
        return None;
    }
    let node = version.split_whitespace().skip_while(|t| *t != "node").nth(1).map(str::to_owned);
    let packages: Vec<String> = d
        .install
        .npm
        .iter()
        .map(|package| {
            let mut tokens = version.split_whitespace();
            let pinned = tokens.by_ref().find(|t| t == package).and_then(|_| tokens.next());
            match pinned.filter(|v| v.starts_with(|c: char| c.is_ascii_digit())) {
                Some(v) => format!("{package}@{v}"),
                None => package.clone(),
            }
        })
        .collect();
    let command = (!packages.is_empty()).then(|| format!("npm install {}", packages.join(" ")));
    Some(NpmInstall { command, node })
}
