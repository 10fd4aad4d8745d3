//! The Go worker of a folder oracle, built once: `go build -o <cache>/go/<hash>/worker host.go
//! adapter.go`, keyed by the hash of the sources and of `go version`, so a changed adapter or
//! a new Go builds anew and anything else reuses the binary (a first build takes seconds).
//!
//! The build runs in a temporary folder beside its target and is renamed into place, so a
//! concurrent run never sees half a binary. Go's own caches (`GOCACHE`, `GOPATH`) are inside
//! urldiff's cache; `GO111MODULE=off` builds the two files as one package without a `go.mod`
//! (they import only the standard library); `CGO_ENABLED=0` needs no C compiler; `GOFLAGS` and
//! `GOTOOLCHAIN` are set so that a user's settings cannot change what is built.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

use super::process::runtime::run_probe_with;
use super::process::StartError;
use urldiff_corpus::project::content_hash;

/// How long one build may take.
const BUILD_LIMIT: Duration = Duration::from_secs(300);

/// The worker binary's name in its folder.
const WORKER: &str = "worker";

/// `go version`'s answer, remembered in `<cache>/versions` until the `go` binary changes
/// (`interpreter_cache`): asking it costs a process start on every warm run, which is most of
/// what a warm `urldiff conform` would spend on the Go oracle.
fn go_version(go: &Path, cache: &Path) -> Result<String, StartError> {
    let remembered = cache.join("versions");
    let known = super::interpreter_cache::cached(&remembered, go);
    if let Some(version) = known.and_then(|lines| lines.get(1).cloned()) {
        return Ok(version);
    }
    let version = run_probe_with(go_command(go, cache).arg("version"), Duration::from_secs(30))
        .map_err(|source| StartError::GoBuild { source: Box::new(source) })?
        .stdout
        .trim()
        .to_owned();
    super::interpreter_cache::remember(&remembered, go, go, std::slice::from_ref(&version));
    Ok(version)
}

/// The worker built from `sources` (paths, in order, in one folder) with `go`, under `cache`
/// (`<cache>/go`); built now unless it exists.
pub fn build_once(go: &Path, sources: &[PathBuf], cache: &Path) -> Result<PathBuf, StartError> {
    let version = go_version(go, cache)?;
    let mut texts = Vec::new();
    for source in sources {
        let text = std::fs::read(source)
            .map_err(|e| StartError::Read { path: source.clone(), source: e })?;
        texts.push(text);
    }
    let hash = content_hash(texts.iter().map(Vec::as_slice).chain([version.as_bytes()]));
    let target = cache.join(&hash);
    if super::process::runtime::is_executable(&target.join(WORKER)) {
        return Ok(target.join(WORKER));
    }
    let temp = super::process::runtime::staging_dir(cache, &hash)?;
    let mut build = go_command(go, cache);
    build.arg("build").arg("-o").arg(temp.path().join(WORKER)).args(sources);
    run_probe_with(&mut build, BUILD_LIMIT)
        .map_err(|source| StartError::GoBuild { source: Box::new(source) })?;
    match std::fs::rename(temp.path(), &target) {
        Ok(()) => {
            let _ = temp.keep();
        }
        // Another run built the same worker meanwhile; `temp` is removed on drop.
        Err(_) if super::process::runtime::is_executable(&target.join(WORKER)) => {}
        Err(source) => return Err(StartError::MoveIntoPlace { path: target, source }),
    }
    Ok(target.join(WORKER))
}

