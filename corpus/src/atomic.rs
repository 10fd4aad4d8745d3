//! The one atomic writer of every report and ledger file: all files of a run are written to
//! temporary files beside their targets first (`tempfile::NamedTempFile` in the target's
//! folder) and renamed over the targets only when every one was written. A failure before the
//! renames removes every temporary file (dropping a `NamedTempFile` deletes it) and leaves the
//! targets as they were.
//!
//! Temporary files are named `.<target name>.<pid>.<random>.tmp`. Those of this process are
//! listed while they exist, so that a SIGTERM handler removes them ([`remove_staged`]) before
//! the process exits; those of a process that is gone (killed with SIGKILL mid-write) are
//! removed by the next write beside them, so they never pile up.
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

/// The temporary files this process has staged and not yet renamed or removed.
static STAGED: std::sync::Mutex<Vec<PathBuf>> = std::sync::Mutex::new(Vec::new());

fn staged_list() -> std::sync::MutexGuard<'static, Vec<PathBuf>> {
    STAGED.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// Remove every temporary file this process has staged and not renamed: for a signal
/// handler, just before the process exits.
pub fn remove_staged() {
    let mut staged = staged_list();
    for path in staged.drain(..) {
        remove_any(&path);
    }
    // The list stays locked: the process is about to exit, and a write that starts now waits
    // on the list instead of leaving a file behind.
    std::mem::forget(staged);
}

/// Remove a file or a folder with what it holds (what is not there is not an error).
fn remove_any(path: &Path) {
    match std::fs::symlink_metadata(path) {
        Ok(meta) if meta.is_dir() => {
            // Again if a file appeared while it was emptied (a writer still running).
            for _ in 0..3 {
                if std::fs::remove_dir_all(path).is_ok() || !path.exists() {
                    break;
                }
            }
        }
        Ok(_) => {
            let _ = std::fs::remove_file(path);
        }
        Err(_) => {}
    }
}

/// What writes one file's contents into its temporary file (for contents written as they
/// are made, never held whole: [`write_all_with`]). The writer it is given is buffered.
pub type Fill<'a> = Box<dyn FnOnce(&mut dyn std::io::Write) -> std::io::Result<()> + 'a>;

/// A [`Fill`] that may run on another thread ([`write_all_concurrently`]).
pub type SendFill<'a> = Box<dyn FnOnce(&mut dyn std::io::Write) -> std::io::Result<()> + Send + 'a>;

/// Write every `(path, contents)` atomically, all or nothing (see the module documentation).
pub fn write_all(files: &[(PathBuf, Vec<u8>)]) -> Result<(), WriteError> {
    let fills: Vec<(PathBuf, Fill)> = files
        .iter()
        .map(|(path, contents)| {
            let fill: Fill = Box::new(move |out| out.write_all(contents));
            (path.clone(), fill)
        })
        .collect();
    write_all_with(fills)
}

/// [`write_all`] of contents each written by its [`Fill`] into the temporary file.
pub fn write_all_with(files: Vec<(PathBuf, Fill)>) -> Result<(), WriteError> {
    let mut listed: Vec<PathBuf> = Vec::new();
    let result = stage_and_rename(files, &mut listed);
    // Renamed, or removed as they dropped: off the list either way.
    staged_list().retain(|p| !listed.contains(p));
    result
}

/// [`write_all_with`], each file made and written on a thread of its own (a run's reports
/// are rendered at once, not one after the other), then all renamed as [`write_all`] does:
/// all or nothing. When several fail, the error is the first file's in `files` order.
pub fn write_all_concurrently(files: Vec<(PathBuf, SendFill)>) -> Result<(), WriteError> {
    let mut listed: Vec<PathBuf> = Vec::new();
    let result = stage_concurrently_and_rename(files, &mut listed);
    staged_list().retain(|p| !listed.contains(p));
    result
}

