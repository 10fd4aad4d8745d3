//! The shared driver of the in-process WHATWG-API oracles (`reference`, `rust-url`, `ada`).
//!
//! Each adapter implements [`UrlApi`] (parse, read the record, run a setter); this module turns
//! every case kind into calls on that API the way the WPT harness does:
//!
//! - parse: `new URL(input, base)`; a base that does not parse is a failure, as in JS;
//! - setter: parse `input`, call the setter, report the record (a setter that rejects its value
//!   leaves the URL unchanged, so the record is reported either way; only `href` throws);
//! - host-to-ASCII: `new URL("https://" + input + "/x")` and its `host`, as WPT's
//!   `toascii.window.js` and `IdnaTestV2.window.js` do;
//! - percent-encode: the query of `https://doesnotmatter.invalid/?` + input (the UTF-8
//!   column of `percent-encoding.json`, which WPT checks through `a.search`);
//! - form-urlencoded: the adapter's urlencoded parser, when it has one;
//! - validity: the parse's validation errors and the adapter's valid-URL-string verdict, when
//!   it has one (the reference only; the others have no opinion).
//!
//! A panic on one case becomes [`Answer::Crashed`] for that case only ([`guarded`]).

use crate::model::{
    Answer, Attribute, Case, CaseKind, CaseKindTag, Crash, OracleError, Record, RecordModel,
    WhatwgRecord, INVALID, VALID,
};
use crate::panic_guard::catch_quietly;
use std::borrow::Cow;

/// The case kinds every in-process WHATWG oracle answers.
pub(crate) const WHATWG_CASE_KINDS: [CaseKindTag; 5] = [
    CaseKindTag::Parse,
    CaseKindTag::Setter,
    CaseKindTag::HostToAscii,
    CaseKindTag::PercentEncode,
    CaseKindTag::FormUrlencoded,
];

/// Validation errors by their spec names, in the order met: static names, made into an
/// answer's strings only when an answer is made.
pub(crate) type ErrorNames = Vec<&'static str>;

/// Why a parse was rejected, in the parser's own words.
#[derive(Debug)]
pub(crate) struct Rejection {
    pub reason: String,
    pub errors: ErrorNames,
}

/// What [`UrlApi::parse`] gives: the URL and its validation errors, or why it was rejected.
pub(crate) type Parsed<U> = Result<(U, ErrorNames), Rejection>;

/// An answer's errors.
fn owned(errors: ErrorNames) -> Vec<String> {
    errors.into_iter().map(str::to_owned).collect()
}

/// What a setter call did.
pub(crate) enum SetterCall {
    /// The setter ran (whether or not it accepted the value).
    Ran,
    /// The setter threw (only `href` can), with the parser's words.
    Threw(String),
    /// This API has no such setter (`origin`).
    Unsupported,
}

/// The WHATWG URL API of one parser.
pub(crate) trait UrlApi {
    type Url;

    /// `new URL(input, base)`; validation errors (spec names) on success when known.
    fn parse(&self, input: &str, base: Option<&str>) -> Parsed<Self::Url>;

    /// The URL `new URL(input, base)` gives, `None` when it throws: [`UrlApi::parse`] without
    /// the errors and reasons, for callers that only compare URLs (the in-process agreement
    /// check, [`crate::agreement`]). Same parser, same outcome.
    fn parse_url(&self, input: &str, base: Option<&str>) -> Option<Self::Url>;

    /// The URL API getter of `attribute` on `url`, borrowing from the URL where the parser
    /// allows it. Adapters write it as one `#[inline]` match, so that a caller reading many
    /// getters in a loop (the agreement check) has their calls in one piece of its own code
    /// rather than behind a function pointer each.
    fn get<'u>(&self, url: &'u Self::Url, attribute: Attribute) -> Cow<'u, str>;

    /// The record of `url`: every field from its getter.
    fn record(&self, url: &Self::Url) -> WhatwgRecord {
        WhatwgRecord::from_attributes(|attribute| Some(self.get(url, attribute).into_owned()))
    }

    /// Run the URL API setter of `attribute`.
    fn set(&self, url: &mut Self::Url, attribute: Attribute, value: &str) -> SetterCall;

    /// The name/value pairs of an application/x-www-form-urlencoded string, if supported.
    fn form_urlencoded(&self, input: &str) -> Option<Vec<(String, String)>>;

    /// Whether `input` is a valid URL string against `base` (the URL Standard's writing
    /// grammar), if this API can tell; `Err` when the base does not parse.
    fn valid_url_string(
        &self,
        _input: &str,
        _base: Option<&str>,
    ) -> Option<Result<bool, Rejection>> {
        None
    }
}

