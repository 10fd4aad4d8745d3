//! Fault injection for the subprocess oracles: a fake worker (tests/fixtures/fake_worker.sh)
//! that crashes, hangs or prints garbage on marker inputs. Every batch must complete with
//! exactly the marked cases marked, every other case answered, in order.

use std::path::PathBuf;
use std::time::Duration;

use urldiff_oracles::subprocess::{load_config, Declared, Timeouts, WorkerCommand, WorkerOracle};
use urldiff_oracles::{
    Answer, Availability, Case, CaseKind, Oracle, OracleKind, Record, RecordModel,
};

fn fixture(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures").join(name)
}

fn fake_oracle(case_ms: u64) -> WorkerOracle {
    let command = WorkerCommand::new("sh", &[&fixture("fake_worker.sh").to_string_lossy()]);
    let declared = Declared {
        name: "fake".into(),
        kind: OracleKind::External,
        model: RecordModel::Whatwg,
        fields: vec![],
        case_kinds: vec![],
    };
    WorkerOracle::new(declared, Box::new(move || Ok(command.clone()))).with_timeouts(Timeouts {
        case: Duration::from_millis(case_ms),
        startup: Duration::from_secs(10),
    })
}

fn cases(inputs: &[&str]) -> Vec<Case> {
    inputs.iter().map(|i| Case::parse(*i, None)).collect()
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
    let answers = oracle.answer_batch(&cases(&inputs));
    assert_echoes_except(&inputs, &answers, &[2, 4, 7, 9]);
    for (i, marker) in [(2, "CRASH-1"), (7, "CRASH-2")] {
        let Answer::Crashed { details } = &answers[i] else { panic!("case {i}: {:?}", answers[i]) };
        // Evidence: the oracle, the input and the worker's stderr and exit status.
        assert!(details.starts_with("fake crashed on <"), "{details}");
        assert!(details.contains(&format!("crashing on purpose on {marker}")), "{details}");
        assert!(details.contains("exit status: 3"), "{details}");
    }
    assert_eq!(answers[4], Answer::TimedOut);
    assert_eq!(answers[9], Answer::TimedOut);
    // The pool goes on after the faults.
    let again = ["b0", "b1"];
    assert_echoes_except(&again, &oracle.answer_batch(&cases(&again)), &[]);
}

#[test]
fn a_garbage_line_marks_its_case_and_the_worker_is_replaced() {
    let oracle = fake_oracle(2_000);
    let inputs = ["a0", "GARBAGE", "a2", "a3"];
    let answers = oracle.answer_batch(&cases(&inputs));
    // The garbage line is read where the GARBAGE case's answer was due.
    let Answer::Crashed { details } = &answers[1] else { panic!("{:?}", answers[1]) };
    assert!(details.contains("this is not json"), "{details}");
    assert_echoes_except(&inputs, &answers, &[1]);
}

#[test]
fn a_hang_late_in_a_long_pipelined_batch_loses_no_answer() {
    let oracle = fake_oracle(300);
    let mut inputs: Vec<String> = (0..200).map(|i| format!("c{i}")).collect();
    inputs[150] = "HANG".into();
    let refs: Vec<&str> = inputs.iter().map(String::as_str).collect();
    let answers = oracle.answer_batch(&cases(&refs));
    assert_echoes_except(&refs, &answers, &[150]);
    assert_eq!(answers[150], Answer::TimedOut);
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
                    assert_echoes_except(&refs, &oracle.answer_batch(&cases(&refs)), &[]);
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
    let answers = oracle.answer_batch(&batch);
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
    let answers = fake.answer_batch(&cases(&inputs));
    assert_echoes_except(&inputs, &answers, &[1]);
    assert_eq!(answers[1], Answer::TimedOut);
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
    };
    let oracle = WorkerOracle::new(declared, Box::new(move || Ok(command.clone())));
    let Availability::Unavailable { reason } = oracle.availability() else { panic!() };
    assert!(
        reason.contains("no interpreter here") && reason.contains("exit status: 7"),
        "{reason}"
    );
    assert_eq!(oracle.info().version, "unavailable");
}
