//! The `curl` oracle: libcurl's URL API (`curl_url`, `curl_url_set`, `curl_url_get`), in
//! process, built from the curl source the `curl-sys` crate vendors (its `static-curl`
//! feature; no TLS, no IDN library).
//!
//! The flags are those libcurl itself uses on the URLs it fetches:
//! - parse: `curl_url_set(CURLUPART_URL, input, CURLU_GUESS_SCHEME | CURLU_NON_SUPPORT_SCHEME)`,
//!   as `lib/url.c` parses `CURLOPT_URL` (so `example.com/x` guesses `http`, and a scheme this
//!   build does not support is still split);
//! - resolve: the base set as above, then the input set on the same handle with
//!   `CURLU_URLENCODE | CURLU_ALLOW_SPACE` (the flags of a followed redirect, `lib/http.c`) plus
//!   `CURLU_NON_SUPPORT_SCHEME`, so that the answer does not depend on which protocols this
//!   build compiled in;
//! - every part is read raw with `CURLU_GET_EMPTY` (an empty query or fragment is defined).
//!
//! The record: `scheme`; `userinfo` = user [":" password] [";" options]; `host` (an IPv6
//! literal in brackets, with `%25` and its zone id when it has one); `port` (as given, not the
//! default); `authority` composed from those (for `file:` URLs, whose host curl does not keep,
//! `""`); `path`; `query`; `fragment`; `resolved` = the URL when there is a base. A rejected
//! URL is a failure named by its `CURLUcode` and `curl_url_strerror`. An input holding U+0000
//! cannot be passed as a C string: no opinion.
//!
//! This is the one module of urldiff with `unsafe` code: the FFI calls. Each handle is owned by
//! [`Handle`] (freed on drop) and each string curl returns is copied and `curl_free`d at once.
#![allow(unsafe_code)] // FFI to libcurl's C URL API; nothing else here is unsafe.

use std::ffi::{c_char, c_int, c_uint, CStr, CString};

use crate::inprocess::guarded;
use crate::model::{
    Answer, Case, CaseKind, CaseKindTag, Oracle, OracleError, OracleInfo, OracleKind, Record,
    RecordModel, RfcRecord,
};

/// The URL API declarations `curl-sys` does not bind (`include/curl/urlapi.h`).
mod ffi {
    use std::ffi::{c_char, c_int, c_uint};

    /// `CURLU`, opaque.
    #[repr(C)]
    pub struct Curlu {
        _private: [u8; 0],
    }

    extern "C" {
        pub fn curl_url() -> *mut Curlu;
        pub fn curl_url_cleanup(handle: *mut Curlu);
        pub fn curl_url_set(
            handle: *mut Curlu,
            what: c_int,
            part: *const c_char,
            flags: c_uint,
        ) -> c_int;
        pub fn curl_url_get(
            handle: *const Curlu,
            what: c_int,
            part: *mut *mut c_char,
            flags: c_uint,
        ) -> c_int;
        pub fn curl_url_strerror(code: c_int) -> *const c_char;
    }
}

// `CURLUPart` values.
const PART_URL: c_int = 0;
const PART_SCHEME: c_int = 1;
const PART_USER: c_int = 2;
const PART_PASSWORD: c_int = 3;
const PART_OPTIONS: c_int = 4;
const PART_HOST: c_int = 5;
const PART_PORT: c_int = 6;
const PART_PATH: c_int = 7;
const PART_QUERY: c_int = 8;
const PART_FRAGMENT: c_int = 9;
const PART_ZONEID: c_int = 10;

// `CURLU_*` flags.
const NON_SUPPORT_SCHEME: c_uint = 1 << 3;
const URLENCODE: c_uint = 1 << 7;
const GUESS_SCHEME: c_uint = 1 << 9;
const ALLOW_SPACE: c_uint = 1 << 11;
const GET_EMPTY: c_uint = 1 << 14;

/// The flags libcurl parses a transfer's URL with (`lib/url.c`).
pub const PARSE_FLAGS: c_uint = GUESS_SCHEME | NON_SUPPORT_SCHEME;
/// The flags of a followed redirect (`lib/http.c`), plus `CURLU_NON_SUPPORT_SCHEME`.
pub const RESOLVE_FLAGS: c_uint = URLENCODE | ALLOW_SPACE | NON_SUPPORT_SCHEME;

