//! The WHATWG record: the URL API's view of a URL, one field per [`Attribute`] (the parser's
//! one list of them), with the getter and setter by attribute that every other use goes through.

use serde::{Deserialize, Serialize};
use urldiff_parser::Attribute;

/// Every field of the WHATWG model (the URL API's attributes, in WPT's record order), as
/// oracles declare them in `OracleInfo::fields`: the names of [`Attribute`], the parser's one
/// list, not a copy of it.
pub const WHATWG_FIELDS: &[&str] = urldiff_parser::ATTRIBUTES;

/// The WHATWG URL API's view of a URL (the WPT field set, one field per [`Attribute`], in its
/// order, which is the order they serialize in). `None` means the oracle does not fill that
/// field (see `OracleInfo::fields`), never "empty".
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct WhatwgRecord {
    pub href: Option<String>,
    pub origin: Option<String>,
    pub protocol: Option<String>,
    pub username: Option<String>,
    pub password: Option<String>,
    pub host: Option<String>,
    pub hostname: Option<String>,
    pub port: Option<String>,
    pub pathname: Option<String>,
    pub search: Option<String>,
    pub hash: Option<String>,
}

impl WhatwgRecord {
    /// The one record builder: each field from `get(attribute)` (`None`: the source does not
    /// give that field).
    pub fn from_attributes(mut get: impl FnMut(Attribute) -> Option<String>) -> Self {
        let mut record = WhatwgRecord::default();
        for &attribute in Attribute::ALL {
            *record.field_mut(attribute) = get(attribute);
        }
        record
    }

    /// [`WhatwgRecord::from_attributes`] by IDL name (`get("href")`).
    pub fn from_fields(mut get: impl FnMut(&str) -> Option<String>) -> Self {
        WhatwgRecord::from_attributes(|attribute| get(attribute.name()))
    }

    /// The field of `attribute`: the one place the struct's fields meet [`Attribute`], with
    /// [`WhatwgRecord::field_mut`] (a test holds the two to each other).
    pub fn field(&self, attribute: Attribute) -> Option<&str> {
        match attribute {
            Attribute::Href => self.href.as_deref(),
            Attribute::Origin => self.origin.as_deref(),
            Attribute::Protocol => self.protocol.as_deref(),
            Attribute::Username => self.username.as_deref(),
            Attribute::Password => self.password.as_deref(),
            Attribute::Host => self.host.as_deref(),
            Attribute::Hostname => self.hostname.as_deref(),
            Attribute::Port => self.port.as_deref(),
            Attribute::Pathname => self.pathname.as_deref(),
            Attribute::Search => self.search.as_deref(),
            Attribute::Hash => self.hash.as_deref(),
        }
    }

    /// The field of `attribute`, to fill.
    pub fn field_mut(&mut self, attribute: Attribute) -> &mut Option<String> {
        match attribute {
            Attribute::Href => &mut self.href,
            Attribute::Origin => &mut self.origin,
            Attribute::Protocol => &mut self.protocol,
            Attribute::Username => &mut self.username,
            Attribute::Password => &mut self.password,
            Attribute::Host => &mut self.host,
            Attribute::Hostname => &mut self.hostname,
            Attribute::Port => &mut self.port,
            Attribute::Pathname => &mut self.pathname,
            Attribute::Search => &mut self.search,
            Attribute::Hash => &mut self.hash,
        }
    }

    /// Every field, in [`Attribute`] order (`values()[a as usize]` is `field(a)`).
    pub fn values(&self) -> [Option<&str>; WHATWG_FIELDS.len()] {
        std::array::from_fn(|i| self.field(Attribute::ALL[i]))
    }

    /// The field named `name` (one of [`WHATWG_FIELDS`]); `None` when not filled or unknown.
    pub fn get(&self, name: &str) -> Option<&str> {
        self.field(name.parse().ok()?)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn record_values_are_in_the_field_list_order() {
        let record = WhatwgRecord::from_fields(|name| Some(format!("<{name}>")));
        let values = record.values();
        for (i, name) in WHATWG_FIELDS.iter().enumerate() {
            assert_eq!(values[i], record.get(name), "{name}");
            assert_eq!(values[i], Some(format!("<{name}>").as_str()), "{name}");
        }
        // Each struct field is read and filled through the same attribute, and serializes
        // under its IDL name, in the list's order.
        let json = serde_json::to_value(&record).unwrap();
        let keys: Vec<&String> = json.as_object().unwrap().keys().collect();
        assert_eq!(keys, WHATWG_FIELDS);
        for (key, value) in json.as_object().unwrap() {
            assert_eq!(value.as_str(), Some(format!("<{key}>").as_str()));
        }
    }
}
