//! A panic inside an in-process oracle becomes that case's `crashed` answer with the message
//! and location, and prints nothing to stderr; a panic elsewhere still prints as usual. Checked
//! on a child process (this test binary run again), whose stderr is read as a whole.

use std::process::Command;
use urldiff_oracles::inprocess::guarded;
use urldiff_oracles::{Answer, Case};

const CHILD: &str = "URLDIFF_PANIC_QUIET_CHILD";

#[test]
fn guarded_panics_are_answers_and_print_nothing() {
    if std::env::var_os(CHILD).is_some() {
        let case = Case::parse("boom", None);
        let answer = guarded("fragile", &case, || panic!("the parser blew up on boom"));
        println!("ANSWER {}", serde_json::to_string(&answer).unwrap());
        // Outside a guard the previous hook still reports the panic.
        let _ = std::panic::catch_unwind(|| panic!("an unguarded panic"));
        return;
    }
    let out = Command::new(std::env::current_exe().unwrap())
        .args(["guarded_panics_are_answers_and_print_nothing", "--exact", "--nocapture"])
        .env(CHILD, "1")
        .output()
        .unwrap();
    let (stdout, stderr) =
        (String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    assert!(out.status.success(), "{stdout}\n{stderr}");
    let line = stdout.lines().find_map(|l| l.strip_prefix("ANSWER ")).expect(&stdout);
    let answer: Answer = serde_json::from_str(line).unwrap();
    let Answer::Crashed(crash) = answer else { panic!("{line}") };
    assert_eq!((crash.oracle.as_str(), crash.case.input.as_str()), ("fragile", "boom"));
    assert!(crash.cause.starts_with("panic at oracles/tests/panic_quiet.rs:"), "{}", crash.cause);
    assert!(crash.cause.ends_with(": the parser blew up on boom"), "{}", crash.cause);
    assert!(!stderr.contains("blew up"), "the guarded panic was printed:\n{stderr}");
    assert!(stderr.contains("an unguarded panic"), "the unguarded panic was hidden:\n{stderr}");
}
