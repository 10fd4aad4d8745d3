//! The `wpt` oracle and `load_suites` on the packaged WPT copy (ada-url 4.0.0's tests/wpt/).
//!
//! Expected counts were taken from the JSON files themselves with a separate Python script
//! (entries that are objects; setters summed over properties; IdnaTestV2's empty input left out
//! as WPT's IdnaTestV2.window.js does; lone-surrogate escapes counted with a regex).

mod common;

use urldiff_corpus::wpt::{embedded, LocateError};
use urldiff_oracles::ada::AdaOracle;
use urldiff_oracles::reference::ReferenceOracle;
use urldiff_oracles::suite::Suite;
use urldiff_oracles::wpt::{load_suites, oracle};
use urldiff_oracles::{Answer, Case, CaseKind, Oracle, Record};

fn suites() -> Vec<Suite> {
    let data = embedded().expect("the WPT data of the ada-url package is embedded");
    load_suites(&data).expect("the WPT files load")
}

fn suite<'a>(all: &'a [Suite], name: &str) -> &'a Suite {
    all.iter().find(|s| s.name == name).unwrap_or_else(|| panic!("no suite {name}"))
}

#[test]
fn every_file_becomes_a_suite() {
    let all = suites();
    let names: Vec<&str> = all.iter().map(|s| s.name.as_str()).collect();
    assert_eq!(
        names,
        [
            "urltestdata",
            "urltestdata-javascript-only",
            "setters_tests",
            "toascii",
            "percent-encoding",
            "IdnaTestV2"
        ]
    );
    let counts: Vec<usize> = all.iter().map(|s| s.cases.len()).collect();
    assert_eq!(counts, [891, 1, 278, 87, 7, 2670]);
    for s in &all {
        assert_eq!(s.cases.len(), s.expected.len(), "{}", s.name);
        assert!(s.revision.contains("ada-url 4.0.0"), "{}", s.revision);
    }
}

#[test]
fn lone_surrogates_are_counted() {
    let all = suites();
    assert_eq!(suite(&all, "urltestdata-javascript-only").lone_surrogates_replaced, 4);
    assert_eq!(suite(&all, "IdnaTestV2").lone_surrogates_replaced, 2);
    assert_eq!(suite(&all, "urltestdata").lone_surrogates_replaced, 0);
    let js_only = &suite(&all, "urltestdata-javascript-only").cases[0];
    assert_eq!(js_only.input.matches('\u{FFFD}').count(), 4);
}

#[test]
fn percent_encoding_keeps_only_utf8() {
    let all = suites();
    let pe = suite(&all, "percent-encoding");
    // The first entry: "†" is %E2%80%A0 in UTF-8 (and three other encodings, skipped).
    assert_eq!(pe.cases[0].input, "\u{2020}");
    assert_eq!(
        pe.expected[0],
        Answer::Parsed { record: Record::Text { value: "%E2%80%A0".into() }, errors: vec![] }
    );
    // 2 comment strings + 9 non-UTF-8 outputs (counted from the file with Python).
    assert_eq!(pe.skipped, 11);
}

