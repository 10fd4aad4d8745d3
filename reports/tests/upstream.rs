//! Upstream drafts: one file per implementation with conformance findings and one per pair of
//! standards with confusions, and reproductions that run as written: the Python and
//! JavaScript programs are run (when python3 and node exist) on hostile inputs and must print
//! what the same library prints when it is handed the input and base as JSON.

use std::io::Write as _;
use std::process::{Command, Stdio};
use urldiff_reports::upstream::{drafts, repro};
use urldiff_triage::findings::Findings;

fn findings() -> Findings {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/findings-cases.json");
    Findings::from_json(&std::fs::read_to_string(path).unwrap()).unwrap()
}

#[test]
fn a_file_per_library_and_per_pair_of_standards() {
    let findings = findings();
    let files: Vec<String> = drafts(&findings, None).into_iter().map(|d| d.file).collect();
    assert!(files.contains(&"java-uri.md".to_owned()), "{files:?}");
    assert!(files.contains(&"confusion-whatwg-rfc3986.md".to_owned()), "{files:?}");
    let java = drafts(&findings, None).into_iter().find(|d| d.file == "java-uri.md").unwrap().text;
    let conformance = findings.groups.iter().filter(|g| g.libraries == ["java-uri"]).count();
    assert_eq!(java.matches("\n## ").count(), conformance, "{java}");
    assert!(java.contains("```java\nimport java.net.URI;"), "{java}");
    assert!(java.contains("- Expected by the RFC 2396: "), "{java}");
}

/// Run `program` with `command` and return its stdout (trimmed); `None` when the runtime is
/// missing (said on stderr).
fn run(command: &str, args: &[&str], stdin: &str) -> Option<String> {
    let child = Command::new(command)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn();
    let Ok(mut child) = child else {
        let runtime = if command == "node" { "node" } else { "python" };
        let why = format!("{command} not found; its reproductions are not run");
        urldiff_corpus::required::skip(runtime, "upstream", &why);
        return None;
    };
    child.stdin.take().unwrap().write_all(stdin.as_bytes()).unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success(), "{command}: {}", String::from_utf8_lossy(&out.stderr));
    Some(String::from_utf8(out.stdout).unwrap().trim_end().to_owned())
}

const HOSTILE: &[(&str, Option<&str>)] = &[
    ("d//e", Some("http://a/b/c")),
    ("http://a\u{1}\"b\\c\u{202e}é/\t?\u{7f}#\u{1f600}", None),
    ("x\u{0}y", Some("https://example.com/p/q")),
    ("http://a:port/", None),
];

#[test]
fn the_python_reproduction_prints_what_urllib_reads() {
    for (input, base) in HOSTILE {
        let (_, program) = repro::program("python-urllib", input, *base).unwrap();
        let Some(printed) = run("python3", &["-"], &program) else { return };
        let json = serde_json::json!({"input": input, "base": base}).to_string();
        let direct = "import json, sys\nfrom urllib.parse import urljoin, urlsplit\n\
                      c = json.loads(sys.stdin.read())\n\
                      t = urljoin(c['base'], c['input']) if c['base'] is not None else c['input']\n\
                      p = urlsplit(t)\n\
                      try:\n    port = p.port\nexcept ValueError as e:\n    port = f'ValueError: {e}'\n\
                      print(repr(t), p, p.hostname, port)\n";
        let expected = run("python3", &["-c", direct], &json).unwrap();
        assert_eq!(printed, expected, "{input:?} against {base:?}:\n{program}");
    }
}

