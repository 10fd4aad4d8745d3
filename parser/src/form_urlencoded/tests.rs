//! Expected values from the spec's examples and WPT's urlsearchparams-*.any.js tests.

use super::*;

fn pairs(list: &[(&str, &str)]) -> Vec<(String, String)> {
    list.iter().map(|&(n, v)| (n.to_owned(), v.to_owned())).collect()
}

#[test]
fn parser() {
    // urlsearchparams-stringifier / -constructor.
    assert_eq!(parse(b"a=b&c=d&&e&&"), pairs(&[("a", "b"), ("c", "d"), ("e", "")]));
    assert_eq!(parse(b"a = b &a=b&c=d%20"), pairs(&[("a ", " b "), ("a", "b"), ("c", "d ")]));
    assert_eq!(parse(b"a=b+c"), pairs(&[("a", "b c")]));
    assert_eq!(parse(b"a+b=c"), pairs(&[("a b", "c")]));
    assert_eq!(parse(b"a=b=c"), pairs(&[("a", "b=c")]));
    assert_eq!(parse(b"=b"), pairs(&[("", "b")]));
    assert_eq!(parse(b"a=b%c"), pairs(&[("a", "b%c")]));
    assert_eq!(parse(b"a=%2B"), pairs(&[("a", "+")]));
    assert_eq!(parse(b"a=%f0%9f%92%a9"), pairs(&[("a", "\u{1F4A9}")]));
    // Invalid UTF-8 decodes to U+FFFD; a BOM is kept (UTF-8 decode *without BOM*).
    assert_eq!(parse(b"a=%FE%FF"), pairs(&[("a", "\u{FFFD}\u{FFFD}")]));
    assert_eq!(parse(b"a=\xff"), pairs(&[("a", "\u{FFFD}")]));
    assert_eq!(parse(b"%EF%BB%BFa=b"), pairs(&[("\u{FEFF}a", "b")]));
    assert_eq!(parse(b""), pairs(&[]));
}

#[test]
fn serializer() {
    // The spec's example: searchParams of "https://example.com/?a=b ~" is "a=b+%7E".
    assert_eq!(serialize(&pairs(&[("a", "b ~")])), "a=b+%7E");
    // urlsearchparams-stringifier.
    let cases: &[(&str, &str, &str)] = &[
        ("a", "b c", "a=b+c"),
        ("a b", "c", "a+b=c"),
        ("a", "", "a="),
        ("", "", "="),
        ("", "b", "=b"),
        ("a", "b\0c", "a=b%00c"),
        ("a", "b+c", "a=b%2Bc"),
        ("a", "b=c", "a=b%3Dc"),
        ("a", "b&c", "a=b%26c"),
        ("a", "*-._", "a=*-._"),
        ("a", "b%c", "a=b%25c"),
        ("a", "b\u{1F4A9}c", "a=b%F0%9F%92%A9c"),
        ("a", "!'()~", "a=%21%27%28%29%7E"),
    ];
    for &(name, value, expected) in cases {
        assert_eq!(serialize(&pairs(&[(name, value)])), expected, "{name:?}={value:?}");
    }
    assert_eq!(serialize(&pairs(&[("a", "b"), ("", ""), ("c", "d")])), "a=b&=&c=d");
    assert_eq!(serialize(&[]), "");
}

#[test]
fn constructor_strips_one_leading_question_mark() {
    assert_eq!(UrlSearchParams::new("?a=b").get("a"), Some("b"));
    let params = UrlSearchParams::new("??a=b");
    assert!(params.has("?a", None));
    assert!(!params.has("a", None));
    assert_eq!(UrlSearchParams::new("").size(), 0);
    assert_eq!(UrlSearchParams::new("?").size(), 0);
    let from_pairs = UrlSearchParams::from_pairs([("a", "b"), ("c", "d")]);
    assert_eq!(from_pairs.to_string(), "a=b&c=d");
    assert_eq!(UrlSearchParams::new("a = b &a=b&c=d%20").to_string(), "a+=+b+&a=b&c=d+");
}

#[test]
fn append_get_get_all_size() {
    let mut params = UrlSearchParams::new("");
    params.append("a", "b");
    params.append("a", "c");
    params.append("first", "null");
    assert_eq!(params.to_string(), "a=b&a=c&first=null");
    assert_eq!(params.size(), 3);

    let params = UrlSearchParams::new("a=b&c=d&a=e");
    assert_eq!(params.get("a"), Some("b"));
    assert_eq!(params.get("c"), Some("d"));
    assert_eq!(params.get("e"), None);
    assert_eq!(UrlSearchParams::new("=b&c=d").get(""), Some("b"));
    assert_eq!(UrlSearchParams::new("a=&c=d&a=e").get("a"), Some(""));
    assert_eq!(params.get_all("a"), vec!["b", "e"]);
    assert_eq!(UrlSearchParams::new("a=&c=d&a=e").get_all("a"), vec!["", "e"]);
    assert_eq!(UrlSearchParams::new("a=1&a=2&a=3&a").get_all("a"), vec!["1", "2", "3", ""]);
    assert!(params.get_all("x").is_empty());
    assert_eq!(UrlSearchParams::new("a=1&b=2&a=3").size(), 3);
}

