//! The Rust reproduction of an upstream draft compiles against the rust-url that was tested
//! (url 2.5.8, from the registry cache: `cargo run --offline`) and shows the behaviour the
//! draft reports: rust-url accepts a `\` after the port of a non-special URL
//! (`ssh://git@host:22\path` → `ssh://git@host:22/\path`), where the URL Standard's port state
//! fails (a `\` ends the port only in a special URL; any other code point that is not a digit
//! is a port-invalid failure). Skipped with one line where cargo is not on PATH.

use std::process::Command;
use urldiff_reports::upstream::repro;

#[test]
fn the_rust_reproduction_compiles_against_url_2_5_8_and_shows_the_port_backslash() {
    let test = "the_rust_reproduction_compiles_against_url_2_5_8_and_shows_the_port_backslash";
    if Command::new("cargo").arg("--version").output().is_err() {
        urldiff_corpus::required::skip(
            "cargo",
            test,
            "cargo not found; the Rust reproduction is not run",
        );
        return;
    }
    let (language, program) = repro::program("rust-url", "ssh://git@host:22\\path", None).unwrap();
    assert_eq!(language, repro::Language::Rust);
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir(dir.path().join("src")).unwrap();
    std::fs::write(
        dir.path().join("Cargo.toml"),
        "[package]\nname = \"repro\"\nversion = \"0.1.0\"\nedition = \"2021\"\n\n\
         [dependencies]\nurl = \"=2.5.8\"\n\n[workspace]\n",
    )
    .unwrap();
    std::fs::write(dir.path().join("src/main.rs"), &program).unwrap();
    let out = Command::new("cargo")
        .args(["run", "--offline", "--quiet"])
        .current_dir(dir.path())
        .env("CARGO_TARGET_DIR", dir.path().join("target"))
        .env_remove("RUSTFLAGS")
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "the reproduction did not build or run:\n{stderr}\n{program}");
    // `{:?}` of `Ok(String)`: the backslash is shown escaped.
    assert_eq!(
        String::from_utf8_lossy(&out.stdout).trim_end(),
        r#"Ok("ssh://git@host:22/\\path")"#
    );
}