#[test]
fn the_javascript_reproduction_prints_what_node_reads() {
    for (input, base) in HOSTILE {
        let (_, program) = repro::program("node-url", input, *base).unwrap();
        let Some(printed) = run("node", &["-"], &program) else { return };
        let json = serde_json::json!({"input": input, "base": base}).to_string();
        let direct = "let s = ''; process.stdin.on('data', d => s += d).on('end', () => {\n\
                      const c = JSON.parse(s);\n\
                      try { const url = c.base === null ? new URL(c.input) : new URL(c.input, c.base);\n\
                      console.log(url.href, JSON.stringify({ protocol: url.protocol, host: url.host, pathname: url.pathname }));\n\
                      } catch (e) { console.log('failure:', e.message); } });";
        let expected = run("node", &["-e", direct], &json).unwrap();
        assert_eq!(printed, expected, "{input:?} against {base:?}:\n{program}");
    }
}

#[test]
fn literals_escape_what_each_language_must() {
    use repro::{literal, Language};
    let s = "a\u{1}\"\\\u{202e}é";
    assert_eq!(literal(Language::Rust, s), "\"a\\u{1}\\\"\\\\\\u{202e}é\"");
    assert_eq!(literal(Language::JavaScript, s), "\"a\\u{1}\\\"\\\\\\u{202e}é\"");
    assert_eq!(literal(Language::Python, s), "\"a\\u0001\\\"\\\\\\u202eé\"");
    // No `\u` below U+0100 in Java (it is read before lexing: `\u000a` would end the line):
    // octal there; above, `\u` escapes as UTF-16 code units. A C++ string is bytes: each
    // escaped code point as its UTF-8 bytes in octal (U+0080 is C2 80, not the byte 0x80;
    // U+202E is E2 80 AE), never `\x`, which runs on over hex digits.
    assert_eq!(literal(Language::Java, s), "\"a\\001\\\"\\\\\\u202eé\"");
    assert_eq!(literal(Language::Java, "\u{e0001}"), "\"\\udb40\\udc01\"");
    assert_eq!(literal(Language::Cpp, "\u{1}a\u{202e}"), "\"\\001a\\342\\200\\256\"");
    assert_eq!(literal(Language::Cpp, "\u{80}0"), "\"\\302\\2000\"");
    assert_eq!(literal(Language::Cpp, "\u{e0001}"), "\"\\363\\240\\200\\201\"");
}

/// The Java literal, compiled by javac and run, holds exactly the code points it was made of.
#[test]
fn java_literals_compile_to_the_same_code_points() {
    use repro::{literal, Language};
    let Ok(javac) = which("javac") else {
        urldiff_corpus::required::skip(
            "java",
            "java_literals_compile_to_the_same_code_points",
            "no javac",
        );
        return;
    };
    let s = "a\u{1}\"\\\u{202e}\u{2028}\u{e0001}\u{feff}\nb";
    let dir = tempfile::tempdir().unwrap();
    let program = format!(
        "public class Main {{ public static void main(String[] a) {{ \
         System.out.print({}.codePoints().mapToObj(Integer::toHexString)\
         .collect(java.util.stream.Collectors.joining(\" \"))); }} }}",
        literal(Language::Java, s)
    );
    std::fs::write(dir.path().join("Main.java"), program).unwrap();
    let compiled = Command::new(javac).arg("Main.java").current_dir(dir.path()).output().unwrap();
    assert!(compiled.status.success(), "{}", String::from_utf8_lossy(&compiled.stderr));
    let ran = Command::new("java").args(["-cp", "."]).arg("Main").current_dir(dir.path()).output();
    let printed = String::from_utf8(ran.unwrap().stdout).unwrap();
    let expected: Vec<String> = s.chars().map(|c| format!("{:x}", c as u32)).collect();
    assert_eq!(printed, expected.join(" "));
}

fn which(tool: &str) -> Result<std::path::PathBuf, ()> {
    std::env::var_os("PATH")
        .and_then(|paths| std::env::split_paths(&paths).map(|p| p.join(tool)).find(|p| p.is_file()))
        .ok_or(())
}

