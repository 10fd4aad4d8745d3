//! Derives the exact versions the oracles report from the workspace's `Cargo.lock` (so the
//! `rust-url` and `ada` oracles name the crate versions actually linked), plus a cheap
//! `git describe` of the repository for the `reference` oracle.

use std::path::Path;
use std::process::Command;

fn main() {
    let manifest_dir = std::env::var("CARGO_MANIFEST_DIR").unwrap_or_else(|_| ".".into());
    let root = Path::new(&manifest_dir).parent().unwrap_or(Path::new(".")).to_path_buf();
    let lock_path = root.join("Cargo.lock");
    println!("cargo:rerun-if-changed={}", lock_path.display());
    let lock = std::fs::read_to_string(&lock_path).unwrap_or_default();
    for (package, var) in [("url", "URLDIFF_URL_VERSION"), ("ada-url", "URLDIFF_ADA_VERSION")] {
        let version = locked_version(&lock, package).unwrap_or_else(|| "unknown".into());
        println!("cargo:rustc-env={var}={version}");
    }
    let describe = git(&root, &["describe", "--always", "--dirty", "--tags"]);
    println!("cargo:rustc-env=URLDIFF_GIT_DESCRIBE={}", describe.as_deref().unwrap_or(""));
    // Re-run when HEAD moves (a worktree's HEAD lives in its own git dir).
    if let Some(git_dir) = git(&root, &["rev-parse", "--absolute-git-dir"]) {
        let head = Path::new(&git_dir).join("HEAD");
        println!("cargo:rerun-if-changed={}", head.display());
        if let Some(reference) = git(&root, &["symbolic-ref", "-q", "HEAD"]) {
            if let Some(common) = git(&root, &["rev-parse", "--git-common-dir"]) {
                let common = root.join(common);
                println!("cargo:rerun-if-changed={}", common.join(reference).display());
            }
        }
    }
}

/// The version of `package` in a Cargo.lock (the first entry with that name).
fn locked_version(lock: &str, package: &str) -> Option<String> {
    let needle = format!("name = \"{package}\"\nversion = \"");
    let start = lock.find(&needle)? + needle.len();
    let end = lock[start..].find('"')? + start;
    Some(lock[start..end].to_owned())
}

fn git(dir: &Path, args: &[&str]) -> Option<String> {
    let output = Command::new("git").args(args).current_dir(dir).output().ok()?;
    if !output.status.success() {
        return None;
    }
    Some(String::from_utf8_lossy(&output.stdout).trim().to_owned())
}
