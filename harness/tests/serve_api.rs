//! `urldiff serve`'s JSON API against the command line: `POST /api/compare` answers exactly
//! what `urldiff compare --json` prints (byte for byte), a batch answers what `urldiff compare
//! --jsonl` answers line by line, `GET /api/oracles` is `urldiff oracles --json` and `POST
//! /api/minimize` is `urldiff minimize --json` (but for the time it took). Then the limits:
//! 413 over 1 MiB, 400 for an over-long input and for malformed JSON, 421 for a foreign Host,
//! a refused non-loopback bind; generated hostile batches all answered; and no request ever
//! reaches a parsed host.

mod serve_support;

use serde_json::{json, Value};
use serve_support::*;

/// Inputs with something to show: the backslash confusion, a base, a failure, control and
/// invisible code points, IDNA, an IPv4 number form, an opaque path.
const CASES: &[(&str, Option<&str>)] = &[
    ("http://evil.example\\@good.example/", None),
    ("../g?q#f", Some("http://a/b/c/d;p?q")),
    ("http://[::1", None),
    ("http://exa\tmple.com/\u{200b}x", None),
    ("https://ＥＸＡＭＰＬＥ。com/", None),
    ("http://0x7f.1/", None),
    ("mailto:a@b", None),
    ("", Some("not a base")),
];

#[test]
fn compare_answers_exactly_what_urldiff_compare_json_prints() {
    let runs = tempfile::tempdir().unwrap();
    let server = start_default(config(runs.path()));
    for (input, base) in CASES {
        let reply = post(server.addr, "/api/compare", &compare_body(input, *base));
        assert_eq!(reply.status, 200, "{input:?}: {}", reply.body);
        assert_eq!(reply.header("content-type"), "application/json");
        assert_eq!(reply.body, cli_compare(input, *base), "{input:?} against {base:?}");
    }
}

#[test]
fn a_batch_answers_what_compare_jsonl_answers() {
    let runs = tempfile::tempdir().unwrap();
    let server = start_default(config(runs.path()));
    let cases: Vec<Value> =
        CASES.iter().map(|(input, base)| json!({"input": input, "base": base})).collect();
    let reply = post(server.addr, "/api/compare", &json!({ "cases": cases }).to_string());
    assert_eq!(reply.status, 200, "{}", reply.body);
    let answers = reply.json();
    let answers = answers.as_array().expect("an array");

    let lines = cli_compare_jsonl(&cases);
    assert_eq!(answers.len(), CASES.len());
    assert_eq!(answers, &lines);
    // And each element is the single answer.
    let single = post(server.addr, "/api/compare", &compare_body(CASES[0].0, None)).json();
    assert_eq!(answers[0], single);
}

#[test]
fn oracles_and_minimize_answer_as_the_commands() {
    let runs = tempfile::tempdir().unwrap();
    let server = start_default(config(runs.path()));
    let reply = get(server.addr, "/api/oracles");
    assert_eq!(reply.status, 200);
    let out = urldiff().args(["oracles", "--json"]).output().unwrap();
    let cli: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(reply.json(), cli);

    let input = "http://evil.example\\@good.example/";
    let reply = post(server.addr, "/api/minimize", &compare_body(input, None));
    assert_eq!(reply.status, 200, "{}", reply.body);
    assert_eq!(reply.header("x-urldiff-one-minimal"), "true");
    let out = urldiff().args(["minimize", "--json", "--", input]).output().unwrap();
    let mut cli: Value = serde_json::from_slice(&out.stdout).unwrap();
    let mut api = reply.json();
    // Every key but the time it took.
    for value in [&mut cli, &mut api] {
        assert!(value["seconds"].as_f64().unwrap() > 0.0);
        value.as_object_mut().unwrap().remove("seconds");
    }
    assert_eq!(api, cli);
    // A URL written with a backslash before its userinfo's `@` still splits the two worlds
    // after minimizing: it keeps the backslash and the `@`.
    let minimized = api["minimized"].as_str().unwrap();
    assert!(minimized.contains("\\@") && minimized.len() < input.len(), "{minimized}");

    // The oracles agree: a clear answer, not a result.
    let reply = post(server.addr, "/api/minimize", &compare_body("http://a/", None));
    assert_eq!(reply.status, 422);
    let answer = reply.json();
    assert_eq!(answer["divergent"], json!(false));
    assert!(answer["error"].as_str().unwrap().starts_with("nothing to minimize"), "{answer}");

    // A budget of one call: the original only, not proven 1-minimal.
    let body = json!({"input": input, "max_calls": 1}).to_string();
    let reply = post(server.addr, "/api/minimize", &body);
    assert_eq!(reply.status, 200, "{}", reply.body);
    assert_eq!(reply.header("x-urldiff-one-minimal"), "false");
    assert_eq!(reply.json()["oracle_calls"], json!(1));
}

