//! Replaying inputs through a check without libFuzzer: how `cargo test` runs the seed
//! corpus, the committed regression inputs and any local corpus through every target, and
//! how the seeds tool replays a crash file on a stable toolchain.

use crate::checks::{Target, Violation};
use crate::findings::Finding;
use std::panic::{self, AssertUnwindSafe};
use std::path::Path;

/// What a replay saw: how many inputs ran, every broken invariant (a panic counts) with the
/// input's label, and every finding.
#[derive(Debug, Default)]
pub struct Replay {
    pub executed: usize,
    pub violations: Vec<(String, Violation)>,
    pub findings: Vec<Finding>,
}

/// Run `target`'s check on each `(label, input)`.
pub fn replay(target: &Target, inputs: impl IntoIterator<Item = (String, Vec<u8>)>) -> Replay {
    let mut out = Replay::default();
    for (label, data) in inputs {
        out.executed += 1;
        match panic::catch_unwind(AssertUnwindSafe(|| (target.check)(&data))) {
            Ok(Ok(findings)) => out.findings.extend(findings),
            Ok(Err(violation)) => out.violations.push((label, violation)),
            Err(payload) => {
                let message = payload
                    .downcast_ref::<String>()
                    .cloned()
                    .or_else(|| payload.downcast_ref::<&str>().map(|s| (*s).to_owned()))
                    .unwrap_or_default();
                let detail = format!("panicked on {:?}: {message}", String::from_utf8_lossy(&data));
                out.violations.push((label, Violation::new(target.name, "no-panic", detail)));
            }
        }
    }
    out
}

/// The files of `dir` as `(path, bytes)`, sorted; a missing folder has none.
pub fn read_dir(dir: &Path) -> std::io::Result<Vec<(String, Vec<u8>)>> {
    let entries = match std::fs::read_dir(dir) {
        Ok(entries) => entries,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
        Err(e) => return Err(e),
    };
    let mut files = Vec::new();
    for entry in entries {
        let path = entry?.path();
        if path.is_file() {
            files.push((path.display().to_string(), std::fs::read(&path)?));
        }
    }
    files.sort();
    Ok(files)
}

#[cfg(test)]
mod tests;
