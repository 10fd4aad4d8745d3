//! The N-oracle comparison and its signature on hand-checked answers.
//!
//! The backslash case `http://evil.example\@good.example/`, as each oracle answers it (checked
//! by hand): the URL Standard treats `\` as `/` in a special URL's authority, so the host is
//! `evil.example` and the path `/@good.example/`; RFC 3986 Appendix B ends the authority at the
//! first `/`, so the authority is `evil.example\@good.example`, its userinfo `evil.example\`
//! (§3.2.1) and its host `good.example`; urllib's urlsplit agrees with the RFC split (and
//! reports `""` for the absent query and fragment); java.net.URI rejects `\`.

use urldiff_compare::grade::{grade, Equivalence, Grade};
use urldiff_compare::severity::{severity, Severity};
use urldiff_compare::{compare_all, Answered, Projected, SharedField, Signature};
use urldiff_oracles::{
    Answer, Case, CaseKindTag, OracleInfo, OracleKind, Record, RecordModel, RfcRecord,
    WhatwgRecord, RFC_FIELDS,
};

const WHATWG: [&str; 6] = ["reference", "rust-url", "ada", "node-url", "whatwg-url", "url-parse"];

fn info(name: &str, model: RecordModel, fields: &[&str]) -> OracleInfo {
    OracleInfo {
        name: name.into(),
        kind: OracleKind::InProcess,
        version: "test".into(),
        model,
        fields: fields.iter().map(|f| (*f).to_owned()).collect(),
        case_kinds: vec![CaseKindTag::Parse],
        unicode: None,
        claim: Default::default(),
    }
}

fn whatwg_answer(host: &str, path: &str) -> Answer {
    let record = WhatwgRecord::from_fields(|name| {
        Some(match name {
            "href" => format!("http://{host}{path}"),
            "protocol" => "http:".into(),
            "host" | "hostname" => host.into(),
            "pathname" => path.into(),
            "origin" => format!("http://{host}"),
            _ => String::new(),
        })
    });
    Answer::Parsed { record: Record::Whatwg(record), errors: vec![] }
}

fn rfc_answer(authority: &str, userinfo: Option<&str>, host: &str, empty: Option<&str>) -> Answer {
    let record = RfcRecord {
        scheme: Some("http".into()),
        authority: Some(authority.into()),
        userinfo: userinfo.map(str::to_owned),
        host: Some(host.into()),
        port: None,
        path: "/".into(),
        query: empty.map(str::to_owned),
        fragment: empty.map(str::to_owned),
        resolved: None,
    };
    Answer::Parsed { record: Record::Rfc(record), errors: vec![] }
}

/// Every oracle's answer to a backslash confusion `http://<a>\@<b>/`.
fn backslash_answers(a: &str, b: &str) -> Vec<(OracleInfo, Answer)> {
    let whatwg_fields = RecordModel::Whatwg.fields();
    let mut out: Vec<(OracleInfo, Answer)> = WHATWG
        .iter()
        .map(|n| {
            (info(n, RecordModel::Whatwg, whatwg_fields), whatwg_answer(a, &format!("/@{b}/")))
        })
        .collect();
    let authority = format!("{a}\\@{b}");
    let userinfo = format!("{a}\\");
    out.push((
        info("reference-rfc3986", RecordModel::Rfc, RFC_FIELDS),
        rfc_answer(&authority, Some(&userinfo), b, None),
    ));
    let regex_fields = ["scheme", "authority", "path", "query", "fragment"];
    // The regex oracle fills only the Appendix B groups; its host comes from its authority.
    out.push((
        info("rfc3986-regex", RecordModel::Rfc, &regex_fields),
        rfc_answer(&authority, None, "(not filled)", None),
    ));
    out.push((
        info("python-urllib", RecordModel::Rfc, RFC_FIELDS),
        rfc_answer(&authority, Some(&userinfo), b, Some("")),
    ));
    let failure =
        Answer::Failure { reason: "Illegal character in authority".into(), errors: vec![] };
    out.push((info("java-uri", RecordModel::Rfc, RFC_FIELDS), failure));
    out.push((info("wpt", RecordModel::Whatwg, &[]), Answer::NoOpinion));
    out
}

fn signature_of(
    answers: &[(OracleInfo, Answer)],
    input: &str,
) -> (urldiff_compare::Comparison, Signature) {
    let answered: Vec<Answered> =
        answers.iter().map(|(info, answer)| Answered { info, answer }).collect();
    let comparison = compare_all(&Case::parse(input, None), &answered);
    let signature = Signature::of(&comparison);
    (comparison, signature)
}