#[test]
fn delete_with_and_without_value() {
    let mut params = UrlSearchParams::new("a=b&c=d");
    params.delete("a", None);
    assert_eq!(params.to_string(), "c=d");
    let mut params = UrlSearchParams::new("a=a&b=b&a=a&c=c");
    params.delete("a", None);
    assert_eq!(params.to_string(), "b=b&c=c");
    let mut params = UrlSearchParams::new("a=a&=&b=b&c=c");
    params.delete("", None);
    assert_eq!(params.to_string(), "a=a&b=b&c=c");
    // Two-argument delete().
    let mut params = UrlSearchParams::new("a=b&a=c&a=d");
    params.delete("a", Some("c"));
    assert_eq!(params.to_string(), "a=b&a=d");
    params.delete("a", Some("x"));
    assert_eq!(params.to_string(), "a=b&a=d");
}

#[test]
fn has_with_and_without_value() {
    let params = UrlSearchParams::new("a=b&a=d&c&e&");
    assert!(params.has("a", None));
    assert!(params.has("c", None));
    assert!(!params.has("f", None));
    assert!(params.has("a", Some("b")));
    assert!(!params.has("a", Some("c")));
    assert!(params.has("a", Some("d")));
    assert!(params.has("e", Some("")));
    assert!(!params.has("e", Some("x")));
}

#[test]
fn set_replaces_the_first_and_removes_the_rest() {
    let mut params = UrlSearchParams::new("a=b&c=d");
    params.set("a", "B");
    assert_eq!(params.to_string(), "a=B&c=d");
    let mut params = UrlSearchParams::new("a=b&c=d&a=e");
    params.set("a", "B");
    assert_eq!(params.to_string(), "a=B&c=d");
    params.set("e", "f");
    assert_eq!(params.to_string(), "a=B&c=d&e=f");
    let mut params = UrlSearchParams::new("x=1&a=b&x=2&a=c&x=3");
    params.set("x", "9");
    assert_eq!(params.to_string(), "x=9&a=b&a=c");
}

#[test]
fn sort_is_stable_and_by_utf16_code_units() {
    // urlsearchparams-sort.any.js.
    let cases: &[(&str, &[(&str, &str)])] = &[
        ("z=b&a=b&z=a&a=a", &[("a", "b"), ("a", "a"), ("z", "b"), ("z", "a")]),
        (
            "\u{FFFD}=x&\u{FFFC}&\u{FFFD}=a",
            &[("\u{FFFC}", ""), ("\u{FFFD}", "x"), ("\u{FFFD}", "a")],
        ),
        // U+1F308 is D83C DF08 in UTF-16, below U+FB03: code point order would differ.
        ("\u{FB03}&\u{1F308}", &[("\u{1F308}", ""), ("\u{FB03}", "")]),
        ("\u{E9}&e\u{FFFD}&e\u{301}", &[("e\u{301}", ""), ("e\u{FFFD}", ""), ("\u{E9}", "")]),
        (
            "z=z&a=a&z=y&a=b&z=x&a=c&z=w&a=d&z=v&a=e&z=u&a=f&z=t&a=g",
            &[
                ("a", "a"),
                ("a", "b"),
                ("a", "c"),
                ("a", "d"),
                ("a", "e"),
                ("a", "f"),
                ("a", "g"),
                ("z", "z"),
                ("z", "y"),
                ("z", "x"),
                ("z", "w"),
                ("z", "v"),
                ("z", "u"),
                ("z", "t"),
            ],
        ),
        ("bbb&bb&aaa&aa=x&aa=y", &[("aa", "x"), ("aa", "y"), ("aaa", ""), ("bb", ""), ("bbb", "")]),
        ("z=z&=f&=t&=x", &[("", "f"), ("", "t"), ("", "x"), ("z", "z")]),
        ("a\u{1F308}&a\u{1F4A9}", &[("a\u{1F308}", ""), ("a\u{1F4A9}", "")]),
    ];
    for &(input, expected) in cases {
        let mut params = UrlSearchParams::new(input);
        params.sort();
        assert_eq!(params.pairs(), pairs(expected).as_slice(), "{input:?}");
    }
}
