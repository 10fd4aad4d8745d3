//! `urldiff compare [--base URL] INPUT`: every available oracle's answer, side by side.
//!
//! WHATWG-model oracles get a parse case; RFC-model oracles get a resolve case when a base is
//! given and they answer those, a parse case otherwise. Fields that differ are marked against
//! the reference of the same model: `reference` for WHATWG records, `reference-rfc3986` for
//! RFC records. Unavailable oracles are named with their reason and skipped. Exit code 0.
//!
//! `--json` prints exactly `{"input", "base", "answers": [{"oracle", "outcome", "record",
//! "errors"}]}` (the contract other tools drive); failure reasons, crash details and the
//! marked differences are in the table printed without `--json`, and unavailable oracles go
//! to stderr, one line each.

use clap::Args;
use serde_json::{json, Value};
use urldiff_oracles::registry::split_available;
use urldiff_oracles::{
    default_oracles, Answer, Case, CaseKind, CaseKindTag, Oracle, OracleError, Record, RecordModel,
    RegistryConfig,
};

#[derive(Debug, Args)]
pub struct CompareArgs {
    /// The input to give every oracle.
    pub input: String,
    /// Parse (or resolve) the input against this base URL.
    #[arg(long)]
    pub base: Option<String>,
    /// Print one JSON object instead of a table.
    #[arg(long)]
    pub json: bool,
}

/// One oracle's answer with what differs from its model's reference.
struct Row {
    oracle: String,
    model: RecordModel,
    /// The fields this oracle fills (`OracleInfo::fields`).
    fields: Vec<String>,
    answer: Answer,
    differs: Vec<String>,
}

pub fn run(args: CompareArgs) -> anyhow::Result<u8> {
    let config = RegistryConfig::from_env().map_err(anyhow::Error::msg)?;
    let (available, unavailable) = split_available(default_oracles(&config));
    let rows = compare(&available, &args.input, args.base.as_deref())?;
    if args.json {
        let answers: Vec<Value> = rows.iter().map(row_json).collect();
        for (name, reason) in &unavailable {
            eprintln!("{name}: unavailable: {}", reason.lines().next().unwrap_or(""));
        }
        let out = json!({ "input": args.input, "base": args.base, "answers": answers });
        urldiff::outln!("{}", serde_json::to_string_pretty(&out)?);
    } else {
        print_rows(&rows)?;
        for (name, reason) in &unavailable {
            let first_line = reason.lines().next().unwrap_or("");
            urldiff::outln!("{name}: unavailable ({first_line})");
        }
    }
    Ok(0)
}

/// The case an oracle is asked, given its model and the case kinds it answers.
fn case_for(oracle: &dyn Oracle, input: &str, base: Option<&str>) -> Case {
    let info = oracle.info();
    let resolves = info.case_kinds.contains(&CaseKindTag::Resolve);
    match (info.model, base) {
        (RecordModel::Rfc, Some(base)) if resolves => {
            Case { input: input.to_owned(), base: Some(base.to_owned()), kind: CaseKind::Resolve }
        }
        _ => Case::parse(input, base),
    }
}

fn compare(
    oracles: &[Box<dyn Oracle>],
    input: &str,
    base: Option<&str>,
) -> Result<Vec<Row>, OracleError> {
    let mut rows: Vec<Row> = oracles
        .iter()
        .map(|oracle| {
            let case = case_for(oracle.as_ref(), input, base);
            let answer = oracle.answer_batch(std::slice::from_ref(&case))?.remove(0);
            Ok(Row {
                oracle: oracle.info().name.clone(),
                model: oracle.info().model,
                fields: oracle.info().fields.clone(),
                answer,
                differs: Vec::new(),
            })
        })
        .collect::<Result<_, OracleError>>()?;
    for model in [RecordModel::Whatwg, RecordModel::Rfc] {
        let reference_name = match model {
            RecordModel::Whatwg => "reference",
            RecordModel::Rfc => "reference-rfc3986",
        };
        let Some(reference) = rows.iter().find(|r| r.oracle == reference_name) else {
            continue;
        };
        let (reference_answer, reference_fields) =
            (reference.answer.clone(), reference.fields.clone());
        for row in rows.iter_mut().filter(|r| r.model == model && r.oracle != reference_name) {
            row.differs = differing_fields(
                (&reference_answer, &reference_fields),
                (&row.answer, &row.fields),
            );
        }
    }
    Ok(rows)
}

