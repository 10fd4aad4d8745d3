//! What the `serve_*` tests share: a server on 127.0.0.1:0 in this process, a blocking HTTP
//! client, a raw HTTP/1.1 request (for paths a URL library would normalize), and the urldiff
//! binary for the answers the API must equal.

#![allow(dead_code)]

pub mod load;

use serde_json::{json, Value};
use std::io::{Read, Write};
use std::net::{SocketAddr, TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, SystemTime};
use urldiff_oracles::{default_oracles, Oracle};
use urldiff_serve::{Running, ServeConfig, Server};

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
        serde_json::from_str(&self.body).unwrap_or_else(|e| panic!("not JSON ({e}): {}", self.body))
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
    write!(stream, "GET {target} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
        .unwrap();
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

/// `urldiff compare --jsonl`'s answer to each request line, in order.
pub fn cli_compare_jsonl(requests: &[Value]) -> Vec<Value> {
    let mut child = urldiff()
        .args(["compare", "--jsonl"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::null())
        .spawn()
        .expect("urldiff runs");
    let mut stdin = child.stdin.take().expect("a stdin pipe");
    for request in requests {
        writeln!(stdin, "{request}").expect("urldiff reads its stdin");
    }
    drop(stdin);
    let out = child.wait_with_output().expect("urldiff ends");
    let text = String::from_utf8(out.stdout).expect("UTF-8");
    text.lines().map(|l| serde_json::from_str(l).expect("a JSON answer")).collect()
}

/// The body of a compare request.
pub fn compare_body(input: &str, base: Option<&str>) -> String {
    serde_json::json!({ "input": input, "base": base }).to_string()
}

// --- a runs folder (docs/campaign-layout.md) -----------------------------------------------

pub const SECRET: &str = "SECRET-7f3a: must never be served";
pub const HOSTILE: &str = "\"><script>alert(1)</script>";

fn write(path: &Path, text: &str) {
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(path, text).unwrap();
}

fn rfc3339(time: SystemTime) -> String {
    humantime::format_rfc3339_seconds(time).to_string()
}

fn status(state: &str, pid: Option<u32>, updated: Option<SystemTime>) -> String {
    json!({
        "schema_version": 1, "state": state, "pid": pid,
        "started": "2026-11-23T22:00:00Z", "updated": updated.map(rfc3339),
        "deadline": "2026-11-24T06:00:00Z", "targets": ["differential", "structured"], "jobs": 2,
        "execs": 1234567, "execs_per_sec": 4100.5, "corpus_size": 5321, "new_signatures": 17,
        "crashes": 0, "seconds_left": 28800
    })
    .to_string()
}

/// A history line: its date, its groups and its groups per class.
type History<'a> = (&'a str, u64, &'a [(&'a str, u64)]);

fn history(lines: &[History]) -> String {
    let mut text = String::new();
    for (date, groups, classes) in lines {
        let per_class: serde_json::Map<String, Value> =
            classes.iter().map(|(c, n)| ((*c).to_owned(), json!(n))).collect();
        let line = json!({"date": date, "targets": ["differential"], "duration_seconds": 28800,
            "execs": 118000000, "corpus_size": 6100, "groups": groups, "new_groups": 1,
            "groups_per_class": per_class});
        text.push_str(&format!("{line}\n"));
    }
    text
}

/// A pid that belonged to a process which has ended (and was reaped).
fn dead_pid() -> u32 {
    let mut child = std::process::Command::new("true").spawn().unwrap();
    let pid = child.id();
    child.wait().unwrap();
    pid
}

/// A real findings file: `urldiff triage` on two divergent inputs, the reference against its
/// RFC 3986 mode.
fn findings_file(dir: &Path) -> String {
    let cases = dir.join("cases.jsonl");
    write(&cases, "{\"input\": \"http://evil.example\\\\@good.example/\"}\n{\"input\": \"http://a/b/../c\"}\n{\"input\": \"HTTP://A/%7e\"}\n");
    let out = dir.join("triage");
    let run = urldiff()
        .args(["triage", cases.to_str().unwrap(), "--out", out.to_str().unwrap()])
        .args(["--oracle", "reference", "--oracle", "reference-rfc3986"])
        .output()
        .unwrap();
    assert_eq!(run.status.code(), Some(1), "{}", String::from_utf8_lossy(&run.stderr));
    let mut findings: Value =
        serde_json::from_str(&std::fs::read_to_string(out.join("findings.json")).unwrap()).unwrap();
    findings["campaign"] = json!({"state": "finished"});
    findings.to_string()
}

/// The runs folder of the tests, and a folder beside it holding the secret.
pub fn fixture(top: &Path) -> (std::path::PathBuf, std::path::PathBuf) {
    let runs = top.join("runs");
    let outside = top.join("outside");
    write(&outside.join("secret.json"), &format!("{{\"secret\": \"{SECRET}\"}}"));
    write(&outside.join("status.json"), &status("running", None, Some(SystemTime::now())));

    let mut run: Value = serde_json::from_str(
        &std::fs::read_to_string(root().join("reports/tests/data/conform-run.json")).unwrap(),
    )
    .unwrap();
    run["divergences"][0]["ledgered"] = Value::Null;
    run["divergences"][0]["case"]["input"] = json!(HOSTILE);
    write(&runs.join("conform/run.json"), &run.to_string());

    let now = SystemTime::now();
    let fuzz = runs.join("fuzz");
    write(&fuzz.join("status.json"), &status("running", Some(std::process::id()), Some(now)));
    write(
        &fuzz.join("history.jsonl"),
        &history(&[
            ("2026-11-21T06:00:00Z", 6, &[("backslash-confusion", 4), ("host-confusion", 2)]),
            (
                "2026-11-22T06:00:00Z",
                9,
                &[("backslash-confusion", 5), ("host-confusion", 3), ("<b>odd</b>", 1)],
            ),
            ("2026-11-23T06:00:00Z", 10, &[("backslash-confusion", 5), ("host-confusion", 5)]),
        ]),
    );
    write(&fuzz.join("report.json"), &findings_file(top));
    write(&fuzz.join("report.md"), "# findings\n");
    write(&fuzz.join("report.html"), "<!DOCTYPE html><title>findings</title><p>report</p>");
    write(&runs.join("nightly/old/status.json"), &status("running", Some(dead_pid()), Some(now)));
    let ten_minutes_ago = now - Duration::from_secs(600);
    write(&runs.join("stale/status.json"), &status("triaging", None, Some(ten_minutes_ago)));
    write(&runs.join("done/status.json"), &status("finished", None, Some(ten_minutes_ago)));
    write(
        &runs.join("done/history.jsonl"),
        &history(&[("2026-11-20T06:00:00Z", 3, &[("path-confusion", 3)])]),
    );
    write(&runs.join("broken/status.json"), "{not json");
    write(&runs.join("history-only/history.jsonl"), &history(&[("2026-11-20T06:00:00Z", 0, &[])]));
    write(&runs.join("a/b/c/status.json"), &status("running", None, Some(now)));
    std::os::unix::fs::symlink(&outside, runs.join("linked")).unwrap();
    std::os::unix::fs::symlink(outside.join("secret.json"), runs.join("leak.json")).unwrap();
    (runs, outside)
}
