//! Which real interpreter a launcher ran last time, remembered in the cache, so that a
//! version-manager shim (pyenv, asdf: a script that works out the version on every call, the
//! most of python-urllib's start-up) is asked only when something that decides its answer
//! changed.
//!
//! An entry is a file `<cache>/interpreters/<hash of the choice>` holding the interpreter's
//! path. The choice ([`choice`]) is everything a shim decides by: the launcher itself (path,
//! size, modification time), `PATH`, the working directory, the version managers' variables,
//! and the version files a shim reads (`.python-version` and `.tool-versions` from the working
//! directory up, and the `version` file beside the shims' folder: pyenv's global choice). A
//! change to any of them names another entry; an entry whose interpreter is no longer an
//! executable file is ignored. Either way the caller probes the launcher again.

use std::path::{Path, PathBuf};
use std::time::UNIX_EPOCH;

/// The environment variables a version manager chooses the interpreter by.
const CHOOSING_VARS: [&str; 5] =
    ["PATH", "PYENV_VERSION", "PYENV_ROOT", "ASDF_PYTHON_VERSION", "ASDF_DATA_DIR"];

/// The files, from the working directory up, that pin a version for a folder.
const VERSION_FILES: [&str; 2] = [".python-version", ".tool-versions"];

/// What was remembered for `launcher` (its lines: the interpreter's path first, then what else
/// its probe said), if its entry exists, the choice is unchanged and the interpreter is
/// still an executable file.
pub fn cached(cache: &Path, launcher: &Path) -> Option<Vec<String>> {
    let entry = cache.join(entry_name(launcher)?);
    let text = std::fs::read_to_string(entry).ok()?;
    let lines: Vec<String> = text.lines().map(str::to_owned).collect();
    let interpreter = PathBuf::from(lines.first()?);
    (interpreter.is_absolute() && super::process::runtime::is_executable(&interpreter))
        .then_some(lines)
}

/// Remember that `launcher` runs `interpreter`, with the other lines of its probe's answer.
/// Best effort: a cache that cannot be written only means probing again next time.
pub fn remember(cache: &Path, launcher: &Path, interpreter: &Path, more: &[String]) {
    let Some(name) = entry_name(launcher) else { return };
    let mut text = format!("{}\n", interpreter.display());
    for line in more {
        text.push_str(line);
        text.push('\n');
    }
    if std::fs::create_dir_all(cache).is_ok() {
        let _ = urldiff_corpus::atomic::write(&cache.join(name), text.as_bytes());
    }
}

/// The entry's file name: the hash of [`choice`]; `None` when the launcher cannot be read.
fn entry_name(launcher: &Path) -> Option<String> {
    let choice = choice(launcher)?;
    Some(urldiff_corpus::project::content_hash(choice.iter().map(String::as_bytes)))
}

/// Everything that decides which interpreter `launcher` runs, as text (see the module
/// overview).
fn choice(launcher: &Path) -> Option<Vec<String>> {
    let mut parts = vec![launcher.display().to_string(), file_stamp(launcher)?];
    for var in CHOOSING_VARS {
        parts.push(format!("{var}={:?}", std::env::var_os(var)));
    }
    let cwd = std::env::current_dir().ok()?;
    parts.push(cwd.display().to_string());
    for dir in cwd.ancestors() {
        for name in VERSION_FILES {
            parts.push(stamp_if_present(&dir.join(name)));
        }
    }
    if let Some(root) = launcher.parent().and_then(Path::parent) {
        parts.push(stamp_if_present(&root.join("version")));
    }
    Some(parts)
}

/// A file's size and modification time, `None` when it cannot be read.
fn file_stamp(path: &Path) -> Option<String> {
    let meta = std::fs::metadata(path).ok()?;
    let modified = meta.modified().ok()?.duration_since(UNIX_EPOCH).ok()?;
    Some(format!("{} {}", meta.len(), modified.as_nanos()))
}

/// `path` with its stamp, or `path -` when it does not exist.
fn stamp_if_present(path: &Path) -> String {
    format!("{} {}", path.display(), file_stamp(path).unwrap_or_else(|| "-".to_owned()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn executable(path: &Path) {
        super::super::process::runtime::write_executable(path, "#!/bin/sh\n");
    }

    #[test]
    fn remembered_until_the_launcher_or_the_interpreter_changes() {
        let dir = tempfile::tempdir().unwrap();
        let cache = dir.path().join("cache");
        let launcher = dir.path().join("shims").join("python3");
        std::fs::create_dir_all(launcher.parent().unwrap()).unwrap();
        executable(&launcher);
        let interpreter = dir.path().join("python3.11");
        executable(&interpreter);

        assert_eq!(cached(&cache, &launcher), None, "nothing is remembered yet");
        remember(&cache, &launcher, &interpreter, &["3.11.7".to_owned()]);
        let remembered = Some(vec![interpreter.display().to_string(), "3.11.7".to_owned()]);
        assert_eq!(cached(&cache, &launcher), remembered);

        // The interpreter is gone: the entry is stale.
        std::fs::remove_file(&interpreter).unwrap();
        assert_eq!(cached(&cache, &launcher), None);
        executable(&interpreter);
        assert_eq!(cached(&cache, &launcher), remembered);

        // The launcher was rewritten (a new size): another entry, not yet remembered.
        std::fs::write(&launcher, "#!/bin/sh\nexec python3.12 \"$@\"\n").unwrap();
        assert_eq!(cached(&cache, &launcher), None);

        // pyenv's global choice beside the shims' folder changed: another entry too.
        remember(&cache, &launcher, &interpreter, &[]);
        std::fs::write(dir.path().join("version"), "3.12.0\n").unwrap();
        assert_eq!(cached(&cache, &launcher), None);
    }

    #[test]
    fn a_missing_launcher_is_never_remembered() {
        let dir = tempfile::tempdir().unwrap();
        let launcher = dir.path().join("python3");
        remember(dir.path(), &launcher, Path::new("/usr/bin/python3"), &[]);
        assert_eq!(cached(dir.path(), &launcher), None);
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0);
    }

    #[test]
    fn an_entry_naming_a_relative_or_garbled_path_is_ignored() {
        let dir = tempfile::tempdir().unwrap();
        let launcher = dir.path().join("python3");
        executable(&launcher);
        let name = entry_name(&launcher).unwrap();
        std::fs::write(dir.path().join(&name), "python3\n").unwrap();
        assert_eq!(cached(dir.path(), &launcher), None);
        std::fs::write(dir.path().join(&name), "").unwrap();
        assert_eq!(cached(dir.path(), &launcher), None);
    }
}
