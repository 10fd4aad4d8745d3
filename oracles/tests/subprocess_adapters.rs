//! Each subprocess adapter on a fixed set of tricky inputs: backslash, userinfo with `@`,
//! IPv4 number forms, tab/newline, leading C0, Windows drive letters, relative references.
//!
//! Expected values were obtained by running the runtimes themselves directly — not through
//! the adapters: `urlsplit`/`urljoin` in CPython 3.11.7, `new URL` in node v20.20.2, the
//! whatwg-url 17.3.0 and url-parse 1.5.10 packages from node, and `java.net.URI` in OpenJDK
//! 17.0.15 and Temurin 25.0.3 (a throwaway Probe.java) — and agree with those runtimes' documentation. A test
//! whose runtime is missing prints why and skips (fails, when `$URLDIFF_REQUIRE` lists it).

use urldiff_oracles::subprocess::{java, node, python};
use urldiff_oracles::{
    Answer, Availability, Case, CaseKind, CaseKindTag, Oracle, Record, RfcRecord,
};

/// Whether `oracle` can run here; prints the reason when it cannot (a failure instead when
/// its runtime is required: `urldiff_corpus::required`).
fn available(oracle: &dyn Oracle) -> bool {
    match oracle.availability() {
        Availability::Available => true,
        Availability::Unavailable { reason } => {
            let name = &oracle.info().name;
            let runtime = match name.as_str() {
                "python-urllib" => "python",
                "java-uri" => "java",
                _ => "node",
            };
            urldiff_corpus::required::skip(runtime, name, &format!("unavailable: {reason}"));
            false
        }
    }
}

fn s(v: &str) -> Option<String> {
    Some(v.to_owned())
}

/// An RFC record for a plain `http://host/path` target (the other fields set by the caller).
fn http(authority: &str, host: Option<&str>, path: &str) -> RfcRecord {
    RfcRecord {
        scheme: s("http"),
        authority: s(authority),
        host: host.map(str::to_owned),
        path: path.to_owned(),
        ..RfcRecord::default()
    }
}

fn rfc_answers(oracle: &dyn Oracle, cases: &[Case]) -> Vec<Result<RfcRecord, String>> {
    let answers = oracle.answer_batch(cases).unwrap();
    assert_eq!(answers.len(), cases.len());
    answers
        .into_iter()
        .map(|a| match a {
            Answer::Parsed { record: Record::Rfc(r), .. } => Ok(r),
            Answer::Failure { reason, .. } => Err(reason),
            other => panic!("unexpected {other:?}"),
        })
        .collect()
}

fn parse(input: &str) -> Case {
    Case::parse(input, None)
}

fn resolve(input: &str, base: &str) -> Case {
    Case { input: input.into(), base: Some(base.into()), kind: CaseKind::Resolve }
}

const RFC_BASE: &str = "http://a/b/c/d;p?q";

