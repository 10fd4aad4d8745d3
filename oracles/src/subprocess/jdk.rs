//! The JDKs of this machine (the newest is the one every Java folder runs on) and the Java
//! compiling every Java folder shares: sources compiled with `javac` once into `<cache>/java/<hash of the sources>/` (see
//! `urldiff_corpus::project::cache_dir`), into a temporary folder then renamed, so concurrent
//! runs never see half a class.

use std::path::{Path, PathBuf};
use std::time::Duration;

use super::process::runtime::{find_on_path, is_executable, run_probe};
use super::process::StartError;
use urldiff_corpus::project::content_hash;

/// One small heap and the serial collector: a worker is single-threaded and the machines are
/// small. The quick compiler only: the optimizing one costs more CPU than it saves over a
/// batch (measured: 0.17 → 0.12 CPU-s for a conform batch).
pub(super) const JVM_OPTIONS: [&str; 3] =
    ["-XX:+UseSerialGC", "-Xmx256m", "-XX:TieredStopAtLevel=1"];

/// A JDK of this machine: `bin/java` and `bin/javac` of one home, and its version.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Jdk {
    pub java: PathBuf,
    pub javac: PathBuf,
    /// `JAVA_VERSION` of the home's `release` file (`25.0.3`), as numbers; `(0, 0, 0)` when
    /// the home has none.
    pub version: (u32, u32, u32),
}

/// The variable naming the one JDK home to use instead of the search.
pub const JAVA_HOME_VAR: &str = "URLDIFF_JAVA_HOME";

/// Where JDKs are looked for, in order: `$URLDIFF_JAVA_HOME` alone when set; else the home of
/// `java` on PATH, `$JAVA_HOME`, and every folder of `/usr/lib/jvm` (Debian's packages and
/// vendors' builds install there without putting themselves on PATH).
pub fn jdk_homes() -> Vec<PathBuf> {
    if let Some(home) = std::env::var_os(JAVA_HOME_VAR) {
        return vec![PathBuf::from(home)];
    }
    let mut homes = Vec::new();
    let on_path = find_on_path("java").and_then(|j| std::fs::canonicalize(j).ok());
    homes.extend(on_path.and_then(|j| Some(j.parent()?.parent()?.to_owned())));
    homes.extend(std::env::var_os("JAVA_HOME").map(PathBuf::from));
    if let Ok(entries) = std::fs::read_dir("/usr/lib/jvm") {
        let mut found: Vec<PathBuf> = entries.filter_map(|e| Some(e.ok()?.path())).collect();
        found.sort();
        homes.extend(found);
    }
    homes
}

/// The JDK of `home` when it has both `bin/java` and `bin/javac`.
pub fn jdk_at(home: &Path) -> Option<Jdk> {
    let (java, javac) = (home.join("bin/java"), home.join("bin/javac"));
    if !is_executable(&java) || !is_executable(&javac) {
        return None;
    }
    let release = std::fs::read_to_string(home.join("release")).unwrap_or_default();
    Some(Jdk { java, javac, version: release_version(&release).unwrap_or((0, 0, 0)) })
}

/// `JAVA_VERSION="25.0.3"` (or `"17.0.15"`, `"1.8.0_402"`) of a JDK's `release` file.
fn release_version(release: &str) -> Option<(u32, u32, u32)> {
    let line = release.lines().find_map(|l| l.strip_prefix("JAVA_VERSION="))?;
    let digits = |part: &str| part.chars().take_while(char::is_ascii_digit).collect::<String>();
    let mut parts = line.trim_matches('"').split(['.', '_']).map(|p| digits(p).parse::<u32>());
    let major = parts.next()?.ok()?;
    let (minor, patch) = (parts.next().and_then(Result::ok), parts.next().and_then(Result::ok));
    Some((major, minor.unwrap_or(0), patch.unwrap_or(0)))
}

