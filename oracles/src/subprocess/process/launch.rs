//! Why a process did not start, as one typed error that carries its evidence ([`StartError`]):
//! the oracle, the program, the folder, the file, the command and its stderr. A launcher cannot
//! find or prepare its runtime (`java`, `javac`, CPython, `node`, `npm ci`, `go build`, a
//! virtual environment, the cache), a probe or set-up command failed, or a worker did not give
//! its handshake. Its text is the oracle's unavailability reason, the one line `urldiff` shows
//! for a missing runtime.

use crate::model::ProcessEnd;
use std::io;
use std::path::PathBuf;
use std::time::Duration;

/// Why a process an oracle needs did not start (or its command could not be made).
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum StartError {
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
    /// `javac` did not compile the worker (the command's error holds its command and stderr).
    #[error("javac failed: {source}")]
    Javac { source: Box<StartError> },
    #[error("cannot move compiled classes to {}: {source}", path.display())]
    MoveClasses { path: PathBuf, source: io::Error },
    #[error("{package} is not installed in {} and npm is not on PATH", dir.display())]
    NoNpm { package: String, dir: PathBuf },
    #[error("npm ci failed in {}: {source}", dir.display())]
    NpmCi { dir: PathBuf, source: Box<StartError> },
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
    Venv { requirements: PathBuf, source: Box<StartError> },
    /// `go build` did not build the worker (its command and stderr).
    #[error("go build failed: {source}")]
    GoBuild { source: Box<StartError> },
    /// A finished build or environment could not be moved into place.
    #[error("cannot move {} into place: {source}", path.display())]
    MoveIntoPlace { path: PathBuf, source: io::Error },
    /// No CPython 3 is found by the documented search, or `URLDIFF_PYTHON` is not one;
    /// `tried` says why each candidate was refused.
    #[error("no CPython 3 found: {}", tried.join("; "))]
    NoCPython { tried: Vec<String> },
    /// A probe or set-up command could not be run; `command` is its line, in backquotes.
    #[error("cannot run {command}: {source}")]
    CannotRun { command: String, source: io::Error },
    #[error("{command} was not run: urldiff is shutting down")]
    ShuttingDown { command: String },
    #[error("{command} did not finish within {} s", limit.as_secs())]
    TooSlow { command: String, limit: Duration },
    /// A probe or set-up command ended with a failure status.
    #[error("{command} failed ({status}): {}", stderr.trim())]
    Failed { command: String, status: std::process::ExitStatus, stderr: String },
    /// A worker did not give its handshake: the cause, how the process ended and its stderr.
    #[error("{}", worker_text(.cause, .process, .stderr))]
    Worker { cause: String, process: Option<ProcessEnd>, stderr: String },
    /// The oracle whose launcher or first worker failed, and why.
    #[error("{oracle}: {source}")]
    Oracle { oracle: String, source: Box<StartError> },
}

impl StartError {
    /// This error as the reason `oracle` cannot run.
    pub fn of_oracle(self, oracle: &str) -> StartError {
        StartError::Oracle { oracle: oracle.to_owned(), source: Box::new(self) }
    }
}

/// A failed worker start in words: the cause, how the process ended, then its stderr.
fn worker_text(cause: &str, process: &Option<ProcessEnd>, stderr: &str) -> String {
    let mut text = cause.to_owned();
    if let Some(end) = process {
        text.push_str(&format!(" ({end})"));
    }
    match stderr.trim_end() {
        "" if process.is_some() => text.push_str("; stderr was empty"),
        "" => {}
        stderr => text.push_str(&format!("; stderr:\n{stderr}")),
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_reason_names_its_evidence() {
        let missing = StartError::NotOnPath { program: "javac", install: "install a JDK" };
        let setup = missing.of_oracle("java-uri");
        assert_eq!(setup.to_string(), "java-uri: javac is not on PATH (install a JDK)");
        let npm = StartError::NpmDidNotInstall { dir: "/c/node".into(), package: "tr46".into() };
        assert_eq!(npm.to_string(), "npm ci in /c/node did not install tr46");
        let tried = vec!["/usr/bin/python is Python 2, not 3".to_owned(), "`x -c` failed".into()];
        let python = StartError::NoCPython { tried };
        assert_eq!(
            python.to_string(),
            "no CPython 3 found: /usr/bin/python is Python 2, not 3; `x -c` failed"
        );
        let read = StartError::Read {
            path: "/c/JavaUri.java".into(),
            source: io::Error::new(io::ErrorKind::NotFound, "gone"),
        };
        assert_eq!(read.to_string(), "cannot read /c/JavaUri.java: gone");
    }
}