/// Answer a batch for the oracle `oracle`, one case at a time, each behind `catch_unwind`.
pub(crate) fn answer_batch<A: UrlApi>(
    oracle: &str,
    api: &A,
    cases: &[Case],
) -> Result<Vec<Answer>, OracleError> {
    Ok(cases.iter().map(|case| answer_one(oracle, api, case)).collect())
}

/// The answer of the oracle `oracle` to one case, behind `catch_unwind`.
pub(crate) fn answer_one<A: UrlApi>(oracle: &str, api: &A, case: &Case) -> Answer {
    guarded(oracle, case, || answer(api, case))
}

/// Run `answer_one` for `case`; a panic in it becomes that case's `Crashed` answer, with the
/// panic's message and location as its cause, and prints nothing (see [`crate::panic_guard`]).
pub fn guarded(oracle: &str, case: &Case, answer_one: impl FnOnce() -> Answer) -> Answer {
    catch_quietly(answer_one)
        .unwrap_or_else(|panic| Answer::Crashed(Crash::new(oracle, case, panic.to_string())))
}

fn answer<A: UrlApi>(api: &A, case: &Case) -> Answer {
    match &case.kind {
        CaseKind::Parse => parse_answer(api, &case.input, case.base.as_deref()),
        CaseKind::Setter { property, value } => setter_answer(api, case, property, value),
        CaseKind::HostToAscii => {
            let parsed = api.parse(&format!("https://{}/x", case.input), None);
            text_answer(api, parsed, |record| record.host.clone().unwrap_or_default())
        }
        CaseKind::PercentEncode => {
            let parsed = api.parse(&format!("https://doesnotmatter.invalid/?{}", case.input), None);
            text_answer(api, parsed, |record| {
                let search = record.search.clone().unwrap_or_default();
                search.strip_prefix('?').unwrap_or(&search).to_owned()
            })
        }
        CaseKind::FormUrlencoded => match api.form_urlencoded(&case.input) {
            Some(pairs) => Answer::Parsed { record: Record::Pairs { pairs }, errors: Vec::new() },
            None => Answer::NoOpinion,
        },
        CaseKind::Validity => validity_answer(api, &case.input, case.base.as_deref()),
        CaseKind::Resolve => Answer::NoOpinion,
    }
}

/// The valid-URL-string verdict as the record, the parse's validation errors (on success or
/// failure alike) as the errors.
fn validity_answer<A: UrlApi>(api: &A, input: &str, base: Option<&str>) -> Answer {
    let valid = match api.valid_url_string(input, base) {
        None => return Answer::NoOpinion,
        Some(Err(rejection)) => {
            return Answer::Failure { reason: rejection.reason, errors: owned(rejection.errors) }
        }
        Some(Ok(valid)) => valid,
    };
    let errors = match api.parse(input, base) {
        Ok((_, errors)) => errors,
        Err(rejection) => rejection.errors,
    };
    let value = if valid { VALID } else { INVALID };
    Answer::Parsed { record: Record::Text { value: value.to_owned() }, errors: owned(errors) }
}

fn parse_answer<A: UrlApi>(api: &A, input: &str, base: Option<&str>) -> Answer {
    match api.parse(input, base) {
        Ok((url, errors)) => {
            Answer::Parsed { record: Record::Whatwg(api.record(&url)), errors: owned(errors) }
        }
        Err(rejection) => {
            Answer::Failure { reason: rejection.reason, errors: owned(rejection.errors) }
        }
    }
}

fn setter_answer<A: UrlApi>(api: &A, case: &Case, property: &str, value: &str) -> Answer {
    let (mut url, _) = match api.parse(&case.input, case.base.as_deref()) {
        Ok(parsed) => parsed,
        Err(rejection) => {
            return Answer::Failure {
                reason: format!("the URL to set does not parse: {}", rejection.reason),
                errors: owned(rejection.errors),
            }
        }
    };
    // A property the URL class does not have: no opinion, as for a setter the API lacks.
    let Ok(attribute) = property.parse::<Attribute>() else { return Answer::NoOpinion };
    match api.set(&mut url, attribute, value) {
        SetterCall::Ran => {
            Answer::Parsed { record: Record::Whatwg(api.record(&url)), errors: Vec::new() }
        }
        SetterCall::Threw(reason) => Answer::Failure { reason, errors: Vec::new() },
        SetterCall::Unsupported => Answer::NoOpinion,
    }
}

