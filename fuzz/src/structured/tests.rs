//! Rendering checked against strings written out by hand, and the description's reach over
//! random bytes (every host form shows up; nothing panics).

use super::*;
use arbitrary::Unstructured;

fn blank() -> UrlDescription {
    UrlDescription {
        leading: vec![],
        scheme: None,
        slashes: vec![],
        authority: None,
        path: vec![],
        query: None,
        fragment: None,
        trailing: vec![],
        inserted: vec![],
    }
}

fn scheme(name: SchemeName, case: LetterCase) -> Option<SchemePart> {
    Some(SchemePart { name, case, colon: Colon::Colon })
}

fn letters(s: &str) -> Text {
    Text(s.bytes().map(|b| Piece::Letter(b - b'a')).collect())
}

fn authority(host: HostForm, port: Option<PortForm>) -> Option<Authority> {
    Some(Authority { userinfo: None, host, port })
}

fn label(text: LabelText, dot_after: FullStop) -> Label {
    Label { text, dot_after }
}

#[test]
fn a_special_url_with_userinfo_backslashes_dot_segments_query_and_fragment() {
    let d = UrlDescription {
        leading: vec![Junk::Space, Junk::Nul],
        scheme: scheme(SchemeName::Http, LetterCase::Upper),
        slashes: vec![Slash::Back, Slash::Forward],
        authority: Some(Authority {
            userinfo: Some(Userinfo {
                username: letters("u"),
                password: Some(Text(vec![Piece::Delimiter(Delimiter::At), Piece::Digit(13)])),
                at: AtSign::EscapedThenOne,
            }),
            host: HostForm::Domain(Domain {
                labels: vec![
                    label(LabelText::Common(CommonLabel::Example), FullStop::Ideographic),
                    label(LabelText::Common(CommonLabel::Com), FullStop::Dot),
                ],
                trailing_dot: true,
            }),
            port: Some(PortForm::LeadingZeros { zeros: 2, value: 80 }),
        }),
        path: vec![
            PathPart { separator: Some(Slash::Forward), segment: Segment::Name(letters("a")) },
            PathPart {
                separator: Some(Slash::Back),
                segment: Segment::DoubleDot(Dot::Plain, Dot::EscapedUpper),
            },
            PathPart { separator: Some(Slash::Forward), segment: Segment::Dot(Dot::EscapedLower) },
        ],
        query: Some(Text(vec![
            Piece::Escape { byte: 0xAB, upper: false },
            Piece::BrokenEscape(BrokenEscape::HalfHex),
        ])),
        fragment: Some(Text(vec![Piece::Unicode(UnicodeChar::SharpS), Piece::Control(32)])),
        trailing: vec![Junk::C0(0x1F), Junk::IdeographicSpace],
        inserted: vec![],
    };
    assert_eq!(
        d.render(),
        " \0HTTP:\\/u:@3%40@example\u{3002}com.:0080/a\\.%2E/%2e?%ab%g1#ß\u{7F}\u{1F}\u{3000}"
    );
}

#[test]
fn ipv4_number_forms() {
    let part = |value, radix| Ipv4Part { value, radix };
    let ipv4 = Ipv4Form {
        parts: vec![
            part(Ipv4Number::Byte(192), Radix::Octal),
            part(Ipv4Number::Short(0xA8), Radix::Hex { upper_x: true, upper_digits: false }),
            part(Ipv4Number::Word(258), Radix::Decimal),
            part(Ipv4Number::Overflow(1), Radix::Decimal),
            part(Ipv4Number::Byte(7), Radix::EmptyHex),
        ],
        trailing_dot: true,
        full_width: false,
    };
    let d = UrlDescription {
        scheme: scheme(SchemeName::Https, LetterCase::Lower),
        slashes: vec![Slash::Forward, Slash::Forward],
        authority: authority(HostForm::Ipv4(ipv4.clone()), Some(PortForm::Default)),
        ..blank()
    };
    assert_eq!(d.render(), "https://0300.0Xa8.258.4294967297.0x.:443");
    let full_width = Ipv4Form {
        parts: vec![part(Ipv4Number::Byte(1), Radix::Decimal); 2],
        full_width: true,
        trailing_dot: false,
    };
    let d = UrlDescription { authority: authority(HostForm::Ipv4(full_width), None), ..blank() };
    assert_eq!(d.render(), "\u{FF11}\u{FF0E}\u{FF11}");
}

