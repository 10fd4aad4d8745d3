//! `java-uri`: `java.net.URI` in a persistent worker, `oracles/parsers/java-uri/JavaUri.java`.
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
const SOURCE: &str = include_str!("../../parsers/java-uri/JavaUri.java");

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
    let mut args = JVM_OPTIONS.to_vec();
    args.extend(["-cp", &classpath, "JavaUri"]);
    Ok(WorkerCommand::new(java, &args).with_unicode_probes())
}

/// One small heap and the serial collector: a worker is single-threaded and the machines are
/// small. The quick compiler only: the optimizing one costs more CPU than it saves over a
/// batch (measured: 0.17 → 0.12 CPU-s for a conform batch).
pub(super) const JVM_OPTIONS: [&str; 3] =
    ["-XX:+UseSerialGC", "-Xmx256m", "-XX:TieredStopAtLevel=1"];

/// Compile `source` into `cache/<hash>/` unless that folder already exists; returns it.
pub fn compile_once(javac: &Path, source: &Path, cache: &Path) -> Result<PathBuf, LaunchError> {
    compile_sources_once(javac, &[source.to_owned()], "JavaUri", cache)
}

/// Compile `sources` together into `cache/<hash of the sources>/` unless that folder already
/// holds `<main_class>.class`; returns the folder. Compiled into a temporary folder, then
/// renamed, so concurrent runs never see half a class.
pub fn compile_sources_once(
    javac: &Path,
    sources: &[PathBuf],
    main_class: &str,
    cache: &Path,
) -> Result<PathBuf, LaunchError> {
    let mut texts = Vec::new();
    for source in sources {
        let text = std::fs::read(source)
            .map_err(|e| LaunchError::Read { path: source.clone(), source: e })?;
        texts.push(text);
    }
    let hash = content_hash(texts.iter().map(Vec::as_slice));
    let target = cache.join(&hash);
    let main = format!("{main_class}.class");
    if target.join(&main).is_file() {
        return Ok(target);
    }
    std::fs::create_dir_all(cache)
        .map_err(|source| LaunchError::CreateDir { path: cache.to_owned(), source })?;
    let temp = tempfile::Builder::new()
        .prefix(&format!(".{hash}-"))
        .tempdir_in(cache)
        .map_err(|source| LaunchError::CreateDir { path: cache.to_owned(), source })?;
    let mut args = vec!["-encoding".to_owned(), "UTF-8".to_owned(), "-d".to_owned()];
    args.push(temp.path().to_string_lossy().into_owned());
    args.extend(sources.iter().map(|s| s.to_string_lossy().into_owned()));
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    run_probe(javac, &args, None, Duration::from_secs(120))
        .map_err(|source| LaunchError::Javac { source })?;
    match std::fs::rename(temp.path(), &target) {
        Ok(()) => {
            let _ = temp.keep();
        }
        // Another run may have won the race; its classes are the same (`temp` goes on drop).
        Err(_) if target.join(&main).is_file() => {}
        Err(e) => return Err(LaunchError::MoveClasses { path: target, source: e }),
    }
    Ok(target)
}
