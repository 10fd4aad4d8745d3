//! One folder per parser (`oracles/parsers/<oracle>/`, see its README): the descriptor of
//! every oracle, embedded at build time, and the typed reader of `oracle.json`.
//!
//! A folder is registered by one line of [`FOLDERS`]; [`descriptors`] reads them all (an
//! invalid descriptor is a build-breaking bug, caught by this module's test).

use serde::{Deserialize, Serialize};

use crate::model::{CaseKindTag, RecordModel};
use crate::profile::Profile;

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
    #[serde(default)]
    pub case_kinds: Vec<CaseKindTag>,
    pub profile: Profile,
    #[serde(default)]
    pub repro: Option<Repro>,
    #[serde(default)]
    pub install: Install,
}

/// One registered folder: its name and its embedded `oracle.json`.
#[derive(Clone, Copy, Debug)]
pub struct Folder {
    pub name: &'static str,
    pub descriptor: &'static str,
}

/// Registers `oracles/parsers/<name>/` (one line each in [`FOLDERS`]).
macro_rules! folder {
    ($name:literal) => {
        Folder {
            name: $name,
            descriptor: include_str!(concat!("../parsers/", $name, "/oracle.json")),
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
    folder!("python-urllib"),
    folder!("node-url"),
    folder!("whatwg-url"),
    folder!("url-parse"),
    folder!("java-uri"),
];

/// Why a folder's descriptor cannot be read.
#[derive(Debug, thiserror::Error)]
pub enum DescriptorError {
    #[error("oracles/parsers/{folder}/oracle.json: {source}")]
    Json { folder: String, source: serde_json::Error },
    #[error("oracles/parsers/{folder}/oracle.json names the oracle {named:?}, not its folder's")]
    Name { folder: String, named: String },
}

/// Read one folder's descriptor.
pub fn read(folder: &Folder) -> Result<Descriptor, DescriptorError> {
    let descriptor: Descriptor = serde_json::from_str(folder.descriptor)
        .map_err(|source| DescriptorError::Json { folder: folder.name.to_owned(), source })?;
    if descriptor.name != folder.name {
        return Err(DescriptorError::Name {
            folder: folder.name.to_owned(),
            named: descriptor.name,
        });
    }
    Ok(descriptor)
}

/// Every registered descriptor, in [`FOLDERS`] order. The descriptors are embedded and
/// checked by this module's tests, so one that does not read is a bug: it panics with the
/// folder and the serde error.
pub fn descriptors() -> &'static [Descriptor] {
    static ALL: std::sync::OnceLock<Vec<Descriptor>> = std::sync::OnceLock::new();
    ALL.get_or_init(|| FOLDERS.iter().map(|f| read(f).unwrap_or_else(|e| panic!("{e}"))).collect())
}

/// The descriptor of `oracle`, if it has a folder.
pub fn descriptor(oracle: &str) -> Option<&'static Descriptor> {
    descriptors().iter().find(|d| d.name == oracle)
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
        let err = read(&Folder { name: "reference", descriptor: leaked }).unwrap_err();
        assert!(err.to_string().contains("\"someone-else\""), "{err}");
    }

    #[test]
    fn an_unknown_key_is_refused_with_its_folder() {
        let text = FOLDERS[0].descriptor.replacen('{', "{\"colour\": 1,", 1);
        let leaked: &'static str = Box::leak(text.into_boxed_str());
        let err = read(&Folder { name: "reference", descriptor: leaked }).unwrap_err();
        let text = err.to_string();
        assert!(
            text.contains("parsers/reference/oracle.json") && text.contains("colour"),
            "{text}"
        );
    }
}
