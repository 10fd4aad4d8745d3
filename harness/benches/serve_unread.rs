//! `urldiff serve` against clients that send large batches and never read the answers (issue
//! 32, item 2): `URLDIFF_UNREAD_CLIENTS` connections (default 20), each sending
//! `URLDIFF_UNREAD_BATCHES` batches of 1,000 cases (default 8, about 1 MB each) back to back
//! and reading nothing, while one client times `GET /api/oracles`. Prints the server's
//! resident size (VmRSS) before, its peak during (sampled every 100 ms), and after the
//! clients close their connections, with the polling client's latencies. The server is this
//! build's `urldiff serve` with every available oracle, or the binary `URLDIFF_BIN` names (to
//! measure another build the same way). No assertion: figures to read (docs/benchmarks.md).

use std::io::{Read, Write};
use std::net::{SocketAddr, TcpListener, TcpStream};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

fn var(name: &str, default: usize) -> usize {
    std::env::var(name).ok().and_then(|v| v.parse().ok()).unwrap_or(default)
}

/// The server's resident size in MB (VmRSS).
fn rss_mb(child: &Child) -> f64 {
    let status =
        std::fs::read_to_string(format!("/proc/{}/status", child.id())).unwrap_or_default();
    let kb: f64 = status
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        .unwrap_or(0.0);
    kb / 1024.0
}

/// One `GET /api/oracles` on a connection of its own; its latency, or `None` when it failed.
fn request(addr: SocketAddr) -> Option<Duration> {
    let started = Instant::now();
    let mut stream = TcpStream::connect(addr).ok()?;
    stream.set_read_timeout(Some(Duration::from_secs(60))).ok()?;
    stream
        .write_all(b"GET /api/oracles HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
        .ok()?;
    let mut reply = Vec::new();
    stream.read_to_end(&mut reply).ok()?;
    reply.starts_with(b"HTTP/1.1 200").then(|| started.elapsed())
}

/// A batch of 1,000 cases of about 900 bytes each.
fn batch_request() -> Vec<u8> {
    let cases: Vec<String> = (0..1000)
        .map(|i| format!(r#"{{"input":"http://h{i}.example/{}","base":null}}"#, "a/".repeat(440)))
        .collect();
    let body = format!(r#"{{"cases":[{}]}}"#, cases.join(","));
    let mut out = format!(
        "POST /api/compare HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n\
         Content-Length: {}\r\n\r\n",
        body.len()
    )
    .into_bytes();
    out.extend(body.into_bytes());
    out
}

fn main() {
    let (clients, batches) = (var("URLDIFF_UNREAD_CLIENTS", 20), var("URLDIFF_UNREAD_BATCHES", 8));
    let bin = std::env::var("URLDIFF_BIN").unwrap_or_else(|_| env!("CARGO_BIN_EXE_urldiff").into());
    let runs = tempfile::tempdir().unwrap();
    let port = TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
    let addr: SocketAddr = format!("127.0.0.1:{port}").parse().unwrap();
    let mut server = Command::new(&bin)
        .args(["serve", "--addr", &addr.to_string(), "--runs"])
        .arg(runs.path())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("urldiff serve starts");
    let ready = Instant::now();
    while request(addr).is_none() {
        assert!(ready.elapsed() < Duration::from_secs(120), "urldiff serve did not come up");
        std::thread::sleep(Duration::from_millis(100));
    }
    let baseline = rss_mb(&server);
    let request_bytes = batch_request();
    let writers: Vec<_> = (0..clients)
        .map(|_| {
            let request_bytes = request_bytes.clone();
            std::thread::spawn(move || {
                let mut stream = TcpStream::connect(addr).ok()?;
                let _ = stream.set_write_timeout(Some(Duration::from_secs(60)));
                for _ in 0..batches {
                    if stream.write_all(&request_bytes).is_err() {
                        break;
                    }
                }
                Some(stream)
            })
        })
        .collect();
    // Under load for 60 s: the peak RSS, and the latency of a client that does read.
    let started = Instant::now();
    let (mut peak, mut latencies, mut failed) = (baseline, Vec::new(), 0);
    while started.elapsed() < Duration::from_secs(60) {
        peak = peak.max(rss_mb(&server));
        match request(addr) {
            Some(latency) => latencies.push(latency),
            None => failed += 1,
        }
        std::thread::sleep(Duration::from_millis(100));
    }
    let during = rss_mb(&server);
    let streams: Vec<TcpStream> = writers.into_iter().filter_map(|w| w.join().ok()?).collect();
    let held = streams.len();
    drop(streams);
    std::thread::sleep(Duration::from_secs(5));
    let after = rss_mb(&server);
    // Answers already being computed when their client went are finished, then dropped.
    std::thread::sleep(Duration::from_secs(25));
    let later = rss_mb(&server);
    let _ = server.kill();
    let _ = server.wait();
    latencies.sort();
    let ms = |p: f64| {
        latencies
            .get(((latencies.len() as f64 - 1.0) * p).round() as usize)
            .map_or(f64::NAN, |d| d.as_secs_f64() * 1e3)
    };
    println!("serve_unread: {bin}: {held} clients x {batches} batches of 1,000 cases, never read");
    println!(
        "serve_unread: GET /api/oracles meanwhile: {} ok, {failed} failed, p50 {:.1} ms, p99 \
         {:.1} ms, max {:.1} ms",
        latencies.len(),
        ms(0.5),
        ms(0.99),
        ms(1.0)
    );
    println!(
        "serve_unread: server RSS {baseline:.1} MB before, peak {peak:.1} MB during 60 s, \
         {during:.1} MB at 60 s, {after:.1} MB 5 s and {later:.1} MB 30 s after the clients \
         closed"
    );
}
