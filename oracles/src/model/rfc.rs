//! The RFC record: RFC 3986's view of a URI reference, its components each defined or
//! undefined, plus the resolved reference. [`RfcField`] is urldiff's one list of its fields
//! (as [`urldiff_parser::Attribute`] is of the WHATWG record's): the declared field names, the
//! getter, the projection's and the adapter rules' references derive from it.

use serde::{Deserialize, Serialize};
use urldiff_parser::rfc3986::UriRef;

/// A field of the RFC record, in record order: the components of RFC 3986 section 3 (with the
/// parts of the authority, section 3.2) and the resolved reference. The name of each is its
/// record field's (`RfcField::Userinfo` is `"userinfo"`), as its `Display`, `FromStr` and
/// [`RfcField::name`] give it.
#[derive(
    Clone,
    Copy,
    Debug,
    PartialEq,
    Eq,
    Hash,
    PartialOrd,
    Ord,
    strum::Display,
    strum::EnumString,
    strum::IntoStaticStr,
    strum::VariantArray,
    strum::VariantNames,
)]
#[strum(serialize_all = "lowercase")]
pub enum RfcField {
    Scheme,
    Authority,
    Userinfo,
    Host,
    Port,
    Path,
    Query,
    Fragment,
    /// The reference resolved against the case's base (RFC 3986 section 5.2).
    Resolved,
}

impl RfcField {
    /// Every field, in record order.
    pub const ALL: &'static [RfcField] = <RfcField as strum::VariantArray>::VARIANTS;

    /// The record field's name (`"userinfo"`).
    pub fn name(self) -> &'static str {
        self.into()
    }
}

/// Every field of the RFC model, as oracles declare them in `OracleInfo::fields`: the names
/// of [`RfcField`], in its order.
pub const RFC_FIELDS: &[&str] = <RfcField as strum::VariantNames>::VARIANTS;

/// A component of the RFC model: defined (possibly empty) or undefined.
pub type Component = Option<String>;

/// RFC 3986's view of a URI reference. `None` is *undefined* (no `?` at all), `Some("")`
/// is defined and empty (a bare `?`). The fields are [`RfcField`]'s, in its order, which is
/// the order they serialize in.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct RfcRecord {
    pub scheme: Component,
    pub authority: Component,
    pub userinfo: Component,
    pub host: Component,
    pub port: Component,
    pub path: String,
    pub query: Component,
    pub fragment: Component,
    /// The resolved reference, when the case had a base.
    pub resolved: Option<String>,
}

impl RfcRecord {
    /// The record of a split (or resolved) URI reference, with its recomposition when it was
    /// resolved.
    pub fn of(uri: UriRef, resolved: Option<String>) -> RfcRecord {
        let UriRef { scheme, authority, userinfo, host, port, path, query, fragment } = uri;
        RfcRecord { scheme, authority, userinfo, host, port, path, query, fragment, resolved }
    }

    /// The value of `field` (`None`: undefined; `path` is always defined): the one place the
    /// struct's fields meet [`RfcField`].
    pub fn field(&self, field: RfcField) -> Option<&str> {
        match field {
            RfcField::Scheme => self.scheme.as_deref(),
            RfcField::Authority => self.authority.as_deref(),
            RfcField::Userinfo => self.userinfo.as_deref(),
            RfcField::Host => self.host.as_deref(),
            RfcField::Port => self.port.as_deref(),
            RfcField::Path => Some(self.path.as_str()),
            RfcField::Query => self.query.as_deref(),
            RfcField::Fragment => self.fragment.as_deref(),
            RfcField::Resolved => self.resolved.as_deref(),
        }
    }

    /// The field named `name` (one of [`RFC_FIELDS`]): `Some(None)` is an undefined
    /// component, `None` an unknown name.
    pub fn get(&self, name: &str) -> Option<Option<&str>> {
        Some(self.field(name.parse().ok()?))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fields_serialize_under_their_names_in_the_list_order() {
        let record = RfcRecord {
            scheme: Some("<scheme>".into()),
            authority: Some("<authority>".into()),
            userinfo: Some("<userinfo>".into()),
            host: Some("<host>".into()),
            port: Some("<port>".into()),
            path: "<path>".into(),
            query: Some("<query>".into()),
            fragment: Some("<fragment>".into()),
            resolved: Some("<resolved>".into()),
        };
        let json = serde_json::to_value(&record).unwrap();
        let keys: Vec<&String> = json.as_object().unwrap().keys().collect();
        assert_eq!(keys, RFC_FIELDS);
        for &field in RfcField::ALL {
            let expected = format!("<{field}>");
            assert_eq!(record.field(field), Some(expected.as_str()), "{field}");
            assert_eq!(json[field.name()], expected.as_str(), "{field}");
            assert_eq!(record.get(field.name()), Some(Some(expected.as_str())), "{field}");
        }
        assert_eq!(record.get("href"), None);
    }

    #[test]
    fn a_split_keeps_undefined_and_empty_apart() {
        // "a:?" has an empty query and no fragment (RFC 3986 Appendix B).
        let record = RfcRecord::of(urldiff_parser::rfc3986::split("a:?"), None);
        assert_eq!(record.field(RfcField::Scheme), Some("a"));
        assert_eq!(record.field(RfcField::Query), Some(""));
        assert_eq!(record.field(RfcField::Fragment), None);
        assert_eq!(record.field(RfcField::Authority), None);
        assert_eq!(record.field(RfcField::Path), Some(""));
    }
}
