//! urldiff library: the conformance driver, shared by the binary and the tests.

pub mod conform;
