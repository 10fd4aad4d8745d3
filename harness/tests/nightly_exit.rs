//! `.ci/nightly`, what cron runs, exits with urldiff's own code (0 no new group, 1 new groups,
//! 2 harness error), which `make nightly` cannot (make turns every failure into 2). Here the
//! real Makefile gives the command, with a stand-in urldiff that exits with a chosen code, and
//! a stand-in `make` first on PATH answers `nightly-build` (the build) without building.

use std::path::Path;
use std::process::Command;

fn executable(path: &Path, text: &str) {
    std::fs::write(path, text).unwrap();
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o755)).unwrap();
    }
}

/// `.ci/nightly` with urldiff exiting `code` (and the build exiting `build`); its exit code
/// and the arguments urldiff got.
fn nightly(code: i32, build: i32) -> (Option<i32>, String) {
    let dir = tempfile::tempdir().unwrap();
    let real_make = std::env::split_paths(&std::env::var_os("PATH").unwrap())
        .map(|d| d.join("make"))
        .find(|p| p.is_file())
        .expect("make on PATH");
    let bin = dir.path().join("bin");
    std::fs::create_dir(&bin).unwrap();
    // The build step is stood in for; everything else goes to the real make.
    executable(
        &bin.join("make"),
        &format!(
            "#!/bin/sh\nfor a in \"$@\"; do [ \"$a\" = nightly-build ] && exit {build}; done\n\
             exec {} \"$@\"\n",
            real_make.display()
        ),
    );
    let args = dir.path().join("args");
    let urldiff = dir.path().join("urldiff");
    executable(&urldiff, &format!("#!/bin/sh\necho \"$@\" > {}\nexit {code}\n", args.display()));
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("../.ci/nightly");
    let path = std::env::join_paths(
        std::iter::once(bin).chain(std::env::split_paths(&std::env::var_os("PATH").unwrap())),
    )
    .unwrap();
    let out = Command::new(script)
        .args(["DURATION=10m", "TARGETS=differential"])
        .arg(format!("URLDIFF={}", urldiff.display()))
        .arg(format!("NIGHTLY_OUT={}", dir.path().join("out").display()))
        .env("PATH", path)
        .output()
        .unwrap();
    let got = std::fs::read_to_string(&args).unwrap_or_default();
    (out.status.code(), got)
}

#[test]
fn cron_gets_urldiffs_own_exit_code() {
    for code in [0, 1, 2] {
        let (exit, args) = nightly(code, 0);
        assert_eq!(exit, Some(code), "urldiff exited {code}; args: {args}");
        assert!(args.starts_with("fuzz --target differential --duration 10m --jobs 2 --out "));
    }
}

#[test]
fn a_failed_build_is_a_harness_error_and_fuzzes_nothing() {
    let (exit, args) = nightly(0, 2);
    assert_eq!(exit, Some(2));
    assert_eq!(args, "", "urldiff ran after a failed build");
}
