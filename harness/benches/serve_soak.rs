//! `urldiff serve` under abuse, on loopback: 1,000 connections that send half a request's
//! headers and then nothing, held while 200 clients make requests (`GET /api/oracles`, each
//! on a connection of its own), then closed. Prints the clients' latency percentiles and the
//! server's resident size (VmRSS) before, during and after. The goals: the clients' p99 under
//! 1 s, and memory within ~50 MB of the baseline afterwards. No assertion: figures to read.
//!
//! `URLDIFF_SOAK_STALLED=N`, `URLDIFF_SOAK_CLIENTS=N`, `URLDIFF_SOAK_REQUESTS=N` (per client,
//! default 20) change the load.

#[path = "../tests/serve_support/load.rs"]
#[allow(dead_code)]
mod load;

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

fn main() {
    let (stalled_n, clients, per_client) = (
        var("URLDIFF_SOAK_STALLED", 1_000),
        var("URLDIFF_SOAK_CLIENTS", 200),
        var("URLDIFF_SOAK_REQUESTS", 20),
    );
    let runs = tempfile::tempdir().unwrap();
    let port = TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
    let addr: SocketAddr = format!("127.0.0.1:{port}").parse().unwrap();
    let mut server = Command::new(env!("CARGO_BIN_EXE_urldiff"))
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
    for _ in 0..200 {
        request(addr);
    }
    let baseline = rss_mb(&server);
    let stalled: Vec<TcpStream> = (0..stalled_n)
        .filter_map(|_| {
            let mut s = TcpStream::connect(addr).ok()?;
            s.write_all(b"GET /api/oracles HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Half: ").ok()?;
            Some(s)
        })
        .collect();
    let started = Instant::now();
    let results: Vec<Option<Duration>> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..clients)
            .map(|_| {
                scope.spawn(move || (0..per_client).map(|_| request(addr)).collect::<Vec<_>>())
            })
            .collect();
        handles.into_iter().flat_map(|h| h.join().unwrap()).collect()
    });
    let wall = started.elapsed().as_secs_f64();
    let during = rss_mb(&server);
    let opened = stalled.len();
    drop(stalled);
    std::thread::sleep(Duration::from_secs(2));
    let after = rss_mb(&server);
    let _ = server.kill();
    let _ = server.wait();
    let mut ok: Vec<Duration> = results.iter().flatten().copied().collect();
    ok.sort();
    let failed = results.len() - ok.len();
    let ms = |p: f64| match ok.is_empty() {
        true => f64::NAN,
        false => load::percentile(&ok, p).as_secs_f64() * 1e3,
    };
    println!(
        "serve_soak: {opened} stalled connections held; {clients} clients x {per_client} GET \
         /api/oracles: {} ok, {failed} failed, {:.0} req/s",
        ok.len(),
        ok.len() as f64 / wall
    );
    println!(
        "serve_soak: latency p50 {:.1} ms, p90 {:.1} ms, p99 {:.1} ms, max {:.1} ms (goal: p99 < 1000 ms)",
        ms(0.50),
        ms(0.90),
        ms(0.99),
        ms(1.0)
    );
    println!(
        "serve_soak: server RSS {baseline:.1} MB before, {during:.1} MB during, {after:.1} MB 2 s \
         after the stalled connections closed ({:+.1} MB; goal within ~50 MB)",
        after - baseline
    );
}
