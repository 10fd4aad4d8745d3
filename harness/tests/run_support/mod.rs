//! A large conform run for measuring `urldiff report`'s memory (the `report_memory` test and
//! bench): a small real run's divergences repeated, each input made unique, and the peak
//! resident size of a command by GNU time.

#![allow(dead_code)]

use serde_json::Value;
use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// GNU time, whose `%M` is a child's peak resident size in KiB.
pub const GNU_TIME: &str = "/usr/bin/time";

/// A small real run: the conform suites against the RFC 3986 regex (divergent by design).
pub fn template(dir: &Path) -> Value {
    let path = dir.join("template.json");
    let status = Command::new(env!("CARGO_BIN_EXE_urldiff"))
        .args(["conform", "--oracle", "rfc3986-regex", "--json"])
        .arg(&path)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .expect("urldiff conform runs");
    assert!(status.code().is_some_and(|c| c < 2), "urldiff conform: {status}");
    serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap()
}

/// Write a run of `n` divergences to `path`: the template's keys, its divergences repeated,
/// each input (and name) made unique by a suffix.
pub fn generate(template: &Value, n: usize, path: &Path) -> std::io::Result<()> {
    let mut out = BufWriter::with_capacity(1 << 20, std::fs::File::create(path)?);
    let object = template.as_object().expect("a report object");
    let samples = object["divergences"].as_array().expect("divergences");
    out.write_all(b"{")?;
    for (key, value) in object.iter().filter(|(k, _)| k.as_str() != "divergences") {
        serde_json::to_writer(&mut out, key)?;
        out.write_all(b":")?;
        serde_json::to_writer(&mut out, value)?;
        out.write_all(b",")?;
    }
    out.write_all(b"\"divergences\":[")?;
    for i in 0..n {
        let mut d = samples[i % samples.len()].clone();
        let input = format!("{}#{i}", d["case"]["input"].as_str().unwrap_or(""));
        d["name"] = Value::String(format!("<{input}> #{i}"));
        d["case"]["input"] = Value::String(input);
        d["case_index"] = Value::from(i);
        if i > 0 {
            out.write_all(b",")?;
        }
        serde_json::to_writer(&mut out, &d)?;
    }
    out.write_all(b"]}")?;
    out.flush()
}

/// Run `urldiff` with `args` under GNU time: its exit code and peak resident size in bytes.
pub fn peak_memory(urldiff: &Path, args: &[&std::ffi::OsStr]) -> (Option<i32>, u64) {
    let out = Command::new(GNU_TIME)
        .args(["-f", "%M"])
        .arg(urldiff)
        .args(args)
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .output()
        .expect("GNU time runs");
    let stderr = String::from_utf8_lossy(&out.stderr);
    let kib: u64 = stderr.lines().last().and_then(|l| l.trim().parse().ok()).unwrap_or(0);
    (out.status.code(), kib * 1024)
}

/// This build's urldiff.
pub fn this_urldiff() -> PathBuf {
    PathBuf::from(env!("CARGO_BIN_EXE_urldiff"))
}
