//! One folder per parser (`oracles/parsers/<oracle>/`, see its README): the descriptor of
//! every oracle, embedded at build time, and the typed reader of `oracle.json`.
//!
//! A folder is registered by one line of [`FOLDERS`]; [`descriptors`] reads them all (an
//! invalid descriptor is a build-breaking bug, caught by this module's test). [`user`] reads
//! the folders of `URLDIFF_PARSERS`; [`descriptor`], [`profile_of`] and [`builtin_claim`] look
//! an oracle up in both.

pub mod user;

use serde::{Deserialize, Serialize};

use crate::model::{CaseKindTag, RecordModel};
use crate::profile::Profile;
use crate::standard::Claim;

/// How an oracle's library runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, strum::IntoStaticStr)]
#[serde(rename_all = "kebab-case")]
#[strum(serialize_all = "kebab-case")]
pub enum Runtime {
    /// A Rust crate linked into urldiff (or our own parser).
    InProcess,
    /// An expectation table or a spec algorithm: no library.
    Table,
    Python,
    Node,
    Java,
    Php,
    Ruby,
    Go,
}

/// The reproduction an upstream draft prints, in the library's own language.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Repro {
    /// The language's name, as a Markdown fence tag (`php`, `ruby`, `go`, `c`, …).
    pub language: String,
    /// The program for an input without a base; `{input}` is replaced by a string literal.
    pub parse: String,
    /// The program for an input against a base (`{input}`, `{base}`); `None`: it cannot
    /// resolve.
    #[serde(default)]
    pub resolve: Option<String>,
}

/// What a machine needs for the oracle to run.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Install {
    /// Debian packages.
    #[serde(default)]
    pub debian: Vec<String>,
    /// A pip requirements file of the folder, pinned with hashes.
    #[serde(default)]
    pub pip: Option<String>,
    /// npm packages (pinned in `oracles/node/package-lock.json`).
    #[serde(default)]
    pub npm: Vec<String>,
}

/// `oracle.json`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Descriptor {
    /// The oracle's name (the folder's).
    pub name: String,
    /// The library a person knows it by (`java.net.URI`, `PHP parse_url`).
    pub library: String,
    pub runtime: Runtime,
    /// The adapter file of the folder, for worker runtimes.
    #[serde(default)]
    pub adapter: Option<String>,
    pub model: RecordModel,
    /// The record fields the adapter fills, when fewer than the model's (a verdict with only
    /// the fields its library decides); empty: every field of the model. Only these are
    /// compared.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub fields: Vec<String>,
    #[serde(default)]
    pub case_kinds: Vec<CaseKindTag>,
    pub profile: Profile,
    #[serde(default)]
    pub repro: Option<Repro>,
    #[serde(default)]
    pub install: Install,
}

impl Runtime {
    /// The runtimes whose oracles are a host program running the folder's adapter.
    pub fn is_worker(self) -> bool {
        !matches!(self, Runtime::InProcess | Runtime::Table)
    }

    /// The name in `oracle.json` (`python`, `in-process`, …).
    pub fn name(self) -> &'static str {
        self.into()
    }
}

/// One file of a folder: its name and contents.
pub type File = (&'static str, &'static str);

/// One registered folder: its name, its embedded `oracle.json` and its other files (adapter,
/// requirements), embedded too.
#[derive(Clone, Copy, Debug)]
pub struct Folder {
    pub name: &'static str,
    pub descriptor: &'static str,
    pub files: &'static [File],
}

/// Registers `oracles/parsers/<name>/` with the files beside its `oracle.json` (one line
/// each in [`FOLDERS`]): `folder!("php-parse-url", ["adapter.php"])`.
macro_rules! folder {
    ($name:literal) => {
        folder!($name, [])
    };
    ($name:literal, [$($file:literal),* $(,)?]) => {
        Folder {
            name: $name,
            descriptor: include_str!(concat!("../../parsers/", $name, "/oracle.json")),
            files: &[$(($file, include_str!(concat!("../../parsers/", $name, "/", $file)))),*],
        }
    };
}

/// Every parser folder.
pub const FOLDERS: &[Folder] = &[
    folder!("reference"),
    folder!("reference-rfc3986"),
    folder!("wpt"),
    folder!("rfc-examples"),
    folder!("rfc3986-regex"),
    folder!("rust-url"),
    folder!("ada"),
    folder!("curl"),
    folder!("python-urllib"),
    folder!("node-url", ["adapter.js"]),
    folder!("whatwg-url", ["adapter.js"]),
    folder!("url-parse", ["adapter.js"]),
    folder!("java-uri", ["Adapter.java"]),
    folder!("urllib3", ["adapter.py", "requirements.txt"]),
    folder!("yarl", ["adapter.py", "requirements.txt"]),
    folder!("rfc3986", ["adapter.py", "requirements.txt"]),
    folder!("hyperlink", ["adapter.py", "requirements.txt"]),
    folder!("w3lib-safe-url", ["adapter.py", "requirements.txt"]),
    folder!("php-parse-url", ["adapter.php"]),
    folder!("php-filter-var", ["adapter.php"]),
    folder!("ruby-uri", ["adapter.rb"]),
    folder!("ruby-uri-rfc2396", ["adapter.rb"]),
    folder!("go-net-url", ["adapter.go"]),
    folder!("node-legacy-url", ["adapter.js"]),
    folder!("fast-url-parser", ["adapter.js"]),
    folder!("urijs", ["adapter.js"]),
    folder!("uri-js", ["adapter.js"]),
    folder!("java-url", ["Adapter.java"]),
];

