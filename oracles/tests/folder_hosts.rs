//! The folder oracles' hosts (`oracles/runtimes/node/host.js`, `oracles/runtimes/java/Host.java`)
//! started as urldiff starts them — the same command, working folder and `URLDIFF_*` environment
//! — and spoken to over the protocol (docs/oracle-protocol.md):
//!
//! - with an echo adapter (`tests/fixtures/`): the handshake carries the environment; hostile
//!   text (U+0000, U+FEFF, U+10FFFF, C1 controls, U+2028) comes back exactly; an exception is that
//!   case's failure, `"<Type>: <message>"`; an undeclared case kind and a `null` are no-opinion;
//!   the host exits at the end of its stdin;
//! - with each real adapter, on the examples of its library's own documentation (Node's url.parse
//!   and url.resolve docs, which fast-url-parser says it shares; URI.js's README; uri-js's README;
//!   java.net.URL's Javadoc) and RFC 3986 section 5.4.1's resolution examples for urijs.
//!
//! A runtime that is missing skips its tests with one line (fails when `$URLDIFF_REQUIRE` names
//! it).

use serde_json::{json, Value};
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use urldiff_corpus::required::skip;
use urldiff_oracles::subprocess::npm::ensure_packages;
use urldiff_oracles::subprocess::process::runtime::find_on_path;

const RFC_FIELDS: &str = "scheme,authority,userinfo,host,port,path,query,fragment,resolved";

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().expect("the workspace").to_owned()
}

/// One running host.
struct Host {
    child: Child,
    stdin: Option<ChildStdin>,
    stdout: BufReader<ChildStdout>,
    next_id: u64,
    hello: Value,
    _classes: Option<tempfile::TempDir>,
}

impl Host {
    fn start(mut command: Command, oracle: &str, classes: Option<tempfile::TempDir>) -> Host {
        command
            .env("URLDIFF_ORACLE", oracle)
            .env("URLDIFF_MODEL", "rfc")
            .env("URLDIFF_FIELDS", RFC_FIELDS)
            .env("URLDIFF_CASE_KINDS", "parse,resolve")
            .env("URLDIFF_UNICODE_PROBES", "13.0:30000,14.0:16A70")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit());
        let mut child = command.spawn().unwrap_or_else(|e| panic!("{command:?}: {e}"));
        let stdin = child.stdin.take();
        let mut stdout = BufReader::new(child.stdout.take().expect("piped"));
        let hello = read_line(&mut stdout).get("hello").cloned().expect("a hello line first");
        Host { child, stdin, stdout, next_id: 0, hello, _classes: classes }
    }

    /// The answer (without its id) to one request.
    fn ask(&mut self, kind: &str, input: &str, base: Option<&str>) -> Value {
        let id = self.next_id;
        self.next_id += 1;
        let request = json!({"id": id, "input": input, "base": base, "kind": kind});
        let stdin = self.stdin.as_mut().expect("open");
        writeln!(stdin, "{request}").and_then(|()| stdin.flush()).expect("the host reads");
        let mut answer = read_line(&mut self.stdout);
        let map = answer.as_object_mut().expect("an object");
        assert_eq!(map.remove("id"), Some(json!(id)), "answers come in order: {request}");
        answer
    }

    /// Close stdin: the host must exit, with status 0.
    fn finish(mut self) {
        drop(self.stdin.take());
        let status = self.child.wait().expect("the host exits");
        assert!(status.success(), "{status}");
    }
}

