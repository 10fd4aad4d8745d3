//! A folder oracle whose runtime is not on this machine is unavailable with one line that
//! says what to install (the folder's `install.debian`), and nothing else breaks. Its own test
//! binary: it empties `PATH` and `HOME` for the whole process.

use std::path::Path;
use urldiff_oracles::parsers::user::read_folder;
use urldiff_oracles::subprocess::folder::folder_oracle;
use urldiff_oracles::{Availability, Oracle};

fn folder(
    root: &Path,
    name: &str,
    runtime: &str,
    adapter: &str,
    debian: &str,
) -> urldiff_oracles::parsers::ParserFolder {
    let dir = root.join(name);
    std::fs::create_dir_all(&dir).unwrap();
    let descriptor = format!(
        r#"{{"name": "{name}", "library": "x", "runtime": "{runtime}", "adapter": "{adapter}",
            "model": "rfc", "case_kinds": ["parse"],
            "profile": {{"standard": "none", "edition": "-", "says": "-", "link": "https://example.org/"}},
            "install": {{"debian": [{debian}]}}}}"#
    );
    std::fs::write(dir.join("oracle.json"), descriptor).unwrap();
    std::fs::write(dir.join(adapter), "").unwrap();
    read_folder(&dir).unwrap()
}

fn reason(folder: urldiff_oracles::parsers::ParserFolder) -> String {
    match folder_oracle(folder).availability() {
        Availability::Unavailable { reason } => reason,
        Availability::Available => panic!("available with an empty PATH"),
    }
}

#[test]
fn a_missing_runtime_is_one_line_with_its_install_recipe() {
    let root = tempfile::tempdir().unwrap();
    let empty = root.path().join("empty");
    std::fs::create_dir_all(&empty).unwrap();
    std::env::set_var("PATH", &empty);
    std::env::set_var("HOME", &empty);
    std::env::remove_var("PYENV_ROOT");
    std::env::remove_var("URLDIFF_PYTHON");

    let php = reason(folder(root.path(), "toy-php", "php", "adapter.php", "\"php-cli\""));
    assert_eq!(php, "toy-php: php is not on PATH (Debian: apt-get install php-cli)");
    let go = reason(folder(root.path(), "toy-go", "go", "adapter.go", ""));
    assert_eq!(go, "toy-go: go is not on PATH (install the go runtime)");
    let python = reason(folder(root.path(), "toy-py", "python", "adapter.py", "\"python3\""));
    assert!(python.starts_with("toy-py: no CPython 3 found: none of python3.20"), "{python}");
    for line in [php, go, python] {
        assert_eq!(line.lines().count(), 1, "{line}");
    }
}
