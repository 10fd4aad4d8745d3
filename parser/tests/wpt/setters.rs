//! setters_tests.json: parse `href`, set `property` to `new_value`, compare `expected`.

use super::{compare_fields, escape, Outcome};
use serde_json::Value;
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

pub(crate) fn run(tests: &Value) -> Vec<Outcome> {
    let mut out = Vec::new();
    let Some(groups) = tests.as_object() else { return out };
    for (property, cases) in groups {
        if property == "comment" {
            continue;
        }
        for case in cases.as_array().into_iter().flatten() {
            let href = case["href"].as_str().unwrap_or_default();
            let value = case["new_value"].as_str().unwrap_or_default();
            let name = format!("<{}> set {property} to <{}>", escape(href), escape(value));
            let failure = match Url::parse(href, None) {
                Err(e) => Some(format!("href does not parse: {e}")),
                Ok(mut url) => {
                    set(&mut url, property, value);
                    compare_fields(&url, &case["expected"])
                }
            };
            out.push(Outcome { name, failure, skipped: false });
        }
    }
    out
}