fn text_answer<A: UrlApi>(
    api: &A,
    parsed: Parsed<A::Url>,
    pick: impl Fn(&WhatwgRecord) -> String,
) -> Answer {
    match parsed {
        Ok((url, errors)) => {
            let value = pick(&api.record(&url));
            Answer::Parsed { record: Record::Text { value }, errors: owned(errors) }
        }
        Err(rejection) => {
            Answer::Failure { reason: rejection.reason, errors: owned(rejection.errors) }
        }
    }
}

/// The `unicode` of an in-process WHATWG oracle: the newest Unicode version whose probe code
/// point its host parsing accepts (`urldiff_corpus::unicode::PROBES`, through
/// `new URL("http://<probe>/")`), and what its data declares, when known.
pub(crate) fn unicode_of<A: UrlApi>(api: &A, declared: Option<String>) -> Option<String> {
    let accepts = |c: char| api.parse(&format!("http://{c}/"), None).is_ok();
    let probed = catch_quietly(|| urldiff_corpus::unicode::probe(accepts)).ok().flatten();
    match (probed, declared) {
        (Some(probed), Some(declared)) => Some(format!("{probed} (probed); {declared}")),
        (Some(probed), None) => Some(format!("{probed} (probed)")),
        (None, declared) => declared,
    }
}

/// What the ICU4X data behind the `idna` crate (used by the reference and rust-url) declares.
pub(crate) fn icu4x_declared() -> Option<String> {
    let (icu4x, unicode) = urldiff_corpus::unicode::icu4x_data()?;
    Some(format!("ICU4X {icu4x} data: Unicode {unicode}"))
}

/// The field names as owned strings, for `OracleInfo::fields`.
pub(crate) fn whatwg_field_names() -> Vec<String> {
    RecordModel::Whatwg.field_names()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// An API that panics on inputs containing "boom", to check one crash stays one answer.
    struct Fragile;

    impl UrlApi for Fragile {
        type Url = String;

        fn parse(&self, input: &str, _: Option<&str>) -> Parsed<String> {
            assert!(!input.contains("boom"), "fragile parser hit {input}");
            Ok((input.to_owned(), Vec::new()))
        }

        fn parse_url(&self, input: &str, base: Option<&str>) -> Option<String> {
            self.parse(input, base).ok().map(|(url, _)| url)
        }

        fn get<'u>(&self, url: &'u String, attribute: Attribute) -> Cow<'u, str> {
            Cow::Borrowed(if attribute == Attribute::Href { url } else { "" })
        }

        fn set(&self, _: &mut String, _: Attribute, _: &str) -> SetterCall {
            SetterCall::Unsupported
        }

        fn form_urlencoded(&self, _: &str) -> Option<Vec<(String, String)>> {
            None
        }
    }

    #[test]
    fn a_panic_becomes_crashed_for_that_case_only() {
        let cases = [Case::parse("a:", None), Case::parse("boom:", None), Case::parse("c:", None)];
        let answers = answer_batch("fragile", &Fragile, &cases).unwrap();
        assert_eq!(answers.len(), 3);
        assert_eq!(answers[0].outcome(), "parsed");
        match &answers[1] {
            Answer::Crashed(crash) => {
                assert_eq!(crash.oracle, "fragile");
                assert_eq!(crash.case, cases[1]);
                assert!(crash.cause.starts_with("panic at oracles/src/inprocess.rs:"), "{crash}");
                assert!(crash.cause.ends_with(": fragile parser hit boom:"), "{crash}");
                assert_eq!((crash.process, crash.stderr.as_str()), (None, ""));
            }
            other => panic!("expected Crashed, got {other:?}"),
        }
        assert_eq!(answers[2].outcome(), "parsed");
    }

    #[test]
    fn unsupported_kinds_have_no_opinion() {
        let resolve = Case { input: "a".into(), base: Some("b:".into()), kind: CaseKind::Resolve };
        let form = Case { input: "a=b".into(), base: None, kind: CaseKind::FormUrlencoded };
        assert_eq!(
            answer_batch("fragile", &Fragile, &[resolve, form]).unwrap(),
            vec![Answer::NoOpinion; 2]
        );
    }
}
