//! Parser folders outside the binary: `URLDIFF_PARSERS=DIR[:DIR…]` adds, after the registered
//! folders, one oracle per `DIR` — a folder laid out as `oracles/parsers/<name>/` is (see its
//! README): `oracle.json`, the adapter it names and, for Python, its requirements file.
//!
//! They are checked as the registered ones are ([`super::parse`]) and more: the folder
//! is named after the oracle, the name is a valid oracle name no other oracle has, the runtime
//! runs an adapter. Any problem is an error naming the file (the binary exits 2); nothing is
//! skipped silently.

use std::ffi::OsStr;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use super::{DescriptorError, ParserFolder};

/// The variable: folders separated as `PATH`'s are.
pub const PARSERS_VAR: &str = "URLDIFF_PARSERS";

/// Why the folders of `URLDIFF_PARSERS` cannot all be used.
#[derive(Debug, thiserror::Error)]
pub enum UserParserError {
    #[error("{PARSERS_VAR}: cannot read {}: {source}", path.display())]
    Read { path: PathBuf, source: std::io::Error },
    #[error("{PARSERS_VAR}: {0}")]
    Descriptor(#[from] DescriptorError),
    #[error("{PARSERS_VAR}: {}: {reason}", at.display())]
    Invalid { at: PathBuf, reason: String },
}

/// The folders of `URLDIFF_PARSERS`, read once per process (none when it is unset or empty).
pub fn from_env() -> &'static Result<Vec<ParserFolder>, UserParserError> {
    static LOADED: OnceLock<Result<Vec<ParserFolder>, UserParserError>> = OnceLock::new();
    LOADED.get_or_init(|| match std::env::var_os(PARSERS_VAR) {
        Some(value) => load(&value),
        None => Ok(Vec::new()),
    })
}

/// The folders listed in `value` (as `URLDIFF_PARSERS` holds them), in order.
pub fn load(value: &OsStr) -> Result<Vec<ParserFolder>, UserParserError> {
    let mut folders: Vec<ParserFolder> = Vec::new();
    for dir in std::env::split_paths(value).filter(|d| !d.as_os_str().is_empty()) {
        let folder = read_folder(&dir)?;
        let name = &folder.descriptor.name;
        let taken = super::descriptors().iter().any(|d| &d.name == name)
            || folders.iter().any(|f| &f.descriptor.name == name);
        if taken {
            let reason = format!("another oracle is already named {name:?}");
            return Err(UserParserError::Invalid { at: dir.join("oracle.json"), reason });
        }
        folders.push(folder);
    }
    Ok(folders)
}

/// One folder: its descriptor, checked, and the files it names.
pub fn read_folder(dir: &Path) -> Result<ParserFolder, UserParserError> {
    let at = dir.join("oracle.json");
    let invalid = |reason: String| UserParserError::Invalid { at: at.clone(), reason };
    let text = read(&at)?;
    let folder_name = dir
        .file_name()
        .and_then(OsStr::to_str)
        .ok_or_else(|| invalid("the folder's name is not UTF-8".into()))?;
    crate::oracle_name::check_name(folder_name).map_err(|e| invalid(e.to_string()))?;
    // Only the files the descriptor names are read (the adapter, the requirements).
    let wanted: Vec<String> = peek_named_files(&text);
    let present: Vec<&str> =
        wanted.iter().map(String::as_str).filter(|f| is_plain_file(dir, f)).collect();
    let descriptor = super::parse(&text, folder_name, &at.display().to_string(), &present)?;
    if !descriptor.runtime.is_worker() || descriptor.adapter.is_none() {
        let runtime = descriptor.runtime.name();
        return Err(invalid(format!(
            "runtime {runtime:?} cannot be plugged in from a folder: use python, php, ruby, go, \
             node or java with an adapter"
        )));
    }
    let mut files = Vec::new();
    for name in present {
        files.push((name.to_owned(), read(&dir.join(name))?));
    }
    let origin = std::path::absolute(dir).unwrap_or_else(|_| dir.to_owned());
    Ok(ParserFolder { descriptor, files, origin: origin.display().to_string(), registered: false })
}

/// The `adapter` and `install.pip` file names of a descriptor, read leniently (the strict
/// read follows and reports every problem).
fn peek_named_files(text: &str) -> Vec<String> {
    #[derive(serde::Deserialize, Default)]
    struct Named {
        adapter: Option<String>,
        #[serde(default)]
        install: Install,
    }
    #[derive(serde::Deserialize, Default)]
    struct Install {
        pip: Option<String>,
    }
    let named: Named = serde_json::from_str(text).unwrap_or_default();
    named.adapter.into_iter().chain(named.install.pip).collect()
}

