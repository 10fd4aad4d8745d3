//! `urldiff parse --rfc3986|--rfc2396`: the RFC model of one input, or a JSON Lines stream.
//!
//! The answer describes the INPUT as RFC 3986 reads it, plus its resolution when a base is
//! given (see [`AFTER_HELP`]). With `--json`/`--jsonl` every answer is one [`RfcAnswer`],
//! exactly the keys of [`KEYS`] (docs/cli-json.md).

use crate::cmd_parse::ParseArgs;
use crate::jsonl;
use anyhow::bail;
use serde::Serialize;
use urldiff_parser::{rfc2396, rfc3986};

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
    Ok(u8::from(!value.valid))
}

/// The RFC answer: the Appendix B split of the input (`null` for an absent component), whether
/// it is a URI-reference and else its first violation, and its resolution against the base.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct RfcAnswer {
    pub scheme: Option<String>,
    pub authority: Option<String>,
    pub userinfo: Option<String>,
    pub host: Option<String>,
    pub port: Option<String>,
    pub path: String,
    pub query: Option<String>,
    pub fragment: Option<String>,
    pub valid: bool,
    /// `<ABNF rule> at <byte position>`.
    pub violation: Option<String>,
    /// `null` without a base.
    pub resolved: Option<String>,
}

/// The RFC answer for `input` (and its resolution against `base`).
pub fn answer(mode: Mode, input: &str, base: Option<&str>) -> RfcAnswer {
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
    RfcAnswer {
        scheme: uri.scheme,
        authority: uri.authority,
        userinfo: uri.userinfo,
        host: uri.host,
        port: uri.port,
        path: uri.path,
        query: uri.query,
        fragment: uri.fragment,
        valid: violation.is_none(),
        violation: violation.map(|v| v.to_string()),
        resolved,
    }
}

fn print_for_person(answer: &RfcAnswer) -> Result<(), urldiff::output::StdoutError> {
    // Debug-quote strings so empty, spaces and control characters show.
    let text = |value: &Option<String>, absent: &str| match value {
        Some(s) => format!("{s:?}"),
        None => absent.to_owned(),
    };
    // In the order of KEYS.
    let shown: [String; 11] = [
        text(&answer.scheme, "(undefined)"),
        text(&answer.authority, "(undefined)"),
        text(&answer.userinfo, "(undefined)"),
        text(&answer.host, "(undefined)"),
        text(&answer.port, "(undefined)"),
        format!("{:?}", answer.path),
        text(&answer.query, "(undefined)"),
        text(&answer.fragment, "(undefined)"),
        if answer.valid { "yes" } else { "no" }.to_owned(),
        text(&answer.violation, "(none)"),
        text(&answer.resolved, "(no base)"),
    ];
    for (key, shown) in KEYS.iter().zip(shown) {
        urldiff::outln!("{key:>9}: {shown}");
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn answer_has_exactly_the_keys_in_order() {
        let a = answer(Mode::Rfc3986, "g?y", Some("http://a/b/c/d;p?q"));
        let value = serde_json::to_value(&a).unwrap();
        let keys: Vec<&str> = value.as_object().unwrap().keys().map(String::as_str).collect();
        assert_eq!(keys, KEYS);
        // RFC 3986 section 5.4.1: "g?y" -> "http://a/b/c/g?y".
        assert_eq!(a.resolved.as_deref(), Some("http://a/b/c/g?y"));
        assert_eq!(a.query.as_deref(), Some("y"));
        assert_eq!(value["scheme"], serde_json::Value::Null);
    }

    #[test]
    fn modes_differ_on_query_only_reference() {
        // RFC 3986 §5.4.1 vs RFC 2396 Appendix C.1.
        let base = Some("http://a/b/c/d;p?q");
        let resolved = |mode| answer(mode, "?y", base).resolved;
        assert_eq!(resolved(Mode::Rfc3986).as_deref(), Some("http://a/b/c/d;p?y"));
        assert_eq!(resolved(Mode::Rfc2396).as_deref(), Some("http://a/b/c/?y"));
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
        assert!(!a.valid);
        assert_eq!(a.violation.as_deref(), Some("IPv6address at 12"));
        assert_eq!(a.resolved, None);
    }
}
