//! Folder oracles: a parser folder (`oracles/parsers/<name>/`, or one of `URLDIFF_PARSERS`)
//! whose adapter runs in its runtime's host (`oracles/runtimes/<runtime>/`), as a
//! [`WorkerOracle`]. The host speaks the protocol (docs/oracle-protocol.md); the adapter calls
//! the library. Both are embedded in the binary (a user folder is read at start) and written
//! out together to the cache's `workers/<hash>/` when first used.
//!
//! One worker command per runtime (the contract of `oracles/parsers/README.md`):
//!
//! | runtime | worker |
//! |---|---|
//! | python | `<python> -u -I -S host.py adapter.py`: the newest CPython 3 ([`super::python`]); with a `requirements.txt`, its virtual environment's python ([`super::venv`]) and `-u -I` (site-packages needed) |
//! | php | `php -n host.php adapter.php` |
//! | ruby | `ruby --disable-gems host.rb adapter.rb` |
//! | go | the binary `go build` made once of `host.go adapter.go` ([`super::gobuild`]) |
//! | node | `node host.js adapter.js` in `oracles/node` (its `node_modules`, also as `NODE_PATH`; `npm ci` when a package of `install.npm` is missing) |
//! | java | `java … -cp <classes> Host <Adapter>`: `Host.java` and the adapter compiled once |
//!
//! Every host gets `URLDIFF_ORACLE` (the name), `URLDIFF_MODEL` (`whatwg`/`rfc`),
//! `URLDIFF_FIELDS` (the model's record fields, in record order), `URLDIFF_CASE_KINDS` and
//! `URLDIFF_UNICODE_PROBES`, and is started to die with urldiff (`URLDIFF_KILLED_WITH_PARENT`).
//! A missing runtime makes the oracle unavailable with one line and its install recipe.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use super::pool::{Declared, WorkerOracle};
use super::process::runtime::{find_on_path, write_out};
use super::process::StartError;
use super::worker::WorkerCommand;
use crate::model::OracleKind;
use crate::parsers::{Descriptor, ParserFolder, Runtime};

/// The variables every host reads.
pub const ORACLE_VAR: &str = "URLDIFF_ORACLE";
pub const MODEL_VAR: &str = "URLDIFF_MODEL";
pub const FIELDS_VAR: &str = "URLDIFF_FIELDS";
pub const CASE_KINDS_VAR: &str = "URLDIFF_CASE_KINDS";

/// The oracle of `folder`: registered folders are `subprocess` oracles, those of
/// `URLDIFF_PARSERS` `external` ones. Nothing starts until it is first asked.
pub fn folder_oracle(folder: ParserFolder) -> WorkerOracle {
    let d = &folder.descriptor;
    let declared = Declared {
        name: d.name.clone(),
        kind: if folder.registered { OracleKind::Subprocess } else { OracleKind::External },
        model: d.model,
        // The fields the adapter fills: the descriptor's when it names them, else the
        // handshake's.
        fields: d.fields.clone(),
        case_kinds: d.case_kinds.clone(),
        claim: d.profile.claim(),
    };
    let folder = Arc::new(folder);
    WorkerOracle::new(declared, Box::new(move || launch(&folder)))
}

/// The command the folder's workers start with, the runtime found and prepared.
pub fn launch(folder: &ParserFolder) -> Result<WorkerCommand, StartError> {
    let d = &folder.descriptor;
    let runtime = d.runtime;
    // The runtime first: a machine without it gets the one line that says what to install.
    let program = match runtime {
        Runtime::Python => super::python::newest_cpython()?.path,
        Runtime::Java => match super::jdk::newest_jdk() {
            Some(jdk) => jdk.java.clone(),
            None => runtime_program(folder, program_name(runtime))?,
        },
        _ => runtime_program(folder, program_name(runtime))?,
    };
    let host =
        crate::parsers::host(runtime).ok_or(StartError::NoHost { runtime: runtime.name() })?;
    let host_file = host.files[0].0;
    let mut files: Vec<(&str, &str)> = host.files.to_vec();
    files.extend(folder.files.iter().map(|(n, t)| (n.as_str(), t.as_str())));
    let adapter_name = d.adapter.as_deref().unwrap_or_default();
    let written = || -> Result<(String, String, PathBuf), StartError> {
        let dir = write_out(&files)?;
        Ok((path(&dir, host_file), path(&dir, adapter_name), dir))
    };
    let mut command = match runtime {
        Runtime::Python => {
            let python = python_for(folder)?;
            let (host, adapter, _) = written()?;
            let mut args = vec!["-u", "-I"];
            if !python.venv {
                args.push("-S");
            }
            args.extend([host.as_str(), adapter.as_str()]);
            WorkerCommand::new(python.path, &args)
        }
        Runtime::Php => {
            let (host, adapter, _) = written()?;
            WorkerCommand::new(program, &["-n", &host, &adapter])
        }
        Runtime::Ruby => {
            let (host, adapter, _) = written()?;
            WorkerCommand::new(program, &["--disable-gems", &host, &adapter])
        }
        Runtime::Go => {
            let (_, _, dir) = written()?;
            let sources = [dir.join(host_file), dir.join(adapter_name)];
            let cache = urldiff_corpus::project::cache_dir().join("go");
            WorkerCommand::new(super::gobuild::build_once(&program, &sources, &cache)?, &[])
        }
        Runtime::Node => node_command(folder, &files, host_file, program)?,
        Runtime::Java => java_command(&files, host_file, adapter_name, program)?,
        Runtime::InProcess | Runtime::Table => {
            unreachable!("only adapter folders are launched ({})", d.name)
        }
    };
    let kinds: Vec<String> = d.case_kinds.iter().map(json_name).collect();
    command.env.extend([
        (ORACLE_VAR.to_owned(), d.name.clone()),
        (MODEL_VAR.to_owned(), json_name(&d.model)),
        (FIELDS_VAR.to_owned(), fields_of(d).join(",")),
        (CASE_KINDS_VAR.to_owned(), kinds.join(",")),
    ]);
    command.die_with_parent = true;
    Ok(command.with_unicode_probes())
}

