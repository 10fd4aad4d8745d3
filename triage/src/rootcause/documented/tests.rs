//! Each documented rule of java.net.URI and CPython's urllib covers a case its documentation
//! describes, and not a case outside it. Cases and readings come from the documentation's own
//! examples and the two RFCs' grammars.

use super::*;
use crate::standards::{strict_rfc, StandardReference};
use urldiff_compare::SharedField;
use urldiff_oracles::{Record, Standard};

fn request(input: &str, base: Option<&str>) -> Request {
    Request { input: input.to_owned(), base: base.map(str::to_owned) }
}

fn rule(oracle: &str, name: &str) -> &'static Compiled {
    rules_of(oracle).iter().find(|c| c.rule.name == name).unwrap_or_else(|| panic!("{name}"))
}

fn parsed() -> Answer {
    let record = strict_rfc(Standard::Rfc3986, "a:b", None).unwrap();
    Answer::Parsed { record: Record::Rfc(record), errors: Vec::new() }
}

fn failure() -> Answer {
    Answer::Failure { reason: "x".into(), errors: Vec::new() }
}

/// The RFC 2396 reference's outcome on `input`: what java.net.URI is held to.
fn rfc2396_parses(input: &str) -> bool {
    StandardReference::new(Standard::Rfc2396).is_some()
        && strict_rfc(Standard::Rfc2396, input, None).is_ok()
}

fn fields(names: &[SharedField]) -> std::collections::BTreeSet<SharedField> {
    names.iter().copied().collect()
}

#[test]
fn java_uri_documented_deviations_cover_their_examples() {
    use SharedField::*;
    let outcome = fields(&[Outcome]);
    // "Empty relative paths are permitted": `?q` is no RFC 2396 relativeURI, Java parses it.
    assert!(!rfc2396_parses("?q"));
    let empty = rule("java-uri", "empty-relative-path");
    assert!(covers(empty, &request("?q", None), (&parsed(), &failure()), &outcome));
    assert!(!covers(empty, &request("a?q", None), (&parsed(), &failure()), &outcome));
    // "Characters in the other category are permitted": `é` in a path.
    assert!(!rfc2396_parses("http://a/é"));
    let other = rule("java-uri", "other-characters");
    assert!(covers(other, &request("http://a/é", None), (&parsed(), &failure()), &outcome));
    // A C1 control is no "other" character; nor does the rule explain a rejection.
    assert!(!covers(other, &request("http://a/\u{85}", None), (&parsed(), &failure()), &outcome));
    assert!(!covers(other, &request("http://a/é", None), (&failure(), &parsed()), &outcome));
    // "s://123, will parse as a server-based authority": RFC 2396 reads it registry-based.
    assert!(
        rfc2396_parses("s://123")
            && strict_rfc(Standard::Rfc2396, "s://123", None).unwrap().host.is_none()
    );
    let single = rule("java-uri", "single-label-alphanum-host");
    assert!(covers(single, &request("s://123", None), (&parsed(), &parsed()), &fields(&[Host])));
    assert!(!covers(single, &request("s://a.123", None), (&parsed(), &parsed()), &fields(&[Host])));
    assert!(!covers(single, &request("s://123", None), (&parsed(), &parsed()), &fields(&[Path])));
    // IPv4 "parsed rigorously": each element no greater than 255.
    let ipv4 = rule("java-uri", "ipv4-rigorous");
    assert!(covers(
        ipv4,
        &request("http://1.2.3.256/", None),
        (&parsed(), &parsed()),
        &fields(&[Host])
    ));
    // "An empty authority component is permitted as long as it is followed by…".
    let authority = rule("java-uri", "empty-authority");
    assert!(covers(
        authority,
        &request("file:///foo/bar", None),
        (&parsed(), &parsed()),
        &fields(&[Host])
    ));
    assert!(!covers(
        authority,
        &request("file://h/foo", None),
        (&parsed(), &parsed()),
        &fields(&[Host])
    ));
    // The authority undefined too (OpenJDK 17: `new URI("file://example.com").resolve("///")`
    // is `file://example.com/`, RFC 2396 section 5.2 gives `file:///`): host and href apart.
    let resolved = request("///", Some("file://example.com"));
    assert!(covers(authority, &resolved, (&parsed(), &parsed()), &fields(&[Host, Href])));
    // A path apart is not this rule's.
    assert!(!covers(authority, &resolved, (&parsed(), &parsed()), &fields(&[Host, Path])));
    // The same in the base (OpenJDK 17: `new URI("file:///").resolve("")` is `file:/`); a base
    // with a host is not this rule's.
    let in_base = rule("java-uri", "empty-authority-in-base");
    let empty = request("", Some("file:///"));
    assert!(covers(in_base, &empty, (&parsed(), &parsed()), &fields(&[Host, Href])));
    let hosted = request("", Some("file://h/"));
    assert!(!covers(in_base, &hosted, (&parsed(), &parsed()), &fields(&[Host, Href])));
    assert!(!covers(in_base, &empty, (&parsed(), &parsed()), &fields(&[Path, Href])));
    // resolve: "if this URI is opaque, then the given URI is returned".
    let opaque = rule("java-uri", "opaque-base");
    assert!(covers(
        opaque,
        &request("g", Some("mailto:a@b")),
        (&parsed(), &parsed()),
        &fields(&[Path])
    ));
    assert!(!covers(
        opaque,
        &request("g", Some("http://a/b")),
        (&parsed(), &parsed()),
        &fields(&[Path])
    ));
}

