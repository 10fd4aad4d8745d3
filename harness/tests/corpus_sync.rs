//! `urldiff corpus sync` against a small HTTP server on loopback (127.0.0.1, an ephemeral
//! port): good files are cached with a REVISION file; a corrupted file is rejected with both
//! checksums named and the cache untouched; a server that hangs up fails with a clear message.
//! Every test points URLDIFF_CACHE and the checksum folder at temporary folders.

use std::collections::HashMap;
use std::io::{BufRead, BufReader, Write};
use std::net::TcpListener;
use std::path::Path;
use std::process::Output;

use urldiff_corpus::wpt::FILES;

/// Small JSON stand-ins for the WPT files (sync checks JSON and checksums, not content).
fn good_files() -> HashMap<String, Vec<u8>> {
    FILES
        .iter()
        .map(|name| {
            ((*name).to_owned(), format!("[\"{name}\", {{\"input\": \"\\uD800\"}}]").into_bytes())
        })
        .collect()
}

/// Serve `files` by name on 127.0.0.1 for at most 50 requests; returns the base URL.
fn serve(files: HashMap<String, Vec<u8>>) -> String {
    let listener = TcpListener::bind("127.0.0.1:0").expect("bind loopback");
    let port = listener.local_addr().expect("address").port();
    std::thread::spawn(move || {
        for stream in listener.incoming().take(50) {
            let Ok(mut stream) = stream else { continue };
            let mut reader = BufReader::new(stream.try_clone().expect("clone stream"));
            let mut request_line = String::new();
            if reader.read_line(&mut request_line).is_err() {
                continue;
            }
            // Skip the headers.
            let mut line = String::new();
            while reader.read_line(&mut line).map(|n| n > 2).unwrap_or(false) {
                line.clear();
            }
            let path = request_line.split_whitespace().nth(1).unwrap_or("/");
            let name = path.rsplit('/').next().unwrap_or("");
            let (status, body) = match files.get(name) {
                Some(body) => ("200 OK", body.clone()),
                None => ("404 Not Found", b"not found".to_vec()),
            };
            let head = format!(
                "HTTP/1.1 {status}\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
                body.len()
            );
            let _ = stream.write_all(head.as_bytes());
            let _ = stream.write_all(&body);
        }
    });
    format!("http://127.0.0.1:{port}/wpt/url/resources/")
}

fn sync(cache: &Path, checksums: &Path, extra: &[&str]) -> Output {
    std::process::Command::new(env!("CARGO_BIN_EXE_urldiff"))
        .args(["corpus", "sync", "--revision", "testrev", "--checksums"])
        .arg(checksums)
        .args(extra)
        .env("URLDIFF_CACHE", cache)
        .output()
        .expect("run urldiff")
}

fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

#[test]
fn good_files_are_cached_with_their_revision() {
    let (cache, checksums) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    let from = serve(good_files());
    let first = sync(cache.path(), checksums.path(), &["--from", &from, "--trust"]);
    assert!(first.status.success(), "{}", stderr(&first));
    let wpt = cache.path().join("wpt");
    assert_eq!(std::fs::read_to_string(wpt.join("REVISION")).unwrap(), "testrev\n");
    for name in FILES {
        assert_eq!(std::fs::read(wpt.join(name)).unwrap(), good_files()[*name]);
    }
    let recorded = std::fs::read_to_string(checksums.path().join("testrev.sha256")).unwrap();
    assert_eq!(recorded.lines().count(), FILES.len());
    // A second sync verifies against what was recorded, without --trust.
    let second = sync(cache.path(), checksums.path(), &["--from", &from]);
    assert!(second.status.success(), "{}", stderr(&second));
    assert!(String::from_utf8_lossy(&second.stdout).contains("verified against"));
}

