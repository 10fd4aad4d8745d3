//! The one reader of a JSON Lines request line, `{"input": "...", "base": "..." | null}`, for
//! every command that reads them (`urldiff parse --jsonl`, `compare --jsonl`, `triage`).
//! Lone-surrogate escapes (`"\uD800"`) are read as U+FFFD (a USVString conversion, see
//! [`crate::usv_json`]); a line that is not such an object gets why, as text.

use serde_json::Value;

/// One request line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Request {
    pub input: String,
    pub base: Option<String>,
}

/// Read a request from one line of JSON text.
pub fn parse_request(line: &str) -> Result<Request, String> {
    let (value, _) = crate::usv_json::parse(line).map_err(|e| format!("invalid JSON: {e}"))?;
    let Value::Object(map) = value else {
        return Err(format!(
            "expected a JSON object with an \"input\" string, got {}",
            json_kind(&value)
        ));
    };
    let input = match map.get("input") {
        Some(Value::String(s)) => s.clone(),
        Some(other) => return Err(format!("\"input\" must be a string, not {}", json_kind(other))),
        None => return Err("missing \"input\"".into()),
    };
    let base = match map.get("base") {
        None | Some(Value::Null) => None,
        Some(Value::String(s)) => Some(s.clone()),
        Some(other) => {
            return Err(format!("\"base\" must be a string or null, not {}", json_kind(other)))
        }
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
        assert!(parse_request("{").unwrap_err().starts_with("invalid JSON"));
        for (line, kind) in [("[]", "an array"), ("1", "a number"), ("\"x\"", "a string")] {
            let expected = format!("expected a JSON object with an \"input\" string, got {kind}");
            assert_eq!(parse_request(line).unwrap_err(), expected);
        }
        assert_eq!(parse_request("{}").unwrap_err(), "missing \"input\"");
        assert_eq!(
            parse_request(r#"{"input": 1}"#).unwrap_err(),
            "\"input\" must be a string, not a number"
        );
        assert_eq!(
            parse_request(r#"{"input": "a", "base": []}"#).unwrap_err(),
            "\"base\" must be a string or null, not an array"
        );
    }
}