/// The newest JDK of [`jdk_homes`] (the first found of two alike), asked once per process:
/// the Java oracles run the newest `java.net` on this machine, not only the one on PATH.
pub fn newest_jdk() -> Option<&'static Jdk> {
    static NEWEST: std::sync::OnceLock<Option<Jdk>> = std::sync::OnceLock::new();
    NEWEST
        .get_or_init(|| {
            let jdks = jdk_homes().iter().filter_map(|h| jdk_at(h)).collect::<Vec<_>>();
            let newest = jdks.iter().map(|j| j.version).max()?;
            jdks.into_iter().find(|j| j.version == newest)
        })
        .as_ref()
}

/// Compile `sources` together into `cache/<hash of the sources>/` unless that folder already
/// holds `<main_class>.class`; returns the folder. Compiled into a temporary folder, then
/// renamed, so concurrent runs never see half a class.
pub fn compile_sources_once(
    javac: &Path,
    sources: &[PathBuf],
    main_class: &str,
    cache: &Path,
) -> Result<PathBuf, StartError> {
    let mut texts = Vec::new();
    for source in sources {
        let text = std::fs::read(source)
            .map_err(|e| StartError::Read { path: source.clone(), source: e })?;
        texts.push(text);
    }
    // The compiler is part of the key: classes of a newer javac do not load in an older JVM.
    let compiler = javac.to_string_lossy().into_owned().into_bytes();
    let hash = content_hash(texts.iter().map(Vec::as_slice).chain([compiler.as_slice()]));
    let target = cache.join(&hash);
    let main = format!("{main_class}.class");
    if target.join(&main).is_file() {
        return Ok(target);
    }
    let temp = super::process::runtime::staging_dir(cache, &hash)?;
    let mut args = vec!["-encoding".to_owned(), "UTF-8".to_owned(), "-d".to_owned()];
    args.push(temp.path().to_string_lossy().into_owned());
    args.extend(sources.iter().map(|s| s.to_string_lossy().into_owned()));
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    run_probe(javac, &args, None, Duration::from_secs(120))
        .map_err(|source| StartError::Javac { source: Box::new(source) })?;
    match std::fs::rename(temp.path(), &target) {
        Ok(()) => {
            let _ = temp.keep();
        }
        // Another run may have won the race; its classes are the same (`temp` goes on drop).
        Err(_) if target.join(&main).is_file() => {}
        Err(e) => return Err(StartError::MoveClasses { path: target, source: e }),
    }
    Ok(target)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The `release` files of OpenJDK builds: Temurin 25, Debian's 17, an 8.
    #[test]
    fn release_versions_are_read_as_jdks_write_them() {
        let read = |text: &str| release_version(text);
        assert_eq!(
            read("IMPLEMENTOR=\"Eclipse Adoptium\"\nJAVA_VERSION=\"25.0.3\"\n"),
            Some((25, 0, 3))
        );
        assert_eq!(read("JAVA_VERSION=\"17.0.15\"\nOS_NAME=\"Linux\""), Some((17, 0, 15)));
        assert_eq!(read("JAVA_VERSION=\"1.8.0_402\""), Some((1, 8, 0)));
        assert_eq!(read("JAVA_VERSION=\"21\""), Some((21, 0, 0)));
        assert_eq!(read("OS_NAME=\"Linux\""), None);
    }

    /// A home without javac is no JDK; one with both is, with its release file's version.
    #[test]
    fn a_jdk_needs_java_and_javac() {
        use std::os::unix::fs::PermissionsExt;
        let home = tempfile::tempdir().unwrap();
        std::fs::create_dir_all(home.path().join("bin")).unwrap();
        let exe = |name: &str| {
            let p = home.path().join("bin").join(name);
            std::fs::write(&p, "#!/bin/sh\n").unwrap();
            std::fs::set_permissions(&p, std::fs::Permissions::from_mode(0o755)).unwrap();
        };
        exe("java");
        assert_eq!(jdk_at(home.path()), None);
        exe("javac");
        std::fs::write(home.path().join("release"), "JAVA_VERSION=\"25.0.3\"\n").unwrap();
        assert_eq!(jdk_at(home.path()).map(|j| j.version), Some((25, 0, 3)));
    }
}
