//! What each standard answers: the reference parser in that standard's mode, as an oracle, so
//! that every implementation can be read against the standard it claims
//! ([`urldiff_oracles::Standard`]).
//!
//! - WHATWG: the `reference` oracle itself (the basic URL parser).
//! - RFC 3986, strict: an input that is not a URI-reference (Appendix A), or a base that is not
//!   a URI (section 5.1 needs an absolute base), is *rejected*; otherwise the Appendix B split,
//!   resolved by section 5.2 when there is a base. (The `reference-rfc3986` oracle splits
//!   every string, as a lenient splitter does; this is the answer a validating one owes.)
//! - RFC 2396, strict: the same split and the same grammar check (RFC 3986's; the two grammars
//!   differ in IPv6 literals and a few characters, which the claims table's reasons name), with
//!   RFC 2396's section 5.2 resolution (`urldiff_parser::rfc2396`), and its section 3.2 reading
//!   of an authority: server-based only when the host is a hostname, an IPv4 address or (RFC
//!   2732) an IPv6 literal; any other authority is registry-based and has no userinfo, host or
//!   port.

use urldiff_oracles::reference::ReferenceOracle;
use urldiff_oracles::{
    Answer, Case, CaseKind, CaseKindTag, Claim, Oracle, OracleError, OracleInfo, OracleKind,
    Record, RecordModel, RfcRecord, Standard,
};
use urldiff_parser::rfc3986::{self, Rule, UriRef};

/// The reference parser answering as one standard says.
#[derive(Debug)]
pub struct StandardReference {
    standard: Standard,
    info: OracleInfo,
    whatwg: Option<ReferenceOracle>,
}

impl StandardReference {
    /// The reference for `standard`; `None` for [`Standard::None`], which answers nothing.
    pub fn new(standard: Standard) -> Option<StandardReference> {
        let version = urldiff_oracles::reference::version();
        let rfc_info = |name: &str| OracleInfo {
            name: name.to_owned(),
            kind: OracleKind::InProcess,
            version: version.clone(),
            model: RecordModel::Rfc,
            fields: urldiff_oracles::RecordModel::Rfc.field_names(),
            case_kinds: vec![CaseKindTag::Parse, CaseKindTag::Resolve],
            unicode: None,
            claim: Claim::strict(standard),
        };
        let (info, whatwg) = match standard {
            Standard::Whatwg => {
                let oracle = ReferenceOracle::new();
                (oracle.info().clone(), Some(oracle))
            }
            Standard::Rfc3986 => (rfc_info("reference-rfc3986-strict"), None),
            Standard::Rfc2396 => (rfc_info("reference-rfc2396"), None),
            Standard::None => return None,
        };
        Some(StandardReference { standard, info, whatwg })
    }

    pub fn standard(&self) -> Standard {
        self.standard
    }
}

impl Oracle for StandardReference {
    fn info(&self) -> &OracleInfo {
        &self.info
    }

    fn answer_batch(&self, cases: &[Case]) -> Result<Vec<Answer>, OracleError> {
        if let Some(whatwg) = &self.whatwg {
            return whatwg.answer_batch(cases);
        }
        Ok(cases.iter().map(|case| rfc_answer(self.standard, case)).collect())
    }
}

/// A strict RFC reading of a parse or resolve case.
fn rfc_answer(standard: Standard, case: &Case) -> Answer {
    if !matches!(case.kind, CaseKind::Parse | CaseKind::Resolve) {
        return Answer::NoOpinion;
    }
    match strict_rfc(standard, &case.input, case.base.as_deref()) {
        Ok(record) => Answer::Parsed { record: Record::Rfc(record), errors: Vec::new() },
        Err(rejection) => Answer::Failure { reason: rejection.to_string(), errors: Vec::new() },
    }
}

/// Why a validating RFC parser rejects a case: which of the two strings breaks which rule.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum StrictRfcRejection {
    #[error("not a URI-reference: {0}")]
    NotAUriReference(rfc3986::Violation),
    #[error("the base is not an absolute URI: {0}")]
    BaseNotAnAbsoluteUri(rfc3986::Violation),
}

/// The record a validating parser of `standard` (RFC 3986 or 2396) gives, or why it rejects.
pub fn strict_rfc(
    standard: Standard,
    input: &str,
    base: Option<&str>,
) -> Result<RfcRecord, StrictRfcRejection> {
    if let Err(violation) = rfc3986::check(input, Rule::UriReference) {
        return Err(StrictRfcRejection::NotAUriReference(violation));
    }
    let reference = rfc3986::split(input);
    let target = match base {
        None => None,
        Some(base) => {
            if let Err(violation) = rfc3986::check(base, Rule::Uri) {
                return Err(StrictRfcRejection::BaseNotAnAbsoluteUri(violation));
            }
            let base = rfc3986::split(base);
            Some(match standard {
                Standard::Rfc2396 => urldiff_parser::rfc2396::resolve(&base, &reference),
                _ => rfc3986::resolve(&base, &reference, true),
            })
        }
    };
    let resolved = target.as_ref().map(UriRef::recompose);
    let mut uri = target.unwrap_or(reference);
    if standard == Standard::Rfc2396 && !uri.host.as_deref().is_some_and(is_rfc2396_server_host) {
        uri.userinfo = None;
        uri.host = None;
        uri.port = None;
    }
    Ok(urldiff_oracles::RfcRecord::of(uri, resolved))
}

/// The references of every standard that `claims` name, once each, in [`Standard::ALL`] order.
pub fn references_for(claims: impl IntoIterator<Item = Standard>) -> Vec<StandardReference> {
    let wanted: std::collections::BTreeSet<Standard> = claims.into_iter().collect();
    Standard::ALL
        .into_iter()
        .filter(|s| wanted.contains(s))
        .filter_map(StandardReference::new)
        .collect()
}

/// RFC 2396 section 3.2.2's `host = hostname | IPv4address`, with RFC 2732's `[IPv6]`:
/// `hostname = *( domainlabel "." ) toplabel [ "." ]`, a label alphanumerics and inner
/// hyphens, the top label starting with a letter.
fn is_rfc2396_server_host(host: &str) -> bool {
    if host.starts_with('[') {
        return host.ends_with(']') && host.len() > 2;
    }
    let name = host.strip_suffix('.').unwrap_or(host);
    let labels: Vec<&str> = name.split('.').collect();
    let label_ok = |l: &str| {
        !l.is_empty()
            && l.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-')
            && !l.starts_with('-')
            && !l.ends_with('-')
    };
    let ipv4 = labels.len() == 4
        && labels.iter().all(|l| !l.is_empty() && l.bytes().all(|b| b.is_ascii_digit()));
    let hostname = labels.iter().all(|l| label_ok(l))
        && labels.last().is_some_and(|l| l.starts_with(|c: char| c.is_ascii_alphabetic()));
    !name.is_empty() && (ipv4 || hostname)
}
