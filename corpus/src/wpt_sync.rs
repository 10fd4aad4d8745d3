//! Downloading the WPT `url/resources` files at a pinned revision, verified by checksum.
//!
//! The flow: download every file of `urldiff_corpus::wpt::FILES` into memory; check each is
//! JSON (lone surrogates allowed); hash each with SHA-256 and compare with the checksums
//! recorded for the revision in `corpus/wpt-checksums/<rev>.sha256` (`sha256sum` format). If
//! none are recorded, refuse unless `trust` is set, in which case the checksums of what was
//! downloaded are recorded. Only then is the cache written: into a temporary folder beside it,
//! with a `REVISION` file, renamed into place, so a failed sync never leaves a half-written
//! cache and never changes the existing one.
//!
//! The pinned revision is the WPT commit whose `url/` folder Node.js vendors in
//! `test/fixtures/wpt/versions.json`. No checksums are recorded for it in this repository yet
//! (nobody with network access has run `urldiff corpus sync --trust`), so the first sync must
//! be trusted explicitly.

use sha2::{Digest, Sha256};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// Why a sync did nothing (every error leaves the cache and the checksums as they were).
#[derive(Debug, thiserror::Error)]
pub enum SyncError {
    #[error("{0:?} is not a revision name: {1}")]
    NotARevision(String, &'static str),
    #[error(
        "no folder of recorded checksums: urldiff is running outside a urldiff checkout (no \
         corpus/expected/ in this folder or above). Run it in a checkout, or pass --checksums DIR."
    )]
    NoChecksumsFolder,
    #[error(
        "no checksums are recorded for WPT revision {revision} (looked for {}); nothing was \
         changed.\n  If you trust the source ({from}), re-run with --trust to download and \
         record them.", file.display()
    )]
    NotRecorded { revision: String, file: PathBuf, from: String },
    #[error(
        "cannot download {url}; nothing was changed (is the network reachable? --from points \
         at another server): {why}"
    )]
    Download { url: String, why: String },
    #[error("{url} is not UTF-8; nothing was changed")]
    NotUtf8 { url: String },
    #[error("{url} is not JSON; nothing was changed: {why}")]
    NotJson { url: String, why: String },
    #[error("{}: bad line {line:?}", file.display())]
    BadChecksumLine { file: PathBuf, line: String },
    #[error("{} records no checksum for {name}; nothing was changed", file.display())]
    NoChecksumFor { file: PathBuf, name: String },
    #[error(
        "checksum mismatch for {name}: expected sha256 {want}, downloaded {got} (recorded in \
         {}); the cache was not changed", file.display()
    )]
    Mismatch { name: String, want: String, got: String, file: PathBuf },
    /// A file-system step failed: `doing` says which, on which path; the I/O error is the
    /// source.
    #[error("{doing}")]
    Io { doing: String, source: std::io::Error },
}

/// The result with `doing` said of its I/O error.
trait Doing<T> {
    fn doing(self, doing: impl FnOnce() -> String) -> Result<T, SyncError>;
}

impl<T> Doing<T> for std::io::Result<T> {
    fn doing(self, doing: impl FnOnce() -> String) -> Result<T, SyncError> {
        self.map_err(|source| SyncError::Io { doing: doing(), source })
    }
}

/// The WPT revision `urldiff corpus sync` fetches by default.
pub const PINNED_REVISION: &str = "fee00f968c53b485d69e90089747758a73aee98d";

/// Check that `revision` names a revision, never a path: a hex commit or a tag-like name of
/// `A-Z a-z 0-9 . _ -`, without `..`, not starting with `.` or `-`, at most 100 characters.
/// (It becomes a file name under the checksums folder and part of the download URL.)
pub fn revision_name(revision: &str) -> Result<String, SyncError> {
    let allowed = |c: char| c.is_ascii_alphanumeric() || matches!(c, '.' | '_' | '-');
    let why = if revision.is_empty() {
        "it is empty"
    } else if revision.len() > 100 {
        "it is longer than 100 characters"
    } else if !revision.chars().all(allowed) {
        "a revision is a commit or tag name of A-Z a-z 0-9 . _ - (no `/`, no spaces)"
    } else if revision.contains("..") {
        "it contains `..`"
    } else if revision.starts_with(['.', '-']) {
        "it starts with `.` or `-`"
    } else {
        return Ok(revision.to_owned());
    };
    Err(SyncError::NotARevision(revision.to_owned(), why))
}

