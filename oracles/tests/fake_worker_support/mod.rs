//! The fake JSON Lines worker of `tests/fixtures/fake_worker.sh` as an oracle, shared by the
//! tests that inject faults through it and the test of what a worker inherits.

#![allow(dead_code)]

use std::path::PathBuf;
use std::time::Duration;

use urldiff_oracles::subprocess::{Declared, Timeouts, WorkerCommand, WorkerOracle};
use urldiff_oracles::{OracleKind, RecordModel};

pub fn fixture(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures").join(name)
}

/// The fake worker's script, as an argument for `sh`.
pub fn fixture_path() -> String {
    fixture("fake_worker.sh").to_string_lossy().into_owned()
}

/// An oracle named `fake` started by `command`, each case limited to `case_ms`.
pub fn fake_oracle_with(case_ms: u64, command: WorkerCommand) -> WorkerOracle {
    let declared = Declared {
        name: "fake".into(),
        kind: OracleKind::External,
        model: RecordModel::Whatwg,
        fields: vec![],
        case_kinds: vec![],
        claim: Default::default(),
    };
    WorkerOracle::new(declared, Box::new(move || Ok(command.clone()))).with_timeouts(Timeouts {
        case: Duration::from_millis(case_ms),
        startup: Duration::from_secs(10),
    })
}
