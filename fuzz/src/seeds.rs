//! Seed corpora, generated (not committed) from WPT's inputs and the RFC example tables.
//!
//! The WPT files are located the way the rest of urldiff does ([`urldiff_corpus::wpt`]);
//! the RFC tables are `corpus/rfc/*.json`. Only the input strings matter here, so each file
//! is read for those alone (the oracles crate owns the full readers; when the fuzz
//! workspace depends on it for the differential target, these can go through it).
//!
//! Each target's seeds are written in its input layout ([`crate::input`]):
//! - `roundtrip`: every WPT URL test as `input ⟨FF⟩ base ⟨FF⟩ input` (so the setters run with the
//!   input as value) and as `input ⟨FF⟩ base`, every setter test as
//!   `href ⟨FF⟩⟨FF⟩ new value`, every host test as `https://{host}/x`, every percent-encoding
//!   test as `https://doesnotmatter.invalid/?{input}`, every RFC example as `reference ⟨FF⟩ base`;
//! - `setters`: every setter test as a one-step program, each href's tests chained as one
//!   program, and every WPT URL test as a program with no steps;
//! - `rfc_split`, `differential`, `validity`: the WPT URL tests and the RFC examples, each as
//!   `input ⟨FF⟩ base`;
//! - `structured`: deterministic pseudo-random bytes (any bytes describe some case).

use crate::checks::setters::Program;
use crate::checks::Target;
use crate::input;
use anyhow::{Context, Result};
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// The data the seeds come from (as the corpus crate finds or embeds them).
#[derive(Clone, Debug)]
pub struct Sources {
    pub wpt: urldiff_corpus::wpt::WptData,
    pub rfc: urldiff_corpus::data::DataSource,
}

impl Sources {
    pub fn locate() -> Result<Sources> {
        let wpt = urldiff_corpus::wpt::locate()?;
        Ok(Sources { wpt, rfc: urldiff_corpus::rfc_tables() })
    }
}

/// The libFuzzer dictionary every byte-level target uses: `corpus/fuzz/url.dict` of this
/// checkout (the fuzz tools run from it).
pub fn dictionary_path() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..").join("corpus").join("fuzz").join("url.dict")
}

/// The strings seeds are made of, read once.
#[derive(Clone, Debug, Default)]
pub struct Strings {
    /// `(input, base)` of urltestdata.json and urltestdata-javascript-only.json.
    pub url_tests: Vec<(String, Option<String>)>,
    /// `(setter, href, new value)` of setters_tests.json.
    pub setter_tests: Vec<(String, String, String)>,
    /// URLs built from toascii.json, IdnaTestV2.json and percent-encoding.json inputs.
    pub urls: Vec<String>,
    /// `(reference, base)` of the RFC tables.
    pub rfc_examples: Vec<(String, String)>,
}

impl Strings {
    /// Read through the corpus crate's typed reader of each format.
    pub fn read(sources: &Sources) -> Result<Strings> {
        use urldiff_corpus::{urltestdata, wpt_tables};
        let wpt = &sources.wpt;
        let mut s = Strings::default();
        for file in ["urltestdata.json", "urltestdata-javascript-only.json"] {
            let tests = urltestdata::parse(&wpt.read(file)?, &wpt.shown(file))?;
            s.url_tests.extend(tests.entries.into_iter().map(|e| (e.input, e.base)));
        }
        let file = "setters_tests.json";
        let setters = wpt_tables::setters(&wpt.read(file)?, &wpt.shown(file))?;
        s.setter_tests
            .extend(setters.entries.into_iter().map(|t| (t.property, t.href, t.new_value)));
        for file in ["toascii.json", "IdnaTestV2.json"] {
            let tests = wpt_tables::host_tests(&wpt.read(file)?, &wpt.shown(file))?;
            s.urls.extend(tests.entries.iter().map(|t| format!("https://{}/x", t.input)));
        }
        let file = "percent-encoding.json";
        let tests = wpt_tables::percent_encoding(&wpt.read(file)?, &wpt.shown(file))?;
        s.urls.extend(
            tests.entries.iter().map(|t| format!("https://doesnotmatter.invalid/?{}", t.input)),
        );
        for file in ["rfc3986-5.4.json", "rfc2396-appendix-c.json"] {
            let table =
                wpt_tables::rfc_examples(&sources.rfc.read(file)?, &sources.rfc.shown(file))?;
            let base = &table.base;
            s.rfc_examples.extend(table.examples.into_iter().map(|e| (e.reference, base.clone())));
        }
        Ok(s)
    }
}