#[test]
fn python_urllib_on_tricky_inputs() {
    let oracle = python::python_urllib();
    if !available(&oracle) {
        return;
    }
    assert!(oracle.info().version.starts_with("CPython 3."), "{}", oracle.info().version);
    // urllib returns "" for an absent query/fragment: reported as defined-empty.
    let plain = |authority: &str, host: Option<&str>, path: &str| RfcRecord {
        query: s(""),
        fragment: s(""),
        ..http(authority, host, path)
    };
    let cases = [
        parse("http://a\\b/c"),
        parse("http://u@s@host/p"),
        parse("http://0x7f.1/"),
        parse("ht\ttp://a\n/b"),
        parse("\u{1} http://a/"),
        parse("file:///C|/x"),
        parse("C:\\x"),
        resolve("../g", RFC_BASE),
        resolve("?y", RFC_BASE),
        parse("http://[::1"),
        parse("http://a:99999/"),
        parse("http://a:b@h:/"),
        // An authority with an empty host (RFC 3986 §3.2.2: reg-name may be empty): CPython's
        // netloc is "@" and its hostname None, which without a host would be None too.
        parse("sc://@#"),
        parse("sc:b"),
    ];
    let got = rfc_answers(&oracle, &cases);
    let expected: Vec<Result<RfcRecord, String>> = vec![
        Ok(plain("a\\b", Some("a\\b"), "/c")),
        Ok(RfcRecord { userinfo: s("u@s"), ..plain("u@s@host", Some("host"), "/p") }),
        Ok(plain("0x7f.1", Some("0x7f.1"), "/")),
        // Tab and newline are removed (since 3.10), the leading C0 and space stripped (3.11.4+).
        Ok(plain("a", Some("a"), "/b")),
        Ok(plain("a", Some("a"), "/")),
        Ok(RfcRecord { scheme: s("file"), ..plain("", None, "/C|/x") }),
        Ok(RfcRecord { scheme: s("c"), ..plain("", None, "\\x") }),
        Ok(RfcRecord { resolved: s("http://a/b/g"), ..plain("a", Some("a"), "/b/g") }),
        Ok(RfcRecord {
            query: s("y"),
            resolved: s("http://a/b/c/d;p?y"),
            ..plain("a", Some("a"), "/b/c/d;p")
        }),
        Err("ValueError: Invalid IPv6 URL".into()),
        Err("ValueError: Port out of range 0-65535".into()),
        Ok(RfcRecord { userinfo: s("a:b"), ..plain("a:b@h:", Some("h"), "/") }),
        Ok(RfcRecord { scheme: s("sc"), userinfo: s(""), ..plain("@", Some(""), "") }),
        Ok(RfcRecord { scheme: s("sc"), ..plain("", None, "b") }),
    ];
    // The index of the backslash in the message moved between JDKs (probed directly:
    // OpenJDK 17.0.15 says index 7, Temurin 25.0.3 index 8); the oracle runs the newest JDK
    // found (`java::newest_jdk`).
    let backslash_at_8 = Err("Illegal character in authority at index 8: http://a\\b/c".into());
    for (i, (g, e)) in got.iter().zip(&expected).enumerate() {
        if i == 0 && *g == backslash_at_8 {
            continue;
        }
        assert_eq!(g, e, "{}", cases[i].name());
    }
}

#[test]
fn java_uri_on_tricky_inputs() {
    let oracle = java::java_uri();
    if !available(&oracle) {
        return;
    }
    assert!(oracle.info().version.starts_with("java.net.URI on "), "{}", oracle.info().version);
    let cases = [
        parse("http://a\\b/c"),
        parse("http://u@s@host/p"),
        parse("http://0x7f.1/"),
        parse("ht\ttp://a\n/b"),
        parse("\u{1} http://a/"),
        parse("file:///C|/x"),
        parse("file:///C:/x"),
        resolve("../g", RFC_BASE),
        resolve("?y", RFC_BASE),
        resolve("../../../g", RFC_BASE),
        parse("http://[::1]:8080/"),
        parse("mailto:a@b?s=x"),
        parse("http://a_b:8/p"),
    ];
    let got = rfc_answers(&oracle, &cases);
    let expected: Vec<Result<RfcRecord, String>> = vec![
        Err("Illegal character in authority at index 7: http://a\\b/c".into()),
        // "u@s@host" is no server-based authority: Java falls back to a registry-based one.
        Ok(http("u@s@host", None, "/p")),
        Ok(http("0x7f.1", None, "/")),
        Err("Illegal character in scheme name at index 2: ht\ttp://a\n/b".into()),
        Err("Illegal character in scheme name at index 0: \u{1} http://a/".into()),
        Err("Illegal character in path at index 9: file:///C|/x".into()),
        Ok(RfcRecord { scheme: s("file"), path: "/C:/x".into(), ..RfcRecord::default() }),
        Ok(RfcRecord { resolved: s("http://a/b/g"), ..http("a", Some("a"), "/b/g") }),
        // RFC 2396 behaviour: "?y" resolves against the base's directory.
        Ok(RfcRecord {
            query: s("y"),
            resolved: s("http://a/b/c/?y"),
            ..http("a", Some("a"), "/b/c/")
        }),
        // RFC 2396 keeps ".." above the root.
        Ok(RfcRecord { resolved: s("http://a/../g"), ..http("a", Some("a"), "/../g") }),
        Ok(RfcRecord { port: s("8080"), ..http("[::1]:8080", Some("[::1]"), "/") }),
        // Opaque URI: the raw scheme-specific part is reported as the path.
        Ok(RfcRecord { scheme: s("mailto"), path: "a@b?s=x".into(), ..RfcRecord::default() }),
        Ok(http("a_b:8", None, "/p")),
    ];
    // The index of the backslash in the message moved between JDKs (probed directly:
    // OpenJDK 17.0.15 says index 7, Temurin 25.0.3 index 8); the oracle runs the newest JDK
    // found (`java::newest_jdk`).
    let backslash_at_8 = Err("Illegal character in authority at index 8: http://a\\b/c".into());
    for (i, (g, e)) in got.iter().zip(&expected).enumerate() {
        if i == 0 && *g == backslash_at_8 {
            continue;
        }
        assert_eq!(g, e, "{}", cases[i].name());
    }
}

