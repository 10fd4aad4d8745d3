//! The load generator of `urldiff serve`'s load test and its benches: inputs of the shapes
//! parsers disagree on, compare requests from several clients at once, and the latencies'
//! percentiles. Each caller checks every reply its own way (the test against
//! `urldiff compare --jsonl`, the bench by status and echoed input).

use serde_json::json;
use std::net::SocketAddr;
use std::time::{Duration, Instant};

/// One compare request: an input and its base.
pub type Input = (String, Option<String>);

/// Hosts and paths of the shapes parsers disagree on, each host with one path (`every_path`
/// false) or with every path, then relative references against an RFC 3986 base.
pub fn inputs(every_path: bool) -> Vec<Input> {
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
    let schemes = ["http", "https", "file", "ws", "foo"];
    let mut out = Vec::new();
    for (i, host) in hosts.iter().enumerate() {
        for (j, path) in paths.iter().enumerate() {
            if every_path || j == i % paths.len() {
                let scheme = schemes[(i + if every_path { j } else { 0 }) % schemes.len()];
                out.push((format!("{scheme}://{host}{path}"), None));
            }
        }
    }
    for relative in ["../g", "//h/p", "?y", "..\\x", ""] {
        out.push((relative.to_owned(), Some("http://a/b/c/d;p?q".to_owned())));
    }
    out
}

/// The JSON body of a compare request.
pub fn body((input, base): &Input) -> String {
    json!({"input": input, "base": base}).to_string()
}

/// What a load run measured: every request's latency (sorted) and the wall time.
#[derive(Debug)]
pub struct Load {
    pub latencies: Vec<Duration>,
    pub wall: Duration,
}

impl Load {
    pub fn rate(&self) -> f64 {
        self.latencies.len() as f64 / self.wall.as_secs_f64()
    }

    /// The latency below which a share `p` of the requests finished.
    pub fn percentile(&self, p: f64) -> Duration {
        percentile(&self.latencies, p)
    }

    /// `N requests in S s: R requests/s; latency p50 …, p90 …, p99 …` (milliseconds).
    pub fn summary(&self) -> String {
        let ms = |p: f64| self.percentile(p).as_secs_f64() * 1e3;
        format!(
            "{} requests in {:.2} s: {:.1} requests/s; latency p50 {:.2} ms, p90 {:.2} ms, \
             p99 {:.2} ms",
            self.latencies.len(),
            self.wall.as_secs_f64(),
            self.rate(),
            ms(0.50),
            ms(0.90),
            ms(0.99)
        )
    }
}

/// The value below which a share `p` of the `sorted` durations lie (nearest rank; `sorted`
/// must not be empty).
pub fn percentile(sorted: &[Duration], p: f64) -> Duration {
    let n = sorted.len();
    sorted[((n as f64 * p).ceil() as usize).clamp(1, n) - 1]
}

/// `requests` compare requests to `addr` from `clients` clients at once, request `n` sending
/// `inputs[n % len]`; `check(n, input, status, body)` judges each reply (it panics on a wrong
/// one). Latencies are measured up to the whole body.
pub fn run(
    addr: SocketAddr,
    inputs: &[Input],
    requests: usize,
    clients: usize,
    check: impl Fn(usize, &Input, u16, &str) + Sync,
) -> Load {
    let started = Instant::now();
    let mut latencies: Vec<Duration> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..clients)
            .map(|c| {
                let check = &check;
                scope.spawn(move || {
                    let client = reqwest::blocking::Client::builder()
                        .timeout(Duration::from_secs(120))
                        .no_proxy()
                        .build()
                        .expect("an HTTP client");
                    let mut mine = Vec::new();
                    for n in (c..requests).step_by(clients) {
                        let input = &inputs[n % inputs.len()];
                        let sent = Instant::now();
                        let reply = client
                            .post(format!("http://{addr}/api/compare"))
                            .header("content-type", "application/json")
                            .body(body(input))
                            .send()
                            .expect("a reply");
                        let status = reply.status().as_u16();
                        let text = reply.text().expect("a body");
                        mine.push(sent.elapsed());
                        check(n, input, status, &text);
                    }
                    mine
                })
            })
            .collect();
        handles.into_iter().flat_map(|h| h.join().unwrap()).collect()
    });
    latencies.sort();
    Load { latencies, wall: started.elapsed() }
}