/// The host program of one worker runtime (`oracles/runtimes/<runtime>/`): it speaks the
/// protocol and runs a folder's adapter (see `oracles/parsers/README.md`).
#[derive(Clone, Copy, Debug)]
pub struct RuntimeHost {
    pub runtime: Runtime,
    /// The host's files; the first is the one the runtime runs.
    pub files: &'static [File],
}

/// Registers `oracles/runtimes/<dir>/` and its files, the first being the host.
macro_rules! host {
    ($runtime:ident, $dir:literal, [$($file:literal),+ $(,)?]) => {
        RuntimeHost {
            runtime: Runtime::$runtime,
            files: &[$(($file, include_str!(concat!("../../runtimes/", $dir, "/", $file)))),+],
        }
    };
}

/// The host of each worker runtime this build carries. A runtime without one here makes its
/// folders' oracles unavailable, saying so.
pub const HOSTS: &[RuntimeHost] = &[
    host!(Python, "python", ["host.py"]),
    host!(Php, "php", ["host.php", "parse_url_record.php"]),
    host!(Ruby, "ruby", ["host.rb", "split_record.rb"]),
    host!(Go, "go", ["host.go"]),
    host!(Node, "node", ["host.js"]),
    host!(Java, "java", ["Host.java"]),
];

/// The host of `runtime`, if this build carries one.
pub fn host(runtime: Runtime) -> Option<&'static RuntimeHost> {
    HOSTS.iter().find(|h| h.runtime == runtime)
}

/// Why a folder's descriptor cannot be read; `at` is its `oracle.json` (`oracles/parsers/<name>/
/// oracle.json` for a registered folder, the path for one of `URLDIFF_PARSERS`).
#[derive(Debug, thiserror::Error)]
pub enum DescriptorError {
    #[error("{at}: {source}")]
    Json { at: String, source: serde_json::Error },
    #[error("{at} names the oracle {named:?}, not its folder's ({folder:?})")]
    Name { at: String, folder: String, named: String },
    #[error("{at}: runtime {runtime:?} runs an adapter: name it with the \"adapter\" key")]
    NoAdapter { at: String, runtime: &'static str },
    #[error("{at} names {file:?}, which is not in its folder{registered}")]
    MissingFile { at: String, file: String, registered: &'static str },
    #[error("{at}: the adapter {file:?} has the name of its runtime's host: rename it")]
    HostName { at: String, file: String },
    #[error("{at}: \"fields\" names {field:?}, which is no field of the {model} model")]
    UnknownField { at: String, field: String, model: &'static str },
}

/// Parse `text`, the `oracle.json` at `at` of the folder `folder`, and check that it names
/// its folder and that a worker runtime's adapter and requirements are among `files`.
pub fn parse(
    text: &str,
    folder: &str,
    at: &str,
    files: &[&str],
) -> Result<Descriptor, DescriptorError> {
    let at = || at.to_owned();
    let descriptor: Descriptor =
        serde_json::from_str(text).map_err(|source| DescriptorError::Json { at: at(), source })?;
    if descriptor.name != folder {
        let (folder, named) = (folder.to_owned(), descriptor.name);
        return Err(DescriptorError::Name { at: at(), folder, named });
    }
    let model = descriptor.model.fields();
    if let Some(field) = descriptor.fields.iter().find(|f| !model.contains(&f.as_str())) {
        let model = match descriptor.model {
            crate::model::RecordModel::Whatwg => "whatwg",
            crate::model::RecordModel::Rfc => "rfc",
        };
        let field = field.clone();
        return Err(DescriptorError::UnknownField { at: at(), field, model });
    }
    if descriptor.runtime.is_worker() {
        let Some(adapter) = &descriptor.adapter else {
            // The oracles that predate folders run their own workers (`subprocess::python`,
            // `node`, `java`), without an adapter.
            if LEGACY_WORKERS.contains(&folder) {
                return Ok(descriptor);
            }
            return Err(DescriptorError::NoAdapter {
                at: at(),
                runtime: descriptor.runtime.name(),
            });
        };
        let named = std::iter::once(adapter).chain(&descriptor.install.pip);
        if let Some(file) = named.into_iter().find(|f| !files.contains(&f.as_str())) {
            let registered = if at().starts_with("oracles/parsers/") {
                " (or not registered in its folder! line)"
            } else {
                ""
            };
            return Err(DescriptorError::MissingFile { at: at(), file: file.clone(), registered });
        }
        let host_files = host(descriptor.runtime).map_or(&[][..], |h| h.files);
        if host_files.iter().any(|(name, _)| name == adapter) {
            return Err(DescriptorError::HostName { at: at(), file: adapter.clone() });
        }
    }
    Ok(descriptor)
}

/// The worker oracles that run their own worker program rather than an adapter in a host.
pub const LEGACY_WORKERS: &[&str] = &["python-urllib", "node-url", "whatwg-url", "url-parse"];

/// Read one registered folder's descriptor.
pub fn read(folder: &Folder) -> Result<Descriptor, DescriptorError> {
    let at = format!("oracles/parsers/{}/oracle.json", folder.name);
    let files: Vec<&str> = folder.files.iter().map(|(name, _)| *name).collect();
    parse(folder.descriptor, folder.name, &at, &files)
}

/// A parser folder as an oracle is built from it: its descriptor and its files, registered
/// ([`FOLDERS`]) or read from a folder of `URLDIFF_PARSERS` ([`user`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParserFolder {
    pub descriptor: Descriptor,
    /// (name, contents) of each file beside `oracle.json`.
    pub files: Vec<(String, String)>,
    /// Where it comes from: `oracles/parsers/<name>`, or the folder's path.
    pub origin: String,
    /// Registered in this build (not from `URLDIFF_PARSERS`).
    pub registered: bool,
}

/// Every registered descriptor, in [`FOLDERS`] order. The descriptors are embedded and
/// checked by this module's tests, so one that does not read is a bug: it panics with the
/// folder and the serde error.
pub fn descriptors() -> &'static [Descriptor] {
    static ALL: std::sync::OnceLock<Vec<Descriptor>> = std::sync::OnceLock::new();
    ALL.get_or_init(|| FOLDERS.iter().map(|f| read(f).unwrap_or_else(|e| panic!("{e}"))).collect())
}

/// The registered folders whose oracle is an adapter run by its runtime's host, in
/// [`FOLDERS`] order.
pub fn adapter_folders() -> Vec<ParserFolder> {
    FOLDERS
        .iter()
        .zip(descriptors())
        .filter(|(_, d)| d.runtime.is_worker() && d.adapter.is_some())
        .map(|(folder, descriptor)| ParserFolder {
            descriptor: descriptor.clone(),
            files: folder.files.iter().map(|(n, t)| ((*n).to_owned(), (*t).to_owned())).collect(),
            origin: format!("oracles/parsers/{}", folder.name),
            registered: true,
        })
        .collect()
}

/// The descriptor of `oracle`, if it has a folder: a registered one, else one of
/// `URLDIFF_PARSERS` (when those read).
pub fn descriptor(oracle: &str) -> Option<&'static Descriptor> {
    descriptors().iter().find(|d| d.name == oracle).or_else(|| {
        let user = user::from_env().as_ref().ok()?;
        user.iter().map(|f| &f.descriptor).find(|d| d.name == oracle)
    })
}