/// `CURLUcode` names, by value (`CURLUE_OK` = 0 … `CURLUE_BACKSLASH` = 32).
const CODE_NAMES: [&str; 33] = [
    "CURLUE_OK",
    "CURLUE_BAD_HANDLE",
    "CURLUE_BAD_PARTPOINTER",
    "CURLUE_MALFORMED_INPUT",
    "CURLUE_BAD_PORT_NUMBER",
    "CURLUE_UNSUPPORTED_SCHEME",
    "CURLUE_URLDECODE",
    "CURLUE_OUT_OF_MEMORY",
    "CURLUE_USER_NOT_ALLOWED",
    "CURLUE_UNKNOWN_PART",
    "CURLUE_NO_SCHEME",
    "CURLUE_NO_USER",
    "CURLUE_NO_PASSWORD",
    "CURLUE_NO_OPTIONS",
    "CURLUE_NO_HOST",
    "CURLUE_NO_PORT",
    "CURLUE_NO_QUERY",
    "CURLUE_NO_FRAGMENT",
    "CURLUE_NO_ZONEID",
    "CURLUE_BAD_FILE_URL",
    "CURLUE_BAD_FRAGMENT",
    "CURLUE_BAD_HOSTNAME",
    "CURLUE_BAD_IPV6",
    "CURLUE_BAD_LOGIN",
    "CURLUE_BAD_PASSWORD",
    "CURLUE_BAD_PATH",
    "CURLUE_BAD_QUERY",
    "CURLUE_BAD_SCHEME",
    "CURLUE_BAD_SLASHES",
    "CURLUE_BAD_USER",
    "CURLUE_LACKS_IDN",
    "CURLUE_TOO_LARGE",
    "CURLUE_BACKSLASH",
];

/// `CURLUE_NO_SCHEME` … `CURLUE_NO_ZONEID`: the part is absent (undefined), not an error.
const ABSENT: std::ops::RangeInclusive<c_int> = 10..=18;

/// A rejected call: its `CURLUcode`, as `"CURLUE_BAD_PORT_NUMBER (4): Port number was not a
/// decimal number between 0 and 65535"`.
fn reason(code: c_int) -> String {
    let name = usize::try_from(code).ok().and_then(|i| CODE_NAMES.get(i)).unwrap_or(&"CURLUE_?");
    // SAFETY: curl_url_strerror returns a static NUL-terminated string for any code.
    let text = unsafe { CStr::from_ptr(ffi::curl_url_strerror(code)) };
    format!("{name} ({code}): {}", text.to_string_lossy())
}

/// One `CURLU` handle, freed on drop.
struct Handle(*mut ffi::Curlu);

impl Handle {
    fn new() -> Handle {
        // SAFETY: curl_url takes no argument; a null result (out of memory) is checked.
        let raw = unsafe { ffi::curl_url() };
        assert!(!raw.is_null(), "curl_url() returned NULL (out of memory)");
        Handle(raw)
    }

    /// `curl_url_set(CURLUPART_URL, url, flags)`.
    fn set_url(&mut self, url: &CStr, flags: c_uint) -> Result<(), String> {
        // SAFETY: the handle is live (owned by self) and `url` is NUL-terminated; curl copies it.
        let code = unsafe { ffi::curl_url_set(self.0, PART_URL, url.as_ptr(), flags) };
        if code == 0 {
            Ok(())
        } else {
            Err(reason(code))
        }
    }

    /// `curl_url_get(what, GET_EMPTY)`: the part, `None` when absent.
    fn get(&self, what: c_int) -> Result<Option<String>, String> {
        let mut part: *mut c_char = std::ptr::null_mut();
        // SAFETY: the handle is live and `part` is a valid out-pointer.
        let code = unsafe { ffi::curl_url_get(self.0, what, &mut part, GET_EMPTY) };
        if ABSENT.contains(&code) {
            return Ok(None);
        }
        if code != 0 {
            return Err(reason(code));
        }
        if part.is_null() {
            return Ok(None);
        }
        // SAFETY: on success `part` is a NUL-terminated string curl allocated; it is copied,
        // then freed with curl_free exactly once.
        let text = unsafe {
            let text = CStr::from_ptr(part).to_string_lossy().into_owned();
            curl_sys::curl_free(part.cast());
            text
        };
        Ok(Some(text))
    }
}

impl Drop for Handle {
    fn drop(&mut self) {
        // SAFETY: the handle came from curl_url and is cleaned up once, here.
        unsafe { ffi::curl_url_cleanup(self.0) }
    }
}

