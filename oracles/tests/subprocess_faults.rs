//! Fault injection for the subprocess oracles: a fake worker (tests/fixtures/fake_worker.sh)
//! that crashes, hangs, prints garbage, answers twice, skips an answer or prints an endless
//! line on marker inputs. Every batch must complete with exactly the marked cases marked (with
//! their evidence), every other case answered, in order; a worker that cannot be restarted is
//! an error of the whole batch.

use std::path::PathBuf;
use std::time::Duration;

use urldiff_oracles::subprocess::{load_config, Declared, WorkerCommand, WorkerOracle};
use urldiff_oracles::{
    Answer, Availability, Case, CaseKind, Crash, Oracle, OracleError, OracleKind, ProcessEnd,
    Record, RecordModel,
};

mod fake_worker_support;
use fake_worker_support::{fake_oracle_with, fixture, fixture_path};

fn fake_oracle(case_ms: u64) -> WorkerOracle {
    fake_oracle_with(case_ms, WorkerCommand::new("sh", &[&fixture_path()]))
}

fn cases(inputs: &[&str]) -> Vec<Case> {
    inputs.iter().map(|i| Case::parse(*i, None)).collect()
}

/// The crash evidence of an answer that must be `Crashed`.
fn crash(answer: &Answer) -> &Crash {
    match answer {
        Answer::Crashed(crash) => crash,
        other => panic!("expected a crash, got {other:?}"),
    }
}

fn href(answer: &Answer) -> Option<&str> {
    match answer {
        Answer::Parsed { record: Record::Whatwg(r), .. } => r.href.as_deref(),
        _ => None,
    }
}

/// Every answer is the echo of its input, except at the marked positions.
fn assert_echoes_except(inputs: &[&str], answers: &[Answer], marked: &[usize]) {
    assert_eq!(answers.len(), inputs.len());
    for (i, (input, answer)) in inputs.iter().zip(answers).enumerate() {
        if !marked.contains(&i) {
            assert_eq!(href(answer), Some(*input), "case {i} <{input}>: {answer:?}");
        }
    }
}

#[test]
fn crash_and_hang_mark_exactly_their_cases() {
    let oracle = fake_oracle(500);
    assert_eq!(oracle.availability(), Availability::Available);
    assert_eq!(oracle.info().version, "fake 1.0");
    let inputs = ["a0", "a1", "CRASH-1", "a3", "HANG-1", "a5", "a6", "CRASH-2", "a8", "HANG-2"];
    let batch = cases(&inputs);
    let answers = oracle.answer_batch(&batch).unwrap();
    assert_echoes_except(&inputs, &answers, &[2, 4, 7, 9]);
    for (i, marker) in [(2, "CRASH-1"), (7, "CRASH-2")] {
        // Evidence, as typed fields: the oracle, the case, the exit status and the stderr.
        let crash = crash(&answers[i]);
        assert_eq!((crash.oracle.as_str(), &crash.case), ("fake", &batch[i]));
        assert_eq!(crash.cause, "the worker exited");
        assert_eq!(crash.process, Some(ProcessEnd::Exited { code: 3 }));
        assert!(crash.stderr.contains(&format!("crashing on purpose on {marker}")), "{crash}");
        let text = answers[i].evidence().unwrap();
        assert!(text.starts_with(&format!("fake crashed on <{marker}>: the worker exited")));
        assert!(text.contains("(exit status: 3); stderr:\nfake worker: crashing"), "{text}");
    }
    for i in [4, 9] {
        let Answer::TimedOut(timeout) = &answers[i] else { panic!("{:?}", answers[i]) };
        assert_eq!(
            (timeout.oracle.as_str(), &timeout.case, timeout.limit_ms),
            ("fake", &batch[i], 500)
        );
    }
    // The pool goes on after the faults.
    let again = ["b0", "b1"];
    assert_echoes_except(&again, &oracle.answer_batch(&cases(&again)).unwrap(), &[]);
}

