//! Smaller service mends of issue 22: the media type is case-insensitive, and the Host check
//! reads the whole header (a port is digits, nothing after it).

mod serve_support;

use serve_support::*;
use std::io::{Read, Write};
use std::net::TcpStream;
use std::time::Duration;

/// A raw request (as written) and the whole response.
fn raw(addr: std::net::SocketAddr, request: &str) -> String {
    let mut stream = TcpStream::connect(addr).unwrap();
    stream.set_read_timeout(Some(Duration::from_secs(60))).unwrap();
    stream.write_all(request.as_bytes()).unwrap();
    let mut text = String::new();
    let _ = stream.read_to_string(&mut text);
    text
}

fn status_and_body(response: &str) -> (u16, &str) {
    let status = response.split(' ').nth(1).and_then(|s| s.parse().ok()).unwrap_or(0);
    (status, response.split_once("\r\n\r\n").map_or("", |(_, b)| b))
}

#[test]
fn the_media_type_is_matched_without_regard_to_case() {
    let dir = tempfile::tempdir().unwrap();
    let server = start_default(config(dir.path()));
    let reply = client()
        .post(format!("http://{}/api/compare", server.addr))
        .header("content-type", "Application/JSON; charset=UTF-8")
        .body(compare_body("http://a.example/", None))
        .send()
        .unwrap();
    assert_eq!(reply.status().as_u16(), 200, "{}", reply.text().unwrap());
}

#[test]
fn the_host_check_reads_the_whole_header() {
    let dir = tempfile::tempdir().unwrap();
    let server = start(config(dir.path()), Vec::new());
    let port = server.addr.port();
    for host in [
        "127.0.0.1:80@evil.com".to_owned(),
        format!("127.0.0.1:{port}@evil.com"),
        "localhost:x".to_owned(),
        "[::1]evil.com".to_owned(),
        "[::1]:80:81".to_owned(),
    ] {
        let response = raw(
            server.addr,
            &format!("GET /api/oracles HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n"),
        );
        let (status, _) = status_and_body(&response);
        assert!(status == 421 || status == 400, "{host}: {response}");
    }
    for host in [format!("127.0.0.1:{port}"), "localhost".to_owned(), format!("[::1]:{port}")] {
        let response = raw(
            server.addr,
            &format!("GET /api/oracles HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n"),
        );
        assert_eq!(status_and_body(&response).0, 200, "{host}: {response}");
    }
}
