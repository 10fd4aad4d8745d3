//! The `rust-url` oracle: the `url` crate (Servo's rust-url), in process.
//!
//! Getters and setters go through `url::quirks`, the crate's own URL-API layer (what its WPT
//! tests use). rust-url reports "syntax violations" rather than the spec's validation errors;
//! [`spec_name`] maps each onto the spec name of the validation error it corresponds to, so
//! `errors` speaks the same vocabulary as the reference. The mapping's catch-all is the named
//! adapter rule `rust-url/syntax-violation-names` (`urldiff_compare::rules`).

use crate::inprocess::{self, ErrorNames, Quiet, Rejection, SetterCall, UrlApi};
use crate::model::{Answer, Case, Oracle, OracleError, OracleInfo, OracleKind, RecordModel};
use std::borrow::Cow;
use std::cell::RefCell;
use url::{quirks, ParseError, SyntaxViolation, Url};

/// The `url` crate version linked into this build (from Cargo.lock, see `build.rs`).
pub const VERSION: &str = env!("URLDIFF_URL_VERSION");

#[derive(Debug)]
pub struct RustUrlOracle {
    info: OracleInfo,
}

impl RustUrlOracle {
    pub fn new() -> Self {
        RustUrlOracle {
            info: OracleInfo {
                name: "rust-url".into(),
                kind: OracleKind::InProcess,
                version: format!("url {VERSION}"),
                model: RecordModel::Whatwg,
                fields: inprocess::whatwg_field_names(),
                case_kinds: inprocess::WHATWG_CASE_KINDS.to_vec(),
                unicode: inprocess::unicode_of(&RustUrlApi, inprocess::icu4x_declared()),
            },
        }
    }
}

impl Default for RustUrlOracle {
    fn default() -> Self {
        Self::new()
    }
}

impl Oracle for RustUrlOracle {
    fn info(&self) -> &OracleInfo {
        &self.info
    }

    fn answer_batch(&self, cases: &[Case]) -> Result<Vec<Answer>, OracleError> {
        inprocess::answer_batch(&self.info.name, &RustUrlApi, cases)
    }
}

/// The spec validation-error name closest to a rust-url syntax violation.
pub fn spec_name(violation: SyntaxViolation) -> &'static str {
    match violation {
        SyntaxViolation::Backslash => "invalid-reverse-solidus",
        SyntaxViolation::EmbeddedCredentials | SyntaxViolation::UnencodedAtSign => {
            "invalid-credentials"
        }
        SyntaxViolation::ExpectedDoubleSlash | SyntaxViolation::ExpectedFileDoubleSlash => {
            "special-scheme-missing-following-solidus"
        }
        SyntaxViolation::FileWithHostAndWindowsDrive => "file-invalid-Windows-drive-letter-host",
        // Leading/trailing C0 or space, tab/newline, non-URL code points, NUL in the
        // fragment and bad percent-escapes are all `invalid-URL-unit` in the spec's table.
        _ => "invalid-URL-unit",
    }
}

pub(crate) struct RustUrlApi;

impl UrlApi for RustUrlApi {
    type Url = Url;
    type Errors = ErrorNames;
    /// The base's failure, or the input's with the validation errors met.
    type Failure = (Option<ErrorNames>, ParseError);

    fn parse_quietly(&self, input: &str, base: Option<&str>) -> Quiet<Self> {
        let base = base.map(Url::parse).transpose().map_err(|e| (None, e))?;
        let violations = RefCell::new(Vec::new());
        let record_violation = |v: SyntaxViolation| violations.borrow_mut().push(spec_name(v));
        let result = Url::options()
            .base_url(base.as_ref())
            .syntax_violation_callback(Some(&record_violation))
            .parse(input);
        let errors = violations.into_inner();
        match result {
            Ok(url) => Ok((url, errors)),
            Err(e) => Err((Some(errors), e)),
        }
    }

    fn error_names(&self, errors: ErrorNames) -> ErrorNames {
        errors
    }

    /// Without the violation callback: with one, rust-url checks every code point for it
    /// (measured: a quarter of a microsecond more per parse on fuzz inputs).
    fn parse_url(&self, input: &str, base: Option<&str>) -> Option<Url> {
        let base = base.map(Url::parse).transpose().ok()?;
        Url::options().base_url(base.as_ref()).parse(input).ok()
    }

    fn rejection(&self, failure: Self::Failure, _: &str, _: Option<&str>) -> Rejection {
        match failure {
            (None, e) => {
                Rejection { reason: format!("the base does not parse: {e}"), errors: Vec::new() }
            }
            (Some(errors), e) => Rejection { reason: e.to_string(), errors },
        }
    }

    fn get<'u>(&self, url: &'u Url, field: &str) -> Cow<'u, str> {
        Cow::Borrowed(match field {
            "href" => quirks::href(url),
            "origin" => return Cow::Owned(quirks::origin(url)),
            "protocol" => quirks::protocol(url),
            "username" => quirks::username(url),
            "password" => quirks::password(url),
            "host" => quirks::host(url),
            "hostname" => quirks::hostname(url),
            "port" => quirks::port(url),
            "pathname" => quirks::pathname(url),
            "search" => quirks::search(url),
            "hash" => quirks::hash(url),
            _ => "",
        })
    }

    fn set(&self, url: &mut Url, property: &str, value: &str) -> SetterCall {
        // The quirks setters return Err when they leave the URL unchanged; the URL API
        // reports the (unchanged) URL then, so only `href` turns a rejection into a throw.
        match property {
            "href" => match quirks::set_href(url, value) {
                Ok(()) => return SetterCall::Ran,
                Err(e) => return SetterCall::Threw(e.to_string()),
            },
            "protocol" => {
                let _ = quirks::set_protocol(url, value);
            }
            "username" => {
                let _ = quirks::set_username(url, value);
            }
            "password" => {
                let _ = quirks::set_password(url, value);
            }
            "host" => {
                let _ = quirks::set_host(url, value);
            }
            "hostname" => {
                let _ = quirks::set_hostname(url, value);
            }
            "port" => {
                let _ = quirks::set_port(url, value);
            }
            "pathname" => quirks::set_pathname(url, value),
            "search" => quirks::set_search(url, value),
            "hash" => quirks::set_hash(url, value),
            _ => return SetterCall::Unsupported,
        }
        SetterCall::Ran
    }

    fn form_urlencoded(&self, input: &str) -> Option<Vec<(String, String)>> {
        Some(
            url::form_urlencoded::parse(input.as_bytes())
                .map(|(name, value)| (name.into_owned(), value.into_owned()))
                .collect(),
        )
    }
}