/// A worker that holds its answers (`held_answers`) loses those of the cases before a crash or
/// a hang that came in the same write: the stop is still recorded for the case that caused it,
/// and every other case is answered, because the rest of the batch is asked again, from the
/// case whose answer was due, of a worker that writes each answer at once
/// (docs/oracle-protocol.md, section 3). Recording the stop where the answer was due would
/// mark a0 here.
#[test]
fn a_worker_holding_its_answers_still_marks_exactly_the_stopping_cases() {
    let held = fixture("fake_held_worker.sh").to_string_lossy().into_owned();
    let oracle = fake_oracle_with(500, WorkerCommand::new("bash", &[&held]));
    let inputs = ["a0", "a1", "CRASH-1", "a3", "a4", "HANG-1", "a6"];
    let batch = cases(&inputs);
    let answers = oracle.answer_batch(&batch).unwrap();
    assert_echoes_except(&inputs, &answers, &[2, 5]);
    let crash = crash(&answers[2]);
    assert_eq!((crash.case.input.as_str(), crash.cause.as_str()), ("CRASH-1", "the worker exited"));
    assert_eq!(crash.process, Some(ProcessEnd::Exited { code: 3 }));
    assert!(crash.stderr.contains("crashing on purpose on CRASH-1"), "{crash}");
    let Answer::TimedOut(timeout) = &answers[5] else { panic!("{:?}", answers[5]) };
    assert_eq!(timeout.case.input, "HANG-1");
    // The pool goes on after the faults, with a worker that holds its answers again.
    let again = ["b0", "b1", "b2"];
    assert_echoes_except(&again, &oracle.answer_batch(&cases(&again)).unwrap(), &[]);
}

/// A worker that says it holds its answers even when told to write each at once (one that
/// ignores `URLDIFF_ANSWER_FLUSH`) is asked again once, not in a loop: a crash that recurs is
/// recorded and the batch ends. Bounded by a generous guard (a minute) so that a loop fails
/// instead of hanging.
#[test]
fn a_worker_ignoring_the_flush_variable_is_asked_again_once() {
    let held = fixture("fake_held_worker.sh").to_string_lossy().into_owned();
    let mut command = WorkerCommand::new("bash", &[&held]);
    command.env.push(("FAKE_IGNORES_FLUSH".into(), "1".into()));
    let oracle = std::sync::Arc::new(fake_oracle_with(500, command));
    let (tx, rx) = std::sync::mpsc::channel();
    let asking = std::sync::Arc::clone(&oracle);
    std::thread::spawn(move || {
        let _ = tx.send(asking.answer_batch(&cases(&["a0", "CRASH-1", "a2"])));
    });
    let answers = rx.recv_timeout(Duration::from_secs(60)).expect("the batch ends").unwrap();
    assert_eq!(answers.len(), 3);
    assert!(answers.iter().any(|a| a.outcome() == "crashed"), "{answers:?}");
    assert_eq!(answers[2].outcome(), "parsed", "{:?}", answers[2]);
}

/// A worker whose child escapes its process group (a new session) and keeps stdout open, while
/// the worker itself exits: the case still times out (the limit ends the read, not the end of
/// file the child withholds) and a fresh worker answers the rest. Bounded by a generous guard
/// (a minute against the half-second limit) so that the old hang fails instead of hanging.
#[test]
fn a_child_escaping_the_process_group_cannot_hold_the_batch() {
    let dir = tempfile::tempdir().unwrap();
    let pidfile = dir.path().join("escaped.pid");
    let mut command = WorkerCommand::new("sh", &[&fixture_path()]);
    command.env.push(("FAKE_ESCAPE_PIDFILE".into(), pidfile.to_string_lossy().into_owned()));
    let oracle = std::sync::Arc::new(fake_oracle_with(500, command));
    let (tx, rx) = std::sync::mpsc::channel();
    let asking = std::sync::Arc::clone(&oracle);
    std::thread::spawn(move || {
        let first = asking.answer_batch(&cases(&["a0", "ESCAPE", "a2"]));
        let again = asking.answer_batch(&cases(&["b0"]));
        let _ = tx.send((first, again));
    });
    let outcome = rx.recv_timeout(Duration::from_secs(60));
    if let Ok(pid) = std::fs::read_to_string(&pidfile) {
        let _ = std::process::Command::new("kill").args(["-9", pid.trim()]).status();
    }
    let (first, again) = outcome.expect("the batch still runs a minute later");
    let first = first.unwrap();
    assert_echoes_except(&["a0", "ESCAPE", "a2"], &first, &[1]);
    assert_eq!(first[1].outcome(), "timed-out", "{:?}", first[1]);
    assert_echoes_except(&["b0"], &again.unwrap(), &[]);
}