/// A body of `size` bytes that is a valid compare request.
fn body_of_size(size: usize) -> String {
    let head = "{\"input\": \"";
    let tail = "\"}";
    format!("{head}{}{tail}", "a".repeat(size - head.len() - tail.len()))
}

/// POST to `path` a request that declares a body of `length` bytes and sends none; the status
/// and the body of the answer (read to the end: the server closes the connection).
fn declared_length_only(addr: std::net::SocketAddr, path: &str, length: usize) -> (u16, String) {
    use std::io::{Read, Write};
    let mut stream = std::net::TcpStream::connect(addr).expect("connect");
    let head = format!(
        "POST {path} HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\n\
         Content-Length: {length}\r\nConnection: close\r\n\r\n"
    );
    stream.write_all(head.as_bytes()).expect("send the headers");
    let mut answer = String::new();
    let _ = stream.read_to_string(&mut answer);
    let status = answer.split(' ').nth(1).and_then(|s| s.parse().ok()).unwrap_or(0);
    let body = answer.split_once("\r\n\r\n").map_or("", |(_, b)| b).to_owned();
    (status, body)
}

#[test]
fn the_limits_answer_json_errors() {
    let runs = tempfile::tempdir().unwrap();
    let server = start_default(config(runs.path()));
    let error = |reply: &Reply| reply.json()["error"].as_str().unwrap().to_owned();

    // Over 1 MiB: 413, with a declared length and chunked (no length declared). A declared
    // length over the limit is answered before the body is read, and the connection closed:
    // a client still writing the body may see a broken pipe instead of the answer (a race on
    // a busy machine), so the headers alone are sent and the answer read.
    let big = body_of_size((1 << 20) + 1);
    let (status, body) = declared_length_only(server.addr, "/api/compare", big.len());
    assert_eq!(status, 413, "{body}");
    assert!(body.contains("1048576 bytes"), "{body}");
    let chunks: Vec<Result<Vec<u8>, std::io::Error>> =
        big.as_bytes().chunks(64 * 1024).map(|c| Ok(c.to_vec())).collect();
    let streamed = client()
        .post(format!("http://{}/api/compare", server.addr))
        .header("content-type", "application/json")
        .body(reqwest::blocking::Body::new(ChunkReader::new(chunks)))
        .send()
        .unwrap();
    assert_eq!(streamed.status().as_u16(), 413);

    // Exactly 1 MiB is not too large; its input is too long.
    let reply = post(server.addr, "/api/compare", &body_of_size(1 << 20));
    assert_eq!(reply.status, 400);
    assert!(error(&reply).contains("the limit is 8192 bytes"), "{}", reply.body);

    // The input limit: 8192 bytes pass, 8193 do not; the base and batch cases too.
    let at_limit = format!("http://a/{}", "b".repeat(8192 - 9));
    assert_eq!(post(server.addr, "/api/compare", &compare_body(&at_limit, None)).status, 200);
    let over = format!("{at_limit}c");
    let reply = post(server.addr, "/api/compare", &compare_body(&over, None));
    assert_eq!(
        (reply.status, error(&reply)),
        (400, "the input is 8193 bytes long; the limit is 8192 bytes (UTF-8)".to_owned())
    );
    let reply = post(server.addr, "/api/compare", &compare_body("x", Some(&over)));
    assert!(reply.status == 400 && error(&reply).contains("the base is 8193 bytes"));
    let batch = json!({"cases": [{"input": "a"}, {"input": over}]}).to_string();
    let reply = post(server.addr, "/api/compare", &batch);
    assert!(
        reply.status == 400 && error(&reply).starts_with("case 1: the input"),
        "{}",
        reply.body
    );
    let reply = post(server.addr, "/api/minimize", &compare_body(&over, None));
    assert_eq!(reply.status, 400);
    let too_many = json!({"cases": vec![json!({"input": "a"}); 1001]}).to_string();
    let reply = post(server.addr, "/api/compare", &too_many);
    assert!(reply.status == 400 && error(&reply).contains("limit is 1000"));

    // Malformed JSON and wrong shapes: 400 with a reason.
    for (body, says) in [
        ("{\"input\": ", "not valid JSON"),
        ("[1, 2]", "not a request"),
        ("{\"input\": 3}", "not a request"),
        ("{\"inptu\": \"x\"}", "unknown field"),
        ("{}", "give \"input\""),
        ("{\"input\": \"a\", \"cases\": []}", "not both"),
    ] {
        let reply = post(server.addr, "/api/compare", body);
        assert_eq!(reply.status, 400, "{body}: {}", reply.body);
        assert!(error(&reply).contains(says), "{body}: {}", reply.body);
    }
    let reply = post(server.addr, "/api/view", "not json");
    assert_eq!(reply.status, 400);
    // Without the JSON content type.
    let reply = client()
        .post(format!("http://{}/api/compare", server.addr))
        .body("{\"input\": \"a\"}")
        .send()
        .unwrap();
    assert_eq!(reply.status().as_u16(), 400);
    // A lone surrogate is read as U+FFFD, as compare --jsonl reads it.
    let reply = post(server.addr, "/api/compare", "{\"input\": \"http://a/\\ud800\"}");
    assert_eq!(reply.status, 200);
    assert_eq!(reply.json()["input"], json!("http://a/\u{fffd}"));
    // Unknown pages are JSON 404s.
    assert_eq!(get(server.addr, "/api/nothing").status, 404);
}

