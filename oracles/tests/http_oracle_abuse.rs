//! The HTTP oracle against services that misbehave (issue 22): one that redirects elsewhere,
//! one whose reply never ends, one that stops answering. Each service is a small loopback
//! server that counts the requests it got.

mod http_support;

use std::io::{BufReader, Read, Write};
use std::net::{TcpListener, TcpStream};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Duration;

use serde_json::{json, Value};
use urldiff_oracles::subprocess::{HttpOracle, HttpSettings};
use urldiff_oracles::{Answer, Availability, Case, Oracle};

/// What a test service does with one request: the status line's code, extra headers and body
/// (`None`: hold the connection without answering, until the client goes).
type Handler = Arc<dyn Fn(&Value) -> Option<(u16, String, Vec<u8>)> + Send + Sync>;

/// Serve on 127.0.0.1; returns the address and the count of requests read.
fn serve(handler: Handler) -> (String, Arc<AtomicUsize>) {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let address = format!("http://{}/parse", listener.local_addr().unwrap());
    let count = Arc::new(AtomicUsize::new(0));
    let counted = Arc::clone(&count);
    std::thread::spawn(move || {
        for stream in listener.incoming().flatten() {
            let (handler, counted) = (Arc::clone(&handler), Arc::clone(&counted));
            std::thread::spawn(move || handle(stream, &handler, &counted));
        }
    });
    (address, count)
}

fn handle(stream: TcpStream, handler: &Handler, count: &AtomicUsize) {
    let mut reader = BufReader::new(stream.try_clone().unwrap());
    let Some(body) = http_support::read_body(&mut reader) else { return };
    count.fetch_add(1, Ordering::SeqCst);
    let request: Value = serde_json::from_slice(&body).unwrap_or(Value::Null);
    let Some((status, headers, reply)) = handler(&request) else {
        // Hold the connection until the client gives up.
        let _ = reader.read_to_end(&mut Vec::new());
        return;
    };
    let mut stream = stream;
    let head = format!(
        "HTTP/1.1 {status} X\r\nContent-Type: application/json\r\nContent-Length: {}\r\n{headers}Connection: close\r\n\r\n",
        reply.len()
    );
    let _ = stream.write_all(head.as_bytes());
    let _ = stream.write_all(&reply);
}

fn hello() -> Value {
    json!({ "name": "svc", "version": "svc 2.0", "model": "whatwg", "fields": ["href"] })
}

/// Echo answers (href = input) with the hello.
fn echo(request: &Value) -> Vec<u8> {
    let answers: Vec<Value> = request["cases"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|c| json!({ "id": c["id"], "outcome": "parsed", "record": { "href": c["input"] } }))
        .collect();
    json!({ "hello": hello(), "answers": answers }).to_string().into_bytes()
}

fn settings(url: String, timeout_ms: u64) -> HttpSettings {
    HttpSettings {
        name: "svc".into(),
        url,
        batch_size: 256,
        timeout: Duration::from_millis(timeout_ms),
        fields: vec![],
        case_kinds: vec![],
        claim: Default::default(),
    }
}

fn cases(n: usize) -> Vec<Case> {
    (0..n).map(|i| Case::parse(format!("http://in{i}.example/"), None)).collect()
}

/// A redirect is an error of the reply, never followed: the cases (which may be what a person
/// typed into the viewer) reach no other host, and a 302 does not turn the POST into a GET.
#[test]
fn redirects_are_not_followed() {
    let (elsewhere, reached) = serve(Arc::new(|request| Some((200, String::new(), echo(request)))));
    for code in [307, 302] {
        let location = format!("Location: {elsewhere}\r\n");
        let (url, _) = serve(Arc::new(move |_| Some((code, location.clone(), b"{}".to_vec()))));
        let oracle = HttpOracle::new(settings(url, 5_000));
        let Availability::Unavailable { reason } = oracle.availability() else {
            panic!("a {code} handshake made svc available")
        };
        assert!(reason.starts_with("svc:") && reason.contains(&code.to_string()), "{reason}");
    }
    // The handshake succeeds, then every batch is redirected.
    let (url, _) = serve(Arc::new({
        let elsewhere = elsewhere.clone();
        move |request: &Value| match request["cases"].as_array().map(Vec::len) {
            Some(0) => Some((200, String::new(), echo(request))),
            _ => Some((307, format!("Location: {elsewhere}\r\n"), b"{}".to_vec())),
        }
    }));
    let oracle = HttpOracle::new(settings(url, 5_000));
    assert_eq!(oracle.availability(), Availability::Available);
    let answers = oracle.answer_batch(&cases(2)).unwrap();
    for answer in &answers {
        let Answer::Crashed(crash) = answer else { panic!("{answer:?}") };
        assert!(crash.cause.contains("307"), "{crash}");
    }
    assert_eq!(reached.load(Ordering::SeqCst), 0, "a redirect was followed");
}

/// A reply larger than the limit ends as a crash naming the oracle and the limit, read no
/// further than the limit.
#[test]
fn a_reply_over_the_size_limit_is_refused_naming_the_oracle() {
    let (url, _) = serve(Arc::new(|request: &Value| {
        let huge = "x".repeat(3 << 20);
        let answers: Vec<Value> = request["cases"]
            .as_array()
            .into_iter()
            .flatten()
            .map(|c| json!({ "id": c["id"], "outcome": "parsed", "record": { "href": huge } }))
            .collect();
        Some((
            200,
            String::new(),
            json!({ "hello": hello(), "answers": answers }).to_string().into_bytes(),
        ))
    }));
    let oracle = HttpOracle::new(settings(url, 10_000)).with_max_reply(1 << 20);
    assert_eq!(oracle.availability(), Availability::Available);
    let answers = oracle.answer_batch(&cases(1)).unwrap();
    let Answer::Crashed(crash) = &answers[0] else {
        panic!("an over-size reply was read as {}", answers[0].outcome())
    };
    assert_eq!(crash.oracle, "svc");
    assert!(crash.cause.contains("larger than 1048576 bytes"), "{crash}");
}

/// A service that stops answering after its handshake costs a bounded number of POSTs per
/// batch, not 2n − 1 (every half retried down to single cases); every case ends timed out.
#[test]
fn a_service_that_stops_answering_costs_a_bounded_number_of_posts() {
    let (url, posts) =
        serve(Arc::new(|request: &Value| match request["cases"].as_array().map(Vec::len) {
            Some(0) => Some((200, String::new(), echo(request))),
            _ => None,
        }));
    let oracle = HttpOracle::new(settings(url, 200));
    assert_eq!(oracle.availability(), Availability::Available);
    posts.store(0, Ordering::SeqCst);
    let answers = oracle.answer_batch(&cases(16)).unwrap();
    assert!(answers.iter().all(|a| a.outcome() == "timed-out"), "{answers:?}");
    // Enough to isolate one stuck case among 16 (log2 16 + 1 halvings), far below 31.
    let n = posts.load(Ordering::SeqCst);
    assert!(n <= 6, "{n} POSTs for one batch of 16 cases");
}
