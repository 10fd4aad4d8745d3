//! The `urldiff conform` binary on fixture files: a cases folder in the urltestdata.json
//! format as the suite and a table oracle (hidden `--table-oracle NAME=FILE`) as the fake.

mod conform_support;

use conform_support::conform;
use std::process::{Command, Output};

/// The suite's truth (hand-checked against the WHATWG URL Standard): a tab is removed from
/// the input; an uppercase scheme is lowercased.
const TRUTH: &str = r#"[
  "comment lines are skipped",
  {"input": "http://a/\tb", "base": null, "href": "http://a/b", "protocol": "http:",
   "username": "", "password": "", "host": "a", "hostname": "a", "port": "",
   "pathname": "/b", "search": "", "hash": ""},
  {"input": "HTTP://A/", "base": null, "href": "http://a/", "protocol": "http:",
   "username": "", "password": "", "host": "a", "hostname": "a", "port": "",
   "pathname": "/", "search": "", "hash": ""}
]"#;

/// The fake keeps the scheme's and host's case: an ascii-case difference (severity medium:
/// schemes and hosts are case-insensitive, so only a case-sensitive check is fooled).
const FAKE: &str = r#"[
  {"input": "http://a/\tb", "base": null, "href": "http://a/b", "protocol": "http:",
   "username": "", "password": "", "host": "a", "hostname": "a", "port": "",
   "pathname": "/b", "search": "", "hash": ""},
  {"input": "HTTP://A/", "base": null, "href": "HTTP://A/", "protocol": "HTTP:",
   "username": "", "password": "", "host": "A", "hostname": "A", "port": "",
   "pathname": "/", "search": "", "hash": ""}
]"#;

fn fixture(ledger: Option<&str>) -> tempfile::TempDir {
    conform_support::fixture(TRUTH, FAKE, ledger)
}

const LEDGER_LINE: &str = "<HTTP://A/> | href,scheme,host | the fake keeps ASCII case\n";

#[test]
fn unexpected_divergence_exits_1_and_shows_grade() {
    let dir = fixture(None);
    let out = conform(dir.path(), &[]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{stdout}");
    // The divergence's fields as a table under it: field, grade, truth, got.
    assert!(stdout.contains("      scheme  ascii-case  \"http\"       \"HTTP\""), "{stdout}");
    assert!(stdout.contains("cases/mini"), "{stdout}");
}

#[test]
fn ledgered_divergence_exits_0() {
    let dir = fixture(Some(LEDGER_LINE));
    let out = conform(dir.path(), &[]);
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stdout));
}

#[test]
fn stale_entry_exits_1() {
    let text = format!("{LEDGER_LINE}<http://a/\\tb> | * | no longer diverges\n");
    let dir = fixture(Some(&text));
    let out = conform(dir.path(), &[]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{stdout}");
    assert!(stdout.contains("Stale ledger entries (1)"), "{stdout}");
}

#[test]
fn malformed_ledger_exits_2_naming_file_and_line() {
    let dir = fixture(Some("# comment\n\nnot an entry\n"));
    let out = conform(dir.path(), &[]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("fake.txt:3:"), "{stderr}");
}

#[test]
fn unknown_suite_exits_2() {
    let dir = fixture(None);
    let out = conform(dir.path(), &["--suite", "nope"]);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn bless_then_pass() {
    let dir = fixture(None);
    let out = conform(dir.path(), &["--bless"]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{stdout}");
    assert!(stdout.contains("+ <HTTP://A/> | href,scheme,host | unreviewed (medium)"), "{stdout}");
    assert_eq!(conform(dir.path(), &[]).status.code(), Some(0));
}

#[test]
fn explain_projection_prints_the_table() {
    let out = Command::new(env!("CARGO_BIN_EXE_urldiff"))
        .args(["conform", "--explain-projection"])
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0));
    // The projection table: field, WHATWG model, RFC model.
    assert!(text.contains("\nscheme    protocol without its trailing `:`"), "{text}");
    assert!(text.contains("percent-encoding"), "{text}");
}

#[test]
fn a_missing_ledger_folder_exits_2() {
    let dir = fixture(None);
    let out = Command::new(env!("CARGO_BIN_EXE_urldiff"))
        .arg("conform")
        .args(["--only-cases", "--cases"])
        .arg(dir.path().join("cases"))
        .args(["--table-oracle", &format!("fake={}", dir.path().join("fake.json").display())])
        .arg("--ledger")
        .arg(dir.path().join("no-such-ledger"))
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("no-such-ledger"), "{stderr}");
}

