//! The JSON Lines request loop shared by `urldiff parse --jsonl` (WHATWG and RFC modes).
//!
//! Each stdin line is `{"input": "...", "base": "..." | null}`; each gets exactly one output
//! line, in order, flushed. Lone-surrogate escapes are read as U+FFFD (a USVString
//! conversion). A line that is not valid JSON, or lacks a string `input`, gets
//! `{"error": "<why>"}` and the stream goes on.

use serde_json::{json, Value};
use std::io::{BufRead, Write};

/// One request line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Request {
    pub input: String,
    pub base: Option<String>,
}

/// Read a request from one line of JSON text.
pub fn parse_request(line: &str) -> Result<Request, String> {
    let (value, _) =
        urldiff_corpus::usv_json::parse(line).map_err(|e| format!("invalid JSON: {e}"))?;
    let Value::Object(map) = value else {
        return Err("expected a JSON object with an \"input\" string".into());
    };
    let input = match map.get("input") {
        Some(Value::String(s)) => s.clone(),
        Some(_) => return Err("\"input\" must be a string".into()),
        None => return Err("missing \"input\"".into()),
    };
    let base = match map.get("base") {
        None | Some(Value::Null) => None,
        Some(Value::String(s)) => Some(s.clone()),
        Some(_) => return Err("\"base\" must be a string or null".into()),
    };
    Ok(Request { input, base })
}

/// Answer every stdin line with `answer`, writing one flushed line per request.
pub fn serve(mut answer: impl FnMut(&Request) -> Value) -> anyhow::Result<u8> {
    let stdin = std::io::stdin();
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    for line in stdin.lock().lines() {
        let line = line?;
        if line.trim().is_empty() {
            continue;
        }
        let reply = match parse_request(&line) {
            Ok(request) => answer(&request),
            Err(why) => json!({ "error": why }),
        };
        serde_json::to_writer(&mut out, &reply)?;
        out.write_all(b"\n")?;
        out.flush()?;
    }
    Ok(0)
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
        assert_eq!(
            parse_request("[]").unwrap_err(),
            "expected a JSON object with an \"input\" string"
        );
        assert_eq!(parse_request("{}").unwrap_err(), "missing \"input\"");
        assert_eq!(parse_request(r#"{"input": 1}"#).unwrap_err(), "\"input\" must be a string");
    }
}
