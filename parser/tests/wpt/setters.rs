//! setters_tests.json: parse `href`, set `property` to `new_value`, compare `expected`.

use super::{compare_fields, escape, Outcome, Ran};
use urldiff_corpus::wpt_tables;
use urldiff_parser::{Attribute, SetAttributeError, Url};

/// Apply the URL API setter `property` (the WPT name). The href setter's exception leaves
/// the URL as it was, which is what the expected fields then check.
fn set(url: &mut Url, property: &str, value: &str) {
    let attribute: Attribute =
        property.parse().unwrap_or_else(|_| panic!("unknown setter {property}"));
    match url.set_attribute(attribute, value) {
        Ok(()) | Err(SetAttributeError::HrefDoesNotParse(_)) => {}
        Err(e) => panic!("unknown setter {property}: {e:?}"),
    }
}

pub(crate) fn run(text: &str, shown: &str) -> Result<Ran, String> {
    let file = wpt_tables::setters(text, shown).map_err(|e| e.to_string())?;
    let mut out = Vec::new();
    for test in &file.entries {
        let (property, href, value) = (&test.property, &test.href, &test.new_value);
        let name = format!("<{}> set {property} to <{}>", escape(href), escape(value));
        let failure = match Url::parse(href, None) {
            Err(e) => Some(format!("href does not parse: {e}")),
            Ok(mut url) => {
                set(&mut url, property, value);
                compare_fields(&url, &test.expected)
            }
        };
        out.push(Outcome { name, failure, skipped: false });
    }
    Ok((out, file.lone_surrogates_replaced))
}
