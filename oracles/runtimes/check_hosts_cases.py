"""The cases check_hosts.py asks: an echo adapter per runtime (the host's own checks) and, per
folder oracle, inputs whose answers come from the library's documentation or its own tests
(each case names its source). A case expects `record` (the fields listed must be equal;
None is undefined), `failure` (a piece of the reason) or `no_opinion`."""

ECHO_ADAPTERS = {
    "python": (
        "adapter.py",
        """def version():
    return "echo 1.0"


def answer(kind, text, base):
    if text == "raise":
        raise ValueError("boom \\u00e9\\u0000")
    if text == "fail":
        return "nope"
    if text == "none":
        return None
    if text == "bytes":
        return {"path": "\\udcff"}
    return {"path": text, "query": base, "fragment": kind}
""",
    ),
    "php": (
        "adapter.php",
        """<?php
function urldiff_version(): string { return 'echo 1.0'; }
function urldiff_answer(string $kind, string $input, ?string $base)
{
    if ($input === 'raise') { throw new ValueError("boom \\u{e9}\\0"); }
    if ($input === 'fail') { return 'nope'; }
    if ($input === 'none') { return null; }
    if ($input === 'bytes') { return ['path' => "\\xff"]; }
    return ['path' => $input, 'query' => $base, 'fragment' => $kind];
}
""",
    ),
    "ruby": (
        "adapter.rb",
        """module UrldiffAdapter
  module_function

  def version = 'echo 1.0'

  def answer(kind, input, base)
    raise ArgumentError, "boom \\u00e9\\u0000" if input == 'raise'
    return 'nope' if input == 'fail'
    return nil if input == 'none'
    return { 'path' => "\\xff".b.force_encoding('UTF-8') } if input == 'bytes'

    { 'path' => input, 'query' => base, 'fragment' => kind }
  end
end
""",
    ),
    "go": (
        "adapter.go",
        """package main

func version() string { return "echo 1.0" }

func unicodeVersion(probes []Probe) *string { return nil }

func answer(kind, input string, base *string) Answer {
	switch input {
	case "raise":
		panic("boom \\u00e9\\x00")
	case "fail":
		return Failure("nope")
	case "none":
		return NoOpinion()
	case "bytes":
		return Parsed(Record{"path": Str("\\xff")})
	}
	return Parsed(Record{"path": Str(input), "query": base, "fragment": Str(kind)})
}
""",
    ),
}

PHP_DOC = "php.net parse_url manual"
PHP_URL = "http://username:password@hostname:9090/path?arg=value#anchor"
GO_DOC = "net/url example_test.go"
RUBY_DOC = "Ruby URI module documentation"
RFC_5_4 = "RFC 3986 section 5.4.1, in the library's own tests"
RFC_BASE = "http://a/b/c/d;p?q"

