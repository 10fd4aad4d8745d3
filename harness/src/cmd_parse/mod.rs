//! `urldiff parse`: the reference parser's answer for one input, or a JSON Lines stream.
//!
//! WHATWG mode (default) prints the URL API record, the validation errors (names, and names with
//! positions) and the valid-URL-string verdict (see [`whatwg_help`]); `--rfc3986` and
//! `--rfc2396` print the RFC model (see [`rfc`]).

mod rfc;

use anyhow::bail;
use clap::Args;
use std::io::Write as _;
use urldiff_parser::ATTRIBUTES;
use urldiff_reports::parse_answer::WhatwgAnswer;

/// What WHATWG mode prints, for `urldiff parse --help` (the RFC modes' text follows it); the
/// record's fields are the parser's list.
pub fn whatwg_help() -> String {
    format!("{WHATWG_HELP_HEAD}\n  {}\n{WHATWG_HELP_TAIL}", ATTRIBUTES.join(", "))
}

const WHATWG_HELP_HEAD: &str = "WHATWG mode (default): the URL API record of INPUT parsed \
against --base:";

const WHATWG_HELP_TAIL: &str = "\
      (on failure {\"failure\": true} instead)
  errors  the validation errors the parser met, by their spec names, every occurrence in order
      (the base's, when the base does not parse)
  validation_errors  the same, as [{\"name\", \"position\"}]; a position is a byte offset
      into INPUT (or the base)
  valid_url_string  whether INPUT is a valid URL string (the URL Standard's writing grammar,
      against the base for relative forms); null when the base does not parse
  url_string_violation  when it is not: {\"production\", \"position\"}, the first production
      of the grammar that fails and the byte offset where";

fn after_help() -> String {
    format!("{}\n\n{}", whatwg_help(), rfc::AFTER_HELP)
}

#[derive(Debug, Args)]
#[command(after_help = after_help())]
pub struct ParseArgs {
    /// The input to parse (omit with --jsonl).
    pub input: Option<String>,
    /// Parse the input against this base URL.
    #[arg(long)]
    pub base: Option<String>,
    /// Print one JSON object instead of a table.
    #[arg(long)]
    pub json: bool,
    /// Read JSON lines {"input": ..., "base": ...|null} from stdin, answer each on stdout.
    #[arg(long, conflicts_with_all = ["input", "base", "json"])]
    pub jsonl: bool,
    /// Use RFC 3986 instead of the WHATWG URL Standard.
    #[arg(long, conflicts_with = "rfc2396")]
    pub rfc3986: bool,
    /// Use RFC 2396 resolution (the RFC 3986 split and check otherwise).
    #[arg(long)]
    pub rfc2396: bool,
}

pub fn run(args: ParseArgs) -> anyhow::Result<u8> {
    if args.rfc3986 || args.rfc2396 {
        return rfc::run(&args);
    }
    if args.jsonl {
        return urldiff::output::serve_jsonl(|r| WhatwgAnswer::of(&r.input, r.base.as_deref()));
    }
    let Some(input) = args.input.as_deref() else {
        bail!("no input given (pass INPUT, or --jsonl to read JSON lines from stdin)");
    };
    let answer = WhatwgAnswer::of(input, args.base.as_deref());
    if args.json {
        // Written as serialized, through a buffer: the answer can be hundreds of megabytes.
        let mut out = std::io::BufWriter::with_capacity(1 << 16, std::io::stdout().lock());
        let stdout_error = |e: std::io::Error| urldiff::output::StdoutError(e);
        serde_json::to_writer(&mut out, &answer).map_err(|e| stdout_error(e.into()))?;
        writeln!(out).and_then(|()| out.flush()).map_err(stdout_error)?;
    } else {
        urldiff::out!("{}", answer.for_person(args.base.as_deref()));
    }
    // 0 parsed, 1 did not parse (2, a usage error, comes from clap or the bail above).
    Ok(u8::from(answer.failure))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::Value;

    fn whatwg_json(input: &str, base: Option<&str>) -> Value {
        serde_json::to_value(WhatwgAnswer::of(input, base)).unwrap()
    }

    #[test]
    fn help_names_every_key() {
        let help = whatwg_help();
        for key in ["errors", "validation_errors", "valid_url_string", "url_string_violation"] {
            assert!(help.contains(key), "{key}");
        }
        // The record's keys, in the order `--json` writes them.
        let record = whatwg_json("https://h/", None);
        let keys: Vec<&str> = record.as_object().unwrap().keys().map(String::as_str).collect();
        let listed = format!("\n  {}\n", keys[..11].join(", "));
        assert!(help.contains(&listed), "{listed:?} in {help}");
    }
}
