//! A set of named read-only data files: a folder on disk, or a copy embedded in the binary.

use std::borrow::Cow;
use std::path::PathBuf;

use crate::embedded::Files;

/// Where a data set's files are read from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DataSource {
    /// Files in a folder.
    Dir(PathBuf),
    /// Files embedded at build time; `label` names their origin (e.g. `corpus/rfc`).
    Embedded { label: &'static str, files: Files },
}

/// A data file that could not be read.
#[derive(Debug, thiserror::Error)]
pub enum DataError {
    #[error("cannot read {path}: {source}")]
    Read { path: String, source: std::io::Error },
    #[error("{name} is not among the files embedded from {label}")]
    NotEmbedded { name: String, label: &'static str },
}

impl DataSource {
    /// The text of file `name`.
    pub fn read(&self, name: &str) -> Result<Cow<'static, str>, DataError> {
        match self {
            DataSource::Dir(dir) => {
                let path = dir.join(name);
                std::fs::read_to_string(&path)
                    .map(Cow::Owned)
                    .map_err(|source| DataError::Read { path: path.display().to_string(), source })
            }
            DataSource::Embedded { label, files } => files
                .iter()
                .find(|(file, _)| *file == name)
                .map(|(_, text)| Cow::Borrowed(*text))
                .ok_or_else(|| DataError::NotEmbedded { name: name.to_owned(), label }),
        }
    }

    /// The names of the files ending in `.<ext>`, sorted (none for a missing folder).
    pub fn names(&self, ext: &str) -> Vec<String> {
        let suffix = format!(".{ext}");
        let mut names: Vec<String> = match self {
            DataSource::Dir(dir) => std::fs::read_dir(dir)
                .into_iter()
                .flatten()
                .filter_map(|e| e.ok()?.file_name().into_string().ok())
                .collect(),
            DataSource::Embedded { files, .. } => {
                files.iter().map(|(name, _)| (*name).to_owned()).collect()
            }
        };
        names.retain(|n| n.ends_with(&suffix));
        names.sort();
        names
    }

    /// How to name file `name` in messages and reports: its path, or `<label>/<name>
    /// (embedded)`.
    pub fn shown(&self, name: &str) -> String {
        match self {
            DataSource::Dir(dir) => dir.join(name).display().to_string(),
            DataSource::Embedded { label, .. } => format!("{label}/{name} (embedded)"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn embedded_and_folder_sources_read_the_same_files() {
        let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("rfc");
        let folder = DataSource::Dir(dir);
        let embedded = DataSource::Embedded { label: "corpus/rfc", files: crate::embedded::RFC };
        assert_eq!(folder.names("json"), ["rfc2396-appendix-c.json", "rfc3986-5.4.json"]);
        assert_eq!(embedded.names("json"), folder.names("json"));
        for name in folder.names("json") {
            assert_eq!(embedded.read(&name).unwrap(), folder.read(&name).unwrap());
        }
        assert_eq!(embedded.shown("x.json"), "corpus/rfc/x.json (embedded)");
        assert!(matches!(embedded.read("nope.json"), Err(DataError::NotEmbedded { .. })));
    }
}
