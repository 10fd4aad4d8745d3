//! The Node oracles `node-url` (Node's built-in WHATWG `URL`), `whatwg-url` (the npm package,
//! with the input's validation errors and valid-URL-string verdicts) and `url-parse` (the npm
//! package, its fields mapped onto the WHATWG record): folder oracles
//! (`oracles/parsers/<oracle>/adapter.js` on the Node host `oracles/runtimes/node/host.js`,
//! launched by [`super::folder`]), kept at their place among the built-in oracles.
//!
//! The npm packages of every Node folder are pinned in `oracles/node/package.json` and
//! `package-lock.json` and installed with `npm ci` on first use, when `node_modules` is missing
//! (outside a checkout, in the cache, where the package files are written out: see
//! [`node_dir`]). The version is the adapter's own report: `node v20.… (ada 2.9.2)` (naming
//! the ada Node bundles), or `whatwg-url 17.3.0 on node v20.…`.

use std::path::Path;
use std::sync::Mutex;
use std::time::Duration;

use super::launch::LaunchError;
use super::pool::WorkerOracle;
use super::runtime::{find_on_path, run_probe, write_out};

/// Serializes `npm ci` between the oracles of this process.
static NPM_INSTALL: Mutex<()> = Mutex::new(());

/// The Node folders listed among the built-in oracles, in their places (after python-urllib),
/// rather than with the other folders.
pub const BUILT_IN: [&str; 3] = ["node-url", "whatwg-url", "url-parse"];

/// Node's built-in `URL`.
pub fn node_url() -> WorkerOracle {
    built_in("node-url")
}

/// The `whatwg-url` npm package (with validation errors and valid-URL-string verdicts).
pub fn whatwg_url() -> WorkerOracle {
    built_in("whatwg-url")
}

/// The `url-parse` npm package.
pub fn url_parse() -> WorkerOracle {
    built_in("url-parse")
}

/// The folder oracle of a registered Node folder.
fn built_in(name: &str) -> WorkerOracle {
    let folder = crate::parsers::adapter_folders()
        .into_iter()
        .find(|f| f.descriptor.name == name)
        .unwrap_or_else(|| panic!("oracles/parsers/{name} is registered with its adapter"));
    super::folder::folder_oracle(folder)
}

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
pub(super) fn node_dir() -> Result<std::path::PathBuf, LaunchError> {
    let checkout = urldiff_corpus::project::find().map(|p| p.join("oracles").join("node"));
    match checkout.filter(|dir| dir.join("package-lock.json").is_file()) {
        Some(dir) => Ok(dir),
        None => write_out(&FILES),
    }
}

/// Run `npm ci` in `dir` unless `package` is already installed there.
pub fn ensure_packages(dir: &Path, package: &str) -> Result<(), LaunchError> {
    let installed =
        |dir: &Path| dir.join("node_modules").join(package).join("package.json").is_file();
    let _guard = NPM_INSTALL.lock().unwrap_or_else(|p| p.into_inner());
    if installed(dir) {
        return Ok(());
    }
    let npm = find_on_path("npm")
        .ok_or_else(|| LaunchError::NoNpm { package: package.to_owned(), dir: dir.to_owned() })?;
    run_probe(&npm, &["ci", "--no-audit", "--no-fund"], Some(dir), Duration::from_secs(300))
        .map_err(|source| LaunchError::NpmCi { dir: dir.to_owned(), source })?;
    if installed(dir) {
        Ok(())
    } else {
        Err(LaunchError::NpmDidNotInstall { dir: dir.to_owned(), package: package.to_owned() })
    }
}
