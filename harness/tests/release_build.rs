//! `.ci/release-build` (what `make conform` builds the binary with) runs the build only when the
//! binary is missing or something the build reads changed: here against a temporary workspace
//! whose "build" is a stand-in that counts its runs and writes the binary when it is missing.
//! After each build every source is put a minute back and the stamp 30 s back, so a change made
//! next is newer whatever the file system's time granularity.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, SystemTime};

const BINARY: &str = "target/release/urldiff";

struct Workspace {
    dir: tempfile::TempDir,
}

impl Workspace {
    /// A workspace with sources, outputs the check must ignore, and one build done.
    fn built() -> Workspace {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        for (path, text) in [
            ("Cargo.toml", "[workspace]\n"),
            ("Cargo.lock", "version = 4\n"),
            ("parser/src/lib.rs", "pub fn parse() {}\n"),
            ("corpus/expected/wpt.txt", "a\n"),
            ("out/conform/run.json", "{}\n"),
            ("oracles/node/node_modules/x/index.js", "\n"),
            ("fuzz/corpus/roundtrip/seed", "x\n"),
        ] {
            std::fs::create_dir_all(root.join(path).parent().unwrap()).unwrap();
            std::fs::write(root.join(path), text).unwrap();
        }
        // The build: counts its runs, writes the binary only when missing (as a no-op cargo).
        std::fs::write(
            root.join("build.sh"),
            format!("echo run >> target/builds.log\n[ -f {BINARY} ] || {{ mkdir -p target/release; echo bin > {BINARY}; }}\n"),
        )
        .unwrap();
        let workspace = Workspace { dir };
        workspace.age_everything();
        assert_eq!(workspace.run(&[]), 1, "the first run builds");
        workspace
    }

    fn path(&self, relative: &str) -> PathBuf {
        self.dir.path().join(relative)
    }

    /// Every file and folder but the build's outputs a minute old.
    fn age_everything(&self) {
        let minute_ago = SystemTime::now() - Duration::from_secs(60);
        for entry in walk(self.dir.path()) {
            if !entry.starts_with(self.path("target")) {
                set_time(&entry, minute_ago);
            }
        }
    }

    /// Runs the script and says how many builds ran in all. After a build, the sources are
    /// put a minute back and the stamp 30 s back: whatever changes next is newer than both.
    fn run(&self, env: &[(&str, &str)]) -> usize {
        let before = self.builds();
        let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("../.ci/release-build");
        let out = Command::new("sh")
            .arg(script)
            .args([BINARY, "sh", "build.sh"])
            .current_dir(self.dir.path())
            // Not inside the checkout's git repository, nor any other.
            .env("GIT_CEILING_DIRECTORIES", self.dir.path().parent().unwrap())
            .envs(env.iter().copied())
            .output()
            .unwrap();
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        if self.builds() > before {
            self.age_everything();
            let stamp = self.path(&format!("{BINARY}.stamp"));
            set_time(&stamp, SystemTime::now() - Duration::from_secs(30));
        }
        self.builds()
    }

    fn builds(&self) -> usize {
        std::fs::read_to_string(self.path("target/builds.log")).map_or(0, |log| log.lines().count())
    }
}

fn walk(dir: &Path) -> Vec<PathBuf> {
    let mut found = vec![dir.to_path_buf()];
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            found.extend(walk(&path));
        } else {
            found.push(path);
        }
    }
    found
}

fn set_time(path: &Path, time: SystemTime) {
    let file = std::fs::File::open(path).unwrap();
    file.set_times(std::fs::FileTimes::new().set_modified(time).set_accessed(time)).unwrap();
}

fn rewrite_now(path: &Path, text: &str) {
    std::fs::write(path, text).unwrap();
    set_time(path, SystemTime::now());
}

#[test]
fn nothing_changed_builds_nothing() {
    let workspace = Workspace::built();
    assert_eq!(workspace.run(&[]), 1);
    assert_eq!(workspace.run(&[]), 1);
}