/// An idle worker killed from outside (`kill -9`) is not handed the next batch as if alive:
/// the next case is answered, not reported as crashed.
#[test]
fn a_worker_killed_while_idle_is_not_blamed_on_the_next_case() {
    let dir = tempfile::tempdir().unwrap();
    let pidfile = dir.path().join("workers.pid");
    let mut command = WorkerCommand::new("sh", &[&fixture_path()]);
    command.env.push(("FAKE_WORKER_PIDFILE".into(), pidfile.to_string_lossy().into_owned()));
    let oracle = fake_oracle_with(2_000, command);
    assert_echoes_except(&["a0"], &oracle.answer_batch(&cases(&["a0"])).unwrap(), &[]);
    let pid = std::fs::read_to_string(&pidfile).unwrap();
    let killed = std::process::Command::new("kill").args(["-9", pid.trim()]).status().unwrap();
    assert!(killed.success());
    let inputs = ["http://plain.example/", "b1"];
    assert_echoes_except(&inputs, &oracle.answer_batch(&cases(&inputs)).unwrap(), &[]);
}

#[test]
fn a_garbage_line_marks_its_case_and_the_worker_is_replaced() {
    let oracle = fake_oracle(2_000);
    let inputs = ["a0", "GARBAGE", "a2", "a3"];
    let answers = oracle.answer_batch(&cases(&inputs)).unwrap();
    // The garbage line is read where the GARBAGE case's answer was due.
    let crash = crash(&answers[1]);
    assert!(crash.cause.contains("this is not json"), "{crash}");
    // The worker was still running: the harness killed it.
    assert_eq!(crash.process, Some(ProcessEnd::KilledByHarness));
    assert_echoes_except(&inputs, &answers, &[1]);
}

#[test]
fn a_hang_late_in_a_long_pipelined_batch_loses_no_answer() {
    let oracle = fake_oracle(300);
    let mut inputs: Vec<String> = (0..200).map(|i| format!("c{i}")).collect();
    inputs[150] = "HANG".into();
    let refs: Vec<&str> = inputs.iter().map(String::as_str).collect();
    let answers = oracle.answer_batch(&cases(&refs)).unwrap();
    assert_echoes_except(&refs, &answers, &[150]);
    assert_eq!(answers[150].outcome(), "timed-out");
}

#[test]
fn concurrent_batches_each_get_their_own_answers() {
    let oracle = fake_oracle(2_000);
    std::thread::scope(|s| {
        let handles: Vec<_> = (0..3)
            .map(|t| {
                let oracle = &oracle;
                s.spawn(move || {
                    let inputs: Vec<String> = (0..50).map(|i| format!("t{t}-{i}")).collect();
                    let refs: Vec<&str> = inputs.iter().map(String::as_str).collect();
                    assert_echoes_except(&refs, &oracle.answer_batch(&cases(&refs)).unwrap(), &[]);
                })
            })
            .collect();
        handles.into_iter().for_each(|h| h.join().unwrap());
    });
}