#[test]
fn python_urllib_documented_behaviours_cover_their_examples() {
    use SharedField::*;
    // RFC 3986 section 5.2.2: "A non-strict parser may ignore a scheme in the reference if it
    // is identical to the base URI's scheme."
    let non_strict = rule("python-urllib", "non-strict-same-scheme");
    let path = fields(&[Path]);
    assert!(covers(
        non_strict,
        &request("http:g", Some("http://a/b/c/d;p?q")),
        (&parsed(), &parsed()),
        &path
    ));
    assert!(!covers(
        non_strict,
        &request("https:g", Some("http://a/b/c/d;p?q")),
        (&parsed(), &parsed()),
        &path
    ));
    assert!(!covers(
        non_strict,
        &request("g", Some("http://a/b/c/d;p?q")),
        (&parsed(), &parsed()),
        &path
    ));
    // "Unmatched square brackets in the netloc attribute will raise a ValueError": only
    // unmatched ones (a rejected IPvFuture is no documented behaviour).
    let brackets = rule("python-urllib", "unmatched-brackets");
    let outcome = fields(&[Outcome]);
    assert!(covers(brackets, &request("http://[::1/", None), (&failure(), &parsed()), &outcome));
    assert!(covers(brackets, &request("http://a]/", None), (&failure(), &parsed()), &outcome));
    assert!(!covers(brackets, &request("http://[V7.a]/", None), (&failure(), &parsed()), &outcome));
    // "leading C0 control and space characters are stripped from the URL".
    let stripping = rule("python-urllib", "whatwg-stripping");
    assert!(covers(
        stripping,
        &request(" http://a/", None),
        (&parsed(), &failure()),
        &fields(&[Outcome])
    ));
    assert!(!covers(stripping, &request("http://a/", None), (&parsed(), &parsed()), &path));
}

