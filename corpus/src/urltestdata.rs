//! The one reader of the urltestdata.json format (WPT's `urltestdata.json` and
//! `urltestdata-javascript-only.json`, and our own `corpus/cases/*.json`).
//!
//! The format: a JSON array whose strings are comments and whose objects are entries with
//! `input` (a string), `base` (a string or null; absent means null) and either
//! `"failure": true` or the expected record as string fields (`href`, `protocol`, …).
//!
//! This crate is the lowest layer and knows no record model: an entry's record is every other
//! string field, in file order ([`Expected::Record`]); the oracles crate turns it into its
//! WHATWG record. Lone-surrogate escapes are read as U+FFFD ([`crate::usv_json`]) and counted.

use serde_json::Value;
use std::path::Path;

/// One entry of a urltestdata-format file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UrlTest {
    pub input: String,
    pub base: Option<String>,
    pub expected: Expected,
}

/// What an entry expects.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Expected {
    /// `"failure": true`.
    Failure,
    /// Every string field of the entry other than `input`, `base` and `comment`, in file
    /// order (non-record keys such as `relativeTo` included; the reader of a record model
    /// picks its fields by name).
    Record(Vec<(String, String)>),
}

impl Expected {
    /// The value of a record field, when the entry gives it.
    pub fn field(&self, name: &str) -> Option<&str> {
        match self {
            Expected::Failure => None,
            Expected::Record(fields) => {
                fields.iter().find(|(key, _)| key == name).map(|(_, value)| value.as_str())
            }
        }
    }
}

/// A whole file.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct UrlTestFile {
    pub entries: Vec<UrlTest>,
    /// Comment strings of the top-level array.
    pub comments: usize,
    /// Lone-surrogate escapes read as U+FFFD.
    pub lone_surrogates_replaced: usize,
}

/// Why a file could not be read; `entry` is the 0-based index in the array (comments
/// included), so that a person can find it.
#[derive(Debug, thiserror::Error)]
pub enum ReadError {
    #[error("cannot read {path}: {source}")]
    Io { path: String, source: std::io::Error },
    #[error("{path}: not JSON: {source}")]
    Json { path: String, source: serde_json::Error },
    #[error("{path}: expected a JSON array (the urltestdata.json format)")]
    NotAnArray { path: String },
    #[error("{path}: entry {entry} (0-based, comments included): {problem}")]
    Entry { path: String, entry: usize, problem: EntryProblem },
}

/// What is wrong with one entry.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum EntryProblem {
    #[error("an entry must be an object or a comment string")]
    NotAnObject,
    #[error("no string `input`")]
    NoInput,
    #[error("`base` must be a string or null")]
    BadBase,
    #[error("neither `failure: true` nor any record field")]
    NoExpectation,
}

/// Read a file in the urltestdata format.
pub fn read(path: &Path) -> Result<UrlTestFile, ReadError> {
    let shown = path.display().to_string();
    let text = std::fs::read_to_string(path)
        .map_err(|source| ReadError::Io { path: shown.clone(), source })?;
    parse(&text, &shown)
}

/// Read urltestdata-format text (a file already read, or embedded data); `shown` names the
/// source in errors.
pub fn parse(text: &str, shown: &str) -> Result<UrlTestFile, ReadError> {
    let (value, replaced) = crate::usv_json::parse(text)
        .map_err(|source| ReadError::Json { path: shown.to_owned(), source })?;
    let mut file = from_value(&value, shown)?;
    file.lone_surrogates_replaced = replaced;
    Ok(file)
}

/// Read already parsed JSON; `path` names the source in errors.
pub fn from_value(value: &Value, path: &str) -> Result<UrlTestFile, ReadError> {
    let Some(items) = value.as_array() else {
        return Err(ReadError::NotAnArray { path: path.to_owned() });
    };
    let mut file = UrlTestFile::default();
    for (index, item) in items.iter().enumerate() {
        if item.is_string() {
            file.comments += 1;
            continue;
        }
        let entry = entry_from_json(item).map_err(|problem| ReadError::Entry {
            path: path.to_owned(),
            entry: index,
            problem,
        })?;
        file.entries.push(entry);
    }
    Ok(file)
}

fn entry_from_json(item: &Value) -> Result<UrlTest, EntryProblem> {
    let Some(object) = item.as_object() else {
        return Err(EntryProblem::NotAnObject);
    };
    let Some(input) = object.get("input").and_then(Value::as_str) else {
        return Err(EntryProblem::NoInput);
    };
    let base = match object.get("base") {
        None | Some(Value::Null) => None,
        Some(Value::String(s)) => Some(s.clone()),
        Some(_) => return Err(EntryProblem::BadBase),
    };
    let expected = if object.get("failure").and_then(Value::as_bool) == Some(true) {
        Expected::Failure
    } else {
        let fields: Vec<(String, String)> = object
            .iter()
            .filter(|(key, _)| !matches!(key.as_str(), "input" | "base" | "comment"))
            .filter_map(|(key, value)| Some((key.clone(), value.as_str()?.to_owned())))
            .collect();
        if fields.is_empty() {
            return Err(EntryProblem::NoExpectation);
        }
        Expected::Record(fields)
    };
    Ok(UrlTest { input: input.to_owned(), base, expected })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(text: &str) -> Result<UrlTestFile, ReadError> {
        let (value, replaced) = crate::usv_json::parse(text).unwrap();
        let mut file = from_value(&value, "t.json")?;
        file.lone_surrogates_replaced = replaced;
        Ok(file)
    }

    #[test]
    fn entries_comments_and_failures() {
        let file = parse(
            r#"["a comment",
                {"input": "http://a/", "base": null, "href": "http://a/", "port": ""},
                {"input": "x", "base": "http://b/", "failure": true, "relativeTo": "any-base"},
                {"input": "\uD800", "href": "y", "comment": "not a field"}]"#,
        )
        .unwrap();
        assert_eq!(file.comments, 1);
        assert_eq!(file.lone_surrogates_replaced, 1);
        assert_eq!(file.entries.len(), 3);
        let first = &file.entries[0];
        assert_eq!((first.input.as_str(), first.base.as_deref()), ("http://a/", None));
        assert_eq!(first.expected.field("href"), Some("http://a/"));
        assert_eq!(first.expected.field("port"), Some(""));
        assert_eq!(first.expected.field("hash"), None);
        assert_eq!(file.entries[1].expected, Expected::Failure);
        assert_eq!(file.entries[1].base.as_deref(), Some("http://b/"));
        assert_eq!(file.entries[2].input, "\u{FFFD}");
        assert_eq!(file.entries[2].expected.field("comment"), None);
    }

    #[test]
    fn bad_entries_say_where() {
        let err = parse(r#"["c", {"base": null, "href": "x"}]"#).unwrap_err().to_string();
        assert_eq!(err, "t.json: entry 1 (0-based, comments included): no string `input`");
        let err = parse(r#"[{"input": "a", "base": 3, "href": "x"}]"#).unwrap_err().to_string();
        assert!(err.contains("`base` must be a string or null"), "{err}");
        let err = parse(r#"[{"input": "a", "base": null}]"#).unwrap_err().to_string();
        assert!(err.contains("neither `failure: true` nor any record field"), "{err}");
        assert!(matches!(parse("{}"), Err(ReadError::NotAnArray { .. })));
    }
}