/// The seeds of `target`, deduplicated, in a stable order.
pub fn generate(target: &Target, strings: &Strings) -> Vec<Vec<u8>> {
    let url_tests = || {
        strings
            .url_tests
            .iter()
            .map(|(i, b)| input::encode(&[i.as_str(), b.as_deref().unwrap_or("")]))
    };
    let url_tests_with_setters = || {
        let tests = strings.url_tests.iter();
        tests.map(|(i, b)| input::encode(&[i.as_str(), b.as_deref().unwrap_or(""), i]))
    };
    let rfc = || strings.rfc_examples.iter().map(|(r, b)| input::encode(&[r, b]));
    let seeds: BTreeSet<Vec<u8>> = match target.name {
        "roundtrip" => url_tests()
            .chain(url_tests_with_setters())
            .chain(
                strings
                    .setter_tests
                    .iter()
                    .map(|(_, href, value)| input::encode(&[href, "", value])),
            )
            .chain(strings.urls.iter().map(|u| u.as_bytes().to_vec()))
            .chain(rfc())
            .collect(),
        "setters" => setter_programs(&strings.setter_tests).chain(url_tests()).collect(),
        "rfc_split" => url_tests().chain(rfc()).collect(),
        "differential" | "validity" => url_tests().chain(rfc()).collect(),
        "structured" => (0..256u64)
            .map(|i| urldiff_corpus::urlgen::Rng::new(i).bytes(16 + (i as usize * 37) % 1024))
            .collect(),
        _ => BTreeSet::new(),
    };
    seeds.into_iter().collect()
}

/// The `differential` target's seeds (`input ⟨FF⟩ base`) followed by `generated` cases that
/// urldiff's generator makes from them (mutations of the seeds and grammar-built URLs, fixed
/// seed): inputs like those a campaign executes, the same on every run, no libFuzzer needed.
/// The target's benchmark (`benches/differential_rate.rs`) and its agreement test run them.
pub fn differential_workload(strings: &Strings, generated: usize) -> Vec<Vec<u8>> {
    use urldiff_corpus::urlgen::{self, GenCase};
    let seeds = generate(&crate::checks::DIFFERENTIAL, strings);
    let cases: Vec<GenCase> = seeds
        .iter()
        .map(|data| {
            let fields = input::fields(data);
            let base = input::optional(&fields, 1).map(str::to_owned);
            GenCase { input: fields[0].to_string(), base }
        })
        .collect();
    let made = urlgen::generate(&cases, generated, urlgen::DEFAULT_SEED);
    let made =
        made.iter().map(|c| input::encode(&[c.input.as_str(), c.base.as_deref().unwrap_or("")]));
    seeds.iter().cloned().chain(made).collect()
}

/// One program per setter test, and one per href chaining up to eight of its tests.
fn setter_programs(tests: &[(String, String, String)]) -> impl Iterator<Item = Vec<u8>> + '_ {
    let step = |setter: &str, value: &str| Program::step_field(setter, value);
    let single = tests.iter().filter_map(move |(setter, href, value)| {
        Some(input::encode(&[href.clone(), String::new(), step(setter, value)?]))
    });
    let mut by_href: BTreeMap<&str, Vec<String>> = BTreeMap::new();
    for (setter, href, value) in tests {
        by_href.entry(href).or_default().extend(step(setter, value));
    }
    let chained = by_href.into_iter().filter(|(_, steps)| steps.len() > 1).map(|(href, steps)| {
        let mut fields = vec![href.to_owned(), String::new()];
        fields.extend(steps.into_iter().take(8));
        input::encode(&fields)
    });
    single.chain(chained)
}