/// Actual and Expected never print alike: where the one-line text of an RFC record leaves the
/// differing host to the authority (java.net.URI's `//1`), every field is printed; answers
/// alike in every field have no draft.
#[test]
fn actual_and_expected_never_print_alike() {
    use urldiff_oracles::Answer;
    use urldiff_reports::findings::actual_and_expected;
    let rfc = |host: Option<&str>| -> Answer {
        serde_json::from_value(serde_json::json!({"outcome": "parsed", "errors": [], "record": {
            "model": "rfc", "scheme": null, "authority": "1", "userinfo": null, "host": host,
            "port": null, "path": "", "query": null, "fragment": null, "resolved": null}}))
        .expect("an RFC answer")
    };
    let (actual, expected) = actual_and_expected(&rfc(Some("1")), &rfc(None)).expect("differ");
    assert!(actual.contains("host \"1\"") && expected.contains("host undefined"), "{actual}");
    assert_eq!(actual_and_expected(&rfc(None), &rfc(None)), None);
}

/// The field that differs is printed even where the one-line texts already differ in another
/// field: CPython's `urlsplit("//:01/")` has the netloc `:01`, an empty query and the port
/// `1` (SplitResult.port is an integer), where RFC 3986's authority `:01` has the port `01`
/// and no query. The lines differ in the query alone; the port must show.
#[test]
fn the_differing_field_is_printed_when_the_lines_differ_elsewhere() {
    use urldiff_oracles::Answer;
    use urldiff_reports::findings::actual_and_expected;
    let rfc = |port: &str, query: Option<&str>| -> Answer {
        serde_json::from_value(serde_json::json!({"outcome": "parsed", "errors": [], "record": {
            "model": "rfc", "scheme": null, "authority": ":01", "userinfo": null, "host": "",
            "port": port, "path": "/", "query": query, "fragment": null, "resolved": null}}))
        .expect("an RFC answer")
    };
    let (actual, expected) =
        actual_and_expected(&rfc("1", Some("")), &rfc("01", None)).expect("differ");
    assert!(actual.contains("port \"1\""), "{actual}");
    assert!(expected.contains("port \"01\""), "{expected}");
}

/// No draft in the drafts of the committed findings prints the same Actual and Expected.
#[test]
fn no_draft_prints_the_same_actual_and_expected() {
    for d in drafts(&findings(), None) {
        let lines: Vec<&str> = d.text.lines().collect();
        for (i, line) in lines.iter().enumerate().filter(|(_, l)| l.starts_with("- Actual (")) {
            let actual = line.split_once("): ").map(|(_, v)| v).unwrap_or_default();
            let expected_line = lines[i + 1..].iter().find(|l| l.starts_with("- Expected by"));
            let expected = expected_line
                .and_then(|l| l.split_once(": "))
                .map(|(_, v)| v.split(" — decided").next().unwrap_or(v))
                .unwrap_or_default();
            assert_ne!(actual, expected, "{}: {line}", d.file);
        }
    }
}

/// `|` is escaped in table cells only: a code span elsewhere shows a backslash as written.
#[test]
fn a_bar_is_escaped_only_in_tables() {
    use urldiff_reports::markdown_text::{code, table_code};
    assert_eq!(code("a|b"), "`a|b`");
    assert_eq!(table_code("a|b"), "`a\\|b`");
    let drafts = drafts(&findings(), None);
    for d in drafts {
        for line in d.text.lines().filter(|l| !l.starts_with('|')) {
            assert!(!line.contains("\\|"), "{}: {line}", d.file);
        }
    }
}

