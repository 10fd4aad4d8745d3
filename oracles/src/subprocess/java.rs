//! `java-uri`: `java.net.URI`, the folder `oracles/parsers/java-uri/` (its `Adapter.java` on the
//! Java host `oracles/runtimes/java/Host.java`, compiled together once), kept in its place
//! among the built-in subprocess oracles; and the Java compiling every Java folder shares:
//! sources compiled with `javac` once into `<cache>/java/<hash of the sources>/` (see
//! `urldiff_corpus::project::cache_dir`), into a temporary folder then renamed, so concurrent
//! runs never see half a class.

use std::path::{Path, PathBuf};
use std::time::Duration;

use super::launch::LaunchError;
use super::pool::WorkerOracle;
use super::runtime::run_probe;
use urldiff_corpus::project::content_hash;

/// The `java-uri` oracle.
pub fn java_uri() -> WorkerOracle {
    let folder = crate::parsers::adapter_folders()
        .into_iter()
        .find(|f| f.descriptor.name == JAVA_URI)
        .unwrap_or_else(|| panic!("oracles/parsers/{JAVA_URI} is registered with its adapter"));
    super::folder::folder_oracle(folder)
}

/// java-uri's name: a built-in subprocess oracle in its own place, not among the folders.
pub const JAVA_URI: &str = "java-uri";

/// One small heap and the serial collector: a worker is single-threaded and the machines are
/// small. The quick compiler only: the optimizing one costs more CPU than it saves over a
/// batch (measured: 0.17 → 0.12 CPU-s for a conform batch).
pub(super) const JVM_OPTIONS: [&str; 3] =
    ["-XX:+UseSerialGC", "-Xmx256m", "-XX:TieredStopAtLevel=1"];

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
