//! The `reference-rfc3986` oracle: our parser's RFC 3986 mode (`urldiff_parser::rfc3986`).
//!
//! A parse case is the Appendix B split of the input with its authority cut into userinfo,
//! host and port (section 3.2). When the case has a base, the record describes the *target*:
//! the input resolved against the base by section 5.2's strict transform (the base split the
//! same way and used as given), with `resolved` its section 5.3 recomposition — the same
//! convention as every RFC-model oracle (see docs/oracle-protocol.md), so that the harness
//! compares targets with targets. A resolve case is answered the same way and needs a base. The split never fails, so neither does this oracle: an input that is not a
//! URI-reference (Appendix A) is still parsed, with the first ABNF violation ("<rule> at
//! <byte>") as its one entry in `errors`.

use crate::inprocess::guarded;
use crate::model::{
    Answer, Case, CaseKind, CaseKindTag, Oracle, OracleError, OracleInfo, OracleKind, Record,
    RecordModel, RfcRecord,
};
use urldiff_parser::rfc3986;

#[derive(Debug)]
pub struct ReferenceRfc3986Oracle {
    info: OracleInfo,
}

impl ReferenceRfc3986Oracle {
    pub fn new() -> Self {
        ReferenceRfc3986Oracle {
            info: OracleInfo {
                name: "reference-rfc3986".into(),
                kind: OracleKind::InProcess,
                version: crate::reference::version(),
                model: RecordModel::Rfc,
                fields: RecordModel::Rfc.field_names(),
                case_kinds: vec![CaseKindTag::Parse, CaseKindTag::Resolve],
                unicode: None,
                claim: crate::parsers::builtin_claim("reference-rfc3986"),
            },
        }
    }
}

impl Default for ReferenceRfc3986Oracle {
    fn default() -> Self {
        Self::new()
    }
}

impl Oracle for ReferenceRfc3986Oracle {
    fn info(&self) -> &OracleInfo {
        &self.info
    }

    fn answer_batch(&self, cases: &[Case]) -> Result<Vec<Answer>, OracleError> {
        Ok(cases.iter().map(|case| guarded(&self.info.name, case, || answer(case))).collect())
    }
}

fn answer(case: &Case) -> Answer {
    match (&case.kind, case.base.as_deref()) {
        (CaseKind::Parse, base) | (CaseKind::Resolve, base @ Some(_)) => {
            let (record, errors) = describe(&case.input, base);
            Answer::Parsed { record: Record::Rfc(record), errors }
        }
        _ => Answer::NoOpinion,
    }
}

/// The RFC record of `input`, resolved against `base` when given, and its ABNF violation.
pub fn describe(input: &str, base: Option<&str>) -> (RfcRecord, Vec<String>) {
    let reference = rfc3986::split(input);
    let target = base.map(|base| rfc3986::resolve(&rfc3986::split(base), &reference, true));
    let resolved = target.as_ref().map(rfc3986::UriRef::recompose);
    let uri = target.unwrap_or(reference);
    let errors = match rfc3986::check(input, rfc3986::Rule::UriReference) {
        Ok(()) => Vec::new(),
        Err(violation) => vec![violation.to_string()],
    };
    (RfcRecord::of(uri, resolved), errors)
}