/// [`write_all_concurrently`]'s work; `listed` as in [`stage_and_rename`].
fn stage_concurrently_and_rename(
    files: Vec<(PathBuf, SendFill)>,
    listed: &mut Vec<PathBuf>,
) -> Result<(), WriteError> {
    // Every target checked before anything is written, in order, as `stage_and_rename` does.
    let mut targets = Vec::with_capacity(files.len());
    for (path, _) in &files {
        let target = resolve_target(path)?;
        remove_leftovers(&target);
        targets.push(target);
    }
    let staged: Vec<(Result<NamedTempFile, WriteError>, Vec<PathBuf>)> =
        std::thread::scope(|scope| {
            let threads: Vec<_> = targets
                .iter()
                .zip(files)
                .map(|(target, (_, fill))| {
                    scope.spawn(move || {
                        let mut listed = Vec::new();
                        (stage(target, fill, &mut listed), listed)
                    })
                })
                .collect();
            let joined = threads.into_iter().map(|thread| thread.join());
            joined.map(|r| r.unwrap_or_else(|panic| std::panic::resume_unwind(panic))).collect()
        });
    let mut temps = Vec::with_capacity(staged.len());
    for (temp, paths) in staged {
        listed.extend(paths);
        temps.push(temp);
    }
    // The first error in order; the other temporary files are removed as they drop.
    let temps: Vec<NamedTempFile> = temps.into_iter().collect::<Result<_, _>>()?;
    for (target, temp) in targets.into_iter().zip(temps) {
        temp.persist(&target)
            .map_err(|e| e.error)
            .doing(|| format!("renaming a temporary file over {}", target.display()))?;
    }
    Ok(())
}

/// [`write_all`]'s work; `listed` gets the path of every temporary file put on [`STAGED`].
fn stage_and_rename(
    files: Vec<(PathBuf, Fill)>,
    listed: &mut Vec<PathBuf>,
) -> Result<(), WriteError> {
    let mut staged = Vec::with_capacity(files.len());
    for (path, fill) in files {
        let target = resolve_target(&path)?;
        remove_leftovers(&target);
        let temp = stage(&target, fill, listed)?;
        staged.push((target, temp));
    }
    for (target, temp) in staged {
        temp.persist(&target)
            .map_err(|e| e.error)
            .doing(|| format!("renaming a temporary file over {}", target.display()))?;
    }
    Ok(())
}

/// A drafts folder that holds files (an earlier run's drafts, or anything else) is replaced
/// only with `--force`: otherwise older drafts would stay beside the new ones. Check this
/// before [`replace_dir`].
/// ```
/// use urldiff_corpus::atomic::refuse_filled_dir;
/// let dir = tempfile::tempdir().unwrap();
/// assert!(refuse_filled_dir(dir.path(), false).is_ok());
/// std::fs::write(dir.path().join("rust-url.md"), "an earlier draft").unwrap();
/// let refused = refuse_filled_dir(dir.path(), false).unwrap_err().to_string();
/// assert!(refused.contains("already holds files (rust-url.md)"), "{refused}");
/// assert!(refuse_filled_dir(dir.path(), true).is_ok());
/// ```
pub fn refuse_filled_dir(dir: &Path, force: bool) -> Result<(), FilledDir> {
    let Ok(entries) = std::fs::read_dir(dir) else { return Ok(()) };
    let mut held: Vec<String> =
        entries.filter_map(|e| e.ok()).map(|e| e.file_name().to_string_lossy().into()).collect();
    if held.is_empty() || force {
        return Ok(());
    }
    held.sort();
    let shown = held.iter().take(3).cloned().collect::<Vec<_>>().join(", ");
    let more = if held.len() > 3 { format!(" and {} more", held.len() - 3) } else { String::new() };
    Err(FilledDir(format!(
        "{} already holds files ({shown}{more}): give --force to replace the folder with this \
         run's drafts, or an empty or new folder",
        dir.display()
    )))
}

/// A folder [`refuse_filled_dir`] refuses, and why.
#[derive(Debug, thiserror::Error)]
#[error("{0}")]
pub struct FilledDir(String);