/// A draft against an older release than its project's newest (Debian 12's Go 1.19; Go's
/// release history lists 1.26.6 of 2026-08-13, the profile's `newest_release`) says to check
/// the behaviour on a current release before filing; one against the newest does not.
#[test]
fn a_draft_against_an_old_release_says_to_check_a_current_one() {
    let json = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/findings-cases.json"
    ))
    .unwrap();
    // java.net.URI's groups, as if Go's net/url had shown them (the draft's text is what is
    // checked, not what Go reads).
    let as_go = |version: &str| {
        let text = json.replace("java-uri", "go-net-url").replace(
            "java.net.URI on OpenJDK Runtime Environment 17.0.15+6-Debian-1deb12u1",
            version,
        );
        let findings = Findings::from_json(&text).unwrap();
        drafts(&findings, None).into_iter().find(|d| d.file == "go-net-url.md").unwrap().text
    };
    let old = as_go("Go go1.19.8 net/url");
    let sections = old.matches("\n## ").count();
    assert!(sections > 0, "{old}");
    let line = "- Check on a current release before filing: this ran go-net-url Go go1.19.8 \
                net/url; the newest release is 1.26.6 (2026-08-13, \
                <https://go.dev/doc/devel/release#go1.26.6>), which this machine does not have";
    assert_eq!(old.matches(line).count(), sections, "{old}");
    let current = as_go("Go go1.26.6 net/url");
    assert!(!current.contains("Check on a current release"), "{current}");
}

/// Beside an RFC 3986 draft's expected failure, an implementation of the standard that splits
/// without validating (urldiff's lenient mode, Appendix B's regex, urllib: `urldiff oracles`
/// lists them "(lenient)") is labelled as such, and a validating one is not.
#[test]
fn lenient_implementations_are_labelled_beside_the_expected_answer() {
    let json = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/findings-cases.json"
    ))
    .unwrap();
    // java.net.URI's groups as if curl (which claims RFC 3986) had shown them.
    let text = json.replace("java-uri", "curl").replace("\"rfc2396\"", "\"rfc3986\"");
    let findings = Findings::from_json(&text).unwrap();
    let curl = drafts(&findings, None).into_iter().find(|d| d.file == "curl.md").unwrap().text;
    let listed: Vec<&str> = curl.lines().filter(|l| l.starts_with("  - `")).collect();
    assert!(!listed.is_empty(), "{curl}");
    for (oracle, lenient) in [("reference-rfc3986", true), ("rfc3986-regex", true)] {
        let line = listed.iter().find(|l| l.starts_with(&format!("  - `{oracle}`"))).unwrap();
        assert_eq!(line.contains("(splits without validating)"), lenient, "{line}");
    }
    for line in listed.iter().filter(|l| l.contains("(splits without validating)")) {
        let oracle = line.trim_start_matches("  - `").split('`').next().unwrap();
        assert!(urldiff_oracles::parsers::builtin_claim(oracle).lenient, "{line}");
    }
}

/// Every JavaScript reproduction says what to install: each npm package its oracle's folder
/// names, at the version `oracles/node/package-lock.json` pins (the version the adapter reports,
/// `urijs 1.19.11 on node v20.20.2`); a module built into Node says so.
#[test]
fn javascript_reproductions_name_the_npm_package_and_version() {
    let lock: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../oracles/node/package-lock.json"
        ))
        .unwrap(),
    )
    .unwrap();
    let mut seen = 0;
    for d in urldiff_oracles::parsers::descriptors() {
        if repro::language_of(&d.name) != Some(repro::Language::JavaScript) {
            continue;
        }
        seen += 1;
        let pinned = |p: &str| lock["packages"][format!("node_modules/{p}")]["version"].clone();
        let version = match d.install.npm.first() {
            Some(p) => format!("{p} {} on node v20.20.2", pinned(p).as_str().unwrap()),
            None => "node v20.20.2".to_owned(),
        };
        let install = repro::install(&d.name, &version).expect("a JavaScript library");
        assert_eq!(install.node.as_deref(), Some("v20.20.2"), "{}", d.name);
        let wanted: Vec<String> =
            d.install.npm.iter().map(|p| format!("{p}@{}", pinned(p).as_str().unwrap())).collect();
        match install.command {
            Some(c) => assert_eq!(c, format!("npm install {}", wanted.join(" ")), "{}", d.name),
            None => assert!(wanted.is_empty(), "{}", d.name),
        }
    }
    assert!(seen >= 5, "{seen} JavaScript libraries");
    assert_eq!(repro::install("python-urllib", "CPython 3.13.0"), None);
}
