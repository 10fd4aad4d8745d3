//! `urldiff parse`: the reference parser's answer for one input, or a JSON Lines stream.
//!
//! WHATWG mode (default) prints the URL API record and the validation errors; `--rfc3986` and
//! `--rfc2396` print the RFC model (see `cmd_parse_rfc`).

use crate::jsonl;
use anyhow::bail;
use clap::Args;
use serde_json::{json, Value};
use urldiff_parser::Url;

#[derive(Debug, Args)]
#[command(after_help = crate::cmd_parse_rfc::AFTER_HELP)]
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

const FIELDS: [&str; 11] = [
    "href", "protocol", "username", "password", "host", "hostname", "port", "pathname", "search",
    "hash", "origin",
];

pub fn run(args: ParseArgs) -> anyhow::Result<u8> {
    if args.rfc3986 || args.rfc2396 {
        return crate::cmd_parse_rfc::run(&args);
    }
    if args.jsonl {
        return jsonl::serve(|r| whatwg_json(&r.input, r.base.as_deref()));
    }
    let Some(input) = args.input.as_deref() else {
        bail!("no input given (pass INPUT, or --jsonl to read JSON lines from stdin)");
    };
    let answer = whatwg_json(input, args.base.as_deref());
    if args.json {
        urldiff::outln!("{}", serde_json::to_string(&answer)?);
    } else {
        print_for_person(&answer, args.base.as_deref())?;
    }
    // 0 parsed, 1 did not parse (2, a usage error, comes from clap or the bail above).
    Ok(u8::from(answer.get("failure").is_some()))
}

/// The WHATWG answer as JSON: the record's fields plus `errors`, or `failure` and `errors`.
/// A base that fails to parse makes the parse fail, as `new URL(input, base)` does; the
/// errors are then the base's.
pub fn whatwg_json(input: &str, base: Option<&str>) -> Value {
    let parsed_base = match base.map(|b| Url::parse_with_errors(b, None)) {
        None => None,
        Some(outcome) => match outcome.result {
            Ok(url) => Some(url),
            Err(_) => return failure_json(&outcome.errors),
        },
    };
    let outcome = Url::parse_with_errors(input, parsed_base.as_ref());
    let errors: Vec<&'static str> = outcome.errors.iter().map(|e| e.kind.name()).collect();
    match outcome.result {
        Ok(url) => {
            let mut map = serde_json::Map::new();
            for field in FIELDS {
                map.insert(field.into(), Value::String(field_value(&url, field)));
            }
            map.insert("errors".into(), json!(errors));
            Value::Object(map)
        }
        Err(_) => failure_json(&outcome.errors),
    }
}

fn failure_json(errors: &[urldiff_parser::ValidationError]) -> Value {
    let names: Vec<&'static str> = errors.iter().map(|e| e.kind.name()).collect();
    json!({ "failure": true, "errors": names })
}

fn field_value(url: &Url, field: &str) -> String {
    url.attribute(field).map(|v| v.into_owned()).unwrap_or_default()
}

fn print_for_person(
    answer: &Value,
    base: Option<&str>,
) -> Result<(), urldiff::output::StdoutError> {
    if answer.get("failure").is_some() {
        // Name the base only when one was given, and say which of the two failed.
        let what = match base {
            None => "the input does not parse",
            Some(base) if Url::parse_with_errors(base, None).result.is_err() => {
                "the base does not parse (the errors are the base's)"
            }
            Some(_) => "the input does not parse against the base",
        };
        urldiff::outln!("  failure: {what}");
    } else {
        for field in FIELDS {
            urldiff::outln!("{field:>9}: {}", answer[field].as_str().unwrap_or(""));
        }
    }
    let errors: Vec<&str> =
        answer["errors"].as_array().into_iter().flatten().filter_map(Value::as_str).collect();
    if errors.is_empty() {
        urldiff::outln!("   errors: (none)");
    } else {
        urldiff::outln!("   errors: {}", errors.join(", "));
    }
    Ok(())
}
