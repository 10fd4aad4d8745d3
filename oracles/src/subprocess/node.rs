//! The Node oracles `node-url` (Node's built-in WHATWG `URL`), `whatwg-url` (the npm package,
//! with the input's validation errors and valid-URL-string verdicts) and `url-parse` (the npm
//! package, its fields mapped onto the WHATWG record): folder oracles
//! (`oracles/parsers/<oracle>/adapter.js` on the Node host `oracles/runtimes/node/host.js`,
//! launched by [`super::folder`]), kept at their place among the built-in oracles; their npm
//! packages are installed by [`super::npm`]. The version is the adapter's own report: `node v20.… (ada 2.9.2)` (naming
//! the ada Node bundles), or `whatwg-url 17.3.0 on node v20.…`.

use super::pool::WorkerOracle;

/// The Node folders listed among the built-in oracles, in their places (after python-urllib),
/// rather than with the other folders.
pub const BUILT_IN: [&str; 3] = ["node-url", "whatwg-url", "url-parse"];

/// Node's built-in `URL`.
pub fn node_url() -> WorkerOracle {
    built_in("node-url")
}

/// The `whatwg-url` npm package (with validation errors and valid-URL-string verdicts).
pub fn whatwg_url() -> WorkerOracle {
    built_in("whatwg-url")
}

/// The `url-parse` npm package.
pub fn url_parse() -> WorkerOracle {
    built_in("url-parse")
}

/// The folder oracle of a registered Node folder.
fn built_in(name: &str) -> WorkerOracle {
    let folder = crate::parsers::adapter_folders()
        .into_iter()
        .find(|f| f.descriptor.name == name)
        .unwrap_or_else(|| panic!("oracles/parsers/{name} is registered with its adapter"));
    super::folder::folder_oracle(folder)
}