/// The file name libFuzzer would give an input: a hash of its bytes.
pub fn file_name(data: &[u8]) -> String {
    use sha2::{Digest, Sha256};
    urldiff_corpus::hex(&Sha256::digest(data)[..20])
}

/// Write `seeds` into `dir` (created if missing), one file each; the number written.
pub fn write(dir: &Path, seeds: &[Vec<u8>]) -> Result<usize> {
    std::fs::create_dir_all(dir).with_context(|| format!("creating {}", dir.display()))?;
    for seed in seeds {
        let path = dir.join(file_name(seed));
        std::fs::write(&path, seed).with_context(|| format!("writing {}", path.display()))?;
    }
    Ok(seeds.len())
}

/// The seeds on which `target`'s check finds nothing and breaks nothing: the seed corpus for
/// engines built with `crash-on-divergence`, where a seed with a finding would crash at once.
pub fn without_findings(target: &Target, seeds: Vec<Vec<u8>>) -> Vec<Vec<u8>> {
    seeds.into_iter().filter(|seed| matches!((target.check)(seed), Ok(f) if f.is_empty())).collect()
}

/// The libFuzzer options of `target` as an OSS-Fuzz `.options` file, the dictionary named
/// as it lies beside the binary.
pub fn options_file(target: &Target, dictionary_name: &str) -> String {
    let mut s = format!("[libfuzzer]\nmax_len = {}\n", target.max_len);
    if target.uses_dictionary {
        s.push_str(&format!("dict = {dictionary_name}\n"));
    }
    s
}

/// The same options as libFuzzer command-line flags.
pub fn libfuzzer_flags(target: &Target, dictionary: &Path) -> Vec<String> {
    let mut flags = vec![format!("-max_len={}", target.max_len)];
    if target.uses_dictionary {
        flags.push(format!("-dict={}", dictionary.display()));
    }
    flags
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A dictionary line's token, decoded as libFuzzer does (`\\`, `\"`, `\xNN`).
    fn token(line: &str) -> Option<Vec<u8>> {
        let body = line.strip_prefix('"')?.strip_suffix('"')?;
        let mut out = Vec::new();
        let mut bytes = body.bytes();
        while let Some(b) = bytes.next() {
            match b {
                b'\\' => match bytes.next()? {
                    b'x' => {
                        let hex = [bytes.next()?, bytes.next()?];
                        out.push(u8::from_str_radix(std::str::from_utf8(&hex).ok()?, 16).ok()?);
                    }
                    c @ (b'\\' | b'"') => out.push(c),
                    _ => return None,
                },
                b'"' => return None,
                0x20..=0x7E => out.push(b),
                _ => return None,
            }
        }
        Some(out)
    }

    #[test]
    fn the_dictionary_is_in_libfuzzer_format_and_has_the_url_alphabet() {
        let text = std::fs::read_to_string(dictionary_path()).unwrap();
        let mut tokens = BTreeSet::new();
        for (i, line) in text.lines().enumerate() {
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            tokens.insert(token(line).unwrap_or_else(|| panic!("line {}: {line:?}", i + 1)));
        }
        for needed in [
            "http:",
            "file:",
            "\\\\",
            "%2e",
            "%2E",
            "xn--",
            "[::ffff:1.2.3.4]",
            "0x",
            "\t",
            "\n",
            "\u{3002}",
            "\u{FF0E}",
            "\u{FF41}",
            "@",
            ":",
            "?",
            "#",
        ] {
            assert!(tokens.contains(needed.as_bytes()), "the dictionary lacks {needed:?}");
        }
        assert!(tokens.contains(&vec![input::SEPARATOR]), "the dictionary lacks the separator");
    }

    #[test]
    fn options_and_flags_name_max_len_and_the_dictionary() {
        let roundtrip = crate::checks::target("roundtrip").unwrap();
        assert_eq!(
            options_file(roundtrip, "url.dict"),
            "[libfuzzer]\nmax_len = 1024\ndict = url.dict\n"
        );
        let structured = crate::checks::target("structured").unwrap();
        assert_eq!(libfuzzer_flags(structured, Path::new("/d")), ["-max_len=4096"]);
    }
}
