//! The crates layer one way (DEVELOPERS.md, "Layout"): parser < corpus < oracles < compare <
//! triage < conform < reports < {serve, campaign} < harness. What a crate builds with (`[dependencies]`,
//! `[build-dependencies]`, their `[target.….dependencies]`) may name only crates below it: an
//! upward or sideways dependency fails here with the crate, the table and the name. Tests may
//! read data from anywhere (`[dev-dependencies]`: the parser's tests read the corpus). The fuzz
//! workspace sits beside the binary, over the library crates.

use std::path::Path;

/// Each crate's folder and package name, lowest first; crates on one level may not depend on
/// each other.
const LEVELS: &[&[(&str, &str)]] = &[
    &[("parser", "urldiff-parser")],
    &[("corpus", "urldiff-corpus")],
    &[("oracles", "urldiff-oracles")],
    &[("compare", "urldiff-compare")],
    &[("triage", "urldiff-triage")],
    &[("conform", "urldiff-conform")],
    &[("reports", "urldiff-reports")],
    &[("serve", "urldiff-serve"), ("campaign", "urldiff-campaign")],
    &[("harness", "urldiff"), ("fuzz", "urldiff-fuzz")],
];

/// Test support, used by tests only.
const TEST_SUPPORT: &str = "urldiff-browser-test";

/// The level of a package name, if it is one of ours.
fn level_of(package: &str) -> Option<usize> {
    LEVELS.iter().position(|level| level.iter().any(|(_, name)| *name == package))
}

/// The names under every dependency table of a Cargo.toml a build reads (not the tests'
/// `[dev-dependencies]`), with the table's name.
fn dependencies(manifest: &str) -> Vec<(String, String)> {
    let mut table = String::new();
    let mut found = Vec::new();
    for line in manifest.lines().map(str::trim) {
        if line.starts_with('[') {
            table = line.trim_matches(['[', ']']).to_owned();
            continue;
        }
        if !table.ends_with("dependencies") || table.ends_with("dev-dependencies") {
            continue;
        }
        if let Some((name, _)) = line.split_once('=') {
            let name = name.trim().trim_end_matches(".workspace").to_owned();
            if !name.is_empty() && !name.starts_with('#') {
                found.push((table.clone(), name));
            }
        }
    }
    found
}

fn upward_dependencies(root: &Path) -> Vec<String> {
    let mut problems = Vec::new();
    for (level, crates) in LEVELS.iter().enumerate() {
        for (folder, package) in *crates {
            let path = root.join(folder).join("Cargo.toml");
            let manifest = std::fs::read_to_string(&path)
                .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
            for (table, name) in dependencies(&manifest) {
                let Some(theirs) = level_of(&name) else { continue };
                if theirs >= level {
                    problems.push(format!("{package} [{table}] depends on {name}"));
                }
            }
        }
    }
    problems
}

#[test]
fn no_crate_depends_on_one_above_or_beside_it() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let problems = upward_dependencies(&root);
    assert!(problems.is_empty(), "dependencies against the layering:\n{}", problems.join("\n"));
}

#[test]
fn every_workspace_crate_has_a_level() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let workspace = std::fs::read_to_string(root.join("Cargo.toml")).unwrap();
    for (_, name) in dependencies(&workspace) {
        if name.starts_with("urldiff-") && name != TEST_SUPPORT {
            assert!(level_of(&name).is_some(), "{name} is in no level of LEVELS");
        }
    }
}

#[test]
fn an_upward_dependency_is_caught() {
    let root = tempfile::tempdir().unwrap();
    for level in LEVELS {
        for (folder, _) in *level {
            std::fs::create_dir_all(root.path().join(folder)).unwrap();
            std::fs::write(root.path().join(folder).join("Cargo.toml"), "[dependencies]\n")
                .unwrap();
        }
    }
    let sideways = "[dependencies]\nurldiff-campaign.workspace = true\n";
    std::fs::write(root.path().join("serve/Cargo.toml"), sideways).unwrap();
    let upward = "[dev-dependencies]\nurldiff-serve.workspace = true\n\
                  [target.'cfg(unix)'.dependencies]\nurldiff-reports = { path = \"../reports\" }\n";
    std::fs::write(root.path().join("triage/Cargo.toml"), upward).unwrap();
    assert_eq!(
        upward_dependencies(root.path()),
        [
            "urldiff-triage [target.'cfg(unix)'.dependencies] depends on urldiff-reports",
            "urldiff-serve [dependencies] depends on urldiff-campaign",
        ]
    );
}
