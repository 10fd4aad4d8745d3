//! A closed stdout ends every subcommand quietly with exit code 0 (as `| head -1` does), and
//! another write error (`/dev/full`) is exit 2 with a message; never a panic.

use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Command, Output, Stdio};

/// A pipe whose reading end is already closed: the write end of a `true` process's stdin,
/// taken after that process exited. Every write to it fails with EPIPE.
fn closed_pipe() -> Stdio {
    let mut sink = Command::new("true").stdin(Stdio::piped()).spawn().expect("run true");
    let write_end = sink.stdin.take().unwrap();
    sink.wait().unwrap();
    Stdio::from(write_end)
}

fn dev_full() -> Option<Stdio> {
    std::fs::OpenOptions::new().write(true).open("/dev/full").ok().map(Stdio::from)
}

fn urldiff(args: &[&str], stdout: Stdio) -> Output {
    Command::new(env!("CARGO_BIN_EXE_urldiff"))
        .args(args)
        .stdin(Stdio::null())
        .stdout(stdout)
        .stderr(Stdio::piped())
        .output()
        .expect("run urldiff")
}

/// A conform run on a one-case fixture, judged by a table oracle that agrees (exit 0).
fn conform_args(dir: &Path) -> Vec<String> {
    let case = r#"[{"input": "http://a/", "base": null, "href": "http://a/"}]"#;
    std::fs::create_dir_all(dir.join("cases")).unwrap();
    std::fs::create_dir_all(dir.join("ledger")).unwrap();
    std::fs::write(dir.join("cases/one.json"), case).unwrap();
    std::fs::write(dir.join("fake.json"), case).unwrap();
    let path = |p: &str| dir.join(p).to_string_lossy().into_owned();
    vec![
        "conform".into(),
        "--only-cases".into(),
        "--cases".into(),
        path("cases"),
        "--table-oracle".into(),
        format!("fake={}", path("fake.json")),
        "--ledger".into(),
        path("ledger"),
    ]
}

fn assert_quiet_success(args: &[&str], out: &Output) {
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!stderr.contains("panicked"), "urldiff {args:?} panicked: {stderr}");
    assert!(!stderr.contains("urldiff: error"), "urldiff {args:?}: {stderr}");
    assert_eq!(out.status.code(), Some(0), "urldiff {args:?}: {stderr}");
}

#[test]
fn every_subcommand_exits_0_quietly_into_a_closed_pipe() {
    let dir = tempfile::tempdir().unwrap();
    let conform = conform_args(dir.path());
    let conform: Vec<&str> = conform.iter().map(String::as_str).collect();
    let runs: [&[&str]; 7] = [
        &["parse", "http://a/"],
        &["parse", "--json", "--rfc3986", "http://a/"],
        &["oracles"],
        &["oracles", "--json"],
        &conform,
        &["conform", "--explain-projection"],
        &["compare", "http://a/"],
    ];
    for args in runs {
        assert_quiet_success(args, &urldiff(args, closed_pipe()));
    }
}

/// `urldiff parse --jsonl … | head -1`: the reader takes one answer and goes away while
/// urldiff still has lines to answer.
#[test]
fn parse_jsonl_stops_quietly_when_the_reader_goes_away() {
    for mode in [&[][..], &["--rfc3986"], &["--rfc2396"]] {
        let mut child = Command::new(env!("CARGO_BIN_EXE_urldiff"))
            .args(["parse", "--jsonl"])
            .args(mode)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let mut stdin = child.stdin.take().unwrap();
        let feeder = std::thread::spawn(move || {
            for i in 0..20_000 {
                // Fails once urldiff has exited; that is the point.
                if writeln!(stdin, "{{\"input\": \"http://h/{i}\"}}").is_err() {
                    break;
                }
            }
        });
        let mut first = String::new();
        BufReader::new(child.stdout.take().unwrap()).read_line(&mut first).unwrap();
        assert!(first.contains("http://h/0") || first.contains("\"/0\""), "{first}");
        // The reader is dropped here, like `head -1` exiting.
        let out = child.wait_with_output().unwrap();
        feeder.join().unwrap();
        assert_quiet_success(&["parse", "--jsonl"], &out);
    }
}

#[test]
fn a_full_device_is_exit_2_with_a_message() {
    let dir = tempfile::tempdir().unwrap();
    let conform = conform_args(dir.path());
    let conform: Vec<&str> = conform.iter().map(String::as_str).collect();
    let runs: [&[&str]; 3] = [&["parse", "http://a/"], &["oracles"], &conform];
    for args in runs {
        let Some(full) = dev_full() else {
            {
                // Straight to stderr, past libtest's capture: the line shows in `make test`.
                use std::io::Write as _;
                let _ = writeln!(std::io::stderr(), "no /dev/full on this machine: skipped");
            }
            return;
        };
        let out = urldiff(args, full);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "urldiff {args:?}: {stderr}");
        assert!(stderr.contains("urldiff: error: cannot write to stdout: "), "{stderr}");
        assert!(!stderr.contains("panicked"), "{stderr}");
    }
}