/// Whether `name` is a plain file name (no folder part) of a file in `dir`.
fn is_plain_file(dir: &Path, name: &str) -> bool {
    let plain = Path::new(name).file_name() == Some(OsStr::new(name)) && !name.starts_with('.');
    plain && dir.join(name).is_file()
}

fn read(path: &Path) -> Result<String, UserParserError> {
    std::fs::read_to_string(path)
        .map_err(|source| UserParserError::Read { path: path.to_owned(), source })
}

#[cfg(test)]
mod tests {
    use super::*;

    const TOY: &str = r#"{
      "name": "toy", "library": "toy 1.0", "runtime": "python", "adapter": "adapter.py",
      "model": "rfc", "case_kinds": ["parse"],
      "profile": {"standard": "rfc3986", "edition": "RFC 3986", "says": "\"splits\"",
                  "link": "https://example.org/toy"}
    }"#;

    fn folder(root: &Path, name: &str, descriptor: &str, adapter: bool) -> PathBuf {
        let dir = root.join(name);
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join("oracle.json"), descriptor).unwrap();
        if adapter {
            std::fs::write(dir.join("adapter.py"), "VERSION = '1.0'\n").unwrap();
        }
        dir
    }

    fn error(value: &Path) -> String {
        load(value.as_os_str()).unwrap_err().to_string()
    }

    #[test]
    fn a_folder_reads_with_its_adapter() {
        let root = tempfile::tempdir().unwrap();
        let dir = folder(root.path(), "toy", TOY, true);
        let folders = load(dir.as_os_str()).unwrap();
        assert_eq!(folders.len(), 1);
        assert_eq!(folders[0].descriptor.library, "toy 1.0");
        assert_eq!(folders[0].files, [("adapter.py".to_owned(), "VERSION = '1.0'\n".to_owned())]);
        assert!(!folders[0].registered);
    }

    #[test]
    fn bad_json_names_the_file() {
        let root = tempfile::tempdir().unwrap();
        let dir = folder(root.path(), "toy", "{\"name\": \"toy\",", true);
        let text = error(&dir);
        assert!(text.contains(&format!("{}", dir.join("oracle.json").display())), "{text}");
        assert!(text.starts_with("URLDIFF_PARSERS: "), "{text}");
    }

    #[test]
    fn a_missing_folder_or_adapter_is_an_error() {
        let root = tempfile::tempdir().unwrap();
        let text = error(&root.path().join("absent"));
        assert!(text.contains("absent/oracle.json"), "{text}");
        let dir = folder(root.path(), "toy", TOY, false);
        let text = error(&dir);
        assert!(text.contains("\"adapter.py\", which is not in its folder"), "{text}");
    }

    #[test]
    fn the_folder_name_must_be_the_oracle_name() {
        let root = tempfile::tempdir().unwrap();
        let dir = folder(root.path(), "other", TOY, true);
        assert!(error(&dir).contains("names the oracle \"toy\""), "{}", error(&dir));
    }

    #[test]
    fn a_taken_name_or_a_runtime_without_adapter_is_refused() {
        let root = tempfile::tempdir().unwrap();
        let taken = TOY.replace("\"toy\"", "\"ada\"");
        let dir = folder(root.path(), "ada", &taken, true);
        assert!(error(&dir).contains("already named \"ada\""), "{}", error(&dir));
        let toy = folder(root.path(), "toy", TOY, true);
        let twice = std::env::join_paths([&toy, &toy]).unwrap();
        assert!(error(Path::new(&twice)).contains("already named \"toy\""));
        let table = TOY.replace("\"python\"", "\"in-process\"");
        let dir = folder(root.path(), "toy", &table, true);
        assert!(error(&dir).contains("cannot be plugged in"), "{}", error(&dir));
    }

    #[test]
    fn an_adapter_outside_the_folder_is_not_read() {
        let root = tempfile::tempdir().unwrap();
        std::fs::write(root.path().join("secret.py"), "x").unwrap();
        let sneaky = TOY.replace("\"adapter.py\"", "\"../secret.py\"");
        let dir = folder(root.path(), "toy", &sneaky, true);
        assert!(error(&dir).contains("\"../secret.py\", which is not in its folder"));
    }
}
