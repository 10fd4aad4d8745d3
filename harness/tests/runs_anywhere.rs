//! The built binary runs from any folder without cargo or its checkout: copied into a
//! temporary folder and run there, with a PATH that holds no programs at all (so no cargo, and
//! no Python, Node or Java either) and a HOME of its own, it still has its WPT data, RFC
//! tables, cases and ledger (embedded at build time), and `conform` passes.

use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

struct Elsewhere {
    _dir: tempfile::TempDir,
    binary: PathBuf,
    cwd: PathBuf,
    home: PathBuf,
    empty_path: PathBuf,
}

/// The binary copied into a fresh temporary folder, far from the checkout.
fn elsewhere() -> Elsewhere {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path().to_path_buf();
    let (bin, cwd, home) = (root.join("bin"), root.join("work"), root.join("home"));
    let empty_path = root.join("empty-path");
    for folder in [&bin, &cwd, &home, &empty_path] {
        std::fs::create_dir_all(folder).unwrap();
    }
    let binary = bin.join("urldiff");
    std::fs::copy(env!("CARGO_BIN_EXE_urldiff"), &binary).unwrap();
    assert_eq!(urldiff_corpus::project::find_from(&cwd), None, "the temp folder is in a project");
    Elsewhere { _dir: dir, binary, cwd, home, empty_path }
}

impl Elsewhere {
    fn run(&self, args: &[&str]) -> Output {
        output(
            Command::new(&self.binary)
                .args(args)
                .current_dir(&self.cwd)
                .env_clear()
                .env("PATH", &self.empty_path)
                // No JDK either: the search also looks in /usr/lib/jvm.
                .env("URLDIFF_JAVA_HOME", "/nonexistent")
                .env("HOME", &self.home),
        )
    }
}

/// Run `command`, again while its fresh copy of the binary is "busy": another test's thread
/// may have forked while the copy was open for writing, and its child holds that descriptor
/// until it execs (ETXTBSY, seen in `make test` on a loaded machine).
fn output(command: &mut Command) -> Output {
    for _ in 0..100 {
        match command.output() {
            Err(e) if e.kind() == std::io::ErrorKind::ExecutableFileBusy => {
                std::thread::sleep(std::time::Duration::from_millis(20));
            }
            other => return other.unwrap(),
        }
    }
    command.output().unwrap()
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

#[test]
fn oracles_lists_wpt_and_the_rfc_tables_as_available_without_cargo() {
    let e = elsewhere();
    let out = e.run(&["oracles", "--json"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let rows: Vec<Value> = serde_json::from_slice(&out.stdout).unwrap();
    let row = |name: &str| rows.iter().find(|r| r["name"] == name).unwrap().clone();
    for name in ["reference", "wpt", "rfc-examples", "rust-url", "ada"] {
        assert_eq!(row(name)["available"], true, "{}", row(name));
    }
    assert_eq!(row("wpt")["version"], "ada-url 4.0.0 package (embedded at build time)");
    // The runtimes are not on this PATH: unavailable, with the reason (the oracle, the
    // program missing, what to install), not an error.
    let missing = [
        (
            "python-urllib",
            "python-urllib: no CPython 3 found: none of python3.20 … python3.8 or python3 is on \
             PATH and there is no ~/.pyenv/versions/*/bin/python3 (install Python 3 or set \
             URLDIFF_PYTHON)",
        ),
        ("java-uri", "java-uri: java is not on PATH (install a JDK, 11 or later)"),
        ("node-url", "node-url: node is not on PATH (install Node.js 20 or later)"),
        ("whatwg-url", "whatwg-url: node is not on PATH (install Node.js 20 or later)"),
    ];
    for (name, reason) in missing {
        assert_eq!(
            (&row(name)["available"], &row(name)["reason"]),
            (&false.into(), &reason.into())
        );
    }
}

#[test]
fn conform_passes_with_the_embedded_ledger_and_bless_refuses_it() {
    let e = elsewhere();
    let reports = tempfile::tempdir().unwrap();
    let matrix = reports.path().join("matrix.txt");
    let matrix_arg = matrix.to_str().unwrap();
    let args = ["conform", "--oracle", "reference", "--oracle", "rfc3986-regex"];
    let out = e.run(&[&args[..], &["--matrix", matrix_arg]].concat());
    let stdout = text(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{stdout}\n{}", text(&out.stderr));
    assert!(stdout.contains("conform: PASS"), "{stdout}");
    // Every suite ran from the embedded data (the cells are in the matrix file).
    let matrix = std::fs::read_to_string(&matrix).unwrap();
    assert!(matrix.contains("wpt/urltestdata"), "{matrix}");
    assert!(matrix.contains("cases/ssrf"), "{matrix}");
    let bless = e.run(&["conform", "--oracle", "reference", "--bless"]);
    assert_eq!(bless.status.code(), Some(2));
    assert!(text(&bless.stderr).contains("outside a urldiff checkout"), "{}", text(&bless.stderr));
    // Nothing was written into the working folder; caches went under HOME.
    assert_eq!(std::fs::read_dir(&e.cwd).unwrap().count(), 0);
    assert!(Path::new(&e.home).join(".cache/urldiff/ledger").is_dir());
}

#[test]
fn corpus_sync_outside_a_checkout_asks_for_a_checksums_folder() {
    let e = elsewhere();
    let out = e.run(&["corpus", "sync", "--from", "http://127.0.0.1:9/"]);
    assert_eq!(out.status.code(), Some(2));
    let stderr = text(&out.stderr);
    assert!(stderr.contains("outside a urldiff checkout") && stderr.contains("--checksums"));
}

/// A synced copy in the cache is preferred to the embedded one, and `URLDIFF_WPT_DIR` to both.
#[test]
fn a_synced_copy_is_preferred_and_urldiff_wpt_dir_overrides() {
    let e = elsewhere();
    let embedded = urldiff_corpus::wpt::embedded().unwrap();
    let cache = e.home.join("my-cache");
    let synced = cache.join("wpt");
    std::fs::create_dir_all(&synced).unwrap();
    for name in urldiff_corpus::wpt::FILES {
        std::fs::write(synced.join(name), embedded.read(name).unwrap().as_bytes()).unwrap();
    }
    std::fs::write(synced.join("REVISION"), "abc123\n").unwrap();
    let wpt_version = |extra: &[(&str, &Path)]| {
        let mut command = Command::new(&e.binary);
        command.args(["oracles", "--json"]).current_dir(&e.cwd).env_clear();
        command.env("PATH", &e.empty_path).env("HOME", &e.home).env("URLDIFF_CACHE", &cache);
        command.env("URLDIFF_JAVA_HOME", "/nonexistent");
        for (key, value) in extra {
            command.env(key, value);
        }
        let rows: Vec<Value> = serde_json::from_slice(&output(&mut command).stdout).unwrap();
        let wpt = rows.into_iter().find(|r| r["name"] == "wpt").unwrap();
        assert_eq!(wpt["available"], true, "{wpt}");
        wpt["version"].as_str().unwrap().to_owned()
    };
    assert_eq!(wpt_version(&[]), "wpt@abc123 (synced)");
    let own = format!("{} (URLDIFF_WPT_DIR)", synced.display());
    assert_eq!(wpt_version(&[("URLDIFF_WPT_DIR", &synced)]), own);
}
