//! A bounded load test of `urldiff serve`, on loopback: 500 compare requests from 8 clients at
//! once, every oracle answering, each answer checked against `urldiff compare --jsonl`'s
//! answer for the same input (run once, separately). No assertion on time: the rate and the
//! latency percentiles are printed (`cargo test -p urldiff --test serve_load -- --nocapture`);
//! `cargo bench -p urldiff --bench serve_load` measures them on an optimized build.

mod serve_support;

use serde_json::{json, Value};
use serve_support::*;
use std::collections::HashMap;
use std::time::{Duration, Instant};

const REQUESTS: usize = 500;
const CLIENTS: usize = 8;

/// Inputs of the shapes parsers disagree on, with and without a base.
fn inputs() -> Vec<(String, Option<String>)> {
    let hosts = [
        "example.com",
        "EXAMPLE.com",
        "0x7f.1",
        "[::1]",
        "ｅｘａｍｐｌｅ.com",
        "bücher.example",
        "evil.example\\@good.example",
        "u:p@h.test:8080",
        "h.test:80",
        "",
    ];
    let paths = ["/", "/a/../b", "/%2e%2e/x", "/a b?q=1#f", "\\\\x"];
    let mut out = Vec::new();
    for (i, host) in hosts.iter().enumerate() {
        let scheme = ["http", "https", "file", "ws", "foo"][i % 5];
        out.push((format!("{scheme}://{host}{}", paths[i % paths.len()]), None));
    }
    for relative in ["../g", "//h/p", "?y", "..\\x", ""] {
        out.push((relative.to_owned(), Some("http://a/b/c/d;p?q".to_owned())));
    }
    out
}

/// `urldiff compare --jsonl`'s answer for each input.
fn expected(inputs: &[(String, Option<String>)]) -> HashMap<(String, Option<String>), Value> {
    let requests: Vec<Value> =
        inputs.iter().map(|(input, base)| json!({"input": input, "base": base})).collect();
    let answers = cli_compare_jsonl(&requests);
    assert_eq!(answers.len(), inputs.len());
    inputs.iter().cloned().zip(answers).collect()
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    let i = ((sorted.len() as f64 * p).ceil() as usize).clamp(1, sorted.len()) - 1;
    sorted[i]
}

#[test]
fn concurrent_compare_requests_are_all_answered_correctly() {
    let inputs = inputs();
    let expected = expected(&inputs);
    let runs = tempfile::tempdir().unwrap();
    let server = start_default(config(runs.path()));
    let addr = server.addr;
    // Warm up: every worker started and the code paths touched once.
    post(addr, "/api/compare", &compare_body("http://warm.example/", None));

    let started = Instant::now();
    let mut latencies: Vec<Duration> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..CLIENTS)
            .map(|c| {
                let (inputs, expected) = (&inputs, &expected);
                scope.spawn(move || {
                    let client = client();
                    let mut mine = Vec::new();
                    for n in (c..REQUESTS).step_by(CLIENTS) {
                        let (input, base) = &inputs[n % inputs.len()];
                        let sent = Instant::now();
                        let reply = post_with(
                            &client,
                            addr,
                            "/api/compare",
                            &compare_body(input, base.as_deref()),
                        );
                        mine.push(sent.elapsed());
                        assert_eq!(reply.status, 200, "request {n}: {}", reply.body);
                        let want = &expected[&(input.clone(), base.clone())];
                        assert_eq!(&reply.json(), want, "request {n}: {input:?}");
                    }
                    mine
                })
            })
            .collect();
        handles.into_iter().flat_map(|h| h.join().unwrap()).collect()
    });
    let wall = started.elapsed();
    assert_eq!(latencies.len(), REQUESTS);
    latencies.sort();
    println!(
        "serve_load: {REQUESTS} requests, {CLIENTS} clients, {} distinct inputs: {:.1} requests/s; \
         latency p50 {:.1} ms, p90 {:.1} ms, p99 {:.1} ms, max {:.1} ms (debug build)",
        inputs.len(),
        REQUESTS as f64 / wall.as_secs_f64(),
        percentile(&latencies, 0.50).as_secs_f64() * 1e3,
        percentile(&latencies, 0.90).as_secs_f64() * 1e3,
        percentile(&latencies, 0.99).as_secs_f64() * 1e3,
        latencies.last().unwrap().as_secs_f64() * 1e3,
    );
}
