//! Locating the WPT URL test data.

use std::path::{Path, PathBuf};
use std::process::Command;

/// The `ada-url` package version whose `tests/wpt/` copy we pin.
pub const ADA_URL_VERSION: &str = "4.0.0";

/// The WPT files urldiff uses, by file name.
pub const FILES: &[&str] = &[
    "urltestdata.json",
    "urltestdata-javascript-only.json",
    "setters_tests.json",
    "toascii.json",
    "percent-encoding.json",
    "IdnaTestV2.json",
];

/// Where the WPT data was found, and how to name its revision in reports.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WptData {
    pub dir: PathBuf,
    /// e.g. `ada-url 4.0.0 (cargo registry)` or `wpt@<rev> (synced)`.
    pub revision: String,
}

impl WptData {
    pub fn file(&self, name: &str) -> PathBuf {
        self.dir.join(name)
    }
}

#[derive(Debug, thiserror::Error)]
pub enum LocateError {
    #[error(
        "cannot find the WPT URL data: {why}\n  tried: {tried}\n  fix: run `cargo fetch` in the repository \
         (it downloads the ada-url {ADA_URL_VERSION} package, which ships tests/wpt/), or `urldiff corpus sync` \
         with network access"
    )]
    NotFound { why: String, tried: String },
}

/// The cache folder `urldiff corpus sync` writes to (`$URLDIFF_CACHE` or `out/cache`).
pub fn sync_cache_dir() -> PathBuf {
    match std::env::var_os("URLDIFF_CACHE") {
        Some(dir) => PathBuf::from(dir).join("wpt"),
        None => crate::repo_root().join("out").join("cache").join("wpt"),
    }
}

/// Find the WPT data: a synced copy if present (with a `REVISION` file), else the copy in the
/// `ada-url` package of the cargo registry. `URLDIFF_WPT_DIR` overrides both.
pub fn locate() -> Result<WptData, LocateError> {
    if let Some(dir) = std::env::var_os("URLDIFF_WPT_DIR") {
        let dir = PathBuf::from(dir);
        return Ok(WptData { revision: format!("{} (URLDIFF_WPT_DIR)", dir.display()), dir });
    }
    let synced = sync_cache_dir();
    if let Ok(rev) = std::fs::read_to_string(synced.join("REVISION")) {
        if FILES.iter().all(|f| synced.join(f).is_file()) {
            return Ok(WptData { dir: synced, revision: format!("wpt@{} (synced)", rev.trim()) });
        }
    }
    locate_packaged()
}

/// The copy shipped in the `ada-url` package, found via `cargo metadata`.
pub fn locate_packaged() -> Result<WptData, LocateError> {
    let manifest = package_manifest("ada-url", ADA_URL_VERSION)?;
    let dir = manifest.parent().unwrap_or(Path::new(".")).join("tests").join("wpt");
    if !dir.join("urltestdata.json").is_file() {
        return Err(LocateError::NotFound {
            why: "the ada-url package has no tests/wpt/urltestdata.json".into(),
            tried: dir.display().to_string(),
        });
    }
    Ok(WptData { dir, revision: format!("ada-url {ADA_URL_VERSION} package (cargo registry)") })
}

/// The manifest path of `name`@`version` in this workspace's dependency graph.
pub fn package_manifest(name: &str, version: &str) -> Result<PathBuf, LocateError> {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let root = crate::repo_root();
    let tried = format!("`{cargo} metadata --format-version 1` in {}", root.display());
    let output = Command::new(&cargo)
        .args(["metadata", "--format-version", "1", "--offline"])
        .current_dir(&root)
        .output()
        .map_err(|e| LocateError::NotFound {
            why: format!("cannot run cargo: {e}"),
            tried: tried.clone(),
        })?;
    if !output.status.success() {
        return Err(LocateError::NotFound {
            why: format!(
                "cargo metadata failed: {}",
                String::from_utf8_lossy(&output.stderr).trim()
            ),
            tried,
        });
    }
    let meta: serde_json::Value = serde_json::from_slice(&output.stdout).map_err(|e| {
        LocateError::NotFound { why: format!("bad cargo metadata: {e}"), tried: tried.clone() }
    })?;
    let packages = meta["packages"].as_array().cloned().unwrap_or_default();
    packages
        .iter()
        .find(|p| p["name"] == name && p["version"] == version)
        .and_then(|p| p["manifest_path"].as_str())
        .map(PathBuf::from)
        .ok_or_else(|| LocateError::NotFound {
            why: format!("package {name} {version} is not in the dependency graph"),
            tried,
        })
}
