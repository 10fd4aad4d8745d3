//! `urldiff compare --wide`: every oracle's whole answer, one field per line, as its record
//! model has it. A `*` marks a field (or the outcome) in which the oracle disagrees with the
//! first oracle speaking about it (the reference, normally) — across models too, through the
//! projection: a raw field is marked when a shared field read from it differs. The errors line
//! is marked for `validation-errors`, and oracles asked a validity case show their
//! valid-URL-string verdict (the reference's with the grammar's first violation).

use super::table::quoted;
use super::validity::{answered_verdict, url_string_check};
use crate::plain::one_line;
use std::collections::BTreeSet;
use std::fmt::Write as _;
use urldiff_compare::project::PROJECTION;
use urldiff_compare::verdict::evidence;
use urldiff_compare::{Comparison, Group};
use urldiff_oracles::{Answer, Oracle, Record, RecordModel};
use urldiff_triage::compared::Compared;

/// The listing, as text.
pub fn render(oracles: &[Box<dyn Oracle>], compared: &Compared) -> String {
    let names: Vec<&str> = oracles.iter().map(|o| o.name()).collect();
    let mut out = String::new();
    if let Some(why) = &compared.base_failure {
        let base = quoted(compared.request.base.as_deref().unwrap_or(""));
        let _ = writeln!(out, "note: the base {base} does not parse (WHATWG): {}", one_line(why));
    }
    for (i, (oracle, answer)) in oracles.iter().zip(&compared.answers).enumerate() {
        let marked = marked_fields(&names, &compared.comparison, oracle.name());
        let mark = |field: &str| if marked.contains(field) { '*' } else { ' ' };
        let errors_mark = mark("validation-errors");
        let _ = writeln!(out, "{} {}: {}", mark("outcome"), oracle.name(), answer.outcome());
        match answer {
            Answer::Parsed { record, errors } => {
                for (name, value) in record_fields(record, &oracle.info().fields) {
                    let _ = writeln!(out, "  {} {name:>9}: {}", mark(&name), one_line(&value));
                }
                write_errors(&mut out, errors, errors_mark);
            }
            Answer::Failure { reason, errors } => {
                let _ = writeln!(out, "    {:>9}: {}", "reason", one_line(reason));
                write_errors(&mut out, errors, errors_mark);
            }
            other => {
                if let Some(why) = evidence(other) {
                    let _ = writeln!(out, "    {:>9}: {}", "details", one_line(&why));
                }
            }
        }
        write_verdict(
            &mut out,
            oracle.name(),
            &compared.validity[i],
            mark("valid-url-string"),
            compared,
        );
    }
    out.push_str("(* = differs from the first oracle that speaks about the field)\n");
    out
}

fn write_errors(out: &mut String, errors: &[String], mark: char) {
    if !errors.is_empty() {
        let _ = writeln!(out, "  {mark} {:>9}: {}", "errors", errors.join(", "));
    }
}

/// The valid-URL-string verdict of an oracle asked a validity case (with the grammar's first
/// violation for the reference).
fn write_verdict(
    out: &mut String,
    oracle: &str,
    validity: &Answer,
    mark: char,
    compared: &Compared,
) {
    let Some(verdict) = answered_verdict(validity) else { return };
    let text = match verdict {
        Some(true) => "true".to_owned(),
        Some(false) if oracle == "reference" => {
            let request = &compared.request;
            match url_string_check(&request.input, request.base.as_deref()) {
                Some(Err(violation)) => format!("false ({violation})"),
                _ => "false".to_owned(),
            }
        }
        Some(false) => "false".to_owned(),
        None => format!("(no verdict: {})", validity.outcome()),
    };
    let _ = writeln!(out, "  {mark} {:>9}: {text}", "valid");
}

/// Whether `oracle` is in a group other than the baseline's (the group of the first oracle,
/// in selection order, that is in any group).
fn off_baseline(names: &[&str], groups: &[Group], oracle: &str) -> bool {
    let group_of = |name: &str| groups.iter().position(|g| g.oracles.iter().any(|o| o == name));
    let baseline = names.iter().find_map(|n| group_of(n));
    matches!(group_of(oracle), Some(g) if Some(g) != baseline)
}

/// The raw record fields (and `outcome`) to mark for `oracle`.
fn marked_fields(names: &[&str], comparison: &Comparison, oracle: &str) -> BTreeSet<String> {
    let mut marked = BTreeSet::new();
    if off_baseline(names, &comparison.outcomes, oracle) {
        marked.insert("outcome".to_owned());
    }
    for split in comparison.differing().filter(|s| off_baseline(names, &s.groups, oracle)) {
        marked.insert(split.field.name().to_owned());
        if let Some(row) = PROJECTION.iter().find(|r| r.field == split.field) {
            marked.extend(row.whatwg_reads.iter().map(|f| f.name().to_owned()));
            marked.insert(row.rfc_reads.name().to_owned());
        }
    }
    for own in comparison.own.iter().filter(|o| off_baseline(names, &o.groups, oracle)) {
        let raw = own.field.split_once('.').map_or(own.field, |(_, f)| f);
        marked.insert(raw.to_owned());
    }
    marked
}

/// A record's fields as (name, shown value), in the model's order; only fields the oracle
/// fills (`filled`, from `OracleInfo::fields`; empty means all) are shown. RFC components
/// show `(undefined)`.
fn record_fields(record: &Record, filled: &[String]) -> Vec<(String, String)> {
    let shown = |name: &str| filled.is_empty() || filled.iter().any(|f| f == name);
    match record {
        Record::Whatwg(r) => RecordModel::Whatwg
            .fields()
            .iter()
            .filter(|name| shown(name))
            .filter_map(|name| Some(((*name).to_owned(), r.get(name)?.to_owned())))
            .collect(),
        Record::Rfc(r) => RecordModel::Rfc
            .fields()
            .iter()
            .filter(|name| shown(name))
            .filter_map(|name| {
                let value = r.get(name)?;
                if *name == "resolved" && value.is_none() {
                    return None;
                }
                Some(((*name).to_owned(), value.unwrap_or("(undefined)").to_owned()))
            })
            .collect(),
        Record::Text { value } => vec![("value".to_owned(), value.clone())],
        Record::Pairs { pairs } => vec![("pairs".to_owned(), format!("{pairs:?}"))],
    }
}