#[test]
fn a_corrupted_file_is_rejected_and_the_cache_untouched() {
    let (cache, checksums) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    let good = serve(good_files());
    assert!(sync(cache.path(), checksums.path(), &["--from", &good, "--trust"]).status.success());
    let mut files = good_files();
    files.insert("toascii.json".into(), b"[\"tampered\"]".to_vec());
    let bad = serve(files);
    let output = sync(cache.path(), checksums.path(), &["--from", &bad]);
    assert_eq!(output.status.code(), Some(2));
    let err = stderr(&output);
    assert!(err.contains("checksum mismatch for toascii.json"), "{err}");
    let want = urldiff_sha256(&good_files()["toascii.json"]);
    let got = urldiff_sha256(b"[\"tampered\"]");
    assert!(err.contains(&want) && err.contains(&got), "both checksums named: {err}");
    let cached = std::fs::read(cache.path().join("wpt").join("toascii.json")).unwrap();
    assert_eq!(cached, good_files()["toascii.json"], "the cache is untouched");
}

#[test]
fn without_recorded_checksums_sync_refuses_unless_trusted() {
    let (cache, checksums) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    let from = serve(good_files());
    let output = sync(cache.path(), checksums.path(), &["--from", &from]);
    assert_eq!(output.status.code(), Some(2));
    assert!(stderr(&output).contains("no checksums are recorded for WPT revision testrev"));
    assert!(!cache.path().join("wpt").exists());
}

#[test]
fn a_server_that_hangs_up_fails_clearly_and_changes_nothing() {
    let (cache, checksums) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    // A server that hangs up on every connection without a word. The test holds its port, so
    // no other test's server can take it (a port merely freed again could be).
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let port = listener.local_addr().unwrap().port();
    std::thread::spawn(move || listener.incoming().for_each(drop));
    let from = format!("http://127.0.0.1:{port}/");
    let output = sync(cache.path(), checksums.path(), &["--from", &from, "--trust"]);
    assert_eq!(output.status.code(), Some(2));
    let err = stderr(&output);
    assert!(err.contains("cannot download") && err.contains("nothing was changed"), "{err}");
    assert!(!cache.path().join("wpt").exists());
    assert!(!checksums.path().join("testrev.sha256").exists());
}

/// SHA-256 as lowercase hex, computed with the system's `sha256sum` so the test does not
/// share code with the implementation.
fn urldiff_sha256(bytes: &[u8]) -> String {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("f");
    std::fs::write(&path, bytes).unwrap();
    let out = std::process::Command::new("sha256sum").arg(&path).output().expect("sha256sum");
    String::from_utf8_lossy(&out.stdout).split_whitespace().next().unwrap().to_owned()
}

/// A revision is a name, never a path: `../x` would put the checksum file outside the
/// checksums folder.
#[test]
fn a_revision_that_is_not_a_name_is_refused_and_nothing_is_written() {
    let (cache, checksums) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    let from = serve(good_files());
    for revision in ["../x", "a/b", "..", ".hidden", "-x", "", "a b", "v1..2", "x\\y"] {
        let output = std::process::Command::new(env!("CARGO_BIN_EXE_urldiff"))
            .args(["corpus", "sync", "--trust", "--from", &from])
            .arg(format!("--revision={revision}"))
            .arg("--checksums")
            .arg(checksums.path().join("sums"))
            .env("URLDIFF_CACHE", cache.path())
            .output()
            .unwrap();
        assert_eq!(output.status.code(), Some(2), "{revision:?}: {}", stderr(&output));
        let err = stderr(&output);
        assert!(err.contains(&format!("{revision:?} is not a revision name")), "{err}");
    }
    assert!(!cache.path().join("wpt").exists());
    assert_eq!(std::fs::read_dir(checksums.path()).unwrap().count(), 0, "nothing written");
    // Tag-like names and hex commits are fine (this one is then synced and trusted).
    let ok = std::process::Command::new(env!("CARGO_BIN_EXE_urldiff"))
        .args(["corpus", "sync", "--trust", "--from", &from, "--revision", "v1.2_rc-3"])
        .arg("--checksums")
        .arg(checksums.path())
        .env("URLDIFF_CACHE", cache.path())
        .output()
        .unwrap();
    assert!(ok.status.success(), "{}", stderr(&ok));
    assert!(checksums.path().join("v1.2_rc-3.sha256").is_file());
}
