//! The shared oracle pool under faults and concurrency: an oracle that hangs gives that oracle a
//! `timed-out` answer within the limit while the others answer (a subprocess worker that hangs,
//! and an in-process oracle that never returns); a request over its own time limit gets a JSON
//! 503; concurrent requests to one subprocess oracle run on workers side by side, not one after
//! another; and the answers of concurrent requests never mix.

mod serve_support;

use serde_json::{json, Value};
use serve_support::*;
use std::path::Path;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Duration;
use urldiff_oracles::subprocess::external::load_config_with;
use urldiff_oracles::subprocess::Timeouts;
use urldiff_oracles::{
    Answer, Case, Oracle, OracleError, OracleInfo, OracleKind, RecordModel, WhatwgRecord,
};

const LIMIT: Duration = Duration::from_millis(700);

/// The oracles of a config file naming `command` as the external oracle `name`.
fn external(dir: &Path, name: &str, command: &[&str]) -> Vec<Box<dyn Oracle>> {
    let path = dir.join(format!("{name}.json"));
    let config = json!({ "oracles": [{ "name": name, "command": command }] });
    std::fs::write(&path, config.to_string()).unwrap();
    load_config_with(&path, Timeouts { case: LIMIT, startup: Duration::from_secs(30) })
}

fn fake_worker() -> String {
    root().join("oracles/tests/fixtures/fake_worker.sh").to_string_lossy().into_owned()
}

fn outcome_of(answer: &Value, oracle: &str) -> String {
    answer["answers"]
        .as_array()
        .unwrap()
        .iter()
        .find(|a| a["oracle"] == oracle)
        .unwrap_or_else(|| panic!("no answer of {oracle}: {answer}"))["outcome"]
        .as_str()
        .unwrap()
        .to_owned()
}

#[test]
fn a_hanging_worker_times_out_while_the_others_answer() {
    let dir = tempfile::tempdir().unwrap();
    let mut oracles = urldiff_oracles::default_oracles(&urldiff_oracles::RegistryConfig::default());
    oracles.truncate(2); // reference, reference-rfc3986: enough company
    oracles.extend(external(dir.path(), "fake", &["sh", &fake_worker()]));
    let mut config = config(dir.path());
    config.case_limit = LIMIT;
    let server = start(config, oracles);

    let answer = post(server.addr, "/api/compare", &compare_body("HANG://a/", None)).json();
    assert_eq!(outcome_of(&answer, "fake"), "timed-out", "{answer}");
    assert_eq!(outcome_of(&answer, "reference"), "parsed");
    assert_eq!(outcome_of(&answer, "reference-rfc3986"), "parsed");
    // The worker was replaced: the next input is answered.
    let answer = post(server.addr, "/api/compare", &compare_body("http://b/", None)).json();
    assert_eq!(outcome_of(&answer, "fake"), "parsed", "{answer}");
    // The page's view says what happened, with the limit.
    let view = post(server.addr, "/api/view", &compare_body("HANG://c/", None)).json();
    let notes: Vec<&str> =
        view["notes"].as_array().unwrap().iter().filter_map(Value::as_str).collect();
    assert!(
        notes.iter().any(|n| n.starts_with("fake: timed-out:") && n.contains("700 ms")),
        "{notes:?}"
    );
    // A worker that crashes: `crashed`, with its stderr.
    let answer = post(server.addr, "/api/compare", &compare_body("CRASH://a/", None)).json();
    assert_eq!(outcome_of(&answer, "fake"), "crashed", "{answer}");
}

/// An in-process oracle that never returns on inputs starting with `hang`, and counts its
/// calls.
struct Stuck {
    info: OracleInfo,
    calls: Arc<AtomicUsize>,
}

impl Stuck {
    fn new(calls: Arc<AtomicUsize>) -> Stuck {
        Stuck {
            info: OracleInfo {
                name: "stuck".into(),
                kind: OracleKind::InProcess,
                version: "test".into(),
                model: RecordModel::Whatwg,
                fields: vec!["href".into()],
                case_kinds: vec![urldiff_oracles::CaseKindTag::Parse],
                unicode: None,
                claim: Default::default(),
            },
            calls,
        }
    }
}

impl Oracle for Stuck {
    fn info(&self) -> &OracleInfo {
        &self.info
    }

    fn answer_batch(&self, cases: &[Case]) -> Result<Vec<Answer>, OracleError> {
        self.calls.fetch_add(1, Ordering::SeqCst);
        if cases.iter().any(|c| c.input.starts_with("slow")) {
            std::thread::sleep(Duration::from_secs(3));
        }
        if cases.iter().any(|c| c.input.starts_with("hang")) {
            loop {
                std::thread::sleep(Duration::from_secs(3600));
            }
        }
        let record = |c: &Case| WhatwgRecord { href: Some(c.input.clone()), ..Default::default() };
        Ok(cases
            .iter()
            .map(|c| Answer::Parsed {
                record: urldiff_oracles::Record::Whatwg(record(c)),
                errors: Vec::new(),
            })
            .collect())
    }
}

