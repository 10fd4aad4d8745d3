//! A worker that crashes and cannot be started again stops `urldiff conform` with a harness
//! error (exit 2) naming the oracle and carrying the failed worker's stderr.

use std::path::Path;
use std::process::Command;

#[test]
fn a_worker_that_cannot_be_restarted_is_exit_2_naming_the_oracle_and_its_stderr() {
    let dir = tempfile::tempdir().unwrap();
    let dir = dir.path();
    let cases = r#"[{"input": "a0", "base": null, "href": "a0"},
                    {"input": "CRASH", "base": null, "href": "CRASH"},
                    {"input": "a2", "base": null, "href": "a2"}]"#;
    std::fs::create_dir_all(dir.join("cases")).unwrap();
    std::fs::create_dir_all(dir.join("ledger")).unwrap();
    std::fs::write(dir.join("cases/crash.json"), cases).unwrap();
    let worker =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../oracles/tests/fixtures/fake_worker.sh");
    let once = dir.join("started-once");
    let config = serde_json::json!({ "oracles": [{
        "name": "fake", "command": ["sh", worker], "env": { "FAKE_WORKER_ONCE": once },
    }]});
    std::fs::write(dir.join("oracles.json"), config.to_string()).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_urldiff"))
        .args(["conform", "--only-cases", "--oracle", "fake", "--cases"])
        .arg(dir.join("cases"))
        .arg("--ledger")
        .arg(dir.join("ledger"))
        .env("URLDIFF_ORACLES", dir.join("oracles.json"))
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("urldiff: error: oracle fake: its worker cannot be restarted"),
        "{stderr}"
    );
    assert!(stderr.contains("exit status: 4"), "{stderr}");
    assert!(stderr.contains("fake worker: refusing to start twice"), "{stderr}");
}