#[test]
fn unsupported_case_kinds_get_no_opinion_without_reaching_the_worker() {
    let oracle = fake_oracle(2_000);
    let mut batch = cases(&["a0", "a1"]);
    batch.insert(1, Case { input: "x".into(), base: None, kind: CaseKind::HostToAscii });
    let answers = oracle.answer_batch(&batch).unwrap();
    assert_eq!(href(&answers[0]), Some("a0"));
    assert_eq!(answers[1], Answer::NoOpinion);
    assert_eq!(href(&answers[2]), Some("a1"));
}

#[test]
fn config_file_declares_command_oracles_and_reports_problems() {
    let dir = tempfile::tempdir().unwrap();
    let config = dir.path().join("urldiff-oracles.json");
    let script = fixture("fake_worker.sh");
    let text = serde_json::json!({ "oracles": [
        { "name": "fake-from-config", "command": ["sh", script], "timeout_ms": 500 },
        { "name": "missing-runtime", "command": ["/nonexistent/urldiff-test-runtime"] },
        { "name": "neither" },
    ]});
    std::fs::write(&config, text.to_string()).unwrap();
    let oracles = load_config(&config);
    assert_eq!(oracles.len(), 3);
    let fake = &oracles[0];
    assert_eq!(fake.info().name, "fake-from-config");
    assert_eq!(fake.info().kind, OracleKind::External);
    let inputs = ["a0", "HANG", "a2"];
    let answers = fake.answer_batch(&cases(&inputs)).unwrap();
    assert_echoes_except(&inputs, &answers, &[1]);
    assert_eq!(answers[1].outcome(), "timed-out");
    for broken in &oracles[1..] {
        let Availability::Unavailable { reason } = broken.availability() else { panic!() };
        assert!(reason.contains(&broken.info().name), "{reason}");
    }
    std::fs::write(&config, "{ not json").unwrap();
    let oracles = load_config(&config);
    assert!(matches!(oracles[0].availability(), Availability::Unavailable { .. }));
}

#[test]
fn a_worker_without_handshake_is_unavailable_with_its_stderr() {
    let command = WorkerCommand::new("sh", &["-c", "echo 'no interpreter here' >&2; exit 7"]);
    let declared = Declared {
        name: "broken".into(),
        kind: OracleKind::External,
        model: RecordModel::Rfc,
        fields: vec![],
        case_kinds: vec![],
        claim: Default::default(),
    };
    let oracle = WorkerOracle::new(declared, Box::new(move || Ok(command.clone())));
    let Availability::Unavailable { reason } = oracle.availability() else { panic!() };
    assert!(
        reason.contains("no interpreter here") && reason.contains("exit status: 7"),
        "{reason}"
    );
    assert_eq!(oracle.info().version, "unavailable");
}

#[test]
fn an_endless_answer_line_ends_its_case_as_crashed() {
    let oracle = fake_oracle(5_000).with_max_answer_line(1 << 20);
    let inputs = ["a0", "HUGE", "a2"];
    let answers = oracle.answer_batch(&cases(&inputs)).unwrap();
    assert_echoes_except(&inputs, &answers, &[1]);
    let crash = crash(&answers[1]);
    assert_eq!(crash.cause, "an answer line longer than 1048576 bytes (the limit)");
    assert_eq!(crash.process, Some(ProcessEnd::KilledByHarness));
}

/// A second answer line for a case is that case's fault, wherever it is read: the next case
/// keeps its own answer.
#[test]
fn an_extra_answer_line_is_attributed_by_its_id() {
    let oracle = fake_oracle(2_000);
    let inputs = ["a0", "EXTRA", "a2", "a3", "EXTRA-2", "a5"];
    let batch = cases(&inputs);
    let answers = oracle.answer_batch(&batch).unwrap();
    assert_echoes_except(&inputs, &answers, &[1, 4]);
    for i in [1, 4] {
        let crash = crash(&answers[i]);
        assert_eq!(crash.case, batch[i]);
        assert_eq!(crash.cause, format!("answered twice (a second answer line for id {i})"));
        // The worker stayed in step, so it was not killed for it.
        assert_eq!(crash.process, None);
    }
}