ORACLE_CASES = {
    "php-parse-url": [
        {"input": PHP_URL, "source": PHP_DOC, "record": {
            "scheme": "http", "userinfo": "username:password", "host": "hostname", "port": "9090",
            "path": "/path", "query": "arg=value", "fragment": "anchor",
            "authority": "username:password@hostname:9090"}},
        {"input": "//www.example.com/path?googleguy=googley", "source": PHP_DOC + ", missing scheme",
         "record": {"scheme": None, "host": "www.example.com", "path": "/path", "query": "googleguy=googley"}},
        {"input": "http://example.com/foo", "source": PHP_DOC + ", absent query and fragment",
         "record": {"query": None, "fragment": None}},
        {"input": "http://example.com/foo?", "source": PHP_DOC, "record": {"query": "", "fragment": None}},
        {"input": "http://example.com/foo#", "source": PHP_DOC, "record": {"query": None, "fragment": ""}},
        {"input": "http://example.com/foo?#", "source": PHP_DOC, "record": {"query": "", "fragment": ""}},
        {"input": "http://a/b\u0001c", "source": PHP_DOC + ", control characters replaced with _",
         "record": {"path": "/b_c"}},
        {"input": "http://a/b", "base": "http://c/", "source": "parse_url cannot resolve", "no_opinion": True},
        {"input": "a", "base": "http://c/", "kind": "parse", "source": "parse_url cannot resolve", "no_opinion": True},
    ],
    "php-filter-var": [
        {"input": PHP_URL, "source": "php.net filter constants: a valid URL",
         "record": {"host": "hostname", "port": "9090", "path": "/path"}},
        {"input": "mailto:user@example.com", "source": "php.net: a valid URL may use mailto:",
         "record": {"scheme": "mailto", "path": "user@example.com"}},
        {"input": "http://\u043f\u0440\u0438\u043c\u0435\u0440.\u0440\u0444/", "source": "php.net: IDN always rejected",
         "failure": "FILTER_VALIDATE_URL returned false"},
        {"input": "//www.example.com/path", "source": "php.net: a scheme is always required",
         "failure": "FILTER_VALIDATE_URL returned false"},
    ],
    "urllib3": [
        {"input": "http://google.com/mail/", "source": "urllib3 parse_url docstring",
         "record": {"scheme": "http", "host": "google.com", "port": None, "path": "/mail/"}},
        {"input": "google.com:80", "source": "urllib3 parse_url docstring",
         "record": {"scheme": None, "host": "google.com", "port": "80", "path": ""}},
        {"input": "/foo?bar", "source": "urllib3 parse_url docstring",
         "record": {"scheme": None, "host": None, "port": None, "path": "/foo", "query": "bar"}},
        {"input": "http://a/", "base": "http://c/", "source": "parse_url cannot resolve", "no_opinion": True},
        {"input": "a", "base": "http://c/", "kind": "parse", "source": "parse_url cannot resolve", "no_opinion": True},
    ],
    "yarl": [
        {"input": "https://www.python.org/~guido?arg=1#frag", "source": "yarl README",
         "record": {"scheme": "https", "host": "www.python.org", "path": "/~guido", "query": "arg=1", "fragment": "frag"}},
        {"input": "http://john:pass@\u0445\u043e\u0441\u0442.\u0434\u043e\u043c\u0435\u043d:8000", "source": "yarl API docs, raw_authority",
         "record": {"authority": "john:pass@xn--n1agdj.xn--d1acufc:8000", "host": "xn--n1agdj.xn--d1acufc", "port": "8000"}},
        {"input": "http://example.com/path?\u043a\u043b\u044e\u0447=\u0437\u043d\u0430\u0447", "source": "yarl API docs, raw_query_string",
         "record": {"query": "%D0%BA%D0%BB%D1%8E%D1%87=%D0%B7%D0%BD%D0%B0%D1%87"}},
        {"input": "page.html", "base": "http://example.com/path/index.html", "source": "yarl API docs, URL.join",
         "record": {"resolved": "http://example.com/path/page.html", "path": "/path/page.html"}},
    ],
    "rfc3986": [
        {"input": "ssh://user@git.openstack.org:29418/openstack/keystone.git", "source": "rfc3986 README",
         "record": {"scheme": "ssh", "userinfo": "user", "host": "git.openstack.org", "port": "29418"}},
        {"input": "mailto:user@domain.com", "source": "rfc3986 README", "record": {"path": "user@domain.com", "authority": None}},
        {"input": "http://httpbin.org/get?utf8=\u2603", "source": "rfc3986 README, unicode",
         "record": {"query": "utf8=%E2%98%83"}},
        {"input": "../g", "base": RFC_BASE, "source": RFC_5_4, "record": {"resolved": "http://a/b/g"}},
        {"input": "g?y", "base": RFC_BASE, "source": RFC_5_4, "record": {"resolved": "http://a/b/c/g?y"}},
        {"input": "http://a:port/", "source": "RFC 3986 section 3.2.3: port = *DIGIT", "failure": "InvalidComponentsError"},
    ],
    "hyperlink": [
        {"input": "/post/155074058790", "base": "http://blog.hatnote.com/", "source": "hyperlink URL.click docstring",
         "record": {"resolved": "http://blog.hatnote.com/post/155074058790"}},
        {"input": "../d/./e", "base": "http://localhost/a/b/c/", "source": "hyperlink URL.click docstring",
         "record": {"resolved": "http://localhost/a/b/d/e"}},
        {"input": "?a=b&x=y", "source": "hyperlink URL.from_text docstring", "record": {"query": "a=b&x=y", "scheme": None}},
        {"input": "http://example.com:notaport/", "source": "hyperlink from_text: raises on an invalid port",
         "failure": "URLParseError"},
    ],
    "w3lib-safe-url": [
        {"input": "http://www.example.com/\u00a3", "source": "w3lib tests/test_url.py",
         "record": {"href": "http://www.example.com/%C2%A3"}},
        {"input": "http://www.example.com/\u00a3?unit=\u00b5", "source": "w3lib tests/test_url.py",
         "record": {"href": "http://www.example.com/%C2%A3?unit=%C2%B5"}},
        {"input": "http://example.com/test\r\n.html\t", "source": "w3lib tests/test_url.py",
         "record": {"href": "http://example.com/test.html"}},
        {"input": 'http://google.com/"hello"', "source": "w3lib tests/test_url.py",
         "record": {"href": "http://google.com/%22hello%22"}},
        {"input": "scheme://prefix.[::1]/", "source": "w3lib tests/test_url.py (ValueError)", "failure": "ValueError"},
        {"input": "a", "base": "http://c/", "kind": "parse", "source": "safe_url_string takes no base", "no_opinion": True},
    ],
    "ruby-uri": [
        {"input": "http://foo.com/posts?id=30&limit=5#time=1305298413", "source": RUBY_DOC,
         "record": {"scheme": "http", "host": "foo.com", "path": "/posts", "query": "id=30&limit=5", "fragment": "time=1305298413"}},
        {"input": "main.rbx", "base": "http://example.com/", "source": "Ruby URI.join documentation",
         "record": {"resolved": "http://example.com/main.rbx"}},
        {"input": "http://www.ruby-lang.org/\u00e9", "source": RUBY_DOC + ": escape invalid URI characters first",
         "failure": "URI::InvalidURIError"},
        {"input": "../g", "base": RFC_BASE, "source": RFC_5_4, "record": {"resolved": "http://a/b/g"}},
    ],
    "ruby-uri-rfc2396": [
        {"input": "http://foo.com/posts?id=30&limit=5#time=1305298413", "source": RUBY_DOC,
         "record": {"scheme": "http", "host": "foo.com", "path": "/posts", "query": "id=30&limit=5", "fragment": "time=1305298413"}},
        {"input": "../g", "base": RFC_BASE, "source": "RFC 2396 appendix C.1", "record": {"resolved": "http://a/b/g"}},
        {"input": "http://a b/", "source": "RFC 2396 section 2.4.3: space is excluded", "failure": "URI::InvalidURIError"},
    ],
    "go-net-url": [
        {"input": "http://bing.com/search?q=dotnet", "source": GO_DOC + " ExampleURL",
         "record": {"scheme": "http", "host": "bing.com", "path": "/search", "query": "q=dotnet"}},
        {"input": "../../..//search?q=dotnet", "base": "http://example.com/directory/", "source": GO_DOC + " ExampleURL_ResolveReference",
         "record": {"resolved": "http://example.com/search?q=dotnet"}},
        {"input": "https://example.org:8000/path", "source": "net/url URL.Hostname and URL.Port",
         "record": {"host": "example.org", "port": "8000"}},
        {"input": "mailto:joe@example.com", "source": "net/url URL doc: scheme:opaque[?query][#fragment]",
         "record": {"path": "joe@example.com", "authority": None}},
        {"input": "http://a/\u0000", "source": "net/url: control characters are rejected", "failure": "invalid control character"},
    ],
}