fn names(list: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = list.iter().map(|s| (*s).to_owned()).collect();
    v.sort();
    v
}

#[test]
fn backslash_case_splits_whatwg_from_rfc_on_host() {
    let answers = backslash_answers("evil.example", "good.example");
    let (comparison, signature) = signature_of(&answers, r"http://evil.example\@good.example/");
    let host = comparison.fields.iter().find(|f| f.field == SharedField::Host).unwrap();
    let groups: Vec<Vec<String>> = host.groups.iter().map(|g| g.oracles.clone()).collect();
    assert_eq!(
        groups,
        [names(&WHATWG), names(&["python-urllib", "reference-rfc3986", "rfc3986-regex"])]
    );
    assert_eq!(host.grade, Some(Grade::Structural));
    assert_eq!(host.severity, Some(Severity::High));
    assert_eq!(host.groups[0].value, Projected::Defined("evil.example".into()));
    assert_eq!(host.groups[1].value, Projected::Defined("good.example".into()));
    // Python's "" query and the WHATWG getters' "" agree with the RFC's undefined query.
    let query = comparison.fields.iter().find(|f| f.field == SharedField::Query).unwrap();
    assert!(!query.differs(), "{query:?}");
    let expected = format!(
        "parsed{{{}}} failure{{java-uri}}; userinfo/structural: {{{w}}} {{{r}}}; \
         host/structural: {{{w}}} {{{r}}}; path/structural: {{{w}}} {{{r}}}",
        "ada,node-url,python-urllib,reference,reference-rfc3986,rfc3986-regex,rust-url,url-parse,whatwg-url",
        w = "ada,node-url,reference,rust-url,url-parse,whatwg-url",
        r = "python-urllib,reference-rfc3986,rfc3986-regex",
    );
    assert_eq!(signature.line(), expected);
    // The expectation table without the case is left out.
    assert!(!signature.line().contains("wpt"));
}

#[test]
fn signatures_are_independent_of_input_text_and_answer_order() {
    let first = signature_of(&backslash_answers("evil.example", "good.example"), "x").1;
    let mut shuffled = backslash_answers("a.test", "b.test");
    shuffled.reverse();
    let second = signature_of(&shuffled, "y").1;
    assert_eq!(first, second);
    assert_eq!(first.id(), second.id());
    assert_eq!(first.id().len(), 16);
    // Serializable, and read back the same.
    let json = serde_json::to_string(&first).unwrap();
    assert_eq!(serde_json::from_str::<Signature>(&json).unwrap(), first);
    // Another shape (every oracle agreeing on the host) has another id.
    let mut agreeing = backslash_answers("a.test", "b.test");
    agreeing.retain(|(i, _)| WHATWG.contains(&i.name.as_str()));
    let third = signature_of(&agreeing, "z").1;
    assert_ne!(third.id(), first.id());
    assert!(!third.disagrees());
}

#[test]
fn empty_or_undefined_joins_the_one_group_it_agrees_with() {
    use urldiff_compare::divergence::group;
    let undefined = Projected::Undefined;
    let empty = Projected::Defined(String::new());
    let either = Projected::EmptyOrUndefined;
    let groups = group(vec![("a", undefined.clone()), ("c", either.clone())]);
    assert_eq!(groups.len(), 1);
    assert_eq!(groups[0].oracles, ["a", "c"]);
    assert_eq!(groups[0].value_of("c"), Some(&either));
    assert_eq!(groups[0].value, undefined, "the group's value is the concrete one");
    let groups = group(vec![("c", either.clone()), ("a", undefined.clone())]);
    assert_eq!((groups.len(), &groups[0].value), (1, &undefined), "in any order");
    // When the others disagree about empty vs undefined, it stands alone.
    let groups = group(vec![("a", undefined), ("b", empty), ("c", either.clone())]);
    assert_eq!(groups.len(), 3);
    assert_eq!((&groups[2].oracles[..], &groups[2].value), (&["c".to_owned()][..], &either));
}

fn d(s: &str) -> Projected {
    Projected::Defined(s.into())
}

