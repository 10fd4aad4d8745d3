//! What each standard answers: the reference parser in that standard's mode, as an oracle, so
//! that every implementation can be read against the standard it claims
//! ([`urldiff_oracles::Standard`]).
//!
//! - WHATWG: the `reference` oracle itself (the basic URL parser).
//! - RFC 3986, strict: an input that is not a URI-reference (Appendix A), or a base that is not
//!   a URI (section 5.1 needs an absolute base), is *rejected*; otherwise the Appendix B split,
//!   resolved by section 5.2 when there is a base. (The `reference-rfc3986` oracle splits
//!   every string, as a lenient splitter does; this is the answer a validating one owes.)
//! - RFC 2396, strict: RFC 2396's own grammar (Appendix A, as amended by RFC 2732:
//!   `urldiff_parser::rfc2396::check_uri_reference`; not RFC 3986's), the same Appendix B
//!   split, RFC 2396's section 5.2 resolution (`urldiff_parser::rfc2396`), and its section 3.2
//!   reading of an authority: server-based only when it is `[ userinfo "@" ] hostport` with a
//!   hostname, an IPv4 address or (RFC 2732) an IPv6 reference; any other authority is
//!   registry-based and has no userinfo, host or port.

use urldiff_oracles::reference::ReferenceOracle;
use urldiff_oracles::{
    Answer, Case, CaseKind, CaseKindTag, Claim, Oracle, OracleError, OracleInfo, OracleKind,
    Record, RecordModel, RfcRecord, Standard,
};
use urldiff_parser::rfc3986::{self, Rule, UriRef};

/// The oracle that splits each standard's inputs without validating them, as a lenient library
/// of that standard does: where the standard rejects an input, this is the standard's reading
/// of it that a library accepting it anyway is held to (`rootcause::parts`' confusions).
pub const LENIENT_SPLITS: &[(Standard, &str)] = &[(Standard::Rfc3986, "reference-rfc3986")];

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
    let (check_reference, check_base) = grammar(standard);
    if let Err(violation) = check_reference(input) {
        return Err(StrictRfcRejection::NotAUriReference(violation));
    }
    let reference = rfc3986::split(input);
    let target = match base {
        None => None,
        Some(base) => {
            if let Err(violation) = check_base(base) {
                return Err(StrictRfcRejection::BaseNotAnAbsoluteUri(violation));
            }
            let base = rfc3986::split(base);
            Some(match standard {
                Standard::Rfc2396 => urldiff_parser::rfc2396::resolve(&base, &reference),
                _ => rfc3986::resolve(&base, &reference, true),
            })
        }
    };
    // RFC 2396's `absoluteURI = scheme ":" ( hier_part | opaque_part )`: only a `hier_part`
    // has a query; an opaque part (not starting with "/") is everything up to the fragment.
    let opaque = standard == Standard::Rfc2396
        && reference.scheme.is_some()
        && reference.authority.is_none()
        && !reference.path.starts_with('/');
    let resolved = target.as_ref().map(UriRef::recompose);
    let mut uri = target.unwrap_or(reference);
    if opaque && uri.authority.is_none() && !uri.path.starts_with('/') {
        if let Some(query) = uri.query.take() {
            uri.path = format!("{}?{query}", uri.path);
        }
    }
    let registry = uri.authority.as_deref().is_some_and(|a| !urldiff_parser::rfc2396::is_server(a));
    if standard == Standard::Rfc2396 && registry {
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

/// The grammar checks of `standard`: a URI reference, and a base (an absolute URI).
type GrammarCheck = fn(&str) -> Result<(), rfc3986::Violation>;

fn grammar(standard: Standard) -> (GrammarCheck, GrammarCheck) {
    match standard {
        Standard::Rfc2396 => (
            urldiff_parser::rfc2396::check_uri_reference,
            urldiff_parser::rfc2396::check_absolute_uri,
        ),
        _ => (|s| rfc3986::check(s, Rule::UriReference), |s| rfc3986::check(s, Rule::Uri)),
    }
}

#[cfg(test)]
mod tests {
    use super::strict_rfc;
    use urldiff_oracles::Standard;

    /// RFC 2396 section 3: `absoluteURI = scheme ":" ( hier_part | opaque_part )` and only
    /// `hier_part = ( net_path | abs_path ) [ "?" query ]` has a query, so the `?` of an opaque
    /// part is data (`opaque_part = uric_no_slash *uric`, and `uric_no_slash` holds `?`); RFC
    /// 3986's `hier-part` has none of this and its query follows any path (section 3.4).
    #[test]
    fn an_rfc_2396_opaque_part_has_no_query() {
        let rfc2396 = strict_rfc(Standard::Rfc2396, "mailto:a@example.org?subject=x", None);
        let rfc2396 = rfc2396.expect("an RFC 2396 URI");
        assert_eq!((rfc2396.path.as_str(), rfc2396.query), ("a@example.org?subject=x", None));
        let rfc3986 = strict_rfc(Standard::Rfc3986, "mailto:a@example.org?subject=x", None);
        assert_eq!(rfc3986.expect("an RFC 3986 URI").query.as_deref(), Some("subject=x"));
        let hierarchical = strict_rfc(Standard::Rfc2396, "http://h/p?q", None).expect("a URI");
        assert_eq!(hierarchical.query.as_deref(), Some("q"));
        let absolute_path = strict_rfc(Standard::Rfc2396, "s:/p?q", None).expect("a URI");
        assert_eq!(absolute_path.query.as_deref(), Some("q"));
    }
}
