//! The README, DEVELOPERS.md and docs/ name only paths a clone has: every relative Markdown
//! link and every repository path in a code span or code block must exist, and none may
//! point outside the repository (a clone has nothing beside it).

use regex::Regex;
use std::path::{Path, PathBuf};

/// The repository's top-level folders and files a path in the docs may start with.
const TOP_LEVEL: &str = r"(?:\.ci|\.clusterfuzzlite|\.github|browser-test|campaign|compare|corpus|docs|fuzz|harness|oracles|parser|reports|serve|triage)/[A-Za-z0-9_./-]*|README\.md|DEVELOPERS\.md|Makefile|Cargo\.toml";

/// Paths the docs name that a run or a tool creates (they do not exist in a clone), and the
/// fuzz targets' suite names, which look like paths.
const GENERATED: &[&str] = &[
    "fuzz/differential",
    "fuzz/structured",
    "fuzz/corpus/",
    "fuzz/artifacts/",
    "fuzz/findings/",
    "fuzz/target/",
    "oracles/node/node_modules",
];

fn repository() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap().to_path_buf()
}

fn documents(root: &Path) -> Vec<PathBuf> {
    let mut files = vec![root.join("README.md"), root.join("DEVELOPERS.md")];
    for entry in std::fs::read_dir(root.join("docs")).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "md") {
            files.push(path);
        }
    }
    files.sort();
    files
}

/// Every (line, path) a document names: relative link targets (resolved against the
/// document's folder) and repository paths in backticks or indented code.
fn named_paths(doc: &Path, text: &str, root: &Path) -> Vec<(usize, String, PathBuf)> {
    let link = Regex::new(r"\]\(([^)\s]+)\)").unwrap();
    let span = Regex::new(&format!(r"(?:^|[\s`(])((?:{TOP_LEVEL}))(?:$|[\s`),:;])")).unwrap();
    let mut named = Vec::new();
    for (index, line) in text.lines().enumerate() {
        for found in link.captures_iter(line) {
            let target = &found[1];
            if target.contains("://") || target.starts_with('#') || target.starts_with("mailto:") {
                continue;
            }
            let file = target.split('#').next().unwrap();
            named.push((index + 1, target.to_string(), doc.parent().unwrap().join(file)));
        }
        let code = line.starts_with("    ") || line.contains('`');
        for found in span.captures_iter(line).filter(|_| code) {
            let path = found[1].trim_end_matches(['.', '/']);
            if path.contains('<') || GENERATED.iter().any(|g| path.starts_with(g)) {
                continue;
            }
            named.push((index + 1, path.to_string(), root.join(path)));
        }
    }
    named
}

#[test]
fn every_path_the_docs_name_exists_in_the_repository() {
    let root = repository();
    let mut missing = Vec::new();
    for doc in documents(&root) {
        let text = std::fs::read_to_string(&doc).unwrap();
        if let Some(at) = text.find("../shared") {
            let line = text[..at].lines().count();
            missing
                .push(format!("{}:{line}: ../shared", doc.strip_prefix(&root).unwrap().display()));
        }
        for (line, named, path) in named_paths(&doc, &text, &root) {
            let inside = path.canonicalize().is_ok_and(|p| p.starts_with(&root));
            if !inside {
                missing.push(format!(
                    "{}:{line}: {named}",
                    doc.strip_prefix(&root).unwrap().display()
                ));
            }
        }
    }
    assert!(missing.is_empty(), "paths the docs name that a clone lacks:\n{}", missing.join("\n"));
}

#[test]
fn the_checker_sees_a_missing_path() {
    let root = repository();
    let doc = root.join("docs/x.md");
    let text = "see `parser/src/no-such-file.rs` and [this](no-such.md), not `fuzz/corpus/x`";
    let named = named_paths(&doc, text, &root);
    let names: Vec<&str> = named.iter().map(|(_, n, _)| n.as_str()).collect();
    assert_eq!(names, ["no-such.md", "parser/src/no-such-file.rs"]);
    assert!(named.iter().all(|(_, _, p)| !p.exists()));
}

#[test]
fn the_readme_fits_on_a_few_screens() {
    let readme = std::fs::read_to_string(repository().join("README.md")).unwrap();
    let lines = readme.lines().count();
    assert!(lines <= 300, "README.md has {lines} lines; guides belong in docs/");
}
