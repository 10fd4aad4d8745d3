//! The `rust-url` oracle: the `url` crate (Servo's rust-url), in process.
//!
//! Getters and setters go through `url::quirks`, the crate's own URL-API layer (what its WPT
//! tests use). rust-url reports "syntax violations" rather than the spec's validation errors;
//! [`spec_name`] maps each onto the spec name of the validation error it corresponds to, so
//! `errors` speaks the same vocabulary as the reference. The mapping's catch-all is the named
//! adapter rule `rust-url/syntax-violation-names` (`urldiff_compare::rules`).

use crate::inprocess::{self, Parsed, Rejection, SetterCall, UrlApi};
use crate::model::{
    Answer, Attribute, Case, Oracle, OracleError, OracleInfo, OracleKind, RecordModel,
};
use std::borrow::Cow;
use std::cell::RefCell;
use url::{quirks, SyntaxViolation, Url};

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
                claim: crate::parsers::builtin_claim("rust-url"),
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

    fn parse(&self, input: &str, base: Option<&str>) -> Parsed<Url> {
        let base = match base {
            Some(base) => Some(Url::parse(base).map_err(|e| Rejection {
                reason: format!("the base does not parse: {e}"),
                errors: Vec::new(),
            })?),
            None => None,
        };
        let violations = RefCell::new(Vec::new());
        let record_violation = |v: SyntaxViolation| violations.borrow_mut().push(v);
        let result = Url::options()
            .base_url(base.as_ref())
            .syntax_violation_callback(Some(&record_violation))
            .parse(input);
        let errors = violations.into_inner().into_iter().map(spec_name).collect();
        match result {
            Ok(url) => Ok((url, errors)),
            Err(e) => Err(Rejection { reason: e.to_string(), errors }),
        }
    }

    fn parse_url(&self, input: &str, base: Option<&str>) -> Option<Url> {
        let base = base.map(Url::parse).transpose().ok()?;
        Url::options().base_url(base.as_ref()).parse(input).ok()
    }

    #[inline]
    fn get<'u>(&self, url: &'u Url, attribute: Attribute) -> Cow<'u, str> {
        match attribute {
            Attribute::Href => Cow::Borrowed(quirks::href(url)),
            Attribute::Origin => Cow::Owned(quirks::origin(url)),
            Attribute::Protocol => Cow::Borrowed(quirks::protocol(url)),
            Attribute::Username => Cow::Borrowed(quirks::username(url)),
            Attribute::Password => Cow::Borrowed(quirks::password(url)),
            Attribute::Host => Cow::Borrowed(quirks::host(url)),
            Attribute::Hostname => Cow::Borrowed(quirks::hostname(url)),
            Attribute::Port => Cow::Borrowed(quirks::port(url)),
            Attribute::Pathname => Cow::Borrowed(quirks::pathname(url)),
            Attribute::Search => Cow::Borrowed(quirks::search(url)),
            Attribute::Hash => Cow::Borrowed(quirks::hash(url)),
        }
    }

    fn set(&self, url: &mut Url, attribute: Attribute, value: &str) -> SetterCall {
        // The quirks setters return Err when they leave the URL unchanged; the URL API
        // reports the (unchanged) URL then, so only `href` turns a rejection into a throw.
        match attribute {
            Attribute::Href => match quirks::set_href(url, value) {
                Ok(()) => return SetterCall::Ran,
                Err(e) => return SetterCall::Threw(e.to_string()),
            },
            Attribute::Origin => return SetterCall::Unsupported,
            Attribute::Protocol => {
                let _ = quirks::set_protocol(url, value);
            }
            Attribute::Username => {
                let _ = quirks::set_username(url, value);
            }
            Attribute::Password => {
                let _ = quirks::set_password(url, value);
            }
            Attribute::Host => {
                let _ = quirks::set_host(url, value);
            }
            Attribute::Hostname => {
                let _ = quirks::set_hostname(url, value);
            }
            Attribute::Port => {
                let _ = quirks::set_port(url, value);
            }
            Attribute::Pathname => quirks::set_pathname(url, value),
            Attribute::Search => quirks::set_search(url, value),
            Attribute::Hash => quirks::set_hash(url, value),
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
