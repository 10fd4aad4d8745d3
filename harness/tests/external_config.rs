//! The external oracle config is found in each documented place (`$URLDIFF_ORACLES`, absolute
//! or relative; `urldiff-oracles.json` in the current folder; in the project root) and its
//! relative worker paths are relative to the config file's folder, wherever urldiff runs.

use std::path::Path;
use std::process::{Command, Output};

use serde_json::{json, Value};

/// A folder holding the fake worker as `w.sh` and a config naming it relatively, both as an
/// argument (`sh ./w.sh`, the README's form) and as the program (`./w.sh`).
fn config_folder(dir: &Path) {
    std::fs::create_dir_all(dir).unwrap();
    let fixture =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../oracles/tests/fixtures/fake_worker.sh");
    let script = dir.join("w.sh");
    std::fs::copy(fixture, &script).unwrap();
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&script, std::fs::Permissions::from_mode(0o755)).unwrap();
    }
    let config = json!({ "oracles": [
        { "name": "by-arg", "command": ["sh", "./w.sh"] },
        { "name": "by-program", "command": ["./w.sh"] },
    ]});
    std::fs::write(dir.join("urldiff-oracles.json"), config.to_string()).unwrap();
}

/// `urldiff compare --oracle NAME --json` run in `cwd` with `$URLDIFF_ORACLES` as given.
fn compare(cwd: &Path, variable: Option<&str>, oracle: &str) -> Output {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_urldiff"));
    cmd.args(["compare", "--oracle", oracle, "--json", "http://a.example/"]).current_dir(cwd);
    match variable {
        Some(value) => cmd.env("URLDIFF_ORACLES", value),
        None => cmd.env_remove("URLDIFF_ORACLES"),
    };
    cmd.output().unwrap()
}

/// Both declared oracles answer (the fake worker echoes the input as href).
fn assert_both_answer(cwd: &Path, variable: Option<&str>) {
    for oracle in ["by-arg", "by-program"] {
        let out = compare(cwd, variable, oracle);
        let stderr = String::from_utf8_lossy(&out.stderr);
        let json: Value = serde_json::from_slice(&out.stdout)
            .unwrap_or_else(|e| panic!("{oracle} in {}: {e}; stderr: {stderr}", cwd.display()));
        let answer = json["answers"]
            .as_array()
            .unwrap()
            .iter()
            .find(|a| a["oracle"] == oracle)
            .unwrap_or_else(|| panic!("{oracle} answered nothing: {json}; stderr: {stderr}"));
        assert_eq!(answer["outcome"], "parsed", "{oracle} in {}: {answer}", cwd.display());
    }
}

#[test]
fn a_config_in_the_current_folder_starts_its_relative_workers() {
    let dir = tempfile::tempdir().unwrap();
    config_folder(dir.path());
    assert_both_answer(dir.path(), None);
}

#[test]
fn a_config_in_the_project_root_starts_its_relative_workers_from_a_subfolder() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path().join("project");
    config_folder(&root);
    std::fs::create_dir_all(root.join("corpus/expected")).unwrap();
    let deeper = root.join("sub/deeper");
    std::fs::create_dir_all(&deeper).unwrap();
    assert_both_answer(&deeper, None);
}

#[test]
fn an_absolute_variable_starts_its_relative_workers_from_elsewhere() {
    let dir = tempfile::tempdir().unwrap();
    config_folder(&dir.path().join("cfg"));
    let elsewhere = dir.path().join("elsewhere");
    std::fs::create_dir_all(&elsewhere).unwrap();
    let config = dir.path().join("cfg/urldiff-oracles.json");
    assert_both_answer(&elsewhere, Some(config.to_str().unwrap()));
}

#[test]
fn a_relative_variable_starts_its_relative_workers() {
    let dir = tempfile::tempdir().unwrap();
    config_folder(&dir.path().join("cfg"));
    assert_both_answer(dir.path(), Some("cfg/urldiff-oracles.json"));
    assert_both_answer(dir.path(), Some("./cfg/urldiff-oracles.json"));
}
