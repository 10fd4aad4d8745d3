//! urldiff-fuzz: the checks behind urldiff's fuzz targets, as a library.
//!
//! Each target (`fuzz_targets/<name>.rs`) is a thin `fuzz_target!` over [`fuzz_one`] with
//! one [`checks::Target`]; the check itself is a plain function of the input bytes, so
//! `cargo test` here replays the seed corpus through every check on a stable toolchain
//! without libFuzzer ([`replay`]), and a crash file can be replayed the same way.
//!
//! - [`input`]: the byte layout of the byte-level targets (fields split on `0xFF`);
//! - [`checks`]: one module per target, and the [`checks::TARGETS`] table;
//! - [`findings`]: divergences recorded one file per signature, the run going on;
//! - [`seeds`]: seed corpora from WPT and the RFC tables, the dictionary, options files;
//! - [`replay`]: running inputs through a check without libFuzzer;
//! - [`structured`]: the structured URL description the `structured` target generates.

#![forbid(unsafe_code)]

pub mod checks;
pub mod findings;
pub mod input;
pub mod replay;
pub mod seeds;
pub mod structured;

use checks::Target;

/// One libFuzzer execution: run the check; a broken invariant panics (libFuzzer keeps the
/// input as a crash), a finding is recorded and the run goes on — or, with the
/// `crash-on-divergence` feature, panics with its signature in the message.
pub fn fuzz_one(target: &Target, data: &[u8]) {
    match (target.check)(data) {
        Err(violation) => panic!("{violation}"),
        Ok(found) => found.into_iter().for_each(report),
    }
}

#[cfg(feature = "crash-on-divergence")]
fn report(finding: findings::Finding) {
    panic!("divergence {}: {}", finding.signature, finding.detail);
}

#[cfg(not(feature = "crash-on-divergence"))]
fn report(finding: findings::Finding) {
    use std::collections::HashMap;
    use std::sync::{Mutex, OnceLock};
    static WRITERS: OnceLock<Mutex<HashMap<&'static str, findings::FindingsWriter>>> =
        OnceLock::new();
    let mut writers =
        WRITERS.get_or_init(Default::default).lock().unwrap_or_else(|p| p.into_inner());
    let writer = writers.entry(finding.target).or_insert_with(|| {
        let dir = findings::default_dir(finding.target);
        findings::FindingsWriter::new(&dir)
            .unwrap_or_else(|e| panic!("cannot create the findings folder {}: {e}", dir.display()))
    });
    if let Err(e) = writer.record(&finding) {
        panic!("cannot write a finding to {}: {e}", writer.dir().display());
    }
}
