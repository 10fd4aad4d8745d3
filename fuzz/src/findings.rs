//! Findings: divergences a check records without stopping the run.
//!
//! A finding carries a *signature* (a stable string naming what diverged, e.g.
//! `setters:host:fields=host,href`), a human-readable detail and the raw input. The
//! [`FindingsWriter`] keeps one file per signature in a folder, so a campaign collects many
//! distinct divergences instead of stopping at the first; a signature seen before (in this
//! process, or as a file from an earlier run or another fuzzing job) is skipped.
//!
//! Under the `crash-on-divergence` feature a finding panics instead, with the signature in
//! the message, for engines that only report crashes (see [`crate::fuzz_one`]).

use sha2::{Digest, Sha256};
use std::collections::HashSet;
use std::io::{self, Write};
use std::path::{Path, PathBuf};

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Finding {
    pub target: &'static str,
    /// The signature's one-line form.
    pub signature: String,
    /// A stable id of the signature: the findings file's name.
    pub signature_id: String,
    pub detail: String,
    /// The URL input the check ran (for the byte-level targets, the raw input read as text).
    pub input: String,
    pub base: Option<String>,
    /// The raw fuzz input, for replay.
    pub data: Vec<u8>,
}

impl Finding {
    /// A finding whose id is a hash of its signature, its input the raw bytes read as text.
    pub fn new(target: &'static str, signature: String, detail: String, data: &[u8]) -> Self {
        let hash = Sha256::digest(signature.as_bytes());
        Finding {
            target,
            signature_id: urldiff_corpus::hex(&hash[..8]),
            signature,
            detail,
            input: String::from_utf8_lossy(data).into_owned(),
            base: None,
            data: data.to_vec(),
        }
    }

    /// A divergence of the comparison core: its signature's one-line form and id
    /// (`urldiff_compare::Signature::id_of_line`), about the URL `input` against `base`.
    pub fn of_divergence(
        target: &'static str,
        (signature, signature_id): (String, String),
        detail: String,
        data: &[u8],
        (input, base): (&str, Option<&str>),
    ) -> Self {
        Finding {
            target,
            signature_id,
            signature,
            detail,
            input: input.to_owned(),
            base: base.map(str::to_owned),
            data: data.to_vec(),
        }
    }

    /// The same finding about the URL `input` against `base`.
    pub fn about(mut self, input: &str, base: Option<&str>) -> Self {
        self.input = input.to_owned();
        self.base = base.map(str::to_owned);
        self
    }

    /// The findings file's name (docs/campaign-layout.md): `<signature-id>.json`.
    pub fn file_name(&self) -> String {
        format!("{}.json", self.signature_id)
    }

    /// The findings file's content (docs/campaign-layout.md): `target`, `signature_id`,
    /// `signature`, `input`, `base`, `found`, plus `detail` and `input_hex` (the exact fuzz
    /// input, for replay).
    pub fn to_json(&self) -> serde_json::Value {
        serde_json::json!({
            "target": self.target,
            "signature_id": self.signature_id,
            "signature": self.signature,
            "input": self.input,
            "base": self.base,
            "found": humantime::format_rfc3339_seconds(std::time::SystemTime::now()).to_string(),
            "detail": self.detail,
            "input_hex": urldiff_corpus::hex(&self.data),
        })
    }
}

/// One file per signature in a folder.
#[derive(Debug)]
pub struct FindingsWriter {
    dir: PathBuf,
    seen: HashSet<String>,
}

impl FindingsWriter {
    pub fn new(dir: &Path) -> io::Result<Self> {
        std::fs::create_dir_all(dir)?;
        Ok(FindingsWriter { dir: dir.to_path_buf(), seen: HashSet::new() })
    }

    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// Write `finding` if its signature is new; `Ok(true)` when it was. The file appears
    /// whole or not at all (written to a temporary file, then renamed).
    pub fn record(&mut self, finding: &Finding) -> io::Result<bool> {
        if !self.seen.insert(finding.signature.clone()) {
            return Ok(false);
        }
        let path = self.dir.join(finding.file_name());
        if path.exists() {
            return Ok(false);
        }
        let mut file = tempfile::NamedTempFile::new_in(&self.dir)?;
        serde_json::to_writer_pretty(&mut file, &finding.to_json())?;
        file.write_all(b"\n")?;
        file.persist(&path).map_err(|e| e.error)?;
        Ok(true)
    }
}

/// Where a fuzz target writes its findings: `$URLDIFF_FUZZ_FINDINGS/<target>` (`urldiff fuzz`
/// sets it to the campaign's `findings/`), else `fuzz/findings/<target>`.
pub fn default_dir(target: &str) -> PathBuf {
    match std::env::var_os("URLDIFF_FUZZ_FINDINGS") {
        Some(dir) => PathBuf::from(dir).join(target),
        None => Path::new(env!("CARGO_MANIFEST_DIR")).join("findings").join(target),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn finding(signature: &str, input: &[u8]) -> Finding {
        Finding::new("setters", signature.into(), "why".into(), input)
    }

    #[test]
    fn one_file_per_signature_across_writers() {
        let dir = tempfile::tempdir().unwrap();
        let mut writer = FindingsWriter::new(dir.path()).unwrap();
        assert!(writer.record(&finding("a", b"x")).unwrap());
        assert!(!writer.record(&finding("a", b"other input, same signature")).unwrap());
        assert!(writer.record(&finding("b", b"\xff\x00")).unwrap());
        // A second writer (another job, or the next run) skips what the folder holds.
        let mut again = FindingsWriter::new(dir.path()).unwrap();
        assert!(!again.record(&finding("b", b"y")).unwrap());
        assert!(again.record(&finding("c", b"z")).unwrap());
        let mut names: Vec<String> = std::fs::read_dir(dir.path())
            .unwrap()
            .map(|e| e.unwrap().file_name().into_string().unwrap())
            .collect();
        names.sort();
        assert_eq!(names.len(), 3, "{names:?}");
        let b = finding("b", b"\xff\x00");
        let text = std::fs::read_to_string(dir.path().join(b.file_name())).unwrap();
        let json: serde_json::Value = serde_json::from_str(&text).unwrap();
        assert_eq!(json["signature"], "b");
        assert_eq!(json["signature_id"].as_str().unwrap().len(), 16);
        assert_eq!(json["input_hex"], "ff00");
        assert_eq!(json["input"], "\u{FFFD}\u{0}");
        assert_eq!(json["base"], serde_json::Value::Null);
        assert!(json["found"].as_str().unwrap().ends_with('Z'), "{json}");
        let about = b.clone().about("http://a/", Some("http://b/")).to_json();
        assert_eq!(
            (about["input"].as_str(), about["base"].as_str()),
            (Some("http://a/"), Some("http://b/"))
        );
    }
}