#[test]
fn outputs_and_installed_packages_are_not_sources() {
    let workspace = Workspace::built();
    rewrite_now(&workspace.path("out/conform/run.json"), "{\"new\":1}\n");
    rewrite_now(&workspace.path("oracles/node/node_modules/x/index.js"), "//\n");
    rewrite_now(&workspace.path("fuzz/corpus/roundtrip/seed2"), "y\n");
    rewrite_now(&workspace.path("target/release/other"), "\n");
    assert_eq!(workspace.run(&[]), 1);
}

#[test]
fn an_edited_file_builds() {
    let workspace = Workspace::built();
    rewrite_now(&workspace.path("parser/src/lib.rs"), "pub fn parse() { }\n");
    assert_eq!(workspace.run(&[]), 2);
    assert_eq!(workspace.run(&[]), 2, "and the build is remembered");
}

#[test]
fn a_new_file_builds() {
    let workspace = Workspace::built();
    // Created with an old time of its own (as an archive extracts it): its folder moved.
    let new = workspace.path("corpus/expected/rust-url.txt");
    std::fs::write(&new, "b\n").unwrap();
    set_time(&new, SystemTime::now() - Duration::from_secs(3600));
    assert_eq!(workspace.run(&[]), 2);
}

#[test]
fn a_deleted_file_builds() {
    let workspace = Workspace::built();
    std::fs::remove_file(workspace.path("corpus/expected/wpt.txt")).unwrap();
    assert_eq!(workspace.run(&[]), 2);
}

#[test]
fn a_missing_or_replaced_binary_builds() {
    let workspace = Workspace::built();
    std::fs::remove_file(workspace.path(BINARY)).unwrap();
    assert_eq!(workspace.run(&[]), 2);
    assert!(workspace.path(BINARY).is_file());
    // Rewritten by another build (another profile or features): not the one stamped.
    std::fs::write(workspace.path(BINARY), "other build\n").unwrap();
    assert_eq!(workspace.run(&[]), 3);
}

#[test]
fn the_builds_environment_is_an_input() {
    let workspace = Workspace::built();
    assert_eq!(workspace.run(&[("RUSTFLAGS", "-C target-cpu=native")]), 2);
    assert_eq!(workspace.run(&[("RUSTFLAGS", "-C target-cpu=native")]), 2);
    assert_eq!(workspace.run(&[("CARGO_PROFILE_RELEASE_DEBUG", "0")]), 3);
    assert_eq!(workspace.run(&[("URLDIFF_UNRELATED", "1")]), 4, "back to no RUSTFLAGS");
    assert_eq!(workspace.run(&[("URLDIFF_UNRELATED", "2")]), 4);
}

#[test]
fn a_new_commit_builds() {
    // oracles/build.rs embeds `git describe`: cargo reruns it when HEAD or its branch moves.
    let workspace = Workspace::built();
    let git = |args: &[&str]| {
        Command::new("git")
            .args(args)
            .current_dir(workspace.dir.path())
            .env("GIT_CEILING_DIRECTORIES", workspace.dir.path().parent().unwrap())
            .output()
    };
    let Ok(init) = git(&["init", "-q", "-b", "main"]) else {
        eprintln!("skipped: git not found");
        return;
    };
    assert!(init.status.success());
    let commit =
        ["-c", "user.name=t", "-c", "user.email=t@t", "commit", "-q", "--allow-empty", "-m", "x"];
    assert!(git(&commit).unwrap().status.success());
    workspace.age_everything();
    assert_eq!(workspace.run(&[]), 1, "a repository older than the stamp");
    assert!(git(&commit).unwrap().status.success());
    assert_eq!(workspace.run(&[]), 2);
    assert_eq!(workspace.run(&[]), 2);
}

#[test]
fn make_conform_builds_through_the_script() {
    let makefile =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("../Makefile")).unwrap();
    let conform = &makefile[makefile.find("\nconform:").expect("a conform target") + 1..];
    let recipe: Vec<&str> = conform.lines().skip(1).take_while(|l| l.starts_with('\t')).collect();
    assert!(
        recipe[0].contains(".ci/release-build") && recipe[0].contains("$(URLDIFF) $(CARGO) build"),
        "{recipe:?}"
    );
}