/// The record fields the folder's adapter fills: the descriptor's `fields`, else the model's.
pub fn fields_of(d: &Descriptor) -> Vec<String> {
    if d.fields.is_empty() {
        d.model.field_names()
    } else {
        d.fields.clone()
    }
}

/// `dir/name` as an argument.
fn path(dir: &Path, name: &str) -> String {
    dir.join(name).to_string_lossy().into_owned()
}

/// A unit enum's name in JSON (`rfc`, `host-to-ascii`).
fn json_name<T: serde::Serialize>(value: &T) -> String {
    match serde_json::to_value(value) {
        Ok(serde_json::Value::String(s)) => s,
        _ => String::new(),
    }
}

/// The program a runtime's workers need on PATH.
fn program_name(runtime: Runtime) -> &'static str {
    match runtime {
        Runtime::Python => "python3",
        Runtime::Php => "php",
        Runtime::Ruby => "ruby",
        Runtime::Go => "go",
        Runtime::Node => "node",
        Runtime::Java => "java",
        Runtime::InProcess | Runtime::Table => "",
    }
}

/// `name` on PATH, or the one-line reason with the folder's install recipe.
fn runtime_program(folder: &ParserFolder, name: &str) -> Result<PathBuf, StartError> {
    find_on_path(name).ok_or_else(|| StartError::RuntimeMissing {
        program: name.to_owned(),
        install: install_hint(folder),
    })
}

/// `apt-get install php-cli`, from the descriptor's Debian packages.
fn install_hint(folder: &ParserFolder) -> String {
    let debian = &folder.descriptor.install.debian;
    if !debian.is_empty() {
        return format!("Debian: apt-get install {}", debian.join(" "));
    }
    // Debian 12's nodejs is older than the hosts need, and a JDK has many packagings.
    match folder.descriptor.runtime {
        Runtime::Node => "install Node.js 20 or later".to_owned(),
        Runtime::Java => "install a JDK, 11 or later".to_owned(),
        runtime => format!("install the {} runtime", runtime.name()),
    }
}

/// The interpreter a Python folder runs on.
struct PythonChoice {
    path: PathBuf,
    /// A virtual environment's: started without `-S`.
    venv: bool,
}

/// The newest CPython, or the python of the folder's virtual environment.
fn python_for(folder: &ParserFolder) -> Result<PythonChoice, StartError> {
    let python = super::python::newest_cpython()?;
    let Some(requirements) = &folder.descriptor.install.pip else {
        return Ok(PythonChoice { path: python.path, venv: false });
    };
    let text = folder.files.iter().find(|(n, _)| n == requirements).map(|(_, t)| t.as_str());
    let label = Path::new(&folder.origin).join(requirements);
    let cache = urldiff_corpus::project::cache_dir().join("venvs");
    let text = text.unwrap_or_default();
    let path = super::venv::ensure(&python.path, &python.version_text, text, &label, &cache)?;
    Ok(PythonChoice { path, venv: true })
}

/// `node host.js adapter.js` in the Node folder, its packages installed.
fn node_command(
    folder: &ParserFolder,
    files: &[(&str, &str)],
    host: &str,
    node: PathBuf,
) -> Result<WorkerCommand, StartError> {
    let node_dir = super::npm::node_dir()?;
    for package in &folder.descriptor.install.npm {
        super::npm::ensure_packages(&node_dir, package)?;
    }
    let dir = write_out(files)?;
    let adapter = path(&dir, folder.descriptor.adapter.as_deref().unwrap_or_default());
    let mut command = WorkerCommand::new(node, &[&path(&dir, host), &adapter]);
    // The adapter is written out to the cache: its `require`s find the packages through
    // NODE_PATH, not beside it.
    let modules = node_dir.join("node_modules").to_string_lossy().into_owned();
    command.env.push(("NODE_PATH".to_owned(), modules));
    command.cwd = Some(node_dir);
    command.unset.push(super::npm::NODE_EXTRA_CA_CERTS);
    Ok(command)
}

/// `java -cp <classes> Host <Adapter>`, the host and the adapter compiled once.
fn java_command(
    files: &[(&str, &str)],
    host: &str,
    adapter: &str,
    java: PathBuf,
) -> Result<WorkerCommand, StartError> {
    // The newest JDK's compiler, beside the `java` it runs on.
    let javac = match super::jdk::newest_jdk() {
        Some(jdk) => jdk.javac.clone(),
        None => find_on_path("javac").ok_or(StartError::NotOnPath {
            program: "javac",
            install: "install a JDK, not only a JRE",
        })?,
    };
    let dir = write_out(files)?;
    let cache = urldiff_corpus::project::cache_dir().join("java");
    let stem = |name: &str| name.trim_end_matches(".java").to_owned();
    let sources = [dir.join(host), dir.join(adapter)];
    let classes = super::jdk::compile_sources_once(&javac, &sources, &stem(host), &cache)?;
    let classpath = classes.to_string_lossy().into_owned();
    let mut args = super::jdk::JVM_OPTIONS.to_vec();
    let (host_class, adapter_class) = (stem(host), stem(adapter));
    args.extend(["-cp", &classpath, &host_class, &adapter_class]);
    Ok(WorkerCommand::new(java, &args))
}