/// WHATWG answers as (href, hostname, username, password, pathname, errors) or the failure.
type Whatwg = Result<(String, String, String, String, String, Vec<String>), String>;

fn whatwg_answers(oracle: &dyn Oracle, cases: &[Case]) -> Vec<Whatwg> {
    oracle
        .answer_batch(cases)
        .unwrap()
        .into_iter()
        .map(|a| match a {
            Answer::Parsed { record: Record::Whatwg(r), errors } => {
                let f = |v: Option<String>| v.expect("every WHATWG field is filled");
                Ok((f(r.href), f(r.hostname), f(r.username), f(r.password), f(r.pathname), errors))
            }
            Answer::Failure { reason, .. } => Err(reason),
            other => panic!("unexpected {other:?}"),
        })
        .collect()
}

const FILE_BASE: &str = "file:///tmp/mock/path";

fn whatwg_cases() -> Vec<Case> {
    vec![
        parse("http://a\\b/c"),
        parse("http://u@s@host/p"),
        parse("http://0x7f.1/"),
        parse("http://2130706433/"),
        parse("ht\ttp://a\n/b"),
        parse("\u{1} http://a/"),
        parse("file:///C|/x"),
        Case::parse("file:c:\\foo\\bar.html", Some(FILE_BASE)),
        Case::parse("../g", Some(RFC_BASE)),
        parse("http://[::1"),
        parse("http://1.2.3.4.5/"),
    ]
}

fn ok(href: &str, host: &str, user: &str, path: &str, errors: &[&str]) -> Whatwg {
    let errors = errors.iter().map(|e| e.to_string()).collect();
    Ok((href.into(), host.into(), user.into(), String::new(), path.into(), errors))
}

/// What a WHATWG-conforming parser answers for [`whatwg_cases`]; `errors` gives each case's
/// validation errors (whatwg-url) or nothing (node-url reports none).
fn whatwg_expected(
    errors: &dyn Fn(&'static [&'static str]) -> &'static [&'static str],
    invalid: &str,
) -> Vec<Whatwg> {
    vec![
        ok("http://a/b/c", "a", "", "/b/c", errors(&["invalid-reverse-solidus"])),
        ok(
            "http://u%40s@host/p",
            "host",
            "u%40s",
            "/p",
            errors(&["invalid-credentials", "invalid-credentials"]),
        ),
        ok(
            "http://127.0.0.1/",
            "127.0.0.1",
            "",
            "/",
            errors(&["IPv4-too-few-parts", "IPv4-non-decimal-part"]),
        ),
        ok(
            "http://127.0.0.1/",
            "127.0.0.1",
            "",
            "/",
            errors(&["IPv4-too-few-parts", "IPv4-out-of-range-part"]),
        ),
        ok("http://a/b", "a", "", "/b", errors(&["invalid-URL-unit"])),
        ok("http://a/", "a", "", "/", errors(&["invalid-URL-unit"])),
        ok("file:///C:/x", "", "", "/C:/x", errors(&["invalid-URL-unit"])),
        ok(
            "file:///c:/foo/bar.html",
            "",
            "",
            "/c:/foo/bar.html",
            errors(&[
                "special-scheme-missing-following-solidus",
                "file-invalid-Windows-drive-letter",
                "invalid-reverse-solidus",
                "invalid-reverse-solidus",
            ]),
        ),
        ok("http://a/b/g", "a", "", "/b/g", errors(&[])),
        Err(format!("TypeError: Invalid URL{}", invalid.replace("{}", "http://[::1"))),
        Err(format!("TypeError: Invalid URL{}", invalid.replace("{}", "http://1.2.3.4.5/"))),
    ]
}

