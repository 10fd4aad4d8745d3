//! A worker command's `unset` variables are not inherited from urldiff's environment (the
//! Node workers drop NODE_EXTRA_CA_CERTS, which makes Node load certificates at start-up), and
//! the others are. Its own test binary: it sets a variable in this process's environment.

mod fake_worker_support;

use fake_worker_support::{fake_oracle_with, fixture_path};
use urldiff_oracles::subprocess::WorkerCommand;
use urldiff_oracles::{Answer, Case, Oracle, Record};

const VAR: &str = "URLDIFF_TEST_INHERITED_VARIABLE";

/// The href the fake worker answers for `ENV_<VAR>`: the variable's value in its environment.
fn seen_by_worker(unset: Vec<&'static str>) -> String {
    let mut command = WorkerCommand::new("sh", &[&fixture_path()]);
    command.unset = unset;
    let oracle = fake_oracle_with(10_000, command);
    let answers = oracle.answer_batch(&[Case::parse(format!("ENV_{VAR}"), None)]).unwrap();
    match &answers[0] {
        Answer::Parsed { record: Record::Whatwg(r), .. } => r.href.clone().unwrap(),
        other => panic!("expected an answer, got {other:?}"),
    }
}

#[test]
fn unset_variables_are_not_inherited_and_the_others_are() {
    std::env::set_var(VAR, "inherited");
    assert_eq!(seen_by_worker(vec![]), "inherited");
    assert_eq!(seen_by_worker(vec![VAR]), "unset");
}
