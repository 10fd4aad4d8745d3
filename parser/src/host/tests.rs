//! Host parser tests: the spec's host table, one input per host validation error, the
//! opaque-host parser and the serializer.

use super::*;
use ValidationErrorKind::*;

/// Parse and serialize; `Err` carries the error kinds reported.
fn host(input: &str, is_opaque: bool) -> Result<String, Vec<ValidationErrorKind>> {
    let mut errors = Errors::new();
    match parse_host(input, is_opaque, &mut errors, 0) {
        Ok(host) => Ok(host.to_string()),
        Err(HostParseFailure) => Err(errors.as_slice().iter().map(|e| e.kind).collect()),
    }
}

fn errors_of(input: &str, is_opaque: bool) -> Vec<ValidationErrorKind> {
    let mut errors = Errors::new();
    let _ = parse_host(input, is_opaque, &mut errors, 0);
    errors.as_slice().iter().map(|e| e.kind).collect()
}

#[test]
fn spec_host_table() {
    // <https://url.spec.whatwg.org/#hosts-(domains-and-ip-addresses)>: input, output with
    // isOpaque false, output with isOpaque true (None: failure).
    let table: &[(&str, Option<&str>, Option<&str>)] = &[
        ("EXAMPLE.COM", Some("example.com"), Some("EXAMPLE.COM")),
        ("example%2Ecom", Some("example.com"), Some("example%2Ecom")),
        ("faß.example", Some("xn--fa-hia.example"), Some("fa%C3%9F.example")),
        ("0", Some("0.0.0.0"), Some("0")),
        ("%30", Some("0.0.0.0"), Some("%30")),
        ("0x", Some("0.0.0.0"), Some("0x")),
        ("0xffffffff", Some("255.255.255.255"), Some("0xffffffff")),
        ("[0:0::1]", Some("[::1]"), Some("[::1]")),
        ("[0:0::1%5D]", None, None),
        ("[0:0::%31]", None, None),
        ("09", None, Some("09")),
        ("example.255", None, Some("example.255")),
        ("example^example", None, None),
    ];
    for &(input, special, opaque) in table {
        assert_eq!(host(input, false).ok().as_deref(), special, "{input} (not opaque)");
        assert_eq!(host(input, true).ok().as_deref(), opaque, "{input} (opaque)");
    }
}

#[test]
fn host_kinds() {
    let mut errors = Errors::new();
    assert_eq!(
        parse_host("[::1]", false, &mut errors, 0),
        Ok(Host::Ipv6([0, 0, 0, 0, 0, 0, 0, 1]))
    );
    assert_eq!(parse_host("127.0.0.1", false, &mut errors, 0), Ok(Host::Ipv4(0x7F00_0001)));
    assert_eq!(parse_host("a.b", false, &mut errors, 0), Ok(Host::Domain("a.b".into())));
    assert_eq!(parse_host("a.b", true, &mut errors, 0), Ok(Host::Opaque("a.b".into())));
    // A non-special URL's empty host: the opaque-host parser returns the empty string.
    assert_eq!(parse_host("", true, &mut errors, 0), Ok(Host::Empty));
    assert!(errors.is_empty());
    // Outside the spec's assertion (a special URL never has an empty host to parse).
    assert_eq!(parse_host("", false, &mut errors, 0), Err(HostParseFailure));
    assert!(errors.contains(DomainToAscii));
}