/// libcurl's version string (`libcurl/8.22.0 zlib/1.3.1`).
pub fn version() -> String {
    // SAFETY: curl_version returns a pointer to a static NUL-terminated buffer.
    let text = unsafe { CStr::from_ptr(curl_sys::curl_version()) };
    text.to_string_lossy().into_owned()
}

/// What libcurl makes of `input` (against `base`): the record, or why it was rejected.
pub fn parse(input: &str, base: Option<&str>) -> Option<Result<RfcRecord, String>> {
    let input = CString::new(input).ok()?;
    let base = match base.map(CString::new) {
        Some(Ok(base)) => Some(base),
        Some(Err(_)) => return None,
        None => None,
    };
    let mut handle = Handle::new();
    let set = match &base {
        None => handle.set_url(&input, PARSE_FLAGS),
        Some(base) => {
            handle.set_url(base, PARSE_FLAGS).and_then(|()| handle.set_url(&input, RESOLVE_FLAGS))
        }
    };
    Some(set.and_then(|()| record(&handle, base.is_some())))
}

/// The record of a parsed handle.
fn record(handle: &Handle, resolved: bool) -> Result<RfcRecord, String> {
    let scheme = handle.get(PART_SCHEME)?;
    let user = handle.get(PART_USER)?;
    let password = handle.get(PART_PASSWORD)?;
    let options = handle.get(PART_OPTIONS)?;
    let userinfo = match (&user, &password, &options) {
        (None, None, None) => None,
        _ => Some(format!(
            "{}{}{}",
            user.as_deref().unwrap_or(""),
            password.as_deref().map(|p| format!(":{p}")).unwrap_or_default(),
            options.as_deref().map(|o| format!(";{o}")).unwrap_or_default(),
        )),
    };
    let host = match (handle.get(PART_HOST)?, handle.get(PART_ZONEID)?) {
        (Some(host), Some(zone)) if host.ends_with(']') => {
            Some(format!("{}%25{zone}]", &host[..host.len() - 1]))
        }
        (Some(host), _) => Some(host),
        (None, _) if scheme.as_deref() == Some("file") => Some(String::new()),
        (None, _) => None,
    };
    let port = handle.get(PART_PORT)?;
    let authority = host.as_ref().map(|host| {
        let userinfo = userinfo.as_deref().map(|u| format!("{u}@")).unwrap_or_default();
        let port = port.as_deref().map(|p| format!(":{p}")).unwrap_or_default();
        format!("{userinfo}{host}{port}")
    });
    Ok(RfcRecord {
        scheme,
        authority,
        userinfo,
        host,
        port,
        path: handle.get(PART_PATH)?.unwrap_or_default(),
        query: handle.get(PART_QUERY)?,
        fragment: handle.get(PART_FRAGMENT)?,
        resolved: if resolved { handle.get(PART_URL)? } else { None },
    })
}

#[derive(Debug)]
pub struct CurlOracle {
    info: OracleInfo,
}

impl CurlOracle {
    pub fn new() -> Self {
        CurlOracle {
            info: OracleInfo {
                name: "curl".into(),
                kind: OracleKind::InProcess,
                version: version(),
                model: RecordModel::Rfc,
                fields: RecordModel::Rfc.field_names(),
                case_kinds: vec![CaseKindTag::Parse, CaseKindTag::Resolve],
                // Built without an IDN library: non-ASCII hosts are not converted.
                unicode: None,
                claim: crate::parsers::profile_of("curl").map(|p| p.claim()).unwrap_or_default(),
            },
        }
    }
}

impl Default for CurlOracle {
    fn default() -> Self {
        Self::new()
    }
}

impl Oracle for CurlOracle {
    fn info(&self) -> &OracleInfo {
        &self.info
    }

    fn answer_batch(&self, cases: &[Case]) -> Result<Vec<Answer>, OracleError> {
        let answer = |case: &Case| match case.kind {
            CaseKind::Parse | CaseKind::Resolve => match parse(&case.input, case.base.as_deref()) {
                None => Answer::NoOpinion,
                Some(Ok(record)) => {
                    Answer::Parsed { record: Record::Rfc(record), errors: Vec::new() }
                }
                Some(Err(reason)) => Answer::Failure { reason, errors: Vec::new() },
            },
            _ => Answer::NoOpinion,
        };
        Ok(cases.iter().map(|case| guarded(&self.info.name, case, || answer(case))).collect())
    }
}
