//! Every registered adapter folder that can run here reports, in its handshake, a version that
//! names both its library's version and its runtime's (Debian's Go, Ruby and PHP are older than
//! their projects' newest releases: the runtime's version in every finding says which one
//! answered). A folder whose runtime is missing is skipped with one line.

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
                assert!(numbers >= 2, "{name}: a library and a runtime version in {version:?}");
                let words = runtime_words(runtime);
                assert!(
                    words.iter().any(|w| version.contains(w)),
                    "{name}: {runtime} in {version:?}"
                );
            });
        }
    });
}