fn check_whatwg(oracle: &dyn Oracle, expected: Vec<Whatwg>) {
    let cases = whatwg_cases();
    for (i, (g, e)) in whatwg_answers(oracle, &cases).iter().zip(&expected).enumerate() {
        assert_eq!(g, e, "{} on {}", oracle.info().name, cases[i].name());
    }
}

#[test]
fn node_url_on_tricky_inputs() {
    let oracle = node::node_url();
    if !available(&oracle) {
        return;
    }
    assert!(oracle.info().version.starts_with("node v"), "{}", oracle.info().version);
    // The version names the ada Node bundles, as Node itself reports it.
    let ada = std::process::Command::new("node")
        .args(["-p", "process.versions.ada"])
        .output()
        .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_owned())
        .ok()
        .filter(|a| !a.is_empty() && a != "undefined");
    if let Some(ada) = ada {
        let named = format!("(ada {ada})");
        assert!(oracle.info().version.ends_with(&named), "{}", oracle.info().version);
    }
    check_whatwg(&oracle, whatwg_expected(&|_| &[], ""));
    // Setters go through the URL API.
    let setter = Case {
        input: "http://a/".into(),
        base: None,
        kind: CaseKind::Setter { property: "host".into(), value: "b:9".into() },
    };
    let Answer::Parsed { record: Record::Whatwg(r), .. } =
        &oracle.answer_batch(&[setter]).unwrap()[0]
    else {
        panic!()
    };
    assert_eq!((r.href.as_deref(), r.port.as_deref()), (Some("http://b:9/"), Some("9")));
}

#[test]
fn whatwg_url_on_tricky_inputs_with_validation_errors() {
    let oracle = node::whatwg_url();
    if !available(&oracle) {
        return;
    }
    assert!(
        oracle.info().version.starts_with("whatwg-url 17.3.0 on node v"),
        "{}",
        oracle.info().version
    );
    check_whatwg(&oracle, whatwg_expected(&|e| e, ": {}"));
    // A failure carries its validation errors too.
    let Answer::Failure { errors, .. } = &oracle.answer_batch(&[parse("http://[::1")]).unwrap()[0]
    else {
        panic!()
    };
    assert_eq!(errors, &["IPv6-unclosed"]);
}