/// libcurl's URL API documentation: "a blank hostname is not allowed in the URL" (curl_url_set),
/// CURLUPART_PATH "is always at least a slash ('/')" (curl_url_get), "one, two or three slashes
/// after the colon" (URL-SYNTAX.md) also in the base, and the scheme-less guess reads `file:1` as
/// host `file`, port 1 (curl 8 prints `http://file:1/`).
#[test]
fn curl_documented_behaviours_cover_their_examples() {
    use SharedField::*;
    let outcome = fields(&[Outcome]);
    let blank = rule("curl", "blank-host-rejected");
    for input in ["a://", "//", "x://u:p@", "stun://:43", "git://%40@?q", "//:"] {
        assert!(covers(blank, &request(input, None), (&failure(), &parsed()), &outcome), "{input}");
    }
    assert!(!covers(blank, &request("a://h", None), (&failure(), &parsed()), &outcome));
    // A rejection it does not explain: a host of a character curl refuses.
    assert!(!covers(blank, &request("gopher://f!4.5", None), (&failure(), &parsed()), &outcome));
    let slash = rule("curl", "path-at-least-slash");
    let path = fields(&[Path]);
    for input in ["a://example.com", "http://h#)", "w://x:0", "http://example.com?q"] {
        assert!(covers(slash, &request(input, None), (&parsed(), &parsed()), &path), "{input}");
    }
    assert!(!covers(slash, &request("a:b", None), (&parsed(), &parsed()), &path));
    let resolved = rule("curl", "path-at-least-slash-resolved");
    assert!(covers(resolved, &request("?q", Some("a://h")), (&parsed(), &parsed()), &path));
    assert!(!covers(resolved, &request("?q", Some("a://h/p")), (&parsed(), &parsed()), &path));
    let base = rule("curl", "one-to-three-slashes-base");
    let host_path = fields(&[Host, Path]);
    assert!(covers(base, &request("a", Some("sc:/a")), (&parsed(), &parsed()), &host_path));
    assert!(!covers(base, &request("a", Some("sc://a/")), (&parsed(), &parsed()), &host_path));
    let three = rule("curl", "three-slash-reference");
    let base_http = Some("http://example.com/a/b");
    assert!(covers(three, &request("///a", base_http), (&parsed(), &parsed()), &host_path));
    assert!(!covers(three, &request("//a", base_http), (&parsed(), &parsed()), &host_path));
    // A resolved record's string is its href: the rules of resolved readings name it.
    let resolved_href = fields(&[Host, Path, Href]);
    assert!(covers(base, &request("?", Some("sc:/p/q")), (&parsed(), &parsed()), &resolved_href));
    let base_guess = rule("curl", "scheme-less-base");
    let failed = fields(&[Outcome]);
    let about = request("http://@example.com", Some("about:blank"));
    assert!(covers(base_guess, &about, (&failure(), &parsed()), &failed));
    assert!(!covers(
        base_guess,
        &request("a", Some("http://h/")),
        (&failure(), &parsed()),
        &failed
    ));
    // After one slash an authority is read whole: its userinfo and port too (libcurl 8.22:
    // http:/:@a is user "", password "", host a).
    let one = rule("curl", "one-to-three-slashes");
    let authority = fields(&[Outcome, Userinfo, Host]);
    assert!(covers(one, &request("http:/:@a", None), (&parsed(), &failure()), &authority));
    assert!(covers(one, &request("http:/a:1", None), (&parsed(), &parsed()), &fields(&[Port])));
    assert!(!covers(one, &request("http://:@a", None), (&parsed(), &failure()), &authority));
    // Text before the first colon that is no scheme: a guessed scheme (libcurl 8.22 reads ~:@a
    // as http://~:@a/); a real scheme with its slashes is not guessed.
    let guessed = rule("curl", "scheme-less");
    for input in ["~:@a", "1a:b@c", "a~:@b", "-:x"] {
        assert!(
            covers(guessed, &request(input, None), (&parsed(), &failure()), &authority),
            "{input}"
        );
    }
    assert!(!covers(guessed, &request("http://a", None), (&parsed(), &failure()), &authority));
    // "the port number to use. 1 - 65535."
    let port = rule("curl", "port-range");
    for input in ["http://example.com:91111", "//h:65536/", "a://h:0000070000"] {
        assert!(covers(port, &request(input, None), (&failure(), &parsed()), &outcome), "{input}");
    }
    for input in ["http://example.com:65535", "http://h:80/:99999"] {
        assert!(!covers(port, &request(input, None), (&failure(), &parsed()), &outcome), "{input}");
    }
    let guess = rule("curl", "scheme-less");
    assert!(covers(
        guess,
        &request("[::]", None),
        (&parsed(), &parsed()),
        &fields(&[Scheme, Host, Path])
    ));
    let guessed = fields(&[Scheme, Host, Port, Path]);
    assert!(covers(guess, &request("file:1", None), (&parsed(), &parsed()), &guessed));
    assert!(covers(
        guess,
        &request("1", None),
        (&parsed(), &parsed()),
        &fields(&[Scheme, Host, Path])
    ));
}

