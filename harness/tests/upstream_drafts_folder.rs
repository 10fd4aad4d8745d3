//! `urldiff report --upstream DIR` into a folder an earlier run filled: the older drafts must
//! not stay beside the new ones. A folder that holds files is refused without `--force`;
//! with it, the folder is replaced by the new drafts as one (nothing of the earlier run left).

use std::path::Path;
use std::process::{Command, Output};

fn urldiff(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_urldiff")).args(args).output().expect("run urldiff")
}

fn names(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

/// The files a report run says it wrote into the drafts folder.
fn wrote(out: &Output, dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = String::from_utf8_lossy(&out.stdout)
        .lines()
        .filter_map(|l| l.strip_prefix("wrote "))
        .filter_map(|p| Path::new(p).strip_prefix(dir).ok().map(|p| p.display().to_string()))
        .collect();
    names.sort();
    names
}

#[test]
fn a_drafts_folder_from_an_earlier_run_is_refused_or_replaced_whole() {
    let dir = tempfile::tempdir().unwrap();
    let generated = urldiff(&["corpus", "generate", "60", "--seed", "7"]);
    let input = dir.path().join("cases.jsonl");
    std::fs::write(&input, &generated.stdout).unwrap();
    let out = dir.path().join("triaged");
    let (input_arg, out_arg) = (input.display().to_string(), out.display().to_string());
    let triage = urldiff(&[
        "triage",
        &input_arg,
        "--out",
        &out_arg,
        "--oracle",
        "reference",
        "--oracle",
        "reference-rfc3986",
    ]);
    assert_eq!(triage.status.code(), Some(1), "{}", String::from_utf8_lossy(&triage.stderr));
    let findings = out.join("findings.json").display().to_string();
    let drafts = dir.path().join("drafts");
    let drafts_arg = drafts.display().to_string();
    let first = urldiff(&["report", "--upstream", &drafts_arg, &findings]);
    assert_eq!(first.status.code(), Some(0), "{}", String::from_utf8_lossy(&first.stderr));
    let written = wrote(&first, &drafts);
    assert!(!written.is_empty(), "drafts written");
    assert_eq!(names(&drafts), written);
    // An earlier run's draft for a library this run has no finding of.
    let stale = drafts.join("ada.md");
    std::fs::write(&stale, "# an old draft\n").unwrap();
    let again = urldiff(&["report", "--upstream", &drafts_arg, &findings]);
    let why = String::from_utf8_lossy(&again.stderr);
    assert_eq!(again.status.code(), Some(2), "a folder with files is refused: {why}");
    assert!(why.contains(&drafts_arg) && why.contains("--force"), "{why}");
    assert!(stale.exists(), "a refused run changes nothing");
    let forced = urldiff(&["report", "--upstream", &drafts_arg, "--force", &findings]);
    assert_eq!(forced.status.code(), Some(0), "{}", String::from_utf8_lossy(&forced.stderr));
    assert_eq!(names(&drafts), wrote(&forced, &drafts), "only this run's drafts");
    assert!(!stale.exists());
    // Nothing is left beside the folder either (the swap's temporary folder).
    assert_eq!(names(dir.path()), ["cases.jsonl", "drafts", "triaged"]);
}
