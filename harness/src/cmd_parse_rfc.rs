//! `urldiff parse --rfc3986|--rfc2396`: the RFC model of one input, or a JSON Lines stream.
//!
//! The answer describes the INPUT as RFC 3986 reads it, plus its resolution when a base is
//! given (see [`AFTER_HELP`]). With `--json`/`--jsonl` every answer is one JSON object with
//! exactly the keys of [`KEYS`].

use crate::cmd_parse::ParseArgs;
use crate::jsonl;
use anyhow::bail;
use serde_json::{json, Map, Value};
use urldiff_parser::{rfc2396, rfc3986};

/// What the RFC modes print, for `urldiff parse --help`. `ParseArgs` lives in
/// `cmd_parse.rs`, which wires this in with `#[command(after_help = ...)]`; until then it is
/// only read by the test below.
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

/// The keys of every JSON answer, in order.
pub const KEYS: [&str; 11] = [
    "scheme",
    "authority",
    "userinfo",
    "host",
    "port",
    "path",
    "query",
    "fragment",
    "valid",
    "violation",
    "resolved",
];

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    Rfc3986,
    Rfc2396,
}

pub fn run(args: &ParseArgs) -> anyhow::Result<u8> {
    let mode = if args.rfc2396 { Mode::Rfc2396 } else { Mode::Rfc3986 };
    if args.jsonl {
        return jsonl::serve(|r| answer(mode, &r.input, r.base.as_deref()));
    }
    let Some(input) = args.input.as_deref() else {
        bail!("no input given (pass INPUT, or --jsonl to read JSON lines from stdin)");
    };
    let value = answer(mode, input, args.base.as_deref());
    if args.json {
        urldiff::outln!("{}", serde_json::to_string(&value)?);
    } else {
        print_for_person(&value)?;
    }
    // 0 a URI-reference, 1 not one (a usage error is 2, from clap or the bail above).
    Ok(u8::from(value["valid"] == Value::Bool(false)))
}

/// The RFC answer for `input` (and its resolution against `base`) as one JSON object.
pub fn answer(mode: Mode, input: &str, base: Option<&str>) -> Value {
    let uri = rfc3986::split(input);
    let violation = rfc3986::check(input, rfc3986::Rule::UriReference).err();
    let resolved = base.map(|base| {
        let base = rfc3986::split(base);
        match mode {
            Mode::Rfc3986 => rfc3986::resolve(&base, &uri, true),
            Mode::Rfc2396 => rfc2396::resolve(&base, &uri),
        }
        .recompose()
    });
    let mut map = Map::new();
    map.insert("scheme".into(), json!(uri.scheme));
    map.insert("authority".into(), json!(uri.authority));
    map.insert("userinfo".into(), json!(uri.userinfo));
    map.insert("host".into(), json!(uri.host));
    map.insert("port".into(), json!(uri.port));
    map.insert("path".into(), json!(uri.path));
    map.insert("query".into(), json!(uri.query));
    map.insert("fragment".into(), json!(uri.fragment));
    map.insert("valid".into(), json!(violation.is_none()));
    map.insert("violation".into(), json!(violation.map(|v| v.to_string())));
    map.insert("resolved".into(), json!(resolved));
    Value::Object(map)
}

fn print_for_person(answer: &Value) -> Result<(), urldiff::output::StdoutError> {
    for key in KEYS {
        let shown = match &answer[key] {
            Value::Null if key == "violation" => "(none)".to_string(),
            Value::Null if key == "resolved" => "(no base)".to_string(),
            Value::Null => "(undefined)".to_string(),
            Value::Bool(b) => if *b { "yes" } else { "no" }.to_string(),
            // Debug-quote strings so empty, spaces and control characters show.
            Value::String(s) => format!("{s:?}"),
            other => other.to_string(),
        };
        urldiff::outln!("{key:>9}: {shown}");
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn answer_has_exactly_the_keys() {
        let a = answer(Mode::Rfc3986, "g?y", Some("http://a/b/c/d;p?q"));
        let keys: Vec<&str> = a.as_object().unwrap().keys().map(String::as_str).collect();
        let mut expected = KEYS.to_vec();
        expected.sort_unstable();
        let mut keys_sorted = keys.clone();
        keys_sorted.sort_unstable();
        assert_eq!(keys_sorted, expected);
        assert_eq!(a["resolved"], "http://a/b/c/g?y");
        assert_eq!(a["query"], "y");
        assert_eq!(a["scheme"], Value::Null);
    }

    #[test]
    fn modes_differ_on_query_only_reference() {
        // RFC 3986 §5.4.1 vs RFC 2396 Appendix C.1.
        let base = Some("http://a/b/c/d;p?q");
        assert_eq!(answer(Mode::Rfc3986, "?y", base)["resolved"], "http://a/b/c/d;p?y");
        assert_eq!(answer(Mode::Rfc2396, "?y", base)["resolved"], "http://a/b/c/?y");
    }

    #[test]
    fn help_names_every_key() {
        for key in KEYS {
            assert!(AFTER_HELP.contains(key), "{key}");
        }
    }

    #[test]
    fn violation_is_rule_and_position() {
        let a = answer(Mode::Rfc3986, "http://[::1::2]/", None);
        assert_eq!(a["valid"], false);
        assert_eq!(a["violation"], "IPv6address at 12");
        assert_eq!(a["resolved"], Value::Null);
    }
}