#[test]
fn an_unavailable_oracle_named_with_oracle_exits_2() {
    // Without an interpreter on PATH or in pyenv's versions, python-urllib cannot run: a
    // harness error, not a pass over zero cases.
    let out = Command::new(env!("CARGO_BIN_EXE_urldiff"))
        .args(["conform", "--oracle", "python-urllib", "--suite", "rfc/rfc3986-5.4-strict"])
        .env("PATH", "/nonexistent")
        .env("HOME", "/nonexistent")
        .env_remove("PYENV_ROOT")
        .env_remove("URLDIFF_PYTHON")
        // No JDK either: the search also looks in /usr/lib/jvm.
        .env("URLDIFF_JAVA_HOME", "/nonexistent")
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("python-urllib was asked for with --oracle but cannot run"),
        "{stderr}"
    );
}

fn urldiff(args: &[&std::ffi::OsStr]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_urldiff")).args(args).output().unwrap()
}

#[test]
fn report_renders_a_saved_json_report_into_the_same_files() {
    let dir = fixture(Some(LEDGER_LINE));
    let out = dir.path().join("out");
    let first = |name: &str| out.join(format!("first.{name}"));
    let again = |name: &str| out.join(format!("again.{name}"));
    let formats = ["html", "markdown", "junit", "matrix"];
    let mut args: Vec<std::ffi::OsString> = vec!["--json".into(), first("json").into()];
    for f in formats {
        args.push(format!("--{f}").into());
        args.push(first(f).into());
    }
    let args: Vec<&str> = args.iter().map(|a| a.to_str().unwrap()).collect();
    let run = conform(dir.path(), &args);
    assert_eq!(run.status.code(), Some(0), "{}", String::from_utf8_lossy(&run.stderr));
    let mut args: Vec<std::ffi::OsString> = vec!["report".into(), first("json").into()];
    for f in formats.iter().chain(&["json"]) {
        args.push(format!("--{f}").into());
        args.push(again(f).into());
    }
    let args: Vec<&std::ffi::OsStr> = args.iter().map(|a| a.as_os_str()).collect();
    let report = urldiff(&args);
    assert_eq!(report.status.code(), Some(0), "{}", String::from_utf8_lossy(&report.stderr));
    for f in formats.iter().chain(&["json"]) {
        let (a, b) = (std::fs::read(first(f)).unwrap(), std::fs::read(again(f)).unwrap());
        assert!(a == b, "{f} differs when rendered again from the JSON report");
    }
    // The same summary on stdout (conform adds its wall time).
    let summary = String::from_utf8_lossy(&report.stdout);
    assert!(String::from_utf8_lossy(&run.stdout).starts_with(summary.as_ref()), "{summary}");
    // The ledgered divergence under its class (the fake keeps the scheme's ASCII case).
    let class = summary.lines().find(|l| l.starts_with("  medium  1  case-normalization "));
    assert!(class.is_some_and(|l| l.trim_end().ends_with(" fake")), "{summary}");
    let html = std::fs::read_to_string(first("html")).unwrap();
    assert!(html.contains("<del>http</del><ins>HTTP</ins>"), "the scheme's diff: {html}");
    let markdown = std::fs::read_to_string(first("markdown")).unwrap();
    assert!(markdown.starts_with("# urldiff conform: PASS"), "{markdown}");
}

#[test]
fn report_of_a_file_that_is_neither_kind_of_report_exits_2() {
    let dir = tempfile::tempdir().unwrap();
    let cases = [
        // Has the findings keys, lacks the rest of a findings file.
        ("findings.json", r#"{"schema_version": 2, "groups": []}"#, "not a findings file"),
        ("other.json", r#"{"tool": "urldiff", "groups": []}"#, "neither a conform JSON report"),
        ("text.json", "not json at all", "not JSON"),
    ];
    for (name, text, message) in cases {
        let path = dir.path().join(name);
        std::fs::write(&path, text).unwrap();
        let html = dir.path().join("out.html");
        let out =
            urldiff(&["report".as_ref(), path.as_os_str(), "--html".as_ref(), html.as_os_str()]);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{name}: {stderr}");
        assert!(stderr.contains(name) && stderr.contains(message), "{name}: {stderr}");
        assert!(!html.exists(), "nothing is written for {name}");
    }
    let missing = dir.path().join("missing.json");
    let out = urldiff(&["report".as_ref(), missing.as_os_str()]);
    assert_eq!(out.status.code(), Some(2));
}