/// Replace the folder `dir` by one holding exactly `files` (`(name, contents)`, names plain
/// file names), as one step: the new folder is written beside it
/// (`.<name>.<pid>.<random>.tmp`) and then exchanged with it (Linux `renameat2`
/// `RENAME_EXCHANGE`; elsewhere two renames), and the old one removed. A reader sees the old
/// folder or the new one, never a mix. A link to a folder is followed; a `dir` that is not a
/// folder is an error.
pub fn replace_dir(dir: &Path, files: &[(String, Vec<u8>)]) -> Result<(), WriteError> {
    let dir = match std::fs::metadata(dir) {
        Ok(meta) if meta.is_dir() => {
            std::fs::canonicalize(dir).doing(|| format!("resolving {}", dir.display()))?
        }
        Ok(_) => return Err(WriteError::NotAFile { path: dir.to_owned(), what: "not a folder" }),
        Err(_) => dir.to_owned(),
    };
    let parent = dir.parent().filter(|p| !p.as_os_str().is_empty()).unwrap_or(Path::new("."));
    std::fs::create_dir_all(parent).doing(|| format!("creating {}", parent.display()))?;
    remove_leftovers(&dir);
    // Created and listed under the list's lock: a signal between the two still removes it.
    let mut staged = staged_list();
    let new = tempfile::Builder::new()
        .prefix(&format!("{}{}.", temporary_prefix(&dir), std::process::id()))
        .suffix(".tmp")
        .tempdir_in(parent)
        .doing(|| format!("creating a temporary folder in {}", parent.display()))?;
    staged.push(new.path().to_owned());
    drop(staged);
    let result = fill_and_swap(new.path(), &dir, files);
    staged_list().retain(|p| p != new.path());
    result // `new` now holds the old folder (or nothing): removed as it drops
}

/// Write `files` into `new`, then put `new` in the place of `dir`, leaving the old `dir`'s
/// files at `new`.
fn fill_and_swap(new: &Path, dir: &Path, files: &[(String, Vec<u8>)]) -> Result<(), WriteError> {
    for (name, contents) in files {
        let path = new.join(name);
        std::fs::write(&path, contents).doing(|| format!("writing {}", path.display()))?;
    }
    let permissions = std::fs::metadata(dir).map(|m| m.permissions());
    #[cfg(unix)]
    let permissions = permissions.or_else(|_| {
        use std::os::unix::fs::PermissionsExt as _;
        Ok::<_, std::io::Error>(std::fs::Permissions::from_mode(0o755))
    });
    if let Ok(permissions) = permissions {
        std::fs::set_permissions(new, permissions)
            .doing(|| format!("setting the permissions of {}", new.display()))?;
    }
    if !dir.exists() {
        return std::fs::rename(new, dir)
            .doing(|| format!("renaming a temporary folder to {}", dir.display()));
    }
    exchange(new, dir).doing(|| format!("exchanging a new folder with {}", dir.display()))
}

#[cfg(target_os = "linux")]
fn exchange(a: &Path, b: &Path) -> std::io::Result<()> {
    use rustix::fs::{renameat_with, RenameFlags, CWD};
    Ok(renameat_with(CWD, a, CWD, b, RenameFlags::EXCHANGE)?)
}

#[cfg(not(target_os = "linux"))]
fn exchange(a: &Path, b: &Path) -> std::io::Result<()> {
    let old = a.with_extension("old");
    std::fs::rename(b, &old)?;
    std::fs::rename(a, b)?;
    std::fs::rename(&old, a)
}

/// The prefix of the temporary files of `target` (`.<name>.`).
fn temporary_prefix(target: &Path) -> String {
    let name = target.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    format!(".{name}.")
}

