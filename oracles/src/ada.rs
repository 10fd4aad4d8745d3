//! The `ada` oracle: the `ada-url` crate (bindings to the C++ ada parser), in process.
//!
//! ada reports no validation errors, so `errors` is always empty; its failures carry no
//! reason beyond "the input is not a valid URL". Setters are ada's own `set_*`, which follow
//! the URL API (a rejected value leaves the URL unchanged).

use crate::inprocess::{self, Parsed, Rejection, SetterCall, UrlApi};
use crate::model::{
    Answer, Attribute, Case, Oracle, OracleError, OracleInfo, OracleKind, RecordModel,
};
use ada_url::{Url, UrlSearchParams};
use std::borrow::Cow;

/// The `ada-url` crate version linked into this build (from Cargo.lock, see `build.rs`).
pub const VERSION: &str = env!("URLDIFF_ADA_VERSION");

#[derive(Debug)]
pub struct AdaOracle {
    info: OracleInfo,
}

impl AdaOracle {
    pub fn new() -> Self {
        AdaOracle {
            info: OracleInfo {
                name: "ada".into(),
                kind: OracleKind::InProcess,
                version: format!("ada-url {VERSION}"),
                model: RecordModel::Whatwg,
                fields: inprocess::whatwg_field_names(),
                case_kinds: inprocess::WHATWG_CASE_KINDS.to_vec(),
                unicode: inprocess::unicode_of(&AdaApi, None),
                claim: crate::parsers::builtin_claim("ada"),
            },
        }
    }
}

impl Default for AdaOracle {
    fn default() -> Self {
        Self::new()
    }
}

impl Oracle for AdaOracle {
    fn info(&self) -> &OracleInfo {
        &self.info
    }

    fn answer_batch(&self, cases: &[Case]) -> Result<Vec<Answer>, OracleError> {
        inprocess::answer_batch(&self.info.name, &AdaApi, cases)
    }
}

pub(crate) struct AdaApi;

impl UrlApi for AdaApi {
    type Url = Url;

    fn parse(&self, input: &str, base: Option<&str>) -> Parsed<Url> {
        let error = match Url::parse(input, base) {
            Ok(url) => return Ok((url, Vec::new())),
            Err(e) => e,
        };
        // Only a failure asks why: the base's own failure is named as such, as `new URL` does.
        let reason = match base {
            Some(base) if !Url::can_parse(base, None) => {
                format!("the base does not parse: invalid url {base:?}")
            }
            _ => error.to_string(),
        };
        Err(Rejection { reason, errors: Vec::new() })
    }

    fn parse_url(&self, input: &str, base: Option<&str>) -> Option<Url> {
        // A base that does not parse fails the parse here too: no `can_parse` needed.
        Url::parse(input, base).ok()
    }

    #[inline]
    fn get<'u>(&self, url: &'u Url, attribute: Attribute) -> Cow<'u, str> {
        getter(url, attribute)
    }

    fn set(&self, url: &mut Url, attribute: Attribute, value: &str) -> SetterCall {
        if !attribute.is_settable() {
            return SetterCall::Unsupported;
        }
        match set(url, attribute, value) {
            false => SetterCall::Ran,
            true => SetterCall::Threw("ada rejected the new href".into()),
        }
    }

    fn form_urlencoded(&self, input: &str) -> Option<Vec<(String, String)>> {
        let params = UrlSearchParams::parse(input).ok()?;
        let pairs =
            params.entries().map(|(name, value)| (name.to_owned(), value.to_owned())).collect();
        Some(pairs)
    }
}

/// Run ada's setter of `attribute` (none for `origin`); whether it threw. Each `set_*`
/// returns Err when it leaves the URL unchanged; the URL API then simply reports the unchanged
/// URL, so only the href setter throws. The one mapping the adapter and the fuzz targets use.
pub fn set(url: &mut Url, attribute: Attribute, value: &str) -> bool {
    match attribute {
        Attribute::Href => return url.set_href(value).is_err(),
        Attribute::Origin => {}
        Attribute::Protocol => {
            let _ = url.set_protocol(value);
        }
        Attribute::Username => {
            let _ = url.set_username(Some(value));
        }
        Attribute::Password => {
            let _ = url.set_password(Some(value));
        }
        Attribute::Host => {
            let _ = url.set_host(Some(value));
        }
        Attribute::Hostname => {
            let _ = url.set_hostname(Some(value));
        }
        Attribute::Port => {
            let _ = url.set_port(Some(value));
        }
        Attribute::Pathname => {
            let _ = url.set_pathname(Some(value));
        }
        Attribute::Search => url.set_search(Some(value)),
        Attribute::Hash => url.set_hash(Some(value)),
    }
    false
}

/// ada's getter of `attribute`: the one mapping the adapter's records and the fuzz targets'
/// getter comparisons both use.
#[inline]
pub fn getter<'u>(url: &'u Url, attribute: Attribute) -> Cow<'u, str> {
    match attribute {
        Attribute::Href => Cow::Borrowed(url.href()),
        Attribute::Origin => Cow::Owned(url.origin()),
        Attribute::Protocol => Cow::Borrowed(url.protocol()),
        Attribute::Username => Cow::Borrowed(url.username()),
        Attribute::Password => Cow::Borrowed(url.password()),
        Attribute::Host => Cow::Borrowed(url.host()),
        Attribute::Hostname => Cow::Borrowed(url.hostname()),
        Attribute::Port => Cow::Borrowed(url.port()),
        Attribute::Pathname => Cow::Borrowed(url.pathname()),
        Attribute::Search => Cow::Borrowed(url.search()),
        Attribute::Hash => Cow::Borrowed(url.hash()),
    }
}
