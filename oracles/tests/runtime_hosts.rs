//! The runtime hosts' own checks (`oracles/runtimes/check_hosts.py`, standard-library
//! Python): every host started as urldiff starts it, with an echo adapter (hostile strings
//! round-trip exactly, failures, exceptions, no-opinion, 2,000 pipelined requests, exit at the
//! end of stdin and on the parent's SIGKILL) and each library folder against its documentation.
//! The script skips a missing runtime with one line unless `$URLDIFF_REQUIRE` names it; this
//! test skips when there is no python3 to run it.

use std::path::Path;
use std::process::Command;

#[test]
fn check_hosts_passes() {
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("runtimes/check_hosts.py");
    let out = match Command::new("python3").arg(&script).output() {
        Ok(out) => out,
        Err(e) => {
            urldiff_corpus::required::skip(
                "python",
                "check_hosts_passes",
                &format!("python3: {e}"),
            );
            return;
        }
    };
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{}: {stdout}\n{stderr}", script.display());
    let last = stdout.lines().last().unwrap_or_default();
    assert!(last.ends_with(" 0 failed"), "{last}");
}
