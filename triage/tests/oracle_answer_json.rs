//! An oracle's answer in findings.json reads back as it was written, a crash and a time-out
//! included: a findings.json holding urijs's crash on `http:[]😀` (its answer line had a lone
//! surrogate) was refused by `urldiff report` with "missing field `oracle`", because the
//! flattened crash wrote its `oracle` a second time.

use urldiff_oracles::{Answer, Case, Crash};
use urldiff_triage::findings::OracleAnswer;

#[test]
fn every_kind_of_answer_reads_back_and_names_its_oracle_once() {
    let case = Case::parse("http:[]\u{1f600}", None);
    let crash = Crash::new("urijs", &case, "malformed answer line");
    let answers = [
        Answer::Failure { reason: "TypeError".into(), errors: vec![] },
        Answer::NoOpinion,
        Answer::Crashed(crash),
    ];
    for answer in answers {
        let written = OracleAnswer { oracle: "urijs".into(), answer };
        let json = serde_json::to_string(&written).unwrap();
        assert_eq!(json.matches("\"oracle\"").count(), 1, "{json}");
        let read: OracleAnswer = serde_json::from_str(&json).unwrap();
        assert_eq!(read, written, "{json}");
    }
    // What the earlier writer wrote (the key twice) reads too.
    let twice = r#"{"oracle":"urijs","outcome":"crashed","oracle":"urijs","case":{"input":"a","base":null,"kind":"parse"},"cause":"x"}"#;
    let read: OracleAnswer = serde_json::from_str(twice).unwrap();
    assert_eq!(read.oracle, "urijs");
    assert!(matches!(read.answer, Answer::Crashed(_)));
}
