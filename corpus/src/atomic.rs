//! The one atomic writer of every report and ledger file: all files of a run are written to
//! temporary files beside their targets first (`tempfile::NamedTempFile` in the target's
//! folder) and renamed over the targets only when every one was written. A failure before the
//! renames removes every temporary file (dropping a `NamedTempFile` deletes it) and leaves the
//! targets as they were.
//!
//! Targets: a path that exists must be a regular file (a folder, a device, a FIFO or a socket
//! is an error, so `--json /dev/null` never replaces a device node); a symbolic link is
//! followed and its target written, so the link stays a link. A new file gets mode 0644 (less
//! the umask's usual bits); an existing one keeps its permissions.

use std::io::Write as _;
use std::path::{Path, PathBuf};
use tempfile::NamedTempFile;

/// Why a file could not be written (nothing was replaced).
#[derive(Debug, thiserror::Error)]
pub enum WriteError {
    /// An I/O step failed: `doing` says which, on which path; the I/O error is the source.
    #[error("{doing}")]
    Io { doing: String, source: std::io::Error },
    /// The target exists and is not a regular file (a folder, a device, a FIFO or a socket).
    #[error("cannot write {}: it is {what}", path.display())]
    NotAFile { path: PathBuf, what: &'static str },
    #[error("cannot write {}: too many levels of symbolic links", path.display())]
    LinkLoop { path: PathBuf },
}

/// The result with `doing` said of its error.
trait Doing<T> {
    fn doing(self, doing: impl FnOnce() -> String) -> Result<T, WriteError>;
}

impl<T> Doing<T> for std::io::Result<T> {
    fn doing(self, doing: impl FnOnce() -> String) -> Result<T, WriteError> {
        self.map_err(|source| WriteError::Io { doing: doing(), source })
    }
}

/// Write every `(path, contents)` atomically, all or nothing (see the module documentation).
pub fn write_all(files: &[(PathBuf, Vec<u8>)]) -> Result<(), WriteError> {
    let mut staged = Vec::with_capacity(files.len());
    for (path, contents) in files {
        let target = resolve_target(path)?;
        let temp = stage(&target, contents)?;
        staged.push((target, temp));
    }
    for (target, temp) in staged {
        temp.persist(&target)
            .map_err(|e| e.error)
            .doing(|| format!("renaming a temporary file over {}", target.display()))?;
    }
    Ok(())
}

/// Write one file atomically.
pub fn write(path: &Path, contents: &[u8]) -> Result<(), WriteError> {
    write_all(&[(path.to_owned(), contents.to_vec())])
}

/// The path to write: `path` itself, or the file a symbolic link points to (followed through
/// every link). Whatever exists there must be a regular file.
fn resolve_target(path: &Path) -> Result<PathBuf, WriteError> {
    let mut target = path.to_owned();
    for _ in 0..40 {
        let Ok(meta) = std::fs::symlink_metadata(&target) else { return Ok(target) };
        let kind = meta.file_type();
        if kind.is_symlink() {
            let link = std::fs::read_link(&target)
                .doing(|| format!("reading the link {}", target.display()))?;
            target = match target.parent() {
                Some(parent) => parent.join(link),
                None => link,
            };
            continue;
        }
        if !kind.is_file() {
            let what = if kind.is_dir() { "a folder" } else { "not a regular file" };
            return Err(WriteError::NotAFile { path: path.to_owned(), what });
        }
        return Ok(target);
    }
    Err(WriteError::LinkLoop { path: path.to_owned() })
}

/// Write `contents` to a temporary file in `target`'s folder (created if missing).
fn stage(target: &Path, contents: &[u8]) -> Result<NamedTempFile, WriteError> {
    let dir = target.parent().filter(|p| !p.as_os_str().is_empty()).unwrap_or(Path::new("."));
    std::fs::create_dir_all(dir).doing(|| format!("creating {}", dir.display()))?;
    let name = target.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    let prefix = format!(".{name}.");
    let mut builder = tempfile::Builder::new();
    builder.prefix(&prefix).suffix(".tmp");
    match std::fs::metadata(target) {
        Ok(meta) => {
            builder.permissions(meta.permissions());
        }
        Err(_) => new_file_permissions(&mut builder),
    }
    let mut temp = builder
        .tempfile_in(dir)
        .doing(|| format!("creating a temporary file in {}", dir.display()))?;
    temp.write_all(contents)
        .and_then(|()| temp.flush())
        .doing(|| format!("writing a temporary file for {}", target.display()))?;
    Ok(temp)
}

/// A new report is readable by everyone, as files written by `std::fs::write` are (a
/// temporary file would otherwise keep its private 0600).
#[cfg(unix)]
fn new_file_permissions(builder: &mut tempfile::Builder) {
    use std::os::unix::fs::PermissionsExt as _;
    builder.permissions(std::fs::Permissions::from_mode(0o644));
}

#[cfg(not(unix))]
fn new_file_permissions(_: &mut tempfile::Builder) {}
