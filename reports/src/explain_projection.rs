//! The comparison's tables (`urldiff_compare`'s data) as text, for `--explain-projection`:
//! the projection and the severity table as [`Table`]s, the equivalences in grading order, and
//! the adapter rules. The compare crate holds the tables; rendering them lives here with every
//! other table.

use crate::table::{Cell, Table};
use std::fmt::Write as _;
use urldiff_compare::grade::{Equivalence, EXACT_ONLY};
use urldiff_compare::project::{PROJECTION, VALIDATION_ERRORS_RULE, VALID_URL_STRING_RULE};
use urldiff_compare::rules::{RuleEffect, ADAPTER_RULES};
use urldiff_compare::severity::SEVERITY_TABLE;

/// Every table of the comparison, as text. Its rows are explanations: drawn as wide as they
/// are (a terminal wraps them), never cut.
pub fn explain() -> String {
    let mut out = String::new();
    projection(&mut out);
    grades(&mut out);
    severity(&mut out);
    adapter_rules(&mut out);
    out
}

fn projection(out: &mut String) {
    out.push_str(
        "Projection: WHATWG and RFC records onto shared fields (a field is compared only when\n\
         both records speak about it; `\"\"` from a WHATWG getter agrees with both an empty and\n\
         an undefined RFC component).\n\n",
    );
    out.push_str("A row is used only when the oracle's declared fields include what it reads.\n\n");
    let mut table = Table::new(&["field", "WHATWG model", "RFC model"]);
    for row in PROJECTION {
        table.row(vec![
            Cell::text(row.field.name()),
            Cell::text(row.whatwg_rule),
            Cell::text(row.rfc_rule),
        ]);
    }
    let extra = [
        ("value", "Record::Text value (host-to-ASCII, percent-encode)", "-"),
        ("pairs", "Record::Pairs as JSON (form-urlencoded)", "-"),
        ("outcome", "parsed vs failure", "parsed vs failure"),
    ];
    for (field, whatwg, rfc) in extra {
        table.row(vec![Cell::text(field), Cell::text(whatwg), Cell::text(rfc)]);
    }
    out.push_str(&table.terminal(usize::MAX));
    out.push_str("\nRead from the answer and validity cases, of any model:\n");
    let mut read = Table::new(&["field", "how"]);
    read.row(vec![Cell::text("validation-errors"), Cell::text(VALIDATION_ERRORS_RULE)]);
    read.row(vec![Cell::text("valid-url-string"), Cell::text(VALID_URL_STRING_RULE)]);
    out.push_str(&read.terminal(usize::MAX));
    out.push_str(
        "\nOnly one model has these (compared among that model's oracles, not in signatures):\n\
         whatwg.host (host with port), whatwg.origin, rfc.authority.\n",
    );
}

fn grades(out: &mut String) {
    out.push_str("\nGrades, tried in order (first that agrees wins, else structural):\n");
    let mut table = Table::new(&["grade", "what agrees"]);
    for eq in Equivalence::ORDER {
        table.row(vec![Cell::text(eq.name()), Cell::text(eq.description())]);
    }
    out.push_str(&table.terminal(usize::MAX));
    let exact: Vec<&str> = EXACT_ONLY.iter().map(|f| f.name()).collect();
    let _ = writeln!(out, "({} are graded exact or structural only)", exact.join(", "));
}

fn severity(out: &mut String) {
    out.push_str(
        "\nSeverity: what the difference lets an attacker do when one parser checks a URL and\n\
         another uses it (first matching row wins; a host-to-ASCII value counts as a host):\n",
    );
    let mut table = Table::new(&["severity", "fields", "grades", "why"]);
    for row in SEVERITY_TABLE {
        let fields: Vec<&str> = row.fields.iter().map(|f| f.name()).collect();
        table.row(vec![
            Cell::text(row.severity.name()),
            Cell::text(fields.join(", ")),
            Cell::text(row.grades.describe()),
            Cell::text(row.why),
        ]);
    }
    out.push_str(&table.terminal(usize::MAX));
}

fn adapter_rules(out: &mut String) {
    out.push_str(
        "\nAdapter rules: what an adapter does to a parser's answer, and what the comparison\n\
         does about it (`applied by the comparison`) or only tells you (`by the adapter`):\n",
    );
    for rule in ADAPTER_RULES {
        let by = match rule.effect {
            RuleEffect::None => "by the adapter",
            _ => "applied by the comparison",
        };
        let _ = writeln!(
            out,
            "  {}/{} [{}] ({by}): {}",
            rule.oracle,
            rule.name,
            rule.fields.iter().map(|f| f.name()).collect::<Vec<_>>().join(", "),
            rule.what
        );
    }
}
