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

use anyhow::{bail, Context};
use sha2::{Digest, Sha256};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// The WPT revision `urldiff corpus sync` fetches by default.
pub const PINNED_REVISION: &str = "fee00f968c53b485d69e90089747758a73aee98d";

/// Check that `revision` names a revision, never a path: a hex commit or a tag-like name of
/// `A-Z a-z 0-9 . _ -`, without `..`, not starting with `.` or `-`, at most 100 characters.
/// (It becomes a file name under the checksums folder and part of the download URL.)
pub fn revision_name(revision: &str) -> Result<String, String> {
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
    Err(format!("{revision:?} is not a revision name: {why}"))
}

/// Where the files of `revision` are served upstream.
pub fn upstream_url(revision: &str) -> String {
    format!("https://raw.githubusercontent.com/web-platform-tests/wpt/{revision}/url/resources/")
}

/// The folder of recorded checksum files (`<rev>.sha256`): the project's
/// `corpus/wpt-checksums/` (found from the working directory up, `urldiff_corpus::project`).
pub fn default_checksums_dir() -> anyhow::Result<PathBuf> {
    match urldiff_corpus::project::find() {
        Some(project) => Ok(project.join("corpus").join("wpt-checksums")),
        None => bail!(
            "no folder of recorded checksums: urldiff is running outside a urldiff checkout \
             (no corpus/expected/ in this folder or above). Run it in a checkout, or pass \
             --checksums DIR."
        ),
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

pub fn sync(request: &SyncRequest) -> anyhow::Result<SyncReport> {
    revision_name(&request.revision).map_err(anyhow::Error::msg)?;
    let checksum_file = request.checksums_dir.join(format!("{}.sha256", request.revision));
    let recorded = read_checksums(&checksum_file)?;
    if recorded.is_none() && !request.trust {
        bail!(
            "no checksums are recorded for WPT revision {rev} (looked for {file}); nothing was \
             changed.\n  If you trust the source ({from}), re-run with --trust to download and \
             record them.",
            rev = request.revision,
            file = checksum_file.display(),
            from = request.from,
        );
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

fn download_all(from: &str) -> anyhow::Result<Vec<(String, Vec<u8>)>> {
    let client = reqwest::blocking::Client::builder()
        .connect_timeout(Duration::from_secs(10))
        .timeout(Duration::from_secs(60))
        .build()
        .context("cannot build the HTTP client")?;
    let base = if from.ends_with('/') { from.to_owned() } else { format!("{from}/") };
    let mut files = Vec::new();
    for name in urldiff_corpus::wpt::FILES {
        let url = format!("{base}{name}");
        let bytes = fetch(&client, &url).with_context(|| {
            format!(
                "cannot download {url}; nothing was changed (is the network reachable? \
                 --from points at another server)"
            )
        })?;
        let text = std::str::from_utf8(&bytes)
            .with_context(|| format!("{url} is not UTF-8; nothing was changed"))?;
        urldiff_corpus::usv_json::parse(text)
            .with_context(|| format!("{url} is not JSON; nothing was changed"))?;
        files.push(((*name).to_owned(), bytes));
    }
    Ok(files)
}

fn fetch(client: &reqwest::blocking::Client, url: &str) -> anyhow::Result<Vec<u8>> {
    let response = client.get(url).send()?;
    let status = response.status();
    if !status.is_success() {
        bail!("the server answered {status}");
    }
    Ok(response.bytes()?.to_vec())
}

pub fn sha256_hex(bytes: &[u8]) -> String {
    urldiff_corpus::hex(&Sha256::digest(bytes))
}

/// Read a `sha256sum`-style file (`<hex>  <name>` per line); `None` when it does not exist.
fn read_checksums(path: &Path) -> anyhow::Result<Option<BTreeMap<String, String>>> {
    let text = match std::fs::read_to_string(path) {
        Ok(text) => text,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(e).with_context(|| format!("cannot read {}", path.display())),
    };
    let mut sums = BTreeMap::new();
    for line in text.lines().filter(|l| !l.trim().is_empty() && !l.starts_with('#')) {
        let (hex, name) = line
            .split_once(char::is_whitespace)
            .with_context(|| format!("{}: bad line {line:?}", path.display()))?;
        sums.insert(name.trim().trim_start_matches('*').to_owned(), hex.to_lowercase());
    }
    Ok(Some(sums))
}

fn verify(
    expected: &BTreeMap<String, String>,
    actual: &BTreeMap<String, String>,
    checksum_file: &Path,
) -> anyhow::Result<()> {
    for (name, got) in actual {
        match expected.get(name) {
            None => bail!(
                "{} records no checksum for {name}; nothing was changed",
                checksum_file.display()
            ),
            Some(want) if want != got => bail!(
                "checksum mismatch for {name}: expected sha256 {want}, downloaded {got} \
                 (recorded in {}); the cache was not changed",
                checksum_file.display()
            ),
            Some(_) => {}
        }
    }
    Ok(())
}

/// Write the files and `REVISION` into a temporary folder, then swap it into place.
fn write_cache(cache: &Path, revision: &str, files: &[(String, Vec<u8>)]) -> anyhow::Result<()> {
    let parent = cache.parent().context("the cache folder has no parent")?;
    std::fs::create_dir_all(parent)
        .with_context(|| format!("cannot create {}", parent.display()))?;
    let staging = tempfile::Builder::new()
        .prefix(".wpt-sync-")
        .tempdir_in(parent)
        .with_context(|| format!("cannot create a temporary folder in {}", parent.display()))?;
    for (name, bytes) in files {
        std::fs::write(staging.path().join(name), bytes)
            .with_context(|| format!("cannot write {name} into {}", staging.path().display()))?;
    }
    std::fs::write(staging.path().join("REVISION"), format!("{revision}\n"))?;
    let old = parent.join(format!(".wpt-old-{}", std::process::id()));
    if cache.exists() {
        std::fs::rename(cache, &old)
            .with_context(|| format!("cannot move the old cache {} aside", cache.display()))?;
    }
    let staged = staging.keep();
    if let Err(e) = std::fs::rename(&staged, cache) {
        // Put the old cache back so a failure leaves things as they were.
        let _ = std::fs::rename(&old, cache);
        let _ = std::fs::remove_dir_all(&staged);
        return Err(e)
            .with_context(|| format!("cannot move the new cache into {}", cache.display()));
    }
    let _ = std::fs::remove_dir_all(&old);
    Ok(())
}

/// Record checksums atomically (temporary file, then rename).
fn write_checksums(path: &Path, sums: &BTreeMap<String, String>) -> anyhow::Result<()> {
    let dir = path.parent().context("the checksum file has no folder")?;
    std::fs::create_dir_all(dir).with_context(|| format!("cannot create {}", dir.display()))?;
    let text: String = sums.iter().map(|(name, hex)| format!("{hex}  {name}\n")).collect();
    let temp = path.with_extension("sha256.tmp");
    std::fs::write(&temp, text).with_context(|| format!("cannot write {}", temp.display()))?;
    std::fs::rename(&temp, path).with_context(|| format!("cannot write {}", path.display()))?;
    Ok(())
}