#[test]
fn every_host_validation_error_by_name() {
    // One input per host-related row of the spec's validation-error table, through the host
    // parser (as a special URL's host unless noted).
    let cases: &[(&str, bool, &str)] = &[
        ("\u{FFFD}.com", false, "domain-to-ASCII"),
        ("exa mple.com", false, "domain-to-ASCII"),
        ("exa%25mple.com", false, "domain-to-ASCII"),
        ("exam%70le.org", false, "domain-percent-encoded"),
        ("exa mple", true, "host-invalid-code-point"),
        ("1.2.3.4.", false, "IPv4-empty-part"),
        ("1.2.3", false, "IPv4-too-few-parts"),
        ("1.2.3.4.5", false, "IPv4-too-many-parts"),
        ("1.2.3.09", false, "IPv4-non-numeric-part"),
        ("0x7f.0.0.1", false, "IPv4-non-decimal-part"),
        ("1.2.3.256", false, "IPv4-out-of-range-part"),
        ("\u{2460}.\u{2461}.\u{2462}.\u{2463}", false, "IPv4-non-ASCII-input"),
        ("[::1", false, "IPv6-unclosed"),
        ("[::1", true, "IPv6-unclosed"),
        ("[:1]", false, "IPv6-invalid-compression"),
        ("[1:2:3:4:5:6:7:8:9]", false, "IPv6-too-many-pieces"),
        ("[1::2::3]", false, "IPv6-multiple-compression"),
        ("[1:2:3:4:5:6:7:g]", false, "IPv6-invalid-code-point"),
        ("[1:2:3:4:5:6:7]", false, "IPv6-too-few-pieces"),
        ("[::01]", false, "IPv6-piece-leading-zero"),
        ("[1:2:3:4:5:6:7:1.2.3.4]", false, "IPv4-in-IPv6-too-many-pieces"),
        ("[::1.2.3.4x]", false, "IPv4-in-IPv6-invalid-code-point"),
        ("[::1.2.3.256]", false, "IPv4-in-IPv6-out-of-range-part"),
        ("[::1.2.3]", false, "IPv4-in-IPv6-too-few-parts"),
        ("a\u{1}b", true, "invalid-URL-unit"),
        ("a%zzb", true, "invalid-URL-unit"),
    ];
    for &(input, is_opaque, name) in cases {
        let names: Vec<&str> = errors_of(input, is_opaque).iter().map(|k| k.name()).collect();
        assert!(names.contains(&name), "{input:?}: expected {name}, got {names:?}");
    }
}

#[test]
fn domain_errors_in_the_host_parsers_order() {
    // "https://exa%23mple.org" (the table's example): percent-decoded to "exa#mple.org".
    assert_eq!(host("exa%23mple.org", false), Err(vec![DomainPercentEncoded, DomainToAscii]));
    // Percent-encoded bytes that decode to a fine domain: one non-fatal error.
    assert_eq!(host("a%2Eb", false), Ok("a.b".into()));
    assert_eq!(errors_of("a%2Eb", false), vec![DomainPercentEncoded]);
    // IPv4-non-ASCII-input: "domain is not an ASCII string", after percent-decoding.
    assert_eq!(host("\u{FF11}.2.3.4", false), Ok("1.2.3.4".into()));
    assert_eq!(errors_of("\u{FF11}.2.3.4", false), vec![Ipv4NonAsciiInput]);
    assert_eq!(errors_of("%EF%BC%91.2.3.4", false), vec![DomainPercentEncoded, Ipv4NonAsciiInput]);
    assert_eq!(errors_of("%31.2.3.4", false), vec![DomainPercentEncoded]);
    assert_eq!(errors_of("\u{FF11}.2.3", false), vec![Ipv4NonAsciiInput, Ipv4TooFewParts]);
    // A non-ASCII domain that does not end in a number is no IPv4 matter.
    assert_eq!(errors_of("\u{FF11}.example", false), vec![]);
}

#[test]
fn fatal_errors_come_with_failure_and_others_do_not() {
    assert_eq!(host("1.2.3.4.", false), Ok("1.2.3.4".into()));
    // The trailing dot also fails strict ToASCII (VerifyDnsLength): domain-to-ASCII first.
    assert_eq!(errors_of("1.2.3.4.", false), vec![DomainToAscii, Ipv4EmptyPart]);
    assert_eq!(host("0x7f.0.0.1", false), Ok("127.0.0.1".into()));
    assert_eq!(host("1.2.3.09", false), Err(vec![Ipv4NonNumericPart]));
    // Opaque hosts keep invalid URL units (percent-encoding C0 controls and non-ASCII).
    assert_eq!(host("a\u{1}b", true), Ok("a%01b".into()));
    assert_eq!(host("a%zzb", true), Ok("a%zzb".into()));
    assert_eq!(host("a\u{FDD0}b", true), Ok("a%EF%B7%90b".into()));
    assert_eq!(errors_of("a\u{FDD0}b", true), vec![InvalidUrlUnit]);
    assert_eq!(errors_of("a\u{E9}b~", true), vec![]);
}

