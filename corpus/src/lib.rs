//! urldiff-corpus: where urldiff's data lives and how to read it.
//!
//! - [`wpt`] locates the WPT URL test files. They are not committed: the `ada-url` crate
//!   (pinned, newest) ships them under its `tests/wpt/` folder, which `cargo fetch` puts in
//!   the cargo registry; we find that folder through `cargo metadata`. A synced upstream copy
//!   (`urldiff corpus sync`) is preferred when present.
//! - [`usv_json`] reads JSON whose strings may hold lone-surrogate escapes (`"\uD800"`), which
//!   a Rust `String` cannot hold, converting each lone surrogate to U+FFFD as a USVString
//!   conversion does, and counting them.
//! - [`urltestdata`] is the one reader of the urltestdata.json format (WPT's URL files and our
//!   own `corpus/cases/`), returning entries of this crate's own type.
//! - [`urlgen`] generates URL-ish inputs deterministically (mutations of seed cases and
//!   grammar-built URLs), for differential tests and the `validity/generated` conform suite.

pub mod urlgen;
pub mod urltestdata;
pub mod usv_json;
pub mod wpt;

/// The repository root (the folder holding the workspace `Cargo.toml`).
pub fn repo_root() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("corpus crate lives one level below the repository root")
        .to_path_buf()
}