#[test]
fn ipv6_compression_embedded_ipv4_zone_and_unclosed() {
    let render = |form: Ipv6Form| {
        let mut s = String::new();
        HostForm::Ipv6(form).render(&mut s);
        s
    };
    let base = Ipv6Form {
        pieces: vec![1, 0xABCD],
        compression: Some(1),
        embedded_ipv4: None,
        upper: false,
        leading_zeros: false,
        unclosed: false,
        zone: None,
    };
    assert_eq!(render(base.clone()), "[1::abcd]");
    assert_eq!(render(Ipv6Form { compression: Some(5), ..base.clone() }), "[1:abcd::]");
    assert_eq!(render(Ipv6Form { compression: Some(3), ..base.clone() }), "[::1:abcd]");
    assert_eq!(
        render(Ipv6Form { upper: true, leading_zeros: true, compression: None, ..base.clone() }),
        "[0001:ABCD]"
    );
    let v4 = Ipv6Form {
        pieces: vec![0xffff],
        compression: Some(0),
        embedded_ipv4: Some([1, 2, 3, 4]),
        ..base.clone()
    };
    assert_eq!(render(v4.clone()), "[::ffff:1.2.3.4]");
    assert_eq!(render(Ipv6Form { compression: Some(1), ..v4.clone() }), "[ffff::1.2.3.4]");
    assert_eq!(
        render(Ipv6Form { unclosed: true, zone: Some(letters("eth")), ..base }),
        "[1::abcd%25eth"
    );
}

#[test]
fn idna_labels_full_width_punycode_and_percent_encoded_hosts() {
    let domain = Domain {
        labels: vec![
            label(LabelText::FullWidth(vec![0, 1, 26]), FullStop::FullWidth),
            label(LabelText::Punycode(vec![13, 36]), FullStop::HalfwidthIdeographic),
            label(LabelText::Unicode(vec![UnicodeChar::UUmlaut]), FullStop::Escaped(Dot::Plain)),
            label(LabelText::Ascii(vec![0x80 | 2, 3]), FullStop::Dot),
        ],
        trailing_dot: false,
    };
    let mut s = String::new();
    HostForm::Domain(domain.clone()).render(&mut s);
    assert_eq!(s, "\u{FF41}\u{FF42}\u{FF10}\u{FF0E}xn--n-\u{FF61}ü.Cd");
    let short = Domain { labels: domain.labels[2..].to_vec(), trailing_dot: true };
    let mut s = String::new();
    HostForm::PercentEncoded { domain: short, mask: 0b0100_0001 }.render(&mut s);
    // "ü.Cd." is C3 BC 2E 43 64 2E: non-ASCII always escaped, then bytes 0 and 6 by the mask.
    assert_eq!(s, "%C3%BC.Cd.");
}

#[test]
fn scheme_forms_and_insertions() {
    let d = UrlDescription {
        scheme: Some(SchemePart {
            name: SchemeName::WebPlus,
            case: LetterCase::Mask(0b101),
            colon: Colon::FullWidth,
        }),
        path: vec![PathPart {
            separator: None,
            segment: Segment::WindowsDriveLetter { letter: 2, pipe: true },
        }],
        inserted: vec![
            Insertion { position: 1, what: TabOrNewline::Tab },
            Insertion { position: 1000, what: TabOrNewline::LineFeed },
        ],
        ..blank()
    };
    // "WeB+demo：c|" (11 chars): a tab after the first char, then a newline at 1000 % 13 = 12.
    assert_eq!(d.render(), "W\teB+demo\u{FF1A}c|\n");
    let custom =
        SchemeName::Custom(vec![SchemeChar(1), SchemeChar(26), SchemeChar(36), SchemeChar(41)]);
    let d = UrlDescription { scheme: scheme(custom, LetterCase::Upper), ..blank() };
    assert_eq!(d.render(), "B0+ :");
}

fn host_forms(d: &UrlDescription) -> Option<&'static str> {
    Some(match &d.authority.as_ref()?.host {
        HostForm::Domain(_) => "domain",
        HostForm::Ipv4(_) => "ipv4",
        HostForm::Ipv6(_) => "ipv6",
        HostForm::Opaque(_) => "opaque",
        HostForm::PercentEncoded { .. } => "percent-encoded",
        HostForm::Empty => "empty",
    })
}

#[test]
fn random_bytes_reach_every_host_form_and_render() {
    let mut seen = std::collections::BTreeSet::new();
    let mut with_base = 0;
    for seed in 0..4000u64 {
        let bytes = urldiff_corpus::urlgen::Rng::new(seed).bytes(64 + (seed as usize % 512));
        let case = StructuredCase::arbitrary_take_rest(Unstructured::new(&bytes))
            .expect("take_rest accepts any bytes");
        let (input, base) = case.render();
        assert!(input.len() < 64 * bytes.len() + 64, "{seed}: rendering grew without bound");
        with_base += usize::from(base.is_some());
        seen.extend(host_forms(&case.input));
    }
    assert_eq!(
        seen.into_iter().collect::<Vec<_>>(),
        ["domain", "empty", "ipv4", "ipv6", "opaque", "percent-encoded"]
    );
    assert!(with_base > 100, "only {with_base} cases with a base");
}