/// A blocking reader over chunks, so reqwest sends the body chunked (no Content-Length).
struct ChunkReader {
    chunks: std::vec::IntoIter<Result<Vec<u8>, std::io::Error>>,
    current: std::io::Cursor<Vec<u8>>,
}

impl ChunkReader {
    fn new(chunks: Vec<Result<Vec<u8>, std::io::Error>>) -> Self {
        ChunkReader { chunks: chunks.into_iter(), current: std::io::Cursor::new(Vec::new()) }
    }
}

impl std::io::Read for ChunkReader {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        loop {
            let n = self.current.read(buf)?;
            if n > 0 {
                return Ok(n);
            }
            match self.chunks.next() {
                Some(chunk) => self.current = std::io::Cursor::new(chunk?),
                None => return Ok(0),
            }
        }
    }
}

#[test]
fn pages_carry_the_security_headers() {
    let runs = tempfile::tempdir().unwrap();
    let server = start_default(config(runs.path()));
    for path in ["/", "/runs", "/assets/app.js", "/api/oracles"] {
        let reply = get(server.addr, path);
        assert_eq!(reply.status, 200, "{path}");
        let csp = reply.header("content-security-policy");
        assert!(
            csp.contains("default-src 'none'") && csp.contains("script-src 'self'"),
            "{path}: {csp}"
        );
        assert!(!csp.contains("unsafe"), "{path}: {csp}");
        assert_eq!(reply.header("x-content-type-options"), "nosniff");
        assert_eq!(reply.header("x-frame-options"), "DENY");
    }
    // The page loads nothing from elsewhere: no absolute URL in a src or href of its own.
    let page = get(server.addr, "/").body;
    for attribute in ["src=\"", "href=\""] {
        for value in page.split(attribute).skip(1) {
            assert!(value.starts_with('/') || value.starts_with('#'), "{attribute}{value}");
        }
    }
    // A request for another name (DNS rebinding) is refused.
    let reply = client()
        .get(format!("http://{}/api/oracles", server.addr))
        .header("host", "attacker.example")
        .send()
        .unwrap();
    assert_eq!(reply.status().as_u16(), 421);
}

#[test]
fn it_parses_and_never_fetches() {
    // A listener on a port of this machine, named in every input and base: it must never see
    // a connection.
    let trap = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    trap.set_nonblocking(true).unwrap();
    let port = trap.local_addr().unwrap().port();
    let runs = tempfile::tempdir().unwrap();
    let server = start_default(config(runs.path()));
    let inputs = [
        format!("http://127.0.0.1:{port}/"),
        format!("http://localhost:{port}/x?y#z"),
        format!("https://u:p@127.0.0.1:{port}\\@evil.example/"),
        format!("//127.0.0.1:{port}/path"),
    ];
    let base = format!("http://127.0.0.1:{port}/base/");
    for input in &inputs {
        assert_eq!(post(server.addr, "/api/compare", &compare_body(input, None)).status, 200);
        assert_eq!(post(server.addr, "/api/view", &compare_body(input, Some(&base))).status, 200);
        let minimize = post(server.addr, "/api/minimize", &compare_body(input, Some(&base)));
        assert!(matches!(minimize.status, 200 | 422), "{}", minimize.body);
    }
    let cases: Vec<Value> = inputs.iter().map(|i| json!({"input": i, "base": base})).collect();
    assert_eq!(
        post(server.addr, "/api/compare", &json!({ "cases": cases }).to_string()).status,
        200
    );
    match trap.accept() {
        Err(e) if e.kind() == std::io::ErrorKind::WouldBlock => {}
        Ok((_, from)) => panic!("something connected to a parsed host, from {from}"),
        Err(e) => panic!("accept: {e}"),
    }
}

