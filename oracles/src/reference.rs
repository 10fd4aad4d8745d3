//! The `reference` oracle: our own parser (`urldiff-parser`), WHATWG mode, in process.
//!
//! Answers carry the spec's validation-error names (`ValidationErrorKind::name`) in `errors`,
//! every occurrence in order, so it declares [`VALIDATION_ERRORS`]; a failure's reason is the
//! `ParseError`'s display. Validity cases add the valid-URL-string verdict of
//! `urldiff_parser::valid`. Setters are the parser's URL API
//! setters; form-urlencoded is its application/x-www-form-urlencoded parser. A panic becomes
//! `Crashed` for that case only.

use crate::inprocess::{self, Parsed, Rejection, SetterCall, UrlApi};
use crate::model::{
    Answer, Case, CaseKindTag, Oracle, OracleError, OracleInfo, OracleKind, RecordModel,
    VALIDATION_ERRORS,
};
use std::borrow::Cow;
use urldiff_parser::{valid, Attribute, SetAttributeError, Url};

/// `urldiff-parser <version>` plus `git describe` of the build, when known.
pub fn version() -> String {
    let describe = env!("URLDIFF_GIT_DESCRIBE");
    let crate_version = env!("CARGO_PKG_VERSION");
    if describe.is_empty() {
        format!("urldiff-parser {crate_version}")
    } else {
        format!("urldiff-parser {crate_version} ({describe})")
    }
}

/// Our parser as an oracle. Every oracle is asked the same way: a batch of cases in, one answer
/// per case out, in order.
///
/// ```
/// use urldiff_oracles::{reference::ReferenceOracle, Answer, Case, Oracle, Record};
///
/// let oracle = ReferenceOracle::new();
/// let cases = [
///     Case::parse("http://evil.example\\@good.example/", None),
///     Case::parse("../x", Some("http://example.com/a/b")),
///     Case::parse("http://[::1", None),
/// ];
/// let answers = oracle.answer_batch(&cases).unwrap();
/// let Answer::Parsed { record: Record::Whatwg(url), errors } = &answers[0] else { panic!() };
/// assert_eq!(url.hostname.as_deref(), Some("evil.example"));
/// assert_eq!(errors, &["invalid-reverse-solidus"]);
/// let Answer::Parsed { record: Record::Whatwg(url), .. } = &answers[1] else { panic!() };
/// assert_eq!(url.href.as_deref(), Some("http://example.com/x"));
/// assert!(matches!(answers[2], Answer::Failure { .. }));
/// ```
#[derive(Debug)]
pub struct ReferenceOracle {
    info: OracleInfo,
}

impl ReferenceOracle {
    pub fn new() -> Self {
        ReferenceOracle {
            info: OracleInfo {
                name: "reference".into(),
                kind: OracleKind::InProcess,
                version: version(),
                model: RecordModel::Whatwg,
                fields: inprocess::whatwg_field_names()
                    .into_iter()
                    .chain([VALIDATION_ERRORS.to_owned()])
                    .collect(),
                case_kinds: inprocess::WHATWG_CASE_KINDS
                    .into_iter()
                    .chain([CaseKindTag::Validity])
                    .collect(),
                unicode: inprocess::unicode_of(&ReferenceApi, inprocess::icu4x_declared()),
                claim: crate::parsers::builtin_claim("reference"),
            },
        }
    }
}

impl Default for ReferenceOracle {
    fn default() -> Self {
        Self::new()
    }
}

impl Oracle for ReferenceOracle {
    fn info(&self) -> &OracleInfo {
        &self.info
    }

    fn answer_batch(&self, cases: &[Case]) -> Result<Vec<Answer>, OracleError> {
        inprocess::answer_batch(&self.info.name, &ReferenceApi, cases)
    }
}

pub(crate) struct ReferenceApi;

impl UrlApi for ReferenceApi {
    type Url = Url;

    fn parse(&self, input: &str, base: Option<&str>) -> Parsed<Url> {
        let base = parse_base(base)?;
        let outcome = Url::parse_with_errors(input, base.as_ref());
        let errors = outcome.errors.iter().map(|e| e.kind.name()).collect();
        match outcome.result {
            Ok(url) => Ok((url, errors)),
            Err(e) => Err(Rejection { reason: e.to_string(), errors }),
        }
    }

    fn parse_url(&self, input: &str, base: Option<&str>) -> Option<Url> {
        let base = parse_base(base).ok()?;
        Url::parse(input, base.as_ref()).ok()
    }

    #[inline]
    fn get<'u>(&self, url: &'u Url, attribute: Attribute) -> Cow<'u, str> {
        url.attribute(attribute)
    }

    fn set(&self, url: &mut Url, attribute: Attribute, value: &str) -> SetterCall {
        // Only `href` can throw.
        match url.set_attribute(attribute, value) {
            Ok(()) => SetterCall::Ran,
            Err(SetAttributeError::HrefDoesNotParse(e)) => SetterCall::Threw(e.to_string()),
            Err(_) => SetterCall::Unsupported,
        }
    }

    fn form_urlencoded(&self, input: &str) -> Option<Vec<(String, String)>> {
        Some(urldiff_parser::form_urlencoded::parse(input.as_bytes()))
    }

    fn valid_url_string(&self, input: &str, base: Option<&str>) -> Option<Result<bool, Rejection>> {
        Some(parse_base(base).map(|base| valid::is_valid_url_string(input, base.as_ref())))
    }
}

/// The base as a URL; one that does not parse rejects the case, as `new URL(input, base)` does.
fn parse_base(base: Option<&str>) -> Result<Option<Url>, Rejection> {
    base.map(|base| {
        Url::parse(base, None).map_err(|e| Rejection {
            reason: format!("the base does not parse: {e}"),
            errors: Vec::new(),
        })
    })
    .transpose()
}
