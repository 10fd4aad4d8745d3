//! The `reference` oracle: our own parser (`urldiff-parser`), WHATWG mode, in process.
//!
//! Answers carry the spec's validation-error names (`ValidationErrorKind::name`) in `errors`,
//! every occurrence in order, so it declares [`VALIDATION_ERRORS`]; a failure's reason is the
//! `ParseError`'s display. Validity cases add the valid-URL-string verdict of
//! `urldiff_parser::valid`. Setters are the parser's URL API
//! setters; form-urlencoded is its application/x-www-form-urlencoded parser. A panic becomes
//! `Crashed` for that case only.

use crate::inprocess::{self, ErrorNames, Quiet, Rejection, SetterCall, UrlApi};
use crate::model::{
    Answer, Case, CaseKindTag, Oracle, OracleError, OracleInfo, OracleKind, RecordModel,
    VALIDATION_ERRORS,
};
use std::borrow::Cow;
use urldiff_parser::{valid, Errors, ParseError, SetAttributeError, Url};

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
    type Errors = Errors;
    /// The base's failure, or the input's with the validation errors met.
    type Failure = (Option<Errors>, ParseError);

    fn parse_quietly(&self, input: &str, base: Option<&str>) -> Quiet<Self> {
        let base = base.map(|base| Url::parse(base, None)).transpose().map_err(|e| (None, e))?;
        match Url::parse_collecting(input, base.as_ref()) {
            (Ok(url), errors) => Ok((url, errors)),
            (Err(e), errors) => Err((Some(errors), e)),
        }
    }

    fn error_names(&self, errors: Errors) -> ErrorNames {
        errors.as_slice().iter().map(|e| e.kind.name()).collect()
    }

    fn rejection(&self, failure: Self::Failure, _: &str, _: Option<&str>) -> Rejection {
        match failure {
            (None, e) => base_rejection(e),
            (Some(errors), e) => {
                Rejection { reason: e.to_string(), errors: self.error_names(errors) }
            }
        }
    }

    fn get<'u>(&self, url: &'u Url, field: &str) -> Cow<'u, str> {
        url.attribute(field).unwrap_or_default()
    }

    fn set(&self, url: &mut Url, property: &str, value: &str) -> SetterCall {
        // The URL API setters by name; only `href` can throw.
        match url.set_attribute(property, value) {
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
    base.map(|base| Url::parse(base, None).map_err(base_rejection)).transpose()
}

fn base_rejection(e: ParseError) -> Rejection {
    Rejection { reason: format!("the base does not parse: {e}"), errors: Vec::new() }
}
