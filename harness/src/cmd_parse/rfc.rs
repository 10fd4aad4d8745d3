//! `urldiff parse --rfc3986|--rfc2396`: the RFC model of one input, or a JSON Lines stream.
//!
//! The answer describes the INPUT as RFC 3986 reads it, plus its resolution when a base is
//! given (see [`AFTER_HELP`]). With `--json`/`--jsonl` every answer is one [`RfcAnswer`]
//! (docs/cli-json.md).

use super::ParseArgs;
use anyhow::bail;
use urldiff_reports::parse_rfc_answer::{RfcAnswer, RfcMode};

/// What the RFC modes print, for `urldiff parse --help` (`cmd_parse.rs` puts it after the
/// WHATWG mode's help).
pub const AFTER_HELP: &str = "\
Exit status: 0 when INPUT parses (RFC modes: is a URI-reference), 1 when it does not, 2 for a
usage error; --jsonl exits 0 (each line's answer says how it went).

RFC modes (--rfc3986, --rfc2396): the answer describes INPUT as RFC 3986 reads it:
  scheme, authority, userinfo, host, port, path, query, fragment  the Appendix B split of
      INPUT and its authority (section 3.2); null/(undefined) when the delimiter is absent,
      \"\" when present and empty (\"a:?\" has an empty query, \"a:\" none)
  valid, violation  whether INPUT is a URI-reference (Appendix A); else the first violation
      as \"<ABNF rule> at <byte position>\"
  resolved  INPUT resolved against --base (or the request's base): RFC 3986 section 5.2
      strict transform with --rfc3986, RFC 2396 section 5.2 (validating parser) with
      --rfc2396; null without a base. The base is split the same way and used as given,
      even when it is not an absolute URI.";

pub fn run(args: &ParseArgs) -> anyhow::Result<u8> {
    let mode = if args.rfc2396 { RfcMode::Rfc2396 } else { RfcMode::Rfc3986 };
    if args.jsonl {
        return urldiff::output::serve_jsonl(|r| RfcAnswer::of(mode, &r.input, r.base.as_deref()));
    }
    let Some(input) = args.input.as_deref() else {
        bail!("no input given (pass INPUT, or --jsonl to read JSON lines from stdin)");
    };
    let value = RfcAnswer::of(mode, input, args.base.as_deref());
    if args.json {
        urldiff::outln!("{}", serde_json::to_string(&value)?);
    } else {
        urldiff::out!("{}", value.for_person());
    }
    // 0 a URI-reference, 1 not one (a usage error is 2, from clap or the bail above).
    Ok(u8::from(!value.valid))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn help_names_every_key() {
        for key in urldiff_reports::parse_rfc_answer::keys() {
            assert!(AFTER_HELP.contains(key), "{key}");
        }
    }
}
