// The pinned WPT data, one list for the crate and its build script (`build.rs` includes this
// file with `include!`, so it holds only constants).

/// The `ada-url` package version whose `tests/wpt/` copy is embedded (see `build.rs`).
pub const ADA_URL_VERSION: &str = "4.0.0";

/// The WPT files urldiff uses, by file name.
pub const FILES: &[&str] = &[
    "urltestdata.json",
    "urltestdata-javascript-only.json",
    "setters_tests.json",
    "toascii.json",
    "percent-encoding.json",
    "IdnaTestV2.json",
];
