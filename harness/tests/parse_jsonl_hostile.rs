//! `urldiff parse --jsonl` on hostile input, in all three modes (WHATWG, `--rfc3986`,
//! `--rfc2396`): every stdin line gets exactly one answer, in order; a bad line gets an error
//! naming its line number and the stream goes on.

use serde_json::Value;
use std::io::{Read, Write};
use std::process::{Command, Stdio};

const MODES: [&[&str]; 3] = [&[], &["--rfc3986"], &["--rfc2396"]];

/// Feed `stdin` to `urldiff parse --jsonl <mode>` (from a thread, so a long input cannot
/// deadlock against a full stdout pipe); the answer lines, parsed.
fn jsonl(mode: &[&str], stdin: Vec<u8>) -> Vec<Value> {
    let mut child = Command::new(env!("CARGO_BIN_EXE_urldiff"))
        .args(["parse", "--jsonl"])
        .args(mode)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run urldiff");
    let mut pipe = child.stdin.take().unwrap();
    let feeder = std::thread::spawn(move || pipe.write_all(&stdin));
    let mut stdout = String::new();
    child.stdout.take().unwrap().read_to_string(&mut stdout).unwrap();
    let out = child.wait_with_output().unwrap();
    feeder.join().unwrap().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{mode:?}: {stderr}");
    assert!(stderr.is_empty(), "{mode:?} wrote to stderr: {stderr}");
    stdout.lines().map(|l| serde_json::from_str(l).expect("each answer is JSON")).collect()
}

/// The error text of an answer that must be an error.
fn error(answer: &Value) -> &str {
    answer["error"].as_str().unwrap_or_else(|| panic!("expected an error, got {answer}"))
}

/// The answer describes `http://h/<marker>`: WHATWG `href`, or the RFC `path`.
fn answers_marker(answer: &Value, marker: &str) -> bool {
    let field = if answer.get("href").is_some() { "href" } else { "path" };
    answer[field].as_str().is_some_and(|v| v.ends_with(&format!("/{marker}")))
}

fn request(input: &str) -> String {
    serde_json::json!({ "input": input, "base": null }).to_string()
}

#[test]
fn bad_lines_get_errors_naming_their_line_and_the_stream_goes_on() {
    let bad: [(&[u8], &str); 11] = [
        (b"{\"input\": \"http://h/\xff\"}", "line 2: not UTF-8 (byte 0xFF at offset 20)"),
        (b"{\"input\": \"http://h/\x00\"}", "line 4: invalid JSON: control character"),
        (b"[]", "line 6: expected a JSON object with an \"input\" string, got an array"),
        (b"1", "line 8: expected a JSON object with an \"input\" string, got a number"),
        (b"\"x\"", "line 10: expected a JSON object with an \"input\" string, got a string"),
        (b"null", "line 12: expected a JSON object with an \"input\" string, got null"),
        (b"{}", "line 14: missing \"input\""),
        (b"{\"input\": 7}", "line 16: \"input\" must be a string, not a number"),
        (b"{\"input\": \"a\", \"base\": 1}", "line 18: \"base\" must be a string or null"),
        (b"{\"input\": ", "line 20: invalid JSON: EOF"),
        (b"", "line 22: invalid JSON: EOF"),
    ];
    // Good and bad lines alternate: good line 2k+1 asks for http://h/ok<k>.
    let mut stdin = Vec::new();
    for (k, (line, _)) in bad.iter().enumerate() {
        stdin.extend_from_slice(request(&format!("http://h/ok{k}")).as_bytes());
        stdin.push(b'\n');
        stdin.extend_from_slice(line);
        stdin.push(b'\n');
    }
    for mode in MODES {
        let answers = jsonl(mode, stdin.clone());
        assert_eq!(answers.len(), 2 * bad.len(), "{mode:?}");
        for (k, (_, expected)) in bad.iter().enumerate() {
            assert!(
                answers_marker(&answers[2 * k], &format!("ok{k}")),
                "{mode:?}: {}",
                answers[2 * k]
            );
            let got = error(&answers[2 * k + 1]);
            assert!(
                got.starts_with(expected),
                "{mode:?}: {got:?} does not start with {expected:?}"
            );
        }
    }
}

#[test]
fn crlf_lone_surrogates_and_escaped_nul_are_answered() {
    let stdin = [
        request("http://h/a") + "\r\n",
        r#"{"input": "http://h/\ud800x", "base": null}"#.to_owned() + "\r\n",
        r#"{"input": "http://h/\u0000", "base": null}"#.to_owned() + "\n",
        request("http://h/z"),
    ]
    .concat();
    for mode in MODES {
        let answers = jsonl(mode, stdin.clone().into_bytes());
        assert_eq!(answers.len(), 4, "{mode:?}: {answers:?}");
        // The CR of a CRLF line end is not part of the request.
        assert!(answers_marker(&answers[0], "a"), "{mode:?}: {}", answers[0]);
        assert!(answers_marker(&answers[3], "z"), "{mode:?}: {}", answers[3]);
        for answer in &answers[1..3] {
            assert!(answer.get("error").is_none(), "{mode:?}: {answer}");
        }
        // A lone surrogate is read as U+FFFD, which the WHATWG path percent-encodes.
        if mode.is_empty() {
            assert_eq!(answers[1]["href"], "http://h/%EF%BF%BDx");
        } else {
            assert_eq!(answers[1]["path"], "/\u{FFFD}x");
        }
    }
}

#[test]
fn long_lines_and_quadratic_shapes_are_answered() {
    let long = format!("http://h/{}", "a".repeat(10 << 20));
    let dots = format!("http://h/{}end", "a/../".repeat(20_000));
    let stdin = [request(&long), request(&dots), request("http://h/after")].join("\n");
    for mode in MODES {
        let answers = jsonl(mode, stdin.clone().into_bytes());
        assert_eq!(answers.len(), 3, "{mode:?}");
        assert!(answers_marker(&answers[0], &"a".repeat(10 << 20)), "{mode:?}");
        let field = if mode.is_empty() { "href" } else { "path" };
        let dots_answer = answers[1][field].as_str().unwrap();
        // WHATWG removes the dot segments; the RFC modes describe the input as written.
        assert!(dots_answer.ends_with("end"), "{mode:?}: {}", &dots_answer[..40]);
        assert!(answers_marker(&answers[2], "after"), "{mode:?}: {}", answers[2]);
    }
}
