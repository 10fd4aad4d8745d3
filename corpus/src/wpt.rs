//! Locating the WPT URL test data, without cargo: `URLDIFF_WPT_DIR` when set, else a copy
//! synced by `urldiff corpus sync` into the cache, else the copy embedded at build time from
//! the pinned ada-url package (`build.rs`).

use std::borrow::Cow;
use std::path::PathBuf;

use crate::data::{DataError, DataSource};

include!("wpt_pin.rs");

/// Where the WPT data was found, and how to name its revision in reports.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WptData {
    pub source: DataSource,
    /// e.g. `ada-url 4.0.0 package (embedded at build time)` or `wpt@<rev> (synced)`.
    pub revision: String,
}

impl WptData {
    /// The WPT files in folder `dir`, with `revision` naming them.
    pub fn in_dir(dir: impl Into<PathBuf>, revision: impl Into<String>) -> WptData {
        WptData { source: DataSource::Dir(dir.into()), revision: revision.into() }
    }

    /// The text of WPT file `name` (one of [`FILES`]).
    pub fn read(&self, name: &str) -> Result<Cow<'static, str>, DataError> {
        self.source.read(name)
    }

    /// How to name file `name` in messages.
    pub fn shown(&self, name: &str) -> String {
        self.source.shown(name)
    }
}

#[derive(Debug, thiserror::Error)]
pub enum LocateError {
    #[error(
        "cannot find the WPT URL data: {why}\n  fix: build urldiff after `cargo fetch` (it \
         downloads the ada-url {ADA_URL_VERSION} package, which ships tests/wpt/), run \
         `urldiff corpus sync` with network access, or set URLDIFF_WPT_DIR"
    )]
    NotFound { why: String },
}

/// The cache folder `urldiff corpus sync` writes to and [`locate`] prefers.
pub fn sync_cache_dir() -> PathBuf {
    crate::project::cache_dir().join("wpt")
}

/// Find the WPT data: `URLDIFF_WPT_DIR`, else a synced copy (a cache folder with a `REVISION`
/// file and every file), else the embedded copy.
pub fn locate() -> Result<WptData, LocateError> {
    if let Some(dir) = std::env::var_os("URLDIFF_WPT_DIR") {
        let dir = PathBuf::from(dir);
        let revision = format!("{} (URLDIFF_WPT_DIR)", dir.display());
        return Ok(WptData::in_dir(dir, revision));
    }
    let synced = sync_cache_dir();
    if let Ok(rev) = std::fs::read_to_string(synced.join("REVISION")) {
        if FILES.iter().all(|f| synced.join(f).is_file()) {
            return Ok(WptData::in_dir(synced, format!("wpt@{} (synced)", rev.trim())));
        }
    }
    embedded()
}

/// The copy embedded at build time from the ada-url package.
pub fn embedded() -> Result<WptData, LocateError> {
    let files = crate::embedded::WPT.map_err(|why| LocateError::NotFound {
        why: format!("this urldiff was built without it ({why})"),
    })?;
    Ok(WptData {
        source: DataSource::Embedded { label: "ada-url/tests/wpt", files },
        revision: format!("ada-url {ADA_URL_VERSION} package (embedded at build time)"),
    })
}
