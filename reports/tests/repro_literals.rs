//! Every reproduction language's string literal decodes to exactly the input: for each
//! language whose compiler or interpreter is on this machine (rustc, node, python3, java,
//! g++, gcc, go, php, ruby), a program holding `literal(language, s)` prints the UTF-8 bytes
//! of the string it holds, and they must be `s`'s own, for a string of every class of code
//! point the hostile-text policy escapes (C0 and C1 controls, format, bidi, default-ignorable,
//! separators, private-use, unassigned, noncharacters) and every character a language reads
//! specially (quotes, backslashes, `$`, `#{`, `??=`, `{input}`). A missing runtime skips its
//! language with one line unless `URLDIFF_REQUIRE` names it.

use std::path::Path;
use std::process::Command;
use urldiff_reports::upstream::repro::{literal, Language};

/// One string per class (the classes of `hostile`'s test), and one with every special
/// character of the languages.
const SAMPLES: &[&str] = &[
    "\u{1}\u{8}\u{b}\u{c}\u{1b}\u{1f}\u{7f}\t\n\r",
    "\u{80}\u{85}\u{9b}\u{9f}a\u{80}0\u{9f}f",
    "\u{ad}\u{61c}\u{180e}\u{200b}\u{200e}\u{202e}\u{2066}\u{feff}\u{e0001}",
    "\u{34f}\u{115f}\u{3164}\u{fe0f}\u{e0100}\u{2028}\u{2029}\u{a0}\u{3000}",
    "\u{e000}\u{10fffd}\u{378}\u{fdd0}\u{fffe}\u{ffff}\u{10ffff}\u{fffd}",
    "é中😀ｆ①。\u{301}",
    "\"'\\`$x ${y} #{z} #@a #$b ??= ??/ %s %n {input} {base} \\u0041 \\x41 \\101 a\\",
    "http://example.com:\\/a b?q#f",
    "\u{0}a\u{0}b\u{0}",
];

/// A program in `language` printing the UTF-8 bytes of the string `lit` as hex.
fn program(language: Language, lit: &str) -> (&'static str, String) {
    match language {
        Language::Rust => ("main.rs", format!("fn main() {{ let s: &str = {lit}; for b in s.bytes() {{ print!(\"{{b:02x}}\"); }} }}\n")),
        Language::JavaScript => ("main.js", format!("const s = {lit};\nprocess.stdout.write(Buffer.from(s, 'utf8').toString('hex'));\n")),
        Language::Python => ("main.py", format!("import sys\ns = {lit}\nsys.stdout.write(s.encode('utf-8', 'surrogatepass').hex())\n")),
        Language::Java => ("Main.java", format!("public class Main {{ public static void main(String[] a) throws Exception {{ String s = {lit}; StringBuilder o = new StringBuilder(); for (byte b : s.getBytes(\"UTF-8\")) o.append(String.format(\"%02x\", b & 0xff)); System.out.print(o); }} }}\n")),
        // As ada::parse takes it: a std::string_view.
        Language::Cpp => ("main.cpp", format!("#include <cstdio>\n#include <string_view>\nint main() {{ std::string_view s = {lit}; for (char c : s) std::printf(\"%02x\", (unsigned char)c); }}\n")),
        Language::C => ("main.c", format!("#include <stdio.h>\nint main(void) {{ const char s[] = {lit}; for (unsigned i = 0; i + 1 < sizeof s; i++) printf(\"%02x\", (unsigned char)s[i]); return 0; }}\n")),
        Language::Go => ("main.go", format!("package main\n\nimport \"fmt\"\n\nfunc main() {{\n\ts := {lit}\n\tfmt.Printf(\"%x\", s)\n}}\n")),
        Language::Php => ("main.php", format!("<?php\n$s = {lit};\necho bin2hex($s);\n")),
        Language::Ruby => ("main.rb", format!("s = {lit}\nprint s.b.unpack1('H*')\n")),
    }
}

/// How to run `file` in `dir` (compiling first where needed), and the runtime's name for
/// `URLDIFF_REQUIRE`.
fn run(language: Language, dir: &Path, file: &str) -> Result<String, String> {
    let path = dir.join(file);
    let exe = dir.join("main");
    let sh = |cmd: &mut Command| -> Result<String, String> {
        let out = cmd.output().map_err(|e| format!("cannot start: {e}"))?;
        if !out.status.success() {
            return Err(String::from_utf8_lossy(&out.stderr).into_owned());
        }
        Ok(String::from_utf8_lossy(&out.stdout).into_owned())
    };
    match language {
        Language::Rust => {
            sh(Command::new("rustc").arg("-o").arg(&exe).arg(&path))?;
            sh(&mut Command::new(&exe))
        }
        Language::Cpp | Language::C => {
            let compiler = if language == Language::Cpp { "g++" } else { "gcc" };
            let std = if language == Language::Cpp { "-std=c++17" } else { "-std=c11" };
            sh(Command::new(compiler).arg(std).arg("-o").arg(&exe).arg(&path))?;
            sh(&mut Command::new(&exe))
        }
        Language::JavaScript => sh(Command::new("node").arg(&path)),
        Language::Python => sh(Command::new("python3").arg(&path)),
        Language::Java => sh(Command::new("java").arg(&path)),
        Language::Go => sh(Command::new("go")
            .arg("run")
            .arg(&path)
            .env("GOCACHE", dir.join("gocache"))
            .env("GO111MODULE", "off")),
        Language::Php => sh(Command::new("php").arg(&path)),
        Language::Ruby => sh(Command::new("ruby").arg(&path)),
    }
}

/// The runtime a language needs, as `URLDIFF_REQUIRE` names it, and its command.
fn runtime(language: Language) -> (&'static str, &'static str) {
    match language {
        Language::Rust => ("rustc", "rustc"),
        Language::JavaScript => ("node", "node"),
        Language::Python => ("python", "python3"),
        Language::Java => ("java", "java"),
        Language::Cpp => ("g++", "g++"),
        Language::C => ("gcc", "gcc"),
        Language::Go => ("go", "go"),
        Language::Php => ("php", "php"),
        Language::Ruby => ("ruby", "ruby"),
    }
}

fn hex(s: &str) -> String {
    s.bytes().map(|b| format!("{b:02x}")).collect()
}

#[test]
fn every_language_literal_decodes_to_exactly_the_input() {
    for language in Language::ALL {
        let (name, command) = runtime(language);
        if Command::new(command).arg("--version").output().is_err() {
            urldiff_corpus::required::skip(
                name,
                "repro_literals",
                &format!("{command} not found: {} literals not run", language.fence()),
            );
            continue;
        }
        let dir = tempfile::tempdir().expect("a temporary folder");
        for sample in SAMPLES {
            let lit = literal(language, sample);
            let (file, text) = program(language, &lit);
            std::fs::write(dir.path().join(file), text).expect("the program is written");
            let got = run(language, dir.path(), file)
                .unwrap_or_else(|e| panic!("{}: {lit} does not run: {e}", language.fence()));
            assert_eq!(got, hex(sample), "{}: {lit} decodes to another string", language.fence());
        }
    }
}

/// The literal holds no code point the hostile-text policy would escape, so a draft shows
/// what runs.
#[test]
fn literals_are_visible_text() {
    for language in Language::ALL {
        for sample in SAMPLES {
            let lit = literal(language, sample);
            assert_eq!(urldiff_reports::hostile::visible(&lit), lit, "{}", language.fence());
        }
    }
}
