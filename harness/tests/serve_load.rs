//! A bounded load test of `urldiff serve`, on loopback: 500 compare requests from 8 clients at
//! once, every oracle answering, each answer checked against `urldiff compare --jsonl`'s
//! answer for the same input (run once, separately). No assertion on time: the rate and the
//! latency percentiles are printed (`cargo test -p urldiff --test serve_load -- --nocapture`);
//! `cargo bench -p urldiff --bench serve_load` measures them on an optimized build.

mod serve_support;

use serde_json::{json, Value};
use serve_support::load::{self, Input};
use serve_support::*;
use std::collections::HashMap;

const REQUESTS: usize = 500;
const CLIENTS: usize = 8;

/// `urldiff compare --jsonl`'s answer for each input.
fn expected(inputs: &[Input]) -> HashMap<Input, Value> {
    let requests: Vec<Value> =
        inputs.iter().map(|(input, base)| json!({"input": input, "base": base})).collect();
    let answers = cli_compare_jsonl(&requests);
    assert_eq!(answers.len(), inputs.len());
    inputs.iter().cloned().zip(answers).collect()
}

#[test]
fn concurrent_compare_requests_are_all_answered_correctly() {
    let inputs = load::inputs(false);
    let expected = expected(&inputs);
    let runs = tempfile::tempdir().unwrap();
    let server = start_default(config(runs.path()));
    // Warm up: every worker started and the code paths touched once.
    post(server.addr, "/api/compare", &compare_body("http://warm.example/", None));

    let measured = load::run(server.addr, &inputs, REQUESTS, CLIENTS, |n, input, status, body| {
        assert_eq!(status, 200, "request {n}: {body}");
        let answer: Value = serde_json::from_str(body).unwrap();
        assert_eq!(&answer, &expected[input], "request {n}: {input:?}");
    });
    assert_eq!(measured.latencies.len(), REQUESTS);
    println!(
        "serve_load: {CLIENTS} clients, {} distinct inputs: {}, max {:.1} ms (debug build)",
        inputs.len(),
        measured.summary(),
        measured.latencies.last().unwrap().as_secs_f64() * 1e3,
    );
}
