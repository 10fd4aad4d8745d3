//! The runtimes some tests need, and the switch that makes their absence a failure.
//!
//! Tests that need node, python, java, php, ruby, go or chromium skip with one line when the runtime is
//! missing, so that `make test` passes on any machine. On a machine that has the runtime,
//! a skip would hide a broken detection: `$URLDIFF_REQUIRE` lists the runtimes that must be
//! there (`.ci/run` lists every one its machine has, found with the shell's own `command -v`),
//! and a test that would skip for a listed runtime fails instead.
//!
//! For tests only: nothing at run time reads the variable.

/// The variable listing the required runtimes, separated by commas or spaces.
pub const REQUIRE_VAR: &str = "URLDIFF_REQUIRE";

/// The runtimes tests may need, as `$URLDIFF_REQUIRE` names them.
pub const RUNTIMES: [&str; 7] = ["node", "python", "java", "php", "ruby", "go", "chromium"];

/// Whether `runtime` is listed in `$URLDIFF_REQUIRE`.
pub fn is_required(runtime: &str) -> bool {
    std::env::var(REQUIRE_VAR).is_ok_and(|list| listed(&list, runtime))
}

fn listed(list: &str, runtime: &str) -> bool {
    list.split([',', ' ']).any(|name| name == runtime)
}

/// The skip of a test (`test`) whose `runtime` is missing, `why`: one line on stderr (past
/// libtest's capture, so it shows in `make test`), or a panic when the runtime is required.
pub fn skip(runtime: &str, test: &str, why: &str) {
    let line = skip_line(std::env::var(REQUIRE_VAR).ok().as_deref(), runtime, test, why);
    use std::io::Write as _;
    let _ = writeln!(std::io::stderr(), "{line}");
}

/// The line of [`skip`], with the variable's value given (a panic when it lists `runtime`).
fn skip_line(list: Option<&str>, runtime: &str, test: &str, why: &str) -> String {
    assert!(
        !list.is_some_and(|list| listed(list, runtime)),
        "{test}: {runtime} is required ({REQUIRE_VAR} lists it) but missing: {why}"
    );
    format!("{test}: skipped: {why}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lists_are_read_by_whole_names() {
        assert!(listed("node,python java", "python"));
        assert!(listed("node,python java", "java"));
        assert!(!listed("node,python", "java"));
        assert!(!listed("nodejs", "node"));
        assert!(!listed("", "node"));
        assert!(RUNTIMES.iter().all(|r| listed(&RUNTIMES.join(","), r)));
    }

    #[test]
    fn a_skip_for_a_runtime_not_listed_is_one_line() {
        for list in [None, Some("python,java")] {
            let line = skip_line(list, "node", "a test", "node is missing");
            assert_eq!(line, "a test: skipped: node is missing");
        }
    }

    #[test]
    #[should_panic(expected = "a test: node is required (URLDIFF_REQUIRE lists it) but missing")]
    fn a_skip_for_a_listed_runtime_is_a_failure() {
        skip_line(Some("python node"), "node", "a test", "node is missing");
    }
}
