//! What the `serve_*` tests share: a server on 127.0.0.1:0 in this process, a blocking HTTP
//! client, a raw HTTP/1.1 request (for paths a URL library would normalize), and the urldiff
//! binary for the answers the API must equal.

#![allow(dead_code)]

use std::io::{Read, Write};
use std::net::{SocketAddr, TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;
use urldiff::serve::{Running, ServeConfig, Server};
use urldiff_oracles::{default_oracles, Oracle};

/// The urldiff binary of this build.
pub fn urldiff() -> Command {
    Command::new(env!("CARGO_BIN_EXE_urldiff"))
}

/// The repository's root.
pub fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// A server with every oracle of the registry (as `urldiff serve` builds it).
pub fn start_default(config: ServeConfig) -> Running {
    let oracles = default_oracles(&config.registry_config().expect("registry config"));
    start(config, oracles)
}

/// A server with these oracles, on 127.0.0.1 and a free port.
pub fn start(config: ServeConfig, oracles: Vec<Box<dyn Oracle>>) -> Running {
    let server = Server::new(config, oracles).expect("the server builds");
    let listener = TcpListener::bind("127.0.0.1:0").expect("a free port");
    server.start(listener).expect("the server starts")
}

/// A config reading `runs`.
pub fn config(runs: &Path) -> ServeConfig {
    ServeConfig::new(runs.to_owned())
}

/// A response: status, content type and body.
#[derive(Debug)]
pub struct Reply {
    pub status: u16,
    pub headers: reqwest::header::HeaderMap,
    pub body: String,
}

impl Reply {
    pub fn json(&self) -> serde_json::Value {
        serde_json::from_str(&self.body)
            .unwrap_or_else(|e| panic!("not JSON ({e}): {}", self.body))
    }

    pub fn header(&self, name: &str) -> &str {
        self.headers.get(name).and_then(|v| v.to_str().ok()).unwrap_or("")
    }
}

pub fn client() -> reqwest::blocking::Client {
    reqwest::blocking::Client::builder()
        .timeout(Duration::from_secs(120))
        .no_proxy()
        .build()
        .expect("an HTTP client")
}

fn reply(response: reqwest::blocking::Response) -> Reply {
    let status = response.status().as_u16();
    let headers = response.headers().clone();
    Reply { status, headers, body: response.text().expect("a body") }
}

/// POST `body` (JSON text) to `path`.
pub fn post(addr: SocketAddr, path: &str, body: &str) -> Reply {
    post_with(&client(), addr, path, body)
}

pub fn post_with(
    client: &reqwest::blocking::Client,
    addr: SocketAddr,
    path: &str,
    body: &str,
) -> Reply {
    let response = client
        .post(format!("http://{addr}{path}"))
        .header("content-type", "application/json")
        .body(body.to_owned())
        .send()
        .expect("the server answers");
    reply(response)
}

pub fn get(addr: SocketAddr, path: &str) -> Reply {
    reply(client().get(format!("http://{addr}{path}")).send().expect("the server answers"))
}

/// A GET of `target` exactly as written (no URL normalization): status and body.
pub fn raw_get(addr: SocketAddr, target: &str) -> (u16, String) {
    let mut stream = TcpStream::connect(addr).expect("connect");
    stream.set_read_timeout(Some(Duration::from_secs(60))).unwrap();
    write!(stream, "GET {target} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n").unwrap();
    let mut text = String::new();
    stream.read_to_string(&mut text).expect("a response");
    let status = text.split(' ').nth(1).and_then(|s| s.parse().ok()).expect("a status line");
    let body = text.split_once("\r\n\r\n").map_or("", |(_, b)| b).to_owned();
    (status, body)
}

/// `urldiff compare --json [--base B] INPUT`'s stdout.
pub fn cli_compare(input: &str, base: Option<&str>) -> String {
    let mut cmd = urldiff();
    cmd.args(["compare", "--json"]);
    if let Some(base) = base {
        cmd.args(["--base", base]);
    }
    let out = cmd.arg("--").arg(input).output().expect("urldiff runs");
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout).expect("UTF-8")
}

/// The body of a compare request.
pub fn compare_body(input: &str, base: Option<&str>) -> String {
    serde_json::json!({ "input": input, "base": base }).to_string()
}
