//! `urldiff serve` under load, on loopback: compare requests from 8 clients at once (and from
//! one, for the latency of a lone request), every available oracle answering, against
//! separate `urldiff compare --json` runs (one process, and one start-up of every worker, per
//! input). Prints requests/s, the latency percentiles (p50, p90, p99) and the ratio. No
//! assertion on time; the answers are checked (status 200, the input echoed).
//!
//! `URLDIFF_BENCH_REQUESTS=N` sets the number of requests (default 2,000).

use serde_json::json;
use std::net::{SocketAddr, TcpListener};
use std::time::{Duration, Instant};
use urldiff_serve::{ServeConfig, Server};

const CLIENTS: usize = 8;
const SEPARATE: usize = 10;

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
        for (j, path) in paths.iter().enumerate() {
            let scheme = ["http", "https", "file", "ws", "foo"][(i + j) % 5];
            out.push((format!("{scheme}://{host}{path}"), None));
        }
    }
    for relative in ["../g", "//h/p", "?y", "..\\x", ""] {
        out.push((relative.to_owned(), Some("http://a/b/c/d;p?q".to_owned())));
    }
    out
}

fn percentile(sorted: &[Duration], p: f64) -> f64 {
    let i = ((sorted.len() as f64 * p).ceil() as usize).clamp(1, sorted.len()) - 1;
    sorted[i].as_secs_f64() * 1e3
}

/// `requests` compare requests from `clients` clients; the latencies and the wall time.
fn run(addr: SocketAddr, requests: usize, clients: usize) -> (Vec<Duration>, Duration) {
    let inputs = inputs();
    let started = Instant::now();
    let mut latencies: Vec<Duration> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..clients)
            .map(|c| {
                let inputs = &inputs;
                scope.spawn(move || {
                    let client = reqwest::blocking::Client::builder().no_proxy().build().unwrap();
                    let mut mine = Vec::new();
                    for n in (c..requests).step_by(clients) {
                        let (input, base) = &inputs[n % inputs.len()];
                        let body = json!({"input": input, "base": base}).to_string();
                        let sent = Instant::now();
                        let reply = client
                            .post(format!("http://{addr}/api/compare"))
                            .header("content-type", "application/json")
                            .body(body)
                            .send()
                            .unwrap();
                        assert_eq!(reply.status().as_u16(), 200);
                        let answer: serde_json::Value = reply.json().unwrap();
                        mine.push(sent.elapsed());
                        assert_eq!(answer["input"], json!(input));
                    }
                    mine
                })
            })
            .collect();
        handles.into_iter().flat_map(|h| h.join().unwrap()).collect()
    });
    latencies.sort();
    (latencies, started.elapsed())
}

fn report(what: &str, latencies: &[Duration], wall: Duration) -> f64 {
    let rate = latencies.len() as f64 / wall.as_secs_f64();
    println!(
        "{what}: {} requests in {:.2} s: {rate:.1} requests/s; latency p50 {:.2} ms, p90 {:.2} ms, \
         p99 {:.2} ms",
        latencies.len(),
        wall.as_secs_f64(),
        percentile(latencies, 0.50),
        percentile(latencies, 0.90),
        percentile(latencies, 0.99),
    );
    rate
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
    // Warm up: as many requests at once as there are jobs, so every worker is up.
    run(running.addr, CLIENTS * 4, CLIENTS);

    let (latencies, wall) = run(running.addr, requests, CLIENTS);
    let rate = report(&format!("serve, {CLIENTS} clients"), &latencies, wall);
    let (latencies, wall) = run(running.addr, requests / 4, 1);
    report("serve, 1 client", &latencies, wall);

    let inputs = inputs();
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
