//! Worker oracles start in parallel: every availability check (`registry::check_all`) and
//! every answer-cache identity (`answer_cache::cache_all`, which runs each launcher: a Go
//! build, javac, a virtual environment) runs on its own thread, so a slow start-up never waits
//! for another. Each fake launcher here waits until all of them are running at once; were
//! they run one after another, the first would give up waiting and its oracle would be
//! unavailable (the wait is a deadlock guard, not a measurement).

mod fake_worker_support;

use std::sync::{Arc, Condvar, Mutex};
use std::time::Duration;

use fake_worker_support::fixture_path;
use urldiff_oracles::subprocess::{Declared, WorkerCommand, WorkerOracle};
use urldiff_oracles::{Availability, Oracle, OracleKind, RecordModel};

const ORACLES: usize = 4;

/// Counts the launchers running; each waits for all of them.
#[derive(Default)]
struct Rendezvous {
    arrived: Mutex<usize>,
    all_here: Condvar,
}

impl Rendezvous {
    /// Whether all `ORACLES` launchers were running at once.
    fn meet(&self) -> bool {
        let mut arrived = self.arrived.lock().unwrap();
        *arrived += 1;
        self.all_here.notify_all();
        let (arrived, timeout) = self
            .all_here
            .wait_timeout_while(arrived, Duration::from_secs(20), |n| *n < ORACLES)
            .unwrap();
        drop(arrived);
        !timeout.timed_out()
    }
}

fn oracles(kind: OracleKind) -> Vec<Box<dyn Oracle>> {
    let rendezvous = Arc::new(Rendezvous::default());
    (0..ORACLES)
        .map(|i| {
            let declared = Declared {
                name: format!("slow-start-{i}"),
                kind,
                model: RecordModel::Whatwg,
                fields: vec![],
                case_kinds: vec![],
                claim: Default::default(),
            };
            let rendezvous = rendezvous.clone();
            let launcher = move || {
                if rendezvous.meet() {
                    Ok(WorkerCommand::new("sh", &[&fixture_path()]))
                } else {
                    Err(urldiff_oracles::subprocess::StartError::NoHost {
                        runtime: "launched one after another",
                    })
                }
            };
            Box::new(WorkerOracle::new(declared, Box::new(launcher))) as Box<dyn Oracle>
        })
        .collect()
}

#[test]
fn availability_checks_run_at_once() {
    let oracles = oracles(OracleKind::External);
    let refs: Vec<&dyn Oracle> = oracles.iter().map(|o| o.as_ref()).collect();
    let checks = urldiff_oracles::registry::check_all(&refs);
    assert!(checks.iter().all(|c| *c == Availability::Available), "{checks:?}");
}

#[test]
fn cache_identities_run_their_launchers_at_once() {
    let oracles = oracles(OracleKind::Subprocess);
    let dir = tempfile::tempdir().unwrap();
    let notes = urldiff_oracles::answer_cache::CacheNotes::default();
    let cached = urldiff_oracles::answer_cache::cache_all(oracles, dir.path(), &notes);
    for oracle in &cached {
        assert_eq!(oracle.availability(), Availability::Available, "{}", oracle.name());
    }
}