#[test]
fn error_positions_add_the_offset() {
    let mut errors = Errors::new();
    let _ = parse_host("[::1", false, &mut errors, 8);
    let _ = parse_host("[1:x]", false, &mut errors, 8);
    let _ = parse_host("ab cd", true, &mut errors, 8);
    let _ = parse_host("ab%", true, &mut errors, 8);
    let _ = parse_host("a%41%42", false, &mut errors, 8);
    let _ = parse_host("1.0x2", false, &mut errors, 8);
    let _ = parse_host("%31.0x2", false, &mut errors, 8);
    let positions: Vec<_> = errors.as_slice().iter().map(|e| (e.kind, e.position)).collect();
    assert_eq!(
        positions,
        vec![
            (Ipv6Unclosed, 8),
            (Ipv6InvalidCodePoint, 11),
            (HostInvalidCodePoint, 10),
            (InvalidUrlUnit, 10),
            (DomainPercentEncoded, 9),
            (Ipv4TooFewParts, 8),
            (Ipv4NonDecimalPart, 10),
            // Percent-decoding changed the host: IPv4 errors at its start.
            (DomainPercentEncoded, 8),
            (Ipv4TooFewParts, 8),
            (Ipv4NonDecimalPart, 8),
        ]
    );
}

#[test]
fn wpt_hosts() {
    // Host outputs from WPT urltestdata.json (special URLs unless noted).
    let cases: &[(&str, bool, Option<&str>)] = &[
        ("www.google.com", false, Some("www.google.com")),
        ("0x7f.1", false, Some("127.0.0.1")),
        ("0177.0.0.1", false, Some("127.0.0.1")),
        ("192.0x00A80001", false, Some("192.168.0.1")),
        ("4294967295", false, Some("255.255.255.255")),
        ("4294967296", false, None),
        ("10000000000", false, None),
        ("0x100000000", false, None),
        ("256.256.256.256", false, None),
        ("1.2.3.4.5", false, None),
        ("%30%78%63%30%2e%30%32%35%30.01", false, Some("192.168.0.1")),
        ("%ef%bc%85%ef%bc%94%ef%bc%91.com", false, None),
        ("\u{FF27}\u{FF4F}.com", false, Some("go.com")),
        ("[1:0::]", false, Some("[1::]")),
        ("[0:0:0:0:0:0:13.1.68.3]", false, Some("[::d01:4403]")),
        ("[::127.0.0.1.]", false, None),
        ("[0:1:0:1:0:1:0:1]", false, Some("[0:1:0:1:0:1:0:1]")),
        ("[1:0:1:0:1:0:1:0]", false, Some("[1:0:1:0:1:0:1:0]")),
        ("example.com.", false, Some("example.com.")),
        ("x..", false, Some("x..")),
        ("a.b.c.xn--pokxncvks", false, Some("a.b.c.xn--pokxncvks")),
        ("10.0.0.xn--pokxncvks", false, Some("10.0.0.xn--pokxncvks")),
        ("!\"$&'()*+,-.;=_`{}~", true, Some("!\"$&'()*+,-.;=_`{}~")),
        ("\u{0}", true, None),
        ("\u{80}\u{FFFF}", true, Some("%C2%80%EF%BF%BF")),
    ];
    for &(input, is_opaque, expected) in cases {
        assert_eq!(host(input, is_opaque).ok().as_deref(), expected, "{input:?}");
    }
}