impl Drop for Host {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn read_line(stdout: &mut BufReader<ChildStdout>) -> Value {
    let mut line = String::new();
    stdout.read_line(&mut line).expect("a line");
    serde_json::from_str(&line).unwrap_or_else(|e| panic!("{e}: {line:?}"))
}

/// `node host.js <adapter>` in `oracles/node/`, as urldiff runs it; `None` (skipped) without
/// node.
fn node_host(adapter: &Path, oracle: &str) -> Option<Host> {
    let Some(node) = find_on_path("node") else {
        skip("node", oracle, "node is not on PATH");
        return None;
    };
    let dir = root().join("oracles").join("node");
    if let Err(e) = ensure_packages(&dir, "urijs") {
        skip("node", oracle, &format!("the npm packages cannot be installed: {e}"));
        return None;
    }
    let mut command = Command::new(node);
    command.arg(root().join("oracles/runtimes/node/host.js")).arg(adapter).current_dir(dir);
    Some(Host::start(command, oracle, None))
}

/// `java Host Adapter`, compiled with the folder's `Adapter.java`; `None` (skipped) without a
/// JDK.
fn java_host(folder: &Path, oracle: &str) -> Option<Host> {
    let (Some(java), Some(javac)) = (find_on_path("java"), find_on_path("javac")) else {
        skip("java", oracle, "java or javac is not on PATH");
        return None;
    };
    let classes = tempfile::tempdir().expect("a temporary folder");
    let status = Command::new(javac)
        .args(["-encoding", "UTF-8", "-d"])
        .arg(classes.path())
        .arg(root().join("oracles/runtimes/java/Host.java"))
        .arg(folder.join("Adapter.java"))
        .status()
        .expect("javac runs");
    assert!(status.success(), "javac: {status}");
    let mut command = Command::new(java);
    command.arg("-cp").arg(classes.path()).args(["Host", "Adapter"]);
    Some(Host::start(command, oracle, Some(classes)))
}

fn parsed(record: Value) -> Value {
    json!({"outcome": "parsed", "record": record, "errors": []})
}

/// An RFC-model record, every field in order (`null`: undefined).
#[allow(clippy::too_many_arguments)]
fn rfc(
    scheme: Option<&str>,
    authority: Option<&str>,
    userinfo: Option<&str>,
    host: Option<&str>,
    port: Option<&str>,
    path: &str,
    query: Option<&str>,
    fragment: Option<&str>,
    resolved: Option<&str>,
) -> Value {
    json!({"scheme": scheme, "authority": authority, "userinfo": userinfo, "host": host,
           "port": port, "path": path, "query": query, "fragment": fragment,
           "resolved": resolved})
}

/// A plain `scheme://host path` record.
fn plain(scheme: &str, host: &str, path: &str, resolved: Option<&str>) -> Value {
    rfc(Some(scheme), Some(host), None, Some(host), None, path, None, None, resolved)
}

/// Text that a careless host would change: NUL, BOM, the last code point, C1 controls, the
/// line and paragraph separators, JSON's own escapes.
const HOSTILE: [&str; 7] = [
    "\u{0}",
    "a\u{FEFF}b",
    "\u{10FFFF}",
    "\u{80}\u{85}\u{9F}",
    "x\u{2028}y\u{2029}",
    "\r\n\t\u{1F}",
    "\"\\/",
];

/// The echo adapter's answers, the same for every host.
fn check_echo(mut host: Host, runtime: &str, failure: &str) {
    assert_eq!(host.hello["name"], "echo");
    assert!(host.hello["version"].as_str().unwrap().starts_with(&format!("echo on {runtime}")));
    assert_eq!(host.hello["model"], "rfc");
    let fields: Vec<&str> = RFC_FIELDS.split(',').collect();
    assert_eq!(host.hello["fields"], json!(fields));
    assert_eq!(host.hello["case_kinds"], json!(["parse", "resolve"]));
    // It holds its answers while more requests wait (docs/oracle-protocol.md, section 3); a
    // request asked alone is still answered at once (each `ask` below waits for its answer).
    assert_eq!(host.hello["held_answers"], true);
    for text in HOSTILE {
        let want = rfc(Some("resolve"), None, None, None, None, text, Some(text), None, None);
        assert_eq!(host.ask("resolve", text, Some(text)), parsed(want), "{text:?}");
    }
    assert_eq!(
        host.ask("parse", "throw", None),
        json!({"outcome": "failure", "reason": failure, "errors": []})
    );
    assert_eq!(host.ask("parse", "no-opinion", None), json!({"outcome": "no-opinion"}));
    assert_eq!(host.ask("setter", "a", None), json!({"outcome": "no-opinion"}));
    host.finish();
}

#[test]
fn the_node_host_round_trips_hostile_text() {
    let adapter = root().join("oracles/tests/fixtures/echo_adapter.js");
    if let Some(host) = node_host(&adapter, "echo") {
        check_echo(host, "node", "TypeError: boom");
    }
}

#[test]
fn the_java_host_round_trips_hostile_text() {
    if let Some(host) = java_host(&root().join("oracles/tests/fixtures/java-echo"), "echo") {
        check_echo(host, "java", "IllegalStateException: boom");
    }
}

fn folder(name: &str) -> PathBuf {
    root().join("oracles/parsers").join(name)
}

/// Node's url.parse and url.resolve documentation (nodejs.org/api/url.html): the parts of
/// `https://user:pass@sub.example.com:8080/p/a/t/h?query=string#hash` in its diagram, the
/// url.resolve examples, and slashesDenoteHost's default (`//foo/bar` is a path). fast-url-parser
/// says it has "exactly the same API and semantics".
fn check_node_legacy_docs(mut host: Host) {
    let diagram = "https://user:pass@sub.example.com:8080/p/a/t/h?query=string#hash";
    let want = rfc(
        Some("https"),
        Some("user:pass@sub.example.com:8080"),
        Some("user:pass"),
        Some("sub.example.com"),
        Some("8080"),
        "/p/a/t/h",
        Some("query=string"),
        Some("hash"),
        None,
    );
    assert_eq!(host.ask("parse", diagram, None), parsed(want));
    for (base, input, resolved) in [
        ("http://example.com/", "/one", "http://example.com/one"),
        ("http://example.com/one", "/two", "http://example.com/two"),
    ] {
        let path = &resolved["http://example.com".len()..];
        let want = plain("http", "example.com", path, Some(resolved));
        assert_eq!(host.ask("resolve", input, Some(base)), parsed(want), "{input}");
    }
    let want =
        rfc(None, None, None, None, None, "/one/two/four", None, None, Some("/one/two/four"));
    assert_eq!(host.ask("resolve", "four", Some("/one/two/three")), parsed(want));
    let want = rfc(None, None, None, None, None, "//foo/bar", None, None, None);
    assert_eq!(host.ask("parse", "//foo/bar", None), parsed(want));
    assert!(host.hello["version"].as_str().unwrap().contains("node v"));
    host.finish();
}

#[test]
fn node_legacy_url_answers_as_nodes_docs_say() {
    let adapter = folder("node-legacy-url").join("adapter.js");
    if let Some(host) = node_host(&adapter, "node-legacy-url") {
        check_node_legacy_docs(host);
    }
}

#[test]
fn fast_url_parser_answers_as_nodes_docs_say() {
    let adapter = folder("fast-url-parser").join("adapter.js");
    if let Some(host) = node_host(&adapter, "fast-url-parser") {
        assert!(host.hello["version"].as_str().unwrap().starts_with("fast-url-parser 1.1.3 "));
        check_node_legacy_docs(host);
    }
}

/// URI.js's README example URL, and RFC 3986 section 5.4.1's examples through absoluteTo.
#[test]
fn urijs_answers_as_its_readme_and_rfc_3986_say() {
    let Some(mut host) = node_host(&folder("urijs").join("adapter.js"), "urijs") else { return };
    assert!(host.hello["version"].as_str().unwrap().starts_with("urijs 1.19.11 on node v"));
    let input = "http://example.org/foo.html?hello=world";
    let want = rfc(
        Some("http"),
        Some("example.org"),
        None,
        Some("example.org"),
        None,
        "/foo.html",
        Some("hello=world"),
        None,
        None,
    );
    assert_eq!(host.ask("parse", input, None), parsed(want));
    for (input, path, query, resolved) in [
        ("g", "/b/c/g", None, "http://a/b/c/g"),
        ("../g", "/b/g", None, "http://a/b/g"),
        ("?y", "/b/c/d;p", Some("y"), "http://a/b/c/d;p?y"),
    ] {
        let want =
            rfc(Some("http"), Some("a"), None, Some("a"), None, path, query, None, Some(resolved));
        assert_eq!(host.ask("resolve", input, Some("http://a/b/c/d;p?q")), parsed(want));
    }
    host.finish();
}

/// uri-js's README: its parsing, resolving, IP normalization, zone id and IRI examples.
#[test]
fn uri_js_answers_as_its_readme_says() {
    let Some(mut host) = node_host(&folder("uri-js").join("adapter.js"), "uri-js") else { return };
    assert!(host.hello["version"].as_str().unwrap().starts_with("uri-js 4.4.1 on node v"));
    let input = "uri://user:pass@example.com:123/one/two.three?q1=a1&q2=a2#body";
    let want = rfc(
        Some("uri"),
        Some("user:pass@example.com:123"),
        Some("user:pass"),
        Some("example.com"),
        Some("123"),
        "/one/two.three",
        Some("q1=a1&q2=a2"),
        Some("body"),
        None,
    );
    assert_eq!(host.ask("parse", input, None), parsed(want));
    let want = plain("uri", "a", "/g", Some("uri://a/g"));
    assert_eq!(host.ask("resolve", "../../g", Some("uri://a/b/c/d?q")), parsed(want));
    // "host : \"2001:db8::7%en1\"" (the adapter puts an IPv6 literal's brackets back).
    let want = rfc(
        None,
        Some("[2001:db8::7%en1]"),
        None,
        Some("[2001:db8::7%en1]"),
        None,
        "",
        None,
        None,
        None,
    );
    assert_eq!(host.ask("parse", "//[2001:db8::7%25en1]", None), parsed(want));
    let want = rfc(None, Some("192.68.1.0"), None, Some("192.68.1.0"), None, "", None, None, None);
    assert_eq!(host.ask("parse", "//192.068.001.000", None), parsed(want));
    // "URI.serialize(URI.parse(\"http://examplé.org/rosé\")) === \"http://xn--exampl-gva.org/ros%C3%A9\""
    let want = plain("http", "xn--exampl-gva.org", "/ros%C3%A9", None);
    assert_eq!(host.ask("parse", "http://examplé.org/rosé", None), parsed(want));
    host.finish();
}

/// java.net.URL's Javadoc: its example URLs, and the relative URL `FAQ.html` ("a shorthand for
/// http://www.example.com/FAQ.html"; "The optional fragment is not inherited").
#[test]
fn java_url_answers_as_its_javadoc_says() {
    let Some(mut host) = java_host(&folder("java-url"), "java-url") else { return };
    assert!(host.hello["version"].as_str().unwrap().starts_with("java.net.URL on "));
    let want = plain("http", "www.example.com", "/docs/resource1.html", None);
    assert_eq!(host.ask("parse", "http://www.example.com/docs/resource1.html", None), parsed(want));
    let want = rfc(
        Some("http"),
        Some("www.example.com:1080"),
        None,
        Some("www.example.com"),
        Some("1080"),
        "/docs/resource1.html",
        None,
        None,
        None,
    );
    let input = "http://www.example.com:1080/docs/resource1.html";
    assert_eq!(host.ask("parse", input, None), parsed(want));
    let want = rfc(
        Some("http"),
        Some("www.example.com"),
        None,
        Some("www.example.com"),
        None,
        "/index.html",
        None,
        Some("chapter1"),
        None,
    );
    let input = "http://www.example.com/index.html#chapter1";
    assert_eq!(host.ask("parse", input, None), parsed(want));
    let resolved = "http://www.example.com/FAQ.html";
    let want = plain("http", "www.example.com", "/FAQ.html", Some(resolved));
    let base = "http://www.example.com/index.html#top";
    assert_eq!(host.ask("resolve", "FAQ.html", Some(base)), parsed(want));
    // "All URL constructors may throw MalformedURLException" (here: no protocol).
    let answer = host.ask("parse", "FAQ.html", None);
    assert_eq!(answer["outcome"], "failure", "{answer}");
    assert!(answer["reason"].as_str().unwrap().starts_with("MalformedURLException: "), "{answer}");
    host.finish();
}
