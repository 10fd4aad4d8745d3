//! The `ada` oracle: the `ada-url` crate (bindings to the C++ ada parser), in process.
//!
//! ada reports no validation errors, so `errors` is always empty; its failures carry no
//! reason beyond "the input is not a valid URL". Setters are ada's own `set_*`, which follow
//! the URL API (a rejected value leaves the URL unchanged).

use crate::inprocess::{self, Rejection, SetterCall, UrlApi};
use crate::model::{
    Answer, Case, Oracle, OracleError, OracleInfo, OracleKind, RecordModel, WhatwgRecord,
};
use ada_url::{Url, UrlSearchParams};

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

struct AdaApi;

impl UrlApi for AdaApi {
    type Url = Url;

    fn parse(&self, input: &str, base: Option<&str>) -> Result<(Url, Vec<String>), Rejection> {
        if let Some(base) = base {
            if !Url::can_parse(base, None) {
                return Err(Rejection {
                    reason: format!("the base does not parse: invalid url {base:?}"),
                    errors: Vec::new(),
                });
            }
        }
        match Url::parse(input, base) {
            Ok(url) => Ok((url, Vec::new())),
            Err(e) => Err(Rejection { reason: e.to_string(), errors: Vec::new() }),
        }
    }

    fn record(&self, url: &Url) -> WhatwgRecord {
        inprocess::full_record(|field| getter(url, field))
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
pub fn getter(url: &Url, name: &str) -> String {
    match name {
        "href" => url.href().to_owned(),
        "origin" => url.origin(),
        "protocol" => url.protocol().to_owned(),
        "username" => url.username().to_owned(),
        "password" => url.password().to_owned(),
        "host" => url.host().to_owned(),
        "hostname" => url.hostname().to_owned(),
        "port" => url.port().to_owned(),
        "pathname" => url.pathname().to_owned(),
        "search" => url.search().to_owned(),
        "hash" => url.hash().to_owned(),
        _ => String::new(),
    }
}