/// Validity cases: whatwg-url's `parseURLWithValidationErrors` and `isValidURLString`, run
/// directly in node for these inputs, gave these errors and verdicts.
#[test]
fn whatwg_url_declares_its_errors_and_answers_validity_cases() {
    let oracle = node::whatwg_url();
    if !available(&oracle) {
        return;
    }
    assert!(oracle.info().reports_validation_errors(), "{:?}", oracle.info().fields);
    assert!(oracle.info().case_kinds.contains(&CaseKindTag::Validity));
    let validity = |input: &str, base: Option<&str>| Case {
        input: input.into(),
        base: base.map(str::to_owned),
        kind: CaseKind::Validity,
    };
    let cases = [
        validity("https://example.org/\\a b", None),
        validity("http://a/", None),
        validity("a b", Some("sc:x")),
        validity("../x", Some("http://h/a/b")),
        validity("x", Some("not a URL")),
    ];
    let verdict = |valid: &str, errors: &[&str]| Answer::Parsed {
        record: Record::Text { value: valid.into() },
        errors: errors.iter().map(|e| (*e).to_owned()).collect(),
    };
    let answers = oracle.answer_batch(&cases).unwrap();
    assert_eq!(answers[0], verdict("false", &["invalid-reverse-solidus", "invalid-URL-unit"]));
    assert_eq!(answers[1], verdict("true", &[]));
    assert_eq!(answers[2], verdict("false", &["missing-scheme-non-relative-URL"]));
    assert_eq!(answers[3], verdict("true", &[]));
    assert_eq!(answers[4].outcome(), "failure", "{:?}", answers[4]);
    // Node's own URL declares neither: no validity answers, errors never compared.
    let node_url = node::node_url();
    if available(&node_url) {
        assert!(!node_url.info().reports_validation_errors());
        assert_eq!(node_url.answer_batch(&cases[..1]).unwrap(), [Answer::NoOpinion]);
    }
}

#[test]
fn url_parse_on_tricky_inputs() {
    let oracle = node::url_parse();
    if !available(&oracle) {
        return;
    }
    assert!(
        oracle.info().version.starts_with("url-parse 1.5.10 on node v"),
        "{}",
        oracle.info().version
    );
    // url-parse is no WHATWG parser: no IPv4 number forms, a broken bracket host, no failures.
    check_whatwg(
        &oracle,
        vec![
            ok("http://a/b/c", "a", "", "/b/c", &[]),
            ok("http://u%40s@host/p", "host", "u%40s", "/p", &[]),
            ok("http://0x7f.1/", "0x7f.1", "", "/", &[]),
            ok("http://2130706433/", "2130706433", "", "/", &[]),
            ok("http://a/b", "a", "", "/b", &[]),
            ok("http://a/", "a", "", "/", &[]),
            ok("file:///C|/x", "", "", "/C|/x", &[]),
            ok("file:///c:/foo/bar.html", "", "", "/c:/foo/bar.html", &[]),
            ok("http://a/b/g", "a", "", "/b/g", &[]),
            ok("http://[::1/", "[:", "", "/", &[]),
            ok("http://1.2.3.4.5/", "1.2.3.4.5", "", "/", &[]),
        ],
    );
}

/// Each worker says in its handshake what it can know of its Unicode data: python its
/// `unicodedata` version, node and whatwg-url a probe of their URL class (with the probe list
/// urldiff passes them), java a probe of `Character.isDefined`; url-parse nothing (no IDNA).
#[test]
fn workers_report_the_unicode_version_of_their_data() {
    let probed = |text: &str| {
        let version = text.split(' ').next().unwrap_or_default();
        urldiff_corpus::unicode::PROBES.iter().any(|(v, _)| *v == version)
    };
    let python = python::python_urllib();
    if available(&python) {
        let unicode = python.info().unicode.clone().unwrap();
        assert!(unicode.ends_with(" (unicodedata; urllib.parse does no IDNA)"), "{unicode}");
    }
    let node_url = node::node_url();
    if available(&node_url) {
        let unicode = node_url.info().unicode.clone().unwrap();
        assert!(probed(&unicode) && unicode.contains(" (probed); node's ICU: Unicode "));
    }
    let whatwg = node::whatwg_url();
    if available(&whatwg) {
        let unicode = whatwg.info().unicode.clone().unwrap();
        assert!(probed(&unicode) && unicode.contains(" (probed); tr46 "), "{unicode}");
    }
    let url_parse = node::url_parse();
    if available(&url_parse) {
        assert_eq!(url_parse.info().unicode, None);
    }
    let java = java::java_uri();
    if available(&java) {
        let unicode = java.info().unicode.clone().unwrap();
        assert!(probed(&unicode), "{unicode}");
        assert!(unicode.ends_with(" (probed Character data; java.net.URI does no IDNA)"));
    }
}
