//! The npm packages of every Node folder are pinned in `oracles/node/package.json` and
//! `package-lock.json` and installed with `npm ci` on first use, when `node_modules` is missing
//! (outside a checkout, in the cache, where the package files are written out: see
//! [`node_dir`]).

use std::path::Path;
use std::sync::Mutex;
use std::time::Duration;

use super::process::runtime::{find_on_path, run_probe, write_out};
use super::process::StartError;

/// Serializes `npm ci` between the oracles of this process.
static NPM_INSTALL: Mutex<()> = Mutex::new(());

/// Node's variable naming extra TLS root certificates, loaded at start-up when set.
pub(super) const NODE_EXTRA_CA_CERTS: &str = "NODE_EXTRA_CA_CERTS";

/// The Node folder's package.json and lockfile, embedded.
const FILES: [(&str, &str); 2] = [
    ("package.json", include_str!("../../node/package.json")),
    ("package-lock.json", include_str!("../../node/package-lock.json")),
];

/// Where the Node workers run: the project's `oracles/node/` in a urldiff checkout (where
/// `make node-deps` installs the packages), else the embedded package files written out to the
/// cache (the packages are then installed there on first use).
pub(super) fn node_dir() -> Result<std::path::PathBuf, StartError> {
    let checkout = urldiff_corpus::project::find().map(|p| p.join("oracles").join("node"));
    match checkout.filter(|dir| dir.join("package-lock.json").is_file()) {
        Some(dir) => Ok(dir),
        None => write_out(&FILES),
    }
}

/// Run `npm ci` in `dir` unless `package` is already installed there.
pub fn ensure_packages(dir: &Path, package: &str) -> Result<(), StartError> {
    let installed =
        |dir: &Path| dir.join("node_modules").join(package).join("package.json").is_file();
    let _guard = NPM_INSTALL.lock().unwrap_or_else(|p| p.into_inner());
    if installed(dir) {
        return Ok(());
    }
    let npm = find_on_path("npm")
        .ok_or_else(|| StartError::NoNpm { package: package.to_owned(), dir: dir.to_owned() })?;
    run_probe(&npm, &["ci", "--no-audit", "--no-fund"], Some(dir), Duration::from_secs(300))
        .map_err(|source| StartError::NpmCi { dir: dir.to_owned(), source: Box::new(source) })?;
    if installed(dir) {
        Ok(())
    } else {
        Err(StartError::NpmDidNotInstall { dir: dir.to_owned(), package: package.to_owned() })
    }
}
