//! urldiff library: the conformance driver and the stdout writer, shared by the binary and the
//! tests.

#![deny(clippy::print_stdout)]

pub mod conform;
pub mod output;
