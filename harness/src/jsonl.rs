//! The JSON Lines request loop shared by `urldiff parse --jsonl` (WHATWG and RFC modes); each
//! line is read by the one request reader, `urldiff_corpus::request_line`.
//!
//! stdin is read as bytes, one line at a time (ended by `\n`; a `\r` before it is dropped, so
//! CRLF files work). Every line gets exactly one answer line, in order, flushed, and the stream
//! always goes on:
//!
//! - a request `{"input": "...", "base": "..." | null}` gets the mode's answer; lone-surrogate
//!   escapes (`"\uD800"`) are read as U+FFFD (a USVString conversion);
//! - a line that is not UTF-8, not JSON, not an object, or has no string `input` (or a `base`
//!   that is neither a string nor null) gets `{"error": "line N: <why>"}`;
//! - a request whose answer panics gets `{"error": "internal error: line N: <panic>"}` (the
//!   panic is caught per line, quietly: see `urldiff_oracles::panic_guard`).
//!
//! `N` is the 1-based line number on stdin.

use crate::output::StdoutError;
use serde::Serialize;
use std::io::{self, BufRead, Write};
use urldiff_corpus::request_line::{parse_request, Request};
use urldiff_oracles::panic_guard::catch_quietly;

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
pub fn answer_line<A>(
    number: usize,
    bytes: &[u8],
    answer: &mut impl FnMut(&Request) -> A,
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
    match catch_quietly(|| answer(&request)) {
        Ok(value) => Reply::Answer(value),
        Err(panic) => error(format!("internal error: line {number}: {panic}")),
    }
}

#[derive(Debug)]
pub enum ServeError {
    Read(io::Error),
    Write(io::Error),
}

/// Answer every line of `input` on `output` (see the module overview).
pub fn serve_from<A: Serialize>(
    mut input: impl BufRead,
    mut output: impl Write,
    mut answer: impl FnMut(&Request) -> A,
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

/// Answer every stdin line with `answer` on stdout. A closed stdout is a [`StdoutError`].
pub fn serve<A: Serialize>(answer: impl FnMut(&Request) -> A) -> anyhow::Result<u8> {
    let stdin = io::stdin().lock();
    // A buffer: an answer line can be hundreds of megabytes, written piece by piece.
    let stdout = io::BufWriter::with_capacity(1 << 16, io::stdout().lock());
    match serve_from(stdin, stdout, answer) {
        Ok(()) => Ok(0),
        Err(ServeError::Write(e)) => Err(StdoutError(e).into()),
        Err(ServeError::Read(e)) => Err(anyhow::Error::new(e).context("cannot read stdin")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::Value;

    #[derive(Serialize)]
    struct Echo {
        echo: String,
    }

    /// Runs the loop over `input` with an answer that echoes the input and panics on "boom".
    fn serve_echo(input: &[u8]) -> Vec<Value> {
        let mut out = Vec::new();
        serve_from(input, &mut out, |r| {
            assert!(r.input != "boom", "the answer blew up on {:?}", r.input);
            Echo { echo: r.input.clone() }
        })
        .unwrap();
        String::from_utf8(out).unwrap().lines().map(|l| serde_json::from_str(l).unwrap()).collect()
    }

    #[test]
    fn every_line_is_answered_in_order_and_a_panic_is_an_internal_error_of_its_line() {
        let input = b"{\"input\": \"a\"}\n{\"input\": \"boom\"}\r\n\xff\xfe\n\n{\"input\": \"b\"}";
        let answers = serve_echo(input);
        assert_eq!(answers.len(), 5, "{answers:?}");
        assert_eq!(answers[0].to_string(), r#"{"echo":"a"}"#);
        let internal = answers[1]["error"].as_str().unwrap();
        assert!(internal.starts_with("internal error: line 2: panic at harness/src/jsonl.rs:"));
        assert!(internal.ends_with(": the answer blew up on \"boom\""), "{internal}");
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
