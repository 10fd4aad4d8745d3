//! The typed readers of WPT's other URL files and of our RFC example tables, one per format:
//!
//! - `setters_tests.json`: `{property: [{href, new_value, expected: {field: value}}]}`
//!   ([`setters`]);
//! - `toascii.json`, `IdnaTestV2.json`: `[comment | {input, output | null}]` ([`host_tests`]);
//! - `percent-encoding.json`: `[comment | {input, output: {encoding: encoded}}]`
//!   ([`percent_encoding`]);
//! - `corpus/rfc/*.json`: `{source, base, examples: [{reference, expected, mode?}]}`
//!   ([`rfc_examples`]; `corpus/rfc/README.md` describes it).
//!
//! Like [`crate::urltestdata`], each reads lone-surrogate escapes as U+FFFD
//! ([`crate::usv_json`]) and counts them, and knows no record model: a setter test's expected
//! fields are names and strings.

use serde::de::DeserializeOwned;
use serde::Deserialize;
use std::collections::BTreeMap;

/// Why a file could not be read; `path` names it.
#[derive(Debug, thiserror::Error)]
pub enum TableError {
    #[error("{path}: not JSON: {source}")]
    Json { path: String, source: serde_json::Error },
    #[error("{path}: unexpected layout: {source}")]
    Layout { path: String, source: serde_json::Error },
}

/// The entries of a file whose top level is an array of entries and comment strings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entries<T> {
    pub entries: Vec<T>,
    /// Comment strings of the array.
    pub comments: usize,
    /// Lone-surrogate escapes read as U+FFFD.
    pub lone_surrogates_replaced: usize,
}

/// An array item: a comment or an entry.
#[derive(Deserialize)]
#[serde(untagged)]
enum Item<T> {
    Comment(#[allow(dead_code)] String),
    Entry(T),
}

/// `text` as JSON of type `T`, with the number of lone surrogates replaced.
fn read<T: DeserializeOwned>(text: &str, shown: &str) -> Result<(T, usize), TableError> {
    let (value, replaced) = crate::usv_json::parse(text)
        .map_err(|source| TableError::Json { path: shown.to_owned(), source })?;
    let typed = serde_json::from_value(value)
        .map_err(|source| TableError::Layout { path: shown.to_owned(), source })?;
    Ok((typed, replaced))
}

fn entries<T: DeserializeOwned>(text: &str, shown: &str) -> Result<Entries<T>, TableError> {
    let (items, replaced): (Vec<Item<T>>, usize) = read(text, shown)?;
    let comments = items.iter().filter(|item| matches!(item, Item::Comment(_))).count();
    let entries = items
        .into_iter()
        .filter_map(|item| match item {
            Item::Entry(entry) => Some(entry),
            Item::Comment(_) => None,
        })
        .collect();
    Ok(Entries { entries, comments, lone_surrogates_replaced: replaced })
}

/// One test of `setters_tests.json`: parse `href`, set `property` to `new_value`, expect the
/// `expected` fields (only those it lists).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SetterTest {
    pub property: String,
    pub href: String,
    pub new_value: String,
    pub expected: BTreeMap<String, String>,
}

#[derive(Deserialize)]
struct SetterTestJson {
    href: String,
    new_value: String,
    expected: BTreeMap<String, String>,
}

/// `setters_tests.json`: every test, in file order, its `comment` keys counted in `comments`.
pub fn setters(text: &str, shown: &str) -> Result<Entries<SetterTest>, TableError> {
    let (groups, replaced): (serde_json::Map<String, serde_json::Value>, usize) =
        read(text, shown)?;
    let mut file = Entries { entries: Vec::new(), comments: 0, lone_surrogates_replaced: replaced };
    for (property, group) in groups {
        // The top-level `comment` (a string, or a list of strings) is not a property.
        if property == "comment" {
            file.comments += 1;
            continue;
        }
        let tests: Vec<SetterTestJson> = serde_json::from_value(group)
            .map_err(|source| TableError::Layout { path: shown.to_owned(), source })?;
        file.entries.extend(tests.into_iter().map(|t| SetterTest {
            property: property.clone(),
            href: t.href,
            new_value: t.new_value,
            expected: t.expected,
        }));
    }
    Ok(file)
}

