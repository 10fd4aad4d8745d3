//! The answer cache over a real worker: a second run of the same worker under the same
//! identity starts no process and shows the version its first run reported; a changed worker
//! script is another identity and starts again.

mod fake_worker_support;

use std::path::Path;

use fake_worker_support::fixture;
use urldiff_oracles::answer_cache::{cache_all, CacheNotes};
use urldiff_oracles::subprocess::{Declared, WorkerCommand, WorkerOracle};
use urldiff_oracles::{Case, Oracle, OracleKind, RecordModel};

/// A built-in-like (subprocess) oracle running `script` with `sh`, logging each start.
fn worker(script: &Path, pidfile: &Path) -> Box<dyn Oracle> {
    let mut command = WorkerCommand::new("/bin/sh", &[&script.to_string_lossy()]);
    command.env.push(("FAKE_WORKER_PIDFILE".into(), pidfile.to_string_lossy().into_owned()));
    let declared = Declared {
        name: "fake".into(),
        kind: OracleKind::Subprocess,
        model: RecordModel::Whatwg,
        fields: vec![],
        case_kinds: vec![],
        claim: Default::default(),
    };
    Box::new(WorkerOracle::new(declared, Box::new(move || Ok(command.clone()))))
}

fn starts(pidfile: &Path) -> usize {
    std::fs::read_to_string(pidfile).map(|t| t.lines().count()).unwrap_or(0)
}

/// One run: answers for `inputs` and the version shown.
fn run(cache: &Path, script: &Path, pidfile: &Path, inputs: &[&str]) -> (usize, String) {
    let notes = CacheNotes::default();
    let oracles = cache_all(vec![worker(script, pidfile)], cache, &notes);
    let cases: Vec<Case> = inputs.iter().map(|i| Case::parse(*i, None)).collect();
    let answers = oracles[0].answer_batch(&cases).unwrap();
    assert_eq!(answers.len(), inputs.len());
    let version = oracles[0].info().version.clone();
    drop(oracles);
    assert!(notes.take().is_empty());
    (answers.iter().filter(|a| a.outcome() == "parsed").count(), version)
}

#[cfg(unix)]
#[test]
fn a_warm_run_starts_no_worker_and_a_changed_worker_starts_again() {
    let dir = tempfile::tempdir().unwrap();
    let (cache, pidfile) = (dir.path().join("answers"), dir.path().join("pids"));
    let script = dir.path().join("worker.sh");
    std::fs::copy(fixture("fake_worker.sh"), &script).unwrap();
    assert_eq!(run(&cache, &script, &pidfile, &["a", "b"]), (2, "fake 1.0".to_owned()));
    assert_eq!(starts(&pidfile), 1);
    assert_eq!(run(&cache, &script, &pidfile, &["b", "a"]), (2, "fake 1.0".to_owned()));
    assert_eq!(starts(&pidfile), 1, "the warm run started a worker");
    // A new case needs the worker.
    run(&cache, &script, &pidfile, &["a", "c"]);
    assert_eq!(starts(&pidfile), 2);
    // The same script, changed: another identity.
    let text = std::fs::read_to_string(&script).unwrap();
    std::fs::write(&script, text.replace("fake 1.0", "fake 1.1")).unwrap();
    assert_eq!(run(&cache, &script, &pidfile, &["a"]), (1, "fake 1.1".to_owned()));
    assert_eq!(starts(&pidfile), 3);
}
