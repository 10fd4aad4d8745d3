//! Reproductions in each library's own language, runnable as written: the input and base as
//! string literals of that language (escaped so that every code point survives: controls as
//! escapes, quotes and backslashes escaped), the library's own parse call, and a line that
//! prints what the library reads.

/// The language a library is called from, and how.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Language {
    Rust,
    JavaScript,
    Python,
    Java,
    Cpp,
}

impl Language {
    /// The fence tag of its code block.
    pub fn fence(self) -> &'static str {
        match self {
            Language::Rust => "rust",
            Language::JavaScript => "js",
            Language::Python => "python",
            Language::Java => "java",
            Language::Cpp => "cpp",
        }
    }
}

/// The language a built-in oracle's library is called from (`None`: ours, or unknown).
pub fn language_of(oracle: &str) -> Option<Language> {
    match oracle {
        "rust-url" => Some(Language::Rust),
        "ada" => Some(Language::Cpp),
        "node-url" | "whatwg-url" | "url-parse" => Some(Language::JavaScript),
        "python-urllib" => Some(Language::Python),
        "java-uri" => Some(Language::Java),
        _ => None,
    }
}

/// `s` as a string literal of `language`.
pub fn literal(language: Language, s: &str) -> String {
    let mut out = String::from("\"");
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if c.is_control() || crate::hostile::is_invisible(c) => {
                out.push_str(&escape(language, c))
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// One code point as an escape of `language`.
fn escape(language: Language, c: char) -> String {
    let v = c as u32;
    match language {
        Language::Rust => format!("\\u{{{v:x}}}"),
        Language::JavaScript => format!("\\u{{{v:x}}}"),
        Language::Python if v <= 0xffff => format!("\\u{v:04x}"),
        Language::Python => format!("\\U{v:08x}"),
        // Java reads `\u` escapes before it lexes (a `\u000a` would end the line), and C++
        // continues `\x` escapes over hex digits: octal below U+0100. Above it (only invisible
        // and bidi code points come here) a `\u` escape is safe in both: Java's as UTF-16 code
        // units, C++'s universal character names.
        Language::Java | Language::Cpp if v < 0x100 => format!("\\{v:03o}"),
        Language::Java => {
            let mut units = [0u16; 2];
            c.encode_utf16(&mut units).iter().map(|u| format!("\\u{u:04x}")).collect()
        }
        Language::Cpp if v <= 0xffff => format!("\\u{v:04x}"),
        Language::Cpp => format!("\\U{v:08x}"),
    }
}

/// A program for `oracle`'s library that parses `input` (against `base`) and prints what it
/// reads; `None` for an oracle without a known library.
pub fn program(oracle: &str, input: &str, base: Option<&str>) -> Option<(Language, String)> {
    let language = language_of(oracle)?;
    let i = literal(language, input);
    let b = base.map(|b| literal(language, b));
    let text = match (oracle, language) {
        (_, Language::Rust) => rust(&i, b.as_deref()),
        ("url-parse", _) => js("const Url = require(\"url-parse\");", "new Url", &i, b.as_deref()),
        ("whatwg-url", _) => {
            js("const { URL } = require(\"whatwg-url\");", "new URL", &i, b.as_deref())
        }
        (_, Language::JavaScript) => js("", "new URL", &i, b.as_deref()),
        (_, Language::Python) => python(&i, b.as_deref()),
        (_, Language::Java) => java(&i, b.as_deref()),
        (_, Language::Cpp) => cpp(&i, b.as_deref()),
    };
    Some((language, text))
}

fn rust(input: &str, base: Option<&str>) -> String {
    let parse = match base {
        Some(b) => format!("url::Url::parse({b}).and_then(|base| base.join({input}))"),
        None => format!("url::Url::parse({input})"),
    };
    format!(
        "// Cargo.toml: [dependencies] url = \"2\"\nfn main() {{\n    let result = {parse};\n    \
         println!(\"{{:?}}\", result.map(|u| u.to_string()));\n}}\n"
    )
}

fn js(require: &str, constructor: &str, input: &str, base: Option<&str>) -> String {
    let args = base.map_or(input.to_owned(), |b| format!("{input}, {b}"));
    let require = if require.is_empty() { String::new() } else { format!("{require}\n") };
    format!(
        "{require}try {{\n  const url = {constructor}({args});\n  console.log(url.href, \
         JSON.stringify({{ protocol: url.protocol, host: url.host, pathname: url.pathname }}));\n\
         }} catch (e) {{\n  console.log(\"failure:\", e.message);\n}}\n"
    )
}

fn python(input: &str, base: Option<&str>) -> String {
    let target = base.map_or(input.to_owned(), |b| format!("urljoin({b}, {input})"));
    format!(
        "from urllib.parse import urljoin, urlsplit\n\ntarget = {target}\nparts = urlsplit(target)\n\
         try:\n    port = parts.port\nexcept ValueError as e:\n    port = f\"ValueError: {{e}}\"\n\
         print(repr(target), parts, parts.hostname, port)\n"
    )
}

fn java(input: &str, base: Option<&str>) -> String {
    let uri = match base {
        Some(b) => format!("new URI({b}).resolve(new URI({input}))"),
        None => format!("new URI({input})"),
    };
    format!(
        "import java.net.URI;\n\npublic class Repro {{\n    public static void main(String[] args) {{\n        \
         try {{\n            URI uri = {uri};\n            System.out.println(uri + \" host=\" + \
         uri.getHost() + \" path=\" + uri.getRawPath());\n        }} catch (Exception e) {{\n            \
         System.out.println(\"failure: \" + e.getMessage());\n        }}\n    }}\n}}\n"
    )
}

fn cpp(input: &str, base: Option<&str>) -> String {
    let (setup, call) = match base {
        Some(b) => (
            format!("    auto base = ada::parse<ada::url_aggregator>({b});\n    if (!base) {{ std::cout << \"base failure\\n\"; return 0; }}\n"),
            format!("ada::parse<ada::url_aggregator>({input}, &*base)"),
        ),
        None => (String::new(), format!("ada::parse<ada::url_aggregator>({input})")),
    };
    format!(
        "#include \"ada.h\"\n#include <iostream>\n\nint main() {{\n{setup}    auto url = {call};\n    \
         if (url) {{ std::cout << url->get_href() << \"\\n\"; }} else {{ std::cout << \"failure\\n\"; }}\n}}\n"
    )
}
