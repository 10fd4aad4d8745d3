//! `urldiff serve` under abuse (issue 22): connections that stop in the middle of their
//! headers are closed by the header-read time limit (and past the connection limit, new ones
//! wait for a free slot instead of exhausting descriptors); FIFOs in the runs folder are never
//! opened, so dashboard loads cannot pile up threads blocked on them.

mod serve_support;

use serve_support::*;
use std::io::{Read, Write};
use std::net::TcpStream;
use std::process::Command;
use std::time::Duration;

/// A connection that sent half a request's headers and then nothing.
fn stalled(addr: std::net::SocketAddr) -> TcpStream {
    let mut stream = TcpStream::connect(addr).unwrap();
    stream.write_all(b"GET /api/oracles HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Half: ").unwrap();
    stream
}

/// Whether the server closed `stream` (end of file or a reset, possibly after an error
/// response); the read waits at most a minute, a guard against hanging, not a measurement.
fn closed_by_the_server(mut stream: TcpStream) -> bool {
    stream.set_read_timeout(Some(Duration::from_secs(60))).unwrap();
    let mut sink = Vec::new();
    match stream.read_to_end(&mut sink) {
        Ok(_) => true,
        Err(e) => {
            e.kind() != std::io::ErrorKind::WouldBlock && e.kind() != std::io::ErrorKind::TimedOut
        }
    }
}

#[test]
fn connections_stalled_in_their_headers_are_closed_and_others_still_served() {
    let dir = tempfile::tempdir().unwrap();
    let mut config = config(dir.path());
    config.header_read_timeout = Duration::from_millis(500);
    config.max_connections = 4;
    let server = start(config, Vec::new());
    // More stalled connections than the limit: the later ones wait for a slot, then stall too.
    let streams: Vec<TcpStream> = (0..6).map(|_| stalled(server.addr)).collect();
    // A client that sends its request gets its answer once a slot is free.
    let reply = get(server.addr, "/api/oracles");
    assert_eq!(reply.status, 200, "{}", reply.body);
    for stream in streams {
        assert!(closed_by_the_server(stream), "a stalled connection was left open");
    }
}

/// A FIFO named like a run file (a conform run, a campaign's status, a report) is shown as not
/// a regular file and never opened: each load answers at once, however many there are.
#[test]
fn fifos_in_the_runs_folder_are_never_opened() {
    let top = tempfile::tempdir().unwrap();
    let runs = top.path().join("runs");
    let campaign = runs.join("fuzz");
    std::fs::create_dir_all(runs.join("conform")).unwrap();
    std::fs::create_dir_all(&campaign).unwrap();
    std::fs::write(campaign.join("history.jsonl"), "").unwrap();
    for fifo in
        [runs.join("conform/run.json"), campaign.join("status.json"), campaign.join("report.json")]
    {
        let made = Command::new("mkfifo").arg(&fifo).status().expect("mkfifo (coreutils)");
        assert!(made.success());
    }
    let mut config = config(&runs);
    // A blocked load would end as this 503; one that does not block answers 200.
    config.request_limit = Duration::from_secs(20);
    config.jobs = 2;
    let server = start(config, Vec::new());
    for _ in 0..6 {
        let reply = get(server.addr, "/api/runs");
        assert_eq!(reply.status, 200, "{}", reply.body);
        let api = reply.json();
        let problem = api["conform"]["problem"].as_str().unwrap_or_default();
        assert!(problem.contains("not a regular file"), "{problem}");
        let campaign = &api["campaigns"][0];
        let problem = campaign["status_problem"].as_str().unwrap_or_default();
        assert!(problem.contains("not a regular file"), "{campaign}");
    }
    let page = get(server.addr, "/runs");
    assert_eq!(page.status, 200);
    let (status, body) = raw_get(server.addr, "/runs/file/fuzz/report.json");
    assert_eq!(status, 404, "{body}");
    let (status, body) = raw_get(server.addr, "/runs/conform");
    assert_eq!(status, 404, "{body}");
}

/// A campaign folder whose name is not UTF-8 (a Latin-1 `é`): its dashboard links lead to its
/// files, byte for byte.
#[cfg(unix)]
#[test]
fn a_campaign_folder_named_in_another_encoding_links_to_its_files() {
    use std::os::unix::ffi::OsStrExt;
    let top = tempfile::tempdir().unwrap();
    let runs = top.path().join("runs");
    let campaign = runs.join(std::ffi::OsStr::from_bytes(b"caf\xe9"));
    std::fs::create_dir_all(&campaign).unwrap();
    std::fs::write(campaign.join("history.jsonl"), "").unwrap();
    std::fs::write(campaign.join("report.md"), "# the report\n").unwrap();
    let server = start(config(&runs), Vec::new());
    let api = get(server.addr, "/api/runs").json();
    let files = api["campaigns"][0]["files"].as_array().unwrap().clone();
    let href = |label: &str| {
        files.iter().find(|f| f["label"].as_str().unwrap().contains(label)).unwrap()["href"]
            .as_str()
            .unwrap()
            .to_owned()
    };
    let (status, body) = raw_get(server.addr, &href("Markdown"));
    assert_eq!((status, body.as_str()), (200, "# the report\n"), "{}", href("Markdown"));
    let (status, body) = raw_get(server.addr, &href("history"));
    assert_eq!(status, 200, "{body}");
}