/// Where the files of `revision` are served upstream.
pub fn upstream_url(revision: &str) -> String {
    format!("https://raw.githubusercontent.com/web-platform-tests/wpt/{revision}/url/resources/")
}

/// The folder of recorded checksum files (`<rev>.sha256`): the project's
/// `corpus/wpt-checksums/` (found from the working directory up, [`crate::project`]).
pub fn default_checksums_dir() -> Result<PathBuf, SyncError> {
    match crate::project::find() {
        Some(project) => Ok(project.join("corpus").join("wpt-checksums")),
        None => Err(SyncError::NoChecksumsFolder),
    }
}

/// What to sync and where.
#[derive(Debug, Clone)]
pub struct SyncRequest {
    pub revision: String,
    /// A base URL serving each file by name.
    pub from: String,
    pub checksums_dir: PathBuf,
    pub cache_dir: PathBuf,
    pub trust: bool,
}

/// What a successful sync did.
#[derive(Debug)]
pub struct SyncReport {
    pub files: usize,
    /// True when checksums were recorded (`trust`), false when verified.
    pub recorded: bool,
    pub checksum_file: PathBuf,
}

/// Download, verify (or record) and swap the cache in (see the module documentation).
pub fn sync(request: &SyncRequest) -> Result<SyncReport, SyncError> {
    revision_name(&request.revision)?;
    let checksum_file = request.checksums_dir.join(format!("{}.sha256", request.revision));
    let recorded = read_checksums(&checksum_file)?;
    if recorded.is_none() && !request.trust {
        return Err(SyncError::NotRecorded {
            revision: request.revision.clone(),
            file: checksum_file,
            from: request.from.clone(),
        });
    }
    let downloaded = download_all(&request.from)?;
    let actual: BTreeMap<String, String> =
        downloaded.iter().map(|(name, bytes)| (name.clone(), sha256_hex(bytes))).collect();
    if let Some(expected) = &recorded {
        verify(expected, &actual, &checksum_file)?;
    }
    write_cache(&request.cache_dir, &request.revision, &downloaded)?;
    if recorded.is_none() {
        write_checksums(&checksum_file, &actual)?;
    }
    Ok(SyncReport { files: downloaded.len(), recorded: recorded.is_none(), checksum_file })
}

fn download_all(from: &str) -> Result<Vec<(String, Vec<u8>)>, SyncError> {
    let client = reqwest::blocking::Client::builder()
        .connect_timeout(Duration::from_secs(10))
        .timeout(Duration::from_secs(60))
        .build()
        .map_err(|e| SyncError::Download { url: from.to_owned(), why: e.to_string() })?;
    let base = if from.ends_with('/') { from.to_owned() } else { format!("{from}/") };
    let mut files = Vec::new();
    for name in crate::wpt::FILES {
        let url = format!("{base}{name}");
        let bytes =
            fetch(&client, &url).map_err(|why| SyncError::Download { url: url.clone(), why })?;
        let Ok(text) = std::str::from_utf8(&bytes) else {
            return Err(SyncError::NotUtf8 { url });
        };
        crate::usv_json::parse(text)
            .map_err(|e| SyncError::NotJson { url: url.clone(), why: e.to_string() })?;
        files.push(((*name).to_owned(), bytes));
    }
    Ok(files)
}

/// The body of `url`, or why not (the client's error, with its causes, or the status).
fn fetch(client: &reqwest::blocking::Client, url: &str) -> Result<Vec<u8>, String> {
    let with_causes = |e: reqwest::Error| {
        let mut text = e.to_string();
        let mut source = std::error::Error::source(&e);
        while let Some(cause) = source {
            text.push_str(&format!(": {cause}"));
            source = cause.source();
        }
        text
    };
    let response = client.get(url).send().map_err(with_causes)?;
    let status = response.status();
    if !status.is_success() {
        return Err(format!("the server answered {status}"));
    }
    Ok(response.bytes().map_err(with_causes)?.to_vec())
}

