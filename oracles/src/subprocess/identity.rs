//! A worker's identity for the answer cache (`crate::answer_cache`): a digest of everything
//! that decides its answers, read from its command without starting it.
//!
//! - the runtime: the program's path as given and as resolved (a version manager's shim or a
//!   virtual environment's link), with the resolved file's size and modification time, so an
//!   upgraded or reinstalled runtime is another identity;
//! - the worker: every argument, and the contents of each argument that names a file (the
//!   worker script, the adapter; a compiled worker's folder is named by its sources' hash);
//! - the library: the working folder's `package-lock.json` and `node_modules/.package-lock.json`
//!   (what npm installed), a virtual environment through its path (named by its requirements);
//! - the environment it is given, the variables it is not, and the variables it inherits
//!   that runtimes read at start-up ([`RUNTIME_VARIABLES`]: `PYTHONPATH`, `NODE_OPTIONS`,
//!   `JAVA_TOOL_OPTIONS`, `LD_PRELOAD`, the locale, …); the rest of urldiff's environment
//!   (a shell's `PWD`, a terminal's variables) would make every run another identity.
//!
//! `None` when the program cannot be read: the oracle is then asked, never answered from a
//! cache that cannot tell what it would say.

use std::path::{Path, PathBuf};
use std::time::UNIX_EPOCH;

use super::worker::WorkerCommand;

/// Files in the working folder that pin the libraries a worker loads.
const LOCKFILES: [&str; 2] = ["package-lock.json", "node_modules/.package-lock.json"];

/// Prefixes of the inherited variables that change what a runtime does.
pub const RUNTIME_VARIABLES: [&str; 12] = [
    "PYTHON",
    "NODE_",
    "NPM_CONFIG_",
    "JAVA_",
    "_JAVA_",
    "JDK_",
    "LD_",
    "GO",
    "RUBY",
    "PHP",
    "LANG",
    "LC_",
];

/// The identity of `oracle` run by `command`.
pub fn of_command(oracle: &str, command: &WorkerCommand) -> Option<String> {
    let mut parts: Vec<Vec<u8>> = vec![b"urldiff worker identity 1".to_vec(), oracle.into()];
    let resolved = std::fs::canonicalize(&command.program).ok()?;
    parts.push(path_bytes(&command.program));
    parts.push(path_bytes(&resolved));
    parts.push(stamp(&resolved)?);
    let cwd = command.cwd.clone();
    for arg in &command.args {
        parts.push(arg.as_bytes().to_vec());
        let path = match &cwd {
            Some(dir) if Path::new(arg).is_relative() => dir.join(arg),
            _ => PathBuf::from(arg),
        };
        if path.is_file() {
            parts.push(std::fs::read(&path).ok()?);
        }
    }
    for (name, value) in &command.env {
        parts.push(format!("{name}={value}").into_bytes());
    }
    for name in &command.unset {
        parts.push(format!("unset {name}").into_bytes());
    }
    parts.push(vec![u8::from(command.die_with_parent)]);
    let mut inherited: Vec<(String, String)> = std::env::vars_os()
        .map(|(k, v)| (k.to_string_lossy().into_owned(), v.to_string_lossy().into_owned()))
        .filter(|(k, _)| RUNTIME_VARIABLES.iter().any(|p| k.starts_with(p)))
        .filter(|(k, _)| !command.unset.contains(&k.as_str()))
        .collect();
    inherited.sort();
    for (name, value) in inherited {
        parts.push(format!("inherited {name}={value}").into_bytes());
    }
    if let Some(dir) = &cwd {
        parts.push(path_bytes(dir));
        for lockfile in LOCKFILES {
            parts.push(std::fs::read(dir.join(lockfile)).unwrap_or_default());
        }
    }
    Some(urldiff_corpus::project::content_hash(parts.iter().map(Vec::as_slice)))
}

fn path_bytes(path: &Path) -> Vec<u8> {
    path.to_string_lossy().into_owned().into_bytes()
}

/// The file's size and modification time.
fn stamp(path: &Path) -> Option<Vec<u8>> {
    let meta = std::fs::metadata(path).ok()?;
    let modified = meta.modified().ok()?.duration_since(UNIX_EPOCH).ok()?;
    Some(
        format!("{} {}.{:09}", meta.len(), modified.as_secs(), modified.subsec_nanos())
            .into_bytes(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn command(dir: &Path) -> WorkerCommand {
        let program = dir.join("runtime");
        std::fs::write(&program, "v1").unwrap();
        std::fs::write(dir.join("worker.py"), "print(1)").unwrap();
        std::fs::write(dir.join("package-lock.json"), "{}").unwrap();
        let mut command = WorkerCommand::new(&program, &["-u", "worker.py"]);
        command.cwd = Some(dir.to_owned());
        command
    }

    #[test]
    fn the_same_command_is_the_same_identity_and_each_ingredient_changes_it() {
        let dir = tempfile::tempdir().unwrap();
        let base = command(dir.path());
        let first = of_command("toy", &base).unwrap();
        assert_eq!(of_command("toy", &base).unwrap(), first);
        assert_ne!(of_command("other", &base).unwrap(), first);
        // The worker script's contents.
        std::fs::write(dir.path().join("worker.py"), "print(2)").unwrap();
        let script = of_command("toy", &base).unwrap();
        assert_ne!(script, first);
        // The lockfile (another library version).
        std::fs::write(dir.path().join("package-lock.json"), "{\"v\":2}").unwrap();
        let lock = of_command("toy", &base).unwrap();
        assert_ne!(lock, script);
        // The runtime, replaced by another build of another size.
        std::fs::write(dir.path().join("runtime"), "version 2").unwrap();
        let runtime = of_command("toy", &base).unwrap();
        assert_ne!(runtime, lock);
        // The environment.
        let mut env = base.clone();
        env.env.push(("X".into(), "1".into()));
        assert_ne!(of_command("toy", &env).unwrap(), runtime);
    }

    #[test]
    fn a_missing_program_has_no_identity() {
        let dir = tempfile::tempdir().unwrap();
        let mut gone = command(dir.path());
        gone.program = dir.path().join("no-such-runtime");
        assert_eq!(of_command("toy", &gone), None);
    }
}
