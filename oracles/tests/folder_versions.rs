//! Every registered adapter folder that can run here reports, in its handshake, a version that
//! names its runtime and the runtime's version (Debian's Go, Ruby and PHP are older than their
//! projects' newest releases: the runtime's version in every finding says which one answered),
//! and, for a library installed from a registry (pip, npm), the library's own version too; a
//! runtime's standard library (PHP's parse_url, Go's net/url) is versioned by its runtime. A
//! folder whose runtime is missing is skipped with one line.

use urldiff_oracles::subprocess::folder::folder_oracle;
use urldiff_oracles::{Availability, Oracle};

/// The words a runtime's own version report contains.
fn runtime_words(runtime: &str) -> &'static [&'static str] {
    match runtime {
        "python" => &["python"],
        "php" => &["php"],
        "ruby" => &["ruby"],
        "go" => &["go"],
        "node" => &["node"],
        "java" => &["java", "jdk"],
        _ => &[],
    }
}

#[test]
fn every_folder_version_names_its_library_and_its_runtime() {
    let folders = urldiff_oracles::parsers::adapter_folders();
    std::thread::scope(|scope| {
        for folder in folders {
            scope.spawn(move || {
                let name = folder.descriptor.name.clone();
                let runtime = folder.descriptor.runtime.name();
                let install = &folder.descriptor.install;
                let packaged = install.pip.is_some() || !install.npm.is_empty();
                let oracle = folder_oracle(folder);
                if let Availability::Unavailable { reason } = oracle.availability() {
                    urldiff_corpus::required::skip(runtime, "folder versions", &reason);
                    return;
                }
                let version = oracle.info().version.to_lowercase();
                let numbers = version
                    .split(|c: char| !c.is_ascii_digit() && c != '.')
                    .filter(|w| w.contains(|c: char| c.is_ascii_digit()))
                    .count();
                let wanted = if packaged { 2 } else { 1 };
                assert!(numbers >= wanted, "{name}: {wanted} version numbers in {version:?}");
                let words = runtime_words(runtime);
                assert!(
                    words.iter().any(|w| version.contains(w)),
                    "{name}: {runtime} in {version:?}"
                );
            });
        }
    });
}