pub fn sha256_hex(bytes: &[u8]) -> String {
    crate::hex(&Sha256::digest(bytes))
}

/// Read a `sha256sum`-style file (`<hex>  <name>` per line); `None` when it does not exist.
fn read_checksums(path: &Path) -> Result<Option<BTreeMap<String, String>>, SyncError> {
    let text = match std::fs::read_to_string(path) {
        Ok(text) => text,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(e).doing(|| format!("cannot read {}", path.display())),
    };
    let mut sums = BTreeMap::new();
    for line in text.lines().filter(|l| !l.trim().is_empty() && !l.starts_with('#')) {
        let (hex, name) = line.split_once(char::is_whitespace).ok_or_else(|| {
            SyncError::BadChecksumLine { file: path.to_owned(), line: line.to_owned() }
        })?;
        sums.insert(name.trim().trim_start_matches('*').to_owned(), hex.to_lowercase());
    }
    Ok(Some(sums))
}

fn verify(
    expected: &BTreeMap<String, String>,
    actual: &BTreeMap<String, String>,
    checksum_file: &Path,
) -> Result<(), SyncError> {
    let file = || checksum_file.to_owned();
    for (name, got) in actual {
        match expected.get(name) {
            None => return Err(SyncError::NoChecksumFor { file: file(), name: name.clone() }),
            Some(want) if want != got => {
                return Err(SyncError::Mismatch {
                    name: name.clone(),
                    want: want.clone(),
                    got: got.clone(),
                    file: file(),
                })
            }
            Some(_) => {}
        }
    }
    Ok(())
}

/// Write the files and `REVISION` into a temporary folder, then swap it into place.
fn write_cache(cache: &Path, revision: &str, files: &[(String, Vec<u8>)]) -> Result<(), SyncError> {
    let parent = cache.parent().unwrap_or(Path::new("."));
    std::fs::create_dir_all(parent).doing(|| format!("cannot create {}", parent.display()))?;
    let staging = tempfile::Builder::new()
        .prefix(".wpt-sync-")
        .tempdir_in(parent)
        .doing(|| format!("cannot create a temporary folder in {}", parent.display()))?;
    for (name, bytes) in files {
        std::fs::write(staging.path().join(name), bytes)
            .doing(|| format!("cannot write {name} into {}", staging.path().display()))?;
    }
    std::fs::write(staging.path().join("REVISION"), format!("{revision}\n"))
        .doing(|| format!("cannot write REVISION into {}", staging.path().display()))?;
    let old = parent.join(format!(".wpt-old-{}", std::process::id()));
    if cache.exists() {
        std::fs::rename(cache, &old)
            .doing(|| format!("cannot move the old cache {} aside", cache.display()))?;
    }
    let staged = staging.keep();
    if let Err(e) = std::fs::rename(&staged, cache) {
        // Put the old cache back so a failure leaves things as they were.
        let _ = std::fs::rename(&old, cache);
        let _ = std::fs::remove_dir_all(&staged);
        return Err(e).doing(|| format!("cannot move the new cache into {}", cache.display()));
    }
    let _ = std::fs::remove_dir_all(&old);
    Ok(())
}

/// Record checksums atomically (temporary file, then rename).
fn write_checksums(path: &Path, sums: &BTreeMap<String, String>) -> Result<(), SyncError> {
    let dir = path.parent().unwrap_or(Path::new("."));
    std::fs::create_dir_all(dir).doing(|| format!("cannot create {}", dir.display()))?;
    let text: String = sums.iter().map(|(name, hex)| format!("{hex}  {name}\n")).collect();
    let temp = path.with_extension("sha256.tmp");
    std::fs::write(&temp, text).doing(|| format!("cannot write {}", temp.display()))?;
    std::fs::rename(&temp, path).doing(|| format!("cannot write {}", path.display()))?;
    Ok(())
}