/// The profile of `oracle`, from its folder (`None`: no folder, such as an external oracle).
pub fn profile_of(oracle: &str) -> Option<&'static Profile> {
    descriptor(oracle).map(|d| &d.profile)
}

/// The claim of an oracle with a folder: its profile's (`oracles/parsers/<oracle>/oracle.json`);
/// `none` for a name without one.
pub fn builtin_claim(oracle: &str) -> Claim {
    profile_of(oracle).map(|p| p.claim()).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_folder_reads_and_names_itself() {
        for folder in FOLDERS {
            let descriptor = read(folder).unwrap_or_else(|e| panic!("{e}"));
            assert_eq!(descriptor.name, folder.name);
            assert!(
                !descriptor.profile.link.is_empty(),
                "{}: a profile links its source",
                folder.name
            );
        }
    }

    #[test]
    fn a_descriptor_naming_another_oracle_is_refused() {
        let text = FOLDERS[0].descriptor.replacen("\"reference\"", "\"someone-else\"", 1);
        let leaked: &'static str = Box::leak(text.into_boxed_str());
        let err = read(&Folder { name: "reference", descriptor: leaked, files: &[] }).unwrap_err();
        assert!(err.to_string().contains("\"someone-else\""), "{err}");
    }

    #[test]
    fn an_unknown_key_is_refused_with_its_folder() {
        let text = FOLDERS[0].descriptor.replacen('{', "{\"colour\": 1,", 1);
        let leaked: &'static str = Box::leak(text.into_boxed_str());
        let err = read(&Folder { name: "reference", descriptor: leaked, files: &[] }).unwrap_err();
        let text = err.to_string();
        assert!(
            text.contains("parsers/reference/oracle.json") && text.contains("colour"),
            "{text}"
        );
    }

    /// `fields` names fields of the descriptor's model: the WHATWG record has no `authority`.
    #[test]
    fn declared_fields_belong_to_the_model() {
        let with = |fields: &str| {
            let text = FOLDERS[0].descriptor.replacen('{', &format!("{{\"fields\": {fields},"), 1);
            let leaked: &'static str = Box::leak(text.into_boxed_str());
            read(&Folder { name: "reference", descriptor: leaked, files: &[] })
        };
        assert_eq!(with("[\"href\"]").unwrap().fields, ["href"]);
        let err = with("[\"authority\"]").unwrap_err().to_string();
        assert!(err.contains("\"authority\"") && err.contains("whatwg model"), "{err}");
    }
}