#[test]
fn an_in_process_oracle_that_never_returns_times_out() {
    let dir = tempfile::tempdir().unwrap();
    let calls = Arc::new(AtomicUsize::new(0));
    let mut oracles = urldiff_oracles::default_oracles(&urldiff_oracles::RegistryConfig::default());
    oracles.truncate(1);
    oracles.push(Box::new(Stuck::new(Arc::clone(&calls))));
    let mut config = config(dir.path());
    config.case_limit = LIMIT;
    let server = start(config, oracles);

    let answer = post(server.addr, "/api/compare", &compare_body("hang://a/", None)).json();
    assert_eq!(outcome_of(&answer, "stuck"), "timed-out", "{answer}");
    assert_eq!(outcome_of(&answer, "reference"), "parsed");
    let limit = answer["answers"].as_array().unwrap().iter().find(|a| a["oracle"] == "stuck");
    assert!(limit.is_some());
    assert_eq!(calls.load(Ordering::SeqCst), 1);
    // While that call is still running, the oracle is not called again (no pile of threads):
    // it answers timed-out at once, saying why.
    let answer = post(server.addr, "/api/view", &compare_body("http://b/", None)).json();
    assert_eq!(outcome_of(&answer["compare"], "stuck"), "timed-out");
    assert_eq!(calls.load(Ordering::SeqCst), 1);
    let notes = answer["notes"].to_string();
    assert!(notes.contains("stuck: timed-out"), "{notes}");
}

/// The request's time limit is the only one that can end a request: an oracle call that never
/// returns makes the request a JSON 503, never a `timed-out` answer in a 200 (the oracle's
/// guard once had the request's limit as its own, and the two raced on a loaded machine). The
/// guard's deadline lies past the request's, so the oracle is not yet marked stuck when the
/// 503 is out, and the next request gets its answer.
#[test]
fn a_request_over_its_time_limit_gets_a_json_503() {
    let dir = tempfile::tempdir().unwrap();
    let mut oracles = urldiff_oracles::default_oracles(&urldiff_oracles::RegistryConfig::default());
    oracles.truncate(1);
    oracles.push(Box::new(Stuck::new(Arc::new(AtomicUsize::new(0)))));
    let mut config = config(dir.path());
    // The oracle's own deadline is far; the request's limit comes first.
    config.case_limit = Duration::from_secs(60);
    config.request_limit = Duration::from_millis(500);
    // The abandoned call keeps its permit until the oracle's deadline: another one is free.
    config.jobs = 2;
    let server = start(config, oracles);

    let reply = post(server.addr, "/api/compare", &compare_body("hang://a/", None));
    assert_eq!(reply.status, 503, "{}", reply.body);
    assert_eq!(
        reply.json(),
        json!({"error": "the request took longer than its time limit (500 ms)"})
    );
    // The server goes on answering, and the oracle with it.
    let reply = post(server.addr, "/api/compare", &compare_body("http://b/", None));
    assert_eq!(reply.status, 200, "{}", reply.body);
    assert_eq!(outcome_of(&reply.json(), "stuck"), "parsed", "{}", reply.body);
}

/// A worker that, for inputs starting with MEET, waits (up to 5 s) until another worker of the
/// same oracle is also inside a MEET case, then answers `together` (or `alone` when none came).
const MEETING_WORKER: &str = r#"
dir="$1"
printf '%s\n' '{"hello":{"name":"meet","version":"meet 1","model":"whatwg","fields":["href"],"case_kinds":["parse"]}}'
while IFS= read -r line; do
  rest=${line#*\"id\":}; id=${rest%%,*}
  rest=${line#*\"input\":\"}; input=${rest%%\"*}
  href="$input"
  case "$input" in
    MEET*)
      : > "$dir/$$"
      href=alone
      i=0
      while [ $i -lt 50 ]; do
        set -- "$dir"/*
        if [ $# -ge 2 ]; then href=together; break; fi
        sleep 0.1; i=$((i+1))
      done ;;
  esac
  printf '{"id":%s,"outcome":"parsed","record":{"href":"%s"},"errors":[]}\n' "$id" "$href"
done
"#;

#[test]
fn concurrent_requests_to_one_subprocess_oracle_run_side_by_side() {
    let dir = tempfile::tempdir().unwrap();
    let meetings = dir.path().join("meetings");
    std::fs::create_dir(&meetings).unwrap();
    let script = dir.path().join("meet.sh");
    std::fs::write(&script, MEETING_WORKER).unwrap();
    let oracles =
        external(dir.path(), "meet", &["sh", script.to_str().unwrap(), meetings.to_str().unwrap()]);
    let mut config = config(dir.path());
    config.case_limit = Duration::from_secs(20);
    config.jobs = 2;
    let server = start(config, oracles);
    let hrefs: Vec<String> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..2)
            .map(|i| {
                scope.spawn(move || {
                    let body = compare_body(&format!("MEET{i}"), None);
                    let answer = post(server.addr, "/api/compare", &body).json();
                    answer["answers"][0]["record"]["href"].as_str().unwrap().to_owned()
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().unwrap()).collect()
    });
    assert_eq!(hrefs, ["together", "together"], "the two requests did not overlap");
    // Two workers, one per request that was in flight.
    assert_eq!(std::fs::read_dir(&meetings).unwrap().count(), 2);
}

#[test]
fn concurrent_answers_never_mix() {
    let dir = tempfile::tempdir().unwrap();
    let mut oracles = urldiff_oracles::default_oracles(&urldiff_oracles::RegistryConfig::default());
    oracles.truncate(1);
    oracles.extend(external(dir.path(), "fake", &["sh", &fake_worker()]));
    let mut config = config(dir.path());
    config.jobs = 4;
    let server = start(config, oracles);
    std::thread::scope(|scope| {
        for t in 0..4 {
            scope.spawn(move || {
                let client = client();
                for i in 0..25 {
                    let input = format!("http://t{t}.example/{i}");
                    let answer = post_with(
                        &client,
                        server.addr,
                        "/api/compare",
                        &compare_body(&input, None),
                    )
                    .json();
                    assert_eq!(answer["input"], json!(input));
                    // The fake worker's href is its input: each answer is this request's.
                    assert_eq!(answer["answers"][1]["record"]["href"], json!(input), "{answer}");
                    assert_eq!(answer["answers"][0]["record"]["href"], json!(input));
                }
            });
        }
    });
}