#[test]
fn a_missing_answer_marks_only_the_case_that_got_none() {
    let oracle = fake_oracle(2_000);
    let inputs = ["a0", "SKIP", "a2", "a3"];
    let answers = oracle.answer_batch(&cases(&inputs)).unwrap();
    assert_echoes_except(&inputs, &answers, &[1]);
    assert_eq!(crash(&answers[1]).cause, "no answer line (the worker answered id 2 next)");
}

/// A worker that dies and cannot be started again leaves the batch unfinishable: an error
/// naming the oracle and carrying the failed start's stderr, not crashed answers.
#[test]
fn a_worker_that_cannot_be_restarted_is_an_error() {
    let dir = tempfile::tempdir().unwrap();
    let mut command = WorkerCommand::new("sh", &[&fixture_path()]);
    let once = dir.path().join("started");
    command.env.push(("FAKE_WORKER_ONCE".into(), once.to_string_lossy().into_owned()));
    let oracle = fake_oracle_with(2_000, command);
    assert_eq!(oracle.availability(), Availability::Available);
    let err = oracle.answer_batch(&cases(&["a0", "CRASH", "a2"])).unwrap_err();
    let OracleError::WorkerLost { oracle: name, reason, stderr } = &err else { panic!("{err:?}") };
    assert_eq!(name, "fake");
    assert_eq!(reason, "the worker exited before its handshake (exit status: 4)");
    assert!(stderr.contains("refusing to start twice"), "{stderr}");
    let shown = err.to_string();
    assert!(shown.starts_with("oracle fake: its worker cannot be restarted: "), "{shown}");
    assert!(shown.contains("refusing to start twice"), "{shown}");
}

/// `node host.js <node-url's adapter>` in `oracles/node/`, as the folder launcher starts it,
/// with `fields` as `URLDIFF_FIELDS` (none: the variable unset).
fn node_url_host(fields: Option<&str>) -> std::process::Command {
    let oracles = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let mut command = std::process::Command::new("node");
    command
        .arg(oracles.join("runtimes/node/host.js"))
        .arg(oracles.join("parsers/node-url/adapter.js"))
        .current_dir(oracles.join("node"))
        .env("URLDIFF_ORACLE", "node-url")
        .env("URLDIFF_MODEL", "whatwg")
        .env("URLDIFF_CASE_KINDS", "parse,setter")
        .env_remove("URLDIFF_FIELDS");
    if let Some(fields) = fields {
        command.env("URLDIFF_FIELDS", fields);
    }
    command
}

/// The Node host keeps every answer when its parent is slow to read: Node can leave the
/// worker's stdout pipe non-blocking, where a full pipe made `writeSync` fail with EAGAIN and
/// the worker exit mid-batch (seen as a flaky `url-parse` crash in `make conform`). Here the
/// parent writes 20,000 requests and reads nothing for a second, so the pipe fills.
#[test]
fn the_node_worker_waits_for_a_slow_reader_and_loses_no_answer() {
    use std::io::{BufRead, BufReader, Write};
    use std::process::Stdio;
    let fields = urldiff_oracles::WHATWG_FIELDS.join(",");
    let spawned = node_url_host(Some(&fields))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn();
    let Ok(mut child) = spawned else {
        let test = "the_node_worker_waits_for_a_slow_reader_and_loses_no_answer";
        urldiff_corpus::required::skip("node", test, "node is not installed");
        return;
    };
    const N: usize = 20_000;
    let mut stdin = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || {
        for id in 0..N {
            let request = serde_json::json!({
                "id": id, "kind": "parse", "input": format!("http://h/{id}"), "base": null
            });
            // A worker that died is what the assertions below report, with its stderr.
            if writeln!(stdin, "{request}").is_err() {
                break;
            }
        }
    });
    std::thread::sleep(Duration::from_secs(1));
    let lines: Vec<String> =
        BufReader::new(child.stdout.take().unwrap()).lines().map(Result::unwrap).collect();
    writer.join().unwrap();
    let status = child.wait().unwrap();
    let stderr = std::io::read_to_string(child.stderr.take().unwrap()).unwrap();
    assert!(status.success(), "{status}: {stderr}");
    assert_eq!(lines.len(), N + 1, "the hello and one answer per request; stderr: {stderr}");
    let last: serde_json::Value = serde_json::from_str(&lines[N]).unwrap();
    assert_eq!(
        (last["id"].as_u64(), last["outcome"].as_str()),
        (Some(N as u64 - 1), Some("parsed"))
    );
}