#[test]
fn the_oracle_answers_from_the_table() {
    let oracle = oracle(embedded());
    assert!(oracle.len() > 3900, "{}", oracle.len());
    let listed = Case::parse("http://example\t.\norg", Some("http://example.org/foo/bar"));
    let unlisted = Case::parse("http://unlisted.invalid/", None);
    let setter = Case {
        input: "a://example.net".into(),
        base: None,
        kind: CaseKind::Setter { property: "protocol".into(), value: "".into() },
    };
    let answers = oracle.answer_batch(&[listed, unlisted, setter]).unwrap();
    match &answers[0] {
        Answer::Parsed { record: Record::Whatwg(r), .. } => {
            assert_eq!(r.href.as_deref(), Some("http://example.org/"));
            assert_eq!(r.pathname.as_deref(), Some("/"));
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(answers[1], Answer::NoOpinion);
    // setters_tests.json: "The empty string is not a valid scheme. Setter leaves the URL
    // unchanged." Only the expected fields are filled.
    match &answers[2] {
        Answer::Parsed { record: Record::Whatwg(r), .. } => {
            assert_eq!(r.href.as_deref(), Some("a://example.net"));
            assert_eq!(r.protocol.as_deref(), Some("a:"));
            assert_eq!(r.host, None);
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn missing_data_makes_the_oracle_unavailable() {
    let missing = LocateError::NotFound { why: "no data here".into() };
    let reason = missing.to_string();
    assert!(reason.starts_with("cannot find the WPT URL data: no data here\n"), "{reason}");
    let oracle = oracle(Err(missing));
    assert_eq!(
        oracle.availability(),
        urldiff_oracles::Availability::Unavailable { reason: reason.clone() }
    );
    // Asked anyway, it refuses the batch with the same reason (callers check availability).
    let err = oracle.answer_batch(&[Case::parse("a:b", None)]).unwrap_err();
    assert_eq!(err.to_string(), format!("oracle wpt is unavailable: {reason}"));
}

/// ada passes the WPT URL tests it ships; agreeing with the table on every parse, setter,
/// host and percent-encoding case checks the table's reading of the files (a mis-read base,
/// a dropped field or a wrong case kind would show up here).
#[test]
fn ada_agrees_with_the_table() {
    let disagreements = disagreements_with_the_table(&AdaOracle::new());
    assert!(
        disagreements.is_empty(),
        "{} disagreements:\n{}",
        disagreements.len(),
        disagreements.join("\n")
    );
}

/// The reference passes WPT but for the Unicode version skews (`urldiff_corpus::unicode`);
/// anything else here means the adapter, not the parser, is wrong.
#[test]
fn reference_agrees_with_the_table() {
    let disagreements = disagreements_with_the_table(&ReferenceOracle::new());
    let skewed: Vec<String> = urldiff_corpus::unicode::SKEWS
        .iter()
        .flat_map(|s| {
            s.inputs.iter().map(move |i| {
                format!(
                    "{}: {} want",
                    s.file.trim_end_matches(".json"),
                    Case {
                        input: (*i).into(),
                        base: None,
                        kind: urldiff_oracles::CaseKind::HostToAscii
                    }
                    .name()
                )
            })
        })
        .collect();
    assert_eq!(disagreements.len(), skewed.len(), "{}", disagreements.join("\n"));
    for (found, skew) in disagreements.iter().zip(&skewed) {
        assert!(found.starts_with(skew.as_str()), "{found} is not {skew}");
    }
}

fn disagreements_with_the_table(oracle: &dyn Oracle) -> Vec<String> {
    let all = suites();
    let mut disagreements = Vec::new();
    for s in &all {
        for (case, (want, got)) in
            s.cases.iter().zip(s.expected.iter().zip(oracle.answer_batch(&s.cases).unwrap()))
        {
            if !agrees(want, &got) {
                disagreements.push(format!(
                    "{}: {} want {want:?} got {got:?}",
                    s.name,
                    case.name()
                ));
            }
        }
    }
    disagreements
}

/// Parsed answers agree when every field the table fills is equal; failures agree as failures.
fn agrees(want: &Answer, got: &Answer) -> bool {
    match (want, got) {
        (Answer::Failure { .. }, Answer::Failure { .. }) => true,
        (
            Answer::Parsed { record: Record::Whatwg(w), .. },
            Answer::Parsed { record: Record::Whatwg(g), .. },
        ) => {
            let pairs = [
                (&w.href, &g.href),
                (&w.protocol, &g.protocol),
                (&w.username, &g.username),
                (&w.password, &g.password),
                (&w.host, &g.host),
                (&w.hostname, &g.hostname),
                (&w.port, &g.port),
                (&w.pathname, &g.pathname),
                (&w.search, &g.search),
                (&w.hash, &g.hash),
                (&w.origin, &g.origin),
            ];
            pairs.iter().all(|(w, g)| w.is_none() || w == g)
        }
        (Answer::Parsed { record: w, .. }, Answer::Parsed { record: g, .. }) => w == g,
        (a, b) => a == b,
    }
}
