//! The Node oracles, all served by `oracles/node/worker.js` in one of three modes:
//! - `node-url`: Node's built-in WHATWG `URL` (parse, setters);
//! - `whatwg-url`: the whatwg-url package, which also reports the input's validation errors
//!   (through its `parseURLWithValidationErrors`), with the spec's names, every occurrence in
//!   order (it declares `validation-errors`), and answers validity cases (those errors and
//!   its `isValidURLString`);
//! - `url-parse`: the url-parse package, whose fields are mapped onto the WHATWG record
//!   (its unparsed `query`, with its `?`, is reported as `search`).
//!
//! The npm packages are pinned in `oracles/node/package.json` and `package-lock.json` and
//! installed with `npm ci` on first use, when `node_modules` is missing (outside a checkout,
//! in the cache, where the embedded worker is written out: see [`node_dir`]). The version is the
//! worker's own report: `node v20.… (ada 2.9.2)` (naming the ada Node bundles), or
//! `whatwg-url 17.3.0 on node v20.…`.

use std::path::Path;
use std::sync::Mutex;
use std::time::Duration;

use super::launch::LaunchError;
use super::pool::{Declared, WorkerOracle};
use super::runtime::{find_on_path, run_probe, write_out};
use super::worker::WorkerCommand;
use crate::model::{CaseKindTag, OracleKind, RecordModel, VALIDATION_ERRORS, WHATWG_FIELDS};

/// Serializes `npm ci` between the oracles of this process.
static NPM_INSTALL: Mutex<()> = Mutex::new(());

/// Node's built-in `URL`.
pub fn node_url() -> WorkerOracle {
    node_oracle("node-url", None, &[CaseKindTag::Parse, CaseKindTag::Setter], false)
}

/// The `whatwg-url` npm package (with validation errors and valid-URL-string verdicts).
pub fn whatwg_url() -> WorkerOracle {
    let kinds = [CaseKindTag::Parse, CaseKindTag::Setter, CaseKindTag::Validity];
    node_oracle("whatwg-url", Some("whatwg-url"), &kinds, true)
}

/// The `url-parse` npm package.
pub fn url_parse() -> WorkerOracle {
    node_oracle("url-parse", Some("url-parse"), &[CaseKindTag::Parse], false)
}

fn node_oracle(
    mode: &'static str,
    package: Option<&'static str>,
    kinds: &[CaseKindTag],
    validation_errors: bool,
) -> WorkerOracle {
    // Every Node mode fills every WHATWG field (the list `launch` passes to worker.js);
    // whatwg-url's errors are the spec's validation errors (its handshake says so too).
    let mut fields = RecordModel::Whatwg.field_names();
    if validation_errors {
        fields.push(VALIDATION_ERRORS.to_owned());
    }
    let declared = Declared {
        name: mode.into(),
        kind: OracleKind::Subprocess,
        model: RecordModel::Whatwg,
        fields,
        case_kinds: kinds.to_vec(),
        claim: crate::standard::builtin_claim(mode),
    };
    WorkerOracle::new(declared, Box::new(move || launch(mode, package)))
}

fn launch(mode: &str, package: Option<&str>) -> Result<WorkerCommand, LaunchError> {
    let node = find_on_path("node").ok_or(LaunchError::NotOnPath {
        program: "node",
        install: "install Node.js 20 or later",
    })?;
    let dir = node_dir()?;
    if let Some(package) = package {
        ensure_packages(&dir, package)?;
    }
    // whatwg-url answers from its JavaScript parser, whose optimized compilation by V8 costs
    // more CPU than it saves over one run's batch (measured: 0.58 → 0.46 CPU-s), so it runs
    // unoptimized; the other modes are mostly start-up.
    let args: &[&str] =
        if mode == "whatwg-url" { &["--no-opt", "worker.js", mode] } else { &["worker.js", mode] };
    let mut command = WorkerCommand::new(node, args).with_unicode_probes();
    command.env.push((WHATWG_FIELDS_VAR.to_owned(), WHATWG_FIELDS.join(",")));
    command.cwd = Some(dir);
    // NODE_EXTRA_CA_CERTS makes Node read and decode every certificate of the file at start-up
    // (measured: 0.02 s → 0.05 s of CPU for `node -e 1`); a worker opens no connection.
    command.unset.push(NODE_EXTRA_CA_CERTS);
    // No watcher thread (a second V8 isolate) where the kernel can end the worker with urldiff.
    command.die_with_parent = true;
    Ok(command)
}

/// Node's variable naming extra TLS root certificates, loaded at start-up when set.
pub(super) const NODE_EXTRA_CA_CERTS: &str = "NODE_EXTRA_CA_CERTS";

/// The environment variable that gives worker.js the WHATWG record fields, in record order
/// (comma-separated [`WHATWG_FIELDS`]): the worker keeps no list of its own.
pub const WHATWG_FIELDS_VAR: &str = "URLDIFF_WHATWG_FIELDS";

/// The worker, its package.json and its lockfile, embedded.
const FILES: [(&str, &str); 3] = [
    ("worker.js", include_str!("../../node/worker.js")),
    ("package.json", include_str!("../../node/package.json")),
    ("package-lock.json", include_str!("../../node/package-lock.json")),
];

/// Where the Node worker runs: the project's `oracles/node/` in a urldiff checkout (where
/// `make node-deps` installs the packages), else the embedded files written out to the cache
/// (the packages are then installed there on first use).
pub(super) fn node_dir() -> Result<std::path::PathBuf, LaunchError> {
    let checkout = urldiff_corpus::project::find().map(|p| p.join("oracles").join("node"));
    match checkout.filter(|dir| dir.join("worker.js").is_file()) {
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