/// One test of `toascii.json` or `IdnaTestV2.json`: the domain `input` and its ASCII form,
/// `None` when it must fail.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
pub struct HostTest {
    pub input: String,
    pub output: Option<String>,
}

/// `toascii.json` and `IdnaTestV2.json`.
pub fn host_tests(text: &str, shown: &str) -> Result<Entries<HostTest>, TableError> {
    entries(text, shown)
}

/// One test of `percent-encoding.json`: `input` percent-encoded in each encoding.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
pub struct PercentEncodingTest {
    pub input: String,
    /// By encoding label (`utf-8`, `windows-1252`, …).
    pub output: BTreeMap<String, String>,
}

/// `percent-encoding.json`.
pub fn percent_encoding(
    text: &str,
    shown: &str,
) -> Result<Entries<PercentEncodingTest>, TableError> {
    entries(text, shown)
}

/// One table of `corpus/rfc/`: reference-resolution examples against one base.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
pub struct RfcTable {
    /// Where the examples come from (RFC and section).
    pub source: Option<String>,
    pub base: String,
    pub examples: Vec<RfcExample>,
}

/// One example: `reference` resolved against the table's base gives `expected`; `mode`
/// (`strict` or `non-strict`) when it holds in one reading only.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
pub struct RfcExample {
    pub reference: String,
    pub expected: String,
    #[serde(default)]
    pub mode: Option<String>,
}

/// A table of `corpus/rfc/`.
pub fn rfc_examples(text: &str, shown: &str) -> Result<RfcTable, TableError> {
    read(text, shown).map(|(table, _)| table)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn setters_keep_property_and_expected_fields_and_count_comments() {
        let text = r#"{"comment": ["a", "b"], "host": [
            {"comment": "c", "href": "sc://x/", "new_value": "\u0000",
             "expected": {"href": "sc://x/", "host": "x"}}],
            "port": [{"href": "http://h/", "new_value": "\uD800", "expected": {}}]}"#;
        let file = setters(text, "s.json").unwrap();
        assert_eq!((file.comments, file.lone_surrogates_replaced), (1, 1));
        assert_eq!(file.entries.len(), 2);
        let host = &file.entries[0];
        assert_eq!((host.property.as_str(), host.href.as_str()), ("host", "sc://x/"));
        assert_eq!(host.new_value, "\0");
        assert_eq!(host.expected.get("host").map(String::as_str), Some("x"));
        assert_eq!(file.entries[1].new_value, "\u{FFFD}");
        let bad = setters(r#"{"host": [{"href": 1}]}"#, "s.json").unwrap_err().to_string();
        assert!(bad.starts_with("s.json: unexpected layout"), "{bad}");
    }

    #[test]
    fn host_and_percent_tests_skip_comments() {
        let hosts = r#"["c", {"input": "a", "output": "a"}, {"comment": "x", "input": "b", "output": null}]"#;
        let file = host_tests(hosts, "h.json").unwrap();
        assert_eq!(file.comments, 1);
        assert_eq!(file.entries[1], HostTest { input: "b".into(), output: None });
        let percent = r#"["c", {"input": "†", "output": {"utf-8": "%E2%80%A0", "big5": "x"}}]"#;
        let file = percent_encoding(percent, "p.json").unwrap();
        assert_eq!(file.entries[0].output["utf-8"], "%E2%80%A0");
        assert!(host_tests("{}", "h.json").is_err());
    }

    #[test]
    fn rfc_tables_have_a_base_and_examples() {
        let table = rfc_examples(
            r#"{"base": "http://a/b", "examples": [{"reference": "g", "expected": "http://a/g", "mode": "strict"}]}"#,
            "r.json",
        )
        .unwrap();
        assert_eq!((table.source, table.base.as_str()), (None, "http://a/b"));
        assert_eq!(table.examples[0].mode.as_deref(), Some("strict"));
        assert!(rfc_examples(r#"{"examples": []}"#, "r.json").is_err());
    }
}
