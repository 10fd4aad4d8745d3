//! A public type name means one thing (issue 33): at most [`MOST_SHARED`] names of a
//! `pub struct`, `pub enum`, `pub type` or `pub trait` are defined in two source files or more
//! across the workspace's crates (their `src/`; tests and benchmarks define their own helpers).
//! Not counted: a definition repeated in one file for another platform (`#[cfg]`), and an alias
//! that fixes the parameters of the generic type of the same name (`pub type Ledger =
//! ledger::Ledger<SharedField>`: one thing, in the comparison's terms).
//!
//! The same count from a shell, at the workspace's root:
//! `git ls-files '*/src/*.rs' ':!fuzz' | xargs grep -hoE '^\s*pub (struct|enum|type|trait) \w+'`.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// The most names that may still be defined in two places: each is a distinct thing in a crate
/// of its own whose module path tells them apart (`Violation` of RFC 3986's grammar and of the
/// URL Standard's; triage's `Ledger` trait over corpus's `Ledger`; …).
const MOST_SHARED: usize = 5;

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    for entry in entries.filter_map(Result::ok) {
        let path = entry.path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The public type names `text` defines, each once, without the aliases of a same-named generic.
fn defined(text: &str) -> BTreeSet<String> {
    let mut names = BTreeSet::new();
    for line in text.lines().map(str::trim_start) {
        let Some(rest) = ["pub struct ", "pub enum ", "pub type ", "pub trait "]
            .iter()
            .find_map(|kind| line.strip_prefix(kind))
        else {
            continue;
        };
        let name: String = rest.chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect();
        let alias_of_same = line.starts_with("pub type ")
            && rest.split_once('=').is_some_and(|(_, target)| {
                target.contains(&format!("::{name}<")) || target.contains(&format!("::{name};"))
            });
        if !name.is_empty() && !alias_of_same {
            names.insert(name);
        }
    }
    names
}

/// Each public type name defined in two files or more, with those files.
fn shared_names(root: &Path) -> BTreeMap<String, Vec<String>> {
    let manifest = std::fs::read_to_string(root.join("Cargo.toml")).unwrap();
    let members = manifest.split("members = [").nth(1).unwrap().split(']').next().unwrap();
    let mut files = Vec::new();
    for member in members.split(',').map(|m| m.trim().trim_matches('"')).filter(|m| !m.is_empty()) {
        rust_files(&root.join(member).join("src"), &mut files);
    }
    let mut by_name: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for file in files {
        let text = std::fs::read_to_string(&file).unwrap();
        let shown = file.strip_prefix(root).unwrap().display().to_string();
        for name in defined(&text) {
            by_name.entry(name).or_default().push(shown.clone());
        }
    }
    by_name.retain(|_, files| files.len() > 1);
    by_name
}

#[test]
fn few_public_type_names_are_defined_twice() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let shared = shared_names(&root);
    let listed: Vec<String> =
        shared.iter().map(|(name, files)| format!("{name}: {}", files.join(", "))).collect();
    assert!(
        shared.len() <= MOST_SHARED,
        "{} public type names are defined in two files or more (at most {MOST_SHARED}); rename \
         so that a name means one thing:\n{}",
        shared.len(),
        listed.join("\n")
    );
}

#[test]
fn a_name_defined_in_two_files_is_counted_and_an_alias_of_its_generic_is_not() {
    let root = tempfile::tempdir().unwrap();
    std::fs::write(root.path().join("Cargo.toml"), "members = [\"a\", \"b\"]\n").unwrap();
    for (member, text) in [
        ("a", "pub struct Cell;\npub struct Ledger<F>(F);\n#[cfg(unix)]\npub struct Pipe;\n"),
        ("b", "pub enum Cell {}\npub type Ledger = a::Ledger<u8>;\n#[cfg(not(unix))]\n"),
    ] {
        std::fs::create_dir_all(root.path().join(member).join("src")).unwrap();
        std::fs::write(root.path().join(member).join("src/lib.rs"), text).unwrap();
    }
    let shared = shared_names(root.path());
    assert_eq!(shared.keys().collect::<Vec<_>>(), ["Cell"]);
}
