//! The HTTP oracle against a small service on the loopback interface: batches are POSTed,
//! answers matched by id, and a batch that fails as a whole (HTTP 500, no reply in time) is
//! split until exactly the case at fault is marked.

mod http_support;

use std::io::{BufReader, Write};
use std::net::{TcpListener, TcpStream};
use std::time::Duration;

use serde_json::{json, Value};
use urldiff_oracles::subprocess::{HttpOracle, HttpSettings};
use urldiff_oracles::{Answer, Availability, Case, Oracle, Record};

/// Serve at most `limit` connections on 127.0.0.1, one thread each; returns the address.
fn serve(limit: usize) -> String {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let address = format!("http://{}/parse", listener.local_addr().unwrap());
    std::thread::spawn(move || {
        for stream in listener.incoming().take(limit).flatten() {
            std::thread::spawn(move || handle(stream));
        }
    });
    address
}

fn handle(stream: TcpStream) {
    let mut reader = BufReader::new(stream.try_clone().unwrap());
    let Some(body) = http_support::read_body(&mut reader) else { return };
    let request: Value = serde_json::from_slice(&body).unwrap();
    let cases = request["cases"].as_array().unwrap();
    let inputs: Vec<&str> = cases.iter().map(|c| c["input"].as_str().unwrap()).collect();
    let (status, reply) = if inputs.contains(&"HANG") {
        std::thread::sleep(Duration::from_millis(1_500));
        (200, json!({ "answers": [] }))
    } else if inputs.contains(&"CRASH") {
        (500, json!({ "error": "boom" }))
    } else {
        let answers: Vec<Value> = cases
            .iter()
            .map(
                |c| json!({ "id": c["id"], "outcome": "parsed", "record": { "href": c["input"] } }),
            )
            .collect();
        let hello =
            json!({ "name": "svc", "version": "svc 2.0", "model": "whatwg", "fields": ["href"] });
        (200, json!({ "hello": hello, "answers": answers }))
    };
    let body = reply.to_string();
    let mut stream = stream;
    let _ = write!(
        stream,
        "HTTP/1.1 {status} X\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
}

fn settings(url: String) -> HttpSettings {
    HttpSettings {
        name: "svc".into(),
        url,
        batch_size: 8,
        timeout: Duration::from_millis(400),
        fields: vec![],
        case_kinds: vec![],
        claim: Default::default(),
    }
}

fn href(answer: &Answer) -> Option<&str> {
    match answer {
        Answer::Parsed { record: Record::Whatwg(r), .. } => r.href.as_deref(),
        _ => None,
    }
}

#[test]
fn batches_are_posted_and_faults_are_isolated() {
    let oracle = HttpOracle::new(settings(serve(200)));
    assert_eq!(oracle.availability(), Availability::Available);
    assert_eq!(oracle.info().version, "svc 2.0");
    let mut inputs: Vec<String> = (0..20).map(|i| format!("u{i}")).collect();
    inputs[3] = "CRASH".into();
    inputs[13] = "HANG".into();
    let cases: Vec<Case> = inputs.iter().map(|i| Case::parse(i.as_str(), None)).collect();
    let answers = oracle.answer_batch(&cases).unwrap();
    assert_eq!(answers.len(), 20);
    for (i, (input, answer)) in inputs.iter().zip(&answers).enumerate() {
        match i {
            3 => {
                let Answer::Crashed(crash) = answer else { panic!("{answer:?}") };
                assert_eq!((crash.oracle.as_str(), &crash.case), ("svc", &cases[3]));
                assert!(crash.cause.contains("HTTP 500"), "{crash}");
                assert!(crash.to_string().starts_with("svc crashed on <CRASH>: "), "{crash}");
            }
            13 => {
                let Answer::TimedOut(timeout) = answer else { panic!("{answer:?}") };
                assert_eq!((timeout.oracle.as_str(), &timeout.case), ("svc", &cases[13]));
                assert_eq!(timeout.limit_ms, 400);
            }
            _ => assert_eq!(href(answer), Some(input.as_str()), "case {i}"),
        }
    }
}

#[test]
fn a_service_that_is_not_there_is_unavailable() {
    // A loopback port held by a listener that hangs up on every connection: a port merely
    // freed again could be taken by another test's server meanwhile.
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let port = listener.local_addr().unwrap().port();
    std::thread::spawn(move || listener.incoming().for_each(drop));
    let oracle = HttpOracle::new(settings(format!("http://127.0.0.1:{port}/parse")));
    let Availability::Unavailable { reason } = oracle.availability() else { panic!() };
    assert!(reason.starts_with("svc:"), "{reason}");
}
