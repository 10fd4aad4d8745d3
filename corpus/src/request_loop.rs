//! The JSON Lines request loop shared by `urldiff parse --jsonl` (WHATWG and RFC modes); each
//! line is read by the one request reader, [`crate::request_line`].
//!
//! stdin is read as bytes, one line at a time (ended by `\n`; a `\r` before it is dropped, so
//! CRLF files work). Every line gets exactly one answer line, in order, flushed, and the stream
//! always goes on:
//!
//! - a request `{"input": "...", "base": "..." | null}` gets the mode's answer; lone-surrogate
//!   escapes (`"\uD800"`) are read as U+FFFD (a USVString conversion);
//! - a line that is not UTF-8, not JSON, not an object, or has no string `input` (or a `base`
//!   that is neither a string nor null) gets `{"error": "line N: <why>"}`;
//! - a request whose answer fails gets `{"error": "internal error: line N: <why>"}` (the
//!   binary's answer catches a panic per line, quietly, with `urldiff_oracles::panic_guard`).
//!
//! `N` is the 1-based line number on stdin.

use crate::request_line::{parse_request, Request};
use serde::Serialize;
use std::io::{self, BufRead, Write};

/// `{"error": "..."}`: the line of a JSON Lines answer for a line that got no answer.
#[derive(Debug, Serialize)]
pub struct ErrorLine {
    pub error: String,
}

/// One line's reply: the mode's answer, or `{"error": "..."}`.
#[derive(Debug, Serialize)]
#[serde(untagged)]
pub enum Reply<A> {
    Answer(A),
    Error(ErrorLine),
}

/// The reply to stdin line `number` (its bytes without the line end).
pub fn answer_line<A, E: std::fmt::Display>(
    number: usize,
    bytes: &[u8],
    answer: &mut impl FnMut(&Request) -> Result<A, E>,
) -> Reply<A> {
    let error = |error: String| Reply::Error(ErrorLine { error });
    let text = match std::str::from_utf8(bytes) {
        Ok(text) => text,
        Err(e) => {
            let at = e.valid_up_to();
            let byte = bytes[at];
            return error(format!("line {number}: not UTF-8 (byte 0x{byte:02X} at offset {at})"));
        }
    };
    let request = match parse_request(text) {
        Ok(request) => request,
        Err(why) => return error(format!("line {number}: {why}")),
    };
    match answer(&request) {
        Ok(value) => Reply::Answer(value),
        Err(why) => error(format!("internal error: line {number}: {why}")),
    }
}

#[derive(Debug)]
pub enum ServeError {
    Read(io::Error),
    Write(io::Error),
}

/// Answer every line of `input` on `output` (see the module overview).
pub fn serve_from<A: Serialize, E: std::fmt::Display>(
    mut input: impl BufRead,
    mut output: impl Write,
    mut answer: impl FnMut(&Request) -> Result<A, E>,
) -> Result<(), ServeError> {
    let mut line = Vec::new();
    for number in 1.. {
        line.clear();
        if input.read_until(b'\n', &mut line).map_err(ServeError::Read)? == 0 {
            break;
        }
        let content = line.strip_suffix(b"\n").unwrap_or(&line);
        let content = content.strip_suffix(b"\r").unwrap_or(content);
        let reply = answer_line(number, content, &mut answer);
        serde_json::to_writer(&mut output, &reply).map_err(|e| ServeError::Write(e.into()))?;
        output.write_all(b"\n").and_then(|()| output.flush()).map_err(ServeError::Write)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::Value;

    #[derive(Serialize)]
    struct Echo {
        echo: String,
    }

    /// Runs the loop over `input` with an answer that echoes the input and fails on "boom".
    fn serve_echo(input: &[u8]) -> Vec<Value> {
        let mut out = Vec::new();
        serve_from(input, &mut out, |r| match r.input.as_str() {
            "boom" => Err(format!("the answer blew up on {:?}", r.input)),
            _ => Ok(Echo { echo: r.input.clone() }),
        })
        .unwrap();
        String::from_utf8(out).unwrap().lines().map(|l| serde_json::from_str(l).unwrap()).collect()
    }

    #[test]
    fn every_line_is_answered_in_order_and_a_failure_is_an_internal_error_of_its_line() {
        let input = b"{\"input\": \"a\"}\n{\"input\": \"boom\"}\r\n\xff\xfe\n\n{\"input\": \"b\"}";
        let answers = serve_echo(input);
        assert_eq!(answers.len(), 5, "{answers:?}");
        assert_eq!(answers[0].to_string(), r#"{"echo":"a"}"#);
        assert_eq!(answers[1]["error"], "internal error: line 2: the answer blew up on \"boom\"");
        assert_eq!(
            answers[2].to_string(),
            r#"{"error":"line 3: not UTF-8 (byte 0xFF at offset 0)"}"#
        );
        let empty = answers[3]["error"].as_str().unwrap();
        assert!(empty.starts_with("line 4: invalid JSON: EOF"), "{empty}");
        // The last line has no line end and is still answered.
        assert_eq!(answers[4].to_string(), r#"{"echo":"b"}"#);
    }
}
