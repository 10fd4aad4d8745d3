//! Where urldiff finds the parts a user edits or that runs write, without cargo or the
//! checkout it was built from:
//!
//! - the **project**: the nearest folder, from the working directory up, that has a
//!   `corpus/expected/` folder (a urldiff checkout, or any folder laid out like one). Its
//!   `corpus/expected/` is the ledger, its `out/` receives caches;
//! - the **cache** ([`cache_dir`]): `$URLDIFF_CACHE`, else the project's `out/cache`, else
//!   `$XDG_CACHE_HOME/urldiff`, else `~/.cache/urldiff`, else `urldiff-cache` in the temporary
//!   folder. It holds the synced WPT data, the worker scripts written out of the binary, the
//!   compiled Java worker, the Node packages installed outside a checkout and the Python
//!   interpreters found behind version-manager shims.

use sha2::{Digest, Sha256};
use std::path::{Path, PathBuf};

/// The ledger folder, relative to the project; its presence marks a project.
pub const LEDGER_DIR: &str = "corpus/expected";

/// The project of the working directory, if any.
pub fn find() -> Option<PathBuf> {
    find_from(&std::env::current_dir().ok()?)
}

/// The nearest folder at or above `start` that has a `corpus/expected/` folder.
pub fn find_from(start: &Path) -> Option<PathBuf> {
    start.ancestors().find(|dir| dir.join(LEDGER_DIR).is_dir()).map(Path::to_path_buf)
}

/// The cache folder (see the module overview).
pub fn cache_dir() -> PathBuf {
    if let Some(dir) = std::env::var_os("URLDIFF_CACHE") {
        return PathBuf::from(dir);
    }
    if let Some(project) = find() {
        return project.join("out").join("cache");
    }
    let home_cache = std::env::var_os("HOME").map(|home| PathBuf::from(home).join(".cache"));
    std::env::var_os("XDG_CACHE_HOME")
        .map(PathBuf::from)
        .filter(|p| p.is_absolute())
        .or(home_cache)
        .map_or_else(|| std::env::temp_dir().join("urldiff-cache"), |dir| dir.join("urldiff"))
}

/// The first 8 bytes of the SHA-256 of `parts` (each length-prefixed), in hex: names cache
/// folders by their content.
pub fn content_hash<'a>(parts: impl IntoIterator<Item = &'a [u8]>) -> String {
    let mut hasher = Sha256::new();
    for part in parts {
        hasher.update((part.len() as u64).to_le_bytes());
        hasher.update(part);
    }
    crate::hex(&hasher.finalize()[..8])
}

/// Write `files` (name, contents) into `<cache>/<kind>/<hash of the files>/` unless that folder
/// is already complete, and return it: how embedded files (worker scripts, the fallback ledger)
/// become files for programs that want paths. Written into a temporary folder and renamed, so
/// concurrent runs never see half a file.
pub fn write_out(kind: &str, files: &[(&str, &str)]) -> std::io::Result<PathBuf> {
    let parts = files.iter().flat_map(|(name, text)| [name.as_bytes(), text.as_bytes()]);
    let root = cache_dir().join(kind);
    let target = root.join(content_hash(parts));
    let complete = |dir: &Path| files.iter().all(|(name, _)| dir.join(name).is_file());
    if complete(&target) {
        return Ok(target);
    }
    std::fs::create_dir_all(&root)?;
    let staging = tempfile::Builder::new().prefix(".staging-").tempdir_in(&root)?;
    for (name, text) in files {
        std::fs::write(staging.path().join(name), text)?;
    }
    match std::fs::rename(staging.path(), &target) {
        Ok(()) => {
            let _ = staging.keep();
            Ok(target)
        }
        // Another run may have won the race; its files are the same.
        Err(_) if complete(&target) => Ok(target),
        Err(e) => Err(e),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_project_is_the_nearest_folder_with_a_ledger() {
        let root = tempfile::tempdir().unwrap();
        let project = root.path().join("p");
        let deep = project.join("a/b");
        std::fs::create_dir_all(project.join(LEDGER_DIR)).unwrap();
        std::fs::create_dir_all(&deep).unwrap();
        assert_eq!(find_from(&deep), Some(project.clone()));
        assert_eq!(find_from(&project), Some(project));
        assert_eq!(find_from(root.path()), None);
    }
}
