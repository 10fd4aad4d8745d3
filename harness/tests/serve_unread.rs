//! `urldiff serve` against clients that send large batches and never read the answers: the
//! server must stay responsive, hold at most one batch's answers per connection (it reads no
//! next request while an answer is unwritten) and at most `MAX_HELD_CASES` in all, and close
//! such a connection after its write limit, giving back what it held. Memory itself (RSS) is
//! measured by the `serve_unread` bench, not here.

mod serve_support;

use serve_support::{config, get, post, start};
use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::time::{Duration, Instant};
use urldiff_oracles::reference::ReferenceOracle;
use urldiff_oracles::reference_rfc::ReferenceRfc3986Oracle;
use urldiff_oracles::Oracle;
use urldiff_serve::{MAX_BATCH, MAX_HELD_CASES};

/// A batch of `MAX_BATCH` cases of about 900 bytes each (the body under the 1 MiB limit),
/// whose answers (each oracle's href, path, …) make some megabytes.
fn big_batch() -> String {
    let cases: Vec<serde_json::Value> = (0..MAX_BATCH)
        .map(|i| {
            let path = "a/".repeat(440);
            serde_json::json!({ "input": format!("http://h{i}.example/{path}"), "base": null })
        })
        .collect();
    serde_json::json!({ "cases": cases }).to_string()
}

/// Send `batches` requests back to back on one connection and never read; the connection
/// is handed back once the writes end (the server took them all, or closed the connection
/// while they waited: it reads no next request while an answer is unwritten).
fn unread_client(
    addr: SocketAddr,
    body: String,
    batches: usize,
) -> std::thread::JoinHandle<Option<TcpStream>> {
    std::thread::spawn(move || {
        let mut stream = TcpStream::connect(addr).ok()?;
        stream.set_write_timeout(Some(Duration::from_secs(300))).unwrap();
        let head = format!(
            "POST /api/compare HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: \
             application/json\r\nContent-Length: {}\r\n\r\n",
            body.len()
        );
        for _ in 0..batches {
            let sent =
                stream.write_all(head.as_bytes()).and_then(|()| stream.write_all(body.as_bytes()));
            if sent.is_err() {
                break;
            }
        }
        Some(stream)
    })
}

/// Read what the server wrote until it closed the connection: the bytes read.
fn drain(mut stream: TcpStream) -> usize {
    stream.set_read_timeout(Some(Duration::from_secs(300))).unwrap();
    let mut sink = vec![0u8; 1 << 16];
    let mut total = 0;
    loop {
        match stream.read(&mut sink) {
            Ok(0) | Err(_) => return total,
            Ok(n) => total += n,
        }
    }
}

/// Wait (a generous limit as a safety net only) until `done`.
fn wait_until(what: &str, mut done: impl FnMut() -> bool) {
    let safety = Instant::now() + Duration::from_secs(300);
    while !done() {
        assert!(Instant::now() < safety, "never: {what}");
        std::thread::sleep(Duration::from_millis(20));
    }
}

#[test]
fn clients_that_never_read_hold_one_batch_each_and_are_closed() {
    let runs = tempfile::tempdir().unwrap();
    let mut config = config(runs.path());
    config.write_timeout = Duration::from_secs(2);
    let oracles: Vec<Box<dyn Oracle>> =
        vec![Box::new(ReferenceOracle::new()), Box::new(ReferenceRfc3986Oracle::new())];
    let server = start(config, oracles);
    let addr = server.addr;
    let body = big_batch();
    // More answers than the kernel's socket buffers on both sides take (some MB each).
    let (clients, batches) = (4, 8);
    let stalled: Vec<_> =
        (0..clients).map(|_| unread_client(addr, body.clone(), batches)).collect();
    // Their answers are computed and held, unread.
    wait_until("a batch's answers held", || server.held_cases() >= MAX_BATCH);
    // While they stall, others are answered, and no connection holds more than one batch.
    let mut most_held = 0;
    for _ in 0..10 {
        most_held = most_held.max(server.held_cases());
        assert_eq!(get(addr, "/api/oracles").status, 200);
        let one = post(addr, "/api/compare", r#"{"input": "http://a/b", "base": null}"#);
        assert_eq!(one.status, 200, "{}", one.body);
        most_held = most_held.max(server.held_cases());
    }
    assert!(most_held <= clients * MAX_BATCH, "{most_held} cases held by {clients} connections");
    assert!(most_held <= MAX_HELD_CASES);
    // Unread past their write limit, they are closed and what they held is given back (the
    // clients have read nothing yet).
    wait_until("every held answer given back", || server.held_cases() == 0);
    let full = post(addr, "/api/compare", &body);
    assert_eq!(full.status, 200);
    for client in stalled {
        let stream = client.join().unwrap().expect("connected");
        let read = drain(stream);
        assert!(
            read < batches * full.body.len(),
            "a closed connection gave {read} bytes, not the {batches} answers ({} each)",
            full.body.len()
        );
    }
    let after = post(addr, "/api/compare", r#"{"input": "http://a/b", "base": null}"#);
    assert_eq!(after.status, 200);
}