/// Remove the temporary files beside `target` that a process now gone left
/// (`.<name>.<pid>.<random>.tmp`, the pid not running).
fn remove_leftovers(target: &Path) {
    let dir = target.parent().filter(|p| !p.as_os_str().is_empty()).unwrap_or(Path::new("."));
    let prefix = temporary_prefix(target);
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    for entry in entries.filter_map(Result::ok) {
        let name = entry.file_name().to_string_lossy().into_owned();
        let Some(pid) = name
            .strip_prefix(&prefix)
            .and_then(|rest| rest.strip_suffix(".tmp"))
            .and_then(|rest| rest.split_once('.'))
            .and_then(|(pid, _)| pid.parse::<u32>().ok())
        else {
            continue;
        };
        let plain = entry.file_type().is_ok_and(|t| t.is_file() || t.is_dir());
        if plain && pid != std::process::id() && !running(pid) {
            remove_any(&entry.path());
        }
    }
}

/// Whether a process with this id runs (or might: when that cannot be told, yes).
#[cfg(unix)]
fn running(pid: u32) -> bool {
    let Some(pid) = i32::try_from(pid).ok().and_then(rustix::process::Pid::from_raw) else {
        return true;
    };
    !matches!(rustix::process::test_kill_process(pid), Err(rustix::io::Errno::SRCH))
}

#[cfg(not(unix))]
fn running(_: u32) -> bool {
    true
}

/// A temporary folder of this process beside `target` (`.<name>.<pid>.<random>.tmp`, for
/// work files such as a triage's spilled members): listed like a staged file, so that a
/// SIGTERM removes it, and removed when dropped; a process gone (SIGKILL) leaves one that the
/// next [`temp_dir`] or write beside the same target removes.
pub fn temp_dir(target: &Path) -> Result<TempDir, WriteError> {
    let dir = target.parent().filter(|p| !p.as_os_str().is_empty()).unwrap_or(Path::new("."));
    std::fs::create_dir_all(dir).doing(|| format!("creating {}", dir.display()))?;
    remove_leftovers(target);
    let mut staged = staged_list();
    let temp = tempfile::Builder::new()
        .prefix(&format!("{}{}.", temporary_prefix(target), std::process::id()))
        .suffix(".tmp")
        .tempdir_in(dir)
        .doing(|| format!("creating a temporary folder in {}", dir.display()))?;
    staged.push(temp.path().to_owned());
    Ok(TempDir(Some(temp)))
}

/// A folder of [`temp_dir`]: removed, then taken off the list, when dropped.
#[derive(Debug)]
pub struct TempDir(Option<tempfile::TempDir>);

impl TempDir {
    pub fn path(&self) -> &Path {
        self.0.as_ref().expect("held until dropped").path()
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        if let Some(temp) = self.0.take() {
            let path = temp.path().to_owned();
            let _ = temp.close();
            staged_list().retain(|p| *p != path);
        }
    }
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

/// Write `contents` to a temporary file in `target`'s folder (created if missing), listed in
/// [`STAGED`] until [`write_all`] renames or drops it.
fn stage(
    target: &Path,
    fill: Fill,
    listed: &mut Vec<PathBuf>,
) -> Result<NamedTempFile, WriteError> {
    let dir = target.parent().filter(|p| !p.as_os_str().is_empty()).unwrap_or(Path::new("."));
    std::fs::create_dir_all(dir).doing(|| format!("creating {}", dir.display()))?;
    let prefix = format!("{}{}.", temporary_prefix(target), std::process::id());
    let mut builder = tempfile::Builder::new();
    builder.prefix(&prefix).suffix(".tmp");
    match std::fs::metadata(target) {
        Ok(meta) => {
            builder.permissions(meta.permissions());
        }
        Err(_) => new_file_permissions(&mut builder),
    }
    // Created and listed under the list's lock, before it is written: a signal at any point
    // from its creation on removes it too.
    let mut staged = staged_list();
    let mut temp = builder
        .tempfile_in(dir)
        .doing(|| format!("creating a temporary file in {}", dir.display()))?;
    staged.push(temp.path().to_owned());
    drop(staged);
    listed.push(temp.path().to_owned());
    // Buffered: a renderer that streams (serde_json, quick-xml) writes in small pieces.
    let mut out = std::io::BufWriter::with_capacity(1 << 16, temp.as_file_mut());
    fill(&mut out)
        .and_then(|()| out.flush())
        .doing(|| format!("writing a temporary file for {}", target.display()))?;
    drop(out);
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
