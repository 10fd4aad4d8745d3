//! Out-of-process oracles: persistent workers speaking JSON Lines, and HTTP services.
//!
//! - [`process`]: process handling, apart from the oracles: why a process did not start (the
//!   one [`StartError`]), probe commands and runtimes on `PATH`, pipes whose waits end, the
//!   process groups killed when urldiff is interrupted, and death with urldiff.
//! - [`worker`]: one worker process — spawn, handshake, a writer thread feeding requests while
//!   the caller reads the answers straight from the worker's stdout and matches them by id,
//!   kill with evidence.
//! - [`pool`]: [`WorkerOracle`], the [`Oracle`](crate::Oracle) over a pool of workers, with
//!   lazy set-up (availability and the exact version come from the worker's handshake) and
//!   kill-and-restart on crash or hang, so one bad case never costs another's answer.
//! - [`protocol`]: the request, answer and handshake lines (`docs/oracle-protocol.md`).
//! - [`identity`]: a worker's identity for the answer cache, read from its command.
//! - [`interpreter_cache`]: the real interpreter behind a version-manager shim, remembered
//!   until what the shim chooses by changes.
//! - [`folder`]: the oracle of a parser folder whose adapter runs in its runtime's host
//!   (`oracles/parsers/<name>/`, `oracles/runtimes/<runtime>/`), with [`venv`] (a Python
//!   folder's pinned requirements), [`gobuild`] (a Go worker built once), [`jdk`] (the newest
//!   JDK, Java compiled once) and [`npm`] (the Node folders' packages).
//! - adapters: [`python`] (`python-urllib`, and the CPython search), [`node`] (`node-url`,
//!   `whatwg-url`, `url-parse`), [`java`] (`java-uri`), [`external`] (commands from a config
//!   file), [`http`] (services). Each answers only the case kinds it supports
//!   ([`crate::model::answer_supported`]).
//!
//! Worker scripts live in `oracles/parsers/<name>/`, `oracles/runtimes/` and `oracles/node/`;
//! they are embedded in the binary and written out to the cache when used
//! (`process::runtime::write_out`).

pub mod external;
pub mod folder;
pub mod gobuild;
pub mod http;
pub mod identity;
pub mod interpreter_cache;
pub mod java;
pub mod jdk;
pub mod lanes;
pub mod node;
pub mod npm;
pub mod pool;
pub mod process;
pub mod protocol;
pub mod python;
pub mod python_releases;
pub mod venv;
pub mod worker;

pub use external::{external_oracles, load_config, ExternalConfig, ExternalEntry};
pub use http::{HttpOracle, HttpSettings};
pub use pool::{Declared, Timeouts, WorkerOracle, CASE_TIMEOUT_VAR};
pub use process::StartError;
pub use worker::WorkerCommand;

use crate::model::{Oracle, OracleKind, RecordModel};

/// Every subprocess oracle: python-urllib, node-url, whatwg-url, url-parse, java-uri, the
/// registered adapter folders (in `FOLDERS` order), the folders of `URLDIFF_PARSERS`, then the
/// external oracles of the config file, with these time limits (an external entry's own
/// `timeout_ms`/`startup_ms` win). Cheap: nothing starts until an oracle is first asked for
/// its info, availability or answers.
pub fn default_oracles(timeouts: Timeouts) -> Vec<Box<dyn Oracle>> {
    let mut oracles: Vec<Box<dyn Oracle>> = vec![
        Box::new(python::python_urllib().with_timeouts(timeouts)),
        Box::new(node::node_url().with_timeouts(timeouts)),
        Box::new(node::whatwg_url().with_timeouts(timeouts)),
        Box::new(node::url_parse().with_timeouts(timeouts)),
        Box::new(java::java_uri().with_timeouts(timeouts)),
    ];
    let folder =
        |f| -> Box<dyn Oracle> { Box::new(folder::folder_oracle(f).with_timeouts(timeouts)) };
    // The Node built-ins and java-uri are folders too; they keep their places above.
    let folders = crate::parsers::adapter_folders().into_iter();
    oracles.extend(
        folders
            .filter(|f| !node::BUILT_IN.contains(&f.descriptor.name.as_str()))
            .filter(|f| f.descriptor.name != java::JAVA_URI)
            .map(folder),
    );
    match crate::parsers::user::from_env() {
        Ok(user) => oracles.extend(user.iter().cloned().map(folder)),
        // Commands check the variable first (`RegistryConfig::from_env`, exit 2); elsewhere
        // the problem is listed as an oracle that cannot run.
        Err(e) => oracles.push(Box::new(crate::unavailable::UnavailableOracle::new(
            crate::parsers::user::PARSERS_VAR,
            OracleKind::External,
            RecordModel::Whatwg,
            &e.to_string(),
        ))),
    }
    oracles.extend(external_oracles(timeouts));
    oracles
}