#[test]
fn serializer_and_display_agree() {
    for host in [
        Host::Domain("example.com".into()),
        Host::Ipv4(0xC0A8_0001),
        Host::Ipv6([0x2001, 0xdb8, 0, 0, 0, 0, 0, 1]),
        Host::Opaque("a%20b".into()),
        Host::Empty,
    ] {
        let mut out = String::from("x");
        host.serialize_into(&mut out);
        assert_eq!(out[1..], host.to_string());
    }
    assert_eq!(Host::Ipv6([0x2001, 0xdb8, 0, 0, 0, 0, 0, 1]).to_string(), "[2001:db8::1]");
    assert_eq!(Host::Ipv4(0xC0A8_0001).to_string(), "192.168.0.1");
}

/// A host of labels that the fast path takes (letters, digits and `-`, numbers in every
/// radix the IPv4 parser reads, long labels) and some it leaves to the full path (Punycode
/// prefixes in any case, `%`, `_`, non-ASCII), joined by dots.
fn generated_host() -> impl proptest::strategy::Strategy<Value = String> {
    let label = proptest::prop_oneof![
        4 => "[a-zA-Z0-9-]{0,6}",
        2 => "[0-9]{1,4}",
        1 => "0[xX][0-9a-fA-F]{0,3}",
        1 => "(xn|XN|Xn)--[a-z0-9-]{0,4}",
        1 => "[a-z]{60,66}",
        1 => "[a-z%_\u{fc}]{1,4}",
    ];
    (proptest::collection::vec(label, 1..6), proptest::bool::weighted(0.1)).prop_map(
        |(labels, trailing_dot)| {
            let mut host = labels.join(".");
            if trailing_dot {
                host.push('.');
            }
            host
        },
    )
}

use proptest::strategy::Strategy;

proptest::proptest! {
    #![proptest_config(crate::property_test_config(4096))]
    /// The host parser's fast path for letter-digit-hyphen domains gives the full path's
    /// host and validation errors (with their positions), and so does every host it leaves.
    #[test]
    fn ldh_fast_path_is_the_full_path(host in generated_host()) {
        let mut fast_errors = Errors::new();
        let fast = parse_host(&host, false, &mut fast_errors, 5);
        let mut full_errors = Errors::new();
        let full = parse_domain(&host, (DomainBytes::of(&host), None), &mut full_errors, 5);
        proptest::prop_assert_eq!(fast, full, "{:?}", host);
        proptest::prop_assert_eq!(fast_errors, full_errors, "{:?}", host);
    }
}

proptest::proptest! {
    #![proptest_config(crate::property_test_config(4096))]
    /// The host parser reads a domain with a `%` but no percent-encoded byte as the domain
    /// itself: UTF-8 decoding its percent-decoding gives it back.
    #[test]
    fn percent_decoding_without_a_percent_encoded_byte_is_the_input(
        input in "[a%zZ0-9.\u{fc}_]{0,10}",
    ) {
        if first_percent_encoded_byte(&input).is_none() {
            proptest::prop_assert_eq!(percent::percent_decode(input.as_bytes()), input.as_bytes());
            proptest::prop_assert_eq!(utf8_decode_percent_decoded(&input), input.as_str());
        }
    }
}

proptest::proptest! {
    #![proptest_config(crate::property_test_config(4096))]
    /// The host parser's fast path for opaque hosts of plain ASCII gives the opaque-host
    /// parser's host and validation errors, and so does every host it leaves.
    #[test]
    fn opaque_fast_path_is_the_full_path(
        host in "[a-zA-Z0-9!$&'()*+,;=_~.\\-]{0,8}|[a-z0-9%:/?@\\[\\]^|<># \t\u{0}\u{1f}\u{7f}\u{80}\u{a0}\u{fc}\u{fdd0}\u{fffe}\u{10fffd}\\-]{0,6}",
    ) {
        // (An input starting with `[` is an IPv6 address, opaque or not.)
        proptest::prop_assume!(!host.starts_with('['));
        let mut fast_errors = Errors::new();
        let fast = parse_host(&host, true, &mut fast_errors, 5);
        let mut full_errors = Errors::new();
        let full = parse_opaque_host(&host, &mut full_errors, 5);
        proptest::prop_assert_eq!(fast, full, "{:?}", host);
        proptest::prop_assert_eq!(fast_errors, full_errors, "{:?}", host);
    }
}

