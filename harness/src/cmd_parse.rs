//! `urldiff parse`. STUB
use clap::Args;

#[derive(Debug, Args)]
pub struct ParseArgs {
    /// The input to parse.
    pub input: Option<String>,
}

pub fn run(args: ParseArgs) -> anyhow::Result<u8> {
    let _ = args;
    Ok(0)
}