#[test]
fn a_non_loopback_address_needs_the_flag() {
    use urldiff_serve::check_bind;
    let any: std::net::SocketAddr = "0.0.0.0:0".parse().unwrap();
    let err = check_bind(any, false).unwrap_err().to_string();
    assert!(err.contains("--allow-remote"), "{err}");
    let warning = check_bind(any, true).unwrap().expect("a warning");
    assert!(warning.starts_with("warning:"), "{warning}");
    assert_eq!(check_bind("127.0.0.1:8484".parse().unwrap(), false).unwrap(), None);
    assert_eq!(check_bind("[::1]:8484".parse().unwrap(), false).unwrap(), None);

    // The command refuses before listening, with exit 2.
    let out = urldiff().args(["serve", "--addr", "0.0.0.0:0"]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("not a loopback address") && stderr.contains("--allow-remote"),
        "{stderr}"
    );
}

/// Generated hostile cases (a fixed seed): pieces URL parsers stumble on — C0 controls and NUL,
/// backslashes, `%` escapes good and bad, `@ : [ ] #`, IDNA dots and full-width letters,
/// bidirectional controls, zero-width joiners, astral code points — glued into inputs and
/// bases. Every view and compare answers 200, each case in order, no oracle crashed.
#[test]
fn hostile_batches_are_all_answered() {
    const PIECES: &[&str] = &[
        "http:",
        "https://",
        "file:///",
        "sc:",
        "//",
        "/",
        "\\",
        "\\\\",
        "@",
        ":",
        "::",
        "[",
        "]",
        "[::1]",
        "?",
        "#",
        "%",
        "%2e",
        "%zz",
        "%00",
        "..",
        ".",
        "\u{0}",
        "\t",
        "\n",
        "\u{1f}",
        "\u{7f}",
        " ",
        "\u{200d}",
        "\u{202e}",
        "\u{3002}",
        "ｅ",
        "ß",
        "İ",
        "xn--",
        "xn--a",
        "0x",
        "0x7f.1",
        "09",
        "4294967296",
        "😀",
        "\u{fffd}",
        "\u{e0001}",
        "a",
        "b.example",
        "~",
    ];
    let mut seed: u64 = 0x5eed;
    let mut next = |n: usize| {
        seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        (seed >> 33) as usize % n
    };
    let mut cases = Vec::new();
    for i in 0..300 {
        let input: String = (0..1 + next(10)).map(|_| PIECES[next(PIECES.len())]).collect();
        let base = match i % 3 {
            0 => Value::Null,
            1 => json!("http://h/p/q"),
            _ => json!((0..1 + next(6)).map(|_| PIECES[next(PIECES.len())]).collect::<String>()),
        };
        cases.push(json!({"input": input, "base": base}));
    }
    let runs = tempfile::tempdir().unwrap();
    let server = start_default(config(runs.path()));
    let reply = post(server.addr, "/api/compare", &json!({ "cases": cases }).to_string());
    assert_eq!(reply.status, 200, "{}", reply.body);
    let answers = reply.json();
    let answers = answers.as_array().unwrap();
    assert_eq!(answers.len(), cases.len());
    for (case, answer) in cases.iter().zip(answers) {
        assert_eq!((&answer["input"], &answer["base"]), (&case["input"], &case["base"]));
        for oracle in answer["answers"].as_array().unwrap() {
            let outcome = oracle["outcome"].as_str().unwrap();
            assert!(!matches!(outcome, "crashed" | "timed-out"), "{case}: {oracle}");
        }
    }
    for case in cases.iter().step_by(10) {
        let reply = post(server.addr, "/api/view", &case.to_string());
        assert_eq!(reply.status, 200, "{case}: {}", reply.body);
    }
}
