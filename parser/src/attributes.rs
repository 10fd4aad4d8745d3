//! The URL API's attributes (`href`, `origin`, `protocol`, …): urldiff's one list of the
//! WHATWG record fields, with each attribute's IDL name, its place in WPT's records and its
//! getter and setter on the reference [`Url`]. Every other list of these fields (the oracles'
//! records and getter tables, the projection, the WPT export, the Node worker's handshake,
//! the CLI help) derives from [`Attribute`]; see docs/field-model.md.
//! <https://url.spec.whatwg.org/#url-class>

use crate::errors::ParseError;
use crate::url::Url;
use std::borrow::Cow;

/// A string attribute of the URL class (`origin` is read-only). The variants are in the order
/// WPT's urltestdata.json records list their keys (after `input` and `base`), which is the
/// order of every WHATWG record urldiff builds or prints; the name of each is its IDL name
/// (`Attribute::Hostname` is `"hostname"`), as its `Display`, `FromStr` and
/// [`Attribute::name`] give it.
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
pub enum Attribute {
    Href,
    Origin,
    Protocol,
    Username,
    Password,
    Host,
    Hostname,
    Port,
    Pathname,
    Search,
    Hash,
}

/// Every attribute's IDL name, in [`Attribute`] order.
pub const ATTRIBUTES: &[&str] = <Attribute as strum::VariantNames>::VARIANTS;

/// Why [`Url::set_attribute`] did nothing.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum SetAttributeError {
    /// Not a settable attribute (`origin`).
    NotSettable(Attribute),
    /// The `href` setter threw: the value does not parse.
    HrefDoesNotParse(ParseError),
}

impl Attribute {
    /// Every attribute, in WPT's record order.
    pub const ALL: &'static [Attribute] = <Attribute as strum::VariantArray>::VARIANTS;

    /// The IDL name (`"hostname"`).
    pub fn name(self) -> &'static str {
        self.into()
    }

    /// Whether the URL class has a setter for it (all but `origin`).
    pub fn is_settable(self) -> bool {
        self != Attribute::Origin
    }
}

impl Url {
    /// The value of `attribute`'s getter.
    ///
    /// ```
    /// use urldiff_parser::{attributes::Attribute, Url};
    ///
    /// let url = Url::parse("https://user:pw@example.com:8443/p?q#f", None).unwrap();
    /// let record: Vec<String> =
    ///     Attribute::ALL.iter().map(|&a| format!("{a}={}", url.attribute(a))).collect();
    /// assert_eq!(record[1], "origin=https://example.com:8443");
    /// assert_eq!(record[6], "hostname=example.com");
    /// assert_eq!(url.attribute("port".parse().unwrap()), "8443");
    /// ```
    ///
    /// Inlined: a caller that names the attribute (or walks [`Attribute::ALL`]) gets the one
    /// getter's call, with no function pointer (the differential fuzz target's comparison).
    #[inline]
    pub fn attribute(&self, attribute: Attribute) -> Cow<'_, str> {
        match attribute {
            Attribute::Href => Cow::Borrowed(self.href()),
            Attribute::Origin => Cow::Owned(self.origin().ascii_serialization()),
            Attribute::Protocol => Cow::Borrowed(self.protocol()),
            Attribute::Username => Cow::Borrowed(self.username()),
            Attribute::Password => Cow::Borrowed(self.password()),
            Attribute::Host => Cow::Borrowed(self.host()),
            Attribute::Hostname => Cow::Borrowed(self.hostname()),
            Attribute::Port => Cow::Borrowed(self.port()),
            Attribute::Pathname => Cow::Borrowed(self.pathname()),
            Attribute::Search => Cow::Borrowed(self.search()),
            Attribute::Hash => Cow::Borrowed(self.hash()),
        }
    }

    /// Run `attribute`'s setter. Only `href` can throw; the others ignore a value they
    /// reject, as the URL API does.
    ///
    /// ```
    /// use urldiff_parser::{attributes::Attribute, Url};
    ///
    /// let mut url = Url::parse("http://example.com/", None).unwrap();
    /// url.set_attribute(Attribute::Port, "80").unwrap(); // the default port: stays empty
    /// url.set_attribute(Attribute::Hostname, "EXAMPLE.org").unwrap();
    /// assert_eq!(url.href(), "http://example.org/");
    /// assert!(url.set_attribute(Attribute::Origin, "http://a").is_err());
    /// ```
    pub fn set_attribute(
        &mut self,
        attribute: Attribute,
        value: &str,
    ) -> Result<(), SetAttributeError> {
        match attribute {
            Attribute::Href => {
                return self.set_href(value).map_err(SetAttributeError::HrefDoesNotParse)
            }
            Attribute::Origin => return Err(SetAttributeError::NotSettable(attribute)),
            Attribute::Protocol => self.set_protocol(value),
            Attribute::Username => self.set_username(value),
            Attribute::Password => self.set_password(value),
            Attribute::Host => self.set_host(value),
            Attribute::Hostname => self.set_hostname(value),
            Attribute::Port => self.set_port(value),
            Attribute::Pathname => self.set_pathname(value),
            Attribute::Search => self.set_search(value),
            Attribute::Hash => self.set_hash(value),
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The key order of WPT's urltestdata.json records that have an `origin` (read from the
    /// file: `input`, `base`, then these), and the IDL names of the URL class.
    #[test]
    fn the_list_is_wpt_record_order_with_idl_names() {
        let wpt = [
            "href", "origin", "protocol", "username", "password", "host", "hostname", "port",
            "pathname", "search", "hash",
        ];
        assert_eq!(ATTRIBUTES, wpt);
        let names: Vec<&str> = Attribute::ALL.iter().map(|a| a.name()).collect();
        assert_eq!(names, wpt);
        for name in wpt {
            assert_eq!(name.parse::<Attribute>().unwrap().to_string(), name);
        }
        assert!("searchParams".parse::<Attribute>().is_err());
        assert!("Href".parse::<Attribute>().is_err());
    }

    #[test]
    fn every_attribute_reads() {
        let url = Url::parse("https://u:p@example.com:8080/a?b#c", None).unwrap();
        let got: Vec<String> =
            Attribute::ALL.iter().map(|&a| url.attribute(a).into_owned()).collect();
        assert_eq!(
            got,
            [
                "https://u:p@example.com:8080/a?b#c",
                "https://example.com:8080",
                "https:",
                "u",
                "p",
                "example.com:8080",
                "example.com",
                "8080",
                "/a",
                "?b",
                "#c",
            ]
        );
    }

    #[test]
    fn setters_by_attribute() {
        let mut url = Url::parse("http://h/", None).unwrap();
        url.set_attribute(Attribute::Pathname, "/x y").unwrap();
        assert_eq!(url.href(), "http://h/x%20y");
        assert!(matches!(
            url.set_attribute(Attribute::Href, "nope"),
            Err(SetAttributeError::HrefDoesNotParse(_))
        ));
        assert_eq!(
            url.set_attribute(Attribute::Origin, "x"),
            Err(SetAttributeError::NotSettable(Attribute::Origin))
        );
        assert_eq!(url.href(), "http://h/x%20y");
    }
}
