//! `urldiff parse --rfc3986|--rfc2396`. STUB — being implemented.
use crate::cmd_parse::ParseArgs;

pub fn run(args: &ParseArgs) -> anyhow::Result<u8> {
    let _ = args;
    anyhow::bail!("RFC mode is not implemented yet")
}
