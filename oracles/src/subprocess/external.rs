//! External oracles declared in a JSON config file: any command that speaks the JSON Lines
//! protocol, or a service reached over HTTP (see `docs/oracle-protocol.md`).
//!
//! The file is `$URLDIFF_ORACLES` when set, else `urldiff-oracles.json` in the current
//! folder, else in the project root (`urldiff_corpus::project`); no file means no external
//! oracles. A malformed file or
//! entry becomes an unavailable oracle carrying the reason, so everything else goes on.
//!
//! ```json
//! { "oracles": [
//!   { "name": "my-parser", "command": ["python3", "tools/my_worker.py"], "timeout_ms": 2000 },
//!   { "name": "url-service", "url": "http://127.0.0.1:8080/parse", "batch_size": 256 }
//! ] }
//! ```

use std::path::{Path, PathBuf};
use std::time::Duration;

use serde::Deserialize;

use super::http::{HttpOracle, HttpSettings};
use super::pool::{Declared, Timeouts, WorkerOracle};
use super::worker::WorkerCommand;
use crate::model::{CaseKindTag, Oracle, OracleKind, RecordModel};
use crate::oracle_name::check_name;
use crate::unavailable::UnavailableOracle;

/// The name of the config file looked for in the current folder and the workspace root.
pub const CONFIG_FILE: &str = "urldiff-oracles.json";

/// The config file.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ExternalConfig {
    pub oracles: Vec<ExternalEntry>,
}

/// One declared oracle: exactly one of `command` and `url`.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ExternalEntry {
    pub name: String,
    /// Program and arguments; a relative program path with a `/` is relative to the config file.
    #[serde(default)]
    pub command: Option<Vec<String>>,
    /// Working folder of the command (relative to the config file); default: its folder.
    #[serde(default)]
    pub cwd: Option<PathBuf>,
    /// Extra environment variables for the command.
    #[serde(default)]
    pub env: std::collections::BTreeMap<String, String>,
    /// The service's POST address.
    #[serde(default)]
    pub url: Option<String>,
    /// Record model before the handshake (the handshake's is used after): default `whatwg`.
    #[serde(default)]
    pub model: Option<RecordModel>,
    /// Fields filled; default: the handshake's list.
    #[serde(default)]
    pub fields: Vec<String>,
    /// Case kinds answered; default: the handshake's list, else `parse`.
    #[serde(default)]
    pub case_kinds: Vec<CaseKindTag>,
    /// Per-case time limit for commands, per-POST limit for services (ms).
    #[serde(default)]
    pub timeout_ms: Option<u64>,
    /// Handshake time limit for commands (ms), default 30 000.
    #[serde(default)]
    pub startup_ms: Option<u64>,
    /// Cases per POST (services), default 256.
    #[serde(default)]
    pub batch_size: Option<usize>,
    /// The standard the parser claims (`whatwg`, `rfc3986`, `rfc2396`, `none`): triage holds
    /// it to that standard's answer. Default `none`.
    #[serde(default)]
    pub standard: crate::standard::Standard,
    /// It splits inputs its standard rejects, by design: held to the standard only where the
    /// standard accepts. Default `false`.
    #[serde(default)]
    pub lenient: bool,
}

impl ExternalEntry {
    /// What the entry claims.
    pub fn claim(&self) -> crate::standard::Claim {
        crate::standard::Claim { standard: self.standard, lenient: self.lenient }
    }
}

/// The config file in use, if any: `$URLDIFF_ORACLES`, `./urldiff-oracles.json`, or the
/// project's (`urldiff_corpus::project`).
pub fn config_path() -> Option<PathBuf> {
    if let Some(p) = std::env::var_os("URLDIFF_ORACLES") {
        return Some(PathBuf::from(p));
    }
    let project = urldiff_corpus::project::find().map(|p| p.join(CONFIG_FILE));
    std::iter::once(PathBuf::from(CONFIG_FILE)).chain(project).find(|p| p.is_file())
}

/// The oracles declared in the default config file (none when there is no file).
pub fn external_oracles(timeouts: Timeouts) -> Vec<Box<dyn Oracle>> {
    config_path().map(|p| load_config_with(&p, timeouts)).unwrap_or_default()
}

/// The oracles declared in `path`, with the default time limits.
pub fn load_config(path: &Path) -> Vec<Box<dyn Oracle>> {
    load_config_with(path, Timeouts::default())
}