/// Severity follows what an attacker can do: an allow-list compares host strings.
#[test]
fn host_differences_an_allow_list_misses_are_high() {
    let host = SharedField::Host;
    let graded = |a: &str, b: &str| {
        let g = grade(host, &d(a), &d(b), "http").unwrap();
        (g, severity(host, g, false))
    };
    // python-urllib keeps the percent-encoding that the URL Standard decodes.
    assert_eq!(
        graded("%31%32%37.0.0.1", "127.0.0.1"),
        (Grade::Equivalent(Equivalence::PercentEncoding), Severity::High)
    );
    // UTS #46 maps fullwidth letters; Punycode encodes the rest.
    assert_eq!(
        graded("ｅｘａｍｐｌｅ.com", "example.com"),
        (Grade::Equivalent(Equivalence::Idna), Severity::High)
    );
    assert_eq!(
        graded("bücher.example", "xn--bcher-kva.example"),
        (Grade::Equivalent(Equivalence::Idna), Severity::High)
    );
    // Hosts are case-insensitive: only a case-sensitive check is fooled.
    assert_eq!(
        graded("EXAMPLE.com", "example.com"),
        (Grade::Equivalent(Equivalence::AsciiCase), Severity::Medium)
    );
    assert_eq!(graded("evil.example", "good.example"), (Grade::Structural, Severity::High));
    // The same in the other authority fields, each for its own reason.
    let s = |field, g| severity(field, Grade::Equivalent(g), false);
    assert_eq!(s(SharedField::Scheme, Equivalence::AsciiCase), Severity::Medium);
    assert_eq!(s(SharedField::Userinfo, Equivalence::AsciiCase), Severity::High);
    assert_eq!(s(SharedField::Userinfo, Equivalence::PercentEncoding), Severity::High);
    assert_eq!(s(SharedField::Port, Equivalence::DefaultPort), Severity::Low);
    assert_eq!(s(SharedField::Path, Equivalence::DotSegments), Severity::Medium);
    assert_eq!(s(SharedField::Query, Equivalence::PercentEncoding), Severity::Info);
}

/// The adapter-rule table acts on python-urllib's answers only.
#[test]
fn adapter_rules_apply_by_oracle_name() {
    use urldiff_compare::project::{project, Source};
    let record = Record::Rfc(RfcRecord {
        host: Some("::1".into()),
        query: Some(String::new()),
        ..RfcRecord::default()
    });
    let fields = RecordModel::Rfc.field_names();
    let get = |oracle: &str, field: SharedField| {
        let projection = project(&record, Source { oracle, fields: &fields });
        projection.into_iter().find(|(f, _)| *f == field).map(|(_, v)| v)
    };
    assert_eq!(get("python-urllib", SharedField::Query), Some(Projected::EmptyOrUndefined));
    assert_eq!(get("python-urllib", SharedField::Host), Some(d("[::1]")));
    assert_eq!(get("java-uri", SharedField::Query), Some(d("")));
    assert_eq!(get("java-uri", SharedField::Host), Some(d("::1")));
}

/// The getters the projection reads are the ones that can make a shared field differ: a
/// record differing only elsewhere (`host`, `origin`) is no divergence, and one differing in
/// any of them is.
#[test]
fn the_fields_read_are_exactly_those_a_divergence_can_come_from() {
    use urldiff_compare::project::whatwg_fields_read;
    use urldiff_oracles::model::WHATWG_FIELDS;
    let read = whatwg_fields_read();
    let sample = |field: &str| match field {
        "href" => "https://u:p@h.example:8080/p?q#f",
        "protocol" => "https:",
        "username" => "u",
        "password" => "p",
        "host" => "h.example:8080",
        "hostname" => "h.example",
        "port" => "8080",
        "pathname" => "/p",
        "search" => "?q",
        "hash" => "#f",
        _ => "https://h.example:8080",
    };
    let base = WhatwgRecord::from_fields(|f| Some(sample(f).to_owned()));
    for &field in WHATWG_FIELDS {
        let changed = WhatwgRecord::from_fields(|f| {
            Some(if f == field { format!("{}x", sample(f)) } else { sample(f).to_owned() })
        });
        let answers = [
            Answer::Parsed { record: Record::Whatwg(base.clone()), errors: vec![] },
            Answer::Parsed { record: Record::Whatwg(changed), errors: vec![] },
        ];
        let infos = [info("a", RecordModel::Whatwg, &[]), info("b", RecordModel::Whatwg, &[])];
        let answered: Vec<Answered> =
            infos.iter().zip(&answers).map(|(info, answer)| Answered { info, answer }).collect();
        let disagrees = compare_all(&Case::parse("x", None), &answered).disagrees();
        let read_here = read.iter().any(|attribute| attribute.name() == field);
        assert_eq!(disagrees, read_here, "{field}");
    }
}