proptest::proptest! {
    #![proptest_config(crate::property_test_config(4096))]
    /// The host parser's shortcut for IPv4 addresses written as the serializer writes them
    /// gives the full path's host and validation errors (none), and so does every host of
    /// digits and dots it leaves (leading zeros, parts over 255, too few or too many parts,
    /// empty parts, trailing dots, hex); a host it takes serializes to itself.
    #[test]
    fn dotted_decimal_shortcut_is_the_full_path(
        parts in proptest::collection::vec("0|[1-9][0-9]{0,2}|0[0-9]{1,2}|25[0-9]|[0-9]{4}|0x[0-9a-f]{0,2}|", 1..6),
        trailing_dot in proptest::bool::weighted(0.1),
    ) {
        let mut host = parts.join(".");
        if trailing_dot {
            host.push('.');
        }
        proptest::prop_assume!(!host.is_empty());
        let mut fast_errors = Errors::new();
        let fast = parse_host(&host, false, &mut fast_errors, 5);
        let mut full_errors = Errors::new();
        let full = parse_domain(&host, (DomainBytes::of(&host), None), &mut full_errors, 5);
        proptest::prop_assert_eq!(&fast, &full, "{:?}", host);
        proptest::prop_assert_eq!(fast_errors, full_errors, "{:?}", host);
        if dotted_decimal_ipv4(host.as_bytes()).is_some() {
            proptest::prop_assert_eq!(fast.unwrap().to_string(), host);
        }
    }
}

#[test]
fn dotted_decimal_shortcut_takes_only_the_serializers_form() {
    // The IPv4 serializer's output (spec: "n % 256, serialized" joined by dots) is taken.
    assert_eq!(dotted_decimal_ipv4(b"192.168.0.1"), Some(0xC0A8_0001));
    assert_eq!(dotted_decimal_ipv4(b"0.0.0.0"), Some(0));
    assert_eq!(dotted_decimal_ipv4(b"255.255.255.255"), Some(u32::MAX));
    // Every other form goes the full way.
    for other in ["01.0.0.0", "1.2.3", "1.2.3.4.5", "256.0.0.0", "1.2.3.4.", "0x1.2.3.4", "1..2.3"]
    {
        assert_eq!(dotted_decimal_ipv4(other.as_bytes()), None, "{other}");
    }
}

proptest::proptest! {
    #![proptest_config(crate::property_test_config(4096))]
    /// The opaque-host parser in one pass, writing to the serialization, gives the standard's
    /// steps' host (appended after what was there, which a failure leaves as it was) and
    /// validation errors with their positions.
    #[test]
    fn opaque_host_written_in_one_pass_is_the_parser(
        host in "[a-zA-Z0-9.%\"`{}~\\-]{0,6}|[a-fA-F0-9%gz:/?@\\[\\]^|<># \t\u{0}\u{1}\u{1f}\u{7f}\u{80}\u{a0}\u{fc}\u{fdd0}\u{fffe}\u{10fffd}\"`{]{0,8}",
    ) {
        let mut full_errors = Errors::new();
        let full = parse_opaque_host(&host, &mut full_errors, 5);
        let mut errors = Errors::new();
        let mut out = String::from("sc://");
        let written = write_opaque_host(&host, &mut errors, 5, &mut out);
        proptest::prop_assert_eq!(errors, full_errors, "{:?}", host);
        match full {
            Ok(full) => {
                proptest::prop_assert_eq!(written, Ok(full == Host::Empty), "{:?}", host);
                proptest::prop_assert_eq!(out, format!("sc://{full}"), "{:?}", host);
            }
            Err(failure) => {
                proptest::prop_assert_eq!(written, Err(failure), "{:?}", host);
                proptest::prop_assert_eq!(out, "sc://", "{:?}", host);
            }
        }
    }
}