/// The Node host and node-url's adapter keep no field list of their own: the hello and the
/// records list exactly the fields urldiff passes in `URLDIFF_FIELDS`, in that order, and
/// without the variable the host refuses to start.
#[test]
fn the_node_worker_records_the_fields_urldiff_passes() {
    use std::io::Write;
    use std::process::Stdio;
    let run = |fields: Option<&str>| {
        let mut child = node_url_host(fields)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()?;
        let request = r#"{"id": 0, "kind": "parse", "input": "https://h:1/p#f", "base": null}"#;
        // A worker that refused to start closed its stdin: what the caller checks.
        let _ = writeln!(child.stdin.take().unwrap(), "{request}");
        child.wait_with_output()
    };
    let Ok(output) = run(Some("hash,href,port")) else {
        let test = "the_node_worker_records_the_fields_urldiff_passes";
        urldiff_corpus::required::skip("node", test, "node is not installed");
        return;
    };
    let stdout = String::from_utf8(output.stdout).unwrap();
    let lines: Vec<serde_json::Value> =
        stdout.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(lines.len(), 2, "{stdout}");
    assert_eq!(lines[0]["hello"]["fields"], serde_json::json!(["hash", "href", "port"]));
    let record = lines[1]["record"].as_object().unwrap();
    let keys: Vec<&str> = record.keys().map(String::as_str).collect();
    assert_eq!(keys, ["hash", "href", "port"]);
    assert_eq!(record["port"], "1");

    let refused = run(None).unwrap();
    assert_eq!(refused.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&refused.stderr).contains("URLDIFF_FIELDS"));
}

/// Choosing oracles by name or kind starts nothing: the launcher runs first when the oracle
/// is checked or asked (here: its availability).
#[test]
fn name_and_kind_come_from_the_declaration_without_a_launch() {
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::sync::Arc;
    let launches = Arc::new(AtomicUsize::new(0));
    let counted = Arc::clone(&launches);
    let declared = Declared {
        name: "counted".into(),
        kind: OracleKind::External,
        model: RecordModel::Whatwg,
        fields: vec![],
        case_kinds: vec![],
        claim: Default::default(),
    };
    let oracle = WorkerOracle::new(
        declared,
        Box::new(move || {
            counted.fetch_add(1, Ordering::SeqCst);
            Ok(WorkerCommand::new("sh", &[&fixture_path()]))
        }),
    );
    assert_eq!((oracle.name(), oracle.kind()), ("counted", OracleKind::External));
    assert_eq!(launches.load(Ordering::SeqCst), 0);
    assert_eq!(oracle.availability(), Availability::Available);
    assert_eq!(launches.load(Ordering::SeqCst), 1);
}

#[test]
fn a_batch_cut_over_several_workers_keeps_every_answer_in_its_place() {
    // 1,500 cases are six chunks: more workers take them up when cores are free. Each answer
    // stays with its case, and a crash late in the batch marks only its own case.
    let oracle = fake_oracle(2_000);
    let mut inputs: Vec<String> = (0..1_500).map(|i| format!("c{i}")).collect();
    inputs[1_300] = "CRASH-late".into();
    let refs: Vec<&str> = inputs.iter().map(String::as_str).collect();
    let answers = oracle.answer_batch(&cases(&refs)).unwrap();
    assert_echoes_except(&refs, &answers, &[1_300]);
    assert_eq!(crash(&answers[1_300]).case.input, "CRASH-late");
}
