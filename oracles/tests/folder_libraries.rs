//! The registered library folders (urllib3, yarl, rfc3986, hyperlink, w3lib-safe-url,
//! php-parse-url, php-filter-var, ruby-uri, ruby-uri-rfc2396, go-net-url) started by urldiff's
//! own launcher, each asked inputs whose answers its library's documentation or tests state
//! (cited beside each). A folder whose runtime is missing (or, for Python, whose pinned
//! requirements cannot be installed) is skipped with one line, unless `$URLDIFF_REQUIRE`
//! names the runtime. `oracles/runtimes/check_hosts.py` checks the hosts themselves.

use urldiff_oracles::parsers::adapter_folders;
use urldiff_oracles::subprocess::folder::folder_oracle;
use urldiff_oracles::{Answer, Availability, Case, Oracle, Record};

/// What a case expects: RFC fields (`None`: undefined), the WHATWG href, a piece of the
/// failure's reason, or no opinion.
enum Expect {
    Rfc(&'static [(&'static str, Option<&'static str>)]),
    Href(&'static str),
    Failure(&'static str),
    NoOpinion,
}

struct Doc {
    input: &'static str,
    base: Option<&'static str>,
    source: &'static str,
    expect: Expect,
}

const fn doc(input: &'static str, source: &'static str, expect: Expect) -> Doc {
    Doc { input, base: None, source, expect }
}

const PHP_URL: &str = "http://username:password@hostname:9090/path?arg=value#anchor";
const RFC_BASE: &str = "http://a/b/c/d;p?q";

fn cases(oracle: &str) -> Vec<Doc> {
    use Expect::*;
    match oracle {
        "php-parse-url" => vec![
            doc(
                PHP_URL,
                "php.net parse_url example",
                Rfc(&[
                    ("userinfo", Some("username:password")),
                    ("host", Some("hostname")),
                    ("port", Some("9090")),
                    ("path", Some("/path")),
                    ("query", Some("arg=value")),
                    ("fragment", Some("anchor")),
                ]),
            ),
            doc(
                "http://example.com/foo?",
                "php.net: PHP 8 keeps an empty query",
                Rfc(&[("query", Some("")), ("fragment", None)]),
            ),
            doc(
                "http://a/b\u{1}c",
                "php.net: control characters become _",
                Rfc(&[("path", Some("/b_c"))]),
            ),
            Doc { base: Some("http://c/"), ..doc("x", "parse_url cannot resolve", NoOpinion) },
        ],
        "php-filter-var" => vec![
            doc(PHP_URL, "php.net: a valid URL", Rfc(&[("host", Some("hostname"))])),
            doc(
                "http://пример.рф/",
                "php.net: IDNs are always rejected",
                Failure("FILTER_VALIDATE_URL"),
            ),
        ],
        "urllib3" => vec![
            doc(
                "google.com:80",
                "urllib3 parse_url docstring",
                Rfc(&[("scheme", None), ("host", Some("google.com")), ("port", Some("80"))]),
            ),
            doc(
                "/foo?bar",
                "urllib3 parse_url docstring",
                Rfc(&[("host", None), ("path", Some("/foo")), ("query", Some("bar"))]),
            ),
            Doc { base: Some("http://c/"), ..doc("a", "parse_url cannot resolve", NoOpinion) },
        ],
        "yarl" => vec![
            doc(
                "http://john:pass@хост.домен:8000",
                "yarl API docs: raw_authority",
                Rfc(&[("authority", Some("john:pass@xn--n1agdj.xn--d1acufc:8000"))]),
            ),
            Doc {
                base: Some("http://example.com/path/index.html"),
                ..doc(
                    "page.html",
                    "yarl API docs: URL.join",
                    Rfc(&[("resolved", Some("http://example.com/path/page.html"))]),
                )
            },
        ],
        "rfc3986" => vec![
            doc(
                "ssh://user@git.openstack.org:29418/openstack/keystone.git",
                "rfc3986 README",
                Rfc(&[
                    ("userinfo", Some("user")),
                    ("host", Some("git.openstack.org")),
                    ("port", Some("29418")),
                ]),
            ),
            Doc {
                base: Some(RFC_BASE),
                ..doc("../g", "RFC 3986 section 5.4.1", Rfc(&[("resolved", Some("http://a/b/g"))]))
            },
            doc(
                "http://a:port/",
                "RFC 3986 section 3.2.3: port = *DIGIT",
                Failure("InvalidComponentsError"),
            ),
        ],
        "hyperlink" => vec![
            Doc {
                base: Some("http://localhost/a/b/c/"),
                ..doc(
                    "../d/./e",
                    "hyperlink URL.click docstring",
                    Rfc(&[("resolved", Some("http://localhost/a/b/d/e"))]),
                )
            },
            doc(
                "http://example.com:notaport/",
                "hyperlink from_text: invalid ports raise",
                Failure("URLParseError"),
            ),
        ],
        "w3lib-safe-url" => vec![
            doc(
                "http://www.example.com/£?unit=µ",
                "w3lib tests/test_url.py",
                Href("http://www.example.com/%C2%A3?unit=%C2%B5"),
            ),
            doc("scheme://prefix.[::1]/", "w3lib tests/test_url.py", Failure("ValueError")),
        ],
        "ruby-uri" | "ruby-uri-rfc2396" => vec![
            doc(
                "http://foo.com/posts?id=30&limit=5#time=1305298413",
                "Ruby URI module documentation",
                Rfc(&[
                    ("host", Some("foo.com")),
                    ("path", Some("/posts")),
                    ("query", Some("id=30&limit=5")),
                ]),
            ),
            Doc {
                base: Some(RFC_BASE),
                ..doc(
                    "../g",
                    "RFC 3986 5.4.1 / RFC 2396 C.1",
                    Rfc(&[("resolved", Some("http://a/b/g"))]),
                )
            },
            doc(
                "http://www.ruby-lang.org/é",
                "URI.parse: escape invalid characters first",
                Failure("URI::InvalidURIError"),
            ),
        ],
        "go-net-url" => vec![
            Doc {
                base: Some("http://example.com/directory/"),
                ..doc(
                    "../../..//search?q=dotnet",
                    "net/url ExampleURL_ResolveReference",
                    Rfc(&[("resolved", Some("http://example.com/search?q=dotnet"))]),
                )
            },
            doc(
                "mailto:joe@example.com",
                "net/url URL: scheme:opaque",
                Rfc(&[("path", Some("joe@example.com")), ("authority", None)]),
            ),
            doc(
                "http://a/\u{0}",
                "net/url rejects control characters",
                Failure("invalid control character"),
            ),
        ],
        _ => Vec::new(),
    }
}

fn check(oracle: &str, case: &Doc, answer: &Answer) -> Result<(), String> {
    let at = format!("{oracle}: {:?} ({}) gave {answer:?}", case.input, case.source);
    let ok = match (&case.expect, answer) {
        (Expect::NoOpinion, Answer::NoOpinion) => true,
        (Expect::Failure(piece), Answer::Failure { reason, .. }) => reason.contains(piece),
        (Expect::Href(href), Answer::Parsed { record: Record::Whatwg(r), .. }) => {
            r.get("href") == Some(href)
        }
        (Expect::Rfc(fields), Answer::Parsed { record: Record::Rfc(r), .. }) => {
            fields.iter().all(|(name, value)| r.get(name) == Some(*value))
        }
        _ => false,
    };
    if ok {
        Ok(())
    } else {
        Err(at)
    }
}

#[test]
fn library_folders_answer_as_their_documentation_says() {
    let mut failures = Vec::new();
    let mut asked = 0;
    for folder in adapter_folders() {
        let name = folder.descriptor.name.clone();
        let docs = cases(&name);
        if docs.is_empty() {
            continue;
        }
        let runtime = folder.descriptor.runtime.name();
        let oracle = folder_oracle(folder);
        if let Availability::Unavailable { reason } = oracle.availability() {
            urldiff_corpus::required::skip(
                runtime,
                "library_folders_answer_as_their_documentation_says",
                &reason,
            );
            continue;
        }
        let batch: Vec<Case> = docs.iter().map(|d| Case::parse(d.input, d.base)).collect();
        let answers = oracle.answer_batch(&batch).unwrap_or_else(|e| panic!("{name}: {e}"));
        for (case, answer) in docs.iter().zip(&answers) {
            asked += 1;
            if let Err(e) = check(&name, case, answer) {
                failures.push(e);
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {asked} cases differ:\n{}",
        failures.len(),
        failures.join("\n")
    );
}