/// urljoin resolves only against a base whose scheme is in `uses_relative`; against another
/// it returns the reference as it is. CPython 3.13: `urljoin("sc:/a", "b")`, `urljoin("mailto:x",
/// "b")`, `urljoin("news:x", "b")` and `urljoin("telnet://h/a", "b")` are all `b` (mailto, news
/// and telnet are in the documentation's list of supported schemes, not in `uses_relative`).
#[test]
fn python_urllib_listed_schemes_cover_other_bases_only() {
    use SharedField::*;
    let listed = rule("python-urllib", "listed-schemes");
    let any = fields(&[Scheme, Path]);
    for base in ["sc:/a", "s3://x/y", "mailto:x", "mailto://example.com/a/b", "telnet://h/a"] {
        assert!(covers(listed, &request("b", Some(base)), (&parsed(), &parsed()), &any), "{base}");
    }
    for base in ["http://a/b", "HTTPS://a/b", "svn+ssh://a/b", "wss://a/b"] {
        assert!(!covers(listed, &request("b", Some(base)), (&parsed(), &parsed()), &any), "{base}");
    }
    assert!(!covers(listed, &request("b", None), (&parsed(), &parsed()), &any));
    // urlsplit's table: an absent netloc is "empty string", so an empty one reads as absent.
    let empty = rule("python-urllib", "empty-netloc-is-absent");
    let joined = fields(&[Host, Href]);
    let file = Some("file://example.com");
    assert!(covers(empty, &request("fIle:///", file), (&parsed(), &parsed()), &joined));
    assert!(covers(empty, &request("//", Some("file:/")), (&parsed(), &parsed()), &joined));
    assert!(!covers(empty, &request("//h/", file), (&parsed(), &parsed()), &joined));
    assert!(!covers(empty, &request("file:///", None), (&parsed(), &parsed()), &joined));
    // The base's authority and path are kept: both show in the joined URL.
    let kept = fields(&[Host, Path, Href]);
    assert!(covers(
        empty,
        &request("//", Some("https://example.com/a/b")),
        (&parsed(), &parsed()),
        &kept
    ));
    // A base whose own authority is empty has none to keep: a path difference there is another
    // matter (CPython 3.11 against 3.13 on `FILE:///.//` against `file:////`).
    let path = fields(&[Path]);
    assert!(!covers(
        empty,
        &request("FILE:///.//", Some("file:////")),
        (&parsed(), &parsed()),
        &path
    ));
}

/// urlunparse's documentation: a `?` before an empty query (or `#` before an empty fragment)
/// may be left out of the URL it puts back together, which urljoin returns.
#[test]
fn python_urllib_drops_unnecessary_delimiters_when_joining() {
    use SharedField::*;
    let dropped = rule("python-urllib", "unnecessary-delimiters-dropped");
    let href = fields(&[Href]);
    let base = Some("file:");
    for input in ["file://example.com?", "a?", "a?#", "a?b#", "a#"] {
        assert!(covers(dropped, &request(input, base), (&parsed(), &parsed()), &href), "{input}");
    }
    // A query that is not empty, or a `?` inside the fragment, is no unnecessary delimiter.
    for input in ["a?b", "a#?", "a#b"] {
        assert!(!covers(dropped, &request(input, base), (&parsed(), &parsed()), &href), "{input}");
    }
    // Only the joined URL (href) loses it: a path or query difference is another matter.
    assert!(!covers(dropped, &request("a?", base), (&parsed(), &parsed()), &fields(&[Query])));
    assert!(!covers(dropped, &request("a?", None), (&parsed(), &parsed()), &href));
}

/// CPython documents `SplitResult.port` as "Port number as integer, if present": `//:01/` and
/// `http://[::]:01` give 1 (CPython 3.13), where RFC 3986's port is the digits `01`; a port
/// without a leading zero, or a difference in another field, is not this rule's.
#[test]
fn python_port_is_an_integer_covers_leading_zeros_only() {
    use SharedField::*;
    let integer = rule("python-urllib", "port-is-an-integer");
    let port = fields(&[Port]);
    for input in ["//:01/", "http://[::]:01", "HTTP://user@h:0080/x"] {
        assert!(covers(integer, &request(input, None), (&parsed(), &parsed()), &port), "{input}");
    }
    assert!(!covers(integer, &request("http://h:10/", None), (&parsed(), &parsed()), &port));
    let path = fields(&[Port, Path]);
    assert!(!covers(integer, &request("//:01/", None), (&parsed(), &parsed()), &path));
}