/// `go` with its environment pinned (see the module overview).
fn go_command(go: &Path, cache: &Path) -> Command {
    let mut command = Command::new(go);
    command
        .env("GOCACHE", cache.join("gocache"))
        .env("GOPATH", cache.join("gopath"))
        .env("GO111MODULE", "off")
        .env("CGO_ENABLED", "0")
        .env("GOFLAGS", "")
        .env("GOTOOLCHAIN", "local");
    command
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::subprocess::process::runtime::write_executable;

    /// A fake `go` that logs each build and writes a worker (or fails on `FAIL` in a source).
    fn fake_go(dir: &Path, log: &Path) -> PathBuf {
        let go = dir.join("go");
        let script = format!(
            "#!/bin/sh\nif [ \"$1\" = version ]; then echo \"go version go1.19.8\"; exit 0; fi\n\
             echo \"build $* GO111MODULE=$GO111MODULE\" >> '{log}'\n\
             if cat \"$4\" \"$5\" | grep -q FAIL; then echo 'adapter.go:3: undefined: url' >&2; exit 1; fi\n\
             printf '#!/bin/sh\\n' > \"$3\"; chmod +x \"$3\"\n",
            log = log.display()
        );
        write_executable(&go, &script);
        go
    }

    fn sources(dir: &Path, adapter: &str) -> Vec<PathBuf> {
        let src = dir.join("src");
        std::fs::create_dir_all(&src).unwrap();
        std::fs::write(src.join("host.go"), "package main\n").unwrap();
        std::fs::write(src.join("adapter.go"), adapter).unwrap();
        vec![src.join("host.go"), src.join("adapter.go")]
    }

    fn builds(log: &Path) -> usize {
        std::fs::read_to_string(log).map(|t| t.lines().count()).unwrap_or(0)
    }

    #[test]
    fn built_once_per_source_hash() {
        let dir = tempfile::tempdir().unwrap();
        let log = dir.path().join("log");
        let go = fake_go(dir.path(), &log);
        let cache = dir.path().join("cache");
        let first = build_once(&go, &sources(dir.path(), "package main // 1\n"), &cache).unwrap();
        assert!(first.starts_with(&cache) && first.ends_with(WORKER), "{first:?}");
        assert_eq!(builds(&log), 1);
        assert!(std::fs::read_to_string(&log).unwrap().contains("GO111MODULE=off"));
        let again = build_once(&go, &sources(dir.path(), "package main // 1\n"), &cache).unwrap();
        assert_eq!((again, builds(&log)), (first.clone(), 1), "reused");
        let changed = build_once(&go, &sources(dir.path(), "package main // 2\n"), &cache).unwrap();
        assert_ne!(changed, first);
        assert_eq!(builds(&log), 2, "a changed adapter is built anew");
    }

    #[test]
    fn go_version_is_asked_once_until_go_changes() {
        let dir = tempfile::tempdir().unwrap();
        let asked = dir.path().join("asked");
        let go = dir.path().join("go");
        let fake = |release: &str| {
            let script = format!(
                "#!/bin/sh\necho asked >> '{}'\necho \"go version {release}\"\n",
                asked.display()
            );
            write_executable(&go, &script);
        };
        fake("go1.19.8");
        let cache = dir.path().join("cache");
        assert_eq!(go_version(&go, &cache).unwrap(), "go version go1.19.8");
        assert_eq!(go_version(&go, &cache).unwrap(), "go version go1.19.8");
        assert_eq!(builds(&asked), 1, "remembered");
        // Another Go (another size): asked again.
        fake("go1.23.10");
        assert_eq!(go_version(&go, &cache).unwrap(), "go version go1.23.10");
        assert_eq!(builds(&asked), 2);
    }

    #[test]
    fn a_failed_build_is_an_error_with_gos_stderr_and_leaves_nothing() {
        let dir = tempfile::tempdir().unwrap();
        let log = dir.path().join("log");
        let go = fake_go(dir.path(), &log);
        let cache = dir.path().join("cache");
        let err = build_once(&go, &sources(dir.path(), "FAIL\n"), &cache).unwrap_err().to_string();
        assert!(err.starts_with("go build failed") && err.contains("undefined: url"), "{err}");
        // Nothing but the remembered `go version`.
        let left: Vec<_> = std::fs::read_dir(&cache)
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .filter(|name| name != "versions")
            .collect();
        assert!(left.is_empty(), "{left:?}");
    }
}
