//! `.ci/required-runtimes` (what `.ci/run` puts in `$URLDIFF_REQUIRE`) lists exactly the
//! runtimes found on the machine, by the shell's own lookup: here a PATH of stand-ins.

use std::path::Path;
use std::process::Command;

fn stand_in(dir: &Path, name: &str) {
    let path = dir.join(name);
    std::fs::write(&path, "#!/bin/sh\nexit 0\n").unwrap();
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
    }
}

/// The script's output with `PATH` holding only `names` and chromium at `chromium`.
fn required_with(names: &[&str], chromium: &Path) -> String {
    let dir = tempfile::tempdir().unwrap();
    for name in names {
        stand_in(dir.path(), name);
    }
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("../.ci/required-runtimes");
    // Found on this process's PATH: the script's PATH holds only the stand-ins.
    let bash = std::env::split_paths(&std::env::var_os("PATH").unwrap())
        .map(|d| d.join("bash"))
        .find(|p| p.is_file())
        .expect("bash on PATH");
    let out = Command::new(bash)
        .arg(script)
        .env("PATH", dir.path())
        .env("URLDIFF_CHROMIUM", chromium)
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout).unwrap().trim().to_owned()
}

#[test]
fn the_runtimes_found_are_the_runtimes_required() {
    let dir = tempfile::tempdir().unwrap();
    let chromium = dir.path().join("chromium");
    stand_in(dir.path(), "chromium");
    let none = dir.path().join("no-chromium");
    assert_eq!(required_with(&[], &none), "");
    assert_eq!(
        required_with(&["node", "npm", "python3", "java", "javac"], &none),
        "node python java"
    );
    // node without npm cannot install the npm oracles; java without javac cannot compile.
    assert_eq!(required_with(&["node", "python", "java"], &chromium), "python chromium");
    assert_eq!(required_with(&["ruby", "go", "php"], &none), "php ruby go");
}

#[test]
fn ci_exports_them_before_the_tests() {
    let run =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("../.ci/run")).unwrap();
    let export = run.find("export URLDIFF_REQUIRE").expect(".ci/run exports URLDIFF_REQUIRE");
    assert!(run.contains("URLDIFF_REQUIRE=\"$(.ci/required-runtimes)\""), "{run}");
    assert!(export < run.rfind("make test").unwrap(), "{run}");
}
