//! The conform tests' fixture: a cases folder in the urltestdata.json format as the only suite
//! (`cases/mini`), a table oracle (hidden `--table-oracle fake=FILE`) as the fake, a ledger
//! folder; and `urldiff conform` run on it.

#![allow(dead_code)]

use std::path::Path;
use std::process::{Command, Output};

/// A fixture folder: `truth` as `cases/mini.json`, `fake` as the fake's table, and `ledger`
/// (when given) as the fake's ledger file.
pub fn fixture(truth: &str, fake: &str, ledger: Option<&str>) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(dir.path().join("cases")).unwrap();
    std::fs::create_dir_all(dir.path().join("ledger")).unwrap();
    std::fs::write(dir.path().join("cases/mini.json"), truth).unwrap();
    std::fs::write(dir.path().join("fake.json"), fake).unwrap();
    if let Some(text) = ledger {
        std::fs::write(dir.path().join("ledger/fake.txt"), text).unwrap();
    }
    dir
}

/// `urldiff conform` on the fixture in `dir`, with `extra` arguments.
pub fn conform(dir: &Path, extra: &[&str]) -> Output {
    let fake = format!("fake={}", dir.join("fake.json").display());
    Command::new(env!("CARGO_BIN_EXE_urldiff"))
        .arg("conform")
        .args(["--only-cases", "--cases"])
        .arg(dir.join("cases"))
        .args(["--table-oracle", &fake, "--ledger"])
        .arg(dir.join("ledger"))
        .args(extra)
        .output()
        .unwrap()
}