/// yarl's changelog (aio-libs/yarl#1136): an empty host raises ValueError for http, https, ws,
/// wss and ftp only. yarl 1.25.1 raises for `http://:/`, `ftp://:21`, `wss://u@`, and parses
/// `http://` (no userinfo, no port) and `a://:1`.
#[test]
fn yarl_host_required_for_special_schemes_covers_its_five_schemes() {
    let rule = rule("yarl", "host-required-for-special-schemes");
    let outcome = fields(&[SharedField::Outcome]);
    for input in ["http://:/", "ftp://:21", "wss://u@", "HTTPS://u@:8/x"] {
        assert!(covers(rule, &request(input, None), (&failure(), &parsed()), &outcome), "{input}");
    }
    for input in ["http://", "a://:1", "http://h:/"] {
        assert!(!covers(rule, &request(input, None), (&failure(), &parsed()), &outcome), "{input}");
    }
}

/// yarl's API documentation of `URL.raw_path`: "/ for absolute URLs without path part": an
/// authority and no path read as `/`; a path of its own, or an empty authority (`http://`,
/// which yarl keeps with an empty path), is not covered.
#[test]
fn yarl_absolute_path_slash_covers_an_authority_without_a_path() {
    let rule = rule("yarl", "absolute-path-slash");
    let path = fields(&[SharedField::Path]);
    for input in ["http://example.com", "HTTP://example.com?q", "file://example.com#f", "//h"] {
        assert!(covers(rule, &request(input, None), (&parsed(), &parsed()), &path), "{input}");
    }
    for input in ["http://example.com/a", "http://", "a:b"] {
        assert!(!covers(rule, &request(input, None), (&parsed(), &parsed()), &path), "{input}");
    }
    let authority = fields(&[SharedField::Path, SharedField::Userinfo]);
    assert!(!covers(
        rule,
        &request("http://@example.com", None),
        (&parsed(), &parsed()),
        &authority
    ));
}

/// Every field a documented rule names is a field the comparison reports apart
/// (`SharedField`'s names): a rule listing `resolved` or `authority` (an RFC record's own
/// names) never matched the `href` that differed, and its case was drafted.
#[test]
fn every_rule_names_shared_fields() {
    let names: Vec<&str> = SharedField::ALL.iter().map(|f| f.name()).collect();
    for d in urldiff_oracles::parsers::descriptors() {
        for rule in &d.profile.documented {
            for field in &rule.fields {
                assert!(names.contains(&field.as_str()), "{}/{}: {field}", d.name, rule.name);
            }
        }
    }
}

/// w3lib's `safe_url_string` documents a string returned for every input and no error: where
/// the URL Standard rejects (`""`, `a://@`) and w3lib answers, its rule covers the outcome;
/// where w3lib failed (it does not) or the standard parses, it does not.
#[test]
fn w3lib_returns_a_url_for_any_input_covers_only_what_the_standard_rejects() {
    let rule = rule("w3lib-safe-url", "returns-a-url-for-any-input");
    let outcome = fields(&[SharedField::Outcome]);
    for input in ["", "a://@", "http://a b/"] {
        assert!(covers(rule, &request(input, None), (&parsed(), &failure()), &outcome), "{input}");
    }
    assert!(!covers(rule, &request("", None), (&failure(), &parsed()), &outcome));
    let href = fields(&[SharedField::Href]);
    assert!(!covers(rule, &request("a://@", None), (&parsed(), &failure()), &href));
}

/// java.net.URI's parseServerAuthority: a malformed server-based authority is treated as a
/// registry-based one. A port above Java's int (OpenJDK 17.0.15 and Temurin 25.0.3, run:
/// `:2147483648` and `:99999999999` give no host and no port; `:2147483647`, `:65536` and
/// `:00000000000080` stay server-based) is covered; a port that fits is not.
#[test]
fn java_uri_registry_based_fallback_covers_ports_beyond_an_int() {
    use SharedField::*;
    let rule = rule("java-uri", "registry-based-fallback");
    let apart = fields(&[Host, Port]);
    for input in ["http://example.com:4111111111/", "//h:2147483648", "a://u@h:099999999999?q"] {
        assert!(covers(rule, &request(input, None), (&parsed(), &parsed()), &apart), "{input}");
    }
    for input in [
        "http://h:2147483647/",
        "http://h:65536",
        "http://h:00000000000080/",
        "http://h/:4111111111",
    ] {
        assert!(!covers(rule, &request(input, None), (&parsed(), &parsed()), &apart), "{input}");
    }
}
