//! `java-uri`: `java.net.URI` in a persistent worker, `oracles/workers/JavaUri.java`.
//!
//! The source is embedded in the binary, written out to the cache and compiled with `javac`
//! once into `<cache>/java/<hash of the source>/` (see `urldiff_corpus::project::cache_dir`)
//! (compiled into a temporary folder, then renamed, so concurrent runs never see half a
//! class). `resolve` answers cases with a base. The version is the worker's
//! `java.runtime.name` and `java.runtime.version`.

use std::path::{Path, PathBuf};
use std::time::Duration;

use super::launch::LaunchError;
use super::pool::{Declared, WorkerOracle};
use super::runtime::{find_on_path, run_probe, write_out};
use super::worker::WorkerCommand;
use urldiff_corpus::project::content_hash;

/// The worker's source, embedded (written out to the cache and compiled there when used).
const SOURCE: &str = include_str!("../../workers/JavaUri.java");

/// The `java-uri` oracle.
pub fn java_uri() -> WorkerOracle {
    WorkerOracle::new(Declared::rfc_subprocess("java-uri"), Box::new(launch))
}

fn launch() -> Result<WorkerCommand, LaunchError> {
    let java = find_on_path("java")
        .ok_or(LaunchError::NotOnPath { program: "java", install: "install a JDK, 11 or later" })?;
    let javac = find_on_path("javac").ok_or(LaunchError::NotOnPath {
        program: "javac",
        install: "install a JDK, not only a JRE",
    })?;
    let source = write_out(&[("JavaUri.java", SOURCE)])?.join("JavaUri.java");
    let cache = urldiff_corpus::project::cache_dir().join("java");
    let classes = compile_once(&javac, &source, &cache)?;
    let classpath = classes.to_string_lossy().into_owned();
    // One small heap and the serial collector: the worker is single-threaded and the
    // machines are small. The quick compiler only: the optimizing one costs more CPU than it
    // saves over a batch (measured: 0.17 → 0.12 CPU-s for a conform batch).
    let args =
        ["-XX:+UseSerialGC", "-Xmx256m", "-XX:TieredStopAtLevel=1", "-cp", &classpath, "JavaUri"];
    Ok(WorkerCommand::new(java, &args).with_unicode_probes())
}

/// Compile `source` into `cache/<hash>/` unless that folder already exists; returns it.
pub fn compile_once(javac: &Path, source: &Path, cache: &Path) -> Result<PathBuf, LaunchError> {
    let text = std::fs::read(source)
        .map_err(|e| LaunchError::Read { path: source.to_owned(), source: e })?;
    let hash = content_hash([text.as_slice()]);
    let target = cache.join(&hash);
    if target.join("JavaUri.class").is_file() {
        return Ok(target);
    }
    std::fs::create_dir_all(cache)
        .map_err(|source| LaunchError::CreateDir { path: cache.to_owned(), source })?;
    let temp = cache.join(format!("{hash}.tmp-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&temp);
    let temp_arg = temp.to_string_lossy().into_owned();
    let source_arg = source.to_string_lossy().into_owned();
    run_probe(
        javac,
        &["-encoding", "UTF-8", "-d", &temp_arg, &source_arg],
        None,
        Duration::from_secs(120),
    )
    .map_err(|source| LaunchError::Javac { source })?;
    if let Err(e) = std::fs::rename(&temp, &target) {
        // Another run may have won the race; its classes are the same.
        let _ = std::fs::remove_dir_all(&temp);
        if !target.join("JavaUri.class").is_file() {
            return Err(LaunchError::MoveClasses { path: target, source: e });
        }
    }
    Ok(target)
}
