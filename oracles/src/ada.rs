//! The `ada` oracle: the `ada-url` crate (bindings to the C++ ada parser), in process.
//!
//! ada reports no validation errors, so `errors` is always empty; its failures carry no
//! reason beyond "the input is not a valid URL". Setters are ada's own `set_*`, which follow
//! the URL API (a rejected value leaves the URL unchanged).

use crate::inprocess::{self, Getter, Parsed, Rejection, SetterCall, UrlApi};
use crate::model::{Answer, Case, Oracle, OracleError, OracleInfo, OracleKind, RecordModel};
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
                claim: crate::standard::builtin_claim("ada"),
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

    fn getter(&self, field: &str) -> Getter<Url> {
        getter_named(field)
    }

    fn set(&self, url: &mut Url, property: &str, value: &str) -> SetterCall {
        // Each `set_*` returns Err when it leaves the URL unchanged; the URL API then simply
        // reports the unchanged URL. Only the href setter throws.
        match property {
            "href" => {
                return match url.set_href(value) {
                    Ok(()) => SetterCall::Ran,
                    Err(()) => SetterCall::Threw("ada rejected the new href".into()),
                }
            }
            "protocol" => {
                let _ = url.set_protocol(value);
            }
            "username" => {
                let _ = url.set_username(Some(value));
            }
            "password" => {
                let _ = url.set_password(Some(value));
            }
            "host" => {
                let _ = url.set_host(Some(value));
            }
            "hostname" => {
                let _ = url.set_hostname(Some(value));
            }
            "port" => {
                let _ = url.set_port(Some(value));
            }
            "pathname" => {
                let _ = url.set_pathname(Some(value));
            }
            "search" => url.set_search(Some(value)),
            "hash" => url.set_hash(Some(value)),
            _ => return SetterCall::Unsupported,
        }
        SetterCall::Ran
    }

    fn form_urlencoded(&self, input: &str) -> Option<Vec<(String, String)>> {
        let params = UrlSearchParams::parse(input).ok()?;
        let pairs =
            params.entries().map(|(name, value)| (name.to_owned(), value.to_owned())).collect();
        Some(pairs)
    }
}

/// ada's getter for a URL API attribute name (the empty string for any other name): the one
/// mapping the adapter's records and the fuzz targets' getter comparisons both use.
pub fn getter<'u>(url: &'u Url, name: &str) -> Cow<'u, str> {
    getter_named(name)(url)
}

/// ada's getter named `name`, chosen once (see [`getter`]).
pub(crate) fn getter_named(name: &str) -> Getter<Url> {
    match name {
        "href" => |url| Cow::Borrowed(url.href()),
        "origin" => |url| Cow::Owned(url.origin()),
        "protocol" => |url| Cow::Borrowed(url.protocol()),
        "username" => |url| Cow::Borrowed(url.username()),
        "password" => |url| Cow::Borrowed(url.password()),
        "host" => |url| Cow::Borrowed(url.host()),
        "hostname" => |url| Cow::Borrowed(url.hostname()),
        "port" => |url| Cow::Borrowed(url.port()),
        "pathname" => |url| Cow::Borrowed(url.pathname()),
        "search" => |url| Cow::Borrowed(url.search()),
        "hash" => |url| Cow::Borrowed(url.hash()),
        _ => |_| Cow::Borrowed(""),
    }
}
