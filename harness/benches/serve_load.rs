//! `urldiff serve` under load, on loopback: compare requests from 8 clients at once (and from
//! one, for the latency of a lone request), every available oracle answering, against
//! separate `urldiff compare --json` runs (one process, and one start-up of every worker, per
//! input). Prints requests/s, the latency percentiles (p50, p90, p99) and the ratio. No
//! assertion on time; the answers are checked (status 200, the input echoed).
//!
//! `URLDIFF_BENCH_REQUESTS=N` sets the number of requests (default 2,000).

#[path = "../tests/serve_support/load.rs"]
mod load;

use load::Load;
use serde_json::json;
use std::net::TcpListener;
use std::time::Instant;
use urldiff_serve::{ServeConfig, Server};

const CLIENTS: usize = 8;
const SEPARATE: usize = 10;

/// Status 200 and the input echoed back.
fn check(n: usize, (input, _): &load::Input, status: u16, body: &str) {
    assert_eq!(status, 200, "request {n}: {body}");
    let answer: serde_json::Value = serde_json::from_str(body).unwrap();
    assert_eq!(answer["input"], json!(input));
}

fn report(what: &str, load: &Load) -> f64 {
    println!("{what}: {}", load.summary());
    load.rate()
}

fn main() {
    let requests: usize =
        std::env::var("URLDIFF_BENCH_REQUESTS").ok().and_then(|n| n.parse().ok()).unwrap_or(2_000);
    let runs = tempfile::tempdir().unwrap();
    let config = ServeConfig::new(runs.path().to_owned());
    let jobs = config.jobs;
    let oracles = urldiff_oracles::default_oracles(&config.registry_config().unwrap());
    let server = Server::new(config, oracles).unwrap();
    let oracles = server.oracle_names().len();
    let running = server.start(TcpListener::bind("127.0.0.1:0").unwrap()).unwrap();
    println!("serve_load: {oracles} oracles available, {jobs} jobs, {CLIENTS} clients");
    let inputs = load::inputs(true);
    // Warm up: as many requests at once as there are jobs, so every worker is up.
    load::run(running.addr, &inputs, CLIENTS * 4, CLIENTS, check);

    let rate = report(
        &format!("serve, {CLIENTS} clients"),
        &load::run(running.addr, &inputs, requests, CLIENTS, check),
    );
    report("serve, 1 client", &load::run(running.addr, &inputs, requests / 4, 1, check));

    let started = Instant::now();
    for (input, base) in inputs.iter().take(SEPARATE) {
        let mut cmd = std::process::Command::new(env!("CARGO_BIN_EXE_urldiff"));
        cmd.args(["compare", "--json"]);
        if let Some(base) = base {
            cmd.args(["--base", base]);
        }
        let out = cmd.arg("--").arg(input).output().unwrap();
        assert!(out.status.success());
    }
    let separate = SEPARATE as f64 / started.elapsed().as_secs_f64();
    println!(
        "separate `urldiff compare --json` runs: {separate:.2} inputs/s ({SEPARATE} runs); serve \
         with {CLIENTS} clients answers {:.0}x as many",
        rate / separate
    );
}