/// The oracles declared in `path`; problems become unavailable oracles with the reason.
/// `timeouts` apply where an entry gives none of its own.
pub fn load_config_with(path: &Path, timeouts: Timeouts) -> Vec<Box<dyn Oracle>> {
    let config = std::fs::read_to_string(path)
        .map_err(|e| format!("cannot read {}: {e}", path.display()))
        .and_then(|text| {
            serde_json::from_str::<ExternalConfig>(&text)
                .map_err(|e| format!("{} is not a valid oracle config: {e}", path.display()))
        });
    let config = match config {
        Ok(c) => c,
        Err(reason) => return vec![Box::new(broken("external", &reason))],
    };
    let dir = config_dir(path);
    let entry_oracle = |(i, entry): (usize, ExternalEntry)| match check_name(&entry.name) {
        Ok(()) => entry_oracle(entry, &dir, timeouts),
        // The refused name is shown escaped, and a stand-in named by position takes its place.
        Err(reason) => Box::new(broken(&format!("external-{}", i + 1), &reason.to_string())),
    };
    config.oracles.into_iter().enumerate().map(entry_oracle).collect()
}

/// The config file's folder as an absolute path: workers start in it, and a relative one (the
/// empty parent of `urldiff-oracles.json`, or `cfg` of `cfg/…`) would be joined twice or be no
/// folder at all once it is the worker's working folder.
fn config_dir(path: &Path) -> PathBuf {
    let path = std::path::absolute(path).unwrap_or_else(|_| path.to_path_buf());
    match path.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir.to_path_buf(),
        _ => PathBuf::from("."),
    }
}

fn entry_oracle(entry: ExternalEntry, dir: &Path, timeouts: Timeouts) -> Box<dyn Oracle> {
    match (&entry.command, &entry.url) {
        (Some(command), None) if !command.is_empty() => Box::new(
            command_oracle(&entry, command, dir).with_timeouts(entry_timeouts(&entry, timeouts)),
        ),
        (None, Some(url)) => Box::new(HttpOracle::new(HttpSettings {
            name: entry.name.clone(),
            url: url.clone(),
            batch_size: entry.batch_size.unwrap_or(256),
            timeout: Duration::from_millis(entry.timeout_ms.unwrap_or(30_000)),
            fields: entry.fields.clone(),
            case_kinds: entry.case_kinds.clone(),
            claim: entry.claim(),
        })),
        _ => Box::new(broken(
            &entry.name,
            &format!(
                "oracle {:?}: give exactly one of a non-empty `command` or a `url`",
                entry.name
            ),
        )),
    }
}

/// A JSON Lines command declared in a config file.
pub fn command_oracle(entry: &ExternalEntry, command: &[String], dir: &Path) -> WorkerOracle {
    let program = PathBuf::from(&command[0]);
    let program =
        if program.is_relative() && command[0].contains('/') { dir.join(program) } else { program };
    let worker = WorkerCommand {
        program,
        args: command[1..].to_vec(),
        cwd: Some(entry.cwd.as_ref().map_or_else(|| dir.to_path_buf(), |c| dir.join(c))),
        env: entry.env.iter().map(|(k, v)| (k.clone(), v.clone())).collect(),
        // A configured command runs exactly as written (it watches its parent itself).
        die_with_parent: false,
        unset: Vec::new(),
    };
    let declared = Declared {
        name: entry.name.clone(),
        kind: OracleKind::External,
        model: entry.model.unwrap_or(RecordModel::Whatwg),
        fields: entry.fields.clone(),
        case_kinds: entry.case_kinds.clone(),
        claim: entry.claim(),
    };
    let timeouts = entry_timeouts(entry, Timeouts::default());
    WorkerOracle::new(declared, Box::new(move || Ok(worker.clone()))).with_timeouts(timeouts)
}

/// `base` with the entry's own `timeout_ms` and `startup_ms`, when given.
fn entry_timeouts(entry: &ExternalEntry, base: Timeouts) -> Timeouts {
    let mut timeouts = base;
    if let Some(ms) = entry.timeout_ms {
        timeouts.case = Duration::from_millis(ms);
    }
    if let Some(ms) = entry.startup_ms {
        timeouts.startup = Duration::from_millis(ms);
    }
    timeouts
}

/// A declared oracle that cannot run (bad config): listed with the reason, answering nothing.
fn broken(name: &str, reason: &str) -> UnavailableOracle {
    UnavailableOracle::new(name, OracleKind::External, RecordModel::Whatwg, reason)
}
