//! The strict check against RFC 3986 Appendix A: valid and invalid forms of every rule.
//! Expected violations (rule and byte position) are read off the ABNF by hand: the
//! position is the first byte no match of the rule can contain.

use urldiff_parser::rfc3986::{check, Rule, Violation};

fn valid(rule: Rule, inputs: &[&str]) {
    for input in inputs {
        assert_eq!(check(input, rule), Ok(()), "{input:?} should be a valid {}", rule.name());
    }
}

/// Each case: input, violated rule, position.
fn invalid(rule: Rule, cases: &[(&str, &'static str, usize)]) {
    for &(input, name, position) in cases {
        assert_eq!(
            check(input, rule),
            Err(Violation { rule: name, position }),
            "{input:?} as {}",
            rule.name()
        );
    }
}

#[test]
fn violation_display() {
    assert_eq!(Violation { rule: "IPv6address", position: 9 }.to_string(), "IPv6address at 9");
}

#[test]
fn scheme() {
    valid(Rule::Scheme, &["http", "a", "A+b-c.d1", "z9"]);
    invalid(
        Rule::Scheme,
        &[("", "scheme", 0), ("1a", "scheme", 0), ("a_b", "scheme", 1), ("+", "scheme", 0)],
    );
}

#[test]
fn pct_encoded_and_pchar() {
    valid(Rule::PctEncoded, &["%41", "%ff", "%Fa"]);
    invalid(
        Rule::PctEncoded,
        &[
            ("%", "pct-encoded", 1),
            ("%4", "pct-encoded", 2),
            ("%g1", "pct-encoded", 1),
            ("%412", "pct-encoded", 3),
            ("a", "pct-encoded", 0),
        ],
    );
    valid(Rule::Pchar, &["a", ":", "@", "!", "~", "%20"]);
    invalid(
        Rule::Pchar,
        &[
            ("", "pchar", 0),
            ("/", "pchar", 0),
            ("?", "pchar", 0),
            ("ab", "pchar", 1),
            ("%2", "pct-encoded", 2),
        ],
    );
}

#[test]
fn userinfo_reg_name_port() {
    valid(Rule::Userinfo, &["", "user", "user:pass", "a%20b!$&'()*+,;=-._~"]);
    invalid(
        Rule::Userinfo,
        &[
            ("a@b", "userinfo", 1),
            ("a/b", "userinfo", 1),
            ("[", "userinfo", 0),
            ("é", "userinfo", 0),
        ],
    );
    valid(Rule::RegName, &["", "example.com", "a-b_c~d", "%C3%A9", "!$&'()*+,;="]);
    invalid(
        Rule::RegName,
        &[
            ("a:b", "reg-name", 1),
            ("a b", "reg-name", 1),
            ("a%", "pct-encoded", 2),
            ("[::1]", "reg-name", 0),
        ],
    );
    valid(Rule::Port, &["", "80", "065535"]);
    invalid(Rule::Port, &[("8a", "port", 1), ("-1", "port", 0)]);
}

#[test]
fn ipv4address_and_dec_octet() {
    valid(Rule::DecOctet, &["0", "9", "10", "99", "100", "199", "200", "249", "250", "255"]);
    invalid(
        Rule::DecOctet,
        &[
            ("", "dec-octet", 0),
            ("256", "dec-octet", 2),
            ("01", "dec-octet", 1),
            ("1000", "dec-octet", 3),
            ("300", "dec-octet", 2),
            ("1a", "dec-octet", 1),
        ],
    );
    valid(Rule::Ipv4Address, &["0.0.0.0", "127.0.0.1", "255.255.255.255", "192.168.1.10"]);
    invalid(
        Rule::Ipv4Address,
        &[
            ("1.2.3", "IPv4address", 5),
            ("1.2.3.4.5", "IPv4address", 7),
            ("1.2.3.256", "dec-octet", 8),
            ("1..2.3", "dec-octet", 2),
            ("01.2.3.4", "dec-octet", 1),
            ("1.2.3.4 ", "IPv4address", 7),
        ],
    );
}

#[test]
fn h16_and_ls32() {
    valid(Rule::H16, &["0", "ffff", "FfFf", "1a2"]);
    invalid(Rule::H16, &[("", "h16", 0), ("12345", "h16", 4), ("g", "h16", 0)]);
    valid(Rule::Ls32, &["1:2", "ffff:0", "1.2.3.4"]);
    invalid(Rule::Ls32, &[("1", "ls32", 1), ("1:", "ls32", 2), ("1.2.3", "IPv4address", 5)]);
}

#[test]
fn ipv6address_all_nine_forms() {
    valid(
        Rule::Ipv6Address,
        &[
            // 6( h16 ":" ) ls32
            "1:2:3:4:5:6:7:8",
            "1:2:3:4:5:6:1.2.3.4",
            // "::" 5( h16 ":" ) ls32
            "::2:3:4:5:6:7:8",
            "::3:4:5:6:7:1.2.3.4",
            // [ h16 ] "::" 4( h16 ":" ) ls32
            "1::3:4:5:6:7:8",
            // [ *1( h16 ":" ) h16 ] "::" 3( h16 ":" ) ls32
            "1:2::4:5:6:7:8",
            // [ *2( h16 ":" ) h16 ] "::" 2( h16 ":" ) ls32
            "1:2:3::5:6:7:8",
            // [ *3( h16 ":" ) h16 ] "::" h16 ":" ls32
            "1:2:3:4::6:7:8",
            // [ *4( h16 ":" ) h16 ] "::" ls32
            "1:2:3:4:5::7:8",
            "1:2:3:4:5::1.2.3.4",
            "::1.2.3.4",
            "::ffff:192.0.2.1",
            // [ *5( h16 ":" ) h16 ] "::" h16
            "1:2:3:4:5:6::8",
            "::1",
            // [ *6( h16 ":" ) h16 ] "::"
            "1:2:3:4:5:6:7::",
            "::",
            "1::",
            "fe80::abcd:EF01",
        ],
    );
    invalid(
        Rule::Ipv6Address,
        &[
            ("", "IPv6address", 0),
            (":", "IPv6address", 0),
            (":1::", "IPv6address", 0),
            (":::", "IPv6address", 2),
            ("1::2::3", "IPv6address", 5),
            ("1:2:3:4:5:6:7", "IPv6address", 13),
            ("1:2:3:4:5:6:7:8:9", "IPv6address", 15),
            ("1:2:3:4:5:6:7:8::", "IPv6address", 15),
            ("1::3:4:5:6:7:8:9", "IPv6address", 14),
            ("1:2:3:4:5:6:7::8", "IPv6address", 15),
            ("12345::", "IPv6address", 4),
            ("1:", "IPv6address", 2),
            ("g::", "IPv6address", 0),
            ("1:2:3:4:5:6::1.2.3.4", "IPv6address", 14),
            ("1:2:3:4:5:1.2.3.4", "IPv6address", 11),
            ("::1.2.3.256", "dec-octet", 10),
            ("::1.2.3.4:5", "IPv4address", 9),
            ("1.2.3.4::", "IPv6address", 1),
        ],
    );
}

#[test]
fn ipvfuture_and_ip_literal() {
    valid(Rule::IpvFuture, &["v1.x", "V7.a:b", "vF0.!$&'()*+,;=-._~:"]);
    invalid(
        Rule::IpvFuture,
        &[
            ("", "IPvFuture", 0),
            ("v.x", "IPvFuture", 1),
            ("v1x", "IPvFuture", 2),
            ("v1.", "IPvFuture", 3),
            ("v1.a/b", "IPvFuture", 4),
            ("v1.%41", "IPvFuture", 3),
            ("w1.x", "IPvFuture", 0),
        ],
    );
    valid(Rule::IpLiteral, &["[::1]", "[v1.x]", "[1:2:3:4:5:6:7:8]", "[::ffff:1.2.3.4]"]);
    invalid(
        Rule::IpLiteral,
        &[
            ("::1", "IP-literal", 0),
            ("[::1", "IP-literal", 4),
            ("[::1]x", "IP-literal", 5),
            ("[1.2.3.4]", "IPv6address", 2),
            ("[v1]", "IPvFuture", 3),
            ("[]", "IPv6address", 1),
            ("[::1%25eth0]", "IPv6address", 4),
        ],
    );
}

#[test]
fn host_and_authority() {
    valid(Rule::Host, &["", "example.com", "1.2.3.4", "999.1.1.1", "[::1]", "[v9.z]"]);
    invalid(
        Rule::Host,
        &[("[::1]:80", "host", 5), ("a@b", "reg-name", 1), ("[::1", "IP-literal", 4)],
    );
    valid(Rule::Authority, &["", "a", "u@a", "u:p@a:80", ":@:", "[::1]:8080", "@"]);
    invalid(
        Rule::Authority,
        &[
            ("a@b@c", "reg-name", 3),
            ("a:b:80", "port", 2),
            ("[::1]x", "authority", 5),
            ("u s@a", "userinfo", 1),
            ("a:8x", "port", 3),
            ("[::1", "IP-literal", 4),
        ],
    );
}

#[test]
fn paths_and_segments() {
    valid(Rule::PathAbempty, &["", "/", "/a//b", "/a:b@c"]);
    invalid(
        Rule::PathAbempty,
        &[("a", "path-abempty", 0), ("/a b", "segment", 2), ("/?", "segment", 1)],
    );
    valid(Rule::PathAbsolute, &["/", "/a", "/a/", "/a//b"]);
    invalid(
        Rule::PathAbsolute,
        &[("", "path-absolute", 0), ("a", "path-absolute", 0), ("//a", "segment-nz", 1)],
    );
    valid(Rule::PathNoscheme, &["a", "a/b:c", "@/", "%3A"]);
    invalid(
        Rule::PathNoscheme,
        &[("", "segment-nz-nc", 0), ("a:b", "segment-nz-nc", 1), ("/a", "segment-nz-nc", 0)],
    );
    valid(Rule::PathRootless, &["a:b", "a", "a/"]);
    invalid(
        Rule::PathRootless,
        &[("", "segment-nz", 0), ("/a", "segment-nz", 0), ("a#", "segment", 1)],
    );
    valid(Rule::PathEmpty, &[""]);
    invalid(Rule::PathEmpty, &[("a", "path-empty", 0)]);
    valid(Rule::Segment, &["", "a:@"]);
    invalid(Rule::Segment, &[("a/b", "segment", 1)]);
    valid(Rule::SegmentNz, &["a", ":"]);
    invalid(Rule::SegmentNz, &[("", "segment-nz", 0)]);
    valid(Rule::SegmentNzNc, &["a@b"]);
    invalid(Rule::SegmentNzNc, &[("", "segment-nz-nc", 0), (":", "segment-nz-nc", 0)]);
}

#[test]
fn query_and_fragment() {
    for rule in [Rule::Query, Rule::Fragment] {
        valid(rule, &["", "a=b&c", "/?:@", "%20"]);
        invalid(
            rule,
            &[
                ("#", rule.name(), 0),
                ("a b", rule.name(), 1),
                ("[", rule.name(), 0),
                ("%x", "pct-encoded", 1),
            ],
        );
    }
}

#[test]
fn uri_relative_ref_uri_reference() {
    // Section 1.1.2's examples are URIs.
    let examples = [
        "ftp://ftp.is.co.za/rfc/rfc1808.txt",
        "http://www.ietf.org/rfc/rfc2396.txt",
        "ldap://[2001:db8::7]/c=GB?objectClass?one",
        "mailto:John.Doe@example.com",
        "news:comp.infosystems.www.servers.unix",
        "tel:+1-816-555-1212",
        "telnet://192.0.2.16:80/",
        "urn:oasis:names:specification:docbook:dtd:xml:4.1.2",
    ];
    valid(Rule::Uri, &examples);
    valid(Rule::UriReference, &examples);
    valid(Rule::AbsoluteUri, &["http://a/b?c", "a:"]);
    invalid(Rule::AbsoluteUri, &[("http://a/#f", "absolute-URI", 9)]);
    valid(Rule::Uri, &["a:", "a:#", "a:?", "a://", "x:/", "file:///etc", "http://[v1.x]/"]);
    invalid(
        Rule::Uri,
        &[
            ("", "scheme", 0),
            ("g", "URI", 1),
            ("/g", "scheme", 0),
            ("1:x", "scheme", 0),
            ("http://[::1::2]/", "IPv6address", 12),
            ("http://a b/", "reg-name", 8),
            ("http://a/%zz", "pct-encoded", 10),
            ("http://a/#a#b", "fragment", 11),
            ("http://a/b c", "segment", 10),
            ("http://a:x/", "port", 9),
        ],
    );
    valid(
        Rule::RelativeRef,
        &[
            "",
            "g",
            "./g",
            "../g",
            "//g",
            "?y",
            "#s",
            "g;x=1/../y",
            "/a:b",
            "a/b:c",
            "//[::1]:80/p?q#f",
        ],
    );
    invalid(
        Rule::RelativeRef,
        &[
            ("g:h", "segment-nz-nc", 1),
            (":a", "segment-nz-nc", 0),
            ("a b", "segment-nz-nc", 1),
            ("//a b", "reg-name", 3),
            ("?a b", "query", 2),
            ("#%", "pct-encoded", 2),
        ],
    );
    // Every RFC 3986 §5.4 reference is a valid URI-reference.
    valid(Rule::UriReference, &["g:h", "", "#s", "..g", "g;x=1/./y", "http:g", "g?y/../x"]);
    invalid(
        Rule::UriReference,
        &[
            // As a URI it fails at 0 (a scheme starts with a letter); as a relative-ref at 2.
            ("1a:b", "segment-nz-nc", 2),
            ("http://[::1::2]/", "IPv6address", 12),
            ("a b", "segment-nz-nc", 1),
            ("http://a/é", "segment", 9),
            ("http://a\\b/", "reg-name", 8),
            // Both alternatives fail at 0; a tie goes to URI.
            ("[::1]", "scheme", 0),
        ],
    );
}