/// The fields (and `outcome`) in which `other` differs from `reference`; fields only one of
/// them fills are not compared. A no-opinion answer differs in nothing.
fn differing_fields(
    (reference, reference_fields): (&Answer, &[String]),
    (other, other_fields): (&Answer, &[String]),
) -> Vec<String> {
    if matches!(other, Answer::NoOpinion) || matches!(reference, Answer::NoOpinion) {
        return Vec::new();
    }
    if reference.outcome() != other.outcome() {
        return vec!["outcome".to_owned()];
    }
    let (Answer::Parsed { record: a, .. }, Answer::Parsed { record: b, .. }) = (reference, other)
    else {
        return Vec::new();
    };
    let (a, b) = (record_fields(a, reference_fields), record_fields(b, other_fields));
    a.iter()
        .filter_map(|(name, value)| {
            let theirs = b.iter().find(|(n, _)| n == name)?;
            (theirs.1 != *value).then(|| name.clone())
        })
        .collect()
}

/// A record's fields as (name, shown value), in the model's order; only fields the oracle
/// fills (`filled`, from `OracleInfo::fields`) are shown. RFC components show `(undefined)`.
fn record_fields(record: &Record, filled: &[String]) -> Vec<(String, String)> {
    let shown = |name: &str| filled.is_empty() || filled.iter().any(|f| f == name);
    let component = |v: &Option<String>| v.clone().unwrap_or_else(|| "(undefined)".to_owned());
    let fields: Vec<(&str, Option<String>)> = match record {
        Record::Whatwg(r) => vec![
            ("href", r.href.clone()),
            ("protocol", r.protocol.clone()),
            ("username", r.username.clone()),
            ("password", r.password.clone()),
            ("host", r.host.clone()),
            ("hostname", r.hostname.clone()),
            ("port", r.port.clone()),
            ("pathname", r.pathname.clone()),
            ("search", r.search.clone()),
            ("hash", r.hash.clone()),
            ("origin", r.origin.clone()),
        ],
        Record::Rfc(r) => vec![
            ("scheme", Some(component(&r.scheme))),
            ("authority", Some(component(&r.authority))),
            ("userinfo", Some(component(&r.userinfo))),
            ("host", Some(component(&r.host))),
            ("port", Some(component(&r.port))),
            ("path", Some(r.path.clone())),
            ("query", Some(component(&r.query))),
            ("fragment", Some(component(&r.fragment))),
            ("resolved", r.resolved.clone()),
        ],
        Record::Text { value } => vec![("value", Some(value.clone()))],
        Record::Pairs { pairs } => vec![("pairs", Some(format!("{pairs:?}")))],
    };
    fields
        .into_iter()
        .filter(|(name, _)| {
            matches!(record, Record::Text { .. } | Record::Pairs { .. }) || shown(name)
        })
        .filter_map(|(name, value)| Some((name.to_owned(), value?)))
        .collect()
}

fn row_json(row: &Row) -> Value {
    let (record, errors) = match &row.answer {
        Answer::Parsed { record, errors } => {
            (serde_json::to_value(record).unwrap_or(Value::Null), errors.clone())
        }
        Answer::Failure { errors, .. } => (Value::Null, errors.clone()),
        Answer::Crashed(_) | Answer::NoOpinion | Answer::TimedOut(_) => (Value::Null, Vec::new()),
    };
    json!({
        "oracle": row.oracle,
        "outcome": row.answer.outcome(),
        "record": record,
        "errors": errors,
    })
}

fn print_rows(rows: &[Row]) -> Result<(), urldiff::output::StdoutError> {
    for row in rows {
        let mark = |field: &str| if row.differs.iter().any(|d| d == field) { '*' } else { ' ' };
        urldiff::outln!("{} {}: {}", mark("outcome"), row.oracle, row.answer.outcome());
        match &row.answer {
            Answer::Parsed { record, errors } => {
                for (name, value) in record_fields(record, &row.fields) {
                    urldiff::outln!("  {} {name:>9}: {}", mark(&name), escape(&value));
                }
                print_errors(errors)?;
            }
            Answer::Failure { reason, errors } => {
                urldiff::outln!("    {:>9}: {}", "reason", escape(reason));
                print_errors(errors)?;
            }
            Answer::Crashed(_) | Answer::TimedOut(_) => {
                let evidence = row.answer.evidence().unwrap_or_default();
                urldiff::outln!("    {:>9}: {}", "details", escape(&evidence));
            }
            Answer::NoOpinion => {}
        }
    }
    urldiff::outln!("(* = differs from the reference of the same model)");
    Ok(())
}

fn print_errors(errors: &[String]) -> Result<(), urldiff::output::StdoutError> {
    if !errors.is_empty() {
        urldiff::outln!("    {:>9}: {}", "errors", errors.join(", "));
    }
    Ok(())
}

/// Control characters shown escaped (`\t`, `\u{1}`), so every field stays on its line.
fn escape(value: &str) -> String {
    value
        .chars()
        .map(|c| if c.is_control() { c.escape_debug().to_string() } else { c.to_string() })
        .collect()
}
