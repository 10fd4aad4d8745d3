//! `java-uri`: `java.net.URI`, the folder `oracles/parsers/java-uri/` (its `Adapter.java` on the
//! Java host `oracles/runtimes/java/Host.java`, compiled together once, see [`super::jdk`]),
//! kept in its place among the built-in subprocess oracles.

use super::pool::WorkerOracle;

/// The `java-uri` oracle.
pub fn java_uri() -> WorkerOracle {
    let folder = crate::parsers::adapter_folders()
        .into_iter()
        .find(|f| f.descriptor.name == JAVA_URI)
        .unwrap_or_else(|| panic!("oracles/parsers/{JAVA_URI} is registered with its adapter"));
    super::folder::folder_oracle(folder)
}

/// java-uri's name: a built-in subprocess oracle in its own place, not among the folders.
pub const JAVA_URI: &str = "java-uri";
