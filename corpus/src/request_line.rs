//! The one reader of a JSON Lines request line, `{"input": "...", "base": "..." | null}`, for
//! every command that reads them (`urldiff parse --jsonl`, `compare --jsonl`, `triage`).
//! Lone-surrogate escapes (`"\uD800"`) are read as U+FFFD (a USVString conversion, see
//! [`crate::usv_json`]); a line that is not such an object gets a [`RequestError`] saying why
//! (callers put the line number before it).

use serde_json::Value;

/// Why a line is not a request; each names what was found instead.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum RequestError {
    #[error("invalid JSON: {source}")]
    Json { source: serde_json::Error },
    #[error("expected a JSON object with an \"input\" string, got {found}")]
    NotAnObject { found: &'static str },
    #[error("\"input\" must be a string, not {found}")]
    InputNotAString { found: &'static str },
    #[error("missing \"input\"")]
    MissingInput,
    #[error("\"base\" must be a string or null, not {found}")]
    BaseNotAString { found: &'static str },
}

/// One request line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Request {
    pub input: String,
    pub base: Option<String>,
}

/// One request as a line of JSON text (without its newline), as [`parse_request`] reads it:
/// what `urldiff corpus generate` writes.
///
/// ```
/// use urldiff_corpus::request_line::{parse_request, write_request};
/// let line = write_request("a\u{0}b", None);
/// assert_eq!(line, r#"{"input":"a\u0000b","base":null}"#);
/// assert_eq!(parse_request(&line).unwrap().input, "a\u{0}b");
/// ```
pub fn write_request(input: &str, base: Option<&str>) -> String {
    #[derive(serde::Serialize)]
    struct Line<'a> {
        input: &'a str,
        base: Option<&'a str>,
    }
    serde_json::to_string(&Line { input, base }).expect("a request serializes")
}

/// Read a request from one line of JSON text.
pub fn parse_request(line: &str) -> Result<Request, RequestError> {
    let (value, _) =
        crate::usv_json::parse(line).map_err(|source| RequestError::Json { source })?;
    let Value::Object(map) = value else {
        return Err(RequestError::NotAnObject { found: json_kind(&value) });
    };
    let input = match map.get("input") {
        Some(Value::String(s)) => s.clone(),
        Some(other) => return Err(RequestError::InputNotAString { found: json_kind(other) }),
        None => return Err(RequestError::MissingInput),
    };
    let base = match map.get("base") {
        None | Some(Value::Null) => None,
        Some(Value::String(s)) => Some(s.clone()),
        Some(other) => return Err(RequestError::BaseNotAString { found: json_kind(other) }),
    };
    Ok(Request { input, base })
}

fn json_kind(value: &Value) -> &'static str {
    match value {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn requests_are_read_with_usv_conversion() {
        let r = parse_request(r#"{"input": "a\uD800", "base": null}"#).unwrap();
        assert_eq!(r, Request { input: "a\u{FFFD}".into(), base: None });
        let r = parse_request(r#"{"input": "x", "base": "http://h/"}"#).unwrap();
        assert_eq!(r.base.as_deref(), Some("http://h/"));
    }

    #[test]
    fn bad_requests_say_why() {
        let why = |line: &str| parse_request(line).unwrap_err().to_string();
        assert!(why("{").starts_with("invalid JSON: EOF"), "{}", why("{"));
        for (line, kind) in [("[]", "an array"), ("1", "a number"), ("\"x\"", "a string")] {
            let expected = format!("expected a JSON object with an \"input\" string, got {kind}");
            assert_eq!(why(line), expected);
        }
        assert_eq!(why("{}"), "missing \"input\"");
        assert_eq!(why(r#"{"input": 1}"#), "\"input\" must be a string, not a number");
        assert_eq!(
            why(r#"{"input": "a", "base": []}"#),
            "\"base\" must be a string or null, not an array"
        );
    }
}
