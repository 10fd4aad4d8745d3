//! Why a worker oracle cannot run here, as typed errors that carry their evidence (the
//! program, the folder, the file, the command and its stderr): [`LaunchError`] when a launcher
//! cannot find or prepare its runtime (`java`, `javac`, CPython, `node`, `npm ci`, `go build`, a virtual environment, the cache),
//! [`SetupError`] when an oracle's set-up failed. Their text is the oracle's unavailability
//! reason, the one line `urldiff` shows for a missing runtime.

use super::runtime::ProbeError;
use super::worker::StartFailure;
use std::io;
use std::path::PathBuf;

/// Why a launcher cannot give the command its workers start with.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum LaunchError {
    /// A program is not on `PATH`; `install` says what provides it.
    #[error("{program} is not on PATH ({install})")]
    NotOnPath { program: &'static str, install: &'static str },
    /// The embedded worker files could not be written out to the cache.
    #[error("cannot write the worker files into the cache: {source}")]
    WriteOut { source: io::Error },
    #[error("cannot read {}: {source}", path.display())]
    Read { path: PathBuf, source: io::Error },
    #[error("cannot create {}: {source}", path.display())]
    CreateDir { path: PathBuf, source: io::Error },
    /// `javac` did not compile the worker (the probe error holds its command and stderr).
    #[error("javac failed: {source}")]
    Javac { source: ProbeError },
    #[error("cannot move compiled classes to {}: {source}", path.display())]
    MoveClasses { path: PathBuf, source: io::Error },
    #[error("{package} is not installed in {} and npm is not on PATH", dir.display())]
    NoNpm { package: String, dir: PathBuf },
    #[error("npm ci failed in {}: {source}", dir.display())]
    NpmCi { dir: PathBuf, source: ProbeError },
    #[error("npm ci in {} did not install {package}", dir.display())]
    NpmDidNotInstall { dir: PathBuf, package: String },
    /// A folder oracle's runtime is not on `PATH`; `install` is its install recipe.
    #[error("{program} is not on PATH ({install})")]
    RuntimeMissing { program: String, install: String },
    /// This build carries no host program for the runtime (`oracles/runtimes/<runtime>/`).
    #[error("this build has no host for the {runtime} runtime (oracles/runtimes/{runtime}/)")]
    NoHost { runtime: &'static str },
    /// Making a folder's Python virtual environment failed (the command and pip's stderr).
    #[error("cannot make the virtual environment for {}: {source}", requirements.display())]
    Venv { requirements: PathBuf, source: ProbeError },
    /// `go build` did not build the worker (its command and stderr).
    #[error("go build failed: {source}")]
    GoBuild { source: ProbeError },
    /// A finished build or environment could not be moved into place.
    #[error("cannot move {} into place: {source}", path.display())]
    MoveIntoPlace { path: PathBuf, source: io::Error },
    /// No CPython 3 is found by the documented search, or `URLDIFF_PYTHON` is not one;
    /// `tried` says why each candidate was refused.
    #[error("no CPython 3 found: {}", tried.join("; "))]
    NoCPython { tried: Vec<String> },
}

/// Why a worker oracle is unavailable: its launcher failed, or its first worker did not start
/// (the evidence: the cause, how the process ended, its stderr).
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum SetupError {
    #[error("{oracle}: {cause}")]
    Launch { oracle: String, cause: LaunchError },
    #[error("{oracle}: {failure}")]
    FirstWorker { oracle: String, failure: StartFailure },
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_reason_names_its_evidence() {
        let missing = LaunchError::NotOnPath { program: "javac", install: "install a JDK" };
        let setup = SetupError::Launch { oracle: "java-uri".into(), cause: missing };
        assert_eq!(setup.to_string(), "java-uri: javac is not on PATH (install a JDK)");
        let npm = LaunchError::NpmDidNotInstall { dir: "/c/node".into(), package: "tr46".into() };
        assert_eq!(npm.to_string(), "npm ci in /c/node did not install tr46");
        let tried = vec!["/usr/bin/python is Python 2, not 3".to_owned(), "`x -c` failed".into()];
        let python = LaunchError::NoCPython { tried };
        assert_eq!(
            python.to_string(),
            "no CPython 3 found: /usr/bin/python is Python 2, not 3; `x -c` failed"
        );
        let read = LaunchError::Read {
            path: "/c/JavaUri.java".into(),
            source: io::Error::new(io::ErrorKind::NotFound, "gone"),
        };
        assert_eq!(read.to_string(), "cannot read /c/JavaUri.java: gone");
    }
}
